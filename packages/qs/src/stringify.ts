// Nested object → query string, with qs 6.17.1's output and error messages.

import { encode, toCoercible } from './codec.js';
import {
  BRACKETS,
  COMMA,
  INDICES,
  normalize,
  type Encoder,
  type Normalized,
  type StringifyOptions,
} from './stringify-options.js';

type Bag = Record<PropertyKey, unknown>;

const isArray = Array.isArray;

/**
 * Per-call state: the output pairs; for each value being written on the current path (depth 1
 * and deeper), the depth of its nearest occurrence; per depth, that level's step; the keys of
 * an array `filter` (a copy, sorted with `sort`).
 */
interface State {
  out: string[];
  onPath: Map<unknown, number>;
  steps: number[];
  filterKeys: unknown[] | undefined;
}

const isNonNullishPrimitive = (v: unknown): boolean => {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'symbol' || t === 'bigint';
};

/** A Buffer, or anything whose constructor's `isBuffer` says so. */
function isBuffer(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const ctor = (value as { constructor?: { isBuffer?: (v: unknown) => boolean } }).constructor;
  return !!ctor?.isBuffer?.(value);
}

const DOTS = /\./g;

/**
 * Cycle check, with qs's rule: the nearest ancestor (below the top-level key) writing the same
 * value (SameValueZero, as qs's side channel) is a cycle when that ancestor's own step equals
 * its distance. Returns this call's step (that distance, or 0). One map look-up: the map holds,
 * for each value on the current path, the depth of its nearest occurrence, so the check is
 * constant time per level, not a walk up every ancestor (linear in depth overall).
 */
function stepOf(object: unknown, depth: number, st: State): number {
  const at = st.onPath.get(object);
  if (at === undefined) return 0;
  const d = depth - at;
  if (st.steps[at] === d) throw new RangeError('Cyclic object value');
  return d;
}

/** Writes the pairs of `object` under `prefix` into `st.out`. */
function write(
  object: unknown,
  prefix: unknown,
  encoder: Encoder | null,
  o: Normalized,
  st: State,
  depth: number,
): void {
  if (depth > o.depth) throw new RangeError('Input depth exceeded depth option of ' + o.depth);
  const step = depth > 1 ? stepOf(object, depth, st) : 0;
  // Called unbound (`this` undefined), as qs calls them.
  const { formatter, filter, serializeDate } = o;
  let obj = object;
  if (typeof filter === 'function') obj = filter(prefix, obj);
  if (obj instanceof Date) {
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
      st.out.push(
        formatter(key as string) + '=' + formatter(encoder(obj, encode, o.charset, 'value', o.format) as string),
      );
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
      list = mapArray(list, (v) => (v == null ? v : enc(v, encode, o.charset, 'value', o.format)));
    }
    keys = [{ value: list.length > 0 ? (toCoercible(list) as unknown[]).join(',') || null : undefined }];
  } else if (st.filterKeys) {
    keys = st.filterKeys;
  } else {
    keys = Object.keys(obj as object);
    if (o.sort) keys.sort(o.sort);
  }

  // The top-level key's dots are encoded by `stringify`; a nested key's where it is appended.
  const encodedPrefix = String(prefix);
  const adjustedPrefix =
    o.commaRoundTrip && o.arrayFormat === COMMA && arr && (obj as unknown[]).length === 1
      ? encodedPrefix + '[]'
      : encodedPrefix;

  if (o.allowEmptyArrays && arr && (obj as unknown[]).length === 0 && Object.keys(obj as object).length === 0) {
    const key =
      encoder && !o.encodeValuesOnly ? encoder(adjustedPrefix, encode, o.charset, 'key', o.format) : adjustedPrefix;
    st.out.push(formatter(key as string) + '[]');
    return;
  }

  const childEncoder = o.arrayFormat === COMMA && o.encodeValuesOnly && arr ? null : encoder;
  // `object` is on the path while its children are written (depth 0 is never looked up).
  const previous = depth > 0 ? st.onPath.get(object) : undefined;
  if (depth > 0) st.onPath.set(object, depth);
  st.steps[depth] = step;
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
    write(value, keyPrefix, childEncoder, o, st, depth + 1);
  }
  if (depth > 0) {
    if (previous === undefined) st.onPath.delete(object);
    else st.onPath.set(object, previous);
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
    // A copy: `sort` must not reorder the caller's array (qs 6.17); nested levels take their keys
    // from the sorted copy.
    keys = filter.slice();
  }
  if (typeof obj !== 'object' || obj === null) return '';

  const filterKeys = keys;
  if (!keys) keys = Object.keys(obj);
  if (o.sort) keys.sort(o.sort);

  const st: State = { out: [], onPath: new Map(), steps: [], filterKeys };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key === undefined || key === null) continue;
    const value = (obj as Bag)[key as PropertyKey];
    if (o.skipNulls && value === null) continue;
    write(value, o.encodeDotInKeys ? String(key).replace(DOTS, '%2E') : key, o.encoder, o, st, 0);
  }

  const joined = st.out.join(o.delimiter);
  if (joined.length === 0) return '';
  let prefix = o.addQueryPrefix ? '?' : '';
  if (o.charsetSentinel) {
    prefix += (o.charset === 'iso-8859-1' ? 'utf8=%26%2310003%3B' : 'utf8=%E2%9C%93') + o.delimiter;
  }
  return prefix + joined;
}
