// @brisk/range: Range header parsing, a drop-in for range-parser 1.2 (the module function) and
// range-parser 2.0 (parse, combineRanges, format: properties of it; decision 033).
import { rangeParser } from './range-parser.js';

// Types
export type { Options, Range, Ranges, Result, ResultInvalid, ResultUnsatisfiable } from './types.js';
export type { ParseResult, RangeWithIndex } from './range-parser-2.js';

// range-parser 2.0's named exports (the same functions as rangeParser.parse, ...)
export { parse, combineRanges, format } from './range-parser-2.js';

/**
 * Parses a `Range` header against a resource of `size` bytes: the satisfiable ranges (with the
 * unit as `type`), `-1` when none is satisfiable, `-2` when the header is malformed.
 * `require('@brisk/range')` is this function, as `require('range-parser')` is.
 */
export default rangeParser;
