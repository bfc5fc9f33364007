// Route: the handlers of one path, per HTTP method (router 2's `Route`).

import { MAX_SYNC_STEPS, ROUTE, ROUTER } from './constants.js';
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

// Walking a route's handlers: one step per call of `next` (`routeStep`), for the router's dispatch
// (which walks the route it runs itself, with its own `next`, when `walksInPlace`) and for
// `route.dispatch` (a walk of its own).

/** The state of a walk through one route's handlers for one request. */
export interface RouteWalk {
  readonly req: unknown;
  readonly res: unknown;
  /** The walk's `next`: one step (`routeStep`). */
  readonly next: NextFunction;
  /** The route's layers (undefined: no route is being walked, or the router's walk has ended). */
  routeStack: readonly StackLayer[] | undefined;
  /** The next layer to consider. */
  routeIdx: number;
  /** The method whose handlers run (lowercased; `'get'` for a HEAD the route has no handlers for). */
  routeMethod: unknown;
  /** Steps taken synchronously in a row. */
  routeSync: number;
  /**
   * The walk ends: with no argument for `next('route')` and an empty route, else with the step's
   * error (undefined at the end of the route) or `'router'`, as router 2's `route.dispatch` calls `done`.
   */
  routeDone(err?: unknown): void;
}

/**
 * Starts walking `route`'s handlers for `req`: those of `method` (the request's routing method,
 * methods.ts; HEAD runs GET's when the route has none for HEAD).
 */
export function beginRoute(
  walk: RouteWalk,
  route: RouteLike,
  req: { method?: string | undefined; route?: unknown },
  method: unknown,
): void {
  const stack = route.stack;
  if (stack.length === 0) {
    walk.routeDone();
    return;
  }
  walk.routeStack = stack;
  walk.routeIdx = 0;
  walk.routeSync = 0;
  walk.routeMethod = methodToRun(route.methods, method);
  req.route = route;
  routeStep(walk, undefined);
}

/**
 * One step of a route walk (`next(err)` inside a route): `'route'` ends the route, `'router'`
 * leaves it for the router to end; otherwise the next layer for the walk's method runs, as an
 * error handler when `err` is set. The end of the route passes `err` on.
 */
export function routeStep(walk: RouteWalk, err: unknown): void {
  if (err === ROUTE) return walk.routeDone();
  if (err === ROUTER) return walk.routeDone(err);
  const stack = walk.routeStack as readonly StackLayer[];
  if (walk.routeIdx >= stack.length) return walk.routeDone(err);
  if (++walk.routeSync > MAX_SYNC_STEPS) {
    setImmediate(walk.next, err);
    return;
  }
  let layer: StackLayer | undefined;
  while (walk.routeIdx < stack.length) {
    const candidate = stack[walk.routeIdx++];
    if (!candidate.method || candidate.method === walk.routeMethod) {
      layer = candidate;
      break;
    }
  }
  if (layer === undefined) return walk.routeDone(err);
  if (err) layer.handleError(err, walk.req, walk.res, walk.next);
  else layer.handleRequest(walk.req, walk.res, walk.next);
  walk.routeSync = 0;
}

/**
 * `true` when the router may walk `route` itself, with its own `next`, when it runs `layer`
 * (instead of calling the layer's handler, which calls `route.dispatch`, which walks with a
 * `next` of its own: a closure and an object per request). It may while the layer still calls
 * the handler `router.route()` gave it and `route.dispatch` is Route's own: a replaced handler
 * or a patched `Route.prototype.dispatch` is called, not bypassed.
 */
export function walksInPlace(layer: unknown, route: RouteLike): boolean {
  return route.dispatch === ROUTE_DISPATCH && Layer.dispatchesRoute(layer);
}

/** A route walk of its own, for `route.dispatch`. */
class RouteDispatch implements RouteWalk {
  readonly next: NextFunction = nextOf(this);
  routeStack: readonly StackLayer[] | undefined = undefined;
  routeIdx = 0;
  routeMethod: unknown = undefined;
  routeSync = 0;

  constructor(
    readonly req: unknown,
    readonly res: unknown,
    readonly done: NextFunction,
  ) {}

  // The walk stays: a handler that calls `next` again after the end steps on, as in router 2.
  routeDone(err?: unknown): void {
    if (arguments.length === 0) this.done();
    else this.done(err);
  }
}

/** The `next` of a route walk of its own (made outside the constructor: see dispatch.ts `nextOf`). */
function nextOf(walk: RouteWalk): NextFunction {
  return function next(err?: unknown): void {
    routeStep(walk, err);
  };
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
    beginRoute(new RouteDispatch(req, res, done), this, req, routingMethod(req.method));
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

/** Route's own `dispatch`, for {@link walksInPlace}. */
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
for (const method of methods) {
  Reflect.set(Route.prototype, method, function (this: Route, ...handlers: unknown[]): Route {
    return addHandlers(this, method, handlers);
  });
}

export interface Route<Req = RouterRequest> extends RouteMethods<Route<Req>, Req> {}
