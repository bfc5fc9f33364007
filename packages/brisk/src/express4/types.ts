// The types of briskjs/express4: the app and module types. What Express 4 adds to requests,
// responses and routers is declared in ../../types/express4-augment.d.ts, an augmentation of
// @brisk/app's interfaces that the build appends to the express4 declarations only: it exists in a
// program that imports `briskjs/express4` (as @types/express 4's types do in an Express 4
// project), and a program that imports only `briskjs` sees Express 5's types unchanged.
import type { BriskApp, Express, IRouter, RequestHandler, RequestParamHandler, RouterOptions } from '@brisk/app';

/** A param processor (`app.param(fn)`): returns the callback to register for `name`, or nothing. */
export type ParamProcessor = (name: string, fn: unknown) => unknown;

/** An app made by `require('briskjs/express4')()`. */
export interface Express4 extends Express {
  /** @deprecated Express 3's name of `app.delete` (BRISK_E4_APP_DEL). */
  del: Express['delete'];
  /** Express 4's name of the app's router. */
  readonly _router: IRouter;
  /** Adds a param processor (BRISK_E4_PARAM_FN). */
  param(processor: ParamProcessor): this;
  /** Adds a callback for a route parameter (a name with a leading `:` warns BRISK_E4_PARAM_COLON). */
  param(name: string | readonly string[], fn: RequestParamHandler): this;
}

/** `require('briskjs/express4')`: Express 4's `express`. */
export interface Express4Static {
  (): Express4;
  application: BriskApp['application'];
  request: BriskApp['request'];
  response: BriskApp['response'];
  Route: BriskApp['Route'];
  Router: (options?: RouterOptions) => IRouter;
  json: BriskApp['json'];
  raw: BriskApp['raw'];
  text: BriskApp['text'];
  urlencoded: BriskApp['urlencoded'];
  static: BriskApp['static'];
  /** Express 4's query-string middleware: parses the query string into `req.query` unless set. */
  query: (options?: object | ((str: string) => unknown)) => RequestHandler;
}
