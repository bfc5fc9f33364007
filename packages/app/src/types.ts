// Public types of the application: requests and responses as handlers see them, handlers, and the
// routing methods with parameters inferred from the path.

import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { ListenOptions } from 'node:net';
import type {
  MethodName,
  NextFunction,
  ParamsDictionary,
  PathArg,
  PathParams,
  RouteInfo,
  RouteLike,
  RouterInstance,
  RouterOptions,
  StackLayer,
} from '@brisk/router';
import type { BriskRequest } from './request.js';
import type { BriskResponse } from './response.js';
import type { Engine, ViewConstructor } from './view.js';

export type { NextFunction, ParamsDictionary, PathArg, PathParams } from '@brisk/router';

// The global interfaces that middleware types extend (as @types/express-serve-static-core
// declares them): `declare global { namespace Express { interface Request { user?: User } } }`
// in a middleware's types (express-session's `req.session`, multer's `req.file`, passport's
// `req.user`) reaches brisk's requests and responses too.
declare global {
  namespace Express {
    interface Request {}
    interface Response {}
    interface Locals {}
    interface Application {}
  }
}

/**
 * Middleware written for node's request and response, or typed for Express (@types/express):
 * checked bivariantly, so `app.use(cors())` or `app.use(session(...))` type-check although
 * their request types are not brisk's.
 */
export type ForeignHandler = {
  handler(
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
    next: (err?: unknown) => void,
  ): unknown;
}['handler'];

/** A parsed query string (what `req.query` returns): strings, arrays and, with `extended`, objects. */
export interface ParsedQuery {
  readonly [key: string]: undefined | string | ParsedQuery | Array<string | ParsedQuery>;
}

/** Per-request or per-app locals: any values, by name. */
export type Locals = Record<string, unknown>;

/**
 * A request as handlers see it: node's IncomingMessage with Express's properties. `P` are the
 * route parameters (inferred from a literal path), `ReqBody` what a body parser put on `req.body`
 * (`unknown` until one does), `Query` what `req.query` returns.
 */
export interface Request<
  P = ParamsDictionary,
  ReqBody = unknown,
  Query = ParsedQuery,
  ResLocals extends Locals = Locals,
> extends BriskRequest,
    Express.Request {
  /** The route parameters. */
  params: P;
  /** The parsed body, when a body parser ran; `undefined` otherwise. */
  body: ReqBody;
  /** The query string, parsed by the `query parser` setting (read-only: a new object at each read). */
  readonly query: Query;
  /** The route being dispatched. */
  route: RouteLike | undefined;
  /** The response to this request. */
  res: Response<unknown, ResLocals>;
  /** The app handling the request. */
  readonly app: Application;
  /** The current router's `next`. */
  next: NextFunction | undefined;
  /** Cookies, when a cookie parser set them. */
  cookies?: Record<string, unknown> | undefined;
  /** Signed cookies, unsigned, when a cookie parser set them. */
  signedCookies?: Record<string, unknown> | undefined;
  /** The cookie parser's secret (read by `res.cookie(name, value, { signed: true })`). */
  secret?: string | undefined;
}

/** A response as handlers see it: node's ServerResponse with Express's methods. */
export interface Response<ResBody = unknown, ResLocals extends Locals = Locals>
  extends BriskResponse,
    Express.Response {
  /** Per-request values for templates. */
  locals: ResLocals;
  /** The request this response answers. */
  req: Request;
  /** The app handling the request. */
  readonly app: Application;
  /** Marks the type of body this response sends (types only). */
  readonly __body?: ResBody;
}

/** A middleware or route handler; it may be `async` (a rejection goes to `next(err)`). */
export type RequestHandler<P = ParamsDictionary, ReqBody = unknown, Query = ParsedQuery> = (
  req: Request<P, ReqBody, Query>,
  res: Response,
  next: NextFunction,
) => unknown;

/** An error handler: a function declared with exactly four parameters. */
export type ErrorRequestHandler<P = ParamsDictionary, ReqBody = unknown, Query = ParsedQuery> = {
  handler(err: unknown, req: Request<P, ReqBody, Query>, res: Response, next: NextFunction): unknown;
}['handler'];

/** A handler argument: a function (middleware, error handler, router, app) or a nested array of them. */
export type Handler<P = ParamsDictionary> =
  | RequestHandler<P>
  | ErrorRequestHandler<P>
  | ForeignHandler
  | IRouter
  | RouterInstance
  | readonly Handler<P>[];

/** One kind of handler, alone or in (nested) arrays. */
export type Handlers<H> = H | readonly Handlers<H>[];

/**
 * `app.get(path, ...handlers)` and its siblings; parameters are inferred from a literal path
 * (`'/users/:id'` → `req.params.id: string`).
 */
export interface AppMatcher<T> {
  <Path extends PathArg, ReqBody = unknown, Query = ParsedQuery>(
    path: Path,
    ...handlers: Array<Handlers<RequestHandler<PathParams<Path>, ReqBody, Query>>>
  ): T;
  // Typed middleware from npm first (`upload.single('f')`), then handlers typed from the path.
  <Path extends PathArg, ReqBody = unknown, Query = ParsedQuery>(
    path: Path,
    middleware: Handlers<ForeignHandler>,
    ...handlers: Array<Handlers<RequestHandler<PathParams<Path>, ReqBody, Query>>>
  ): T;
  <Path extends PathArg, ReqBody = unknown, Query = ParsedQuery>(
    path: Path,
    first: Handlers<ForeignHandler>,
    second: Handlers<ForeignHandler>,
    ...handlers: Array<Handlers<RequestHandler<PathParams<Path>, ReqBody, Query>>>
  ): T;
  <Path extends PathArg, ReqBody = unknown, Query = ParsedQuery>(
    path: Path,
    ...handlers: Array<Handlers<ErrorRequestHandler<PathParams<Path>, ReqBody, Query>>>
  ): T;
  <Path extends PathArg>(path: Path, ...handlers: Array<Handler<PathParams<Path>>>): T;
}

/** A `app.param()` callback: `fn(req, res, next, value, name)`. */
export type ParamHandler = {
  callback(req: Request, res: Response, next: NextFunction, value: string, name: string): unknown;
}['callback'];

/** Every `app.METHOD` (`get` is also `app.get(setting)`). */
export type AppMethods<T> = { [M in Exclude<MethodName, 'get'>]: AppMatcher<T> } & { query?: AppMatcher<T> };

/** The arguments `server.listen` takes, after which `app.listen` may take a callback. */
export type ListenArgs =
  | []
  | [port?: number | string, hostname?: string, backlog?: number, callback?: () => void]
  | [port?: number | string, hostname?: string, callback?: () => void]
  | [port?: number | string, callback?: () => void]
  | [path: string, callback?: () => void]
  | [options: ListenOptions, callback?: () => void]
  | [callback?: (err?: Error) => void];

/** An application: a request handler `app(req, res, next?)` with Express's methods and settings. */
export interface Application extends EventEmitter, AppMethods<Application> {
  (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next?: NextFunction): void;
  /** The settings (`app.set`), inherited from the parent app once mounted. */
  settings: Record<string, unknown>;
  /** Values for every render, with `settings`. */
  locals: Locals & { settings: Record<string, unknown> };
  /** The pattern(s) the app was mounted on (`'/'` until then). */
  mountpath: string | string[] | PathArg;
  /** The app this one was mounted on. */
  parent?: Application | undefined;
  /** Compiled views by name (with `view cache`). */
  cache: Record<string, unknown>;
  /** Template engines by extension (`.html`). */
  engines: Record<string, Engine | undefined>;
  /** The prototype of this app's requests (`app.request.foo = ...` reaches every request). */
  request: Request;
  /** The prototype of this app's responses. */
  response: Response;
  /** The app's router, made on first use. */
  readonly router: IRouter;

  /** Sets up a new app (called once by the factory). */
  init(): void;
  /** Sets the default settings. */
  defaultConfiguration(): void;
  /** Dispatches a request through the app; `callback(err?)` is called when nothing ended it. */
  handle(
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
    callback?: NextFunction,
  ): void;
  /**
   * Adds middleware, routers or apps on `path` (default `/`) and below it.
   * @throws TypeError `app.use() requires a middleware function`
   */
  use(...handlers: Array<Handlers<RequestHandler>>): this;
  use(...handlers: Array<Handlers<ErrorRequestHandler>>): this;
  use(middleware: Handlers<ForeignHandler>, ...handlers: Array<Handlers<RequestHandler>>): this;
  use<Path extends PathArg>(path: Path, ...handlers: Array<Handlers<RequestHandler<PathParams<Path>>>>): this;
  use<Path extends PathArg>(
    path: Path,
    middleware: Handlers<ForeignHandler>,
    ...handlers: Array<Handlers<RequestHandler<PathParams<Path>>>>
  ): this;
  use<Path extends PathArg>(path: Path, ...handlers: Array<Handlers<ErrorRequestHandler<PathParams<Path>>>>): this;
  use<Path extends PathArg>(path: Path, ...handlers: Array<Handler<PathParams<Path>> | Application>): this;
  use(...handlers: Array<Handler | Application>): this;
  /** A route for `path`, to chain method handlers on. */
  route<Path extends PathArg>(path: Path): IRoute<PathParams<Path>>;
  /**
   * Registers a template engine for an extension (`'html'` or `'.html'`).
   * @throws Error `callback function required`
   */
  engine(ext: string, fn: Engine): this;
  /** Adds a callback for a route parameter (or each of several names). */
  param(name: string | readonly string[], fn: ParamHandler): this;
  /** Reads a setting. */
  set(setting: string): unknown;
  /**
   * Sets a setting; `etag`, `query parser` and `trust proxy` are compiled at once.
   * @throws TypeError for an unknown `etag` or `query parser` value
   */
  set(setting: string, value: unknown): this;
  /** A GET route (and HEAD, unless a HEAD route came first). */
  get: AppMatcher<Application> & ((setting: string) => unknown);
  /** The app's path: its mount paths joined from the root app (`''` for the root). */
  path(): string;
  /** `Boolean(app.set(setting))`. */
  enabled(setting: string): boolean;
  /** `!app.set(setting)`. */
  disabled(setting: string): boolean;
  /** `app.set(setting, true)`. */
  enable(setting: string): this;
  /** `app.set(setting, false)`. */
  disable(setting: string): this;
  /** A route for every method. */
  all: AppMatcher<Application>;
  /** Renders a view with the app's locals and `options`; `callback(err, html)`. */
  render(name: string, options: Locals, callback: (err: Error | null, html?: string) => void): void;
  render(name: string, callback: (err: Error | null, html?: string) => void): void;
  /** Starts an HTTP server for the app, with the arguments `server.listen` takes; returns the server. */
  listen(...args: ListenArgs): Server;
}

/** `route.get(...handlers)` and its siblings, with the app's request and response types. */
export interface RouteHandlerAdder<T, P = ParamsDictionary> {
  (...handlers: Array<Handlers<RequestHandler<P>>>): T;
  (...handlers: Array<Handlers<ErrorRequestHandler<P>>>): T;
  (...handlers: Array<Handler<P>>): T;
}

/** A route (`app.route(path)`, `router.route(path)`): handlers by method for one path. */
export type IRoute<P = ParamsDictionary> = RouteLike & {
  [M in MethodName | 'all']: RouteHandlerAdder<IRoute<P>, P>;
} & { query?: RouteHandlerAdder<IRoute<P>, P> };

/** The routing methods of a router or an app (`get`, `post`, ..., `all`). */
export type RouterMethodsOf<T> = { [M in MethodName | 'all']: AppMatcher<T> } & { query?: AppMatcher<T> };

/**
 * A router (`brisk.Router()`), typed for an app: its handlers receive the app's requests and
 * responses. It is itself a middleware.
 */
export interface IRouter extends RouterMethodsOf<IRouter> {
  (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: NextFunction): void;
  /** The router's options. */
  caseSensitive?: boolean | undefined;
  mergeParams?: boolean | undefined;
  strict?: boolean | undefined;
  /** The layers, in order. */
  stack: StackLayer[];
  /** Parameter callbacks by name. */
  params: Record<string, unknown>;
  /** Dispatches a request; `callback(err?)` when nothing ended it. */
  handle(
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
    callback: NextFunction,
  ): void;
  /**
   * Adds middleware or routers on `path` (default `/`) and below it.
   * @throws TypeError `argument handler is required` / `argument handler must be a function`
   */
  use(...handlers: Array<Handlers<RequestHandler>>): this;
  use(...handlers: Array<Handlers<ErrorRequestHandler>>): this;
  use(middleware: Handlers<ForeignHandler>, ...handlers: Array<Handlers<RequestHandler>>): this;
  use<Path extends PathArg>(path: Path, ...handlers: Array<Handlers<RequestHandler<PathParams<Path>>>>): this;
  use<Path extends PathArg>(
    path: Path,
    middleware: Handlers<ForeignHandler>,
    ...handlers: Array<Handlers<RequestHandler<PathParams<Path>>>>
  ): this;
  use<Path extends PathArg>(path: Path, ...handlers: Array<Handlers<ErrorRequestHandler<PathParams<Path>>>>): this;
  use<Path extends PathArg>(path: Path, ...handlers: Array<Handler<PathParams<Path>> | Application>): this;
  use(...handlers: Array<Handler | Application>): this;
  /** A route for `path`, to chain method handlers on. */
  route<Path extends PathArg>(path: Path): IRoute<PathParams<Path>>;
  /** Adds a callback for a route parameter. */
  param(name: string, fn: ParamHandler): this;
  /**
   * The registered routes, in registration order (router 2.3): one `{ path, methods, router }` per
   * path, methods upper-case (`'*'` for `all()`), mounted routers with `router` set.
   */
  listRoutes(): RouteInfo[];
}

/** `brisk.Router([options])`, with or without `new`; `Route` is the route class. */
export interface RouterFactory {
  (options?: RouterOptions): IRouter;
  new (options?: RouterOptions): IRouter;
  /** The route class. */
  Route: new (
    path: PathArg,
  ) => IRoute;
}

/** The `view` setting's type. */
export type { ViewConstructor };
