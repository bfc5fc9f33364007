// @brisk/cookie-parser: Cookie header parsing middleware, a drop-in for cookie-parser 1.4.7.
// `require('@brisk/cookie-parser')` is the `cookieParser` function; every named export is also its property.
/// <reference types="node" preserve="true" />
import { cookieParser } from './cookie-parser.js';

// The middleware factory (default export) and its functions
export { cookieParser as default };
export { JSONCookie, JSONCookies } from './json.js';
export { signedCookie, signedCookies } from './signed.js';

// Types
export type { JSONCookieValue } from './json.js';
export type { Secrets } from './signed.js';
export type { CookieParseOptions, CookieParserMiddleware, CookieParserRequest } from './types.js';
/** The type of `cookieParser` itself. */
export type CookieParser = cookieParser.CookieParser;
