// `require('briskjs')`: the function that creates an app, with Express's properties, `logger`
// (morgan), `shutdown`, `validate` and `openapi` (@brisk/schema), and the first-party middleware
// `cors`, `cookieParser`, `compress`, `multipart` (decision 042) and `timeout` (decision 044); its
// types are a namespace of it (`express.Request`), for CommonJS TypeScript users (src/index.cts)
// and the ESM default export.
// Every value is the package's own (@brisk/app's, @brisk/logger's, ...): one instance per process.
import app from '@brisk/app';
import logger, { type Logger } from '@brisk/logger';
import { openapi as openapiDocument, validate as validateRequest } from '@brisk/schema';
import corsMiddleware from '@brisk/cors';
import cookieParserMiddleware from '@brisk/cookie-parser';
import compressMiddleware from '@brisk/compress';
import multipartMiddleware from '@brisk/multipart';
import timeoutMiddleware from '@brisk/timeout';
import type * as schema from '@brisk/schema';

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
export function createApplication(): app.Express {
  return app();
}

const loggerFactory: Logger = logger;
export namespace createApplication {
  /** The prototype of every app's methods (`express.application`). */
  export const application: typeof app.application = app.application;
  /** The prototype of every app's requests (`express.request`). */
  export const request: typeof app.request = app.request;
  /** The prototype of every app's responses (`express.response`). */
  export const response: typeof app.response = app.response;
  /** `brisk.Router([options])`. */
  export const Router: typeof app.Router = app.Router;
  /** The route class. */
  export const Route: typeof app.Route = app.Route;
  /** JSON bodies (body-parser's `json`). */
  export const json: typeof app.json = app.json;
  /** Bodies as a Buffer (body-parser's `raw`). */
  export const raw: typeof app.raw = app.raw;
  /** Bodies as a string (body-parser's `text`). */
  export const text: typeof app.text = app.text;
  /** HTML form bodies (body-parser's `urlencoded`). */
  export const urlencoded: typeof app.urlencoded = app.urlencoded;
  /** The final handler (finalhandler 2.1). */
  export const finalhandler: typeof app.finalhandler = app.finalhandler;
  /** Graceful shutdown: `await brisk.shutdown(server, { timeout: 10_000 })` resolves `true` when drained. */
  export const shutdown: typeof app.shutdown = app.shutdown;
  /** The request logger: `brisk.logger('dev')` (morgan 1.12). */
  export const logger: Logger = loggerFactory;
  /** Request validation with any Standard Schema library: `app.post(path, brisk.validate({ body: User }), handler)`. */
  export const validate = validateRequest;
  /** An OpenAPI 3.1 document of the app's routes and their `validate()` schemas. */
  export const openapi = openapiDocument;
  /** CORS headers and preflight answers: `app.use(brisk.cors({ origin }))` (@brisk/cors, cors 2.8). */
  export const cors: typeof corsMiddleware = corsMiddleware;
  /** `req.cookies` and `req.signedCookies`: `app.use(brisk.cookieParser(secret))` (@brisk/cookie-parser, cookie-parser 1.4). */
  export const cookieParser: typeof cookieParserMiddleware = cookieParserMiddleware;
  /** Response compression, gzip, deflate, Brotli and zstd: `app.use(brisk.compress())` (@brisk/compress, compression 1.8). */
  export const compress: typeof compressMiddleware = compressMiddleware;
  /** `multipart/form-data` uploads: `brisk.multipart({ dest }).single('avatar')` (@brisk/multipart, multer 2). */
  export const multipart: typeof multipartMiddleware = multipartMiddleware;
  /** Request deadlines that abort `req.signal`: `app.get(path, brisk.timeout('5s'), handler)` (@brisk/timeout, connect-timeout 1.9). */
  export const timeout: typeof timeoutMiddleware = timeoutMiddleware;
}
// `static` is a reserved word: declared in the namespace below (`var static`), assigned here.
Object.assign(createApplication, { static: app.static });

// biome-ignore-start lint/suspicious/noExplicitAny: @types/express's defaults, repeated
/**
 * The types as `express.Request` & co., for CommonJS TypeScript users (`import express =
 * require('briskjs')`), who see only the default export. The app's and the logger's are those
 * types themselves (not copies), so `declare module 'briskjs' { interface Request { user?: User } }`
 * reaches every handler's `req`.
 */
export declare namespace createApplication {
  /** serve-static: the static-file middleware (`express.static`). */
  var static: typeof app.static;
  /** `require('briskjs')`: creates an app, with Express's properties and `logger`. */
  export type Brisk = typeof createApplication;
  export import AnyRecord = app.AnyRecord;
  export import Application = app.Application;
  export import ApplicationRequestHandler = app.ApplicationRequestHandler;
  export import AppMatcher = app.AppMatcher;
  export import AppMethods = app.AppMethods;
  export import BriskApp = app.BriskApp;
  export import ByteRange = app.ByteRange;
  export import CookieOptions = app.CookieOptions;
  export import Dictionary = app.Dictionary;
  export import DownloadOptions = app.DownloadOptions;
  export import Engine = app.Engine;
  export import Errback = app.Errback;
  export import ErrorRequestHandler = app.ErrorRequestHandler;
  export import ETagFunction = app.ETagFunction;
  export import Express = app.Express;
  export import ExtraMethod = app.ExtraMethod;
  export import FinalHandler = app.FinalHandler;
  export import FinalHandlerOptions = app.FinalHandlerOptions;
  export import ForeignHandler = app.ForeignHandler;
  export import FormatFn = logger.FormatFn;
  export import Handler = app.Handler;
  export import HandlerArg = app.HandlerArg;
  export import Handlers = app.Handlers;
  export import ILayer = app.ILayer;
  export type InferInput<S extends StandardSchemaV1> = schema.InferInput<S>;
  export type InferOutput<S extends StandardSchemaV1> = schema.InferOutput<S>;
  export import InjectOptions = app.InjectOptions;
  export import InjectResponse = app.InjectResponse;
  export import IRoute = app.IRoute;
  export import IRouter = app.IRouter;
  export import IRouterHandler = app.IRouterHandler;
  export import IRouterMatcher = app.IRouterMatcher;
  export import ListenArgs = app.ListenArgs;
  export import Locals = app.Locals;
  export import Logger = logger.Logger;
  export import LoggerMiddleware = logger.LoggerMiddleware;
  export import LoggerOptions = logger.LoggerOptions;
  export import MediaType = app.MediaType;
  export import NextFunction = app.NextFunction;
  export import ObjectLoggerOptions = logger.ObjectLoggerOptions;
  export import ObjectLogStream = logger.ObjectLogStream;
  export type OpenAPIDocument = schema.OpenAPIDocument;
  export type OpenAPIOptions = schema.OpenAPIOptions;
  export import ParamHandler = app.ParamHandler;
  export import Params = app.Params;
  export import ParamsArray = app.ParamsArray;
  export import ParamsDictionary = app.ParamsDictionary;
  export import ParamsFlatDictionary = app.ParamsFlatDictionary;
  export import ParsedQs = app.ParsedQs;
  export import ParsedQuery = app.ParsedQuery;
  export import PathArg = app.PathArg;
  export import PathParams = app.PathParams;
  export import Query = app.Query;
  export import QueryParser = app.QueryParser;
  export import Request = app.Request;
  export import RequestHandler = app.RequestHandler;
  export import RequestHandlerParams = app.RequestHandlerParams;
  export import RequestParamHandler = app.RequestParamHandler;
  export type RequestPart = schema.RequestPart;
  export import RequestRanges = app.RequestRanges;
  export import RequestSchemas = app.RequestSchemas;
  export import Response = app.Response;
  export import RouteHandlerAdder = app.RouteHandlerAdder;
  export import RouteParameters = app.RouteParameters;
  /** A router made by `brisk.Router()` (@types/express's `Router`). */
  export interface Router extends app.Router {}
  export import RouterFactory = app.RouterFactory;
  export import RouterMethodsOf = app.RouterMethodsOf;
  export import RouterOptions = app.RouterOptions;
  export import SchemaOutput = app.SchemaOutput;
  export type Schemas = schema.Schemas;
  export import Send = app.Send;
  export import SendFileOptions = app.SendFileOptions;
  export import ShutdownOptions = app.ShutdownOptions;
  export import ShutdownServer = app.ShutdownServer;
  export type StandardSchemaV1<Input = unknown, Output = Input> = schema.StandardSchemaV1<Input, Output>;
  export import TokenCallback = logger.TokenCallback;
  export import Tokens = logger.Tokens;
  export import TrustProxyFunction = app.TrustProxyFunction;
  export import UseHandler = app.UseHandler;
  export import ValidatedBody = app.ValidatedBody;
  export import ValidatedHandler = app.ValidatedHandler;
  export import ValidatedHeaders = app.ValidatedHeaders;
  export import ValidatedParams = app.ValidatedParams;
  export import ValidatedQuery = app.ValidatedQuery;
  export import ValidatedResBody = app.ValidatedResBody;
  export type ValidateOptions = schema.ValidateOptions;
  export import ValidatingHandler = app.ValidatingHandler;
  export type ValidationError = schema.ValidationError;
  export type ValidationErrorHandler = schema.ValidationErrorHandler;
  export type ValidationIssue = schema.ValidationIssue;
  export type ValidationProblem = schema.ValidationProblem;
  export type Validator<S extends Schemas = Schemas> = schema.Validator<S>;
  export import ViewConstructor = app.ViewConstructor;
  export import ViewLike = app.ViewLike;
  export import ViewOptions = app.ViewOptions;
}
// biome-ignore-end lint/suspicious/noExplicitAny: @types/express's defaults, repeated
