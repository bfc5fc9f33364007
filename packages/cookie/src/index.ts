// @brisk/cookie: drop-in for cookie 0.7.2 (parse, serialize) and cookie-signature 1.2.2 (sign, unsign).

// Cookie request header
export { parse } from './parse.js';
export type { ParseOptions } from './parse.js';

// Set-Cookie response header
export { serialize } from './serialize.js';
export type { SerializeOptions } from './serialize.js';

// Signed cookie values
export { sign, unsign } from './signature.js';
export type { Secret } from './signature.js';
