// Router: the registration API of router 2's `Router` (use, route, param, get/post/..., all).
// Requests go through dispatch.ts, which finds candidate layers through an index of the stack
// (lookup.ts) built when first needed and rebuilt when the stack changes.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { EXTENSIONS, EXTENSIONS_IN_USE } from './constants.js';
import { INDEX, dispatch, type RouterState } from './dispatch.js';
import { checkExtensions } from './extensions.js';
import { Layer } from './layer.js';
import { methods } from './methods.js';
import { Route, checkHandler } from './route.js';
import { listRoutesOf, routeTable } from './routes.js';
import type {
  Layer as PublicLayer,
  ErrorRequestHandler,
  HandlerArg,
  RequestHandler,
  NextFunction,
  NoInferred,
  NoParams,
  ParamCallback,
  PathArg,
  PathParams,
  RouterMatcher,
  RouterMethods,
  RouteInfo,
  RouterOptions,
  RouterRequest,
} from './types.js';

/** A router: itself a handler `router(req, res, next)`, with the routing methods. */
export interface Router extends RouterMethods<Router> {
  /** Dispatches a request into the router; `next` is called if no layer ends the response. */
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
  /** Case-sensitive paths for the layers added from now on. */
  caseSensitive: boolean | undefined;
  /** Keep the parent's `req.params` in this router's layers. */
  mergeParams: boolean | undefined;
  /** Strict trailing slash for the routes added from now on. */
  strict: boolean | undefined;
  /** The `router.param()` callbacks, per parameter name. */
  params: Record<string, ParamCallback[]>;
  /** The layers, in order: middleware (`route` undefined) and routes (`route` set). */
  stack: PublicLayer[];
  /**
   * Dispatches a request: runs the matching layers in order; `callback(err?)` is called when
   * they all pass (`next()`), on an unhandled error, or on `next('router')`.
   * @throws TypeError `argument callback is required`
   */
  handle(req: IncomingMessage, res: ServerResponse, callback: NextFunction): void;
  /**
   * Adds middleware for every method on `path` (default `/`) and anything below it at a `/`.
   * @throws TypeError `argument handler is required` / `argument handler must be a function`
   */
  use(...handlers: RequestHandler[]): this;
  use(...handlers: ErrorRequestHandler[]): this;
  use(...handlers: HandlerArg[]): this;
  use<P extends PathArg>(path: P, ...handlers: RequestHandler<RouterRequest<PathParams<P>>>[]): this;
  use<P extends PathArg>(path: P, ...handlers: ErrorRequestHandler<RouterRequest<PathParams<P>>>[]): this;
  use<P extends PathArg>(path: P, ...handlers: HandlerArg<RouterRequest<PathParams<P>>>[]): this;
  /** With the params given as a type argument (router 2.3): `router.use<{ uid: string }>('/users/:uid', fn)`. */
  use<Params = NoParams>(path: PathArg, ...handlers: RequestHandler<RouterRequest<NoInferred<Params>>>[]): this;
  use<Params = NoParams>(path: PathArg, ...handlers: ErrorRequestHandler<RouterRequest<NoInferred<Params>>>[]): this;
  use<Params = NoParams>(path: PathArg, ...handlers: HandlerArg<RouterRequest<NoInferred<Params>>>[]): this;
  use<Params = NoParams>(...handlers: RequestHandler<RouterRequest<NoInferred<Params>>>[]): this;
  use<Params = NoParams>(...handlers: ErrorRequestHandler<RouterRequest<NoInferred<Params>>>[]): this;
  use<Params = NoParams>(...handlers: HandlerArg<RouterRequest<NoInferred<Params>>>[]): this;
  /** Creates a route for `path` (a whole-path match) and adds it to the stack. */
  route<P extends PathArg>(path: P): Route<RouterRequest<PathParams<P>>>;
  /**
   * Adds a callback `fn(req, res, next, value, name)` run before the route handlers whose path has
   * the parameter `name`, once per request and value.
   * @throws TypeError `argument name is required` / `argument name must be a string` /
   * `argument fn is required` / `argument fn must be a function`
   */
  param(name: string, fn: ParamCallback): this;
  /**
   * The routes and mounted routers, in the order they were added: one `{ path, methods, router }`
   * per path (a layer added with an array of paths gives one per path). `methods` lists a
   * route's methods upper-case, in the order they were first added, `'*'` for `all()` and the
   * automatic `HEAD` of a `GET` route last; `router` is a mounted router (anything with a
   * `stack` array), whose own routes are not listed (call its `listRoutes()`). Plain middleware
   * is not listed.
   */
  listRoutes(): RouteInfo[];
  /** A route for every method. */
  all: RouterMatcher<Router>;
}

/**
 * The arguments of a `use()`, as router 2's `router.use`, Express 5's `app.use` and Express 4's
 * `Router.use` read them: a path first (anything but a function, or an array whose first element,
 * however deeply nested, is not a function), else handlers only and the path `'/'`; the handlers
 * flattened (nested arrays to any depth). Throws `TypeError(required)` when no handler is left.
 * Checking each handler is the caller's: the messages differ, and router 2 adds the handlers
 * before a bad one.
 *
 * @param args The arguments `use()` was called with.
 * @param required The message of the `TypeError` thrown when there is no handler.
 * @returns The path, and the handlers in order.
 * @throws TypeError `required`, when no handler is given
 * @example
 * function use(...args) {
 *   const { path, handlers } = useArguments(args, 'argument handler is required');
 *   for (const fn of handlers) addLayer(path, fn);
 * }
 */
export function useArguments(args: ArrayLike<unknown>, required: string): { path: unknown; handlers: unknown[] } {
  let path: unknown = '/';
  let from = 0;
  const first = args[0];
  if (typeof first !== 'function') {
    let inner = first;
    while (Array.isArray(inner) && inner.length !== 0) inner = inner[0];
    if (typeof inner !== 'function') {
      path = first;
      from = 1;
    }
  }
  const handlers = (Array.prototype.slice.call(args, from) as unknown[]).flat(Infinity);
  if (handlers.length === 0) throw new TypeError(required);
  return { path, handlers };
}

/** `router.handle(req, res, callback)`: the dispatch (dispatch.ts). */
function routerHandle(this: RouterState, req: IncomingMessage, res: ServerResponse, callback: NextFunction): void {
  if (!callback) throw new TypeError('argument callback is required');
  dispatch(this, req, res, callback);
}
// router 2's name; a bundler would rename a second function called `handle` in this module.
Object.defineProperty(routerHandle, 'name', { value: 'handle' });

/**
 * The methods a router has from its prototype, but the one per HTTP method and `all` (added in a
 * loop below). The implementations are checked against the public `Router` interface here
 * (`satisfies`: a method missing, renamed, added or retyped on either side fails the typecheck;
 * test/types.test.ts shows it).
 */
export type RouterPrototypeMethods = Pick<Router, 'param' | 'handle' | 'use' | 'route' | 'listRoutes'>;

const routerMethods = {
  param: function param(this: Router, name: unknown, fn: unknown): Router {
    if (!name) throw new TypeError('argument name is required');
    if (typeof name !== 'string') throw new TypeError('argument name must be a string');
    if (!fn) throw new TypeError('argument fn is required');
    if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
    const table = this.params;
    let list = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!list) list = table[name] = [];
    list.push(fn as ParamCallback);
    return this;
  },

  handle: routerHandle,

  use: function use(this: Router, ...args: unknown[]): Router {
    const { path, handlers } = useArguments(args, 'argument handler is required');
    for (const fn of handlers) {
      checkHandler(fn);
      const options = { sensitive: this.caseSensitive, strict: false, end: false };
      const layer = new Layer(path, options, fn, extensionsOf(this)?.pathMatcher);
      this.stack.push(layer);
    }
    return this;
  },

  route: function route<P extends PathArg>(this: Router, path: P): Route<RouterRequest<PathParams<P>>> {
    const route = new Route<RouterRequest<PathParams<P>>>(path);
    const options = { sensitive: this.caseSensitive, strict: this.strict, end: true };
    const layer = new Layer(path, options, handle, extensionsOf(this)?.pathMatcher);
    function handle(req: { method?: string | undefined; route?: unknown }, res: unknown, next: NextFunction): void {
      route.dispatch(req, res, next);
    }
    Layer.bindRoute(layer, route);
    this.stack.push(layer);
    return route;
  },

  listRoutes: function listRoutes(this: Router): RouteInfo[] {
    return listRoutesOf(this.stack);
  },
} satisfies RouterPrototypeMethods;

/** The extensions a router was made with (extensions.ts), if any. */
function extensionsOf(router: Router): RouterState[typeof EXTENSIONS_IN_USE] {
  return (router as unknown as RouterState)[EXTENSIONS_IN_USE];
}

/** A method that adds handlers, called with the arguments as given (it checks them). */
type AddHandlers = { add(this: unknown, ...handlers: unknown[]): unknown }['add'];

/** The prototype every router inherits: itself a function, as in router 2, with the methods. */
const RouterPrototype = Object.assign(() => {}, routerMethods);

// router.get(path, ...handlers), router.post(...), ..., router.all(...): a route with those handlers.
for (const method of [...methods, 'all']) {
  Reflect.set(RouterPrototype, method, function (this: Router, path: unknown, ...handlers: unknown[]): Router {
    const route = this.route(path as PathArg);
    const add: AddHandlers = Reflect.get(route, method);
    add.apply(route, handlers);
    return this;
  });
}

/** `Router([options])`: the constructor (with or without `new`). */
export interface RouterConstructor {
  /** Creates a router. */
  new (options?: RouterOptions): Router;
  /** Creates a router (`new` is optional). */
  (options?: RouterOptions): Router;
  /** The arguments of a `use()`: the path and the flattened handlers ({@link useArguments}). */
  useArguments: typeof useArguments;
  /** Every route of a router and of those mounted in it, with its mount paths and handlers ({@link routeTable}). */
  routeTable: typeof routeTable;
  /** The key of brisk's own options, not router 2.3's (`Router({ [EXTENSIONS]: { ... } })`). */
  EXTENSIONS: typeof EXTENSIONS;
}

/**
 * A router: the function `router(req, res, next)`, named `router` as router 2's is (a layer's
 * `name`, what tracing reports for a mounted router), inheriting from `proto`. Made here, where
 * no other binding is called `router`: made inside `Router()`, next to a variable of that name,
 * the bundler renamed it `router2`.
 */
function routerFunction(proto: object): Router & RouterState {
  function router(req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
    self.handle(req, res, next);
  }
  // A router's methods come from its prototype, its fields from Router(): neither is visible to TypeScript.
  const self = Object.setPrototypeOf(router, proto) as Router & RouterState;
  return self;
}

/**
 * Creates a router: a function `router(req, res, next)` that dispatches requests through its
 * middleware and routes. Callable with or without `new`.
 *
 * @example
 * const router = Router({ mergeParams: true });
 * router.use(logger);
 * router.get('/users/:id', (req, res) => res.end(req.params.id));
 * http.createServer((req, res) => router(req, res, finalhandler(req, res)));
 */
export function Router(this: unknown, options?: RouterOptions): Router {
  // Without `new`: as `new Router(options)`, an instance of the current `Router.prototype`.
  if (!(this instanceof Router)) return Router.call(Object.create(Router.prototype), options);
  const opts = options || {};
  const router = routerFunction(this);
  router.caseSensitive = opts.caseSensitive;
  router.mergeParams = opts.mergeParams;
  router.params = {};
  router.strict = opts.strict;
  router.stack = [];
  router[INDEX] = undefined;
  router[EXTENSIONS_IN_USE] = checkExtensions(opts[EXTENSIONS]);
  return router;
}

Router.prototype = RouterPrototype;
// `require('@brisk/router').useArguments`, not enumerable: the module's keys stay router 2's.
Object.defineProperty(Router, 'useArguments', { value: useArguments, writable: true, configurable: true });
Object.defineProperty(Router, 'routeTable', { value: routeTable, writable: true, configurable: true });
// `require('@brisk/router').EXTENSIONS`, not enumerable either: brisk's own options' key.
Object.defineProperty(Router, 'EXTENSIONS', { value: EXTENSIONS, configurable: true });
// A bundler may rename the function; `Router.name` stays what router 2's is.
Object.defineProperty(Router, 'name', { value: 'Router' });
