// Reading a request body: the checks before reading, inflation, the size limit while streaming,
// the errors (those of body-parser 2.4 and raw-body 3.0), verify, decoding and parsing.
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as zlib from 'node:zlib';
import { Transform } from 'node:stream';
import { createError, isFinished, lingeringClose, onFinished, type HttpError } from '@brisk/http';
import { charsetOf, hasBody } from '@brisk/negotiate';
import { decoderFor, type Decoder } from './charset.js';
import type { Normalized } from './options.js';

/** What `next` is called with: nothing, or the error. */
export type NextFunction = (err?: unknown) => void;

/** A request as the parsers see it: node's `IncomingMessage`, with the `body` they set. */
export type BodyRequest = IncomingMessage & { body?: unknown };

/** Turns the decoded body into `req.body`; a throw rejects the request (400 by default). */
export type Parse = (body: string, charset: string) => unknown;

/** How one parser reads: the common options plus what differs per parser. */
export interface ReadOptions extends Normalized {
  /** raw: no charset, the Buffer is the result. */
  raw: boolean;
  /** Charsets the parser accepts at all (json: `utf-*`; urlencoded: utf-8, iso-8859-1). */
  isValidCharset: ((charset: string) => boolean) | null;
  /** Builds `req.body` from the decoded text (unused by raw). */
  parse: Parse;
}

type Decompressor = () => Transform;

/** Decompression streams by Content-Encoding (lower case). */
const DECOMPRESSORS: { [encoding: string]: Decompressor } = Object.create(null) as { [encoding: string]: Decompressor };
DECOMPRESSORS.gzip = () => zlib.createGunzip();
DECOMPRESSORS.deflate = () => zlib.createInflate();
DECOMPRESSORS.br = () => zlib.createBrotliDecompress();
// zstd: Node 22.15+ / 23.8+ (newer than the type declarations brisk is checked against, which
// do not name it: looked up, and its stream checked, at run time)
const createZstd: unknown = Reflect.get(zlib, 'createZstdDecompress');
if (typeof createZstd === 'function') {
  DECOMPRESSORS.zstd = () => {
    const stream: unknown = Reflect.apply(createZstd, undefined, []);
    if (stream instanceof Transform) return stream;
    throw new TypeError('zlib.createZstdDecompress() did not return a stream');
  };
}

const EMPTY = Buffer.alloc(0);

function ignore(): void {}

/** A 415 `charset.unsupported` error. */
function charsetError(charset: string, reported: string): HttpError {
  return createError(415, 'unsupported charset "' + charset.toUpperCase() + '"', {
    charset: reported,
    type: 'charset.unsupported',
  });
}

/** The last charset header read by a parser and its answer (clients repeat the same header). */
interface CharsetCache {
  header: string | undefined;
  charset: string | undefined;
}

/** Per-parser state kept across requests. */
export function charsetCache(): CharsetCache {
  return { header: undefined, charset: undefined };
}

/**
 * Reads, verifies, decodes and parses the body of `req` into `req.body`, then calls `next()`;
 * calls `next(err)` with an `HttpError` on failure. Requests that are already read, have no body
 * or whose Content-Type the parser does not handle go straight to `next()`.
 */
export function read(
  req: BodyRequest,
  res: ServerResponse,
  next: NextFunction,
  o: ReadOptions,
  cache: CharsetCache,
): void {
  if (isFinished(req)) {
    next();
    return;
  }
  if (!('body' in req)) req.body = undefined;

  const headers = req.headers;
  // a Transfer-Encoding, a Content-Length that reads as a number, or an HTTP/2 stream that did
  // not end with its headers
  if (!hasBody(req)) {
    next();
    return;
  }
  if (!o.shouldParse(req)) {
    next();
    return;
  }

  let charset: string | null = null;
  let decoder: Decoder | null = null;
  if (!o.raw) {
    const header = headers['content-type'];
    let named: string | undefined;
    if (header === cache.header && header !== undefined) named = cache.charset;
    else {
      named = charsetOf(header);
      cache.header = header;
      cache.charset = named;
    }
    charset = named || o.defaultCharset;
    if (o.isValidCharset !== null && !o.isValidCharset(charset)) {
      next(charsetError(charset, charset));
      return;
    }
    decoder = decoderFor(charset);
    // With `verify`, a charset that cannot be decoded is rejected before the Content-Encoding
    // and the size are looked at (body-parser 2.4); without, after them.
    if (decoder === null && o.verify) {
      next(charsetError(charset, charset.toLowerCase()));
      return;
    }
  }

  const contentEncoding = headers['content-encoding'];
  const encoding = contentEncoding ? contentEncoding.toLowerCase() : 'identity';
  let decompress: Decompressor | undefined;
  if (encoding !== 'identity') {
    if (!o.inflate) {
      next(createError(415, 'content encoding unsupported', { encoding, type: 'encoding.unsupported' }));
      return;
    }
    decompress = DECOMPRESSORS[encoding];
    if (decompress === undefined) {
      next(
        createError(415, 'unsupported content encoding "' + encoding + '"', { encoding, type: 'encoding.unsupported' }),
      );
      return;
    }
  }

  // The declared size, when the body is read as it comes (raw-body's `length`).
  const declared = headers['content-length'];
  const length =
    decompress === undefined && declared !== undefined && !isNaN(Number(declared)) ? parseInt(declared, 10) : null;
  const limit = o.limit;
  if (length !== null && length > limit) {
    // Rejected before a byte is read: answer now rather than after the whole body arrived, and
    // close the connection after the response, reading off (within bounds) what the client still
    // sends meanwhile so that it can read the answer (decision 020).
    lingeringClose(req, res);
    next(createError(413, 'request entity too large', { expected: length, length, limit, type: 'entity.too.large' }));
    return;
  }

  const state = (req as { _readableState?: { encoding?: unknown; decoder?: unknown } })._readableState;
  if ((req as { _decoder?: unknown })._decoder || (state && (state.encoding || state.decoder))) {
    failBeforeRead(req, next, createError(500, 'stream encoding should not be set', { type: 'stream.encoding.set' }));
    return;
  }
  if (typeof req.readable !== 'undefined' && !req.readable) {
    failBeforeRead(req, next, createError(500, 'stream is not readable', { type: 'stream.not.readable' }));
    return;
  }

  if (charset !== null && decoder === null) {
    next(charsetError(charset, charset.toLowerCase()));
    return;
  }

  readStream(req, res, next, o, charset, decoder, length, decompress === undefined ? null : decompress());
}

/** An error found before reading: the body is read off (discarded), then `next(err)`. */
function failBeforeRead(req: IncomingMessage, next: NextFunction, err: HttpError): void {
  const resource = new AsyncResource('bodyParser');
  dump(req, () => resource.runInAsyncScope(next, null, err));
}

/** Reads off the rest of a request, then calls back (at once if it is already finished). */
function dump(req: IncomingMessage, callback: () => void): void {
  if (isFinished(req)) {
    callback();
    return;
  }
  onFinished(req, callback);
  req.resume();
}

/**
 * The reading itself. Listeners on the request catch the client going away ('aborted', or a
 * 'close' before the end) also while a decompressor is in between, so a request never hangs;
 * every listener is removed, and the decompressor destroyed, on every outcome.
 */
function readStream(
  req: BodyRequest,
  res: ServerResponse,
  next: NextFunction,
  o: ReadOptions,
  charset: string | null,
  decoder: Decoder | null,
  length: number | null,
  inflater: Transform | null,
): void {
  const resource = new AsyncResource('bodyParser');
  const limit = o.limit;
  const stream = inflater || req;
  let received = 0;
  let first: Buffer | null = null;
  let chunks: Buffer[] | null = null;
  let complete = false;
  let requestEnded = false;

  function onData(chunk: Buffer): void {
    if (complete) return;
    received += chunk.length;
    if (received > limit) {
      tooLarge(createError(413, 'request entity too large', { limit, received, type: 'entity.too.large' }));
    } else if (first === null) {
      first = chunk;
    } else {
      if (chunks === null) chunks = [first];
      chunks.push(chunk);
    }
  }

  function onEnd(): void {
    if (complete) return;
    requestEnded = true;
    if (length !== null && received !== length) {
      fail(
        createError(400, 'request size did not match content length', {
          expected: length,
          length,
          received,
          type: 'request.size.invalid',
        }),
      );
      return;
    }
    complete = true;
    cleanup();
    // One chunk is used as it is for decoding; a Buffer handed to user code (raw, verify) is a
    // copy, so it does not keep alive (or expose) the rest of the socket read it was cut from.
    const body =
      chunks !== null
        ? Buffer.concat(chunks, received)
        : first === null
          ? EMPTY
          : o.raw || o.verify
            ? Buffer.from(first)
            : first;
    first = chunks = null;
    resource.runInAsyncScope(finish, null, req, res, next, o, charset, decoder, body);
  }

  function onRequestEnd(): void {
    requestEnded = true;
  }

  function onAborted(): void {
    if (complete) return;
    fail(
      createError(400, 'request aborted', {
        code: 'ECONNABORTED',
        expected: length,
        length,
        received,
        type: 'request.aborted',
      }),
    );
  }

  function onClose(): void {
    if (!requestEnded) onAborted();
  }

  function onError(err: Error): void {
    if (complete) return;
    fail(err);
  }

  function cleanup(): void {
    stream.removeListener('data', onData);
    stream.removeListener('end', onEnd);
    stream.removeListener('error', onError);
    req.removeListener('aborted', onAborted);
    req.removeListener('close', onClose);
    if (inflater !== null) {
      req.removeListener('error', onError);
      req.removeListener('end', onRequestEnd);
    }
  }

  /** Stops reading: every listener off, the decompressor destroyed. */
  function stop(): void {
    complete = true;
    cleanup();
    first = chunks = null;
    if (inflater !== null) {
      req.unpipe(inflater);
      inflater.on('error', ignore); // nothing it says after this matters, nor may it crash
      inflater.destroy();
    }
  }

  function fail(err: Error): void {
    stop();
    const error = createError(400, err);
    dump(req, () => resource.runInAsyncScope(next, null, error));
  }

  // The body crossed the limit: answer now, not after the rest of it arrived, and close the
  // connection after the answer, reading off (within bounds) what the client still sends
  // (decision 020). When the answer can no longer say so (headers already sent), the rest is
  // read off first, as body-parser does.
  function tooLarge(err: HttpError): void {
    stop();
    if (lingeringClose(req, res)) resource.runInAsyncScope(next, null, err);
    else dump(req, () => resource.runInAsyncScope(next, null, err));
  }

  stream.on('data', onData);
  stream.on('end', onEnd);
  stream.on('error', onError);
  req.on('aborted', onAborted);
  req.on('close', onClose);
  if (inflater !== null) {
    req.on('error', onError);
    req.on('end', onRequestEnd);
    req.pipe(inflater);
  }
}

/** Verify, decode, parse; `next()` or `next(err)`. Runs in the async context of the middleware call. */
function finish(
  req: BodyRequest,
  res: ServerResponse,
  next: NextFunction,
  o: ReadOptions,
  charset: string | null,
  decoder: Decoder | null,
  body: Buffer,
): void {
  if (o.verify) {
    try {
      o.verify(req, res, body, charset);
    } catch (err) {
      next(createError(403, err as Error, { body, type: typeOf(err) || 'entity.verify.failed' }));
      return;
    }
  }

  let text: string | Buffer = body;
  try {
    if (decoder === null || charset === null) {
      req.body = body;
    } else {
      text = decoder(body);
      req.body = o.parse(text, charset);
    }
  } catch (err) {
    next(createError(400, err as Error, { body: text, type: typeOf(err) || 'entity.parse.failed' }));
    return;
  }
  next();
}

/** The `type` of a thrown value, if it has one. */
function typeOf(err: unknown): unknown {
  return err !== null && typeof err === 'object' ? (err as { type?: unknown }).type : undefined;
}
