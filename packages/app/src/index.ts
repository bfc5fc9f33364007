// @brisk/app: the Express 5 application, request and response, and the final handler; a drop-in
// for express 5.3 (with finalhandler 2.1). `require('@brisk/app')` is the function that creates
// an app, with Express's properties, as `require('express')` is.
import { json, raw, text, urlencoded } from '@brisk/body';
import RouterImpl, { Route as RouteImpl } from '@brisk/router';
import { serveStatic } from '@brisk/static';
import { application } from './application.js';
import { createApplication } from './create.js';
import { finalhandler } from './finalhandler.js';
import { request } from './request.js';
import { response } from './response.js';

// The application (also properties of the default export, as on express)
export { application } from './application.js';
export { request } from './request.js';
export { response } from './response.js';
export { finalhandler } from './finalhandler.js';

/** `brisk.Router([options])`: @brisk/router's Router, typed for an app's requests and responses. */
export const Router: RouterFactory = RouterImpl as unknown as RouterFactory;
/** The route class (`brisk.Route`). */
export const Route: RouterFactory['Route'] = RouteImpl as unknown as RouterFactory['Route'];

// What express re-exports (`static` is a reserved word: `import { static as serveStatic }`)
export { json, raw, text, urlencoded } from '@brisk/body';
export { serveStatic as static } from '@brisk/static';

// Types
export type {
  Application,
  AppMatcher,
  AppMethods,
  ErrorRequestHandler,
  Handler,
  Handlers,
  IRoute,
  IRouter,
  ListenArgs,
  Locals,
  NextFunction,
  ParamHandler,
  ParamsDictionary,
  ParsedQuery,
  PathArg,
  PathParams,
  Request,
  RequestHandler,
  Response,
  RouteHandlerAdder,
  RouterFactory,
  RouterMethodsOf,
  ViewConstructor,
} from './types.js';
import type * as T from './types.js';
import type * as V from './view.js';
import type * as F from './finalhandler.js';
import type * as S from './settings.js';
import type { RouterFactory } from './types.js';
export type { Engine, ViewLike, ViewOptions } from './view.js';
export type { FinalHandler, FinalHandlerOptions } from './finalhandler.js';
export type { ETagFunction, QueryParser, TrustProxyFunction } from './settings.js';

/** `require('@brisk/app')`: creates an app, with Express's properties. */
export interface BriskApp {
  (): import('./types.js').Application;
  application: typeof application;
  request: typeof request;
  response: typeof response;
  Route: RouterFactory['Route'];
  Router: RouterFactory;
  json: typeof json;
  raw: typeof raw;
  text: typeof text;
  urlencoded: typeof urlencoded;
  static: typeof serveStatic;
  finalhandler: typeof finalhandler;
}

/**
 * Creates an application (`express()`), with `application`, `request`, `response`, `Route`,
 * `Router`, `json`, `raw`, `text`, `urlencoded`, `static` and `finalhandler` as properties.
 */
const brisk: BriskApp = Object.assign(createApplication, {
  application,
  request,
  response,
  Route,
  Router,
  json,
  raw,
  text,
  urlencoded,
  static: serveStatic,
  finalhandler,
});

/** The types, also reachable from the function (`brisk.Request`), as `express.Request` is. */
declare namespace brisk {
  export type { BriskApp };
  /** An application. */
  export type Application = ApplicationType;
  /** An application (`express.Express`). */
  export type Express = ApplicationType;
  /** A request as handlers see it. */
  export type Request<P = ParamsType, ReqBody = unknown, Query = QueryType> = RequestType<P, ReqBody, Query>;
  /** A response as handlers see it. */
  export type Response<ResBody = unknown> = ResponseType<ResBody>;
  /** `next`. */
  export type NextFunction = NextType;
  /** A middleware or route handler. */
  export type RequestHandler<P = ParamsType, ReqBody = unknown, Query = QueryType> = RequestHandlerType<
    P,
    ReqBody,
    Query
  >;
  /** An error handler (four parameters). */
  export type ErrorRequestHandler<P = ParamsType, ReqBody = unknown, Query = QueryType> = ErrorRequestHandlerType<
    P,
    ReqBody,
    Query
  >;
  /** A handler argument. */
  export type Handler<P = ParamsType> = HandlerType<P>;
  /** A router made by `brisk.Router()`. */
  export type Router = RouterType;
  /** A router made by `brisk.Router()` (`express.IRouter`). */
  export type IRouter = RouterType;
  /** A route. */
  export type IRoute<P = ParamsType> = RouteType<P>;
  /** Route parameters. */
  export type ParamsDictionary = ParamsType;
  /** A parsed query string. */
  export type ParsedQuery = QueryType;
  /** Per-request or per-app locals. */
  export type Locals = LocalsType;
  /** A path argument (string, pattern, RegExp or an array of these). */
  export type PathArg = PathArgType;
  /** The params object a path literal gives (`{ id: string }` for `'/users/:id'`). */
  export type PathParams<P> = PathParamsType<P>;
  /** A handler, or nested arrays of handlers. */
  export type Handlers<H> = HandlersType<H>;
  /** `app.get(path, ...handlers)` and the other methods. */
  export type AppMatcher<A> = AppMatcherType<A>;
  /** Every `app.METHOD`. */
  export type AppMethods<A> = AppMethodsType<A>;
  /** The arguments `app.listen` takes. */
  export type ListenArgs = ListenArgsType;
  /** An `app.param()` callback. */
  export type ParamHandler = ParamHandlerType;
  /** A template engine (`app.engine(ext, fn)`). */
  export type Engine = EngineType;
  /** Options of a view. */
  export type ViewOptions = ViewOptionsType;
  /** A view (`app.set('view', View)`). */
  export type ViewLike = ViewLikeType;
  /** The constructor of views. */
  export type ViewConstructor = ViewConstructorType;
  /** `finalhandler(req, res, options)`'s result. */
  export type FinalHandler = FinalHandlerType;
  /** Options of `finalhandler`. */
  export type FinalHandlerOptions = FinalHandlerOptionsType;
  /** An `etag` setting function. */
  export type ETagFunction = ETagFunctionType;
  /** A `query parser` setting function. */
  export type QueryParser = QueryParserType;
  /** A compiled `trust proxy` setting. */
  export type TrustProxyFunction = TrustProxyFunctionType;
  /** `route.get(...handlers)` and the other methods. */
  export type RouteHandlerAdder<A, P = ParamsType> = RouteHandlerAdderType<A, P>;
  /** `brisk.Router`: the router constructor, typed for app requests. */
  export type RouterFactory = RouterFactoryType;
  /** Every `router.METHOD` of a router made by `brisk.Router()`. */
  export type RouterMethodsOf<A> = RouterMethodsOfType<A>;
}
// Top-level aliases: a namespace merged with a const cannot re-export imported names.
type ApplicationType = T.Application;
type RequestType<P, ReqBody, Query> = T.Request<P, ReqBody, Query>;
type ResponseType<ResBody> = T.Response<ResBody>;
type NextType = T.NextFunction;
type RequestHandlerType<P, ReqBody, Query> = T.RequestHandler<P, ReqBody, Query>;
type ErrorRequestHandlerType<P, ReqBody, Query> = T.ErrorRequestHandler<P, ReqBody, Query>;
type HandlerType<P> = T.Handler<P>;
type RouterType = T.IRouter;
type RouteType<P> = T.IRoute<P>;
type ParamsType = T.ParamsDictionary;
type QueryType = T.ParsedQuery;
type LocalsType = T.Locals;
type PathArgType = T.PathArg;
type PathParamsType<P> = T.PathParams<P>;
type HandlersType<H> = T.Handlers<H>;
type AppMatcherType<A> = T.AppMatcher<A>;
type AppMethodsType<A> = T.AppMethods<A>;
type ListenArgsType = T.ListenArgs;
type ParamHandlerType = T.ParamHandler;
type EngineType = V.Engine;
type ViewOptionsType = V.ViewOptions;
type ViewLikeType = V.ViewLike;
type ViewConstructorType = T.ViewConstructor;
type FinalHandlerType = F.FinalHandler;
type FinalHandlerOptionsType = F.FinalHandlerOptions;
type ETagFunctionType = S.ETagFunction;
type QueryParserType = S.QueryParser;
type TrustProxyFunctionType = S.TrustProxyFunction;
type RouteHandlerAdderType<A, P> = T.RouteHandlerAdder<A, P>;
type RouterFactoryType = T.RouterFactory;
type RouterMethodsOfType<A> = T.RouterMethodsOf<A>;

export default brisk;
