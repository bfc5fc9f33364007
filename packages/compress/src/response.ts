/**
 * One response, compressed or not. compression 1.8's way, which every Express app relies on: the
 * response's own `write`, `end`, `on` (for `'drain'`) are replaced, the decision is taken when
 * the headers are about to be written (`onHeaders`: the status, `Content-Type`,
 * `Content-Length` and `Cache-Control` are known then), and from then on the body either goes
 * to the response as it is or through a compressor whose output is written to it.
 *
 * Backpressure runs both ways, as compression's does: `res.write` returns what the compressor's
 * `write` returns and `'drain'` listeners wait on the compressor; when the response (the socket)
 * is full, the compressor is paused, and the response's `'drain'` resumes it.
 *
 * The compressor is destroyed (its native zlib state freed) when the response closes, however it
 * closes: a client that aborts mid-body leaks nothing.
 */
import { onHeaders, vary } from '@brisk/http';
import type { ServerResponse } from 'node:http';
import { chooseCoding, createCompressor, type CompressorStream } from './codings.js';
import type { Settings } from './options.js';
import type { CompressionRequest, CompressionResponse } from './types.js';

type Listener = (...args: unknown[]) => void;
type Write = (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, cb?: unknown) => unknown;
type On = (event: string | symbol, listener: Listener) => unknown;

/** The response as this file uses it: node's HTTP/1.1 and HTTP/2 responses both fit. */
interface Response {
  statusCode: number;
  readonly headersSent: boolean;
  writeHead(statusCode: number): unknown;
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
  removeHeader(name: string): void;
  write: Write;
  end: End;
  on: On;
  addListener: On;
  removeListener: On;
  off: On;
  once: On;
  destroy(err?: Error): unknown;
  flush?: () => void;
}

/**
 * `Cache-Control: no-transform` (RFC 9111 §5.2.2.6): the response must not be transformed.
 * compression 1.8.2's expression: the directive as a whole element of the list, any case.
 * Linear: at each `,` the lazy spaces are tried once each before `n` fails.
 */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/** Statuses whose response has no body (node's own list: 1xx, 204, 304). */
function bodiless(status: number): boolean {
  return status === 204 || status === 304 || (status >= 100 && status < 200);
}

/** The byte length of what `res.end(chunk, encoding)` sends, when it can be told. */
function chunkLength(chunk: unknown, encoding: unknown): number | undefined {
  if (!chunk) return 0;
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, encoding as BufferEncoding);
  if (ArrayBuffer.isView(chunk)) return chunk.byteLength;
  return undefined;
}

/** `true` for `listener` itself or a `once` wrapper of it. */
function isListener(registered: Listener, listener: unknown): boolean {
  return registered === listener || (registered as { listener?: unknown }).listener === listener;
}

/**
 * The state of one response. Three stages: undecided (`pending` holds the `'drain'` listeners
 * added so far), passed through (`pending` and `stream` null: the response's own methods do
 * everything), compressing (`stream` set).
 */
class ResponseCompression {
  /** `'drain'` listeners added before the decision; null after it. */
  pending: Listener[] | null = [];
  /** The compressor, once the response is compressed. */
  stream: CompressorStream | null = null;
  /** The body's length as given to the first `res.end(chunk)`, when the headers were not sent yet. */
  length: number | undefined = undefined;
  /** `res.end()` was called on a compressed response: later writes are refused. */
  ended = false;
  /** The response closed (finished, or the client went away). */
  closed = false;

  readonly rawWrite: Write;
  readonly rawEnd: End;
  readonly rawOn: On;
  readonly rawRemoveListener: On;

  constructor(
    readonly req: CompressionRequest,
    readonly res: Response,
    readonly settings: Settings,
  ) {
    this.rawWrite = res.write;
    this.rawEnd = res.end;
    this.rawOn = res.on;
    this.rawRemoveListener = res.removeListener;
  }

  /** Decides, when the headers are about to be written, whether and how the body is compressed. */
  decide(): void {
    const { req, res, settings } = this;
    const filter = settings.filter;
    let accepted: boolean;
    try {
      accepted = filter(req, res as unknown as CompressionResponse);
    } catch (err) {
      this.passThrough(); // the response goes on uncompressed (an error page), its listeners with it
      throw err;
    }
    if (!accepted) return this.passThrough();
    const cacheControl = res.getHeader('Cache-Control');
    if (cacheControl && NO_TRANSFORM.test(String(cacheControl))) return this.passThrough();
    // from here on the response depends on Accept-Encoding, whatever is decided
    vary(res as unknown as ServerResponse, 'Accept-Encoding');
    const threshold = settings.threshold;
    if (Number(res.getHeader('Content-Length')) < threshold) return this.passThrough();
    if (this.length !== undefined && this.length < threshold) return this.passThrough();
    if ((res.getHeader('Content-Encoding') || 'identity') !== 'identity') return this.passThrough();
    if (req.method === 'HEAD' || bodiless(res.statusCode)) return this.passThrough();
    const coding = chooseCoding(req, settings.enforceEncoding);
    if (coding === undefined || coding === 'identity' || this.closed) return this.passThrough();
    this.start(coding);
  }

  /** The response is sent as it is: the `'drain'` listeners go to it. */
  passThrough(): void {
    const pending = this.pending;
    this.pending = null;
    if (pending !== null) for (const listener of pending) this.rawOn.call(this.res, 'drain', listener);
  }

  /** The body goes through a compressor for `coding` from now on. */
  start(coding: 'br' | 'zstd' | 'gzip' | 'deflate'): void {
    const res = this.res;
    const stream = createCompressor(coding, this.settings);
    this.stream = stream;
    const pending = this.pending as Listener[];
    this.pending = null;
    for (const listener of pending) stream.on('drain', listener);

    res.setHeader('Content-Encoding', coding);
    res.removeHeader('Content-Length');

    const rawWrite = this.rawWrite;
    const rawEnd = this.rawEnd;
    stream.on('data', (chunk: Buffer) => {
      if (rawWrite.call(res, chunk) === false) stream.pause();
    });
    stream.on('end', () => {
      rawEnd.call(res);
    });
    // A compressor that fails mid-body leaves a body nobody can finish: end the exchange.
    stream.on('error', (err: Error) => {
      res.destroy(err);
    });
    this.rawOn.call(res, 'drain', () => {
      stream.resume();
    });
  }

  write(chunk: unknown, encoding: unknown, cb: unknown): boolean {
    if (this.ended) return false;
    const res = this.res;
    if (!res.headersSent) res.writeHead(res.statusCode);
    const stream = this.stream;
    if (stream === null) return this.rawWrite.call(res, chunk, encoding, cb);
    return stream.write(chunk, encoding as BufferEncoding, cb as (err?: Error | null) => void);
  }

  end(chunk: unknown, encoding: unknown, cb: unknown): unknown {
    if (this.ended) return false;
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = encoding = undefined;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    const res = this.res;
    if (!res.headersSent) {
      // what end() sends is the whole body: its size decides against the threshold
      if (!res.getHeader('Content-Length')) this.length = chunkLength(chunk, encoding);
      res.writeHead(res.statusCode);
    }
    const stream = this.stream;
    if (stream === null) return this.rawEnd.call(res, chunk, encoding, cb);
    this.ended = true;
    if (typeof cb === 'function') res.once('finish', cb as Listener);
    if (chunk) stream.end(chunk, encoding as BufferEncoding);
    else stream.end();
    return res;
  }

  on(type: string | symbol, listener: Listener): unknown {
    if (type === 'drain') {
      if (this.stream !== null) {
        this.stream.on(type, listener);
        return this.res;
      }
      if (this.pending !== null) {
        this.pending.push(listener);
        return this.res;
      }
    }
    return this.rawOn.call(this.res, type, listener);
  }

  removeListener(type: string | symbol, listener: Listener): unknown {
    if (type === 'drain') {
      if (this.stream !== null) this.stream.removeListener(type, listener);
      const pending = this.pending;
      if (pending !== null) {
        for (let i = pending.length - 1; i >= 0; i--) {
          if (isListener(pending[i], listener)) {
            pending.splice(i, 1);
            break;
          }
        }
      }
    }
    return this.rawRemoveListener.call(this.res, type, listener);
  }

  flush(): void {
    if (this.stream !== null) this.stream.flush();
  }

  close(): void {
    this.closed = true;
    if (this.stream !== null) this.stream.destroy();
  }
}

/**
 * Makes `res` compress its body when its headers say it may and the request accepts a coding
 * brisk has: replaces `res.write`, `res.end`, `res.on`/`addListener` and
 * `res.removeListener`/`off` (for `'drain'`), and adds `res.flush()`.
 */
export function compressResponse(req: CompressionRequest, target: CompressionResponse, settings: Settings): void {
  const res = target as unknown as Response;
  const state = new ResponseCompression(req, res, settings);
  res.flush = function flush(): void {
    state.flush();
  };
  res.write = function write(chunk: unknown, encoding?: unknown, cb?: unknown): boolean {
    return state.write(chunk, encoding, cb);
  };
  res.end = function end(chunk?: unknown, encoding?: unknown, cb?: unknown): unknown {
    return state.end(chunk, encoding, cb);
  };
  res.on = res.addListener = function on(type: string | symbol, listener: Listener): unknown {
    return state.on(type, listener);
  };
  res.removeListener = res.off = function removeListener(type: string | symbol, listener: Listener): unknown {
    return state.removeListener(type, listener);
  };
  // before onHeaders: a response that closes before its headers never gets a compressor
  state.rawOn.call(res, 'close', () => {
    state.close();
  });
  onHeaders(target as ServerResponse, () => {
    state.decide();
  });
}
