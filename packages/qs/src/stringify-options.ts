// Options of `stringify`: their types, defaults and validation (qs 6.17.1's messages).

import { encode, type Charset, type DefaultEncoder } from './codec.js';
import { formats, type Format, type Formatter } from './formats.js';

/** How arrays are written: `a[0]=b` (indices), `a[]=b` (brackets), `a=b` (repeat), `a=b,c` (comma). */
export type ArrayFormat = 'indices' | 'brackets' | 'repeat' | 'comma';

/** Options of {@link stringify}. */
export interface StringifyOptions {
  /**
   * Prefixes the output with `?` (not when the output is empty).
   * @default false
   */
  addQueryPrefix?: boolean | undefined;
  /**
   * Writes nested keys with dots (`a.b=c`) instead of brackets (`a[b]=c`).
   * @default false, or true when `encodeDotInKeys` is true
   */
  allowDots?: boolean | undefined;
  /**
   * Writes an empty array as `a[]` instead of leaving it out.
   * @default false
   */
  allowEmptyArrays?: boolean | undefined;
  /**
   * How arrays are written.
   * @default 'indices'
   */
  arrayFormat?: ArrayFormat | undefined;
  /**
   * Charset of the percent-encoding; with ISO-8859-1 other characters become `&#N;`.
   * @default 'utf-8'
   */
  charset?: Charset | undefined;
  /**
   * Starts the output with `utf8=✓`, encoded in the charset used (`utf8=%E2%9C%93` or
   * `utf8=%26%2310003%3B`), so that a reader can tell the charset.
   * @default false
   */
  charsetSentinel?: boolean | undefined;
  /**
   * With `arrayFormat: 'comma'`, writes a one-element array as `a[]=b` so that it parses
   * back as an array.
   * @default false
   */
  commaRoundTrip?: boolean | undefined;
  /**
   * Separator of the pairs.
   * @default '&'
   */
  delimiter?: string | undefined;
  /**
   * Deepest nesting written: a value nested deeper (the top-level keys' values are at depth 0)
   * throws `RangeError('Input depth exceeded depth option of N')`. Without it, an object nested
   * deeper than the call stack allows throws the engine's `RangeError` (some thousands of
   * levels), as qs does; bound it when the object comes from outside.
   * @default Infinity
   */
  depth?: number | undefined;
  /**
   * `false` writes keys and values without percent-encoding.
   * @default true
   */
  encode?: boolean | undefined;
  /**
   * Writes `.` in keys as `%2E` (so `%252E` once encoded). Implies `allowDots` unless that is given.
   * @default false
   */
  encodeDotInKeys?: boolean | undefined;
  /**
   * Encodes each key and value in place of the default encoder, which it receives as second
   * argument. Not used when `encode` is false.
   * @example
   * stringify({ a: 'b' }, { encoder: (str, defaultEncoder, charset, type) => type === 'key' ? str : defaultEncoder(str) });
   */
  encoder?:
    | ((
        str: unknown,
        defaultEncoder: DefaultEncoder,
        charset: string,
        type: 'key' | 'value',
        format?: Format,
      ) => string)
    | null
    | undefined;
  /**
   * Encodes the values only; keys are written as they are.
   * @default false
   */
  encodeValuesOnly?: boolean | undefined;
  /**
   * A function called with each key path and value, whose result is written instead (return
   * `undefined` to leave a key out; it is first called with `''` and the whole object), or an
   * array of the keys and indices to write, at every level.
   * @example
   * stringify({ a: 1, b: 2 }, { filter: ['a'] }); // 'a=1'
   */
  filter?: Array<string | number> | ((prefix: string, value: unknown) => unknown) | undefined;
  /**
   * Output format: `RFC3986` writes spaces as `%20`, `RFC1738` as `+` (and keeps `(` `)`),
   * `WHATWG` as `URLSearchParams` does (spaces as `+`, `*` kept, `~` encoded).
   * @default 'RFC3986'
   */
  format?: Format | undefined;
  /**
   * Older spelling of `arrayFormat`: `true` is `indices`, `false` is `repeat`.
   * @deprecated use `arrayFormat`
   */
  indices?: boolean | undefined;
  /**
   * Writes a `Date`.
   * @default date => date.toISOString()
   */
  serializeDate?: ((date: Date) => string) | undefined;
  /**
   * Leaves out keys whose value is `null`.
   * @default false
   */
  skipNulls?: boolean | undefined;
  /**
   * Orders the keys of every object (an `Array#sort` comparator).
   * @default keys in object order
   */
  sort?: ((a: string, b: string) => number) | null | undefined;
  /**
   * Writes `null` as a bare key (`a`) instead of `a=`.
   * @default false
   */
  strictNullHandling?: boolean | undefined;
}

/** `@types/qs` name of {@link StringifyOptions}. */
export type IStringifyOptions = StringifyOptions;

/** An encoder as the writer calls it (the `encoder` option, or the default). */
export type Encoder = (
  str: unknown,
  defaultEncoder?: unknown,
  charset?: string,
  type?: 'key' | 'value',
  format?: string,
) => unknown;

/** The `filter` option as a function. */
export type Filter = (prefix: unknown, value: unknown) => unknown;

/** `arrayFormat`, as a number once normalized. */
export const INDICES = 0;
export const BRACKETS = 1;
export const REPEAT = 2;
export const COMMA = 3;
const ARRAY_FORMATS: Readonly<Record<string, number>> = {
  indices: INDICES,
  brackets: BRACKETS,
  repeat: REPEAT,
  comma: COMMA,
};

/** Options after defaults and validation. */
export interface Normalized {
  addQueryPrefix: boolean;
  allowDots: boolean;
  allowEmptyArrays: boolean;
  arrayFormat: number;
  charset: string;
  charsetSentinel: boolean;
  commaRoundTrip: boolean;
  delimiter: string;
  depth: number;
  encoder: Encoder | null;
  encodeDotInKeys: boolean;
  encodeValuesOnly: boolean;
  filter: Filter | unknown[] | undefined;
  format: string;
  formatter: Formatter;
  serializeDate: (date: Date) => unknown;
  skipNulls: boolean;
  sort: ((a: unknown, b: unknown) => number) | null;
  strictNullHandling: boolean;
}

const toISOString = Date.prototype.toISOString;
const serializeDate = (date: Date): string => toISOString.call(date);

const DEFAULTS: Readonly<Normalized> = Object.freeze({
  addQueryPrefix: false,
  allowDots: false,
  allowEmptyArrays: false,
  arrayFormat: INDICES,
  charset: 'utf-8',
  charsetSentinel: false,
  commaRoundTrip: false,
  delimiter: '&',
  depth: Number.POSITIVE_INFINITY,
  encoder: encode,
  encodeDotInKeys: false,
  encodeValuesOnly: false,
  filter: undefined,
  format: formats.default,
  formatter: formats.formatters[formats.default],
  serializeDate,
  skipNulls: false,
  sort: null,
  strictNullHandling: false,
});

const hasOwn = Object.prototype.hasOwnProperty;

const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** Validates `opts` (qs's messages) and fills in the defaults. */
export function normalize(opts: StringifyOptions | null | undefined): Readonly<Normalized> {
  if (!opts) return DEFAULTS;
  if (opts.allowEmptyArrays !== undefined && typeof opts.allowEmptyArrays !== 'boolean') {
    throw new TypeError('`allowEmptyArrays` option can only be `true` or `false`, when provided');
  }
  if (opts.encodeDotInKeys !== undefined && typeof opts.encodeDotInKeys !== 'boolean') {
    throw new TypeError('`encodeDotInKeys` option can only be `true` or `false`, when provided');
  }
  if (opts.encoder !== null && opts.encoder !== undefined && typeof opts.encoder !== 'function') {
    throw new TypeError('Encoder has to be a function.');
  }
  const charset = opts.charset || DEFAULTS.charset;
  if (opts.charset !== undefined && opts.charset !== 'utf-8' && opts.charset !== 'iso-8859-1') {
    throw new TypeError('The charset option must be either utf-8, iso-8859-1, or undefined');
  }
  let format: string = formats.default;
  if (opts.format !== undefined) {
    if (!hasOwn.call(formats.formatters, opts.format)) throw new TypeError('Unknown format option provided.');
    format = opts.format;
  }
  const formatter = formats.formatters[format]!;

  let arrayFormat: number;
  if (typeof opts.arrayFormat === 'string' && hasOwn.call(ARRAY_FORMATS, opts.arrayFormat)) {
    arrayFormat = ARRAY_FORMATS[opts.arrayFormat]!;
  } else if ('indices' in opts) {
    arrayFormat = opts.indices ? INDICES : REPEAT;
  } else {
    arrayFormat = INDICES;
  }
  if ('commaRoundTrip' in opts && typeof opts.commaRoundTrip !== 'boolean') {
    throw new TypeError('`commaRoundTrip` must be a boolean, or absent');
  }

  return {
    addQueryPrefix: bool(opts.addQueryPrefix, false),
    allowDots: opts.allowDots === undefined ? opts.encodeDotInKeys === true : !!opts.allowDots,
    allowEmptyArrays: bool(opts.allowEmptyArrays, false),
    arrayFormat,
    charset,
    charsetSentinel: bool(opts.charsetSentinel, false),
    commaRoundTrip: !!opts.commaRoundTrip,
    delimiter: opts.delimiter === undefined ? DEFAULTS.delimiter : opts.delimiter,
    depth: typeof opts.depth === 'number' ? opts.depth : DEFAULTS.depth,
    encoder: opts.encode === false ? null : typeof opts.encoder === 'function' ? (opts.encoder as Encoder) : encode,
    encodeDotInKeys: bool(opts.encodeDotInKeys, false),
    encodeValuesOnly: bool(opts.encodeValuesOnly, false),
    filter:
      typeof opts.filter === 'function' || Array.isArray(opts.filter) ? (opts.filter as Filter | unknown[]) : undefined,
    format,
    formatter,
    serializeDate: typeof opts.serializeDate === 'function' ? opts.serializeDate : serializeDate,
    skipNulls: bool(opts.skipNulls, false),
    sort: typeof opts.sort === 'function' ? (opts.sort as (a: unknown, b: unknown) => number) : null,
    strictNullHandling: bool(opts.strictNullHandling, false),
  };
}
