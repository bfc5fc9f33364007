// `require('briskjs/express4')`: Express 4.22's `express()`, with its properties, and the types
// as a namespace of it (`express.Request`), for CommonJS users (index.cts) and the ESM default.
import brisk, { type Express } from '@brisk/app';
import { parse as parseQs } from '@brisk/qs';
import { parseurl } from '@brisk/http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, raw, text, urlencoded } from './body.js';
import { parseExtendedQuery, requestOverlay } from './request.js';
import { responseOverlay } from './response.js';
import { Router } from './router.js';
import { fileType } from './response.js';
import { legacyDotfiles } from './dotfiles.js';
import { warn } from './warn.js';
import type { Express4, Express4Static } from './types.js';
import * as types from './types.js'; // types only, for the namespace
import * as warnings from './warn.js'; // types only, for the namespace

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

/**
 * Express 4's `express.request` and `express.response`: brisk's prototypes with Express 4's
 * methods over them. Every express4 app's `app.request` and `app.response` inherit these, as
 * Express 4's inherit `express.request` and `express.response`, so that a method an app replaces
 * here (`express.response.send = ...`) is the one its responses call, `res.json` and `res.jsonp`
 * included. Apps of the default entry inherit brisk's prototypes directly: none of this reaches them.
 */
const request4: Express4Static['request'] = Object.create(brisk.request, requestOverlay(brisk.request));
const response4: Express4Static['response'] = Object.create(brisk.response, responseOverlay(brisk.response));

/**
 * Creates an Express 4 application (`express()` of Express 4.22).
 *
 * @example
 * const express = require('briskjs/express4');
 * const app = express();
 * app.get('/users/:id?', (req, res) => res.send(200, req.params.id || 'all'));
 */
export function createApplication(): Express4 {
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
  // Express 4's engines are a plain object (its keys are extensions, `.ejs`: none is inherited)
  app.engines = {};
  Object.setPrototypeOf(app.request, request4);
  Object.setPrototypeOf(app.response, response4);
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
  dotfiles?: unknown;
  hidden?: unknown;
  [key: string]: unknown;
};
type StaticMiddleware = ReturnType<Express4Static['static']>;

/**
 * `express.static(root, [options])`: serve-static 1.16, with send 0.19's `charset=UTF-8` for text
 * files and, when `dotfiles` is not given, send 0.19's dotfile rule (dotfiles.ts): a request whose
 * last segment is a dotfile is ignored, one under a dotfile directory is served. brisk's
 * serve-static is made with each `dotfiles` the rule can give, and each request goes to the one
 * its path asks for.
 */
function serveStatic(root: string, options?: StaticOptions): StaticMiddleware {
  const given = options ?? {};
  const setHeaders = given.setHeaders;
  if (given.hidden !== undefined) warn('BRISK_E4_STATIC_HIDDEN');
  const { hidden, ...opts } = given;
  const make = (dotfiles: unknown): StaticMiddleware =>
    brisk.static(root, {
      ...opts,
      dotfiles,
      setHeaders(res: ServerResponse, path: string, stat: unknown) {
        const type = fileType(res, path, undefined);
        if (type !== undefined) res.setHeader('Content-Type', type);
        if (setHeaders) setHeaders(res, path, stat);
      },
    } as never);
  if (given.dotfiles !== undefined || hidden) return make(given.dotfiles ?? 'allow');
  const allow = make('allow');
  const ignore = make('ignore');
  return function serveStatic(req, res, next) {
    const pathname = parseurl(req)?.pathname;
    const dotfiles = typeof pathname === 'string' ? legacyDotfiles(pathname, true, true, false) : 'allow';
    return (dotfiles === 'ignore' ? ignore : allow)(req, res, next);
  } as StaticMiddleware;
}

const createRouter = Router;
const jsonParser = json;
const rawParser = raw;
const textParser = text;
const urlencodedParser = urlencoded;
const queryParser = query;
export namespace createApplication {
  /** The prototype of every app's methods. */
  export const application: Express4Static['application'] = brisk.application;
  /** The prototype of every app's requests: Express 4's methods over brisk's (`app.request` inherits it). */
  export const request: Express4Static['request'] = request4;
  /** The prototype of every app's responses: Express 4's methods over brisk's (`app.response` inherits it). */
  export const response: Express4Static['response'] = response4;
  /** The route class. */
  export const Route: Express4Static['Route'] = brisk.Route;
  /** `express.Router([options])`: a router with Express 4's behaviour. */
  export const Router = createRouter as Express4Static['Router']; // body.ts and router.ts type their options loosely
  /** body-parser 1's `json`. */
  export const json = jsonParser as Express4Static['json']; // body.ts and router.ts type their options loosely
  /** body-parser 1's `raw`. */
  export const raw = rawParser as Express4Static['raw']; // body.ts and router.ts type their options loosely
  /** body-parser 1's `text`. */
  export const text = textParser as Express4Static['text']; // body.ts and router.ts type their options loosely
  /** body-parser 1's `urlencoded`. */
  export const urlencoded = urlencodedParser as Express4Static['urlencoded']; // body.ts and router.ts type their options loosely
  /** Express 4's query-string middleware. */
  export const query: Express4Static['query'] = queryParser;
}
// `static` is a reserved word: declared in the namespace below (`var static`), assigned here.
Object.assign(createApplication, { static: serveStatic });
// The middleware Express 3 bundled: a getter that throws, as Express 4's.
const express = createApplication;
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
export declare namespace createApplication {
  /** serve-static: the static-file middleware (`express.static`). */
  var static: Express4Static['static'];
  export import Express4 = types.Express4;
  export import Express4Static = types.Express4Static;
  export import ParamProcessor = types.ParamProcessor;
  export import WarningCode = warnings.WarningCode;
  export import Express = types.Express4;
  export import Application = types.Express4;
  export import Router4 = types.Router4;
  /** A router made by `express.Router()`. */
  export interface Router extends types.Router4 {}
  export import Route4 = types.Route4;
  export type NextFunction = brisk.NextFunction;
  export import Request = types.Request4;
  export import Request4 = types.Request4;
  export import Response = types.Response4;
  export import Response4 = types.Response4;
  export import Send4 = types.Send4;
  export import RequestHandler = types.RequestHandler4;
  export import RequestHandler4 = types.RequestHandler4;
  export import ErrorRequestHandler = types.ErrorRequestHandler4;
  export import ErrorRequestHandler4 = types.ErrorRequestHandler4;
  export import ParamHandler4 = types.ParamHandler4;
  export import Matcher4 = types.Matcher4;
  export import Use4 = types.Use4;
}
// biome-ignore-end lint/suspicious/noExplicitAny: @types/express's defaults, repeated
