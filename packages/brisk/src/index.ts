// briskjs: Express 5 and morgan in one package. `require('briskjs')` is the function that creates
// an app, with Express's properties (`application`, `request`, `response`, `Route`, `Router`,
// `json`, `raw`, `text`, `urlencoded`, `static`), `logger`, the request logger (morgan),
// `shutdown`, graceful shutdown of a server, `validate` and `openapi` (@brisk/schema), and the
// middleware every Express app adds: `cors`, `cookieParser`, `compress` and `multipart`, and
// `timeout`, request deadlines (connect-timeout).
// Everything is the brisk packages' own objects: one instance per process.
/// <reference types="node" preserve="true" />
import { createApplication } from './create.js';

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
  shutdown,
  static,
  text,
  urlencoded,
} from '@brisk/app';
export { default as logger } from '@brisk/logger';
export { openapi, validate } from '@brisk/schema';
// The middleware every Express app adds, first-party (decision 042)
export { default as cors } from '@brisk/cors';
export { default as cookieParser } from '@brisk/cookie-parser';
export { default as compress } from '@brisk/compress';
export { default as multipart } from '@brisk/multipart';
// Deadlines that abort req.signal (connect-timeout 1.9, decision 044)
export { default as timeout } from '@brisk/timeout';

// Types: every public type of @brisk/app (@types/express's names and brisk's), and the logger's
export type {
  AnyRecord,
  Application,
  ApplicationRequestHandler,
  AppMatcher,
  AppMethods,
  BriskApp,
  ByteRange,
  CookieOptions,
  Dictionary,
  DownloadOptions,
  Engine,
  Errback,
  ErrorRequestHandler,
  ETagFunction,
  Express,
  ExtraMethod,
  FinalHandler,
  FinalHandlerOptions,
  ForeignHandler,
  Handler,
  HandlerArg,
  Handlers,
  ILayer,
  InjectOptions,
  InjectResponse,
  IRoute,
  IRouter,
  IRouterHandler,
  IRouterMatcher,
  ListenArgs,
  Locals,
  MediaType,
  NextFunction,
  ParamHandler,
  Params,
  ParamsArray,
  ParamsDictionary,
  ParamsFlatDictionary,
  ParsedQs,
  ParsedQuery,
  PathArg,
  PathParams,
  Query,
  QueryParser,
  Request,
  RequestHandler,
  RequestHandlerParams,
  RequestParamHandler,
  RequestRanges,
  RequestSchemas,
  Response,
  RouteHandlerAdder,
  RouteParameters,
  RouterFactory,
  RouterMethodsOf,
  RouterOptions,
  SchemaOutput,
  Send,
  SendFileOptions,
  ShutdownOptions,
  ShutdownServer,
  TrustProxyFunction,
  UseHandler,
  ValidatedBody,
  ValidatedHandler,
  ValidatedHeaders,
  ValidatedParams,
  ValidatedQuery,
  ValidatedResBody,
  ValidatingHandler,
  ViewConstructor,
  ViewLike,
  ViewOptions,
} from '@brisk/app';
export type {
  FormatFn,
  Logger,
  LoggerMiddleware,
  LoggerOptions,
  ObjectLoggerOptions,
  ObjectLogStream,
  TokenCallback,
  Tokens,
} from '@brisk/logger';
export type {
  InferInput,
  InferOutput,
  OpenAPIDocument,
  OpenAPIOptions,
  RequestPart,
  Schemas,
  StandardSchemaV1,
  ValidateOptions,
  ValidationError,
  ValidationErrorHandler,
  ValidationIssue,
  ValidationProblem,
  Validator,
} from '@brisk/schema';

/** `require('briskjs')`: creates an app, with Express's properties and `logger`. */
export type Brisk = createApplication.Brisk;

/** Creates an application (`express()`): see create.ts. Its types are a namespace of it (`brisk.Request`). */
export default createApplication;
