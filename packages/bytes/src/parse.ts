// bytes.parse: a byte-size string ('1.5KB', '10 mb', '512') → a number of bytes.
import { unitSizeOfCodes } from './units.js';

/**
 * Parses a byte size (`'1.5KB'`, `'10 mb'`, `'512'`: 1024-based, any case) into a number of
 * bytes, rounded down; `null` when it does not start with an integer. Numbers are returned as is.
 * @example parse('1.5 mb'); // 1572864
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
