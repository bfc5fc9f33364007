// Time-span strings ('1d', '2 hours', '1.5 days', '100ms') as milliseconds, read as the `ms`
// package reads them, in either of the two versions brisk's packages stand in for: 2.1 (send 1.2
// hands a string `maxAge` to it: @brisk/static) and 2.0 (connect-timeout 1.9 pins it:
// @brisk/timeout). One scanner; the version decides two things (ms's History.md, 2.1.0):
//   span   = number *" " [unit]          ; the whole string, at most 100 characters
//   number = ["-"] ( 1*DIGIT / *DIGIT "." 1*DIGIT )   ; "-" from 2.1 on
//   unit   = one of the names below, in any ASCII letter case; none means milliseconds
//            ; "w", "week", "weeks" from 2.1 on
// Scanned once, index by index (no regexp): linear in the input, and bounded by the length limit.

const SECOND = 1000;
const MINUTE = SECOND * 60;
const HOUR = MINUTE * 60;
const DAY = HOUR * 24;
const WEEK = DAY * 7;
const YEAR = DAY * 365.25;

/** Milliseconds per unit name (lower case), as ms 2.1 knows them (2.0: without the weeks). */
const UNITS: Readonly<Record<string, number>> = Object.assign(Object.create(null) as Record<string, number>, {
  years: YEAR,
  year: YEAR,
  yrs: YEAR,
  yr: YEAR,
  y: YEAR,
  weeks: WEEK,
  week: WEEK,
  w: WEEK,
  days: DAY,
  day: DAY,
  d: DAY,
  hours: HOUR,
  hour: HOUR,
  hrs: HOUR,
  hr: HOUR,
  h: HOUR,
  minutes: MINUTE,
  minute: MINUTE,
  mins: MINUTE,
  min: MINUTE,
  m: MINUTE,
  seconds: SECOND,
  second: SECOND,
  secs: SECOND,
  sec: SECOND,
  s: SECOND,
  milliseconds: 1,
  millisecond: 1,
  msecs: 1,
  msec: 1,
  ms: 1,
});

/** The longest string ms parses (2.0 and 2.1). */
const MAX_LENGTH = 100;

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** Which `ms` to read as: `'2.1'` (send 1.2's, the default) or `'2.0'` (connect-timeout 1.9's). */
export type TimeSpanGrammar = '2.0' | '2.1';

/**
 * Parses a time-span string into milliseconds, as the `ms` package does for strings: a number,
 * optional spaces, and an optional unit (`ms`, `s`, `m`, `h`, `d`, `w`, `y` and their long
 * forms: `sec`, `secs`, `second(s)`, `min(s)`, `minute(s)`, `hr(s)`, `hour(s)`, `day(s)`,
 * `week(s)`, `yr(s)`, `year(s)`, `msec(s)`, `millisecond(s)`), in any letter case. A year is
 * 365.25 days. `undefined` when the string does not match or is longer than 100 characters.
 * `grammar` `'2.0'` reads as ms 2.0.0 does: no leading `-`, no weeks.
 *
 * @example
 * parseTimeSpan('1d'); // 86400000
 * parseTimeSpan('1.5 hours'); // 5400000
 * parseTimeSpan('100'); // 100
 * parseTimeSpan('soon'); // undefined
 * parseTimeSpan('1w', '2.0'); // undefined (ms 2.0 has no weeks)
 */
export function parseTimeSpan(str: string, grammar: TimeSpanGrammar = '2.1'): number | undefined {
  const len = str.length;
  if (len === 0 || len > MAX_LENGTH) return undefined;
  const v20 = grammar === '2.0';

  // number: ["-"] ( 1*DIGIT / *DIGIT "." 1*DIGIT )
  let i = !v20 && str.charCodeAt(0) === 0x2d /* - */ ? 1 : 0;
  const intStart = i;
  while (i < len && isDigit(str.charCodeAt(i))) i++;
  if (i < len && str.charCodeAt(i) === 0x2e /* . */) {
    const fracStart = ++i;
    while (i < len && isDigit(str.charCodeAt(i))) i++;
    if (i === fracStart) return undefined; // "1." or "-."
  } else if (i === intStart) {
    return undefined; // no digits at all
  }
  const n = parseFloat(str.slice(0, i));

  // *" " then the unit, which must run to the end of the string
  while (i < len && str.charCodeAt(i) === 0x20) i++;
  if (i === len) return n;
  // ASCII only (ms's regexp has no `u` flag, so no Unicode case folding); lower-case if needed
  let upper = false;
  for (let j = i; j < len; j++) {
    const c = str.charCodeAt(j);
    if (c > 0x7f) return undefined;
    if (c >= 0x41 && c <= 0x5a) upper = true;
  }
  const unit = str.slice(i);
  const factor = UNITS[upper ? unit.toLowerCase() : unit];
  if (factor === undefined || (v20 && factor === WEEK)) return undefined;
  return n * factor;
}
