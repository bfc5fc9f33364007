// `require('@brisk/router')`, as `require('router')` is: the `Router` constructor, with `Route` as a
// property and the types as a namespace (`Router.RouterOptions`), for CommonJS users
// (src/index.cts) and as the ESM default export (src/index.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LayerOptions as LayerOptionsT } from './layer.js';
import type { MethodName as MethodNameT } from './methods.js';
import { Route as RouteClass } from './route.js';
import { Router as createRouter, type Router as RouterType, type RouterConstructor as Constructor } from './router.js';
import type { TraceContext as TraceContextT } from './tracing.js';
import type * as routes from './routes.js';
import type * as types from './types.js';

/** `require('@brisk/router')`: the `Router` constructor, with `Route` as a property. */
export interface RouterModule extends Constructor {
  /** The route class (`router.route(path)` returns one). */
  Route: typeof RouteClass;
}

/**
 * Creates a router (with or without `new`): a handler `router(req, res, next)` that runs its
 * middleware and routes in order. `require('@brisk/router')` is this function, with `Route` as
 * a property, as `require('router')` is.
 *
 * @example
 * const Router = require('@brisk/router');
 * const router = Router();
 * router.get('/users/:id', (req, res) => res.end(req.params.id));
 * http.createServer((req, res) => router(req, res, (err) => { res.statusCode = err ? 500 : 404; res.end(); }));
 */
// TypeScript gives a function declaration no construct signature; `Router` is also called with `new`
export const Router: RouterModule = Object.assign(createRouter as unknown as Constructor, { Route: RouteClass });

// The request and response of every handler type (types.ts) take the namespace's as their base:
// an augmentation of `Router.Request` (CommonJS) or of types.ts's `Request` (ESM) then reaches
// them all, and types.ts imports nothing above it.
declare module './types.js' {
  interface Request<P> extends Router.Request<P> {}
  interface Response extends Router.Response {}
}

/** The types, also reachable from the function (`Router.RouterOptions`), for CommonJS users. */
export declare namespace Router {
  /** A router instance (what `Router()` returns). */
  export type Router = RouterType;
  /** A stack entry. */
  export type Layer = types.Layer;
  /** A public matcher of `layer.matchers`. */
  export type LayerMatcher = types.LayerMatcher;
  /** Options of `Router()`. */
  export type RouterOptions = types.RouterOptions;
  /** brisk's own `Router()` options, not router 2.3's (under the `EXTENSIONS` key). */
  export type RouterExtensions = types.RouterExtensions;
  /** What the `pathMatcher` extension is told about the layer being made. */
  export type PathMatcherOptions = types.PathMatcherOptions;
  /** A request as the router hands it to handlers. */
  export type RouterRequest<P = types.ParamsDictionary> = types.RouterRequest<P>;
  /**
   * A request as the router hands it to handlers. What every handler's request type builds on, so
   * an augmentation (`declare module '@brisk/router' { interface Request { user?: User } }`, as
   * for router 2.3) reaches middleware, route handlers, error handlers and param callbacks. It is
   * declared here, in the namespace that the CommonJS declarations export, so that the
   * augmentation merges with it there too.
   */
  export interface Request<P = types.ParamsDictionary> extends IncomingMessage {
    /** The URL, with the mount path of the current middleware stripped (always starts with `/`). */
    url: string;
    /** The URL as received, before any mount path was stripped. */
    originalUrl: string;
    /** The path the current router or middleware is mounted on (`''` at the top). */
    baseUrl: string;
    /** The parameters of the matched layer (with `mergeParams`, the parent's too). */
    params: P;
    /** The current router's `next`. */
    next?: types.NextFunction | undefined;
    /** The route being dispatched. */
    route?: types.RouteLike | undefined;
  }
  /** A response as the router hands it to handlers: node's, augmentable as {@link Request} is. */
  export interface Response extends ServerResponse {}
  /** A middleware or route handler (`Req`: the request type, or the params type). */
  export type RequestHandler<Req = types.RouterRequest, Res = types.Response> = types.RequestHandler<Req, Res>;
  /** An error handler (four parameters). */
  export type ErrorRequestHandler<Req = types.RouterRequest, Res = types.Response> = types.ErrorRequestHandler<
    Req,
    Res
  >;
  /** A middleware, route handler or error handler. */
  export type Handler<Req = types.RouterRequest, Res = types.Response> = types.Handler<Req, Res>;
  /** The request type a handler type is given (a request type, or params for `RouterRequest`). */
  export type RequestOf<R> = types.RequestOf<R>;
  /** `next`. */
  export type NextFunction = types.NextFunction;
  /** A `router.param()` callback. */
  export type ParamCallback<Req = types.RouterRequest, Res = types.Response> = types.ParamCallback<Req, Res>;
  /** A `router.param()` callback (router 2.3's name). */
  export type RequestParamHandler = types.RequestParamHandler;
  /** Route parameters. */
  export type ParamsDictionary = types.ParamsDictionary;
  /** Route parameters (router 2.3's name). */
  export type Params = types.ParamsDictionary;
  /** A path argument. */
  export type PathArg = types.PathArg;
  /** A path argument (router 2.3's name). */
  export type Path = types.PathArg;
  /** A route for `R`'s params (what `router.route(path)` returns for a path `R`). */
  export type Route<R extends types.PathArg = types.PathArg> = RouteClass<types.RouterRequest<types.PathParams<R>>>;
  /** One entry of `router.listRoutes()`. */
  export type RouteInfo = types.RouteInfo;
  /** A mounted router, as `router.listRoutes()` reports it. */
  export type MountedRouter = types.MountedRouter;
  /** A method name (`'get'`, `'m-search'`, `'query'`, ...). */
  export type Method = types.Method;
  /** The params a path gives (`RouteParameters<'/users/:id'>` is `{ id: string }`). */
  export type RouteParameters<P> = types.PathParams<P>;
  /** One route of `routeTable()`. */
  export type RouteTableEntry = routes.RouteTableEntry;
  /** One handler of a route of `routeTable()`. */
  export type RouteHandlerEntry = routes.RouteHandlerEntry;
  /** The context published on the `express.router.request` tracing channel. */
  export type TraceContext = TraceContextT;
  /** A handler argument. */
  export type HandlerArg<Req = types.RouterRequest, Res = types.Response> = types.HandlerArg<Req, Res>;
  /** A list of handler arguments. */
  export type HandlerArgs<Req = types.RouterRequest, Res = types.Response> = types.HandlerArgs<Req, Res>;
  /** The params object a path literal gives (`{ id: string }` for `'/users/:id'`). */
  export type PathParams<P> = types.PathParams<P>;
  /** A method name, lowercased (`'get'`, `'m-search'`, ...). */
  export type MethodName = MethodNameT;
  /** A router instance (what `Router()` returns). */
  export type RouterInstance = RouterType;
  /** The constructor `Router` (with or without `new`). */
  export type RouterConstructor = Constructor;
  /** `require('@brisk/router')`. */
  export type RouterModule = typeof Router;
  /** Options of a layer. */
  export type LayerOptions = LayerOptionsT;
  /** An entry of `router.stack` or `route.stack`, as other packages read it. */
  export type StackLayer = types.StackLayer;
  /** A route, as other packages read it. */
  export type RouteLike = types.RouteLike;
  /** `router.get(path, ...handlers)` and the other methods. */
  export type RouterMatcher<T> = types.RouterMatcher<T>;
  /** `router.get(path, ...handlers)` and the other methods (router 2.3's name). */
  export type RouterMethod<T> = types.RouterMatcher<T>;
  /** Every `router.METHOD` (router 2.3's name). */
  export type MethodHandlers<T> = types.RouterMethods<T>;
  /** `route.get(...handlers)` and the other methods. */
  export type RouteHandlerAdder<T, Req = types.RouterRequest> = types.RouteHandlerAdder<T, Req>;
  /** Every `router.METHOD`. */
  export type RouterMethods<T> = types.RouterMethods<T>;
  /** Every `route.METHOD`. */
  export type RouteMethods<T, Req = types.RouterRequest> = types.RouteMethods<T, Req>;
}
