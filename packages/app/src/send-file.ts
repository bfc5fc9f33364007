// The file transfers of `res.sendFile` and `res.download`: the methods of BriskResponse
// (response.ts) call these functions, and `sendFileOf`'s `send` stream (@brisk/static) reports
// how the transfer ended to the caller's callback, or to `next` as Express does.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, isAbsolute, resolve, sep } from 'node:path';
import { contentDisposition, onFinished } from '@brisk/http';
import type { NextFunction } from '@brisk/router';
import { SendStream, type HeadersObject, type SendOptions } from '@brisk/static';

/** Options of `res.sendFile` and `res.download`: those of `@brisk/static`'s `send`. */
export type SendFileOptions = SendOptions;

/** Called when a file transfer ends: `err` is undefined on success. */
export type SendFileCallback = (err?: Error) => void;

/**
 * What a transfer reads and calls of the response (a `BriskResponse`, response.ts, passes itself):
 * node's response, its request (with the router's `next`), the app's `etag` setting, and
 * `sendFile`, which `download` calls on the response so that a wrapped `sendFile` sees downloads.
 */
export interface FileResponse extends ServerResponse {
  readonly req: IncomingMessage & { next?: NextFunction | undefined };
  readonly app: { readonly settings: Record<string | symbol, unknown> };
  sendFile(path: string, options?: SendFileOptions | null, callback?: SendFileCallback): void;
}

/**
 * `res.sendFile(path, options, callback)` (the method's documentation is in response.ts).
 * @throws TypeError `path argument is required to res.sendFile`, `path must be a string to
 *   res.sendFile`, `path must be absolute or specify root to res.sendFile`
 */
export function sendFileOf(
  res: FileResponse,
  path: string,
  options?: SendFileOptions | SendFileCallback | null,
  callback?: SendFileCallback,
): void {
  let done = callback;
  let opts = (options || {}) as SendFileOptions;
  if (!path) throw new TypeError('path argument is required to res.sendFile');
  if (typeof path !== 'string') throw new TypeError('path must be a string to res.sendFile');
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  if (!opts.root && !isAbsolute(path)) throw new TypeError('path must be absolute or specify root to res.sendFile');

  // the caller's options, unchanged, under the app's etag setting
  const sendOptions = Object.create(opts) as SendFileOptions;
  sendOptions.etag = Boolean(res.app.settings.etag);
  const req = res.req;
  const transfer = new FileTransfer(req, encodeURI(path), sendOptions, done, req.next);
  onFinished(res, (err) => transfer.onResponseFinished(err));
  transfer.pipe(res);
}

/**
 * `res.download(path, filename, options, callback)` (documented in response.ts): the
 * arguments sorted out, `Content-Disposition` made, and the file sent through `res.sendFile`,
 * called on the response so that a wrapped `sendFile` sees downloads.
 */
export function downloadOf(
  res: FileResponse,
  path: string,
  filename?: string | SendFileOptions | SendFileCallback | null,
  options?: SendFileOptions | SendFileCallback | null,
  callback?: SendFileCallback,
): void {
  let done = callback;
  let name = filename as string | null | undefined;
  let opts = (options || null) as SendFileOptions | null;

  if (typeof filename === 'function') {
    done = filename;
    name = null;
    opts = null;
  } else if (typeof options === 'function') {
    done = options;
    opts = null;
  }
  // the filename may be left out: options in its place
  if (typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
    name = null;
    opts = filename;
  }

  const headers: HeadersObject = { 'Content-Disposition': contentDisposition.create(basename(name || path)) };
  const given = opts?.headers;
  if (given) {
    const keys = Object.keys(given);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key.toLowerCase() !== 'content-disposition') headers[key] = given[key] as string;
    }
  }

  const sendOptions = Object.create(opts) as SendFileOptions;
  sendOptions.headers = headers;
  res.sendFile(!sendOptions.root ? absolute(path) : path, sendOptions, done);
}

/** A `..` segment, between `/` or `\` or the ends: what `res.sendFile` refuses without a root. */
const UP_PATH_REGEXP = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/**
 * The absolute path `res.download` sends without a root: `path` resolved against the working
 * directory, unless it holds a `..` segment. Such a path is made absolute with its segments
 * kept, so that `res.sendFile` sees the `..` and answers 403 as it does for the same string.
 * Resolving first (as Express does) would let `res.download(dir + req.params.name)` serve
 * `../secret` from outside `dir` (decision 019).
 */
function absolute(path: string): string {
  if (typeof path !== 'string' || !UP_PATH_REGEXP.test(path)) return resolve(path);
  return isAbsolute(path) ? path : process.cwd() + sep + path;
}

/** The error a transfer ends with when the client went away first. */
function abortedError(): NodeJS.ErrnoException {
  const err = new Error('Request aborted') as NodeJS.ErrnoException;
  err.code = 'ECONNABORTED';
  return err;
}

/**
 * One `res.sendFile`: a `send` stream that reports, once, how the transfer ended: to the
 * caller's callback, or else to `next` as Express does. It ends with the stream's `end` (the
 * whole file was sent), its `error`, a directory (`EISDIR`), or the response finishing first.
 * That last case is a success when a file was found and the response was completely written
 * without the file's bytes (HEAD, 304), and otherwise `ECONNABORTED` (the client went away).
 *
 * Express tells those apart by listening to the stream's `stream` event; brisk does not, because
 * a `stream` listener makes @brisk/static open a file stream even for a small file it would
 * otherwise send with one read (decision 010). `res.writableFinished` says instead whether the
 * response got through.
 */
class FileTransfer extends SendStream {
  /** The outcome was reported. */
  done: boolean;
  /** A file was found (the `file` event). */
  found: boolean;
  /** The stream's `end` came before the response finished (see onEnd). */
  ended: boolean;
  /** The caller's callback. */
  callback: SendFileCallback | undefined;
  /** The router's `next` at the time of the call. */
  next: NextFunction | undefined;

  constructor(
    req: IncomingMessage,
    path: string,
    options: SendOptions,
    callback: SendFileCallback | undefined,
    next: NextFunction | undefined,
  ) {
    super(req, path, options);
    this.done = false;
    this.found = false;
    this.ended = false;
    this.callback = callback;
    this.next = next;
    this.on('directory', onDirectory);
    this.on('end', onEnd);
    this.on('error', onError);
    this.on('file', onFile);
    this.on('headers', onHeaders);
  }

  /** Reports the outcome, the first time only. */
  finish(err?: NodeJS.ErrnoException): void {
    if (this.done) return;
    this.done = true;
    const callback = this.callback;
    if (callback) {
      callback(err);
      return;
    }
    const next = this.next as NextFunction;
    if (err && err.code === 'EISDIR') next();
    // the client going away, or a failed write to its socket, is nothing the app can answer
    else if (err && err.code !== 'ECONNABORTED' && err.syscall !== 'write') next(err);
  }

  /** The response finished or its connection closed (`onFinished`). */
  onResponseFinished(err: (Error & { code?: string }) | null): void {
    if (err && err.code === 'ECONNRESET') this.finish(abortedError());
    else if (err) this.finish(err);
    else if (this.ended) this.finish(this.res.writableFinished ? undefined : abortedError());
    // let a stream's `end` (emitted around the same time) win
    else if (!this.done) setImmediate(settle, this);
  }
}

/** After the response finished: success when a file was found and the response completely written. */
function settle(transfer: FileTransfer): void {
  if (transfer.done) return;
  transfer.finish(transfer.found && transfer.res.writableFinished ? undefined : abortedError());
}

function onDirectory(this: FileTransfer): void {
  const err = new Error('EISDIR, read') as NodeJS.ErrnoException;
  err.code = 'EISDIR';
  this.finish(err);
}

/**
 * The stream handed the whole file to the response. A success once the response is completely
 * written; until then the response's end decides (`onResponseFinished`): a file sent from
 * @brisk/static's cache is handed over at once, before node has seen a client that already went
 * away, and that is `ECONNABORTED` (as Express's slower open and read let it see).
 */
function onEnd(this: FileTransfer): void {
  if (this.res.writableFinished) this.finish();
  else this.ended = true;
}

function onError(this: FileTransfer, err: Error): void {
  this.finish(err);
}

function onFile(this: FileTransfer): void {
  this.found = true;
}

/** Any character outside printable ASCII. */
const NON_ASCII_REGEXP = /[^\x20-\x7e]/;

/** Does nothing (a listener whose presence is what counts). */
function ignore(): void {}

/**
 * The headers are set: when `Content-Disposition` holds non-ASCII characters (a Latin-1 file
 * name from `res.download`), asks @brisk/static for a file stream even for a small file. Node
 * (since 18.15, nodejs/node#46528) re-encodes that header when a response is ended with its
 * whole body in one call, which is how @brisk/static sends small files, and `é` reaches the
 * client as `ý`; with a stream, the header is written as Express writes it.
 */
function onHeaders(this: FileTransfer, res: ServerResponse): void {
  const disposition = res.getHeader('content-disposition');
  if (disposition !== undefined && NON_ASCII_REGEXP.test(String(disposition))) this.on('stream', ignore);
}
