/**
 * The public types of @brisk/logger: token and format functions, options, the middleware.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A token: `fn(req, res, arg)` returns the token's text, or `undefined`/`null`/`''` for `-`.
 * `arg` is the bracketed argument of `:name[arg]` in a format string (not passed without
 * brackets); a format function may pass further arguments of the token's own choosing.
 * `logger.token()` escapes the text it returns (control characters, U+2028/U+2029, `"`, `\`).
 *
 * @example
 * logger.token('id', (req) => req.headers['x-request-id'] as string | undefined);
 * logger.token('upper', (req, res, name) => (name ? req.headers[name]?.toString().toUpperCase() : undefined));
 */
export type TokenCallback<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
> = (req: Req, res: Res, ...args: string[]) => string | null | undefined;

/**
 * The `tokens` object a format function receives (the `logger` function itself, as in morgan):
 * every defined token by name, called as `tokens.method(req, res)` or
 * `tokens['response-time'](req, res, '2')`.
 */
export interface Tokens<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> {
  [name: string]: TokenCallback<Req, Res>;
  /** `req.originalUrl`, else `req.url`. */
  url: TokenCallback<Req, Res>;
  /** The request method. */
  method: TokenCallback<Req, Res>;
  /** Milliseconds from the request entering the logger until the headers were written; arg: digits (3). */
  'response-time': TokenCallback<Req, Res>;
  /** Milliseconds from the request entering the logger until the response finished; arg: digits (3). */
  'total-time': TokenCallback<Req, Res>;
  /** The current date in UTC; arg: `clf`, `iso` or `web` (the default). */
  date: TokenCallback<Req, Res>;
  /** The response status code, or nothing when no response was sent. */
  status: TokenCallback<Req, Res>;
  /** The `Referer` header, else `Referrer`. */
  referrer: TokenCallback<Req, Res>;
  /** `req.ip`, else the socket's remote address. */
  'remote-addr': TokenCallback<Req, Res>;
  /** The user name of Basic authentication. */
  'remote-user': TokenCallback<Req, Res>;
  /** The id of the process (`process.pid`). */
  pid: TokenCallback<Req, Res>;
  /** The HTTP version of the request (`1.1`). */
  'http-version': TokenCallback<Req, Res>;
  /** The `User-Agent` header. */
  'user-agent': TokenCallback<Req, Res>;
  /** A request header; arg: its name. */
  req: TokenCallback<Req, Res>;
  /** A response header, once the headers were sent; arg: its name. */
  res: TokenCallback<Req, Res>;
}

/**
 * A format function: returns the log line (without its newline), or `undefined`/`null` to log
 * nothing for this request. With `Entry`, it may also return an object, written as it is to an
 * object-mode stream ({@link ObjectLogStream}): a structured log entry.
 *
 * @example
 * logger((tokens, req, res) => `${tokens.method(req, res)} ${tokens.url(req, res)}`);
 */
export type FormatFn<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
  Entry extends object = never,
> = (tokens: Tokens<Req, Res>, req: Req, res: Res) => string | Entry | null | undefined;

/** The names of the predefined formats. */
export type FormatName = 'combined' | 'common' | 'default' | 'dev' | 'short' | 'tiny';

/** Where log lines go: anything with a `write(string)` method (a writable stream, a file stream). */
export interface LogStream {
  /** Called with each line, ending in `\n`. */
  write(line: string): unknown;
  /** A writable stream's object mode (see {@link ObjectLogStream}). */
  readonly writableObjectMode?: boolean | undefined;
}

/**
 * A stream in object mode (`writableObjectMode` true: `new Writable({ objectMode: true })`, or
 * any object saying so): an object a format function returns is written to it as it is, with no
 * newline; a string line is still written as text ending in `\n`. A stream not in object mode
 * gets `String(entry) + '\n'` (`[object Object]`), as in morgan.
 *
 * @example
 * const stream = { writableObjectMode: true, write: (entry: AccessEntry | string) => pino.info(entry) };
 */
export interface ObjectLogStream<Entry extends object = object> {
  /** `true` at run time for the object to be written as it is. */
  readonly writableObjectMode: boolean;
  /** Called with each entry the format function returns (or a string line, ending in `\n`). */
  write(entry: Entry | string): unknown;
}

/** The options of `logger(format, options)`. */
export interface LoggerOptions<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
> {
  /**
   * Write the line when the request arrives instead of when the response is done: the request
   * is logged even if the server crashes, but response data (status, headers, times) shows `-`.
   * @default false
   */
  immediate?: boolean | undefined;
  /**
   * Called as `skip(req, res)` when the line would be written; a truthy result logs nothing.
   * @default false (nothing skipped)
   * @example
   * logger('combined', { skip: (req, res) => res.statusCode < 400 }); // errors only
   */
  skip?: ((req: Req, res: Res) => unknown) | false | null | undefined;
  /**
   * Destination of the log lines.
   * @default process.stdout
   */
  stream?: LogStream | null | undefined;
  /**
   * morgan's (deprecated) buffering: collect lines and write them together every `buffer`
   * milliseconds (`true`: 1000). The timer does not keep the process alive; pending lines are
   * written when the event loop empties.
   * @default false
   */
  buffer?: boolean | number | undefined;
}

/**
 * The options of `logger(format, options)` with a format function returning objects: `stream`
 * is required and in object mode, and there is no `buffer` (which joins lines as text).
 */
export interface ObjectLoggerOptions<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
  Entry extends object = object,
> extends Omit<LoggerOptions<Req, Res>, 'stream' | 'buffer'> {
  /** The object-mode stream the entries are written to. */
  stream: ObjectLogStream<Entry>;
  /** Not with objects: buffered lines are joined as text. */
  buffer?: false | undefined;
}

/**
 * morgan's deprecated one-argument form: `logger({ format, ...options })`.
 * @deprecated use `logger(format, options)`
 */
export interface LoggerOptionsWithFormat<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
> extends LoggerOptions<Req, Res> {
  /** The format (name, format string or function). @default 'default' */
  format?: FormatName | (string & {}) | FormatFn<Req, Res> | undefined;
}

/** The middleware `logger()` returns: `(req, res, next)`; it always calls `next()` with no argument. */
export type LoggerMiddleware<
  Req extends IncomingMessage = IncomingMessage,
  Res extends ServerResponse = ServerResponse,
> = (req: Req, res: Res, next: (err?: unknown) => void) => void;
