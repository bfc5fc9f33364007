// briskjs: Express 5 and morgan in one package. `require('briskjs')` is the function that creates
// an app, with Express's properties (`application`, `request`, `response`, `Route`, `Router`,
// `json`, `raw`, `text`, `urlencoded`, `static`) and `logger`, the request logger (morgan).
// Everything is @brisk/app's and @brisk/logger's own objects: one instance per process.
import app, { type BriskApp } from '@brisk/app';
import type { IncomingMessage, ServerResponse } from 'node:http';
import logger from '@brisk/logger';
import type { Application } from '@brisk/app';

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

// Types
export type {
  Application,
  AppMatcher,
  AppMethods,
  BriskApp,
  Engine,
  ErrorRequestHandler,
  ETagFunction,
  FinalHandler,
  FinalHandlerOptions,
  Handler,
  Handlers,
  ListenArgs,
  Locals,
  NextFunction,
  ParamHandler,
  ParamsDictionary,
  ParsedQuery,
  PathArg,
  PathParams,
  QueryParser,
  Request,
  RequestHandler,
  Response,
  TrustProxyFunction,
  ViewConstructor,
  ViewLike,
  ViewOptions,
} from '@brisk/app';
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
  (): Application;
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
function createApplication(): Application {
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

/**
 * Types as `express.Request` & co. for CommonJS TypeScript users (`import express = require('briskjs')`),
 * who see only the default export. Names of the other packages stay qualified (`app.Request`), so the
 * bundled declarations keep pointing at @brisk/app's types.
 */
declare namespace brisk {
  export type Application = app.Application;
  export type Express = app.Application;
  export type Request<P = app.ParamsDictionary, ReqBody = unknown, Query = app.ParsedQuery> = app.Request<
    P,
    ReqBody,
    Query
  >;
  export type Response<ResBody = unknown> = app.Response<ResBody>;
  export type NextFunction = app.NextFunction;
  export type RequestHandler<P = app.ParamsDictionary, ReqBody = unknown, Query = app.ParsedQuery> = app.RequestHandler<
    P,
    ReqBody,
    Query
  >;
  export type ErrorRequestHandler<
    P = app.ParamsDictionary,
    ReqBody = unknown,
    Query = app.ParsedQuery,
  > = app.ErrorRequestHandler<P, ReqBody, Query>;
  export type Handler<P = app.ParamsDictionary> = app.Handler<P>;
  export type Router = app.Router;
  export type IRouter = app.IRouter;
  export type IRoute<P = app.ParamsDictionary> = app.IRoute<P>;
  export type ParamsDictionary = app.ParamsDictionary;
  export type ParsedQuery = app.ParsedQuery;
  export type Locals = app.Locals;
  export type BriskApp = app.BriskApp;
  export type PathArg = app.PathArg;
  export type PathParams<P> = app.PathParams<P>;
  export type Handlers<H> = app.Handlers<H>;
  export type AppMatcher<A> = app.AppMatcher<A>;
  export type AppMethods<A> = app.AppMethods<A>;
  export type ListenArgs = app.ListenArgs;
  export type ParamHandler = app.ParamHandler;
  export type Engine = app.Engine;
  export type ViewOptions = app.ViewOptions;
  export type ViewLike = app.ViewLike;
  export type ViewConstructor = app.ViewConstructor;
  export type FinalHandler = app.FinalHandler;
  export type FinalHandlerOptions = app.FinalHandlerOptions;
  export type ETagFunction = app.ETagFunction;
  export type QueryParser = app.QueryParser;
  export type TrustProxyFunction = app.TrustProxyFunction;
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
// A top-level alias: a namespace merged with a const cannot name the file's own interface directly.
type BriskInterface = Brisk;

export default brisk;
