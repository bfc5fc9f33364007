// Query string → nested object, with qs 6.17.1's results, limits and error messages.
//
// Two stages, as in qs: the string is split into `key=value` pairs collected by their
// decoded key (pairs.ts), then each key is split into segments and its value merged into the
// result along that path (keys.ts). A string whose keys are all flat skips the second stage.

import { decode } from './codec.js';
import { currentLength, mergePath, splitKey, type PathState } from './keys.js';
import { compact, copyInput, newObject, type Bag } from './merge.js';
import { normalize, type ParseOptions } from './parse-options.js';
import { PairsCtor, parseArrayValue, parseDirect, parseValues } from './pairs.js';

/** A parsed query string, as typed by `@types/qs` (what Express's `req.query` is). */
export interface ParsedQs {
  [key: string]: undefined | string | ParsedQs | (string | ParsedQs)[];
}

/**
 * Parses a query string into an object, nesting on brackets (`a[b]=c` → `{ a: { b: 'c' } }`),
 * with arrays (`a[]=b`, `a[0]=b`), and with limits on depth, parameters and array size.
 * Keys that would shadow `Object.prototype` properties are dropped (see `allowPrototypes`,
 * `plainObjects`); `__proto__` is never written. An object is accepted too: its keys are
 * read as query keys (`{ 'a[b]': 'c' }`).
 * @example
 * parse('a[b]=c&d[]=e&d[]=f'); // { a: { b: 'c' }, d: ['e', 'f'] }
 * parse('a=1&a=2', { duplicates: 'last' }); // { a: '2' }
 */
export function parse(str: string, options?: ParseOptions & { decoder?: never | undefined }): ParsedQs;
export function parse(str: string | Record<string, unknown>, options?: ParseOptions): Record<string, unknown>;
export function parse(str: unknown, options?: ParseOptions): Record<string, unknown> {
  const o = normalize(options);
  if (str === '' || str === null || str === undefined) return newObject(o.plainObjects);

  const isString = typeof str === 'string';
  let pairs: Bag;
  if (!isString) {
    pairs = copyInput(str as object);
  } else if (o.direct) {
    pairs = parseDirect(str, o);
    if (!(pairs instanceof PairsCtor)) return pairs; // every key was flat: this is the result
  } else {
    pairs = parseValues(str, o);
  }
  const result = newObject(o.plainObjects);
  const st: PathState = { sparse: false };
  for (const key of Object.keys(pairs)) {
    if (!key) continue;
    const segments = splitKey(key, o);
    if (segments === undefined) continue;
    const val = pairs[key];
    mergePath(result, segments, isString ? val : parseArrayValue(val, o, currentLength(segments, val)), o, st);
  }
  // Only holes (indices) or `undefined` values (custom decoder, object input) need compacting.
  if (o.allowSparse || (isString && o.decoder === decode && !st.sparse)) return result;
  return compact(result);
}
