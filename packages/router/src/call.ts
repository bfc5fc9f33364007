// Calling user code: the one place the router calls a middleware, route handler, error handler
// or `router.param()` callback (`run`), and turns what it does into routing: a synchronous throw
// goes to `next(err)`, a rejected promise to `next(reason)` (a falsy reason becomes
// `Error('Rejected promise')`). The routing signals are named in constants.ts; the walks that
// read them are `Dispatch.step` (dispatch.ts) and `routeStep` (route.ts).
//
// Tracing observes this one path: while the channel has subscribers, `call` runs `run` inside
// the channel's `start` (tracing.ts `traceCall`) with a context, and `run` hands the outcome to
// `tracedThrow`/`tracedReturn`, which record and publish it; otherwise `run` gets no context, and
// tracing costs the `tracing()` check alone.

import { DISPATCHER, ERROR_HANDLER, PARAM, type CallKind, type UserFunction } from './constants.js';
import { publishAsync, publishEnd, recordThrown, traceCall, tracing, type Run, type TraceContext } from './tracing.js';
import type { NextFunction } from './types.js';

/** A `UserFunction` called with the arguments of its kind. */
type Callable = (...args: unknown[]) => unknown;

/** Is `value` a promise (or promise-like), as `is-promise` decides. */
export function isPromise(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** What `then()` gets for a promise's value where nothing is to be done with it. */
function noop(): void {}

/** The error a rejected promise routes with: its reason, or `Error('Rejected promise')` for a falsy one. */
export function rejection(reason: unknown): unknown {
  return reason || new Error('Rejected promise');
}

/**
 * Calls user code: `fn(req, res, next)`; `fn(arg, req, res, next)` for an error handler (`arg`:
 * the error); `fn(req, res, next, arg, name)` for a param callback (`arg`: the value). `layer` is
 * what tracing reports (for a param callback, the layer whose parameters these are).
 */
export function call(
  kind: CallKind,
  layer: object,
  fn: UserFunction,
  req: object,
  res: unknown,
  next: NextFunction,
  arg?: unknown,
  name?: string,
): void {
  if (kind !== DISPATCHER && tracing()) traceCall(run, kind, layer, fn, req, res, next, arg, name);
  else run(kind, fn, req, res, next, arg, name, undefined);
}

/**
 * The call itself, and what follows from it: a throw or a rejection goes to `next`. With `ctx`
 * (tracing; `next` is then the traced one), the outcome goes to `tracedThrow` or `tracedReturn`
 * (kept out of this function, so that the untraced call stays small enough to be inlined).
 */
// typed by tracing.ts's `Run`, the signature tracing calls it with
const run: Run = function run(kind, fn, req, res, next, arg, name, ctx): void {
  const f = fn as Callable;
  let ret: unknown;
  try {
    ret =
      kind === ERROR_HANDLER
        ? f(arg, req, res, next)
        : kind === PARAM
          ? f(req, res, next, arg, name)
          : f(req, res, next);
    if (ctx === undefined) {
      if (isPromise(ret)) ret.then(noop, (err: unknown) => next(rejection(err)));
      return;
    }
  } catch (err) {
    if (ctx === undefined) next(err);
    else tracedThrow(kind, ctx, err, next);
    return;
  }
  tracedReturn(kind, ctx, ret, next);
};

/**
 * A traced call threw: the throw is recorded on the context, passed to `next` and `end` is
 * published, in router 2.3's order for the kind (a param callback's `end` follows even when
 * `next` throws).
 */
function tracedThrow(kind: CallKind, ctx: TraceContext, err: unknown, next: NextFunction): void {
  if (kind !== PARAM) {
    // Passed on as thrown (a falsy value routes as untraced code would).
    next(err);
    recordThrown(ctx, err, true);
    publishEnd(ctx, false);
    return;
  }
  recordThrown(ctx, err, true);
  try {
    next(err);
  } finally {
    publishEnd(ctx, false);
  }
}

/**
 * A traced call returned: its result is recorded (for a promise, what it resolves to), `end` is
 * published and a promise watched, in router 2.3's order: a handler's `end` comes before its
 * promise is watched; a param callback's promise is watched first (a `then` that throws routes
 * before `end`), and a settlement seen before `end` is published after it.
 */
function tracedReturn(kind: CallKind, ctx: TraceContext, ret: unknown, next: NextFunction): void {
  let promise: boolean;
  try {
    promise = isPromise(ret);
  } catch (err) {
    tracedThrow(kind, ctx, err, next);
    return;
  }
  if (!promise) ctx.result = ret;
  if (kind !== PARAM) {
    publishEnd(ctx, promise);
    if (promise) watchPromise(ctx, ret as PromiseLike<unknown>, next, true);
    return;
  }
  let ended: (() => void) | undefined;
  try {
    if (promise) ended = watchPromise(ctx, ret as PromiseLike<unknown>, next, false);
  } finally {
    publishEnd(ctx, promise);
    ended?.();
  }
}

/**
 * Follows a traced call's promise: every rejection routes (`next`); the first outcome is recorded
 * and published (`asyncStart`, `asyncEnd`), after `end`: when `end` is not published yet
 * (`ended` false), the returned function is called once it is.
 */
function watchPromise(
  ctx: TraceContext,
  promise: PromiseLike<unknown>,
  next: NextFunction,
  ended: boolean,
): () => void {
  let settled = false;
  let early: (() => void) | undefined;
  const finish = (outcome: unknown, rejected: boolean): void => {
    if (!rejected) ctx.result = outcome;
    else recordThrown(ctx, outcome, false);
    publishAsync(ctx);
  };
  const settle = (outcome: unknown, rejected: boolean): void => {
    if (settled) return;
    settled = true;
    if (ended) finish(outcome, rejected);
    else early = () => finish(outcome, rejected);
  };
  const rejected = (err: unknown): void => {
    next(err);
    settle(err, true);
  };
  try {
    promise.then(
      (value) => settle(value, false),
      (err: unknown) => rejected(rejection(err)),
    );
  } catch (err) {
    // A `then` that throws is a rejection, passed on as thrown.
    rejected(err);
  }
  return () => {
    ended = true;
    if (early) early();
  };
}
