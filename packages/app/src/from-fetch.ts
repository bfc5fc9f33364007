// brisk.fromFetch(handler): any fetch handler, `(request: Request) => Response | Promise<Response>`
// (a Hono app's `fetch`, a library's handler), as middleware. The request becomes a `Request`
// (the URL as the handler's mount sees it, the body a stream read as the handler reads it, the
// signal `req.signal`); the `Response` is piped back (status, headers with every Set-Cookie, the
// body with backpressure). Over HTTP/1.1 and HTTP/2. Decision 045.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { createError } from '@brisk/http';
import type { NextFunction } from '@brisk/router';
import { shown } from './exchange.js';
import { cutResponse } from './http2.js';
import { HOP_BY_HOP } from './finalhandler.js';
import { BriskRequest } from './request.js';
import type { RequestHandler } from './types.js';

/** A fetch handler: what `brisk.fromFetch()` mounts (a Hono app's `fetch`, `Deno.serve`'s handler). */
export type FetchHandler = (request: Request) => Response | PromiseLike<Response>;

/** Methods a `Request` cannot carry (the fetch standard's forbidden methods): passed on to `next()`. */
const FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The request's body, and its response: parts of node's messages read here, HTTP/1 and HTTP/2 alike. */
type Incoming = IncomingMessage & {
  protocol?: unknown;
  host?: unknown;
  stream?: { endAfterHeaders?: boolean } | undefined;
};

function ignore(): void {}

/**
 * What a handler threw or rejected with, as an error the router routes as one: a falsy value, or
 * the router's own `'route'` and `'router'`, would read as "no error" or as a routing signal.
 */
function asError(thrown: unknown): unknown {
  if (thrown && thrown !== 'route' && thrown !== 'router') return thrown;
  return new Error(`brisk.fromFetch: the handler threw ${shown(thrown)}`, { cause: thrown });
}

/** `req.signal` (brisk's, decision 043), on any request, brisk's or not. */
function signalOf(req: IncomingMessage): AbortSignal {
  return Reflect.get(BriskRequest.prototype, 'signal', req) as AbortSignal;
}

/** The request's URL as the handler sees it: its mount path already stripped (`req.url`). */
function urlOf(req: Incoming): URL {
  const protocol =
    typeof req.protocol === 'string'
      ? req.protocol
      : (req.socket as { encrypted?: boolean } | null)?.encrypted
        ? 'https'
        : 'http';
  const host =
    (typeof req.host === 'string' && req.host) ||
    req.headers.host ||
    (req.headers[':authority'] as string | undefined) ||
    'localhost';
  try {
    return new URL(req.url ?? '/', `${protocol}://${host}`);
  } catch (err) {
    throw createError(400, 'The request URL cannot be made into a fetch Request', { cause: err });
  }
}

/** Does the request come with a body (a length or chunked; over HTTP/2, a stream not ended with the headers). */
function hasBody(req: Incoming): boolean {
  if (req.httpVersionMajor === 2) return req.stream?.endAfterHeaders === false;
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

/**
 * The request's body as a web stream, read from the request only when the handler reads it (a
 * high-water mark of 0: one chunk at a time, the request paused in between). When the handler
 * cancels it, or the response finishes with it unread, the rest is read off and dropped, as
 * node does with a body nobody reads (so a kept-alive connection goes on). A client that leaves
 * mid-body errors it.
 */
function bodyOf(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let reading = false;
  let over = false;
  const onData = (chunk: Buffer): void => {
    // a copy: the handler gets no view of the connection's buffer
    controller.enqueue(new Uint8Array(chunk));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = (): void => {
    stop();
    controller.close();
  };
  const onError = (err: unknown): void => {
    stop();
    controller.error(err);
  };
  const onClose = (): void => {
    if (!over) onError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  };
  const onFinish = (): void => {
    if (over) return;
    stop();
    req.resume();
    controller.error(new Error('brisk.fromFetch: the response finished before the request body was read'));
  };
  const stop = (): void => {
    over = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('close', onClose);
    res.off('finish', onFinish);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (over) return;
        if (!reading) {
          reading = true;
          req.on('data', onData);
          req.once('end', onEnd);
          req.once('error', onError);
          req.once('close', onClose);
          res.once('finish', onFinish);
        }
        req.resume();
      },
      cancel() {
        if (over) return;
        stop();
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The `Request` for `req`: its method, its URL (absolute, from `req.protocol` and `req.host`, so
 * `trust proxy` applies, with the mount path stripped), its headers (HTTP/2's pseudo-headers
 * left out), its body as a stream (unless GET or HEAD, or it has none), `req.signal`.
 * `undefined` for a method the fetch API cannot carry.
 * @throws HttpError 400 when the URL or headers cannot make a `Request`
 * @throws Error when the body was already read by an earlier middleware
 */
function requestOf(req: Incoming, res: ServerResponse): Request | undefined {
  const method = req.method ?? 'GET';
  if (FORBIDDEN.has(method.toUpperCase())) return undefined;
  const url = urlOf(req);
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(req.headers)) {
      if (name[0] === ':' || value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else headers.append(name, value);
    }
  } catch (err) {
    throw createError(400, 'The request headers cannot be made into a fetch Request', { cause: err });
  }
  let body: ReadableStream<Uint8Array> | undefined;
  if (method !== 'GET' && method !== 'HEAD' && hasBody(req)) {
    if (req.readableEnded || req.readableDidRead) {
      throw new Error(
        'brisk.fromFetch: the request body was already read by an earlier middleware (a body parser?): ' +
          'mount brisk.fromFetch before it, or the parser on other paths',
      );
    }
    body = bodyOf(req, res);
  }
  return new Request(url, { method, headers, body, signal: signalOf(req), duplex: 'half' } as RequestInit);
}

/** Resolves at the response's next `drain`, or when it closes. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const go = (): void => {
      res.off('drain', go);
      res.off('close', go);
      resolve();
    };
    res.on('drain', go);
    res.on('close', go);
  });
}

/**
 * Writes the body to the response, a chunk at a time, waiting for `drain` when the response
 * says so. When the client leaves, the body is cancelled with `req.signal`'s reason. A body that
 * fails (or gives something not bytes) cuts the response (`cutResponse`: the client sees it
 * fail, over HTTP/1.1 and HTTP/2), then goes to `next(err)`
 * with the headers sent, as any error after the headers (the final handler logs it).
 */
async function pipeBody(
  body: ReadableStream<Uint8Array>,
  req: IncomingMessage,
  res: ServerResponse,
  next: NextFunction,
): Promise<void> {
  const reader = body.getReader();
  let done = false;
  const onClose = (): void => {
    if (!done) reader.cancel(signalOf(req).reason).catch(ignore);
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      if (res.destroyed) return;
      const value: unknown = chunk.value;
      if (!(value instanceof Uint8Array)) {
        throw new TypeError(
          `brisk.fromFetch: the response body gave a chunk that is not a Uint8Array: ${shown(value)}`,
        );
      }
      if (!res.write(value)) await drained(res);
    }
    if (!res.destroyed) res.end();
  } catch (err) {
    reader.cancel(err).catch(ignore);
    if (res.destroyed) return;
    cutResponse(req, res);
    next(asError(err)); // for the app's error handlers and its error log (the headers were sent)
  } finally {
    done = true;
    res.off('close', onClose);
  }
}

/**
 * Sends `response` as the answer to `req`: its status (and status text over HTTP/1.x), its
 * headers (those about the connection left out; each Set-Cookie added to any set before), its
 * body. The head is sent at once (a stream's first bytes may come later: server-sent events).
 */
function send(req: IncomingMessage, res: ServerResponse, next: NextFunction, response: unknown): void {
  if (!(response instanceof Response)) {
    next(new TypeError(`brisk.fromFetch: the handler gave ${shown(response)}, not a Response`));
    return;
  }
  const body = response.body as ReadableStream<Uint8Array> | null;
  if (response.type === 'error') {
    next(new TypeError('brisk.fromFetch: the handler gave Response.error() (a network error)'));
    return;
  }
  if (res.headersSent || res.writableEnded || res.destroyed) {
    // the client left while the handler worked (or something else answered): nothing to send
    body?.cancel().catch(ignore);
    return;
  }
  try {
    res.statusCode = response.status;
    if (req.httpVersionMajor < 2 && response.statusText) res.statusMessage = response.statusText;
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) {
      const before = res.getHeader('set-cookie');
      const earlier = before === undefined ? [] : Array.isArray(before) ? before : [String(before)];
      res.setHeader('set-cookie', [...earlier, ...cookies]);
    }
  } catch (err) {
    body?.cancel().catch(ignore);
    next(err);
    return;
  }
  if (body === null || req.method === 'HEAD' || response.status === 204 || response.status === 304) {
    body?.cancel().catch(ignore);
    res.end();
    return;
  }
  res.flushHeaders();
  void pipeBody(body, req, res, next);
}

/**
 * Middleware that answers with a fetch handler: `app.use('/api', brisk.fromFetch(hono.fetch))`.
 * The handler gets a `Request` made from the request (the URL with the mount path stripped, as
 * `app.use` strips it; the body streamed unless GET or HEAD; `signal` = `req.signal`, aborted
 * when the client leaves), and its `Response` is sent back as it streams. A handler that throws,
 * rejects or gives something else than a `Response` goes to `next(err)`; a method the fetch API
 * cannot carry (CONNECT, TRACE, TRACK) to `next()`. Decision 045; docs/fetch-api.md.
 * @throws TypeError when `handler` is not a function
 * @example
 * import { Hono } from 'hono';
 * const hono = new Hono().get('/hello', (c) => c.text('hi'));
 * app.use('/hono', brisk.fromFetch(hono.fetch)); // GET /hono/hello → hi
 */
export function fromFetch(handler: FetchHandler): RequestHandler {
  if (typeof handler !== 'function') {
    throw new TypeError(
      `brisk.fromFetch: handler must be a function (request: Request) => Response, not ${shown(handler)}`,
    );
  }
  return function fromFetch(req: Incoming, res: ServerResponse, next: NextFunction): void {
    let request: Request | undefined;
    let result: unknown;
    try {
      request = requestOf(req, res);
      if (request === undefined) {
        next();
        return;
      }
      result = handler(request);
    } catch (err) {
      next(asError(err));
      return;
    }
    Promise.resolve(result)
      .then(
        (response) => send(req, res, next, response),
        (err: unknown) => next(asError(err)),
      )
      .catch(() => res.destroy()); // `next` itself threw: nothing else can answer
  } as unknown as RequestHandler;
}
