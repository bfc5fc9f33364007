// briskjs: Express 5 and morgan in one package. `require('briskjs')` is the function that creates
// an app, with Express's properties (`application`, `request`, `response`, `Route`, `Router`,
// `json`, `raw`, `text`, `urlencoded`, `static`) and `logger`, the request logger (morgan).
// Everything is @brisk/app's and @brisk/logger's own objects: one instance per process.
import app, { type BriskApp } from '@brisk/app';
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
export type { FormatFn, Logger, LoggerMiddleware, LoggerOptions, TokenCallback, Tokens } from '@brisk/logger';

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
  /** The request logger: `brisk.logger('dev')` (morgan 1.10). */
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

export default brisk;
