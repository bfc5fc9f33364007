// @brisk/app: the Express 5 application, request and response, and the final handler; a drop-in
// for express 5.3 (with finalhandler 2.1). `require('@brisk/app')` is the function that creates
// an app, with Express's properties, as `require('express')` is.
/// <reference types="node" preserve="true" />
import { createApplication } from './create.js';

// The application (also properties of the default export, as on express)
export { application } from './application.js';
export { request } from './request.js';
export { response } from './response.js';
export { finalhandler } from './finalhandler.js';
export { shutdown } from './shutdown.js';
export { fromFetch } from './from-fetch.js';

/** `brisk.Router([options])`: @brisk/router's Router, typed for an app's requests and responses. */
export const Router: RouterFactory = createApplication.Router;
/** A router made by `brisk.Router()` (@types/express's `Router`): the type of the same name. */
export interface Router extends createApplication.Router {}
/** The route class (`brisk.Route`). */
export const Route: RouterFactory['Route'] = createApplication.Route;

// What express re-exports (`static` is a reserved word: `import { static as serveStatic }`)
export { json, raw, text, urlencoded } from '@brisk/body';
export { serveStatic as static } from '@brisk/static';

// Types: every public type of the app, by @types/express's names and brisk's own.
export type * from './types.js';
import type { RouterFactory } from './types.js';
export type { Engine, ViewLike, ViewOptions } from './view.js';
export type { FinalHandler, FinalHandlerOptions } from './finalhandler.js';
export type { ETagFunction, QueryParser, TrustProxyFunction } from './settings.js';
export type { CookieOptions } from './response.js';
export type { SendFileOptions, SendFileOptions as DownloadOptions } from './send-file.js';
export type { ShutdownOptions, ShutdownServer } from './shutdown.js';
export type { FetchHandler } from './from-fetch.js';

/** `require('@brisk/app')`: creates an app, with Express's properties. */
export type BriskApp = createApplication.BriskApp;

/**
 * Creates an application (`express()`), with `application`, `request`, `response`, `Route`,
 * `Router`, `json`, `raw`, `text`, `urlencoded`, `static` and `finalhandler` as properties, and
 * brisk's `shutdown` (graceful shutdown of a server) and `fromFetch` (a fetch handler as middleware). Its types are a namespace of it
 * (`brisk.Request`): see create.ts.
 */
export default createApplication;
