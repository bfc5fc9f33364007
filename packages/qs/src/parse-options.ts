// Options of `parse`: their types, defaults and validation (qs 6.17.1's messages).

import { decode, type Charset, type DefaultDecoder } from './codec.js';
import type { MergeOptions } from './merge.js';

/** Options of `parse`. */
export interface ParseOptions {
  /**
   * Reads `a.b=c` as `{ a: { b: 'c' } }` (dots as well as brackets nest).
   * @default false, or true when `decodeDotInKeys` is true
   */
  allowDots?: boolean | undefined;
  /**
   * Decodes `%2E` in key segments to `.` after the dots have been split (`name%252Eobj.x=1`
   * → `{ 'name.obj': { x: '1' } }`). Implies `allowDots` unless that is given.
   * @default false
   */
  decodeDotInKeys?: boolean | undefined;
  /**
   * `a[]=` (or `a[]` with `strictNullHandling`) gives an empty array `{ a: [] }` instead of `['']`.
   * @default false
   */
  allowEmptyArrays?: boolean | undefined;
  /**
   * Lets keys named like `Object.prototype` properties (`toString`, `hasOwnProperty`, ...) through
   * as own properties. `__proto__` is dropped even then. Dangerous: prefer `plainObjects`.
   * @default false
   */
  allowPrototypes?: boolean | undefined;
  /**
   * Keeps the holes of arrays built from indices (`a[1]=b&a[3]=c` → `[, 'b', , 'c']`) instead
   * of compacting them.
   * @default false
   */
  allowSparse?: boolean | undefined;
  /**
   * Largest array: an index at or past it (`a[20]=x`), or more elements than it, turns the
   * array into an object keyed by index.
   * @default 20
   */
  arrayLimit?: number | undefined;
  /**
   * Charset of the percent-encoded octets.
   * @default 'utf-8'
   */
  charset?: Charset | undefined;
  /**
   * Reads the charset from a `utf8=✓` parameter (`utf8=%E2%9C%93` → UTF-8,
   * `utf8=%26%2310003%3B` → ISO-8859-1), which is then left out of the result.
   * @default false
   */
  charsetSentinel?: boolean | undefined;
  /**
   * Splits values on `,` into arrays (`a=b,c` → `{ a: ['b', 'c'] }`).
   * @default false
   */
  comma?: boolean | undefined;
  /**
   * Decodes each key and value in place of the default decoder, which it receives as second
   * argument. A key decoded to `null` is skipped.
   * @example
   * parse('a=b', { decoder: (str, defaultDecoder, charset, type) => defaultDecoder(str, defaultDecoder, charset) });
   */
  decoder?:
    | ((str: string, defaultDecoder: DefaultDecoder, charset: string, type: 'key' | 'value') => unknown)
    | null
    | undefined;
  /**
   * Separator of the pairs: a string, or a RegExp (`/[;,]/`).
   * @default '&'
   */
  delimiter?: string | RegExp | undefined;
  /**
   * How many bracket (or dot) levels below the first key are nested; the rest of the key is
   * kept as one literal segment. `false` means 0.
   * @default 5
   */
  depth?: number | false | undefined;
  /**
   * What a repeated key gives: an array of all its values (`combine`), the first or the last
   * value. Keys ending in `[]` always combine.
   * @default 'combine'
   */
  duplicates?: 'combine' | 'first' | 'last' | undefined;
  /**
   * Drops one leading `?`.
   * @default false
   */
  ignoreQueryPrefix?: boolean | undefined;
  /**
   * With the ISO-8859-1 charset, turns numeric character references (`&#9786;`) into characters.
   * @default false
   */
  interpretNumericEntities?: boolean | undefined;
  /**
   * Most pairs read; the rest are ignored (or rejected with `throwOnLimitExceeded`).
   * @default 1000
   */
  parameterLimit?: number | undefined;
  /**
   * `false` reads `a[]` and `a[0]` as object keys (`{ a: { 0: 'b' } }`), never as arrays.
   * @default true
   */
  parseArrays?: boolean | undefined;
  /**
   * Builds prototype-less objects (`Object.create(null)`): every key, `hasOwnProperty` included,
   * is kept as data.
   * @default false
   */
  plainObjects?: boolean | undefined;
  /**
   * Throws a `RangeError` when a key nests deeper than `depth`, instead of keeping the rest
   * as a literal segment.
   * @default false
   */
  strictDepth?: boolean | undefined;
  /**
   * When a key has both a plain value and nested keys (`a[b]=c&a=d`), wraps both in an array
   * (`[{ b: 'c' }, 'd']`). `false` restores the older result `{ b: 'c', d: true }`.
   * @default true
   */
  strictMerge?: boolean | undefined;
  /**
   * Reads a key without `=` (`a&b=`) as `null` instead of `''`.
   * @default false
   */
  strictNullHandling?: boolean | undefined;
  /**
   * Throws a `RangeError` when `parameterLimit` or `arrayLimit` is exceeded, instead of
   * truncating or turning arrays into objects.
   * @default false
   */
  throwOnLimitExceeded?: boolean | undefined;
}

/** `@types/qs` name of {@link ParseOptions}. */
export type IParseOptions = ParseOptions;

/** Options after defaults and validation. */
export interface Normalized extends MergeOptions {
  allowDots: boolean;
  allowEmptyArrays: boolean;
  allowSparse: boolean;
  charset: Charset;
  charsetSentinel: boolean;
  comma: boolean;
  decodeDotInKeys: boolean;
  decoder: (str: string, defaultDecoder: DefaultDecoder, charset: string, type: 'key' | 'value') => unknown;
  delimiter: string | RegExp;
  depth: number;
  duplicates: 'combine' | 'first' | 'last';
  ignoreQueryPrefix: boolean;
  interpretNumericEntities: boolean;
  parameterLimit: number;
  parseArrays: boolean;
  strictDepth: boolean;
  strictNullHandling: boolean;
  /** Pairs can be written straight into the result while every key is flat. */
  direct: boolean;
}

export const DEFAULTS: Readonly<Normalized> = Object.freeze({
  allowDots: false,
  allowEmptyArrays: false,
  allowPrototypes: false,
  allowSparse: false,
  arrayLimit: 20,
  charset: 'utf-8',
  charsetSentinel: false,
  comma: false,
  decodeDotInKeys: false,
  decoder: decode,
  delimiter: '&',
  depth: 5,
  duplicates: 'combine',
  ignoreQueryPrefix: false,
  interpretNumericEntities: false,
  parameterLimit: 1000,
  parseArrays: true,
  plainObjects: false,
  strictDepth: false,
  strictMerge: true,
  strictNullHandling: false,
  throwOnLimitExceeded: false,
  direct: true,
});

const objectToString = Object.prototype.toString;

const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** Validates `opts` (qs's messages) and fills in the defaults. */
export function normalize(opts: ParseOptions | null | undefined): Readonly<Normalized> {
  if (!opts) return DEFAULTS;
  if (opts.allowEmptyArrays !== undefined && typeof opts.allowEmptyArrays !== 'boolean') {
    throw new TypeError('`allowEmptyArrays` option can only be `true` or `false`, when provided');
  }
  if (opts.decodeDotInKeys !== undefined && typeof opts.decodeDotInKeys !== 'boolean') {
    throw new TypeError('`decodeDotInKeys` option can only be `true` or `false`, when provided');
  }
  if (opts.decoder !== null && opts.decoder !== undefined && typeof opts.decoder !== 'function') {
    throw new TypeError('Decoder has to be a function.');
  }
  if (opts.charset !== undefined && opts.charset !== 'utf-8' && opts.charset !== 'iso-8859-1') {
    throw new TypeError('The charset option must be either utf-8, iso-8859-1, or undefined');
  }
  if (opts.throwOnLimitExceeded !== undefined && typeof opts.throwOnLimitExceeded !== 'boolean') {
    throw new TypeError('`throwOnLimitExceeded` option must be a boolean');
  }
  const duplicates = opts.duplicates === undefined ? DEFAULTS.duplicates : opts.duplicates;
  if (duplicates !== 'combine' && duplicates !== 'first' && duplicates !== 'last') {
    throw new TypeError('The duplicates option must be either combine, first, or last');
  }
  const decoder = typeof opts.decoder === 'function' ? opts.decoder : decode;
  const delimiter =
    typeof opts.delimiter === 'string' || objectToString.call(opts.delimiter) === '[object RegExp]'
      ? (opts.delimiter as string | RegExp)
      : '&';
  const decodeDotInKeys = bool(opts.decodeDotInKeys, false);
  const charsetSentinel = bool(opts.charsetSentinel, false);
  const throwOnLimitExceeded = bool(opts.throwOnLimitExceeded, false);
  return {
    allowDots: opts.allowDots === undefined ? opts.decodeDotInKeys === true : !!opts.allowDots,
    allowEmptyArrays: bool(opts.allowEmptyArrays, false),
    allowPrototypes: bool(opts.allowPrototypes, false),
    allowSparse: bool(opts.allowSparse, false),
    arrayLimit: typeof opts.arrayLimit === 'number' ? opts.arrayLimit : DEFAULTS.arrayLimit,
    charset: opts.charset === undefined ? DEFAULTS.charset : opts.charset,
    charsetSentinel,
    comma: bool(opts.comma, false),
    decodeDotInKeys,
    decoder,
    delimiter,
    depth: typeof opts.depth === 'number' || opts.depth === false ? +opts.depth : DEFAULTS.depth,
    duplicates,
    ignoreQueryPrefix: opts.ignoreQueryPrefix === true,
    interpretNumericEntities: bool(opts.interpretNumericEntities, false),
    parameterLimit: typeof opts.parameterLimit === 'number' ? opts.parameterLimit : DEFAULTS.parameterLimit,
    parseArrays: opts.parseArrays !== false,
    plainObjects: bool(opts.plainObjects, false),
    strictDepth: bool(opts.strictDepth, false),
    strictMerge: bool(opts.strictMerge, true),
    strictNullHandling: bool(opts.strictNullHandling, false),
    throwOnLimitExceeded,
    direct:
      decoder === decode &&
      typeof delimiter === 'string' &&
      delimiter.length > 0 &&
      !charsetSentinel &&
      !decodeDotInKeys &&
      !throwOnLimitExceeded,
  };
}
