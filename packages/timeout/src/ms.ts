// A duration such as '5s', '1.5m' or '100' as milliseconds, read as ms 2.0.0 (connect-timeout
// 1.9's parser) reads it: a number, optional spaces, an optional unit in any letter case; more
// than 100 characters, or anything else, is not a duration (`undefined`).

const SECOND = 1000;
const MINUTE = SECOND * 60;
const HOUR = MINUTE * 60;
const DAY = HOUR * 24;
const YEAR = DAY * 365.25;

const DURATION =
  /^((?:\d+)?\.?\d+) *(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|years?|yrs?|y)?$/i;

/** The milliseconds one of each unit stands for, by its first letters. */
function unitOf(unit: string): number {
  switch (unit) {
    case 'years':
    case 'year':
    case 'yrs':
    case 'yr':
    case 'y':
      return YEAR;
    case 'days':
    case 'day':
    case 'd':
      return DAY;
    case 'hours':
    case 'hour':
    case 'hrs':
    case 'hr':
    case 'h':
      return HOUR;
    case 'minutes':
    case 'minute':
    case 'mins':
    case 'min':
    case 'm':
      return MINUTE;
    case 'seconds':
    case 'second':
    case 'secs':
    case 'sec':
    case 's':
      return SECOND;
    default:
      return 1; // milliseconds, msecs, msec, ms, or no unit
  }
}

/**
 * `'5s'` → `5000`, `'1.5 minutes'` → `90000`, `'100'` → `100`; `undefined` for what is not a
 * duration (as ms 2.0.0's `parse`).
 */
export function parseDuration(text: string): number | undefined {
  if (text.length > 100) return undefined;
  const match = DURATION.exec(text);
  if (match === null) return undefined;
  const n = Number.parseFloat(match[1] as string);
  return n * unitOf((match[2] ?? 'ms').toLowerCase());
}
