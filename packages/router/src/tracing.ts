// Tracing through node:diagnostics_channel, as router 2.3 publishes it: the TracingChannel
// `express.router.request` gets `start`, `end`, `asyncStart`, `asyncEnd` and `error` around each
// middleware, route handler, error handler and `router.param()` callback, with a context object
// per invocation. A subscriber written for Express sees the same events, in the same order, with
// the same context fields.
//
// Nothing here runs for a request unless the channel has subscribers: `tracing()` (five
// `hasSubscribers` getters) is checked before a context is made. Node versions without
// `tracingChannel` (18 before 18.19) get no tracing at all.

import * as dc from 'node:diagnostics_channel';
import type { TracingChannel } from 'node:diagnostics_channel';
import { ERROR_HANDLER, PARAM, isSignal, type CallKind, type UserFunction } from './constants.js';
import type { NextFunction } from './types.js';

/**
 * The context published for one invocation. Fields in router 2.3's order: `req`, `res`,
 * `incomingError` (error handlers), `layer`, `handler`, `route`, `errorHandler` (error handlers)
 * or `param` (param callbacks); then `error` and `result`, set as the invocation goes.
 */
export interface TraceContext {
  /** The request. */
  req: object;
  /** The response. */
  res: unknown;
  /** The error an error handler received (error handlers only). */
  incomingError?: unknown;
  /** The layer invoked; for a param callback, the layer whose parameters are processed. */
  layer: unknown;
  /** The function invoked (the `router.param()` callback for a param callback). */
  handler: unknown;
  /** The path pattern that matched: the route's path for route handlers, else the layer's path. */
  route: unknown;
  /** `true` for an error handler. */
  errorHandler?: true;
  /** The parameter name (param callbacks only). */
  param?: string;
  /** The error the invocation reported (`next(err)`, a throw or a rejection). */
  error?: unknown;
  /** What the invocation returned, or what its promise resolved to. */
  result?: unknown;
}

/** The channel, or undefined where node has no `tracingChannel`. */
const channel: TracingChannel<unknown, TraceContext> | undefined =
  typeof dc.tracingChannel === 'function' ? dc.tracingChannel('express.router.request') : undefined;
const START = channel?.start;
const END = channel?.end;
const ASYNC_START = channel?.asyncStart;
const ASYNC_END = channel?.asyncEnd;
const ERROR = channel?.error;

/** Node has `tracingChannel`: errors passed on are remembered per request (see recordError). */
export const TRACING_AVAILABLE = channel !== undefined;

/**
 * Where a request keeps the errors already reported (a Set). Registered, as router 2.3's is, so
 * that a brisk router and a router 2.3 in the same app share it.
 */
const SEEN_ERRORS: unique symbol = Symbol.for('router.tracing.publishedErrors') as never;

/**
 * Where a request keeps the path pattern of the layer being run (for the handlers of a route,
 * which the route dispatches without the router). Written only while tracing.
 */
export const MATCHED: unique symbol = Symbol('brisk.router.matchedRoute');

/** A request, as tracing reads and marks it. */
interface TracedRequest {
  [SEEN_ERRORS]?: Set<unknown> | undefined;
  [MATCHED]?: unknown;
}

/** `true` when the channel has a subscriber (or a bound store) on any of its five channels. */
export function tracing(): boolean {
  return (
    START !== undefined &&
    (START.hasSubscribers ||
      (END as NonNullable<typeof END>).hasSubscribers ||
      (ASYNC_START as NonNullable<typeof ASYNC_START>).hasSubscribers ||
      (ASYNC_END as NonNullable<typeof ASYNC_END>).hasSubscribers ||
      (ERROR as NonNullable<typeof ERROR>).hasSubscribers)
  );
}

/** The pattern the router recorded for `req`'s current layer (undefined when not recorded). */
export function matchedRoute(req: unknown): unknown {
  return (req as TracedRequest)[MATCHED];
}

/**
 * Remembers an error on its request; `true` the first time it is seen. An error is reported
 * once, where it starts: errors a router passes on, or raises while matching, are recorded even
 * when nothing traced them, so a handler they reach later is never taken for their origin.
 */
export function recordError(req: object, err: unknown): boolean {
  if (!err || isSignal(err)) return false;
  const r = req as TracedRequest;
  let seen = r[SEEN_ERRORS];
  if (!seen) {
    seen = new Set();
    r[SEEN_ERRORS] = seen;
  } else if (seen.has(err)) {
    return false;
  }
  seen.add(err);
  return true;
}

/** Forgets an error an error handler dealt with: the same object reported later is new again. */
function forgetError(req: object, err: unknown): void {
  (req as TracedRequest)[SEEN_ERRORS]?.delete(err);
}

/**
 * A throw or rejection: `error` is set unless the invocation already reported one (a rethrown
 * error is not published again, but the context still carries it). A routing signal thrown
 * synchronously ends like `next('route')` followed by a return.
 */
export function recordThrown(ctx: TraceContext, err: unknown, sync: boolean): void {
  if (isSignal(err)) {
    if (sync) ctx.result = undefined;
    return;
  }
  if (!('error' in ctx)) ctx.error = err;
}

/**
 * `end`. An invocation that reported an error and then returned a promise published `error`
 * before `end`; `error` is hidden during `end`, so that `error` or `result` at `end` keeps
 * meaning "finished, no `asyncStart` follows".
 */
export function publishEnd(ctx: TraceContext, async: boolean): void {
  const end = END as NonNullable<typeof END>;
  if (!async || !('error' in ctx)) {
    end.publish(ctx);
    return;
  }
  const error = ctx.error;
  delete ctx.error;
  end.publish(ctx);
  ctx.error = error;
}

/** `asyncStart` then `asyncEnd`, the latter inside the stores bound to `asyncStart`. */
export function publishAsync(ctx: TraceContext): void {
  (ASYNC_START as NonNullable<typeof ASYNC_START>).runStores(ctx, publishAsyncEnd, undefined, ctx);
}

function publishAsyncEnd(ctx: TraceContext): void {
  (ASYNC_END as NonNullable<typeof ASYNC_END>).publish(ctx);
}

/**
 * The `next` handed to a traced invocation: publishes `error` for an error reported here first,
 * then calls the router's `next`. An error handler's incoming error is recorded as seen (it
 * started elsewhere); when the handler passes on anything else, it dealt with that error.
 */
function wrapNext(ctx: TraceContext, next: NextFunction): NextFunction {
  if (ctx.errorHandler) recordError(ctx.req, ctx.incomingError);
  return function wrappedNext(err?: unknown): void {
    if (ctx.errorHandler && err !== ctx.incomingError) forgetError(ctx.req, ctx.incomingError);
    if (err && recordError(ctx.req, err)) {
      ctx.error = err;
      (ERROR as NonNullable<typeof ERROR>).publish(ctx);
    }
    next(err);
  };
}

/**
 * What calls a user function and routes its outcome (call.ts's `run`): tracing runs it inside the
 * channel, with the trace context as its last argument.
 */
export type Run = (
  kind: CallKind,
  fn: UserFunction,
  req: object,
  res: unknown,
  next: NextFunction,
  arg: unknown,
  name: string | undefined,
  ctx: TraceContext | undefined,
) => void;

/**
 * Runs a middleware, route handler, error handler or `router.param()` callback inside the
 * channel: `start` (with its bound stores) around `run` (call.ts), which calls it, routes its
 * outcome and reports it here (`end`; for a returned promise, `asyncStart` and `asyncEnd` once it
 * settles). Routing goes on exactly as untraced.
 */
export function traceCall(
  run: Run,
  kind: CallKind,
  layer: object,
  fn: UserFunction,
  req: object,
  res: unknown,
  next: NextFunction,
  arg: unknown,
  name: string | undefined,
): void {
  const route = matchedRoute(req);
  const ctx: TraceContext =
    kind === ERROR_HANDLER
      ? { req, res, incomingError: arg, layer, handler: fn, route, errorHandler: true }
      : kind === PARAM
        ? { req, res, layer, handler: fn, route, param: name }
        : { req, res, layer, handler: fn, route };
  (START as NonNullable<typeof START>).runStores(
    ctx,
    run,
    undefined,
    kind,
    fn,
    req,
    res,
    wrapNext(ctx, next),
    arg,
    name,
    ctx,
  );
}
