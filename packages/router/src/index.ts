// @brisk/router: middleware and route dispatch, a drop-in for router 2.2 (the Express 5 router).
import { Route } from './route.js';
import { Router as createRouter, type Router as RouterType, type RouterConstructor } from './router.js';
import type { ServerResponse } from 'node:http';
import type * as T from './types.js';
import type { Layer as LayerClass, LayerMatcher as Matcher, LayerOptions as LayerOptionsT } from './layer.js';
import type { MethodName as MethodNameT } from './methods.js';

// Classes
export { Route } from './route.js';

// Types
export type { RouterConstructor } from './router.js';
export type { LayerMatcher, LayerOptions } from './layer.js';
/** A router instance: what `Router()` returns. */
export type RouterInstance = RouterType;
/** An entry of `router.stack` or `route.stack`. */
export type Layer = LayerClass;
export type { MethodName } from './methods.js';
export type {
  ErrorRequestHandler,
  HandlerArg,
  HandlerArgs,
  NextFunction,
  ParamCallback,
  ParamsDictionary,
  PathArg,
  PathParams,
  RequestHandler,
  RouteHandlerAdder,
  RouteMethods,
  RouterMatcher,
  RouterMethods,
  RouteLike,
  RouterOptions,
  RouterRequest,
  StackLayer,
} from './types.js';

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
  /** A middleware or route handler. */
  export type RequestHandler<Req = RouterRequestType, Res = ServerResponse> = RequestHandlerType<Req, Res>;
  /** An error handler (four parameters). */
  export type ErrorRequestHandler<Req = RouterRequestType, Res = ServerResponse> = ErrorRequestHandlerType<Req, Res>;
  /** `next`. */
  export type NextFunction = NextFunctionType;
  /** A `router.param()` callback. */
  export type ParamCallback<Req = RouterRequestType, Res = ServerResponse> = ParamCallbackType<Req, Res>;
  /** Route parameters. */
  export type ParamsDictionary = ParamsType;
  /** A path argument. */
  export type PathArg = PathArgType;
  /** A handler argument. */
  export type HandlerArg<Req = RouterRequestType, Res = ServerResponse> = HandlerArgType<Req, Res>;
  /** A list of handler arguments. */
  export type HandlerArgs<Req = RouterRequestType, Res = ServerResponse> = HandlerArgsType<Req, Res>;
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
  /** `route.get(...handlers)` and the other methods. */
  export type RouteHandlerAdder<T, Req = RouterRequestType> = RouteHandlerAdderType<T, Req>;
  /** Every `router.METHOD`. */
  export type RouterMethods<T> = RouterMethodsType<T>;
  /** Every `route.METHOD`. */
  export type RouteMethods<T, Req = RouterRequestType> = RouteMethodsType<T, Req>;
}
// Top-level aliases: a namespace merged with a const cannot re-export imported names.
type LayerType = LayerClass;
type LayerMatcherType = Matcher;
type RouterOptionsType = T.RouterOptions;
type RouterRequestType<P = ParamsType> = T.RouterRequest<P>;
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
