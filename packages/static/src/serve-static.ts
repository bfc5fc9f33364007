// serve-static 2.2: a middleware that serves the files under a root directory with send().
// Options are validated and compiled once here; each request only parses its URL, stats the
// file and streams it.
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { format, type UrlObject } from 'node:url';
import { parseTimeSpan, parseurl, type HttpError } from '@brisk/http';
import { collapseLeadingSlashes, encodeLocation, redirectTo } from './html.js';
import { compileOptions, type HeadersObject, type SendOptions } from './options.js';
import type { ServeStaticHandler, ServeStaticOptions } from './serve-static-options.js';
import { createHttpError, SendStream, send, usePrecompiled } from './send-stream.js';
import * as options from './options.js'; // types only, for the namespace
import * as streams from './send-stream.js'; // types only, for the namespace
import * as serveOptions from './serve-static-options.js'; // types only, for the namespace

/** The `next` of a middleware call. */
type Next = (err?: HttpError) => void;

/** What a middleware decided once, shared by its streams. */
interface Settings {
  readonly fallthrough: boolean;
  readonly onDirectory: (this: SendStream, res: ServerResponse) => void;
}

/**
 * The stream of one middleware call. Where serve-static listens to send's `directory`, `file`
 * and `error` events with closures made per request, this subclass overrides the methods that
 * emit them (`redirect`, `send`, `error`): no listener and no closure per request, and with
 * `fallthrough`, no error object made for a file that is simply missing.
 */
class StaticStream extends SendStream {
  readonly #settings: Settings;
  readonly #next: Next;
  /** A file was found: from then on every error is forwarded (serve-static's `file` listener). */
  #found = false;

  constructor(req: IncomingMessage, path: string, options: SendOptions, settings: Settings, next: Next) {
    super(req, path, options);
    this.#settings = settings;
    this.#next = next;
  }

  override redirect(): void {
    this.#settings.onDirectory.call(this, this.res);
  }

  override send(path: string, stat: Stats): void {
    this.#found = true;
    super.send(path, stat);
  }

  override error(status: number, err?: Error | { headers?: HeadersObject } | null): void {
    if (this.#found || !this.#settings.fallthrough || status >= 500) this.#next(createHttpError(status, err));
    else this.#next();
  }
}

/** serve-static's `directory` listener: a 301 to the original URL with `/` appended. */
function redirectDirectory(this: SendStream, res: ServerResponse): void {
  if (this.hasTrailingSlash()) {
    this.error(404);
    return;
  }
  // the original URL (before any mount path was removed), with `/` after its path; a new
  // object, so the request's parsed-URL cache is left as it was
  const url = parseurl.original(this.req) as NonNullable<ReturnType<typeof parseurl.original>>;
  const target: UrlObject = {
    protocol: url.protocol,
    slashes: url.slashes,
    auth: url.auth,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: collapseLeadingSlashes(url.pathname + '/'),
    search: url.search,
    hash: url.hash,
  };
  // `\` as `%5C` too: `/\evil.example/` must not become `//evil.example/` in a browser
  redirectTo(res, encodeLocation(format(target)));
}

/** The `directory` listener with `redirect: false`: directories are not found. */
function notFoundDirectory(this: SendStream): void {
  this.error(404);
}

/**
 * Creates a middleware that serves files from `root`: the request path (decoded once) is
 * looked up under it, only GET and HEAD are served, and a missing file calls `next()`.
 * A drop-in for serve-static 2.2's `serveStatic(root, options)`.
 *
 * @throws {TypeError} `root path required`, `root path must be a string`,
 *   `option setHeaders must be function`, or an invalid send option (`dotfiles`, `index`, `extensions`).
 * @example
 * app.use(serveStatic('public', { maxAge: '1d', extensions: ['html'] }));
 */
export function serveStatic<R extends ServerResponse = ServerResponse>(
  root: string,
  options?: ServeStaticOptions<R> | null,
): ServeStaticHandler<R> {
  if (!root) throw new TypeError('root path required');
  if (typeof root !== 'string') throw new TypeError('root path must be a string');

  // send's options: the caller's, seen through a private object (as serve-static does)
  const opts = Object.create(options || null) as ServeStaticOptions<R> & SendOptions;
  const fallthrough = opts.fallthrough !== false;
  const redirect = opts.redirect !== false;
  const setHeaders = opts.setHeaders;
  if (setHeaders && typeof setHeaders !== 'function') throw new TypeError('option setHeaders must be function');

  opts.maxage = opts.maxage || opts.maxAge || 0;
  opts.root = resolve(root);
  usePrecompiled(opts, compileOptions(opts));

  const settings: Settings = { fallthrough, onDirectory: redirect ? redirectDirectory : notFoundDirectory };
  const onHeaders = setHeaders as
    | ((this: SendStream, res: ServerResponse, path: string, stat: Stats) => void)
    | undefined;

  return function serveStatic(req: IncomingMessage, res: R, next: (err?: HttpError) => void): void {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (fallthrough) {
        next();
        return;
      }
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }

    const parsed = parseurl(req);
    if (parsed === undefined) {
      // no request URL at all (a hand-made request): nothing to look up
      if (fallthrough) next();
      else next(createHttpError(404));
      return;
    }
    let path = String(parsed.pathname);
    // at the mount point without a trailing slash: let the directory redirect add it
    if (path === '/') {
      const original = parseurl.original(req);
      if (original && String(original.pathname).slice(-1) !== '/') path = '';
    }

    const stream = new StaticStream(req, path, opts, settings, next);
    if (onHeaders) stream.on('headers', onHeaders);
    stream.pipe(res);
  };
}

// serve-static's `module.exports` is `serveStatic`; brisk's also carries send's functions
// (`require('@brisk/static')`, src/index.cts).
const middleware = serveStatic;
const sendFile = send;
const FileStream = SendStream;
const timeSpan = parseTimeSpan;
export namespace serveStatic {
  /** Creates a stream that sends one file: `send(req, path, options).pipe(res)`. */
  export const send = sendFile;
  /** The class of the streams `send()` returns. */
  export const SendStream = FileStream;
  /** The middleware factory itself, also under its own name. */
  export const serveStatic = middleware;
  /** Parses a time-span string (`'1d'`) into milliseconds, as `maxAge` reads it. */
  export const parseTimeSpan = timeSpan;
}

/** The types, also reachable from the function (`serveStatic.ServeStaticOptions`) for CommonJS users. */
export declare namespace serveStatic {
  /** The module's shape. */
  export type ServeStatic = typeof serveStatic;
  export import ServeStaticOptions = serveOptions.ServeStaticOptions;
  export import ServeStaticHandler = serveOptions.ServeStaticHandler;
  export import SendOptions = options.SendOptions;
  /** A stream returned by `send()`. */
  export type SendStream = streams.SendStream;
  export import SendStreamEvents = streams.SendStreamEvents;
  export import SendStreamListener = streams.SendStreamListener;
  export import Dotfiles = options.Dotfiles;
  export import HeadersObject = options.HeadersObject;
  export import ReadStreamOptions = options.ReadStreamOptions;
  /** The `fs.Stats` given to `setHeaders` and events. */
  export type FileStats = Stats;
}
