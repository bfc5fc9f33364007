// @brisk/app: the Express 5 application, request and response, and the final handler; a drop-in
// for express 5.2 (with finalhandler 2.1). `require('@brisk/app')` is the function that creates
// an app, with Express's properties, as `require('express')` is.
import { json, raw, text, urlencoded } from '@brisk/body';
import { Route, default as Router } from '@brisk/router';
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

// What express re-exports (`static` only as `brisk.static`: it is a reserved word)
export { Route, default as Router } from '@brisk/router';
export { json, raw, text, urlencoded } from '@brisk/body';

// Types
export type {
  Application,
  AppMatcher,
  AppMethods,
  ErrorRequestHandler,
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
  Request,
  RequestHandler,
  Response,
  ViewConstructor,
} from './types.js';
export type { Engine, ViewLike, ViewOptions } from './view.js';
export type { FinalHandler, FinalHandlerOptions } from './finalhandler.js';
export type { ETagFunction, QueryParser, TrustProxyFunction } from './settings.js';


/** `require('@brisk/app')`: creates an app, with Express's properties. */
export interface BriskApp {
  (): import('./types.js').Application;
  application: typeof application;
  request: typeof request;
  response: typeof response;
  Route: typeof Route;
  Router: typeof Router;
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

export default brisk;
