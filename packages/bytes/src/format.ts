// bytes.format: a number of bytes → a human-readable string ('1.5KB').
import { GB, KB, MB, PB, TB, unitSize } from './units.js';

/** A unit name for {@link BytesOptions.unit}, in any letter case (`'kb'`, `'KB'`, `'Kb'`, ...). */
export type Unit = 'b' | 'B' | `${'k' | 'K' | 'm' | 'M' | 'g' | 'G' | 't' | 'T' | 'p' | 'P'}${'b' | 'B'}`;

/** Options of {@link format} and `bytes(number, options)`. */
export interface BytesOptions {
  /** Maximum number of decimals (`Number#toFixed`: 0 to 100). @default 2 */
  decimalPlaces?: number;
  /** Keep trailing zeros (`'1.50KB'`, not `'1.5KB'`). @default false */
  fixedDecimals?: boolean;
  /** Put between groups of three integer digits (`','` → `'1,024B'`). @default '' */
  thousandsSeparator?: string;
  /** Unit to use, written as given. Absent or unknown: the largest one the value reaches. */
  unit?: Unit;
  /** Put between the number and the unit (`' '` → `'1 KB'`). @default '' */
  unitSeparator?: string;
}

/** The digits of the integer part, for a separator that `String#replace` must interpret. */
const thousandsRegExp = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Formats a number of bytes in a 1024-based unit; `null` when `value` is not a finite number.
 * @example format(1536, { unitSeparator: ' ' }); // '1.5 KB'
 */
export function format(value: number, options?: BytesOptions | null): string | null {
  if (!Number.isFinite(value)) return null;

  let thousandsSeparator: string = '';
  let unitSeparator: string = '';
  let decimalPlaces: number = 2;
  let fixedDecimals = false;
  let unit: string = '';
  if (options) {
    thousandsSeparator = options.thousandsSeparator || '';
    unitSeparator = options.unitSeparator || '';
    if (options.decimalPlaces !== undefined) decimalPlaces = options.decimalPlaces;
    fixedDecimals = Boolean(options.fixedDecimals);
    unit = options.unit || '';
  }

  let size = unit ? unitSize(unit.toLowerCase()) : 0;
  if (size === 0) {
    const mag = Math.abs(value);
    if (mag >= PB) {
      unit = 'PB';
      size = PB;
    } else if (mag >= TB) {
      unit = 'TB';
      size = TB;
    } else if (mag >= GB) {
      unit = 'GB';
      size = GB;
    } else if (mag >= MB) {
      unit = 'MB';
      size = MB;
    } else if (mag >= KB) {
      unit = 'KB';
      size = KB;
    } else {
      unit = 'B';
      size = 1;
    }
  }

  let str = (value / size).toFixed(decimalPlaces);
  if (!fixedDecimals) str = trimDecimals(str);
  if (thousandsSeparator) str = separateThousands(str, thousandsSeparator);
  return str + unitSeparator + unit;
}

/**
 * Drops the zeros that end the decimals of a `toFixed` result, and the dot when only zeros
 * follow it: '1.00' → '1', '1.50' → '1.5'. As bytes 3.1 does, the zeros are kept when another
 * zero comes before them ('1.50500' stays), and an exponent counts as decimals ('1.5e+300' →
 * '1.5e+3').
 */
function trimDecimals(str: string): string {
  const dot = str.indexOf('.');
  if (dot === -1) return str;
  const len = str.length;
  let end = len;
  while (end > dot + 1 && str.charCodeAt(end - 1) === 0x30) end--;
  if (end === dot + 1) return str.slice(0, dot); // '.', '.0', '.000'
  if (end === len || str.lastIndexOf('0', end - 1) > dot) return str;
  return str.slice(0, end);
}

/**
 * Puts `sep` between each group of three digits of the integer part (before the first dot).
 * A separator holding `$` (or one that is not a string) goes through `String#replace`, which
 * interprets it, as bytes 3.1 does.
 */
function separateThousands(str: string, sep: string): string {
  if (typeof sep !== 'string' || sep.indexOf('$') !== -1) {
    const dot = str.indexOf('.');
    return dot === -1
      ? str.replace(thousandsRegExp, sep)
      : str.slice(0, dot).replace(thousandsRegExp, sep) + str.slice(dot);
  }
  const len = str.length;
  const first = str.charCodeAt(0) === 0x2d /* - */ ? 1 : 0;
  let end = first;
  while (end < len && isDigit(str.charCodeAt(end))) end++;
  const digits = end - first;
  if (digits <= 3) return str;
  let at = first + (digits % 3 || 3);
  let out = str.slice(0, at);
  for (; at < end; at += 3) out += sep + str.slice(at, at + 3);
  return out + str.slice(end);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}
