// The types of briskjs/express4: an app, router and route whose handlers receive Express 4's
// request and response (Request4, Response4: Express 5's with the methods and call shapes
// Express 4 adds), so that Express 4 TypeScript code compiles through this entry. They are types
// of their own, not an augmentation of @brisk/app's: a program that imports `briskjs` alongside
// sees Express 5's types unchanged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type {
  AnyRecord,
  BriskApp,
  CookieOptions,
  Express,
  ForeignHandler,
  IRouter,
  NextFunction,
  ParamsDictionary,
  ParsedQuery,
  PathArg,
  Request,
  Response,
  RouterMethodsOf,
  RouterOptions,
  SendFileOptions,
} from '@brisk/app';

/** A param processor (`app.param(fn)`): returns the callback to register for `name`, or nothing. */
export type ParamProcessor = (name: string, fn: unknown) => unknown;

/** The routing methods' names (`get`, `post`, ..., `all`). */
type Method = Exclude<keyof RouterMethodsOf<unknown>, 'query'>;

/** A request of an Express 4 app: Express 5's, with what Express 4 adds. */
export interface Request4<
  P = ParamsDictionary,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default
  ResBody = any,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default
  ReqBody = any,
  ReqQuery = ParsedQuery,
  LocalsObj extends AnyRecord = AnyRecord,
> extends Request<P, ResBody, ReqBody, ReqQuery, LocalsObj> {
  /** The query string, parsed; assignable, as in Express 4 (express-mongo-sanitize assigns it). */
  query: ReqQuery;
  /** @deprecated use `req.params`, `req.body` or `req.query` (BRISK_E4_REQ_PARAM). */
  // biome-ignore lint/suspicious/noExplicitAny: a param, a body field or a query value
  param(name: string, defaultValue?: any): any;
  /** @deprecated use `req.acceptsCharsets()` (BRISK_E4_ACCEPTS_SINGULAR). */
  acceptsCharset(...charsets: string[]): string | false;
  /** @deprecated use `req.acceptsEncodings()` (BRISK_E4_ACCEPTS_SINGULAR). */
  acceptsEncoding(...encodings: string[]): string | false;
  /** @deprecated use `req.acceptsLanguages()` (BRISK_E4_ACCEPTS_SINGULAR). */
  acceptsLanguage(...languages: string[]): string | false;
}

/** `res.send`, `res.json`, `res.jsonp` with Express 4's status forms. */
// biome-ignore lint/suspicious/noExplicitAny: @types/express's default
export interface Send4<ResBody = any, T = unknown> {
  (body?: ResBody): T;
  /** @deprecated use `res.status(status).send(body)` (BRISK_E4_SEND_STATUS_BODY, BRISK_E4_JSON_STATUS). */
  (status: number, body: ResBody): T;
  /** @deprecated use `res.status(status).send(body)` (BRISK_E4_SEND_STATUS_BODY, BRISK_E4_JSON_STATUS). */
  (body: ResBody, status: number): T;
}

/**
 * Express 5's response members that Express 4 types differently, and the chainable ones, which
 * return this Express 4 response (`res.type('json').send(200, body)`).
 */
type Changed =
  | 'send'
  | 'json'
  | 'jsonp'
  | 'status'
  | 'redirect'
  | 'vary'
  | 'clearCookie'
  | 'sendStatus'
  | 'set'
  | 'header'
  | 'append'
  | 'type'
  | 'contentType'
  | 'links'
  | 'attachment'
  | 'cookie'
  | 'location'
  | 'format';

/** A response of an Express 4 app: Express 5's, with Express 4's call shapes. */
// biome-ignore lint/suspicious/noExplicitAny: @types/express's default
export interface Response4<ResBody = any, LocalsObj extends AnyRecord = AnyRecord>
  extends Omit<Response<ResBody, LocalsObj>, Changed> {
  send: Send4<ResBody, this>;
  json: Send4<ResBody, this>;
  jsonp: Send4<ResBody, this>;
  /** Sets the status code; Express 4 takes a string too (BRISK_E4_STATUS_LENIENT). */
  status(code: number | string): this;
  /** Sends the status code with its message as the body. */
  sendStatus(code: number): this;
  /** Sets a header (or several). */
  set(field: string, value?: unknown): this;
  set(fields: Record<string, unknown>): this;
  /** Same as `set`. */
  header(field: string, value?: unknown): this;
  header(fields: Record<string, unknown>): this;
  /** Adds a value to a header. */
  append(field: string, value?: string | readonly string[]): this;
  /** Sets `Content-Type` from a type or an extension. */
  type(type: string): this;
  /** Same as `type`. */
  contentType(type: string): this;
  /** Adds links to the `Link` header. */
  links(links: Record<string, string | readonly string[]>): this;
  /** Sets `Content-Disposition: attachment` (a quoted file name, as Express 4 writes it). */
  attachment(filename?: string): this;
  /** Adds a `Set-Cookie` header. */
  cookie(name: string, value: unknown, options?: CookieOptions): this;
  /** Sets `Location` (`'back'`: the Referrer, BRISK_E4_LOCATION_BACK). */
  location(url: string): this;
  /** Runs the handler for the best type the request accepts. */
  format(handlers: Record<string, (req: Request4, res: Response4, next: NextFunction) => unknown>): this;
  redirect(url: string): void;
  redirect(status: number, url: string): void;
  /** @deprecated use `res.redirect(status, url)` (BRISK_E4_REDIRECT_URL_STATUS). */
  redirect(url: string, status: number): void;
  /** Adds a field to `Vary`; without one, does nothing (BRISK_E4_VARY_NO_FIELD). */
  vary(field?: string | readonly string[]): this;
  /** Clears a cookie; Express 4 honours `expires` and `maxAge` (BRISK_E4_CLEAR_COOKIE_EXPIRY). */
  clearCookie(name: string, options?: CookieOptions): this;
  /** @deprecated use `res.sendFile()` (BRISK_E4_SENDFILE). */
  sendfile(path: string, callback?: (err?: Error) => void): void;
  /** @deprecated use `res.sendFile()` (BRISK_E4_SENDFILE). */
  sendfile(path: string, options: SendFileOptions | null | undefined, callback?: (err?: Error) => void): void;
}

/** A handler of an Express 4 app. */
export type RequestHandler4<P = ParamsDictionary> = (req: Request4<P>, res: Response4, next: NextFunction) => unknown;
/** An error handler of an Express 4 app. */
export type ErrorRequestHandler4<P = ParamsDictionary> = (
  // biome-ignore lint/suspicious/noExplicitAny: anything can be thrown
  err: any,
  req: Request4<P>,
  res: Response4,
  next: NextFunction,
) => unknown;
/** `app.param(name, fn)`'s callback. */
export type ParamHandler4 = (req: Request4, res: Response4, next: NextFunction, value: string, name: string) => unknown;

/** What a routing method takes after the path: handlers, arrays of them, routers and apps. */
type HandlerArgs4 =
  | Array<RequestHandler4 | readonly RequestHandler4[]>
  | Array<ErrorRequestHandler4 | readonly ErrorRequestHandler4[]>
  | Array<
      | RequestHandler4
      | ErrorRequestHandler4
      | ForeignHandler
      | IRouter
      | Express
      | Router4
      | Express4
      | readonly unknown[]
    >;

/** `app.get(path, ...handlers)` and its siblings, for Express 4 handlers. */
export interface Matcher4<T> {
  (path: PathArg, ...handlers: Array<RequestHandler4 | readonly RequestHandler4[]>): T;
  (path: PathArg, ...handlers: Array<ErrorRequestHandler4 | readonly ErrorRequestHandler4[]>): T;
  (path: PathArg, ...handlers: HandlerArgs4): T;
}

/** `app.use([path], ...handlers)`, for Express 4 handlers. */
export interface Use4<T> extends Matcher4<T> {
  (...handlers: Array<RequestHandler4 | readonly RequestHandler4[]>): T;
  (...handlers: Array<ErrorRequestHandler4 | readonly ErrorRequestHandler4[]>): T;
  (...handlers: HandlerArgs4): T;
}

/** A route of an Express 4 app (`app.route(path)`). */
export type Route4 = {
  [M in Method]: (...handlers: Array<RequestHandler4 | ErrorRequestHandler4 | readonly RequestHandler4[]>) => Route4;
} & {
  /** The path as written. */
  path: unknown;
  stack: unknown[];
};

/** The routing methods, `param`, `route` and `use` of an Express 4 app or router. */
type Routing4<T> = { [M in Method]: Matcher4<T> } & {
  use: Use4<T>;
  route(path: PathArg): Route4;
  /** Adds a param processor (BRISK_E4_PARAM_FN). */
  param(processor: ParamProcessor): T;
  /** Adds a callback for a route parameter (a name with a leading `:` warns BRISK_E4_PARAM_COLON). */
  param(name: string | readonly string[], fn: ParamHandler4): T;
};

/** A router of an Express 4 app (`express.Router()`). */
export interface Router4
  extends Omit<IRouter, Method | 'query' | 'use' | 'route' | 'param' | 'handle'>,
    Routing4<Router4> {
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
  /** Dispatches a request; without a callback the final handler ends it (BRISK_E4_HANDLE_NO_CALLBACK). */
  handle(req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void;
}

/** An app made by `require('briskjs/express4')()`. */
export interface Express4
  extends Omit<Express, Method | 'query' | 'use' | 'route' | 'param' | 'get' | 'router'>,
    Omit<Routing4<Express4>, 'get'> {
  (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
  /** An HTTP/2 request (`http2.createServer(options, app)`). */
  (req: Http2ServerRequest, res: Http2ServerResponse, next?: NextFunction): void;
  /** Reads a setting (`app.get('env')`). */
  // biome-ignore lint/suspicious/noExplicitAny: a setting's value
  get(setting: string): any;
  /** Adds a GET route. */
  get(path: PathArg, ...handlers: Array<RequestHandler4 | readonly RequestHandler4[]>): this;
  get(path: PathArg, ...handlers: Array<ErrorRequestHandler4 | readonly ErrorRequestHandler4[]>): this;
  get(path: PathArg, ...handlers: HandlerArgs4): this;
  /** @deprecated Express 3's name of `app.delete` (BRISK_E4_APP_DEL). */
  del: Matcher4<this>;
  /** The app's router. */
  readonly router: Router4;
  /** Express 4's name of the app's router. */
  readonly _router: Router4;
}

/** `require('briskjs/express4')`: Express 4's `express`. */
export interface Express4Static {
  (): Express4;
  application: BriskApp['application'];
  request: BriskApp['request'];
  response: BriskApp['response'];
  Route: BriskApp['Route'];
  Router: (options?: RouterOptions) => Router4;
  json: BriskApp['json'];
  raw: BriskApp['raw'];
  text: BriskApp['text'];
  urlencoded: BriskApp['urlencoded'];
  static: BriskApp['static'];
  /** Express 4's query-string middleware: parses the query string into `req.query` unless set. */
  query: (options?: object | ((str: string) => unknown)) => RequestHandler4;
}
