// briskjs/express4: Express 4.22 on brisk. `require('briskjs/express4')` is an `express()` whose
// apps, routers, requests, responses and body parsers behave as Express 4.22's, each Express 4
// habit reported once with a `DeprecationWarning` naming the Express 5 way (docs/express4.md).
//
// Everything here is a layer over brisk's Express 5 objects, set up when an app or router is
// made: an app is a `brisk()` app whose own request and response prototypes (`app.request`,
// `app.response`) get Express 4's methods, whose router has Express 4's prototype layer
// (router.ts), and whose `query parser` is Express 4's. Apps made by `require('briskjs')` are
// never touched, and no request of theirs runs any code of this file (decision 031).

import brisk from '@brisk/app';
import { parse as parseQs } from '@brisk/qs';
import { parseurl } from '@brisk/http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, raw, text, urlencoded } from './body.js';
import { parseExtendedQuery, requestOverlay } from './request.js';
import { responseOverlay } from './response.js';
import { Router } from './router.js';
import { fileType } from './response.js';
import { warn } from './warn.js';
import type { Express } from '@brisk/app';
import type {
  ErrorRequestHandler4,
  Express4,
  Express4Static,
  Matcher4,
  ParamHandler4,
  ParamProcessor,
  Request4,
  RequestHandler4,
  Response4,
  Route4,
  Router4,
  Send4,
  Use4,
} from './types.js';
import type { WarningCode } from './warn.js';

export type {
  ErrorRequestHandler4,
  Express4,
  Express4Static,
  Matcher4,
  ParamHandler4,
  ParamProcessor,
  Request4,
  RequestHandler4,
  Response4,
  Route4,
  Router4,
  Send4,
  Use4,
} from './types.js';
export type { WarningCode } from './warn.js';

type App = {
  set(setting: string, value?: unknown): unknown;
  enabled(setting: string): boolean;
  request: object;
  response: object;
  delete(...args: unknown[]): unknown;
};

/** Express 4's middleware that 4.x no longer bundles: reading one throws Express 4's error. */
const REMOVED = [
  'bodyParser',
  'compress',
  'cookieSession',
  'session',
  'logger',
  'cookieParser',
  'favicon',
  'responseTime',
  'errorHandler',
  'timeout',
  'methodOverride',
  'vhost',
  'csrf',
  'directory',
  'limit',
  'multipart',
  'staticCache',
];

const baseSet = brisk.application.set;

/** `app.set` with Express 4's `extended` query parser (qs with `arrayLimit` 1000). */
function set(this: ThisParameterType<typeof baseSet>, setting: string, value?: unknown): unknown {
  if (arguments.length === 1) return baseSet.call(this, setting);
  const ret = baseSet.call(this, setting, value);
  if (setting === 'query parser' && value === 'extended') baseSet.call(this, 'query parser fn', parseExtendedQuery);
  return ret;
}

/** `app.del()`: `app.delete()` under its Express 3 name. */
function del(this: App, ...args: unknown[]): unknown {
  warn('BRISK_E4_APP_DEL');
  return this.delete(...args);
}

const requestProps = requestOverlay(brisk.request);
const responseProps = responseOverlay(brisk.response);

/**
 * Creates an Express 4 application (`express()` of Express 4.22).
 *
 * @example
 * const express = require('briskjs/express4');
 * const app = express();
 * app.get('/users/:id?', (req, res) => res.send(200, req.params.id || 'all'));
 */
function createApplication(): Express4 {
  const app = brisk();
  express4App(app);
  return app;
}

/** Makes a brisk app an Express 4 app: Express 4's router, `set`, `del`, requests and responses. */
function express4App(app: Express): asserts app is Express & Express4 {
  let router: unknown = null;
  const routerOf = function (this: Express): unknown {
    router ??= Router({
      caseSensitive: this.enabled('case sensitive routing'),
      strict: this.enabled('strict routing'),
    });
    return router;
  };
  Object.defineProperty(app, 'router', { configurable: true, enumerable: true, get: routerOf });
  // Express 4's name for it (apps list their routes with `app._router.stack`)
  Object.defineProperty(app, '_router', { configurable: true, enumerable: false, get: routerOf });
  Object.defineProperties(app, {
    set: { configurable: true, enumerable: true, writable: true, value: set },
    del: { configurable: true, enumerable: true, writable: true, value: del },
  });
  app.set('query parser', 'extended');
  Object.defineProperties(app.request, requestProps);
  Object.defineProperties(app.response, responseProps);
}

/** Express 4's `express.query([options])`: parses the query string into `req.query` unless set. */
function query(
  options?: object | ((str: string) => unknown),
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const parse =
    typeof options === 'function' ? options : (str: string) => parseQs(str, { allowPrototypes: true, ...options });
  return function query(req, _res, next) {
    const r = req as IncomingMessage & { query?: unknown };
    if (!r.query) r.query = parse((parseurl(req)?.query as string) ?? '');
    next();
  };
}

type StaticOptions = {
  setHeaders?: (res: ServerResponse, path: string, stat: unknown) => void;
  [key: string]: unknown;
};

/** `express.static(root, [options])`: serve-static, with send 0.19's `charset=UTF-8` for text files. */
function serveStatic(root: string, options?: StaticOptions): unknown {
  const setHeaders = options?.setHeaders;
  return brisk.static(root, {
    ...options,
    setHeaders(res: ServerResponse, path: string, stat: unknown) {
      const type = fileType(res, path, undefined);
      if (type !== undefined) res.setHeader('Content-Type', type);
      if (setHeaders) setHeaders(res, path, stat);
    },
  } as never);
}

// Express4Static types the functions as Express 4's: what they take and make, narrower than the
// types they are exported with by name
const express: Express4Static = Object.assign(createApplication, {
  application: brisk.application,
  request: brisk.request,
  response: brisk.response,
  Route: brisk.Route,
  Router: Router as Express4Static['Router'],
  json: json as Express4Static['json'],
  raw: raw as Express4Static['raw'],
  text: text as Express4Static['text'],
  urlencoded: urlencoded as Express4Static['urlencoded'],
  query: query,
  static: serveStatic as Express4Static['static'],
});

for (const name of REMOVED) {
  Object.defineProperty(express, name, {
    configurable: true,
    get() {
      throw new Error(
        `Most middleware (like ${name}) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.`,
      );
    },
  });
}

// biome-ignore-start lint/suspicious/noExplicitAny: @types/express's defaults, repeated
/**
 * Types as `express.Request` & co. for CommonJS TypeScript users
 * (`import express = require('briskjs/express4')`), who see only the default export: Express 4's
 * request, response and handlers (types.ts).
 */
declare namespace express {
  export type Express4 = Express4_;
  export type Express4Static = Express4Static_;
  export type ParamProcessor = ParamProcessor_;
  export type WarningCode = WarningCode_;
  export type Express = Express4_;
  export type Application = Express4_;
  export type Router = Router4_;
  export type Router4 = Router4_;
  export type Route4 = Route4_;
  export type NextFunction = brisk.NextFunction;
  export type Request<P = brisk.ParamsDictionary> = Request4_<P>;
  export type Request4<P = brisk.ParamsDictionary> = Request4_<P>;
  export type Response<ResBody = any> = Response4_<ResBody>;
  export type Response4<ResBody = any> = Response4_<ResBody>;
  export type Send4<ResBody = any, T = unknown> = Send4_<ResBody, T>;
  export type RequestHandler<P = brisk.ParamsDictionary> = RequestHandler4_<P>;
  export type RequestHandler4<P = brisk.ParamsDictionary> = RequestHandler4_<P>;
  export type ErrorRequestHandler<P = brisk.ParamsDictionary> = ErrorRequestHandler4_<P>;
  export type ErrorRequestHandler4<P = brisk.ParamsDictionary> = ErrorRequestHandler4_<P>;
  export type ParamHandler4 = ParamHandler4_;
  export type Matcher4<T> = Matcher4_<T>;
  export type Use4<T> = Use4_<T>;
}
// biome-ignore-end lint/suspicious/noExplicitAny: @types/express's defaults, repeated
// Top-level aliases: a namespace merged with a const cannot name the file's own imports directly.
type Express4_ = Express4;
type Express4Static_ = Express4Static;
type ParamProcessor_ = ParamProcessor;
type WarningCode_ = WarningCode;
type Router4_ = Router4;
type Route4_ = Route4;
type Request4_<P> = Request4<P>;
type Response4_<ResBody> = Response4<ResBody>;
type Send4_<ResBody, T> = Send4<ResBody, T>;
type RequestHandler4_<P> = RequestHandler4<P>;
type ErrorRequestHandler4_<P> = ErrorRequestHandler4<P>;
type ParamHandler4_ = ParamHandler4;
type Matcher4_<T> = Matcher4<T>;
type Use4_<T> = Use4<T>;

const application: Express4Static['application'] = brisk.application;
const request: Express4Static['request'] = brisk.request;
const response: Express4Static['response'] = brisk.response;
const Route: Express4Static['Route'] = brisk.Route;
export { application, request, response, Route, Router, json, raw, text, urlencoded, query, serveStatic as static };
export default express;
