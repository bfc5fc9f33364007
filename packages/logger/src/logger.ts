/**
 * `logger(format, options)`: the middleware factory, which is also the table of tokens and
 * named formats (as morgan's module function is: `logger.combined`, `logger.url`, ...).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { onFinished, onHeaders } from '@brisk/http';
import { createBufferStream, DEFAULT_BUFFER_INTERVAL } from './buffer.js';
import { compile } from './compile.js';
import { escapeField } from './escape.js';
import { combined, common, defaultFormat, dev, devNoColor, short, tiny } from './formats.js';
import { report } from './report.js';
import { builtinTokens, remoteAddress, type LoggedRequest, type LoggedResponse } from './tokens.js';
import * as types from './types.js'; // types only, for the namespace
import type {
  FormatFn,
  FormatName,
  LogStream,
  LoggerMiddleware,
  LoggerOptions,
  LoggerOptionsWithFormat,
  ObjectLoggerOptions,
  TokenCallback,
  Tokens,
} from './types.js';

/** `logger` itself: the middleware factory, with `compile`, `format` and `token`. */
export type Logger = typeof logger;

/** Own properties every function has: a format or token by these names only once defined. */
const FUNCTION_OWN = new Set(['name', 'length', 'prototype']);
const definedOwn = new Set<string>();

/** `logger` as the table of formats and tokens it also is (see {@link table}). */
type Table = Record<string, unknown>;

/** Sets `logger[name]`, as an own data property even for `__proto__`, `name` and `length`. */
function define(name: string, value: unknown): void {
  if (FUNCTION_OWN.has(name)) definedOwn.add(name);
  if (name === '__proto__' || name === 'name' || name === 'length') {
    Object.defineProperty(table, name, { value, writable: true, enumerable: true, configurable: true });
  } else {
    table[name] = value;
  }
}

/** `logger[name]` if it was defined by `format`/`token` (or is another own property). */
function lookup(name: unknown): unknown {
  if (typeof name !== 'string' || !Object.hasOwn(logger, name)) return undefined;
  if (FUNCTION_OWN.has(name) && !definedOwn.has(name)) return undefined;
  return table[name];
}

/**
 * Defines (or replaces) the named format `name`, usable as `logger(name)` from then on. Stored
 * as `logger[name]`, beside the tokens. Returns `logger`.
 *
 * @example
 * logger.format('mine', ':method :url :status :response-time[1] ms');
 * app.use(logger('mine'));
 */
export function format<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  name: string,
  fmt: string | FormatFn<Req, Res, object>,
): Logger {
  define(name, fmt);
  return logger;
}

/** Token functions whose text is already escaped: the predefined ones and those made by `token()`. */
const escapingTokens = new WeakSet<object>();

/**
 * `fn` with its text escaped (`escapeField`), as morgan 1.11+ wraps every token: called with the
 * same `this` and arguments, a string result escaped, any other value returned as it is. A
 * function already escaping (a predefined token, or one registered again under another name) is
 * not wrapped twice; a value that is not a function is stored as it is (it is not a token).
 */
function escapingToken(fn: unknown): unknown {
  if (typeof fn !== 'function' || escapingTokens.has(fn)) return fn;
  const call = fn;
  const wrapped = function escapedToken(this: unknown): unknown {
    // `arguments`: exactly the arguments given (a format function may pass more), no array per call
    const value: unknown = call.apply(this, arguments);
    return typeof value === 'string' ? escapeField(value) : value;
  };
  escapingTokens.add(wrapped);
  return wrapped;
}

/**
 * Defines (or replaces) the token `:name`, usable at once in every format, compiled or not.
 * `fn(req, res, arg)` returns the token's text; `arg` is the text in `:name[arg]`. Stored as
 * `logger[name]`, wrapped so that its text is escaped for the log line: control characters,
 * U+2028/U+2029, `"` and `\` (`\n`, `\u001b`, `\"`, `\\`), as morgan 1.11+ does. Returns
 * `logger`.
 *
 * @example
 * logger.token('id', (req) => req.headers['x-request-id'] as string | undefined);
 * logger.token('header', (req, res, name) => (name ? String(res.getHeader(name) ?? '') : undefined));
 * app.use(logger(':id :method :url :header[etag]'));
 */
export function token<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  name: string,
  fn: TokenCallback<Req, Res>,
): Logger {
  define(name, escapingToken(fn));
  return logger;
}

/** Any format function, as the middleware calls it. */
type AnyFormat = FormatFn<LoggedRequest, LoggedResponse, object>;

/** The format function for a name or format string (morgan: `logger[name] || name || default`). */
function formatFunction(name: unknown): AnyFormat {
  const fmt = lookup(name) || name || lookup('default');
  return typeof fmt === 'function' ? (fmt as AnyFormat) : compile<LoggedRequest, LoggedResponse>(fmt as string);
}

/** `onHeaders` listener: the time the response headers are written. */
function recordHeadersTime(this: LoggedResponse): void {
  this._startAt = process.hrtime();
  this._startTime = new Date();
}

type AnyOptions = LoggerOptionsWithFormat<LoggedRequest, LoggedResponse>;

/** A stream as the middleware uses it: text lines, and objects when in object mode. */
interface AnyStream {
  write(chunk: string | object): unknown;
  readonly writableObjectMode?: unknown;
}

/** Builds the middleware of `logger(format, options)`. */
function createMiddleware(format: unknown, options: unknown): LoggerMiddleware<LoggedRequest, LoggedResponse> {
  let fmt = format;
  let opts = (options || {}) as AnyOptions;
  if (format && typeof format === 'object') {
    // morgan's deprecated logger({ format, ...options })
    opts = format as AnyOptions;
    fmt = opts.format || 'default';
  }
  const immediate = opts.immediate;
  const skip = opts.skip || false;
  if (skip !== false && typeof skip !== 'function') throw new TypeError('option skip must be function');
  const formatLine = typeof fmt === 'function' ? (fmt as AnyFormat) : formatFunction(fmt);
  let stream: AnyStream = opts.stream || process.stdout;
  if (typeof stream.write !== 'function') throw new TypeError('option stream must have a write method');
  const buffer = opts.buffer;
  // (the buffer takes text only: it has no writableObjectMode, as morgan's has none)
  if (buffer)
    stream = createBufferStream(stream as LogStream, typeof buffer === 'number' ? buffer : DEFAULT_BUFFER_INTERVAL);
  // format functions get the table as their tokens (morgan hands them `morgan`): its entries,
  // unknown values by name, read as token functions
  const entries: Table = table;
  const tokens = entries as Tokens<LoggedRequest, LoggedResponse>;

  function logRequest(req: LoggedRequest, res: LoggedResponse): void {
    try {
      if (skip !== false && skip(req, res)) return;
      const line = formatLine(tokens, req, res);
      if (line == null) return;
      // an object goes as it is to an object-mode stream (morgan 1.12); anything else as text
      if (typeof line === 'object' && stream.writableObjectMode) stream.write(line);
      else stream.write(line + '\n');
    } catch (err) {
      report(err, 'the request was not logged');
    }
  }

  return function logger(req, res, next) {
    // morgan's fields, so that tokens written for morgan keep working
    req._startAt = process.hrtime();
    req._startTime = new Date();
    req._remoteAddress = remoteAddress(req);
    res._startAt = undefined;
    res._startTime = undefined;
    if (immediate) {
      logRequest(req, res);
    } else {
      onHeaders(res, recordHeadersTime);
      onFinished(res, () => logRequest(req, res));
    }
    next();
  };
}

/**
 * Creates a request-logging middleware, a drop-in for morgan 1.12: `logger(format, options)`.
 * `require('@brisk/logger')` is this function; the predefined formats and tokens are its
 * properties (`logger.combined`, `logger['response-time']`, ...), as in morgan.
 *
 * @throws TypeError `argument format must be a string` (a format that is neither a name, a
 *   string nor a function), `option skip must be function`, `option stream must have a write method`.
 * @example
 * app.use(logger('dev'));
 * app.use(logger('combined', { stream: fs.createWriteStream('access.log', { flags: 'a' }) }));
 * app.use(logger(':method :url :status :res[content-length] - :response-time ms'));
 *
 * With a format function that returns objects (structured entries, e.g. for a JSON logger) and
 * an object-mode `stream`, the entries are written as they are.
 */
export function logger<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
  Entry extends object = object,
>(format: FormatFn<Req, Res, Entry>, options: ObjectLoggerOptions<Req, Res, Entry>): LoggerMiddleware<Req, Res>;
/**
 * Creates the logging middleware. `format` is a predefined format name (`'combined'`,
 * `'common'`, `'dev'`, `'short'`, `'tiny'`, `'default'`), a format string with `:token` and
 * `:token[arg]`, or a format function.
 */
export function logger<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  format: FormatName | (string & {}) | FormatFn<Req, Res>,
  options?: LoggerOptions<Req, Res> | null,
): LoggerMiddleware<Req, Res>;
/**
 * morgan's deprecated one-argument form, `logger({ format, ...options })`.
 * @deprecated use `logger(format, options)`
 */
export function logger<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  options: LoggerOptionsWithFormat<Req, Res>,
): LoggerMiddleware<Req, Res>;
export function logger(format: unknown, options?: unknown): LoggerMiddleware<LoggedRequest, LoggedResponse> {
  return createMiddleware(format, options);
}

// morgan's `module.exports`: `logger`, with `compile`, `format` and `token` (and, below, the
// formats and tokens by name) as properties (`require('@brisk/logger')`, src/index.cts).
const compileFormat = compile;
const defineFormat = format;
const defineToken = token;
export namespace logger {
  /** Compiles a format string into a format function. */
  export const compile = compileFormat;
  /** Defines (or replaces) a named format. */
  export const format = defineFormat;
  /** Defines (or replaces) a token. */
  export const token = defineToken;
}

/** `logger` as the table it also is: formats and tokens by name, beside `compile`, `format` and `token`. */
const table = Object.assign<Logger, Table>(logger, {});

// The predefined formats and tokens, in morgan's order.
define('combined', combined);
define('common', common);
define('default', defaultFormat);
define('short', short);
define('tiny', tiny);
// NO_COLOR (https://no-color.org), read once, here, as morgan 1.12 reads it: set and not empty,
// `dev` is the same line without escape sequences.
define('dev', process.env.NO_COLOR ? compile(devNoColor) : dev);
for (const [name, fn] of builtinTokens) {
  escapingTokens.add(fn); // they escape their own text (tokens.ts)
  define(name, fn);
}

/** The types, also reachable from the function (`logger.Options`), as in @types/morgan. */
export declare namespace logger {
  export import FormatFn = types.FormatFn;
  export import FormatName = types.FormatName;
  export import TokenCallback = types.TokenCallback;
  export import Tokens = types.Tokens;
  export import LoggerOptions = types.LoggerOptions;
  export import LoggerOptionsWithFormat = types.LoggerOptionsWithFormat;
  export import LogStream = types.LogStream;
  export import ObjectLogStream = types.ObjectLogStream;
  export import ObjectLoggerOptions = types.ObjectLoggerOptions;
  export import LoggerMiddleware = types.LoggerMiddleware;
  /** The module's shape. */
  export type Logger = typeof logger;
  // @types/morgan's names
  /** A token function (@types/morgan's name for `TokenCallback`). */
  export type TokenCallbackFn<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = types.TokenCallback<Req, Res>;
  /** The tokens object of a format function (@types/morgan's name for `Tokens`). */
  export type TokenIndexer<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = types.Tokens<Req, Res>;
  /** The options of `logger(format, options)` (@types/morgan's name for `LoggerOptions`). */
  export type Options<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = types.LoggerOptions<Req, Res>;
  /** Where lines are written (@types/morgan's name for `LogStream`). */
  export type StreamOptions = types.LogStream;
  /** The middleware (@types/morgan's name for `LoggerMiddleware`). */
  export type Handler<
    Req extends IncomingMessage = IncomingMessage,
    Res extends ServerResponse = ServerResponse,
  > = types.LoggerMiddleware<Req, Res>;
}
