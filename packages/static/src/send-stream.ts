// send 1.2: stream one file to a response, with conditional requests, ranges, index files,
// extensions, dotfile rules and events. The file is `stat`ed per request (files change), and
// every header, 304, 412, 416 and 404 comes from that fresh stat. What does not change between
// requests (the options) is compiled when the stream is made, or once per middleware (see
// serve-static.ts). The bytes of small files are kept between requests when that stat shows the
// file unchanged (file-cache.ts, decision 018): a repeated request costs the stat alone.
import { close, createReadStream, open, read, stat as fsStat, type ReadStream, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { Stream } from 'node:stream';
import { createError, escapeHtml, fresh, onFinished, statuses, type HttpError } from '@brisk/http';
import { contentType } from '@brisk/mime';
import parseRange from '@brisk/range';
import * as conditional from './conditional.js';
import { collapseLeadingSlashes, encodeLocation, htmlDocument, redirectTo, setHtmlHeaders } from './html.js';
import {
  compileOptions,
  DEFAULT_OPTIONS,
  type CompiledOptions,
  type HeadersObject,
  type ReadStreamOptions,
  type SendOptions,
} from './options.js';
import { fileEtag, httpDate } from './file-headers.js';
import { resolvePath } from './resolve-path.js';
import { cachedFile, cacheFile, isQuiet } from './file-cache.js';

/** `Range: bytes=...` (leading spaces allowed, as send reads it). */
const BYTES_RANGE_REGEXP = /^ *bytes=/;

/**
 * A byte window (what one request gets) up to this size is sent from one buffer with `res.end`,
 * when nobody listens to `stream` and no read-stream option is given (both need a real file
 * stream): one `fs.read` (open, read, close: the calls `fs.createReadStream` makes, without the
 * stream machinery). A file up to this size whose timestamps are quiet is read whole and its bytes
 * are cached while its stat stays the same, so the next request makes no call but the stat
 * (file-cache.ts); of any other file only the window is read. 64 KiB is what one read of a file
 * stream reads anyway.
 */
const SMALL_FILE = 64 * 1024;

const ignore = (): void => {};

/** The arguments of each event a {@link SendStream} emits. */
export interface SendStreamEvents {
  /** An error (`status`, `statusCode`, `expose`): when listened to, send does not respond itself. */
  error: [err: HttpError];
  /** A directory was requested (`path` is its file-system path); when listened to, no redirect is sent. */
  directory: [res: ServerResponse, path: string];
  /** A file was found (before its headers are set). */
  file: [path: string, stat: Stats];
  /** The headers are about to be set: listeners may set or change headers, synchronously. */
  headers: [res: ServerResponse, path: string, stat: Stats];
  /** The file stream was created (it is piped to the response next). */
  stream: [stream: ReadStream];
  /** The whole file was read. */
  end: [];
}

/** A listener of a {@link SendStream} event; `this` is the stream. */
export type SendStreamListener<E extends keyof SendStreamEvents> = (
  this: SendStream,
  ...args: SendStreamEvents[E]
) => void;

/** Options given to the file stream: send's byte window plus the pass-through options. */
type FileStreamOptions = ReadStreamOptions & { start: number; end: number };

/** An error for the `error` event, as send builds it. */
export function createHttpError(status: number, err?: Error | { headers?: HeadersObject } | null): HttpError {
  if (!err) return createError(status);
  return err instanceof Error ? createError(status, err, { expose: false }) : createError(status, err);
}

/** Options compiled once for a middleware (never seen by users, so never changed under it). */
const precompiled = new WeakMap<object, CompiledOptions>();

/** Registers options compiled ahead of time for an options object that only brisk holds. */
export function usePrecompiled(options: object, compiled: CompiledOptions): void {
  precompiled.set(options, compiled);
}

/**
 * The stream `send()` returns: an event emitter (a legacy `Stream`, as in send) that transfers
 * one file once piped into a response. Its methods are those of send 1.2's `SendStream`; the
 * ones a `directory` listener typically uses are `hasTrailingSlash()`, `redirect(path)` and
 * `error(status)`.
 */
export class SendStream extends Stream {
  /** The options as given. */
  options: SendOptions;
  /** The URL path as given (percent-encoded). */
  path: string;
  /** The request. */
  req: IncomingMessage;
  /** The response, once `pipe(res)` was called (undefined before). */
  // (`!`: the class field itself defines it, as undefined, when the stream is made)
  res!: ServerResponse;
  /** The compiled options. */
  private readonly compiledOptions: CompiledOptions;

  /**
   * @throws {TypeError} for an invalid `dotfiles`, `extensions` or `index` option.
   */
  constructor(req: IncomingMessage, path: string, options?: SendOptions | null) {
    super();
    const opts = options || {};
    this.options = opts;
    this.path = path;
    this.req = req;
    this.compiledOptions = options == null ? DEFAULT_OPTIONS : (precompiled.get(opts) ?? compileOptions(opts));
  }

  /**
   * Fails the transfer with `status`: emits `error` (an HttpError; with `err` wrapped, or with
   * the properties of a plain object such as `{ headers }`) when there are listeners, otherwise
   * answers with a small HTML page (all headers set so far are removed, `err.headers` are set).
   */
  error(status: number, err?: Error | { headers?: HeadersObject } | null): void {
    if (this.listenerCount('error') > 0) {
      this.emit('error', createHttpError(status, err));
      return;
    }

    const res = this.res;
    if (res.headersSent) {
      // too late for an error page: a truncated response must not look complete
      res.destroy();
      return;
    }
    const doc = htmlDocument('Error', escapeHtml(statuses.message[status] || String(status)));
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const headers = err && (err as { headers?: HeadersObject }).headers;
    if (headers) setHeaders(res, headers);
    setHtmlHeaders(res, status, doc);
    res.end(doc);
  }

  /** Whether the URL path ends with `/`. */
  hasTrailingSlash(): boolean {
    const path = this.path;
    return typeof path === 'string' && path.charCodeAt(path.length - 1) === 0x2f /* / */;
  }

  /** Whether the request has a precondition header (`If-Match`, `If-None-Match`, `If-Modified-Since`, `If-Unmodified-Since`). */
  isConditionalGET(): boolean {
    return conditional.isConditional(this.req.headers);
  }

  /** Whether `If-Match` / `If-Unmodified-Since` fail against the response's `ETag` / `Last-Modified`. */
  isPreconditionFailure(): boolean {
    const res = this.res;
    return conditional.isPreconditionFailure(this.req.headers, res.getHeader('etag'), res.getHeader('last-modified'));
  }

  /** Removes the headers that describe a body (for a 304). */
  removeContentHeaderFields(): void {
    const res = this.res;
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Language');
    res.removeHeader('Content-Length');
    res.removeHeader('Content-Range');
    res.removeHeader('Content-Type');
  }

  /** Answers `304 Not Modified`. */
  notModified(): void {
    const res = this.res;
    this.removeContentHeaderFields();
    res.statusCode = 304;
    res.end();
  }

  /** Fails with 500: the response's headers were sent before the file could be. */
  headersAlreadySent(): void {
    this.error(500, new Error("Can't set headers after they are sent."));
  }

  /** Whether the response status allows a 304 (2xx or 304). */
  isCachable(): boolean {
    const statusCode = this.res.statusCode;
    return (statusCode >= 200 && statusCode < 300) || statusCode === 304;
  }

  /** Fails with 404 for a missing path (`ENOENT`, `ENOTDIR`, `ENAMETOOLONG`), 500 otherwise. */
  onStatError(error: NodeJS.ErrnoException): void {
    switch (error.code) {
      case 'ENAMETOOLONG':
      case 'ENOENT':
      case 'ENOTDIR':
        this.error(404, error);
        break;
      default:
        this.error(500, error);
        break;
    }
  }

  /** Whether the client's cached copy is fresh (`If-None-Match` / `If-Modified-Since`). */
  isFresh(): boolean {
    const res = this.res;
    return fresh(this.req.headers, {
      etag: res.getHeader('etag') as string | undefined,
      'last-modified': res.getHeader('last-modified') as string | undefined,
    });
  }

  /** Whether `If-Range` (if any) allows the `Range` to apply. */
  isRangeFresh(): boolean {
    const res = this.res;
    const ifRange = this.req.headers['if-range'] as string | undefined;
    return conditional.isRangeFresh(ifRange, res.getHeader('etag'), res.getHeader('last-modified'));
  }

  /**
   * A directory was requested: emits `directory` when listened to; otherwise answers 403 when
   * the URL path already ends with `/`, else 301 to the path with `/` appended.
   */
  redirect(path: string): void {
    const res = this.res;
    if (this.listenerCount('directory') > 0) {
      this.emit('directory', res, path);
      return;
    }
    if (this.hasTrailingSlash()) {
      this.error(403);
      return;
    }
    redirectTo(res, encodeLocation(collapseLeadingSlashes(this.path + '/')));
  }

  /**
   * Starts the transfer into `res` (decoding and checking the path first) and returns `res`.
   * @example send(req, '/index.html', { root: 'public' }).pipe(res);
   */
  override pipe<T extends NodeJS.WritableStream>(res: T): T;
  override pipe(res: ServerResponse): ServerResponse {
    this.res = res;
    const opts = this.compiledOptions;
    const p = this.path;
    const resolved = resolvePath(typeof p === 'string' ? p : String(p), opts.root);
    if (typeof resolved === 'number') {
      this.error(resolved);
      return res;
    }
    if (resolved.dotfile && opts.dotfiles !== 'allow') {
      this.error(opts.dotfiles === 'deny' ? 403 : 404);
      return res;
    }
    if (opts.index.length > 0 && this.hasTrailingSlash()) this.sendIndex(resolved.path);
    else this.sendFile(resolved.path);
    return res;
  }

  /**
   * Sends the file `path` whose `stat` is known: sets the headers, answers 412/304 for
   * preconditions, 416/206 for ranges, then streams the bytes (none for HEAD).
   */
  send(path: string, stat: Stats): void {
    const opts = this.compiledOptions;
    const res = this.res;
    const req = this.req;
    let len = stat.size;
    let offset = opts.start;

    if (res.headersSent) {
      this.headersAlreadySent();
      return;
    }

    this.setHeader(path, stat);
    this.type(path);

    if (this.isConditionalGET()) {
      if (this.isPreconditionFailure()) {
        this.error(412);
        return;
      }
      if (this.isCachable() && this.isFresh()) {
        this.notModified();
        return;
      }
    }

    // the window given by the start/end options
    len = Math.max(0, len - offset);
    if (opts.end !== undefined) {
      const bytes = opts.end - offset + 1;
      if (len > bytes) len = bytes;
    }

    const rangeHeader = req.headers.range;
    if (opts.acceptRanges && rangeHeader !== undefined && BYTES_RANGE_REGEXP.test(rangeHeader)) {
      let ranges = parseRange(len, rangeHeader, { combine: true });
      if (!this.isRangeFresh()) ranges = -2;

      if (ranges === -1) {
        const contentRange = `bytes */${len}`;
        res.setHeader('Content-Range', contentRange);
        this.error(416, { headers: { 'Content-Range': contentRange } });
        return;
      }

      // a malformed header or several ranges: the whole file, as send does
      if (ranges !== -2 && ranges.length === 1) {
        const range = ranges[0] as { start: number; end: number };
        res.statusCode = 206;
        res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${len}`);
        offset += range.start;
        len = range.end - range.start + 1;
      }
    }

    res.setHeader('Content-Length', len);

    if (req.method === 'HEAD') {
      res.end();
      return;
    }

    const extra = opts.streamOptions;
    if (extra === null && len <= SMALL_FILE && this.listenerCount('stream') === 0) {
      this.sendSmall(path, stat, offset, len);
      return;
    }
    const end = Math.max(offset, offset + len - 1);
    this.stream(path, extra === null ? { start: offset, end } : { ...extra, start: offset, end });
  }

  /**
   * Sends `len` bytes of the file from `start` in one buffer with `res.end`. A file of up to
   * {@link SMALL_FILE} bytes whose cached bytes match `stat` is sent from the cache, with no
   * file-system call. Otherwise the file is opened, read and closed (closed in every case; errors
   * are handled as a file stream's): a small file whose timestamps are quiet is read whole and
   * cached when the read gets all `stat.size` bytes; any other file, only the window.
   */
  private sendSmall(path: string, stat: Stats, start: number, len: number): void {
    let whole = false;
    if (stat.size <= SMALL_FILE) {
      const cached = cachedFile(path, stat);
      if (cached !== undefined) {
        this.endWith(cached.subarray(start, start + len));
        return;
      }
      // the clock is read before the read starts: what is written from now on moves the ctime
      whole = isQuiet(stat, Date.now());
    }
    open(path, 'r', (err, fd) => {
      if (err) {
        this.onStatError(err);
        return;
      }
      const size = whole ? stat.size : len;
      // a cached buffer gets memory of its own, not a slice of node's shared pool
      const buffer = whole ? Buffer.allocUnsafeSlow(size) : Buffer.allocUnsafe(size);
      const done = (readErr: NodeJS.ErrnoException | null, bytesRead: number): void => {
        close(fd, ignore);
        if (readErr) {
          this.onStatError(readErr);
          return;
        }
        if (!whole) {
          this.endWith(bytesRead === len ? buffer : buffer.subarray(0, bytesRead));
          return;
        }
        if (bytesRead === size) cacheFile(path, stat, buffer);
        this.endWith(buffer.subarray(start, Math.min(start + len, bytesRead)));
      };
      if (size === 0) done(null, 0);
      else read(fd, buffer, 0, size, whole ? 0 : start, done);
    });
  }

  /**
   * Ends the response with `body` and emits `end`; nothing when the client went away (as a
   * destroyed file stream). The socket is asked too: bytes from the cache are sent in the stat's
   * callback, where a socket destroyed a moment ago has not yet closed the response.
   */
  private endWith(body: Buffer): void {
    const res = this.res;
    if (res.destroyed || res.socket?.destroyed) return;
    res.end(body);
    this.emit('end');
  }

  /**
   * Stats `path` and sends it: a directory goes to `redirect`; a missing path without an
   * extension tries the `extensions` in order.
   */
  sendFile(path: string): void {
    fsStat(path, (err, stat) => {
      const endsWithSep = path[path.length - 1] === sep;
      if (err && err.code === 'ENOENT' && !extname(path) && !endsWithSep) {
        this.sendFirst(
          this.compiledOptions.extensions.map((ext) => `${path}.${ext}`),
          err,
        );
        return;
      }
      if (err) return this.onStatError(err);
      if (stat.isDirectory()) return this.redirect(path);
      if (endsWithSep) return this.error(404);
      this.emit('file', path, stat);
      this.send(path, stat);
    });
  }

  /** Sends the first of the `index` files that exists in the directory `path`. */
  sendIndex(path: string): void {
    this.sendFirst(this.compiledOptions.index.map((name) => join(path, name)));
  }

  /**
   * Sends the first of `candidates` that exists and is not a directory, trying them in order.
   * When none is left, fails with the error of the last attempt (`err` before any attempt), or
   * with 404 when there is none (the last candidate was a directory).
   */
  private sendFirst(candidates: readonly string[], err?: NodeJS.ErrnoException): void {
    let i = 0;
    const next = (lastErr?: NodeJS.ErrnoException): void => {
      const candidate = candidates[i++];
      if (candidate === undefined) {
        if (lastErr) this.onStatError(lastErr);
        else this.error(404);
        return;
      }
      fsStat(candidate, (statErr, stat) => {
        if (statErr) return next(statErr);
        if (stat.isDirectory()) return next();
        this.emit('file', candidate, stat);
        this.send(candidate, stat);
      });
    };
    next(err);
  }

  /**
   * Streams the file into the response with `fs.createReadStream(path, options)`. The file is
   * closed when the response finishes or the client goes away, and on a read error.
   */
  stream(path: string, options: FileStreamOptions): void {
    const res = this.res;
    const stream = createReadStream(path, options);
    this.emit('stream', stream);
    stream.pipe(res);

    const cleanup = (): void => {
      stream.destroy();
    };
    onFinished(res, cleanup);

    stream.on('error', (err: NodeJS.ErrnoException) => {
      cleanup();
      this.onStatError(err);
    });
    stream.on('end', () => {
      this.emit('end');
    });
  }

  /** Sets `Content-Type` from the extension of `path` unless it is set already. */
  type(path: string): void {
    const res = this.res;
    if (res.getHeader('content-type')) return;
    res.setHeader('Content-Type', contentType(extname(path)) || 'application/octet-stream');
  }

  /**
   * Sets the `headers` option's headers, emits `headers`, then sets `Accept-Ranges`,
   * `Cache-Control`, `Last-Modified` and `ETag`, each unless it is set already or disabled.
   */
  setHeader(path: string, stat: Stats): void {
    const opts = this.compiledOptions;
    const res = this.res;

    if (opts.headers !== null) setHeaders(res, opts.headers);
    this.emit('headers', res, path, stat);

    if (opts.acceptRanges && !res.getHeader('accept-ranges')) res.setHeader('Accept-Ranges', 'bytes');
    if (opts.cacheControl !== null && !res.getHeader('cache-control'))
      res.setHeader('Cache-Control', opts.cacheControl);
    if (opts.lastModified && !res.getHeader('last-modified')) res.setHeader('Last-Modified', httpDate(stat.mtime));
    if (opts.etag && !res.getHeader('etag')) res.setHeader('ETag', fileEtag(stat));
  }
}

/** Typed events: `on('headers', (res, path, stat) => ...)` and so on. */
export interface SendStream {
  /** Adds a listener for one of the {@link SendStreamEvents}. */
  on<E extends keyof SendStreamEvents>(event: E, listener: SendStreamListener<E>): this;
  on(event: string | symbol, listener: (...args: never[]) => void): this;
  /** Adds a one-time listener for one of the {@link SendStreamEvents}. */
  once<E extends keyof SendStreamEvents>(event: E, listener: SendStreamListener<E>): this;
  once(event: string | symbol, listener: (...args: never[]) => void): this;
  /** Same as `on`. */
  addListener<E extends keyof SendStreamEvents>(event: E, listener: SendStreamListener<E>): this;
  addListener(event: string | symbol, listener: (...args: never[]) => void): this;
  /** Emits one of the {@link SendStreamEvents}. */
  emit<E extends keyof SendStreamEvents>(event: E, ...args: SendStreamEvents[E]): boolean;
  emit(event: string | symbol, ...args: unknown[]): boolean;
}

/** Sets an object of headers on a response. */
function setHeaders(res: ServerResponse, headers: HeadersObject): void {
  const keys = Object.keys(headers);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    res.setHeader(key, headers[key]);
  }
}

/**
 * Creates a {@link SendStream} for the URL `path` (percent-encoded, as in a request; with
 * `root`, relative to it), to be piped into the response: a drop-in for send 1.2's `send()`.
 *
 * @throws {TypeError} for an invalid `dotfiles`, `extensions` or `index` option.
 * @example
 * send(req, parseurl(req).pathname, { root: '/www/public', maxAge: '1d' })
 *   .on('error', (err) => { res.statusCode = err.status; res.end(err.message); })
 *   .pipe(res);
 */
export function send(req: IncomingMessage, path: string, options?: SendOptions | null): SendStream {
  return new SendStream(req, path, options);
}
