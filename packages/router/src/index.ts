// @brisk/router: middleware and route dispatch, a drop-in for router 2.3 (the Express 5 router).
import { Route } from './route.js';
import { Router as createRouter, type Router as RouterType, type RouterConstructor } from './router.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as T from './types.js';
import type { LayerOptions as LayerOptionsT } from './layer.js';
import type { MethodName as MethodNameT } from './methods.js';
import type { TraceContext as TraceContextT } from './tracing.js';

// Classes
export { Route } from './route.js';
export { useArguments } from './router.js';

// Types
export type { RouterConstructor } from './router.js';
export type { LayerMatcher, LayerOptions } from './layer.js';
/** A router instance: what `Router()` returns. */
export type RouterInstance = RouterType;
/** An entry of `router.stack` or `route.stack`. */
export type Layer = T.Layer;
export type { MethodName } from './methods.js';
export type {
  ErrorRequestHandler,
  Handler,
  HandlerArg,
  HandlerArgs,
  Method,
  MethodHandlers,
  MountedRouter,
  NextFunction,
  ParamCallback,
  Params,
  ParamsDictionary,
  Path,
  PathArg,
  PathParams,
  Request,
  RequestHandler,
  RequestOf,
  RequestParamHandler,
  Response,
  RouteHandlerAdder,
  RouteInfo,
  RouteMethods,
  RouteParameters,
  RouterMatcher,
  RouterMethod,
  RouterMethods,
  RouteLike,
  RouterOptions,
  RouterRequest,
  StackLayer,
} from './types.js';
export type { TraceContext } from './tracing.js';

/** `require('@brisk/router')`: the `Router` constructor, with `Route` as a property. */
export interface RouterModule extends RouterConstructor {
  /** The route class (`router.route(path)` returns one). */
  Route: typeof Route;
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
const Router: RouterModule = Object.assign(createRouter as unknown as RouterConstructor, { Route });

/** The types, also reachable from the function (`Router.RouterOptions`), for CommonJS users. */
declare namespace Router {
  /** A router instance (what `Router()` returns). */
  export type Router = RouterType;
  /** A stack entry. */
  export type Layer = LayerType;
  /** A public matcher of `layer.matchers`. */
  export type LayerMatcher = LayerMatcherType;
  /** Options of `Router()`. */
  export type RouterOptions = RouterOptionsType;
  /** A request as the router hands it to handlers. */
  export type RouterRequest<P = ParamsType> = RouterRequestType<P>;
  /**
   * A request as the router hands it to handlers. What every handler's request type builds on, so
   * an augmentation (`declare module '@brisk/router' { interface Request { user?: User } }`, as
   * for router 2.3) reaches middleware, route handlers, error handlers and param callbacks. It is
   * declared here, in the namespace that the CommonJS declarations export, so that the
   * augmentation merges with it there too.
   */
  export interface Request<P = ParamsType> extends IncomingMessage {
    /** The URL, with the mount path of the current middleware stripped (always starts with `/`). */
    url: string;
    /** The URL as received, before any mount path was stripped. */
    originalUrl: string;
    /** The path the current router or middleware is mounted on (`''` at the top). */
    baseUrl: string;
    /** The parameters of the matched layer (with `mergeParams`, the parent's too). */
    params: P;
    /** The current router's `next`. */
    next?: NextFunctionType | undefined;
    /** The route being dispatched. */
    route?: RouteLikeType | undefined;
  }
  /** A response as the router hands it to handlers: node's, augmentable as {@link Request} is. */
  export interface Response extends ServerResponse {}
  /** A middleware or route handler (`Req`: the request type, or the params type). */
  export type RequestHandler<Req = RouterRequestType, Res = ResponseType> = RequestHandlerType<Req, Res>;
  /** An error handler (four parameters). */
  export type ErrorRequestHandler<Req = RouterRequestType, Res = ResponseType> = ErrorRequestHandlerType<Req, Res>;
  /** A middleware, route handler or error handler. */
  export type Handler<Req = RouterRequestType, Res = ResponseType> = HandlerType<Req, Res>;
  /** The request type a handler type is given (a request type, or params for `RouterRequest`). */
  export type RequestOf<R> = RequestOfType<R>;
  /** `next`. */
  export type NextFunction = NextFunctionType;
  /** A `router.param()` callback. */
  export type ParamCallback<Req = RouterRequestType, Res = ResponseType> = ParamCallbackType<Req, Res>;
  /** A `router.param()` callback (router 2.3's name). */
  export type RequestParamHandler = RequestParamHandlerType;
  /** Route parameters. */
  export type ParamsDictionary = ParamsType;
  /** Route parameters (router 2.3's name). */
  export type Params = ParamsType;
  /** A path argument. */
  export type PathArg = PathArgType;
  /** A path argument (router 2.3's name). */
  export type Path = PathArgType;
  /** A route for `R`'s params (what `router.route(path)` returns for a path `R`). */
  export type Route<R extends PathArgType = PathArgType> = RouteOfPath<R>;
  /** One entry of `router.listRoutes()`. */
  export type RouteInfo = RouteInfoType;
  /** A mounted router, as `router.listRoutes()` reports it. */
  export type MountedRouter = MountedRouterType;
  /** A method name (`'get'`, `'m-search'`, `'query'`, ...). */
  export type Method = MethodType;
  /** The params a path gives (`RouteParameters<'/users/:id'>` is `{ id: string }`). */
  export type RouteParameters<P> = PathParamsType<P>;
  /** The context published on the `express.router.request` tracing channel. */
  export type TraceContext = TraceContextType;
  /** A handler argument. */
  export type HandlerArg<Req = RouterRequestType, Res = ResponseType> = HandlerArgType<Req, Res>;
  /** A list of handler arguments. */
  export type HandlerArgs<Req = RouterRequestType, Res = ResponseType> = HandlerArgsType<Req, Res>;
  /** The params object a path literal gives (`{ id: string }` for `'/users/:id'`). */
  export type PathParams<P> = PathParamsType<P>;
  /** A method name, lowercased (`'get'`, `'m-search'`, ...). */
  export type MethodName = MethodNameType;
  /** A router instance (what `Router()` returns). */
  export type RouterInstance = RouterType;
  /** The constructor `Router` (with or without `new`). */
  export type RouterConstructor = RouterConstructorType;
  /** `require('@brisk/router')`. */
  export type RouterModule = RouterModuleType;
  /** Options of a layer. */
  export type LayerOptions = LayerOptionsType;
  /** An entry of `router.stack` or `route.stack`, as other packages read it. */
  export type StackLayer = StackLayerType;
  /** A route, as other packages read it. */
  export type RouteLike = RouteLikeType;
  /** `router.get(path, ...handlers)` and the other methods. */
  export type RouterMatcher<T> = RouterMatcherType<T>;
  /** `router.get(path, ...handlers)` and the other methods (router 2.3's name). */
  export type RouterMethod<T> = RouterMatcherType<T>;
  /** Every `router.METHOD` (router 2.3's name). */
  export type MethodHandlers<T> = RouterMethodsType<T>;
  /** `route.get(...handlers)` and the other methods. */
  export type RouteHandlerAdder<T, Req = RouterRequestType> = RouteHandlerAdderType<T, Req>;
  /** Every `router.METHOD`. */
  export type RouterMethods<T> = RouterMethodsType<T>;
  /** Every `route.METHOD`. */
  export type RouteMethods<T, Req = RouterRequestType> = RouteMethodsType<T, Req>;
}
// Top-level aliases: a namespace merged with a const cannot re-export imported names.
type LayerType = T.Layer;
type LayerMatcherType = T.LayerMatcher;
type RouterOptionsType = T.RouterOptions;
type RouterRequestType<P = ParamsType> = T.RouterRequest<P>;
type ResponseType = T.Response;
type HandlerType<Req, Res> = T.Handler<Req, Res>;
type RequestOfType<R> = T.RequestOf<R>;
type RequestParamHandlerType = T.RequestParamHandler;
type RouteOfPath<R> = Route<T.RouterRequest<T.PathParams<R>>>;
type RouteInfoType = T.RouteInfo;
type MountedRouterType = T.MountedRouter;
type MethodType = T.Method;
type TraceContextType = TraceContextT;
type RequestHandlerType<Req, Res> = T.RequestHandler<Req, Res>;
type ErrorRequestHandlerType<Req, Res> = T.ErrorRequestHandler<Req, Res>;
type NextFunctionType = T.NextFunction;
type ParamCallbackType<Req, Res> = T.ParamCallback<Req, Res>;
type ParamsType = T.ParamsDictionary;
type PathArgType = T.PathArg;
type HandlerArgType<Req, Res> = T.HandlerArg<Req, Res>;
type HandlerArgsType<Req, Res> = T.HandlerArgs<Req, Res>;
type PathParamsType<P> = T.PathParams<P>;
type MethodNameType = MethodNameT;
type RouterConstructorType = RouterConstructor;
type RouterModuleType = RouterModule;
type LayerOptionsType = LayerOptionsT;
type StackLayerType = T.StackLayer;
type RouteLikeType = T.RouteLike;
type RouterMatcherType<T0> = T.RouterMatcher<T0>;
type RouteHandlerAdderType<T0, Req> = T.RouteHandlerAdder<T0, Req>;
type RouterMethodsType<T0> = T.RouterMethods<T0>;
type RouteMethodsType<T0, Req> = T.RouteMethods<T0, Req>;

export default Router;
