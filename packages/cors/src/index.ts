// @brisk/cors: CORS headers and preflight answers, a drop-in for cors 2.8.6.
// `require('@brisk/cors')` is the factory (named `middlewareWrapper`, as cors names it).
/// <reference types="node" preserve="true" />
import { middlewareWrapper } from './cors.js';

// Types
export type { CorsMiddleware, CorsOptions, CorsOptionsDelegate } from './options.js';
export type { CorsRequest, CorsResponse, CustomOrigin, StaticOrigin } from './request.js';
/** The type of `cors` itself. */
export type Cors = middlewareWrapper.Cors;

/** `cors(options?)`: the CORS middleware factory (the module itself in CommonJS). */
export default middlewareWrapper;
