// The `origin` option, compiled: what `Access-Control-Allow-Origin` a request gets.
//
// cors 2.8.6 reads it in three ways. No origin (`false`, `null`, `undefined`, `''`): no CORS
// headers at all. A string: sent as it is, `'*'` for any origin, any other string with
// `Vary: Origin`. Anything else (`true`, a RegExp, an array): the request's `Origin` is reflected
// when it is allowed, always with `Vary: Origin`. A RegExp allows an origin when
// `regexp.test(origin)` is true, so an unanchored pattern matches *part* of the `Origin` value
// (`/example\.com/` allows `https://example.com.evil.example`): that is upstream's behaviour,
// kept, and the README says to anchor (`/^https:\/\/([a-z0-9-]+\.)*example\.com$/`).

import { isHeaderSafe } from './safe.js';
import type { CustomOrigin } from './request.js';

/** The origin option, compiled. */
export type OriginRule =
  /** No CORS headers at all (a falsy `origin`). */
  | { readonly kind: 'off' }
  /** `Access-Control-Allow-Origin: *`. */
  | { readonly kind: 'any' }
  /** `Access-Control-Allow-Origin: <value>` and `Vary: Origin`. */
  | { readonly kind: 'fixed'; readonly value: string }
  /** The request's `Origin` when `allows` it, and `Vary: Origin`. */
  | { readonly kind: 'match'; readonly allows: (origin: string) => boolean }
  /** Decided per request by the user's function. */
  | { readonly kind: 'function'; readonly fn: CustomOrigin };

/** How a compile step reports a bad value: a `TypeError` naming where it came from. */
export type Invalid = (name: string, value: unknown, allowed: string) => TypeError;

const OFF: OriginRule = { kind: 'off' };
const ANY: OriginRule = { kind: 'any' };
const ALL = (): boolean => true;

const ALLOWED = 'expected a boolean, a string, a RegExp, an array of them, or a function';

/** Compiles the `origin` option (a function is kept, to be called per request). */
export function compileOrigin(value: unknown, invalid: Invalid): OriginRule {
  if (!value) return OFF;
  if (typeof value === 'function') return { kind: 'function', fn: value as CustomOrigin };
  return staticRule(value, 'origin', invalid);
}

/**
 * A truthy origin that is not a function: the option itself, or what an origin function answered
 * (`name` says which, for the error).
 */
export function staticRule(value: unknown, name: string, invalid: Invalid): OriginRule {
  if (typeof value === 'string' || value instanceof String) {
    const text = String(value);
    if (text === '*') return ANY;
    if (!isHeaderSafe(text)) throw invalid(name, value, 'it has characters a header value cannot carry');
    return { kind: 'fixed', value: text };
  }
  return { kind: 'match', allows: matcher(value, name, invalid) };
}

/** A test of request origins for `true`, a RegExp or an array (of strings, RegExps, booleans, arrays). */
function matcher(value: unknown, name: string, invalid: Invalid): (origin: string) => boolean {
  if (value === true) return ALL;
  if (typeof value === 'string' || value instanceof String) {
    const allowed = String(value);
    return (origin) => origin === allowed;
  }
  if (value instanceof RegExp) return (origin) => testRegExp(value, origin);
  if (Array.isArray(value)) {
    checkList(value, name, invalid);
    // Read on every request, as cors 2.8.6 reads it: an allow-list filled in after start-up
    // (`const list = []; app.use(cors({ origin: list })); list.push(...await load())`) applies.
    return (origin) => listAllows(value, origin, name, invalid);
  }
  throw invalid(name, value, ALLOWED);
}

/**
 * `regexp.test(origin)`. A global or sticky RegExp keeps `lastIndex` between calls: it is reset
 * first, so that the same origin gets the same answer on every request (cors 2.8.6 alternates;
 * decision 037).
 */
function testRegExp(re: RegExp, origin: string): boolean {
  if (re.global || re.sticky) re.lastIndex = 0;
  return re.test(origin);
}

/** Throws unless every entry of `list` (at any depth) is a string, a RegExp or a boolean. */
function checkList(list: readonly unknown[], name: string, invalid: Invalid): void {
  for (const item of list) {
    if (Array.isArray(item)) checkList(item, name, invalid);
    else if (!isEntry(item)) throw invalid(name, list, 'an array must hold strings, RegExps or booleans');
  }
}

/** Is `item` an entry an origin list may hold (arrays apart). */
function isEntry(item: unknown): boolean {
  return typeof item === 'string' || typeof item === 'boolean' || item instanceof RegExp || item instanceof String;
}

/** Does any entry of `list` allow `origin`. An entry added since set-up with a wrong type throws. */
function listAllows(list: readonly unknown[], origin: string, name: string, invalid: Invalid): boolean {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === 'string' ? item === origin : entryAllows(item, origin, name, invalid)) return true;
  }
  return false;
}

/** Whether one entry that is not a plain string allows `origin`. */
function entryAllows(item: unknown, origin: string, name: string, invalid: Invalid): boolean {
  if (item instanceof RegExp) return testRegExp(item, origin);
  if (typeof item === 'boolean') return item;
  if (item instanceof String) return String(item) === origin;
  if (Array.isArray(item)) return listAllows(item, origin, name, invalid);
  throw invalid(name, item, 'an array must hold strings, RegExps or booleans');
}
