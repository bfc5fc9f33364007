// briskjs: Express 5 and morgan in one package. `require('briskjs')` is the function that creates
// an app, with Express's properties (`application`, `request`, `response`, `Route`, `Router`,
// `json`, `raw`, `text`, `urlencoded`, `static`) and `logger`, the request logger (morgan).
// Everything is @brisk/app's and @brisk/logger's own objects: one instance per process.
import app, { type BriskApp } from '@brisk/app';
import type { IncomingMessage, ServerResponse } from 'node:http';
import logger from '@brisk/logger';
import type { Express } from '@brisk/app';

// What express exports (`static` is a reserved word: `import { static as serveStatic }`), and the logger
export {
  application,
  finalhandler,
  json,
  raw,
  request,
  response,
  Route,
  Router,
  static,
  text,
  urlencoded,
} from '@brisk/app';
export { default as logger } from '@brisk/logger';

// Types: every public type of @brisk/app (@types/express's names and brisk's), and the logger's
export type * from '@brisk/app';
export type {
  FormatFn,
  Logger,
  LoggerMiddleware,
  LoggerOptions,
  ObjectLoggerOptions,
  ObjectLogStream,
  TokenCallback,
  Tokens,
} from '@brisk/logger';

/** `require('briskjs')`: creates an app, with Express's properties and `logger`. */
export interface Brisk {
  (): Express;
  application: BriskApp['application'];
  request: BriskApp['request'];
  response: BriskApp['response'];
  Route: BriskApp['Route'];
  Router: BriskApp['Router'];
  json: BriskApp['json'];
  raw: BriskApp['raw'];
  text: BriskApp['text'];
  urlencoded: BriskApp['urlencoded'];
  static: BriskApp['static'];
  finalhandler: BriskApp['finalhandler'];
  /** The request logger: `brisk.logger('dev')` (morgan 1.12). */
  logger: typeof logger;
}

/**
 * Creates an application (`express()`).
 *
 * @example
 * const brisk = require('briskjs');
 * const app = brisk();
 * app.use(brisk.logger('dev'));
 * app.get('/', (req, res) => res.send('Hello World'));
 * app.listen(3000);
 */
function createApplication(): Express {
  return app();
}

const brisk: Brisk = Object.assign(createApplication, {
  application: app.application,
  request: app.request,
  response: app.response,
  Route: app.Route,
  Router: app.Router,
  json: app.json,
  raw: app.raw,
  text: app.text,
  urlencoded: app.urlencoded,
  static: app.static,
  finalhandler: app.finalhandler,
  logger,
});

// biome-ignore-start lint/suspicious/noExplicitAny: @types/express's defaults, repeated
/**
 * Types as `express.Request` & co. for CommonJS TypeScript users (`import express = require('briskjs')`),
 * who see only the default export. Names of the other packages stay qualified (`app.Request`), so the
 * bundled declarations keep pointing at @brisk/app's types.
 */
declare namespace brisk {
  export type BriskApp = app.BriskApp;
  export type AnyRecord = app.AnyRecord;
  export type Application<LocalsObj extends app.AnyRecord = app.AnyRecord> = app.Application<LocalsObj>;
  export type AppMatcher<A> = app.AppMatcher<A>;
  export type AppMethods<A> = app.AppMethods<A>;
  export type CookieOptions = app.CookieOptions;
  export type Dictionary<V> = app.Dictionary<V>;
  export type DownloadOptions = app.SendFileOptions;
  export type Engine = app.Engine;
  export type Errback = app.Errback;
  export type ErrorRequestHandler<
    P = app.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = app.ParsedQuery,
    LocalsObj extends app.AnyRecord = app.AnyRecord,
  > = app.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type ETagFunction = app.ETagFunction;
  export type Express = app.Express;
  export type ExtraMethod = app.ExtraMethod;
  export type FinalHandler = app.FinalHandler;
  export type FinalHandlerOptions = app.FinalHandlerOptions;
  export type ForeignHandler = app.ForeignHandler;
  export type Handler = app.Handler;
  export type HandlerArg<P = app.ParamsDictionary> = app.HandlerArg<P>;
  export type Handlers<H> = app.Handlers<H>;
  export type IRoute<Route = string> = app.IRoute<Route>;
  export type IRouter = app.IRouter;
  export type IRouterHandler<A, Route = string> = app.IRouterHandler<A, Route>;
  export type IRouterMatcher<A> = app.IRouterMatcher<A>;
  export type ListenArgs = app.ListenArgs;
  export type Locals = app.Locals;
  export type MediaType = app.MediaType;
  export type NextFunction = app.NextFunction;
  export type ParamHandler = app.ParamHandler;
  export type Params = app.Params;
  export type ParamsDictionary = app.ParamsDictionary;
  export type ParamsFlatDictionary = app.ParamsFlatDictionary;
  export type ParsedQs = app.ParsedQs;
  export type ParsedQuery = app.ParsedQuery;
  export type PathArg = app.PathArg;
  export type PathParams<Route> = app.PathParams<Route>;
  export type Query = app.Query;
  export type QueryParser = app.QueryParser;
  export type Request<
    P = app.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = app.ParsedQuery,
    LocalsObj extends app.AnyRecord = app.AnyRecord,
  > = app.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type RequestHandler<
    P = app.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = app.ParsedQuery,
    LocalsObj extends app.AnyRecord = app.AnyRecord,
  > = app.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type RequestHandlerParams<
    P = app.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = app.ParsedQuery,
    LocalsObj extends app.AnyRecord = app.AnyRecord,
  > = app.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  export type RequestParamHandler = app.RequestParamHandler;
  export type Response<
    ResBody = any,
    LocalsObj extends app.AnyRecord = app.AnyRecord,
    StatusCode extends number = number,
  > = app.Response<ResBody, LocalsObj, StatusCode>;
  export type RouteHandlerAdder<A, Route = string> = app.RouteHandlerAdder<A, Route>;
  export type RouteParameters<Route> = app.RouteParameters<Route>;
  export type Router = app.Router;
  export type RouterFactory = app.RouterFactory;
  export type RouterMethodsOf<A> = app.RouterMethodsOf<A>;
  export type RouterOptions = app.RouterOptions;
  export type Send<ResBody = any, R = app.Response<ResBody>> = app.Send<ResBody, R>;
  export type SendFileOptions = app.SendFileOptions;
  export type TrustProxyFunction = app.TrustProxyFunction;
  export type UseHandler<A> = app.UseHandler<A>;
  export type ViewConstructor = app.ViewConstructor;
  export type ViewLike = app.ViewLike;
  export type ViewOptions = app.ViewOptions;
  export type Brisk = BriskInterface;
  export type Logger = logger.Logger;
  export type LoggerOptions<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = logger.LoggerOptions<Req, Res>;
  export type LoggerMiddleware<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = logger.LoggerMiddleware<Req, Res>;
  export type FormatFn<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
    Entry extends object = never,
  > = logger.FormatFn<Req, Res, Entry>;
  export type ObjectLogStream<Entry extends object = object> = logger.ObjectLogStream<Entry>;
  export type ObjectLoggerOptions<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
    Entry extends object = object,
  > = logger.ObjectLoggerOptions<Req, Res, Entry>;
  export type TokenCallback<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = logger.TokenCallback<Req, Res>;
  export type Tokens<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = logger.Tokens<Req, Res>;
}
// biome-ignore-end lint/suspicious/noExplicitAny: @types/express's defaults, repeated
// A top-level alias: a namespace merged with a const cannot name the file's own interface directly.
type BriskInterface = Brisk;

export default brisk;
