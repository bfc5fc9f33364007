// briskjs/express4: Express 4.22 on brisk. `require('briskjs/express4')` is an `express()` whose
// apps, routers, requests, responses and body parsers behave as Express 4.22's, each Express 4
// habit reported once with a `DeprecationWarning` naming the Express 5 way (docs/express4.md).
//
// Everything here is a layer over brisk's Express 5 objects, set up when an app or router is
// made: an app is a `brisk()` app whose own request and response prototypes (`app.request`,
// `app.response`) get Express 4's methods, whose router has Express 4's prototype layer
// (router.ts), and whose `query parser` is Express 4's. Apps made by `require('briskjs')` are
// never touched, and no request of theirs runs any code of this file (decision 031).
/// <reference types="node" preserve="true" />

import { createApplication } from './create.js';

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

/** The prototype of every app's methods. */
export const application: typeof createApplication.application = createApplication.application;
/** The prototype of every app's requests. */
export const request: typeof createApplication.request = createApplication.request;
/** The prototype of every app's responses. */
export const response: typeof createApplication.response = createApplication.response;
/** The route class. */
export const Route: typeof createApplication.Route = createApplication.Route;
/** `express.Router([options])`: a router with Express 4's behaviour. */
export const Router: typeof createApplication.Router = createApplication.Router;
/** Express 4's query-string middleware. */
export const query: typeof createApplication.query = createApplication.query;
export { json, raw, text, urlencoded } from './body.js';
/** `express.static(root, [options])`: serve-static, with send 0.19's `charset=UTF-8` for text files. */
const serveStatic: typeof createApplication.static = createApplication.static;
export { serveStatic as static };
/** `express()` of Express 4.22: see create.ts. Its types are a namespace of it (`express.Request`). */
export default createApplication;
