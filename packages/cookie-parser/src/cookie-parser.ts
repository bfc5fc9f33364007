// `require('@brisk/cookie-parser')`: the middleware factory, a drop-in for cookie-parser 1.4.7's
// module function, with `JSONCookie`, `JSONCookies`, `signedCookie` and `signedCookies` as its
// properties and the types as its namespace (`cookieParser.CookieParseOptions`, as in
// @types/cookie-parser).

import { parse, type Secret } from '@brisk/cookie';
import { warn } from './errors.js';
import * as json from './json.js';
import * as signed from './signed.js';
import { secretList, type Secrets } from './signed.js';
import * as types from './types.js'; // types only, for the namespace
import type { CookieParseOptions, CookieParserMiddleware } from './types.js';

/** The option names cookie-parser 1.4.7 passes on to cookie 0.7.2's parse, which reads only `decode`. */
const KNOWN = ['decode'];
const warned = new Set<string>();

/** Checks the options once: `decode` must be a function; another key is warned about, once per name. */
function checkOptions(options: CookieParseOptions | null | undefined): CookieParseOptions | undefined {
  if (options == null) return undefined;
  if (typeof options !== 'object') throw new TypeError('argument options must be an object');
  if (options.decode != null && typeof options.decode !== 'function') {
    throw new TypeError('option decode must be function');
  }
  for (const key of Object.keys(options)) {
    if (KNOWN.includes(key) || warned.has(key)) continue;
    warned.add(key);
    warn(
      'BRISK_ERR_COOKIE_PARSER_UNKNOWN_OPTION',
      `unknown option "${key.slice(0, 60)}" is ignored; the one option is decode (cookie attributes belong to res.cookie())`,
    );
  }
  return options;
}

/** Is `secret` something `crypto.createHmac` takes as a key (as @brisk/cookie's `sign` does). */
function isSecret(secret: unknown): boolean {
  return (
    typeof secret === 'string' ||
    ArrayBuffer.isView(secret) ||
    (typeof secret === 'object' && secret !== null && (secret as { type?: unknown }).type === 'secret')
  );
}

/**
 * Checks the secrets once: none (a falsy value), one, or an array of them. An array is kept as
 * it is, not copied: a secret pushed into it later (rotation without a restart) counts, as in
 * cookie-parser 1.4.7.
 */
function checkSecret(secret: unknown): readonly Secret[] {
  const list = secretList(secret as Secrets);
  for (const item of list) {
    if (!isSecret(item)) {
      throw new TypeError(
        'argument secret must be a string, a Buffer or TypedArray, a secret KeyObject, or an array of them',
      );
    }
  }
  return list;
}

/**
 * `cookieParser(secret?, options?)`: middleware that parses the `Cookie` header into
 * `req.cookies`, moves the signed cookies (`s:` values) that verify against one of the secrets
 * into `req.signedCookies` (a tampered one is `false`), reads `j:` JSON cookies, and sets
 * `req.secret` (the first secret) for `res.cookie(name, value, { signed: true })`. A request
 * that already has `req.cookies` is left alone. A drop-in for cookie-parser 1.4.7;
 * `require('@brisk/cookie-parser')` is this function.
 *
 * @param secret - a secret, or an array of them: the first signs, any of them verifies
 * @param options - passed to the Cookie header parser ({@link CookieParseOptions})
 * @throws {TypeError} `argument secret must be ...` for a secret of the wrong type
 * @throws {TypeError} `option decode must be function`
 * @example
 * app.use(cookieParser(['new secret', 'old secret']));
 * app.get('/', (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
 */
export function cookieParser(secret?: Secrets | null, options?: CookieParseOptions | null): CookieParserMiddleware {
  const secrets = checkSecret(secret);
  const parseOptions = checkOptions(options);

  return function cookieParser(req, _res, next) {
    if (req.cookies) return next();

    const header = req.headers.cookie;
    req.secret = secrets[0];
    req.cookies = Object.create(null);
    req.signedCookies = Object.create(null);
    if (!header) return next();

    let cookies: Record<string, unknown>;
    let signedValues: Record<string, unknown> | undefined;
    try {
      cookies = parse(header, parseOptions);
      // moved out of `cookies` first, so that a signed `s:j:...` value is read as JSON once verified
      if (secrets.length !== 0) signedValues = json.JSONCookies(signed.signedCookies(cookies, secrets));
      json.JSONCookies(cookies);
    } catch (err) {
      // a header that is not a string (a test double), a secret pushed later that is no secret
      return next(err);
    }
    req.cookies = cookies;
    if (signedValues !== undefined) req.signedCookies = signedValues;
    next();
  };
}

export namespace cookieParser {
  /** Parses a `j:` JSON cookie value. */
  export const JSONCookie = json.JSONCookie;
  /** Parses the `j:` values of an object of cookies, in place. */
  export const JSONCookies = json.JSONCookies;
  /** Reads a signed (`s:`) cookie value. */
  export const signedCookie = signed.signedCookie;
  /** Moves the signed values out of an object of cookies. */
  export const signedCookies = signed.signedCookies;
}

/** The types, also as `cookieParser.CookieParseOptions` (as in @types/cookie-parser). */
export declare namespace cookieParser {
  export import JSONCookieValue = json.JSONCookieValue;
  export import Secrets = signed.Secrets;
  export import CookieParseOptions = types.CookieParseOptions;
  export import CookieParserRequest = types.CookieParserRequest;
  export import CookieParserMiddleware = types.CookieParserMiddleware;
  /** The type of `cookieParser` itself. */
  export type CookieParser = typeof cookieParser;
}
