// `router.param()` callbacks: run before a layer whose path has the parameter, once per request
// and value (router 2's `process_params`).

import { call } from './call.js';
import { PARAM, ROUTE } from './constants.js';
import type { ParamCallback } from './types.js';

/** What the callbacks of one parameter name did during one request. */
export interface ParamCalled {
  error: unknown;
  match: unknown;
  value: unknown;
}

/** Per request: what the callbacks have seen, per parameter name. */
export type ParamsSeen = Record<string, ParamCalled | undefined>;

/** Who is told when the callbacks are done: `paramsDone(err)` (err: a callback's error, or undefined). */
export interface ParamsDone {
  paramsDone(err: unknown): void;
}

/** Does any of `keys` have `router.param()` callbacks? */
export function hasParamCallbacks(callbacks: Record<string, unknown>, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) if (callbacks[keys[i]]) return true;
  return false;
}

/**
 * Runs the callbacks for `keys` in order, each name once per request and value (a value seen
 * before reuses the earlier outcome: its final value, or its error unless that was `'route'`),
 * then calls `done.paramsDone(err)`. `layer` is the layer whose parameters these are (what
 * tracing reports).
 */
export function processParams(
  callbacks: Record<string, ParamCallback[] | undefined>,
  keys: readonly string[],
  seen: ParamsSeen,
  req: { params?: unknown },
  res: unknown,
  done: ParamsDone,
  layer: object,
): void {
  let k = 0; // next key
  let fns: ParamCallback[] = [];
  let fi = 0; // next callback of the current key
  let name = '';
  let value: unknown;
  let state: ParamCalled = { error: null, match: undefined, value: undefined };
  const params = (): Record<string, unknown> => req.params as Record<string, unknown>;

  const nextName = (err?: unknown): void => {
    if (err) return done.paramsDone(err);
    for (;;) {
      if (k >= keys.length) return done.paramsDone(undefined);
      name = keys[k++];
      value = params()[name];
      const list = callbacks[name];
      if (value === undefined || !list) continue;
      const before = seen[name];
      if (before && (before.match === value || (before.error && before.error !== ROUTE))) {
        params()[name] = before.value;
        if (before.error) return done.paramsDone(before.error);
        continue;
      }
      fns = list;
      fi = 0;
      seen[name] = state = { error: null, match: value, value };
      return nextCallback();
    }
  };

  const nextCallback = (err?: unknown): void => {
    const fn = fns[fi++];
    state.value = params()[name];
    if (err) {
      state.error = err;
      nextName(err);
      return;
    }
    if (!fn) return nextName();
    call(PARAM, layer, fn, req, res, nextCallback, value, name);
  };

  nextName();
}
