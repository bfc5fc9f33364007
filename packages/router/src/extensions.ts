// brisk's own Router() options, none of them router 2.3's: what a layer over the router
// (briskjs/express4) configures instead of repairing the router's output afterwards. They are
// given under a symbol key (`Router({ [EXTENSIONS]: { ... } })`) so that no one mistakes them for
// router 2.3 options, checked once when the router is made, and kept frozen on the router. A
// router made without them reads none of this per request but one property that is undefined.

import type { ServerResponse } from 'node:http';
import { isPromise, rejection } from './call.js';
import type { RouterExtensions } from './types.js';

/** The extensions, by name, with what each must be. */
const KINDS = { optionsResponse: 'function', pathMatcher: 'function', plainParams: 'boolean' } as const;
const NAMES = Object.keys(KINDS).join(', ');

/**
 * Checks `Router()`'s extensions option: an object whose keys are known and whose values have
 * the right type (or are undefined). Returns a frozen copy, or undefined when none is given.
 * @throws TypeError `option extensions must be an object`, `unknown router extension "x" (known:
 *   ...)`, `router extension x must be a function` / `a boolean`
 */
export function checkExtensions(value: unknown): Readonly<RouterExtensions> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('option extensions must be an object');
  }
  const checked: RouterExtensions = {};
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string' || !Object.hasOwn(KINDS, key)) {
      throw new TypeError(`unknown router extension ${JSON.stringify(String(key))} (known: ${NAMES})`);
    }
    const name = key as keyof typeof KINDS;
    const given: unknown = (value as Record<string, unknown>)[name];
    if (given === undefined) continue;
    const kind = KINDS[name];
    if (typeof given !== kind) {
      throw new TypeError(`router extension ${name} must be a ${kind}`);
    }
    (checked as Record<string, unknown>)[name] = given;
  }
  return Object.freeze(checked);
}

/**
 * `params` as a plain object (the `plainParams` extension): own enumerable keys copied by
 * assignment, `__proto__` left out (assigning it would change the object's prototype, not add a
 * key; Express 4's params lose it the same way).
 */
export function plainParams(params: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  const keys = Object.keys(params);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key !== '__proto__') plain[key] = params[key];
  }
  return plain;
}

/**
 * Calls the `optionsResponse` extension to answer an `OPTIONS` request. Returns what it threw,
 * for the router's `next(err)` (a falsy throw becomes an `Error`: it must not read as "no
 * error"), or undefined once it answered. A promise it returns that rejects calls `fail` with the
 * reason (a falsy one: `Error('Rejected promise')`, as for handlers).
 */
export function answerOptions(
  respond: NonNullable<RouterExtensions['optionsResponse']>,
  res: ServerResponse,
  methods: string[],
  fail: (err: unknown) => void,
): unknown {
  let ret: unknown;
  try {
    ret = respond(res, methods);
    if (isPromise(ret)) ret.then(undefined, (reason: unknown) => fail(rejection(reason)));
  } catch (err) {
    return err || new Error(`router extension optionsResponse threw ${String(err)}`);
  }
  return undefined;
}
