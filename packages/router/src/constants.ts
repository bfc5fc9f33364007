// Constants more than one module of the router uses, written once.

/** Synchronous steps in a row before the next one waits for `setImmediate` (router 2's limit). */
export const MAX_SYNC_STEPS = 100;

// Character codes
export const SLASH = 47; // '/'
export const PERCENT = 37; // '%'
export const QUESTION = 63; // '?'
export const UPPER_A = 65; // 'A'
export const UPPER_Z = 90; // 'Z'
export const ASCII_CASE_OFFSET = 32; // 'a' - 'A'

// Routing signals: what `next()` takes besides an error.
/** `next('route')`: leave the current route (from middleware: as `next()`). */
export const ROUTE = 'route';
/** `next('router')`: leave the current router. */
export const ROUTER = 'router';

/** `'route'` and `'router'` are routing signals, not errors. */
export function isSignal(err: unknown): boolean {
  return err === ROUTE || err === ROUTER;
}

// The kinds of user code the router calls (call.ts), each with its own arguments.
/** A middleware or route handler: `fn(req, res, next)`. */
export const HANDLER = 0;
/** A route's own dispatcher `fn(req, res, next)`: not traced (the route's handlers are, one by one). */
export const DISPATCHER = 1;
/** An error handler: `fn(err, req, res, next)`. */
export const ERROR_HANDLER = 2;
/** A `router.param()` callback: `fn(req, res, next, value, name)`. */
export const PARAM = 3;
/** One of the kinds of call above. */
export type CallKind = typeof HANDLER | typeof DISPATCHER | typeof ERROR_HANDLER | typeof PARAM;
/** User code as the router calls it: its arguments depend on the kind of call. */
export type UserFunction = (...args: never[]) => unknown;

// brisk's own router options (not router 2.3's): see extensions.ts.
/**
 * The key of brisk's own `Router()` options, for a layer that builds another router's behaviour
 * over this one (`briskjs/express4`): `Router({ [EXTENSIONS]: { ... } })`. A symbol, so that it
 * is never mistaken for an option of router 2.3 nor clashes with one a later router adds.
 */
export const EXTENSIONS: unique symbol = Symbol('@brisk/router extensions');
/** Where a router keeps its checked extensions (never the option key: they are fixed once made). */
export const EXTENSIONS_IN_USE: unique symbol = Symbol('brisk.router.extensions');
