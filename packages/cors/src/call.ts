// Calling user code: the one place @brisk/cors calls an `origin` function or an options
// delegate, and turns what it does into one answer. The function may answer through its callback
// (cors 2.8.6's only way) or through the promise it returns (an `async` function); whichever comes
// first is the answer, and a later one is ignored, so `next` runs once. A synchronous throw or a
// rejection is an error for `next(err)`; a falsy one becomes a real `Error`, so that a failure
// never reads as "no error" (an error handler would otherwise never see it).

import { describe, warn } from './errors.js';

/** A function answering through `callback(err, value)` or through a promise. */
export type UserFunction<A, V> = (arg: A, callback: (err: Error | null, value?: V) => void) => unknown;

/** The answer, as the callback gives it: an error (any value; falsy for none) and a value. */
export type Answer<V> = (err: unknown, value: V | undefined) => void;

/** Is `value` a promise (or promise-like), as `is-promise` decides. */
function isPromise(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** What a throw or a rejection routes with: the value itself, or an `Error` for a falsy one. */
function failure(err: unknown, what: string): unknown {
  if (err) return err;
  const error = new Error(`@brisk/cors: the ${what} failed with ${describe(err)}`, { cause: err }) as Error & {
    code: string;
  };
  error.code = 'BRISK_ERR_CORS_NO_ERROR';
  return error;
}

/**
 * Calls `fn(arg, callback)` and gives `done` its first answer: the callback's, or the promise's
 * (a promise's `undefined` counts only from a function declared with fewer than two parameters:
 * one with two answers through its callback). A throw after an answer is not `fn`'s to report
 * (it came from `done`, through the callback): it is thrown on, as cors 2.8.6 lets it through.
 *
 * @param what - names the function in errors and warnings (`origin function`, `options delegate`)
 */
export function callUser<A, V>(fn: UserFunction<A, V>, arg: A, what: string, done: Answer<V>): void {
  let answered = false;
  const callback = (err: unknown, value?: V): void => {
    if (answered) return;
    answered = true;
    done(err, value);
  };
  let result: unknown;
  try {
    result = fn(arg, callback);
  } catch (err) {
    if (answered) throw err;
    answered = true;
    done(failure(err, what), undefined);
    return;
  }
  if (!isPromise(result)) return;
  const viaCallback = fn.length >= 2;
  const settle = (value: unknown): void => {
    if (answered || (value === undefined && viaCallback)) return;
    answered = true;
    done(null, value as V);
  };
  const reject = (err: unknown): void => {
    if (!answered) {
      answered = true;
      done(failure(err, what), undefined);
      return;
    }
    // The request has moved on (the callback answered first): report, never a second `next`.
    warn('BRISK_ERR_CORS_LATE_ERROR', `the ${what} failed after it had answered: ${describe(err)}`, err);
  };
  try {
    result.then(settle, reject);
  } catch (err) {
    reject(err);
  }
}
