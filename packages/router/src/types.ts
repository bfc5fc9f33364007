// Public types: requests as the router leaves them, handlers, paths, and the routing methods.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ParamData, Params as PatternParams } from '@brisk/path';
import type { EXTENSIONS } from './constants.js';
import type { MethodName } from './methods.js';

/** Route parameters: a string per `:param` (and RegExp group), an array per `*wildcard`. */
export type ParamsDictionary = ParamData;

/** The parameters of a path: inferred from a literal pattern (`'/users/:id'` → `{ id: string }`). */
export type PathParams<P> = P extends string
  ? string extends P
    ? ParamsDictionary
    : PatternParams<P>
  : ParamsDictionary;

/** `next`: `next()` continues, `next('route')` leaves the route, `next('router')` the router, `next(err)` raises an error. */
export type NextFunction = (err?: unknown) => void;

/** Route parameters, by router 2.3's name (`Router.Params`). */
export type Params = ParamsDictionary;

/**
 * A request as the router hands it to handlers (router 2.3's `Router.Request`): `url`,
 * `originalUrl`, `baseUrl`, `params`, `next` and `route` on node's request. Augment it to
 * describe what middleware adds; the augmentation reaches middleware, route handlers, error
 * handlers and `router.param()` callbacks:
 *
 * @example
 * declare module '@brisk/router' {
 *   interface Request {
 *     user?: { id: string };
 *   }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: its members and base come from module.ts (below)
// biome-ignore lint/correctness/noUnusedVariables: P is the params type module.ts's base takes
export interface Request<P = ParamsDictionary> {
  // The members (`url`, `originalUrl`, `baseUrl`, `params: P`, `next`, `route`) are declared once,
  // on `Router.Request` in module.ts, the interface a CommonJS augmentation merges with (the
  // namespace `require('@brisk/router')` exports); module.ts adds them to this one as its base
  // (`declare module './types.js'`), so that this file imports nothing above it.
}

/** A request as the router hands it to handlers: {@link Request} (augmentations included). */
export interface RouterRequest<P = ParamsDictionary> extends Request<P> {}

/**
 * A response as the router hands it to handlers (router 2.3's `Router.Response`): node's
 * `ServerResponse`. Augment it to describe what middleware adds (see {@link Request}).
 */
// biome-ignore lint/suspicious/noEmptyInterface: its base comes from module.ts, as Request's
export interface Response {}

/**
 * The request type a handler type is given: a request type (anything extending node's
 * `IncomingMessage`) as it is, anything else as the params of {@link RouterRequest}, so that
 * `RequestHandler<{ id: string }>` types `req.params` as router 2.3's does.
 */
export type RequestOf<T> = [T] extends [IncomingMessage] ? T : RouterRequest<T>;

/** `T`, not inferred from where it is used (so that only an explicit type argument sets it). */
export type NoInferred<T> = [T][T extends unknown ? 0 : never];

/** What explicit-params overloads default to: no params, so a handler without a type argument does not fit. */
export type NoParams = Record<never, never>;

/**
 * One entry of a stack as dispatch calls it: brisk's `Layer`, or an object shaped like router 2's.
 * (`Layer` implements it; declared here so that this module imports no runtime module.)
 */
export interface StackLayer {
  /** The lowercased method of a route's layer; undefined for `route.all()` layers and router layers. */
  method?: string | undefined;
  /** Calls the handler for a request (an error handler is skipped). */
  handleRequest(req: unknown, res: unknown, next: NextFunction): void;
  /** Calls the handler for an error (only a four-parameter handler is one). */
  handleError(err: unknown, req: unknown, res: unknown, next: NextFunction): void;
}

/** A public matcher of `layer.matchers`, as router 2 has them: `false` or `{ params, path }`. */
export type LayerMatcher = (path: string) => false | { params: ParamsDictionary; path: string };

/**
 * One entry of `router.stack` or `route.stack` as code outside the router sees it, shaped as
 * router 2's `Layer`. The class that implements it (layer.ts) takes its public fields' types from
 * here and is checked to have no other public member; it keeps its own state in private fields,
 * which stay out of the published declarations.
 */
export interface Layer extends StackLayer {
  /** The handler (a middleware, an error handler, or a route's dispatcher). */
  handle: (...args: never[]) => unknown;
  /** The parameter names of the last match (router 2: `Object.keys(params)`). */
  keys: string[];
  /** The handler's name, or `'<anonymous>'`. */
  name: string;
  /**
   * The path as registered (router 2.3): a string, RegExp, or, for an array path, a new flat
   * array of its elements (nested arrays flattened, at registration).
   */
  rawPath: unknown;
  /** The parameters of the last match. */
  params: ParamsDictionary | undefined;
  /** The matched part of the path at the last match (for middleware, the part stripped from `req.url`). */
  path: string | undefined;
  /** `true` for middleware on `/`: it matches every path without looking at it. */
  slash: boolean;
  /** One matcher per path of the layer (an array path gives several), tried in order. */
  matchers: LayerMatcher[];
  /** The route, for the layers `router.route()` adds; undefined for middleware. */
  route: RouteLike | undefined;
  /** The lowercased method of a route's layer; undefined for `route.all()` layers and router layers. */
  method: string | undefined;
  /** Matches `path`; on success stores `params`, `path` and `keys` and returns `true`. */
  match(path: string | null | undefined): boolean;
}

/**
 * A route as `req.route` and a router's layers show it: what `Route` has, minus the methods
 * that add handlers (`router.route(path)` returns the full `Route`).
 */
export interface RouteLike {
  /** The path given to `router.route()`. */
  path: unknown;
  /** The handlers' layers, in the order they were added. */
  stack: StackLayer[];
  /** The methods with handlers (lowercased, `_all` for `all`). */
  methods: Record<string, boolean | undefined>;
  /** Runs the route's handlers for the request's method. */
  dispatch(req: { method?: string | undefined; route?: unknown }, res: unknown, done: NextFunction): void;
  /** `true` when the route has handlers for `method` (HEAD falls back to GET). */
  _handlesMethod(method: unknown): boolean;
  /**
   * The methods with handlers, upper-case, with `HEAD` added when only `GET` has handlers;
   * `all()` handlers appear as `'*'` when `includeAll` is true.
   */
  _methods(includeAll?: boolean): string[];
}

/**
 * A router mounted with `use()`, as `listRoutes()` reports it: anything callable with a `stack`
 * array (a brisk router, or router 2's), which may list its own routes.
 */
export interface MountedRouter {
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): unknown;
  stack: unknown[];
  listRoutes?(): RouteInfo[];
}

/**
 * One entry of `router.listRoutes()`: a path with its route's methods, or a mounted router.
 * `methods` is upper-case, in the order the methods were first added, `'*'` for `all()` and the
 * automatic `HEAD` of a `GET` route last; an empty array is a route with no handlers yet.
 */
export type RouteInfo = {
  /** The path as registered (one element of an array path). */
  path: string | RegExp;
} & (
  | {
      methods: string[];
      router: undefined;
    }
  | {
      methods: undefined;
      router: MountedRouter;
    }
);

/**
 * A middleware or route handler. It may return a promise: a rejection calls `next(err)`. `Req` is
 * the request type, or the params type (`RequestHandler<{ id: string }>`, as router 2.3 has it).
 */
export type RequestHandler<Req = RouterRequest, Res = Response> = (
  req: RequestOf<Req>,
  res: Res,
  next: NextFunction,
) => unknown;

/**
 * An error handler: a function declared with exactly four parameters. Its `err` may be
 * annotated (`(err: Error, req, res, next) => ...`). `Req` as in {@link RequestHandler}.
 */
export type ErrorRequestHandler<Req = RouterRequest, Res = Response> = {
  handler(err: unknown, req: RequestOf<Req>, res: Res, next: NextFunction): unknown;
}['handler'];

/** A middleware, route handler or error handler (router 2.3's `Router.Handler`). */
export type Handler<Req = RouterRequest, Res = Response> = RequestHandler<Req, Res> | ErrorRequestHandler<Req, Res>;

/** A handler argument: a function (middleware, router, app, error handler) or a nested array of them. */
export type HandlerArg<Req = RouterRequest, Res = Response> =
  | RequestHandler<Req, Res>
  | ErrorRequestHandler<Req, Res>
  | readonly HandlerArg<Req, Res>[];

/** A list of handler arguments. */
export type HandlerArgs<Req = RouterRequest, Res = Response> = HandlerArg<Req, Res>[];

/** A path argument: a string, a pattern (`/users/:id`), a RegExp, or a nested array of them. */
export type PathArg = string | RegExp | readonly PathArg[];

/**
 * A `router.param()` callback: `fn(req, res, next, value, name)`; `value` may be annotated
 * (`(req, res, next, id: string) => ...`).
 */
export type ParamCallback<Req = RouterRequest, Res = Response> = {
  callback(req: Req, res: Res, next: NextFunction, value: string | string[], name: string): unknown;
}['callback'];

/** A `router.param()` callback, by router 2.3's name (`Router.RequestParamHandler`). */
export type RequestParamHandler = ParamCallback;

/**
 * `router.get(path, ...handlers)` and its siblings; parameters are inferred from a literal path.
 * Inline handlers are typed by the first overload that fits: all middleware (three parameters),
 * all error handlers (four), or any mix of handlers, arrays and routers (then annotate them).
 */
export interface RouterMatcher<T> {
  <P extends PathArg>(path: P, ...handlers: Array<RequestHandler<RouterRequest<PathParams<P>>>>): T;
  <P extends PathArg>(path: P, ...handlers: Array<ErrorRequestHandler<RouterRequest<PathParams<P>>>>): T;
  <P extends PathArg>(path: P, ...handlers: HandlerArgs<RouterRequest<PathParams<P>>>): T;
  // The params given as a type argument (router 2.3): `router.get<{ id: string }>(path, ...)`.
  <Params = NoParams>(path: PathArg, ...handlers: Array<RequestHandler<RouterRequest<NoInferred<Params>>>>): T;
  <Params = NoParams>(path: PathArg, ...handlers: Array<ErrorRequestHandler<RouterRequest<NoInferred<Params>>>>): T;
  <Params = NoParams>(path: PathArg, ...handlers: HandlerArgs<RouterRequest<NoInferred<Params>>>): T;
}

/** `route.get(...handlers)` and its siblings (overloads as {@link RouterMatcher}). */
export interface RouteHandlerAdder<T, Req = RouterRequest> {
  (...handlers: Array<RequestHandler<Req>>): T;
  (...handlers: Array<ErrorRequestHandler<Req>>): T;
  (...handlers: HandlerArgs<Req>): T;
  // The params given as a type argument (router 2.3): `route.get<{ id: string }>(...)`.
  <Params = NoParams>(...handlers: Array<RequestHandler<RouterRequest<NoInferred<Params>>>>): T;
  <Params = NoParams>(...handlers: Array<ErrorRequestHandler<RouterRequest<NoInferred<Params>>>>): T;
  <Params = NoParams>(...handlers: HandlerArgs<RouterRequest<NoInferred<Params>>>): T;
}

/** A method name as router 2.3's types have it (`Router.Method`): node 18's, and `query`. */
export type Method = MethodName | 'query';

/** A path argument, by router 2.3's name (`Router.Path`). */
export type Path = PathArg;

/** The params a path gives, by router 2.3's name (`Router.RouteParameters<'/users/:id'>`). */
export type RouteParameters<P> = PathParams<P>;

/** `router.get(path, ...handlers)` and its siblings, by router 2.3's name (`Router.RouterMethod`). */
export type RouterMethod<T> = RouterMatcher<T>;

/** A routing method per HTTP method (`QUERY` exists where node knows it: node 20+). */
export type RouterMethods<T> = { [M in MethodName]: RouterMatcher<T> } & { query?: RouterMatcher<T> };

/** Every `router.METHOD`, by router 2.3's name (`Router.MethodHandlers`). */
export type MethodHandlers<T> = RouterMethods<T>;

/** A handler-adding method per HTTP method (`QUERY` exists where node knows it: node 20+). */
export type RouteMethods<T, Req = RouterRequest> = { [M in MethodName]: RouteHandlerAdder<T, Req> } & {
  query?: RouteHandlerAdder<T, Req>;
};

/** Options of `Router()`. */
export interface RouterOptions {
  /**
   * Case-sensitive paths: `/Foo` and `/foo` differ.
   * @default false
   */
  caseSensitive?: boolean | undefined;
  /**
   * Keep the parent router's `req.params` (the child's values win on conflicts).
   * @default false
   */
  mergeParams?: boolean | undefined;
  /**
   * Strict routing: `/foo/` and `/foo` differ (routes only; `use()` always ignores a trailing `/`).
   * @default false
   */
  strict?: boolean | undefined;
  /**
   * brisk's own options, not router 2.3's, for code that builds another router's behaviour over
   * this one (`briskjs/express4`): see {@link RouterExtensions}. Keyed by the `EXTENSIONS` symbol.
   */
  [EXTENSIONS]?: RouterExtensions | undefined;
}

/** How a layer's path is being compiled, as {@link RouterExtensions.pathMatcher} is told. */
export interface PathMatcherOptions {
  /** Case-sensitive matching (the router's `caseSensitive`). */
  sensitive: boolean;
  /** Strict trailing slash (the router's `strict` for routes; always `false` for `use()`). */
  strict: boolean;
  /** `true` for a route (the whole path), `false` for middleware (a prefix ending at a `/`). */
  end: boolean;
}

/**
 * brisk's own `Router()` options (`Router({ [EXTENSIONS]: { ... } })`), none of them router 2.3's:
 * they let a layer over the router (`briskjs/express4` builds Express 4's router this way)
 * configure what router 2.3 fixes. Checked when the router is made: an unknown key or a value of
 * the wrong type throws a `TypeError` naming it. A router made without them is router 2.3's.
 */
export interface RouterExtensions {
  /**
   * Sends the automatic answer to an `OPTIONS` request that no route answered: `methods` are the
   * methods of the routes whose path matched, upper-case, each once, in the order the routes were
   * met (registration order). A throw, or a rejection of a promise it returns, goes to the
   * router's `next(err)` (a falsy one as an `Error`).
   * @default router 2.3's: `200`, the methods sorted and joined by `', '` in `Allow` and the
   * body, `Content-Type: text/plain`, `X-Content-Type-Options: nosniff`
   */
  optionsResponse?: ((res: ServerResponse, methods: string[]) => void | Promise<void>) | undefined;
  /**
   * Compiles one element of a layer's path (an array path: each element, flattened), when
   * `use()` or `route()` adds the layer: a matcher to use for it, or `undefined` for router
   * 2.3's own compilation. The layer keeps the element as given (`rawPath`, `route.path`,
   * `listRoutes()`, tracing), has the matcher in `layer.matchers`, and takes its params as the
   * matcher returns them. Such a layer is tried for every path (the dispatch index cannot read it).
   * @default none: every path is compiled as router 2.3 compiles it
   */
  pathMatcher?: ((path: unknown, options: PathMatcherOptions) => LayerMatcher | undefined) | undefined;
  /**
   * `req.params` as a plain object (inheriting `Object.prototype`), as Express 4 made it, rather
   * than router 2.3's prototype-less one. A `__proto__` param is left out, as an assignment to a
   * plain object leaves it out.
   * @default false
   */
  plainParams?: boolean | undefined;
}
