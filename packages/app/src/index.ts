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

// Types: every public type of the app, by @types/express's names and brisk's own.
export type * from './types.js';
import type * as T from './types.js';
import type * as V from './view.js';
import type * as F from './finalhandler.js';
import type * as S from './settings.js';
import type * as R from './response.js';
import type { RouterFactory } from './types.js';
export type { Engine, ViewLike, ViewOptions } from './view.js';
export type { FinalHandler, FinalHandlerOptions } from './finalhandler.js';
export type { ETagFunction, QueryParser, TrustProxyFunction } from './settings.js';
export type { CookieOptions, SendFileOptions, SendFileOptions as DownloadOptions } from './response.js';

/** `require('@brisk/app')`: creates an app, with Express's properties. */
export interface BriskApp {
  (): import('./types.js').Express;
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

/**
 * The types, also reachable from the function (`brisk.Request`), as `express.Request` is: for
 * CommonJS TypeScript (`import brisk = require('@brisk/app')`), which sees only the function.
 * Each is an alias of the type itself, so an augmentation of one is an augmentation of the other.
 */
// biome-ignore-start lint/suspicious/noExplicitAny: @types/express's defaults, repeated
declare namespace brisk {
  export type { BriskApp };
  export type AnyRecord = AnyRecord_;
  export type Application<LocalsObj extends T.AnyRecord = T.AnyRecord> = Application_<LocalsObj>;
  export type AppMatcher<A> = AppMatcher_<A>;
  export type AppMethods<A> = AppMethods_<A>;
  export type CookieOptions = CookieOptions_;
  export type Dictionary<V> = Dictionary_<V>;
  export type DownloadOptions = DownloadOptions_;
  export type Engine = Engine_;
  export type Errback = Errback_;
  export type ErrorRequestHandler<
    P = T.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = T.ParsedQuery,
    LocalsObj extends T.AnyRecord = T.AnyRecord,
  > = ErrorRequestHandler_<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type ETagFunction = ETagFunction_;
  export type Express = Express_;
  export type ExtraMethod = ExtraMethod_;
  export type FinalHandler = FinalHandler_;
  export type FinalHandlerOptions = FinalHandlerOptions_;
  export type ForeignHandler = ForeignHandler_;
  export type Handler = Handler_;
  export type HandlerArg<P = T.ParamsDictionary> = HandlerArg_<P>;
  export type Handlers<H> = Handlers_<H>;
  export type IRoute<Route = string> = IRoute_<Route>;
  export type IRouter = IRouter_;
  export type IRouterHandler<A, Route = string> = IRouterHandler_<A, Route>;
  export type IRouterMatcher<A> = IRouterMatcher_<A>;
  export type ListenArgs = ListenArgs_;
  export type Locals = Locals_;
  export type MediaType = MediaType_;
  export type NextFunction = NextFunction_;
  export type ParamHandler = ParamHandler_;
  export type Params = Params_;
  export type ParamsDictionary = ParamsDictionary_;
  export type ParamsFlatDictionary = ParamsFlatDictionary_;
  export type ParsedQs = ParsedQs_;
  export type ParsedQuery = ParsedQuery_;
  export type PathArg = PathArg_;
  export type PathParams<Route> = PathParams_<Route>;
  export type Query = Query_;
  export type QueryParser = QueryParser_;
  export type Request<
    P = T.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = T.ParsedQuery,
    LocalsObj extends T.AnyRecord = T.AnyRecord,
  > = Request_<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type RequestHandler<
    P = T.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = T.ParsedQuery,
    LocalsObj extends T.AnyRecord = T.AnyRecord,
  > = RequestHandler_<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type RequestHandlerParams<
    P = T.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = T.ParsedQuery,
    LocalsObj extends T.AnyRecord = T.AnyRecord,
  > = RequestHandlerParams_<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type RequestParamHandler = RequestParamHandler_;
  export type Response<
    ResBody = any,
    LocalsObj extends T.AnyRecord = T.AnyRecord,
    StatusCode extends number = number,
  > = Response_<ResBody, LocalsObj, StatusCode>;
  export type RouteHandlerAdder<A, Route = string> = RouteHandlerAdder_<A, Route>;
  export type RouteParameters<Route> = RouteParameters_<Route>;
  export type Router = Router_;
  export type RouterFactory = RouterFactory_;
  export type RouterMethodsOf<A> = RouterMethodsOf_<A>;
  export type RouterOptions = RouterOptions_;
  export type Send<ResBody = any, R = T.Response<ResBody>> = Send_<ResBody, R>;
  export type SendFileOptions = SendFileOptions_;
  export type TrustProxyFunction = TrustProxyFunction_;
  export type UseHandler<A> = UseHandler_<A>;
  export type ViewConstructor = ViewConstructor_;
  export type ViewLike = ViewLike_;
  export type ViewOptions = ViewOptions_;
}
// Top-level aliases, which the namespace names: the declaration bundler flattens `T.X` to `X`,
// and a namespace member named `X` cannot then say `X`.
type AnyRecord_ = T.AnyRecord;
type Application_<LocalsObj extends T.AnyRecord = T.AnyRecord> = T.Application<LocalsObj>;
type AppMatcher_<A> = T.AppMatcher<A>;
type AppMethods_<A> = T.AppMethods<A>;
type CookieOptions_ = R.CookieOptions;
type Dictionary_<V> = T.Dictionary<V>;
type DownloadOptions_ = R.SendFileOptions;
type Engine_ = V.Engine;
type Errback_ = T.Errback;
type ErrorRequestHandler_<
  P = T.ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = T.ParsedQuery,
  LocalsObj extends T.AnyRecord = T.AnyRecord,
> = T.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
type ETagFunction_ = S.ETagFunction;
type Express_ = T.Express;
type ExtraMethod_ = T.ExtraMethod;
type FinalHandler_ = F.FinalHandler;
type FinalHandlerOptions_ = F.FinalHandlerOptions;
type ForeignHandler_ = T.ForeignHandler;
type Handler_ = T.Handler;
type HandlerArg_<P = T.ParamsDictionary> = T.HandlerArg<P>;
type Handlers_<H> = T.Handlers<H>;
type IRoute_<Route = string> = T.IRoute<Route>;
type IRouter_ = T.IRouter;
type IRouterHandler_<A, Route = string> = T.IRouterHandler<A, Route>;
type IRouterMatcher_<A> = T.IRouterMatcher<A>;
type ListenArgs_ = T.ListenArgs;
type Locals_ = T.Locals;
type MediaType_ = T.MediaType;
type NextFunction_ = T.NextFunction;
type ParamHandler_ = T.ParamHandler;
type Params_ = T.Params;
type ParamsDictionary_ = T.ParamsDictionary;
type ParamsFlatDictionary_ = T.ParamsFlatDictionary;
type ParsedQs_ = T.ParsedQs;
type ParsedQuery_ = T.ParsedQuery;
type PathArg_ = T.PathArg;
type PathParams_<Route> = T.PathParams<Route>;
type Query_ = T.Query;
type QueryParser_ = S.QueryParser;
type Request_<
  P = T.ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = T.ParsedQuery,
  LocalsObj extends T.AnyRecord = T.AnyRecord,
> = T.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
type RequestHandler_<
  P = T.ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = T.ParsedQuery,
  LocalsObj extends T.AnyRecord = T.AnyRecord,
> = T.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
type RequestHandlerParams_<
  P = T.ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = T.ParsedQuery,
  LocalsObj extends T.AnyRecord = T.AnyRecord,
> = T.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
type RequestParamHandler_ = T.RequestParamHandler;
type Response_<
  ResBody = any,
  LocalsObj extends T.AnyRecord = T.AnyRecord,
  StatusCode extends number = number,
> = T.Response<ResBody, LocalsObj, StatusCode>;
type RouteHandlerAdder_<A, Route = string> = T.RouteHandlerAdder<A, Route>;
type RouteParameters_<Route> = T.RouteParameters<Route>;
type Router_ = T.Router;
type RouterFactory_ = T.RouterFactory;
type RouterMethodsOf_<A> = T.RouterMethodsOf<A>;
type RouterOptions_ = T.RouterOptions;
type Send_<ResBody = any, R = T.Response<ResBody>> = T.Send<ResBody, R>;
type SendFileOptions_ = R.SendFileOptions;
type TrustProxyFunction_ = S.TrustProxyFunction;
type UseHandler_<A> = T.UseHandler<A>;
type ViewConstructor_ = T.ViewConstructor;
type ViewLike_ = V.ViewLike;
type ViewOptions_ = V.ViewOptions;
// biome-ignore-end lint/suspicious/noExplicitAny: @types/express's defaults, repeated

export default brisk;
