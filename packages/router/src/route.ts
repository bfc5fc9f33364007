// Route: the handlers of one path, per HTTP method (router 2's `Route`).

import { MAX_SYNC_STEPS } from './constants.js';
import { Layer } from './layer.js';
import { lowerMethod, methods, routingMethod } from './methods.js';
import type {
  Layer as PublicLayer,
  ErrorRequestHandler,
  HandlerArgs,
  NextFunction,
  RequestHandler,
  RouteLike,
  RouteMethods,
  RouterRequest,
  StackLayer,
} from './types.js';

/** Flattens handler arguments (nested arrays to any depth) and checks each is a function. */
export function handlerList(args: ArrayLike<unknown>): Array<(...a: never[]) => unknown> {
  const callbacks = Array.prototype.flat.call(Array.prototype.slice.call(args), Infinity) as unknown[];
  if (callbacks.length === 0) throw new TypeError('argument handler is required');
  return callbacks as Array<(...a: never[]) => unknown>;
}

/** Checks one handler. */
export function checkHandler(fn: unknown): asserts fn is (...a: never[]) => unknown {
  if (typeof fn !== 'function') throw new TypeError('argument handler must be a function');
}

// Which handlers of a route run for a request: the rules, in one place. The router asks these
// (dispatch.ts) instead of reading a route's `methods` itself.

/**
 * The method whose handlers a route runs for a request of `method` (lowercased): `method`
 * itself, or `'get'` for `'head'` when the route has no HEAD handlers of its own. The one place
 * the HEAD → GET fallback is written.
 */
export function methodToRun(table: Record<string, boolean | undefined>, method: unknown): unknown {
  return method === 'head' && !table.head ? 'get' : method;
}

/** `true` when a route's `methods` table has handlers for `method` (lowercased), `all()` ones included. */
export function handlesMethod(table: Record<string, boolean | undefined>, method: unknown): boolean {
  return Boolean(table._all) || Boolean(table[methodToRun(table, method) as string]);
}

/**
 * The router's fast path for a route with one handler: running that handler with the router's
 * own `next` is what `route.dispatch` would do, minus a closure per request. It applies while
 * `layer` is the layer `router.route()` made for `route` and still dispatches with the handler it
 * was given, and `route.dispatch` is the one the class defined (a patched
 * `Route.prototype.dispatch` is called, not bypassed). Returns the handler's layer; `null` when
 * `route.dispatch` would run nothing for `method` (lowercased), so the router goes on; or
 * `undefined` when the fast path does not apply (the router calls `layer.handleRequest`).
 */
export function onlyHandler(layer: unknown, route: RouteLike, method: unknown): StackLayer | null | undefined {
  const stack = route.stack;
  if (stack.length !== 1 || route.dispatch !== ROUTE_DISPATCH || !Layer.dispatchesRoute(layer)) return undefined;
  const only = stack[0];
  return !only.method || only.method === methodToRun(route.methods, method) ? only : null;
}

/** The route handlers' call shape, as a Route calls them. */
type Handle = (...args: never[]) => unknown;

/**
 * The handlers of one path, in order, each for a method or for all (`route.all`). Made by
 * `router.route(path)`; `route.get(fn)`, `route.post(fn)`, ... (every method of `http.METHODS`,
 * lowercased) and `route.all(fn)` add handlers and return the route.
 *
 * @example
 * router.route('/users/:id')
 *   .all(loadUser)
 *   .get((req, res) => res.end(req.user.name))
 *   .delete(removeUser);
 */
// Req types the handlers (route.get(...))
export class Route<Req = RouterRequest> implements RouteLike {
  /** The path given to `router.route()`. */
  path: unknown;
  /** The handlers' layers, in the order they were added. */
  stack: PublicLayer[];
  /** The methods with handlers (lowercased, `_all` for `all`), in a prototype-less object. */
  methods: Record<string, boolean | undefined>;

  /** @param path The route's path, as given to `router.route()`. */
  constructor(path: unknown) {
    this.path = path;
    this.stack = [];
    this.methods = Object.create(null);
  }

  /** `true` when the route has handlers for `method` (any case; HEAD falls back to GET). */
  _handlesMethod(method: unknown): boolean {
    return handlesMethod(this.methods, lowerMethod(method));
  }

  /**
   * The methods with handlers, upper-case, in the order they were first added, with `HEAD` added
   * when only `GET` has handlers; `all()` handlers appear as `'*'` when `includeAll` is true, and
   * not at all otherwise (router 2.3).
   */
  _methods(includeAll?: boolean): string[] {
    const table = this.methods;
    const names: string[] = [];
    for (const name of Object.keys(table)) {
      if (name !== '_all') names.push(name.toUpperCase());
      else if (includeAll) names.push('*');
    }
    if (!table.head && table[methodToRun(table, 'head') as string]) names.push('HEAD'); // HEAD runs GET's
    return names;
  }

  /**
   * Runs the route's handlers for the request's method in order; `done()` is called when they
   * all call `next()` (or one calls `next('route')`), `done(err)` on an error they do not handle,
   * `done('router')` on `next('router')`.
   */
  dispatch(req: { method?: string | undefined; route?: unknown }, res: unknown, done: NextFunction): void {
    const stack = this.stack;
    if (stack.length === 0) {
      done();
      return;
    }
    const method = methodToRun(this.methods, routingMethod(req.method));
    let idx = 0;
    let sync = 0;
    req.route = this;
    next();

    function next(err?: unknown): void {
      if (err && err === 'route') return done();
      if (err && err === 'router') return done(err);
      if (idx >= stack.length) return done(err);
      if (++sync > MAX_SYNC_STEPS) {
        setImmediate(next, err);
        return;
      }
      let layer: PublicLayer | undefined;
      while (idx < stack.length) {
        const candidate = stack[idx++];
        if (!candidate.method || candidate.method === method) {
          layer = candidate;
          break;
        }
      }
      if (layer === undefined) return done(err);
      if (err) layer.handleError(err, req, res, next);
      else layer.handleRequest(req, res, next);
      sync = 0;
    }
  }

  /**
   * Adds handlers for every method.
   * @throws TypeError `argument handler is required` / `argument handler must be a function`
   */
  all(...handlers: Array<RequestHandler<Req>>): this;
  all(...handlers: Array<ErrorRequestHandler<Req>>): this;
  all(...handlers: HandlerArgs<Req>): this;
  all(...handlers: unknown[]): this {
    for (const fn of handlerList(handlers)) {
      checkHandler(fn);
      const layer = new Layer('/', {}, fn);
      this.methods._all = true;
      this.stack.push(layer);
    }
    return this;
  }
}

/** Route's own `dispatch`, for {@link onlyHandler}. */
const ROUTE_DISPATCH = Route.prototype.dispatch;

/** Adds the handlers for one method (lowercased). */
function addHandlers(route: Route, method: string, args: ArrayLike<unknown>): Route {
  for (const fn of handlerList(args)) {
    checkHandler(fn);
    const layer = new Layer('/', {}, fn as Handle);
    layer.method = method;
    route.methods[method] = true;
    route.stack.push(layer);
  }
  return route;
}

// One method per entry of `http.METHODS`: route.get(...), route.post(...), route['m-search'](...).
const proto = Route.prototype as unknown as Record<string, (this: Route, ...handlers: unknown[]) => Route>;
for (const method of methods) {
  proto[method] = function (this: Route, ...handlers: unknown[]): Route {
    return addHandlers(this, method, handlers);
  };
}

export interface Route<Req = RouterRequest> extends RouteMethods<Route<Req>, Req> {}
