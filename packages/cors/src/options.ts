// The options of `cors()`, their types (the names and shapes @types/cors gives them), and how
// they are checked and compiled once into a `Policy`: the header values a request needs, worked
// out before the first request arrives (or, for an options delegate, once per request).

import type { CorsRequest, CorsResponse, CustomOrigin, StaticOrigin } from './request.js';
import { describe, warn } from './errors.js';
import { isHeaderSafe } from './safe.js';
import { compileOrigin, type OriginRule } from './origin.js';

/** The middleware `cors()` returns: `(req, res, next)`, as Express, connect or a plain server call it. */
export type CorsMiddleware<T extends CorsRequest = CorsRequest> = (
  req: T,
  res: CorsResponse,
  next: (err?: unknown) => void,
) => void;

/** The options of `cors()`. Every one is optional; without any, any origin may read any response. */
export interface CorsOptions {
  /**
   * Which origins may read responses: the `Access-Control-Allow-Origin` header. See
   * {@link StaticOrigin} and {@link CustomOrigin}. Given as `undefined` or `null` (not left out),
   * it turns CORS off, as in cors 2.8.6.
   * @default '*'
   */
  origin?: StaticOrigin | CustomOrigin | null | undefined;
  /**
   * `Access-Control-Allow-Methods` of a preflight answer: a comma-separated string or an array
   * (joined with `,`). An empty string or array sends none.
   * @default 'GET,HEAD,PUT,PATCH,POST,DELETE'
   */
  methods?: string | readonly string[] | null | undefined;
  /**
   * `Access-Control-Allow-Headers` of a preflight answer: a comma-separated string or an array
   * (joined with `,`). Not set (or `''`): the request's `Access-Control-Request-Headers` is sent
   * back, with `Vary: Access-Control-Request-Headers`. An empty array sends none.
   * @default the request's Access-Control-Request-Headers
   */
  allowedHeaders?: string | readonly string[] | null | undefined;
  /** Another name for {@link CorsOptions.allowedHeaders}, read when that one is not set. */
  headers?: string | readonly string[] | null | undefined;
  /**
   * `Access-Control-Expose-Headers`: response headers a page may read beyond the safelisted ones,
   * as a comma-separated string or an array. Sent on every CORS response (preflights too).
   * @default none
   */
  exposedHeaders?: string | readonly string[] | null | undefined;
  /**
   * `true` sends `Access-Control-Allow-Credentials: true` (cookies and HTTP authentication).
   * @default false
   */
  credentials?: boolean | null | undefined;
  /**
   * `Access-Control-Max-Age` of a preflight answer: how many seconds a browser may cache it. An
   * integer, or a string of digits; `0` is sent too.
   * @default none
   */
  maxAge?: number | string | null | undefined;
  /**
   * `true` hands a preflight request on to the next handler (after setting the headers) instead
   * of answering it.
   * @default false
   */
  preflightContinue?: boolean | null | undefined;
  /**
   * The status of a preflight answer (some legacy browsers want `200`).
   * @default 204
   */
  optionsSuccessStatus?: number | null | undefined;
}

/**
 * Options decided per request: `callback(err, options)` with an error or the request's
 * {@link CorsOptions} (nothing: the defaults), or return a promise of them. A throw or a
 * rejection goes to the error handler.
 *
 * @example
 * cors((req, callback) => callback(null, { origin: req.url?.startsWith('/public/') ? '*' : 'https://app.example' }));
 */
export type CorsOptionsDelegate<T extends CorsRequest = CorsRequest> = (
  req: T,
  callback: (err: Error | null, options?: CorsOptions) => void,
  // biome-ignore lint/suspicious/noConfusingVoidType: an async delegate that answers through its callback returns Promise<void>
) => void | PromiseLike<CorsOptions | null | undefined | void>;

/** The options as one request applies them: every value checked and turned into header text. */
export interface Policy {
  origin: OriginRule;
  /** Sends `Access-Control-Allow-Credentials: true`. */
  credentials: boolean;
  /** `Access-Control-Allow-Methods` ('' sends none). */
  methods: string;
  /** `Access-Control-Allow-Headers` ('' sends none), or `undefined` to reflect the request's. */
  allowedHeaders: string | undefined;
  /** `Access-Control-Max-Age` ('' sends none). */
  maxAge: string;
  /** `Access-Control-Expose-Headers` ('' sends none). */
  exposedHeaders: string;
  preflightContinue: boolean;
  optionsSuccessStatus: number;
}

/** The option names cors 2.8.6 reads; any other key gets a warning (decision 037). */
const KNOWN = new Set([
  'origin',
  'methods',
  'allowedHeaders',
  'headers',
  'exposedHeaders',
  'credentials',
  'maxAge',
  'preflightContinue',
  'optionsSuccessStatus',
]);

/** Unknown keys already warned about: one warning per name, whatever the number of requests. */
const warned = new Set<string>();
/** Past this many distinct names, no more warnings (a delegate building keys from requests stays bounded). */
const MAX_WARNED = 100;

/** The default policy's values, as cors 2.8.6's `defaults`. */
export const DEFAULT_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';
const DEFAULT_STATUS = 204;

/** A `TypeError` naming the option and what it accepts. */
export function invalid(name: string, value: unknown, allowed: string): TypeError {
  return new TypeError(`option ${name} "${show(value)}" is invalid: ${allowed}`);
}

/** A short, safe rendering of a value for an error message. */
function show(value: unknown): string {
  if (typeof value === 'function') return `function ${value.name}`.trimEnd();
  if (Array.isArray(value)) return `[array of ${value.length}]`;
  if (value instanceof RegExp) return String(value);
  if (typeof value === 'object' && value !== null) return Object.prototype.toString.call(value);
  const text = describe(value);
  // control characters shown escaped (a message is often logged), long values cut
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to escape
  const shown = text.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return shown.length > 60 ? shown.slice(0, 57) + '...' : shown;
}

/** Is `value` a string, or a `String` object (cors 2.8.6 takes both). */
function isString(value: unknown): boolean {
  return typeof value === 'string' || value instanceof String;
}

/**
 * A list option (`methods`, `allowedHeaders`, `exposedHeaders`) as header text: a string as it
 * is, an array joined with `,` (as cors 2.8.6's `join(',')`).
 */
function listText(name: string, value: unknown): string {
  if (isString(value)) {
    const text = String(value);
    if (!isHeaderSafe(text)) throw invalid(name, value, 'it has characters a header value cannot carry');
    return text;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isString(item)) throw invalid(name, value, 'an array must hold strings only');
    }
    return listText(name, value.join(','));
  }
  throw invalid(name, value, 'expected a comma-separated string or an array of strings');
}

/** `maxAge` as header text: an integer, or a string of digits (a `-` first, as browsers read -1). */
function maxAgeText(value: unknown): string {
  // a safe integer: 1e21 is an integer too, but String(1e21) is '1e+21'
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (isString(value) && /^-?\d+$/.test(String(value))) return String(value);
  throw invalid('maxAge', value, 'expected an integer number of seconds');
}

/** `name`'s value as a boolean: `null`/`undefined` are `false`; anything else but a boolean is refused. */
function flag(name: string, value: unknown): boolean {
  if (value == null) return false;
  if (typeof value !== 'boolean') throw invalid(name, value, 'expected true or false');
  return value;
}

/** Warns once per name about keys cors 2.8.6 does not read (they are accepted and ignored, as there). */
function warnUnknown(options: object): void {
  for (const key of Object.keys(options)) {
    if (KNOWN.has(key) || warned.has(key) || warned.size >= MAX_WARNED) continue;
    warned.add(key);
    warn(
      'BRISK_ERR_CORS_UNKNOWN_OPTION',
      `unknown option "${show(key)}" is ignored; the options are ${[...KNOWN].join(', ')}`,
    );
  }
}

/**
 * Checks `options` and compiles them into a {@link Policy}. As cors 2.8.6 merges them over its
 * defaults with `Object.assign` (own enumerable keys), a key given as `undefined` counts as given
 * for `origin` (CORS off) and as "not set" for every other option (cors 2.8.6 would fail on
 * each request for `methods` and `optionsSuccessStatus`).
 *
 * @throws {TypeError} naming the option, for a value of the wrong type or one no header can carry
 */
export function compile(options: unknown): Policy {
  const o = (options ?? {}) as Record<string, unknown>;
  if (typeof o !== 'object' || Array.isArray(o)) {
    throw new TypeError(`argument options "${show(options)}" is invalid: expected an object or a function`);
  }
  warnUnknown(o);
  const own = (key: string) => Object.prototype.propertyIsEnumerable.call(o, key);

  const origin = compileOrigin(own('origin') ? o.origin : '*', invalid);
  const methods = o.methods == null ? DEFAULT_METHODS : listText('methods', o.methods);
  // `allowedHeaders || headers`: an empty string is "not set" there, an empty array is not
  const given = o.allowedHeaders || o.headers;
  const allowedHeaders = given == null || given === '' ? undefined : listText('allowedHeaders', given);
  const exposedHeaders = o.exposedHeaders ? listText('exposedHeaders', o.exposedHeaders) : '';
  // not set, '' or false: none (a number, `0` and `NaN` included, is checked)
  const maxAge = o.maxAge == null || o.maxAge === '' || o.maxAge === false ? '' : maxAgeText(o.maxAge);
  const status = o.optionsSuccessStatus ?? DEFAULT_STATUS;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 999) {
    throw invalid('optionsSuccessStatus', status, 'expected an integer status code from 100 to 999');
  }
  return {
    origin,
    credentials: flag('credentials', o.credentials),
    methods,
    allowedHeaders,
    maxAge,
    exposedHeaders,
    preflightContinue: flag('preflightContinue', o.preflightContinue),
    optionsSuccessStatus: status,
  };
}
