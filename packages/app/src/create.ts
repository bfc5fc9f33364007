// createApplication(): the app function (Express's `express()`).

import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json as jsonParser, raw as rawParser, text as textParser, urlencoded as urlencodedParser } from '@brisk/body';
import RouterImpl, { Route as RouteImpl, type NextFunction } from '@brisk/router';
import { serveStatic } from '@brisk/static';
import { CLASSES, application } from './application.js';
import { finalhandler as finalHandler } from './finalhandler.js';
import { fromFetch as fromFetchHandler } from './from-fetch.js';
import { BriskRequest, request as requestPrototype } from './request.js';
import { BriskResponse, response as responsePrototype } from './response.js';
import { shutdown as shutdownServer, trackServer } from './shutdown.js';
import type { Application, Express, RouterFactory } from './types.js';
import * as types from './types.js'; // types only, for the namespace
import type * as bodies from '@brisk/body';
import type * as applications from './application.js';
import * as views from './view.js'; // types only, for the namespace
import * as finalhandlers from './finalhandler.js'; // types only, for the namespace
import * as settings from './settings.js'; // types only, for the namespace
import * as responses from './response.js'; // types only, for the namespace
import * as sendFiles from './send-file.js'; // types only, for the namespace
import * as shutdowns from './shutdown.js'; // types only, for the namespace
import * as injects from './inject.js'; // types only, for the namespace
import * as fetches from './fetch.js'; // types only, for the namespace
import * as fromFetches from './from-fetch.js'; // types only, for the namespace

/** Copies the own properties of `source` that `target` does not have yet (merge-descriptors, no redefine). */
function mixin(target: object, source: object): void {
  for (const name of Object.getOwnPropertyNames(source)) {
    if (Object.hasOwn(target, name)) continue;
    Object.defineProperty(target, name, Object.getOwnPropertyDescriptor(source, name) as PropertyDescriptor);
  }
}

/** `{ value }` as an own, writable, enumerable, configurable property (Express's `app` on its prototypes). */
function appProperty(app: Application): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value: app };
}

/**
 * Creates an application: a request handler `app(req, res, next?)` with Express's methods.
 * Its requests and responses are instances of classes of its own, whose prototypes are
 * `app.request` and `app.response` (themselves inheriting `brisk.request` and `brisk.response`).
 *
 * @example
 * const app = brisk();
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000);
 */
export function createApplication(): Express {
  // The server that last called the app as its request listener (an EventEmitter calls a
  // listener with itself as `this`): a new one gets its connections tracked for `shutdown`.
  let server: unknown;
  const app = function app(this: unknown, req: IncomingMessage, res: ServerResponse, next?: NextFunction): void {
    if (this !== server) {
      server = this;
      if (this !== undefined && this !== null) trackServer(this, { req, res });
    }
    (app as unknown as Express).handle(req, res, next); // the function is the app (mixin below)
  } as unknown as Express; // an Express once `mixin` has copied the methods onto it, as express does
  mixin(app, EventEmitter.prototype);
  mixin(app, application);

  class AppRequest extends BriskRequest {}
  class AppResponse extends BriskResponse {}
  Object.defineProperty(AppRequest.prototype, 'app', appProperty(app));
  Object.defineProperty(AppResponse.prototype, 'app', appProperty(app));
  app.request = AppRequest.prototype as never;
  app.response = AppResponse.prototype as never;
  Object.defineProperty(app, CLASSES, { value: { Request: AppRequest, Response: AppResponse } });

  app.init();
  return app;
}

// `router.fetch(request)`: a router answers a `Request` as an app with the default settings that
// mounts it on `/` (made at the first call, one per router). The method is the app package's, put
// on @brisk/router's prototype here, not enumerable (a router's keys stay router 2's), so that a
// router made by `brisk.Router()` (the router package's own constructor, as Express's is) has it.
const FETCH_HOSTS = new WeakMap<object, Express>();
Object.defineProperty(RouterImpl.prototype, 'fetch', {
  configurable: true,
  writable: true,
  value: function fetch(this: object, request: Request, options?: fetches.FetchOptions): Promise<Response> {
    let host = FETCH_HOSTS.get(this);
    if (host === undefined) {
      host = createApplication();
      host.use(this as never);
      FETCH_HOSTS.set(this, host);
    }
    return host.fetch(request, options);
  },
});

// Express's `module.exports`: `createApplication`, with these as properties (`require('@brisk/app')`,
// src/index.cts; the ESM default export, src/index.ts).
const appPrototype = application;
export namespace createApplication {
  /** The prototype of every app's methods (`express.application`). */
  export const application: typeof applications.application = appPrototype;
  /** The prototype of every app's requests (`express.request`). */
  export const request = requestPrototype;
  /** The prototype of every app's responses (`express.response`). */
  export const response = responsePrototype;
  /** `brisk.Router([options])`: @brisk/router's Router, typed for an app's requests and responses. */
  // @brisk/router's Router, typed for node's requests, given the app's request and response types
  export const Router: RouterFactory = RouterImpl as unknown as RouterFactory;
  /** The route class (`brisk.Route`). */
  // (the same for the route class)
  export const Route: RouterFactory['Route'] = RouteImpl as unknown as RouterFactory['Route'];
  /** JSON bodies (body-parser's `json`). */
  export const json: typeof bodies.json = jsonParser;
  /** Bodies as a Buffer (body-parser's `raw`). */
  export const raw: typeof bodies.raw = rawParser;
  /** Bodies as a string (body-parser's `text`). */
  export const text: typeof bodies.text = textParser;
  /** HTML form bodies (body-parser's `urlencoded`). */
  export const urlencoded: typeof bodies.urlencoded = urlencodedParser;
  /** The final handler (finalhandler 2.1). */
  export const finalhandler = finalHandler;
  /** Graceful shutdown of a server: `await brisk.shutdown(server, { timeout })`. */
  export const shutdown = shutdownServer;
  /** Middleware that answers with a fetch handler: `app.use('/api', brisk.fromFetch(hono.fetch))`. */
  export const fromFetch = fromFetchHandler;
}
// `static` is a reserved word: declared in the namespace below (`var static`), assigned here.
Object.assign(createApplication, { static: serveStatic });

/**
 * The types, also reachable from the function (`brisk.Request`), as `express.Request` is: for
 * CommonJS TypeScript (`import brisk = require('@brisk/app')`), which sees only the function. The
 * members are the types themselves (not copies), so `declare module '@brisk/app' { interface
 * Request { user?: User } }` reaches every handler's `req`, as the global `Express` namespace does
 * (docs/typescript.md).
 */
export declare namespace createApplication {
  /** serve-static: the static-file middleware (`express.static`). */
  var static: typeof serveStatic;
  /** `require('@brisk/app')`: creates an app, with Express's properties. */
  export type BriskApp = typeof createApplication;
  /** A router made by `brisk.Router()` (@types/express's `Router`). */
  export interface Router extends types.Router {}
  export import AnyRecord = types.AnyRecord;
  export import Application = types.Application;
  export import ApplicationRequestHandler = types.ApplicationRequestHandler;
  export import AppMatcher = types.AppMatcher;
  export import AppMethods = types.AppMethods;
  export import ByteRange = types.ByteRange;
  export import CookieOptions = responses.CookieOptions;
  export import Dictionary = types.Dictionary;
  export import DownloadOptions = sendFiles.SendFileOptions;
  export import Engine = views.Engine;
  export import Errback = types.Errback;
  export import ErrorRequestHandler = types.ErrorRequestHandler;
  export import ETagFunction = settings.ETagFunction;
  export import Express = types.Express;
  export import ExtraMethod = types.ExtraMethod;
  export import FetchHandler = fromFetches.FetchHandler;
  export import FetchOptions = fetches.FetchOptions;
  export import FinalHandler = finalhandlers.FinalHandler;
  export import FinalHandlerOptions = finalhandlers.FinalHandlerOptions;
  export import ForeignHandler = types.ForeignHandler;
  export import Handler = types.Handler;
  export import HandlerArg = types.HandlerArg;
  export import Handlers = types.Handlers;
  export import ILayer = types.ILayer;
  export import InjectOptions = injects.InjectOptions;
  export import InjectResponse = injects.InjectResponse;
  export import IRoute = types.IRoute;
  export import IRouter = types.IRouter;
  export import IRouterHandler = types.IRouterHandler;
  export import IRouterMatcher = types.IRouterMatcher;
  export import ListenArgs = types.ListenArgs;
  export import Locals = types.Locals;
  export import MediaType = types.MediaType;
  export type NextFunction = types.NextFunction;
  export import ParamHandler = types.ParamHandler;
  export import Params = types.Params;
  export import ParamsArray = types.ParamsArray;
  export import ParamsDictionary = types.ParamsDictionary;
  export import ParamsFlatDictionary = types.ParamsFlatDictionary;
  export import ParsedQs = types.ParsedQs;
  export import ParsedQuery = types.ParsedQuery;
  export type PathArg = types.PathArg;
  export import PathParams = types.PathParams;
  export import Query = types.Query;
  export import QueryParser = settings.QueryParser;
  export import Request = types.Request;
  export import RequestHandler = types.RequestHandler;
  export import RequestHandlerParams = types.RequestHandlerParams;
  export import RequestParamHandler = types.RequestParamHandler;
  export import RequestRanges = types.RequestRanges;
  export import RequestSchemas = types.RequestSchemas;
  export import Response = types.Response;
  export import RouteHandlerAdder = types.RouteHandlerAdder;
  export import RouteParameters = types.RouteParameters;
  export import RouterFactory = types.RouterFactory;
  export import RouterMethodsOf = types.RouterMethodsOf;
  export import RouterOptions = types.RouterOptions;
  export import SchemaOutput = types.SchemaOutput;
  export import Send = types.Send;
  export import SendFileOptions = sendFiles.SendFileOptions;
  export import ShutdownOptions = shutdowns.ShutdownOptions;
  export import ShutdownServer = shutdowns.ShutdownServer;
  export import TrustProxyFunction = settings.TrustProxyFunction;
  export import UseHandler = types.UseHandler;
  export import ValidatedBody = types.ValidatedBody;
  export import ValidatedHandler = types.ValidatedHandler;
  export import ValidatedHeaders = types.ValidatedHeaders;
  export import ValidatedParams = types.ValidatedParams;
  export import ValidatedQuery = types.ValidatedQuery;
  export import ValidatedResBody = types.ValidatedResBody;
  export import ValidatingHandler = types.ValidatingHandler;
  export import ViewConstructor = views.ViewConstructor;
  export import ViewLike = views.ViewLike;
  export import ViewOptions = views.ViewOptions;
}
