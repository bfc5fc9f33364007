// range-parser 2.0.0's API (parse, combineRanges, format), as properties of range-parser 1.2's
// function (decision 033). The Range header (RFC 9110 §14.1.1, §14.2):
//   Range = range-unit "=" range-set
//   range-set = 1#range-spec        ; empty list elements and OWS around them allowed (§5.6.1)
//   range-spec = int-range / suffix-range / other-range
//   int-range = first-pos "-" [ last-pos ]    suffix-range = "-" suffix-length
// Unlike range-parser 1.2, positions are digits only (no parseInt leniency), the result always
// says what went wrong, and the size is checked. The header is scanned once: linear.
import type { Range } from './types.js';

/** Bit of {@link ParseResult.code}: a range-spec (or the whole header) is malformed. */
export const RANGE_MALFORMED = 1;
/** Bit of {@link ParseResult.code}: a well-formed range-spec cannot be satisfied. */
export const RANGE_UNSATISFIABLE = 2;

/** What {@link parse} returns. */
export interface ParseResult {
  /** 0, or the bits 1 (a malformed range-spec, or no `=`, or no range-spec) and 2 (an unsatisfiable one). */
  code: number;
  /** The range unit, lower-cased (`''` without `=`). */
  type: string;
  /** The satisfiable ranges, ends clamped to `size - 1`, in request order. */
  ranges: readonly Range[];
}

/** A range of {@link combineRanges}'s result: `index` is the request position it keeps. */
export interface RangeWithIndex extends Range {
  /** The smallest request position among the ranges merged into it. */
  index: number;
}

const isSpaceOrTab = (c: number): boolean => c === 0x20 || c === 0x09;

/** The decimal number `str[from, to)` (digits only), or NaN. */
function digits(str: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = str.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return Number.NaN;
    value = value * 10 + (c - 0x30);
  }
  return value;
}

/**
 * Parses a `Range` header for a resource of `size` bytes, as range-parser 2 does. Empty list
 * elements are skipped; a malformed range-spec sets bit 1 of `code`, an unsatisfiable one bit 2,
 * and the others are returned (ends clamped to `size - 1`). A header without `=` or without any
 * range-spec has `code` 1. A suffix range (`-500`) of an empty resource is skipped.
 *
 * @param size - the resource's length: a safe integer, 0 or more
 * @param str - the header value
 * @throws {TypeError} `Invalid size: <size>`; `argument str must be a string`
 * @example
 * parse(1000, 'bytes=0-499, -100') // { code: 0, type: 'bytes', ranges: [{ start: 0, end: 499 }, { start: 900, end: 999 }] }
 * parse(1000, 'bytes=2000-, x')    // { code: 3, type: 'bytes', ranges: [] }
 */
export function parse(size: number, str: string): ParseResult {
  if (!Number.isSafeInteger(size) || size < 0) throw new TypeError(`Invalid size: ${size}`);
  if (typeof str !== 'string') throw new TypeError('argument str must be a string');
  const ranges: Range[] = [];
  const eq = str.indexOf('=');
  if (eq === -1) return { code: RANGE_MALFORMED, type: '', ranges };
  const type = str.slice(0, eq).toLowerCase();
  const len = str.length;
  let code = 0;
  let any = false;
  let dash = -1; // the first "-" at or after the current element's start (len: none)

  for (let i = eq + 1; ; ) {
    let next = str.indexOf(',', i);
    if (next === -1) next = len;
    let from = i;
    let to = next;
    while (from < to && isSpaceOrTab(str.charCodeAt(from))) from++;
    while (to > from && isSpaceOrTab(str.charCodeAt(to - 1))) to--;
    i = next + 1;

    if (from < to) {
      any = true;
      if (dash < from) {
        dash = str.indexOf('-', from);
        if (dash === -1) dash = len;
      }
      let start = Number.NaN;
      let end = Number.NaN;
      let skip = false;
      if (dash >= to || (dash === from && to === dash + 1)) {
        // no "-" in it, or "-" alone
      } else if (dash === from) {
        // "-length": the last `length` bytes; a nonzero one of an empty resource is skipped
        const length = digits(str, dash + 1, to);
        if (size === 0 && length > 0) skip = true;
        start = Math.max(size - length, 0);
        end = size - 1;
      } else {
        start = digits(str, from, dash);
        if (to === dash + 1) {
          end = size - 1; // "first-"
        } else {
          end = digits(str, dash + 1, to);
          if (start > end)
            start = end = Number.NaN; // reversed: malformed
          else if (end > size - 1) end = size - 1;
        }
      }
      if (skip) {
        // neither a range nor an error (range-parser 2)
      } else if (Number.isNaN(start) || Number.isNaN(end)) {
        code |= RANGE_MALFORMED;
      } else if (start > end) {
        code |= RANGE_UNSATISFIABLE;
      } else {
        ranges.push({ start, end });
      }
    }
    if (i >= len) break;
  }
  return { code: any ? code : RANGE_MALFORMED, type, ranges };
}

/**
 * Merges overlapping and adjacent ranges, as range-parser 2's `combineRanges`: new objects
 * `{ start, end, index }`, where `index` is the smallest request position among the ranges merged
 * into one, in order of that index. The input is not changed.
 *
 * @example
 * combineRanges([{ start: 5, end: 9 }, { start: 0, end: 4 }]) // [{ start: 0, end: 9, index: 0 }]
 */
export function combineRanges(ranges: readonly Range[]): readonly RangeWithIndex[] {
  const n = ranges.length;
  if (n === 0) return [];
  const byStart: RangeWithIndex[] = new Array<RangeWithIndex>(n);
  for (let i = 0; i < n; i++) byStart[i] = { start: ranges[i]!.start, end: ranges[i]!.end, index: i };
  // a stable sort: equal starts stay in request order
  byStart.sort((a, b) => a.start - b.start);
  let last = 0;
  for (let k = 1; k < n; k++) {
    const range = byStart[k]!;
    const current = byStart[last]!;
    if (range.start > current.end + 1) {
      byStart[++last] = range;
    } else {
      current.end = Math.max(current.end, range.end);
      current.index = Math.min(current.index, range.index);
    }
  }
  byStart.length = last + 1;
  return byStart.sort((a, b) => a.index - b.index);
}

/** tchar (RFC 9110 §5.6.2), by char code. */
const TCHAR = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const ch of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
    table[ch.charCodeAt(0)] = 1;
  }
  return table;
})();

/** Whether `type` is a range unit as range-parser 2 checks it: a non-empty string of tchar. */
function isUnit(type: unknown): type is string {
  if (!type) return false;
  const str = String(type);
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c > 0x7f || TCHAR[c] === 0) return false;
  }
  return true;
}

/**
 * Writes `{ type, ranges }` as a `Range` header value (`bytes=0-99,200-299`), as range-parser 2's
 * `format`: each range's `start` and `end` safe integers, `0 <= start <= end`.
 *
 * @throws {TypeError} `Invalid range type`, `At least one range is required`, `Invalid range`
 * @example
 * format({ type: 'bytes', ranges: [{ start: 0, end: 99 }] }) // 'bytes=0-99'
 */
export function format(obj: { type: string; ranges: readonly Range[] }): string {
  const { type, ranges } = obj;
  if (!isUnit(type)) throw new TypeError('Invalid range type');
  if (!ranges || ranges.length === 0) throw new TypeError('At least one range is required');
  let out = `${type}=`;
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i];
    if (
      !range ||
      !Number.isSafeInteger(range.start) ||
      !Number.isSafeInteger(range.end) ||
      range.start < 0 ||
      range.end < range.start
    ) {
      throw new TypeError('Invalid range');
    }
    out += `${i === 0 ? '' : ','}${range.start}-${range.end}`;
  }
  return out;
}
