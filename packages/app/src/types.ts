// Public types of the application: requests and responses as handlers see them, handlers, and the
// routing methods with parameters inferred from the path.

import type { EventEmitter } from 'node:events';
import type { InferOutput, StandardSchemaV1 } from '@brisk/schema';
import type { Server } from 'node:http';
import type { ListenOptions } from 'node:net';
import type {
  MethodName,
  NextFunction,
  PathArg,
  PathParams as PatternParams,
  RouteInfo,
  RouteLike,
  RouterInstance,
  RouterOptions as RouterOptionsBase,
  StackLayer,
} from '@brisk/router';
import type { BriskRequest } from './request.js';
import type { BriskResponse } from './response.js';
import type { Engine, ViewConstructor } from './view.js';
import type { InjectOptions, InjectResponse } from './inject.js';
export type { InjectOptions, InjectResponse } from './inject.js';
import type { FetchOptions } from './fetch.js';
export type { FetchOptions } from './fetch.js';

export type { NextFunction, PathArg } from '@brisk/router';

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

/**
 * A parsed query string (what `req.query` returns): strings, arrays and, with `extended`, objects.
 * The shape of qs's `ParsedQs`.
 */
export interface ParsedQuery {
  [key: string]: undefined | string | ParsedQuery | Array<string | ParsedQuery>;
}

/** A parsed query string, by @types/express's names (`Query`, qs's `ParsedQs`). */
export type Query = ParsedQuery;
/** A parsed query string, by qs's name. */
export type ParsedQs = ParsedQuery;

/** Objects by name. */
export interface Dictionary<T> {
  [key: string]: T;
}

/**
 * Route parameters of a path that is not a literal: a string per `:param`, an array of strings per
 * `*wildcard`, strings by index for the groups of a RegExp.
 */
export interface ParamsDictionary {
  [key: string]: string | string[];
  [key: number]: string;
}

/** Route parameters of a RegExp path: a string per capture group (by index, or by name). */
export interface ParamsFlatDictionary {
  [key: string | number]: string;
}

/** Either kind of route parameters. */
export type Params = ParamsDictionary | ParamsFlatDictionary;

/** Route parameters as an array (@types/express-serve-static-core 4's `ParamsArray`). */
export type ParamsArray = string[];

/** One range of `req.range()`'s result: the first and last byte, inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `req.range()` gives for a satisfiable `Range` header: the ranges, and the unit as `type`. */
export interface RequestRanges extends Array<ByteRange> {
  type: string;
}

/** A layer of a router's stack (`router.stack`), as @types/express names it. */
export type ILayer = StackLayer;

/**
 * The route parameters a path gives: inferred from a literal pattern with path-to-regexp 8's
 * grammar (`'/users/:id'` → `{ id: string }`, `'/files/*path'` → `{ path: string[] }`,
 * `'/a{/:b}'` → `{ b?: string }`); a RegExp gives {@link ParamsFlatDictionary}, any other path
 * {@link ParamsDictionary}.
 */
export type RouteParameters<Route> = Route extends RegExp
  ? ParamsFlatDictionary
  : Route extends string
    ? string extends Route
      ? ParamsDictionary
      : PatternParams<Route>
    : ParamsDictionary;

/** The params a path gives (brisk's name for {@link RouteParameters}). */
export type PathParams<Route> = RouteParameters<Route>;

/**
 * What `res.locals` and `app.locals` hold beyond their type argument: augment the global
 * `Express.Locals` to type them for every response and app.
 */
export interface Locals extends Express.Locals {}

/** The default type argument of locals: any values by name, as in @types/express. */
// biome-ignore lint/suspicious/noExplicitAny: the default of @types/express's LocalsObj, kept for drop-in annotations
export type AnyRecord = Record<string, any>;

/** One entry of `Accept`, parsed (`{ value, quality, type, subtype }`). */
export interface MediaType {
  value: string;
  quality: number;
  type: string;
  subtype: string;
}

/** A callback that takes an error only (`res.sendFile`, `res.download`). */
export type Errback = (err?: Error) => void;

/**
 * A request as handlers see it: node's IncomingMessage with Express's properties and methods.
 * The type parameters are @types/express's, in its order: `P` the route parameters (inferred
 * from a literal path when the handler is written inline), `ResBody` the response body type,
 * `ReqBody` what a body parser put on `req.body`, `ReqQuery` what `req.query` returns,
 * `LocalsObj` the type of `res.locals`.
 *
 * Augment the global `Express.Request` (what middleware types do) or this interface in
 * `declare module '@brisk/app'` to add properties for every handler.
 */
export interface Request<
  P = ParamsDictionary,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ResBody = any,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default: req.body is what a parser made of the client's bytes
  ReqBody = any,
  ReqQuery = ParsedQuery,
  LocalsObj extends AnyRecord = AnyRecord,
> extends BriskRequest,
    Express.Request {
  /** The route parameters. */
  params: P;
  /** The parsed body, when a body parser ran; `undefined` otherwise. */
  body: ReqBody;
  /**
   * The query string, parsed by the `query parser` setting (a new object at each read). Read-only:
   * Express 5 made it a getter, and assigning it throws (middleware such as express-mongo-sanitize
   * that assigns it crashes at run time; here it fails to compile).
   */
  readonly query: ReqQuery;
  /** The route being dispatched. */
  route: IRoute | undefined;
  /** The response to this request. */
  res?: Response<ResBody, LocalsObj> | undefined;
  /** The app handling the request. */
  readonly app: Application;
  /** The current router's `next`. */
  next?: NextFunction | undefined;
  /** Cookies, when a cookie parser set them. */
  // biome-ignore lint/suspicious/noExplicitAny: cookie-parser's type (values may be JSON cookies)
  cookies: Record<string, any>;
  /** Signed cookies, unsigned, when a cookie parser set them. */
  // biome-ignore lint/suspicious/noExplicitAny: cookie-parser's type (values may be JSON cookies)
  signedCookies: Record<string, any>;
  /** The cookie parser's secret (read by `res.cookie(name, value, { signed: true })`). */
  secret?: string | undefined;
  /** The path of the URL (without the mount path inside mounted middleware). */
  readonly path: string;
}

/** `res.send`, `res.json` and `res.jsonp`: the body checked against the response's `ResBody`. */
// biome-ignore lint/suspicious/noExplicitAny: @types/express's defaults, for drop-in annotations
export interface Send<ResBody = any, T = Response<ResBody>> {
  // biome-ignore lint/style/useShorthandFunctionType: an interface, as @types/express's, so it can be extended and merged
  (body?: ResBody): T;
}

/**
 * A response as handlers see it: node's ServerResponse with Express's methods. `ResBody` is the
 * type `res.send`/`res.json`/`res.jsonp` accept, `LocalsObj` the type of `res.locals`, as in
 * @types/express.
 */
export interface Response<
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ResBody = any,
  LocalsObj extends AnyRecord = AnyRecord,
  StatusCode extends number = number,
> extends BriskResponse,
    Express.Response {
  /** Sets the status code. @throws RangeError / TypeError for a code that is not an integer from 100 to 999 */
  status(code: StatusCode): this;
  /** Sends the status code with its message as the body. */
  sendStatus(code: StatusCode): this;
  /** Sends a body: a string (HTML by default), a Buffer, or JSON for anything else. */
  send: Send<ResBody, this>;
  /** Sends JSON. */
  json: Send<ResBody, this>;
  /** Sends JSON, or JSONP with the callback named by the `jsonp callback name` query parameter. */
  jsonp: Send<ResBody, this>;
  /** Per-request values for templates. */
  locals: LocalsObj & Locals;
  /** The request this response answers. */
  req: Request;
  /** The app handling the request. */
  readonly app: Application;
}

/**
 * A middleware or route handler; it may be `async` (a rejection goes to `next(err)`). The type
 * parameters are those of {@link Request}.
 */
export interface RequestHandler<
  P = ParamsDictionary,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ResBody = any,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ReqBody = any,
  ReqQuery = ParsedQuery,
  LocalsObj extends AnyRecord = AnyRecord,
> {
  // biome-ignore lint/style/useShorthandFunctionType: an interface, as @types/express's, so it can be extended and merged
  (
    req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: Response<ResBody, LocalsObj>,
    next: NextFunction,
  ): unknown;
}

/**
 * An error handler: a function declared with exactly four parameters. Its `err` may be annotated
 * (`(err: Error, req, res, next) => ...`).
 */
export type ErrorRequestHandler<
  P = ParamsDictionary,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ResBody = any,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ReqBody = any,
  ReqQuery = ParsedQuery,
  LocalsObj extends AnyRecord = AnyRecord,
> = {
  handler(
    // biome-ignore lint/suspicious/noExplicitAny: anything can be thrown; `any` lets `err: Error` be annotated
    err: any,
    req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: Response<ResBody, LocalsObj>,
    next: NextFunction,
  ): unknown;
}['handler'];

/** A middleware or route handler (@types/express's `Handler`). */
export interface Handler extends RequestHandler {}

/**
 * The handlers a routing method takes: request handlers, error handlers, and arrays of either
 * (@types/express's `RequestHandlerParams`).
 */
export type RequestHandlerParams<
  P = ParamsDictionary,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ResBody = any,
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
  ReqBody = any,
  ReqQuery = ParsedQuery,
  LocalsObj extends AnyRecord = AnyRecord,
> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ReadonlyArray<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>;

/**
 * Any handler argument: a function (middleware, error handler, router, app) or a nested array of
 * them, however it is typed.
 */
export type HandlerArg<P = ParamsDictionary> =
  | RequestHandler<P>
  | ErrorRequestHandler<P>
  | ForeignHandler
  | IRouter
  | RouterInstance
  | readonly HandlerArg<P>[];

/** One kind of handler, alone or in (nested) arrays. */
export type Handlers<H> = H | readonly Handlers<H>[];

/**
 * The output type of a Standard Schema v1 (`schema['~standard'].types.output`: zod, valibot,
 * arktype), as @brisk/schema's `InferOutput` reads it, or `Else` for anything else (and for a
 * schema that declares no types).
 */
export type SchemaOutput<S, Else = unknown> = S extends StandardSchemaV1
  ? [InferOutput<S>] extends [never]
    ? Else
    : InferOutput<S>
  : Else;

/**
 * The schemas a validating middleware declares, by request part (what @brisk/schema's
 * `validate({ params, query, body, headers, response })` takes).
 */
export interface RequestSchemas {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  headers?: unknown;
  /** Response body schemas by status code (`{ 200: schema }`). */
  response?: unknown;
}

/**
 * A middleware that validates requests against `schemas` (@brisk/schema's `validate()`). As a
 * route's first handler, it types the handlers after it ({@link ValidatedHandler}).
 */
export interface ValidatingHandler<S extends RequestSchemas = RequestSchemas> extends RequestHandler {
  /** The schemas it validates with (read by @brisk/schema's `openapi()`). */
  readonly schemas: S;
}

/** `req.params` after {@link ValidatingHandler}: the `params` schema's output, else the path's params. */
export type ValidatedParams<S, Else> = S extends { params: infer X } ? SchemaOutput<X, Else> : Else;
/** `req.query` after {@link ValidatingHandler}: the `query` schema's output, else a parsed query. */
export type ValidatedQuery<S> = S extends { query: infer X } ? SchemaOutput<X, ParsedQuery> : ParsedQuery;
/** `req.body` after {@link ValidatingHandler}: the `body` schema's output, else `any`. */
// biome-ignore lint/suspicious/noExplicitAny: without a schema, req.body is what a parser made of the client's bytes
export type ValidatedBody<S> = S extends { body: infer X } ? SchemaOutput<X, any> : any;
/** The body `res.json` takes after {@link ValidatingHandler}: any `response` schema's output, else `any`. */
export type ValidatedResBody<S> = S extends { response: infer R }
  ? { [K in keyof R]: SchemaOutput<R[K], unknown> }[keyof R]
  : // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    any;
/** `req.validatedHeaders` after {@link ValidatingHandler} with a `headers` schema: its output. */
export type ValidatedHeaders<S> = S extends { headers: infer X }
  ? { validatedHeaders: SchemaOutput<X, Record<string, unknown>> }
  : unknown;

/**
 * A handler after a {@link ValidatingHandler}: `req.params`, `req.query` and `req.body` are its
 * schemas' outputs (the path's params where it has no `params` schema), `req.validatedHeaders`
 * the `headers` schema's output, and `res.json` takes what a `response` schema gives.
 */
export type ValidatedHandler<S, Route = string> = {
  handler(
    req: Request<ValidatedParams<S, RouteParameters<Route>>, ValidatedResBody<S>, ValidatedBody<S>, ValidatedQuery<S>> &
      ValidatedHeaders<S>,
    res: Response<ValidatedResBody<S>>,
    next: NextFunction,
  ): unknown;
}['handler'];

/**
 * `app.get(path, ...handlers)`, `router.post(...)` and their siblings (@types/express's
 * `IRouterMatcher`). Without type arguments the parameters are inferred from a literal path
 * (`'/users/:id'` → `req.params.id: string`); with them they are @types/express's
 * `<P, ResBody, ReqBody, ReqQuery, LocalsObj>`, in its order.
 */
export interface IRouterMatcher<T> {
  // A validating middleware first (@brisk/schema's `validate()`): the handlers after it typed from its schemas.
  <Route extends string | RegExp, S extends RequestSchemas>(
    path: Route,
    validator: ValidatingHandler<S>,
    ...handlers: Array<Handlers<ValidatedHandler<S, Route>>>
  ): T;
  <
    Route extends string | RegExp,
    P = RouteParameters<Route>,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ResBody = any,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ReqBody = any,
    ReqQuery = ParsedQuery,
    LocalsObj extends AnyRecord = AnyRecord,
  >(
    path: Route,
    ...handlers: Array<Handlers<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>>
  ): T;
  // Typed middleware from npm first (`upload.single('f')`), then handlers typed from the path.
  <Route extends string | RegExp, P = RouteParameters<Route>>(
    path: Route,
    middleware: Handlers<ForeignHandler>,
    ...handlers: Array<Handlers<RequestHandler<P>>>
  ): T;
  <Route extends string | RegExp, P = RouteParameters<Route>>(
    path: Route,
    first: Handlers<ForeignHandler>,
    second: Handlers<ForeignHandler>,
    ...handlers: Array<Handlers<RequestHandler<P>>>
  ): T;
  <
    Route extends string | RegExp,
    P = RouteParameters<Route>,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ResBody = any,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ReqBody = any,
    ReqQuery = ParsedQuery,
    LocalsObj extends AnyRecord = AnyRecord,
  >(
    path: Route,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <Route extends string | RegExp>(path: Route, ...handlers: Array<HandlerArg<RouteParameters<Route>>>): T;
  // The params given as a type argument, or a path that is an array.
  <
    P = ParamsDictionary,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ResBody = any,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ReqBody = any,
    ReqQuery = ParsedQuery,
    LocalsObj extends AnyRecord = AnyRecord,
  >(
    path: PathArg,
    ...handlers: Array<Handlers<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>>
  ): T;
  <
    P = ParamsDictionary,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ResBody = any,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ReqBody = any,
    ReqQuery = ParsedQuery,
    LocalsObj extends AnyRecord = AnyRecord,
  >(
    path: PathArg,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  (path: PathArg, ...handlers: Array<HandlerArg>): T;
  (path: PathArg, subApplication: Application): T;
}

/**
 * `route.get(...handlers)`, `app.use(...handlers)` and their siblings: handlers without a path
 * (@types/express's `IRouterHandler`). `Route` is the route's path, which types `req.params`.
 */
export interface IRouterHandler<T, Route = string> {
  <S extends RequestSchemas>(
    validator: ValidatingHandler<S>,
    ...handlers: Array<Handlers<ValidatedHandler<S, Route>>>
  ): T;
  (...handlers: Array<Handlers<RequestHandler<RouteParameters<Route>>>>): T;
  (middleware: Handlers<ForeignHandler>, ...handlers: Array<Handlers<RequestHandler<RouteParameters<Route>>>>): T;
  (...handlers: Array<Handlers<ErrorRequestHandler<RouteParameters<Route>>>>): T;
  (...handlers: Array<RequestHandlerParams<RouteParameters<Route>>>): T;
  (...handlers: Array<HandlerArg<RouteParameters<Route>>>): T;
  <
    P = RouteParameters<Route>,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ResBody = any,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ReqBody = any,
    ReqQuery = ParsedQuery,
    LocalsObj extends AnyRecord = AnyRecord,
  >(
    ...handlers: Array<Handlers<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>>
  ): T;
  <
    P = RouteParameters<Route>,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ResBody = any,
    // biome-ignore lint/suspicious/noExplicitAny: @types/express's default, for drop-in annotations
    ReqBody = any,
    ReqQuery = ParsedQuery,
    LocalsObj extends AnyRecord = AnyRecord,
  >(
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
}

/** `app.use()` and `router.use()`: handlers with or without a path, routers and apps. */
export type UseHandler<T> = IRouterHandler<T> &
  IRouterMatcher<T> & {
    (...handlers: Array<HandlerArg | Application>): T;
    (path: PathArg, ...handlers: Array<HandlerArg | Application>): T;
  };

/** `app.get(path, ...handlers)` and its siblings (brisk's name for {@link IRouterMatcher}). */
export type AppMatcher<T> = IRouterMatcher<T>;

/**
 * A `app.param()` / `router.param()` callback: `fn(req, res, next, value, name)`; `value` may be
 * annotated (`(req, res, next, id: string) => ...`).
 */
export type RequestParamHandler = {
  callback(req: Request, res: Response, next: NextFunction, value: string, name: string): unknown;
}['callback'];

/** A `app.param()` callback (brisk's name for {@link RequestParamHandler}). */
export type ParamHandler = RequestParamHandler;

/**
 * The methods node knows that @types/express's routers do not list. Optional on an
 * {@link Application} (so that @types/express's application fits brisk's), present on the app
 * `brisk()` returns ({@link Express}).
 */
export type ExtraMethod = 'acl' | 'bind' | 'mkcalendar' | 'rebind' | 'source' | 'unbind';

/** Every `app.METHOD` but `get` (which is also `app.get(setting)`). */
export type AppMethods<T> = { [M in Exclude<MethodName, 'get' | ExtraMethod>]: IRouterMatcher<T> } & {
  [M in ExtraMethod | 'query']?: IRouterMatcher<T>;
};

/** The arguments `server.listen` takes, after which `app.listen` may take a callback. */
export type ListenArgs =
  | []
  | [port?: number | string, hostname?: string, backlog?: number, callback?: (error?: Error) => void]
  | [port?: number | string, hostname?: string, callback?: (error?: Error) => void]
  | [port?: number | string, callback?: (error?: Error) => void]
  | [path: string, callback?: (error?: Error) => void]
  | [options: ListenOptions, callback?: (error?: Error) => void]
  | [callback?: (error?: Error) => void];

/**
 * An application: a request handler `app(req, res, next?)` with Express's methods and settings.
 * `LocalsObj` types `app.locals` (with the global `Express.Locals`), as in @types/express.
 * Augment the global `Express.Application` to add properties.
 */
export interface Application<LocalsObj extends AnyRecord = AnyRecord> extends EventEmitter, Express.Application {
  (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next?: NextFunction): void;
  /** An HTTP/2 request (`http2.createServer(options, app)`, `http2.createSecureServer(options, app)`). */
  (
    req: import('node:http2').Http2ServerRequest,
    res: import('node:http2').Http2ServerResponse,
    next?: NextFunction,
  ): void;
  /** The settings (`app.set`), inherited from the parent app once mounted. */
  // biome-ignore lint/suspicious/noExplicitAny: settings hold any value by name (app.set), as in @types/express
  settings: Record<string, any>;
  /** Values for every render (and `settings`, the app's settings). */
  locals: LocalsObj & Locals;
  /** The pattern(s) the app was mounted on (`'/'` until then; a RegExp when mounted on one). */
  mountpath: string | string[] | PathArg;
  /** The app this one was mounted on. */
  parent?: Application | undefined;

  /** Sets up a new app (called once by the factory). */
  init(): void;
  /** Sets the default settings. */
  defaultConfiguration(): void;
  /**
   * Adds middleware, routers or apps on `path` (default `/`) and below it.
   * @throws TypeError `app.use() requires a middleware function`
   */
  use: UseHandler<this>;
  /** A route for `path`, to chain method handlers on. */
  route<Route extends string | RegExp>(path: Route): IRoute<Route>;
  route(path: PathArg): IRoute;
  /**
   * Registers a template engine for an extension (`'html'` or `'.html'`).
   * @throws Error `callback function required`
   */
  engine(ext: string, fn: Engine): this;
  /** Adds a callback for a route parameter (or each of several names). */
  param(name: string | readonly string[], fn: RequestParamHandler): this;
  /** Reads a setting (`app.set(setting)`). */
  // biome-ignore lint/suspicious/noExplicitAny: a setting holds any value (app.set), as in @types/express
  set(setting: string): any;
  /**
   * Sets a setting; `etag`, `query parser` and `trust proxy` are compiled at once.
   * @throws TypeError for an unknown `etag` or `query parser` value
   */
  set(setting: string, value: unknown): this;
  /** A GET route (and HEAD, unless a HEAD route came first); with one argument, reads a setting. */
  // biome-ignore lint/suspicious/noExplicitAny: a setting holds any value (app.set), as in @types/express
  get: ((setting: string) => any) & IRouterMatcher<this>;
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
  all: IRouterMatcher<this>;
  // One routing method per entry of `http.METHODS` (`get` is above: it also reads a setting),
  // each returning the app as what it is (`app.get(...).post(...)` is still an `Express`).
  // {@link AppMethods} lists the same names (packages/app/test/types-dropin.test.ts ties the two).
  checkout: IRouterMatcher<this>;
  connect: IRouterMatcher<this>;
  copy: IRouterMatcher<this>;
  delete: IRouterMatcher<this>;
  head: IRouterMatcher<this>;
  link: IRouterMatcher<this>;
  lock: IRouterMatcher<this>;
  'm-search': IRouterMatcher<this>;
  merge: IRouterMatcher<this>;
  mkactivity: IRouterMatcher<this>;
  mkcol: IRouterMatcher<this>;
  move: IRouterMatcher<this>;
  notify: IRouterMatcher<this>;
  options: IRouterMatcher<this>;
  patch: IRouterMatcher<this>;
  post: IRouterMatcher<this>;
  propfind: IRouterMatcher<this>;
  proppatch: IRouterMatcher<this>;
  purge: IRouterMatcher<this>;
  put: IRouterMatcher<this>;
  report: IRouterMatcher<this>;
  search: IRouterMatcher<this>;
  subscribe: IRouterMatcher<this>;
  trace: IRouterMatcher<this>;
  unlink: IRouterMatcher<this>;
  unlock: IRouterMatcher<this>;
  unsubscribe: IRouterMatcher<this>;
  acl?: IRouterMatcher<this>;
  bind?: IRouterMatcher<this>;
  mkcalendar?: IRouterMatcher<this>;
  rebind?: IRouterMatcher<this>;
  source?: IRouterMatcher<this>;
  unbind?: IRouterMatcher<this>;
  query?: IRouterMatcher<this>;
  /** The app's router, made on first use (Express 5's `app.router`). */
  readonly router: IRouter;
  /** Renders a view with the app's locals and `options`; `callback(err, html)`. */
  render(name: string, options: object | null | undefined, callback: (err: Error | null, html?: string) => void): void;
  render(name: string, callback: (err: Error | null, html?: string) => void): void;
  /**
   * Starts an HTTP server for the app, with the arguments `server.listen` takes; returns the
   * server. The callback gets the listen error, if any (Express 5).
   */
  listen(...args: ListenArgs): Server;
  /**
   * Runs a request through the app in-process, with no socket or port, and resolves to the
   * response as an HTTP client reads it: `{ statusCode, headers, body, json() }` (fastify's
   * `inject`). The same answer as the request over HTTP, several times faster: for tests.
   * @example
   * const res = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } });
   * assert.equal(res.statusCode, 201);
   */
  inject(options?: InjectOptions): Promise<InjectResponse>;
  /**
   * Answers a web-standard `Request` with a `Response`, in-process: the app as a fetch handler
   * (`Deno.serve`, `Bun.serve`, serverless platforms, fetch-based tests). Both bodies stream; the
   * request's `signal` becomes `req.signal`; `options.remoteAddress` is the client's address
   * (`req.ip`; `trust proxy` applies to `X-Forwarded-*` as over HTTP); `req.protocol` is the
   * URL's scheme. The `Response` comes once the app has written its head. docs/fetch-api.md.
   * @throws TypeError when `request` is not a `Request` (or its body was read) or `options` is wrong
   * @example
   * const response = await app.fetch(new Request('http://localhost/users/1'));
   * console.log(response.status, await response.json());
   */
  fetch(request: globalThis.Request, options?: FetchOptions): Promise<globalThis.Response>;
  /** `mount`: the app was mounted on `parent` (`parent.use(app)`). */
  on(event: 'mount', listener: (parent: Application) => void): this;
  // biome-ignore lint/suspicious/noExplicitAny: EventEmitter's own listener type
  on(event: string | symbol, listener: (...args: any[]) => void): this;
}

/**
 * The app `brisk()` returns (@types/express's `Express`): an {@link Application} with its request
 * and response prototypes, its caches and the rest of what brisk's apps have. Handlers see
 * `req.app` as an {@link Application}, which @types/express's application fits.
 */
export interface Express<LocalsObj extends AnyRecord = AnyRecord> extends Application<LocalsObj> {
  acl: IRouterMatcher<this>;
  bind: IRouterMatcher<this>;
  mkcalendar: IRouterMatcher<this>;
  rebind: IRouterMatcher<this>;
  source: IRouterMatcher<this>;
  unbind: IRouterMatcher<this>;
  /** Compiled views by name (with `view cache`). */
  cache: Record<string, unknown>;
  /** Template engines by extension (`.html`). */
  engines: Record<string, Engine | undefined>;
  /** The prototype of this app's requests (`app.request.foo = ...` reaches every request). */
  request: Request;
  /** The prototype of this app's responses. */
  response: Response;
  /** Dispatches a request through the app; `callback(err?)` is called when nothing ended it. */
  handle(
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
    callback?: NextFunction,
  ): void;
}

/** A route (`app.route(path)`, `router.route(path)`): handlers by method for one path. */
export type IRoute<Route = string> = RouteLike & {
  [M in MethodName | 'all']: IRouterHandler<IRoute<Route>, Route>;
} & { query?: IRouterHandler<IRoute<Route>, Route> };

/** `route.get(...handlers)` and its siblings (brisk's name for {@link IRouterHandler}). */
export type RouteHandlerAdder<T, Route = string> = IRouterHandler<T, Route>;

/** `app.use` (@types/express's name). */
export type ApplicationRequestHandler<T> = UseHandler<T>;

/** The routing methods of a router or an app (`get`, `post`, ..., `all`). */
export type RouterMethodsOf<T> = { [M in MethodName | 'all']: IRouterMatcher<T> } & { query?: IRouterMatcher<T> };

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
  use: UseHandler<this>;
  /** A route for `path`, to chain method handlers on. */
  route<Route extends string | RegExp>(path: Route): IRoute<Route>;
  route(path: PathArg): IRoute;
  /** Adds a callback for a route parameter. */
  param(name: string, fn: RequestParamHandler): this;
  /**
   * The registered routes, in registration order (router 2.3): one `{ path, methods, router }` per
   * path, methods upper-case (`'*'` for `all()`), mounted routers with `router` set.
   */
  listRoutes(): RouteInfo[];
  /**
   * Answers a web-standard `Request` with a `Response`, as an app with the default settings
   * that mounts this router on `/` would (`app.fetch()`: for settings such as `trust proxy`,
   * mount the router in an app and call the app's).
   * @throws TypeError when `request` is not a `Request` (or its body was read) or `options` is wrong
   */
  fetch(request: globalThis.Request, options?: FetchOptions): Promise<globalThis.Response>;
}

/** A router (@types/express's `Router`). */
export interface Router extends IRouter {}

/** Options of `brisk.Router()`. */
export interface RouterOptions extends RouterOptionsBase {}

/** `brisk.Router([options])`, with or without `new`; `Route` is the route class. */
export interface RouterFactory {
  (options?: RouterOptions): Router;
  new (options?: RouterOptions): Router;
  /** The route class. */
  Route: new (
    path: PathArg,
  ) => IRoute;
}

/** The `view` setting's type. */
export type { ViewConstructor };
