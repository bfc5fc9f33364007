// bytes.parse: a byte-size string ('1.5KB', '10 mb', '512') → a number of bytes.
import { unitSizeOfCodes } from './units.js';

/**
 * Parses a byte size into a number of bytes, rounded down. Units are 1024-based and
 * case-insensitive; without a unit the value is in bytes. A number is returned as is.
 * Returns `null` for `NaN`, for a value that is neither a string nor a number, and for a
 * string that does not start with an integer.
 *
 * The grammar with a unit, as in bytes 3.1 (only U+0020 spaces, none around the value):
 * `[ "+" / "-" ] 1*DIGIT [ "." 1*DIGIT ] *" " ( "kb" / "mb" / "gb" / "tb" / "pb" )`.
 * Any other string is read like `parseInt(str, 10)`, in bytes: `'1.5B'` → 1, `' 10kb'` → 10.
 *
 * @example
 * parse('1KB'); // 1024
 * parse('1.5 mb'); // 1572864
 * parse('512'); // 512
 * parse('abc'); // null
 */
export function parse(value: string | number): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value !== 'string') return null;

  const len = value.length;
  let i = 0;
  let code = value.charCodeAt(0);
  const negative = code === 0x2d; /* - */
  if (negative || code === 0x2b /* + */) code = value.charCodeAt(++i);
  const digits = i;
  let int = 0;
  while (code >= 0x30 && code <= 0x39) {
    int = int * 10 + (code - 0x30);
    code = value.charCodeAt(++i);
  }
  if (i > digits) {
    // Up to 15 digits the sum is exact; past them, or with decimals, parseFloat rounds as upstream.
    let exact = i - digits <= 15;
    if (code === 0x2e /* . */) {
      let j = i + 1;
      code = value.charCodeAt(j);
      while (code >= 0x30 && code <= 0x39) code = value.charCodeAt(++j);
      // '1.kb' is no match: stop at the dot
      if (j > i + 1) {
        i = j;
        exact = false;
      }
    }
    while (value.charCodeAt(i) === 0x20) i++;
    if (i + 2 === len) {
      const size = unitSizeOfCodes(value.charCodeAt(i), value.charCodeAt(i + 1));
      // parseFloat stops where the unit starts (no unit letter can begin an exponent).
      if (size !== 0) return Math.floor(size * (exact ? (negative ? -int : int) : parseFloat(value)));
    }
  }
  const n = parseInt(value, 10);
  return Number.isNaN(n) ? null : n;
}
