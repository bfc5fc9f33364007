// `require('@brisk/bytes')`: the function, with `format` and `parse` as properties and the types as
// a namespace (`bytes.BytesOptions`, as in @types/bytes).
import { format as formatBytes, type BytesOptions } from './format.js';
import { parse as parseBytes } from './parse.js';
import * as formatting from './format.js'; // types only, for the namespace

/**
 * Formats a number of bytes (`bytes(1024)` → `'1KB'`) or parses a byte size (`bytes('1KB')` →
 * `1024`); anything else gives `null`. `require('@brisk/bytes')` is this function.
 */
export function bytes(value: string): number | null;
export function bytes(value: number, options?: BytesOptions | null): string | null;
export function bytes(value: string | number, options?: BytesOptions | null): string | number | null;
export function bytes(value: unknown, options?: BytesOptions | null): string | number | null {
  if (typeof value === 'string') return parseBytes(value);
  if (typeof value === 'number') return formatBytes(value, options);
  return null;
}

export namespace bytes {
  /** Formats a number of bytes. */
  export const format = formatBytes;
  /** Parses a byte size. */
  export const parse = parseBytes;
}

/** The types, also as `bytes.BytesOptions`. */
export declare namespace bytes {
  /** Options of `bytes.format`. */
  export import BytesOptions = formatting.BytesOptions;
  /** A unit name, in any letter case. */
  export import Unit = formatting.Unit;
  /** The type of `bytes`: formats a number, parses a string; carries `format` and `parse`. */
  export type Bytes = typeof bytes;
}
