// The Range request header (RFC 9110 §14.2), read as range-parser 1.3 reads it (the release
// Express 5.3's `^1.2.1` installs today):
//   Range = range-unit "=" range-set
//   range-set = 1#range-spec ; int-range "first-last", "first-", suffix-range "-length"
// Each comma-separated spec is cut at its first dash; each side, trimmed as `String#trim` trims,
// must be digits only (or empty: "first-", "-length"), else the whole header is malformed (-2).
// range-parser 1.2 read each side with `parseInt` (`bytes=1a-5` was 1-5, `bytes=5` was 5-).
// The header is scanned once, index by index: linear in its length, however many ranges it holds.
import { combineRanges } from './combine.js';
import { combineRanges as combineRanges2, format as format2, parse as parse2 } from './range-parser-2.js';
import type { Options, Range, Ranges, Result } from './types.js';
import * as types from './types.js'; // types only, for the namespace
import * as v2 from './range-parser-2.js'; // types only, for the namespace

/**
 * Parses a `Range` header for a resource of `size` bytes: the satisfiable ranges (ends clamped to
 * `size - 1`), `-1` when none is satisfiable, `-2` when the header is malformed (no `=`, a spec
 * without a dash, or a position that is not digits).
 * @throws {TypeError} when `header` is not a string.
 * @example rangeParser(1000, 'bytes=0-499,-100'); // [{ start: 0, end: 499 }, { start: 900, end: 999 }]
 */
export function rangeParser(size: number, header: string, options?: Options | null): Result | Ranges {
  if (typeof header !== 'string') throw new TypeError('argument str must be a string');

  const eq = header.indexOf('=');
  if (eq === -1) return -2;

  const ranges = [] as Range[] as Ranges;
  ranges.type = header.slice(0, eq);
  const len = header.length;
  const lastByte = size - 1;
  let i = eq + 1;
  for (;;) {
    let comma = header.indexOf(',', i);
    if (comma === -1) comma = len;
    let dash = i;
    while (dash < comma && header.charCodeAt(dash) !== 0x2d /* - */) dash++;
    if (dash === comma) return -2; // no dash

    const first = position(header, i, dash);
    const last = position(header, dash + 1, comma);
    let start: number;
    let end: number;
    if (first === EMPTY) {
      // "-length": the last `length` bytes ("-" alone is malformed)
      if (last === EMPTY) return -2;
      start = size - last;
      end = lastByte;
    } else {
      start = first;
      end = last === EMPTY ? lastByte : last; // "first-" or "first-last"
    }
    if (end > lastByte) end = lastByte;
    if (Number.isNaN(start) || Number.isNaN(end)) return -2;
    if (start <= end && start >= 0) ranges.push({ start, end });

    if (comma === len) break;
    i = comma + 1;
  }

  if (ranges.length === 0) return -1;
  return options?.combine && ranges.length > 1 ? combineRanges(ranges) : ranges;
}

/** What {@link position} returns for a side that is empty once trimmed. */
const EMPTY = -1;

/**
 * `header[from..to)` trimmed as `String#trim` trims: {@link EMPTY} when nothing is left, its
 * value when it is ASCII digits only (as `Number` reads them), else `NaN`.
 */
function position(header: string, from: number, to: number): number {
  while (from < to && isWhitespace(header.charCodeAt(from))) from++;
  while (to > from && isWhitespace(header.charCodeAt(to - 1))) to--;
  if (from === to) return EMPTY;
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = header.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return Number.NaN;
    value = value * 10 + (code - 0x30);
  }
  // Past 15 digits the sum may round differently from Number: let Number read it.
  return to - from > 15 ? Number(header.slice(from, to)) : value;
}

/** The characters `String#trim` removes (ECMAScript WhiteSpace and LineTerminator). */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

// range-parser 2.0.0's named exports, as properties of the function (decision 033)
export namespace rangeParser {
  /** range-parser 2's `parse`: `{ code, type, ranges }` (see `parse` in range-parser-2.ts). */
  export const parse = parse2;
  /** range-parser 2's `combineRanges`: merged ranges with the `index` they keep. */
  export const combineRanges = combineRanges2;
  /** range-parser 2's `format`: `{ type, ranges }` as a `Range` header value. */
  export const format = format2;
}

/** The types, also as `rangeParser.Ranges`, as in @types/range-parser. */
export declare namespace rangeParser {
  export import Options = types.Options;
  export import Range = types.Range;
  export import Ranges = types.Ranges;
  export import Result = types.Result;
  export import ResultInvalid = types.ResultInvalid;
  export import ResultUnsatisfiable = types.ResultUnsatisfiable;
  export import ParseResult = v2.ParseResult;
  export import RangeWithIndex = v2.RangeWithIndex;
}
