// The Range request header (RFC 9110 §14.2), read as range-parser 1.2 reads it:
//   Range = range-unit "=" range-set
//   range-set = 1#range-spec ; int-range "first-last", "first-", suffix-range "-length"
// Each comma-separated spec is split at its dashes; each side is read like `parseInt(side, 10)`
// (leading whitespace and a "+" allowed, trailing garbage ignored). The header is scanned once,
// index by index: linear in its length, however many ranges it holds.
import { combineRanges } from './combine.js';
import * as v2 from './range-parser-2.js';
import type { Options, Range, Ranges, Result, ResultInvalid, ResultUnsatisfiable } from './types.js';

/**
 * Parses a `Range` header for a resource of `size` bytes: the satisfiable ranges (ends clamped to
 * `size - 1`), `-1` when none is satisfiable, `-2` when the header has no `=`.
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

    let start = readInt(header, i, comma);
    let end = -1; // no number
    let dash = i;
    while (dash < comma && header.charCodeAt(dash) !== 0x2d /* - */) dash++;
    if (dash < comma) end = readInt(header, dash + 1, comma);

    if (start === -1) {
      // "-length": the last `length` bytes ("-" alone is invalid)
      if (end === -1) start = NaN;
      else {
        start = size - end;
        end = lastByte;
      }
    } else if (end === -1) {
      end = lastByte; // "first-"
    }
    if (end > lastByte) end = lastByte;
    // NaN (from an odd size) fails every comparison but this one: skip it too.
    if (start >= 0 && start <= end) ranges.push({ start, end });

    if (comma === len) break;
    i = comma + 1;
  }

  if (ranges.length === 0) return -1;
  return options?.combine && ranges.length > 1 ? combineRanges(ranges) : ranges;
}

/**
 * Reads `header[from..to)` like `parseInt(part, 10)` where `part` ends at the first dash:
 * whitespace, an optional "+", then digits. Returns -1 when there are no digits (parseInt's NaN;
 * no read value is negative, since a "-" always ends the part).
 */
function readInt(header: string, from: number, to: number): number {
  let i = from;
  let code = header.charCodeAt(i);
  while (i < to && isWhitespace(code)) code = header.charCodeAt(++i);
  if (code === 0x2b /* + */ && i < to) code = header.charCodeAt(++i);
  const first = i;
  let value = 0;
  while (i < to && code >= 0x30 && code <= 0x39) {
    value = value * 10 + (code - 0x30);
    code = header.charCodeAt(++i);
  }
  if (i === first) return -1;
  // Past 15 digits the sum may round differently from parseInt: let parseInt read it.
  return i - first > 15 ? parseInt(header.slice(first, i), 10) : value;
}

/** The characters `parseInt` skips before a number (ECMAScript StrWhiteSpaceChar). */
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
Object.assign(rangeParser, { parse: v2.parse, combineRanges: v2.combineRanges, format: v2.format });

/** The types, also as `rangeParser.Ranges`, as in @types/range-parser; range-parser 2's functions. */
export declare namespace rangeParser {
  export type { Options, Range, Ranges, Result, ResultInvalid, ResultUnsatisfiable, ParseResult, RangeWithIndex };
  /** range-parser 2's `parse`: `{ code, type, ranges }` (see `parse` in range-parser-2.ts). */
  export const parse: ParseFunction;
  /** range-parser 2's `combineRanges`: merged ranges with the `index` they keep. */
  export const combineRanges: CombineRangesFunction;
  /** range-parser 2's `format`: `{ type, ranges }` as a `Range` header value. */
  export const format: FormatFunction;
}
// Top-level aliases with names of their own: the declaration bundler renames imported names to
// their exported ones, so `parse: typeof v2.parse` in the namespace would read `typeof parse`,
// itself (as in @brisk/body's index.ts).
type ParseResult = v2.ParseResult;
type RangeWithIndex = v2.RangeWithIndex;
type ParseFunction = typeof v2.parse;
type CombineRangesFunction = typeof v2.combineRanges;
type FormatFunction = typeof v2.format;
