// @brisk/bytes: parse and format byte sizes, a drop-in for bytes 3.1.
import { format, type BytesOptions, type Unit } from './format.js';
import { parse } from './parse.js';

// Functions
export { format } from './format.js';
export { parse } from './parse.js';

// Types
export type { BytesOptions, Unit } from './format.js';

/** The type of `bytes`: formats a number, parses a string; carries `format` and `parse`. */
export interface Bytes {
  /** Parses a byte-size string ({@link parse}). */
  (value: string): number | null;
  /** Formats a number of bytes ({@link format}). */
  (value: number, options?: BytesOptions | null): string | null;
  /** Parses a string, formats a number; anything else gives `null`. */
  (value: string | number, options?: BytesOptions | null): string | number | null;
  /** Formats a number of bytes. */
  format: typeof format;
  /** Parses a byte size. */
  parse: typeof parse;
}

/**
 * Formats a number of bytes (`bytes(1024)` → `'1KB'`) or parses a byte size (`bytes('1KB')` →
 * `1024`); anything else gives `null`. `require('@brisk/bytes')` is this function.
 */
const bytes: Bytes = Object.assign(
  function bytes(value: unknown, options?: BytesOptions | null): string | number | null {
    if (typeof value === 'string') return parse(value);
    if (typeof value === 'number') return format(value, options);
    return null;
  } as Bytes,
  { format, parse },
);

/** The types, also as `bytes.BytesOptions`, as in @types/bytes. */
declare namespace bytes {
  export type { Bytes };
  /** Options of `bytes.format`. */
  export type BytesOptions = Options;
  /** A unit name, in any letter case. */
  export type Unit = UnitName;
}
// Top-level aliases: a namespace merged with a const cannot re-export imported names.
type Options = BytesOptions;
type UnitName = Unit;

export default bytes;
