// Nested object → query string, with qs 6.15.4's output and error messages.

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
    | ((str: unknown, defaultEncoder: DefaultEncoder, charset: string, type: 'key' | 'value', format?: Format) => string)
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
   * Output format: `RFC3986` writes spaces as `%20`, `RFC1738` as `+`.
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

type Encoder = (str: unknown, defaultEncoder?: unknown, charset?: string, type?: 'key' | 'value', format?: string) => unknown;
type Filter = (prefix: unknown, value: unknown) => unknown;
type Bag = Record<PropertyKey, unknown>;

const INDICES = 0;
const BRACKETS = 1;
const REPEAT = 2;
const COMMA = 3;
const ARRAY_FORMATS: Readonly<Record<string, number>> = { indices: INDICES, brackets: BRACKETS, repeat: REPEAT, comma: COMMA };

/** Options after defaults and validation. */
interface Normalized {
  addQueryPrefix: boolean;
  allowDots: boolean;
  allowEmptyArrays: boolean;
  arrayFormat: number;
  charset: string;
  charsetSentinel: boolean;
  commaRoundTrip: boolean;
  delimiter: string;
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
const isArray = Array.isArray;

const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

function normalize(opts: StringifyOptions | null | undefined): Readonly<Normalized> {
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
    encoder: opts.encode === false ? null : typeof opts.encoder === 'function' ? (opts.encoder as Encoder) : encode,
    encodeDotInKeys: bool(opts.encodeDotInKeys, false),
    encodeValuesOnly: bool(opts.encodeValuesOnly, false),
    filter: typeof opts.filter === 'function' || isArray(opts.filter) ? (opts.filter as Filter | unknown[]) : undefined,
    format,
    formatter,
    serializeDate: typeof opts.serializeDate === 'function' ? opts.serializeDate : serializeDate,
    skipNulls: bool(opts.skipNulls, false),
    sort: typeof opts.sort === 'function' ? (opts.sort as (a: unknown, b: unknown) => number) : null,
    strictNullHandling: bool(opts.strictNullHandling, false),
  };
}

/** Per-call state: the output pairs and, per depth, the object being written and its step. */
interface State {
  out: string[];
  objects: unknown[];
  steps: number[];
}

const isNonNullishPrimitive = (v: unknown): boolean => {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'symbol' || t === 'bigint';
};

/** A Buffer, or anything whose constructor's `isBuffer` says so. */
function isBuffer(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const ctor = (value as { constructor?: { isBuffer?: (v: unknown) => boolean } }).constructor;
  return !!(ctor && ctor.isBuffer && ctor.isBuffer(value));
}

const DOTS = /\./g;

/**
 * Cycle check, with qs's rule: walking up from the parent, the nearest ancestor (below the
 * top-level key) writing the same object ends the walk; it is a cycle when that ancestor's
 * own step equals its distance. Returns this call's step (that distance, or 0).
 */
function stepOf(object: unknown, depth: number, st: State): number {
  for (let d = 1; d < depth; d++) {
    const i = depth - d;
    const seen = st.objects[i];
    // SameValueZero, as the Map qs's side channel keeps primitives in.
    if (seen === object || (seen !== seen && object !== object)) {
      if (st.steps[i] === d) throw new RangeError('Cyclic object value');
      return d;
    }
  }
  return 0;
}

/** Writes the pairs of `object` under `prefix` into `st.out`. */
function write(object: unknown, prefix: unknown, encoder: Encoder | null, o: Normalized, st: State, depth: number): void {
  const step = depth > 1 ? stepOf(object, depth, st) : 0;
  // Called unbound (`this` undefined), as qs calls them.
  const { formatter, filter, serializeDate } = o;
  let obj = object;
  if (typeof filter === 'function') {
    obj = filter(prefix, obj);
  } else if (obj instanceof Date) {
    obj = serializeDate(obj);
  } else if (o.arrayFormat === COMMA && isArray(obj)) {
    obj = mapArray(obj, (v) => (v instanceof Date ? serializeDate(v) : v));
  }

  if (obj === null) {
    if (o.strictNullHandling) {
      const key = encoder && !o.encodeValuesOnly ? encoder(prefix, encode, o.charset, 'key', o.format) : prefix;
      st.out.push(formatter(key as string));
      return;
    }
    obj = '';
  }

  if (isNonNullishPrimitive(obj) || isBuffer(obj)) {
    if (encoder) {
      const key = o.encodeValuesOnly ? prefix : encoder(prefix, encode, o.charset, 'key', o.format);
      st.out.push(formatter(key as string) + '=' + formatter(encoder(obj, encode, o.charset, 'value', o.format) as string));
    } else {
      st.out.push(formatter(prefix as string) + '=' + formatter(String(obj)));
    }
    return;
  }
  if (obj === undefined) return;

  const bag = obj as Bag;
  const arr = isArray(obj);
  let keys: unknown[];
  if (o.arrayFormat === COMMA && arr) {
    let list = obj as unknown[];
    if (o.encodeValuesOnly && encoder) {
      const enc = encoder;
      list = mapArray(list, (v) => (v == null ? v : enc(v)));
    }
    keys = [{ value: list.length > 0 ? list.join(',') || null : undefined }];
  } else if (isArray(filter)) {
    keys = filter;
  } else {
    keys = Object.keys(obj as object);
    if (o.sort) keys.sort(o.sort);
  }

  const encodedPrefix = o.encodeDotInKeys ? String(prefix).replace(DOTS, '%2E') : String(prefix);
  const adjustedPrefix =
    o.commaRoundTrip && o.arrayFormat === COMMA && arr && (obj as unknown[]).length === 1 ? encodedPrefix + '[]' : encodedPrefix;

  if (o.allowEmptyArrays && arr && (obj as unknown[]).length === 0) {
    const key = encoder && !o.encodeValuesOnly ? encoder(adjustedPrefix, encode, o.charset, 'key', o.format) : adjustedPrefix;
    st.out.push(formatter(key as string) + '[]');
    return;
  }

  const childEncoder = o.arrayFormat === COMMA && o.encodeValuesOnly && arr ? null : encoder;
  for (let j = 0; j < keys.length; j++) {
    const key = keys[j];
    const value =
      typeof key === 'object' && key && (key as { value?: unknown }).value !== undefined
        ? (key as { value: unknown }).value
        : bag[key as PropertyKey];
    if (o.skipNulls && value === null) continue;

    let keyPrefix: string;
    if (arr) {
      if (o.arrayFormat === INDICES) {
        const encodedKey = o.allowDots && o.encodeDotInKeys ? String(key).replace(DOTS, '%2E') : String(key);
        keyPrefix = adjustedPrefix + '[' + encodedKey + ']';
      } else {
        keyPrefix = o.arrayFormat === BRACKETS ? adjustedPrefix + '[]' : adjustedPrefix;
      }
    } else {
      const encodedKey = o.allowDots && o.encodeDotInKeys ? String(key).replace(DOTS, '%2E') : String(key);
      keyPrefix = adjustedPrefix + (o.allowDots ? '.' + encodedKey : '[' + encodedKey + ']');
    }
    st.objects[depth] = object;
    st.steps[depth] = step;
    write(value, keyPrefix, childEncoder, o, st, depth + 1);
  }
}

function mapArray(list: readonly unknown[], fn: (value: unknown) => unknown): unknown[] {
  const mapped: unknown[] = [];
  for (let i = 0; i < list.length; i++) mapped.push(fn(list[i]));
  return mapped;
}

/**
 * Turns an object into a query string: nested objects with brackets (`a[b]=c`) or dots,
 * arrays per `arrayFormat`, keys and values percent-encoded (RFC 3986 unreserved characters
 * are kept). `undefined` values are left out, `null` is written as `a=` (or `a` with
 * `strictNullHandling`), dates with `toISOString()`.
 * @throws {RangeError} `Cyclic object value` when the object contains itself.
 * @example
 * stringify({ a: { b: 'c' }, d: ['e', 'f'] }); // 'a%5Bb%5D=c&d%5B0%5D=e&d%5B1%5D=f'
 * stringify({ a: ['b', 'c'] }, { arrayFormat: 'brackets', encodeValuesOnly: true }); // 'a[]=b&a[]=c'
 */
export function stringify(object: unknown, options?: StringifyOptions): string {
  const o = normalize(options);
  const filter = o.filter;
  let obj = object;
  let keys: unknown[] | undefined;
  if (typeof filter === 'function') {
    obj = filter('', obj);
  } else if (isArray(filter)) {
    keys = filter;
  }
  if (typeof obj !== 'object' || obj === null) return '';

  if (!keys) keys = Object.keys(obj);
  if (o.sort) keys.sort(o.sort);

  const st: State = { out: [], objects: [], steps: [] };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key === undefined || key === null) continue;
    const value = (obj as Bag)[key as PropertyKey];
    if (o.skipNulls && value === null) continue;
    write(value, key, o.encoder, o, st, 0);
  }

  const joined = st.out.join(o.delimiter);
  if (joined.length === 0) return '';
  let prefix = o.addQueryPrefix ? '?' : '';
  if (o.charsetSentinel) {
    prefix += (o.charset === 'iso-8859-1' ? 'utf8=%26%2310003%3B' : 'utf8=%E2%9C%93') + o.delimiter;
  }
  return prefix + joined;
}
