// @brisk/cookie: drop-in for cookie 0.7.2 (parse, serialize), cookie 2.0.2 (parseCookie,
// stringifyCookie, parseSetCookie, stringifySetCookie) and cookie-signature 1.2.2 (sign, unsign).
/// <reference types="node" preserve="true" />

// Cookie request header
export { parse } from './parse.js';
export type { ParseOptions } from './parse.js';

// Set-Cookie response header
export { serialize } from './serialize.js';
export type { SerializeOptions } from './serialize.js';

// cookie 2's API, beside cookie 0.7's (decision 033)
export { parseCookie, stringifyCookie, parseSetCookie, stringifySetCookie } from './cookie-2.js';
export type { Cookies, SetCookie, StringifyOptions } from './cookie-2.js';

// Signed cookie values
export { sign, unsign } from './signature.js';
export type { Secret } from './signature.js';
