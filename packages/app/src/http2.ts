// What an app does differently for requests from node:http2's compatibility API (decision 026):
// the prototypes that give an `Http2ServerRequest`/`Http2ServerResponse` the app's methods, the
// headers HTTP/2 forbids or node would send unchecked, and the `Host`/`:authority` rule
// (decision 030).

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2 from 'node:http2';
import { createError, type HttpError } from '@brisk/http';

/** Per app: the prototypes an HTTP/2 request and response get (made at the first one). */
const H2_PROTOTYPES = new WeakMap<object, { request: object; response: object }>();

/** What the prototypes are made from: the app's request and response objects. */
interface AppObjects {
  request: object;
  response: object;
}

/**
 * The app's request and response methods over node:http2's compatibility classes: an object
 * inheriting `Http2ServerRequest.prototype` (its `headers`, `url`, `socket`, ...) that holds every
 * property of `app.request` and the brisk classes above it down to node's `IncomingMessage`
 * (theirs shadow node's HTTP/1 ones, never the HTTP/2 class's own); the same for responses, whose
 * header methods are guarded ({@link RESPONSE_GUARDS}). Express re-prototypes them as HTTP/1
 * messages and crashes on the first request.
 */
export function h2Prototypes(app: AppObjects): { request: object; response: object } {
  let protos = H2_PROTOTYPES.get(app);
  if (protos === undefined) {
    const response = overlay(app.response, http.ServerResponse.prototype, http2.Http2ServerResponse.prototype);
    for (const [name, value] of Object.entries(RESPONSE_GUARDS)) {
      Object.defineProperty(response, name, { configurable: true, writable: true, value });
    }
    protos = {
      request: overlay(app.request, http.IncomingMessage.prototype, http2.Http2ServerRequest.prototype),
      response,
    };
    H2_PROTOTYPES.set(app, protos);
  }
  return protos;
}

/** An object inheriting `base` with the properties of `top`'s prototype chain down to `stop`. */
function overlay(top: object, stop: object, base: object): object {
  const chain: object[] = [];
  for (let p: object | null = top; p !== null && p !== stop; p = Object.getPrototypeOf(p)) chain.push(p);
  const proto = Object.create(base) as object;
  for (const p of chain.reverse()) {
    for (const key of Reflect.ownKeys(p)) {
      if (key === 'constructor' || Object.hasOwn(base, key)) continue;
      Object.defineProperty(proto, key, Object.getOwnPropertyDescriptor(p, key) as PropertyDescriptor);
    }
  }
  return proto;
}

// Headers. node's HTTP/1 response refuses a header name that is not a token and a value with
// CR, LF or NUL when it is set; node's HTTP/2 response stores both and sends the value raw in the
// header block (a gateway that speaks HTTP/1.1 downstream then sees a split response). HTTP/2 also
// forbids the connection-specific headers (RFC 9113 section 8.2.2): node throws
// ERR_HTTP2_INVALID_CONNECTION_HEADERS when the head is sent, from `res.end()`, which an app
// relaying an upstream response's headers does not expect, and the final handler's second try
// threw again where nothing caught it. So on HTTP/2 the app's response checks names and values as
// node's HTTP/1 response does, with the same errors, and drops the connection-specific headers,
// saying so once per process.

type H2Response = http2.Http2ServerResponse;
type HeaderValue = number | string | readonly string[];

/** node's HTTP/2 response methods that the guards call (`appendHeader`, `setTrailer`: newer than @types/node 18). */
interface H2HeaderMethods {
  setHeader(this: H2Response, name: string, value: HeaderValue): void;
  appendHeader(this: H2Response, name: string, value: HeaderValue): void;
  writeHead(this: H2Response, ...args: unknown[]): H2Response;
  setTrailer(this: H2Response, name: string, value: unknown): void;
}
// node methods newer than @types/node 18 (appendHeader, setTrailer), which declares no such members
const h2Response = http2.Http2ServerResponse.prototype as unknown as H2HeaderMethods;
const nodeSetHeader = h2Response.setHeader;
const nodeAppendHeader = h2Response.appendHeader;
const nodeWriteHead = h2Response.writeHead;
const nodeSetTrailer = h2Response.setTrailer;

/** The lengths of the connection-specific names: a name of another length is none of them. */
const CONNECTION_NAME_LENGTHS = new Set([2, 7, 10, 14, 16, 17]);
const CONNECTION_NAMES = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'te',
]);

/**
 * `true` for a header HTTP/2 forbids in a response (RFC 9113 section 8.2.2), as node decides it:
 * `TE` is allowed with the value `trailers` only.
 */
export function isConnectionHeader(name: string, value: unknown): boolean {
  if (!CONNECTION_NAME_LENGTHS.has(name.length)) return false;
  const lower = name.toLowerCase();
  return CONNECTION_NAMES.has(lower) && (lower !== 'te' || value !== 'trailers');
}

let warned = false;

/** Says once per process that a connection-specific header was not sent. */
function dropped(name: unknown): void {
  if (warned) return;
  warned = true;
  process.emitWarning(
    `HTTP/2 forbids connection-specific headers: "${String(name).toLowerCase()}" was not sent. ` +
      'brisk drops Connection, Keep-Alive, Proxy-Connection, Transfer-Encoding, Upgrade, HTTP2-Settings ' +
      'and TE (but "TE: trailers") from HTTP/2 responses; this warning is given once.',
    { code: 'BRISK_HTTP2_CONNECTION_HEADER' },
  );
}

/**
 * Checks a header as node's HTTP/1 response does (`ERR_INVALID_HTTP_TOKEN`, `ERR_INVALID_CHAR`,
 * `ERR_HTTP_INVALID_HEADER_VALUE`) and tells whether it may be sent over HTTP/2.
 */
function allowed(name: unknown, value: unknown): boolean {
  http.validateHeaderName(name as string); // a name that is not a string throws too
  http.validateHeaderValue(name as string, value as string); // any value: node checks it
  if (!isConnectionHeader(name as string, value)) return true;
  dropped(name);
  return false;
}

/** `writeHead`'s headers (an object, `[name, value]` pairs, or a flat list) without the forbidden ones. */
function allowedHeaders(headers: unknown): unknown {
  if (headers === null || typeof headers !== 'object') return headers;
  if (Array.isArray(headers)) {
    if (headers.length !== 0 && Array.isArray(headers[0])) {
      const pairs = headers as Array<[unknown, unknown]>;
      return pairs.filter((pair) => allowed(pair[0], pair[1]));
    }
    const kept: unknown[] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) {
      if (allowed(headers[i], headers[i + 1])) kept.push(headers[i], headers[i + 1]);
    }
    if (headers.length % 2 !== 0) kept.push(headers[headers.length - 1]); // node's own error for it
    return kept;
  }
  const record = headers as Record<string, unknown>;
  let kept: Record<string, unknown> | undefined;
  for (const name of Object.keys(record)) {
    if (allowed(name, record[name])) {
      if (kept !== undefined) kept[name] = record[name];
    } else if (kept === undefined) {
      kept = {};
      for (const before of Object.keys(record)) {
        if (before === name) break;
        kept[before] = record[before];
      }
    }
  }
  return kept ?? headers;
}

/** The header methods of the app's HTTP/2 responses: node's, after the checks above. */
const RESPONSE_GUARDS = {
  setHeader(this: H2Response, name: string, value: HeaderValue): H2Response {
    if (allowed(name, value)) nodeSetHeader.call(this, name, value);
    return this;
  },
  appendHeader(this: H2Response, name: string, value: HeaderValue): H2Response {
    if (allowed(name, value)) nodeAppendHeader.call(this, name, value);
    return this;
  },
  writeHead(this: H2Response, statusCode: number, statusMessage?: unknown, headers?: unknown): H2Response {
    if (headers === undefined && typeof statusMessage === 'object') {
      headers = statusMessage;
      statusMessage = undefined;
    }
    return nodeWriteHead.call(this, statusCode, statusMessage, allowedHeaders(headers));
  },
  setTrailer(this: H2Response, name: string, value: string): void {
    if (allowed(name, value)) nodeSetTrailer.call(this, name, value);
  },
  // node's HTTP/1 internal that writes the head before a body, which middleware written for
  // node:http calls (express-session's `res.end` wrapper): the same on HTTP/2
  _implicitHeader(this: H2Response): void {
    this.writeHead(this.statusCode);
  },
};

/**
 * A request whose `Host` header names another host than its `:authority` is malformed (RFC 9113
 * section 8.3.1): `400`. `req.hostname` reads `Host` first, and a check made on the TLS name or
 * on `:authority` (a proxy's routing) would otherwise not be the host the app sees. Names are
 * compared without case, and a default port written on one side only is no difference.
 */
export function authorityMismatch(req: IncomingMessage): HttpError | undefined {
  const host = req.headers.host;
  const authority = req.headers[':authority'];
  if (typeof host !== 'string' || typeof authority !== 'string' || host === authority) return undefined;
  const a = host.toLowerCase();
  const b = authority.toLowerCase();
  if (a === b) return undefined;
  // the scheme's default port, which either may leave out
  const scheme = req.headers[':scheme'];
  const port = scheme === 'https' ? ':443' : scheme === 'http' ? ':80' : undefined;
  if (port !== undefined && (a === b + port || b === a + port)) return undefined;
  return createError(400, 'The Host header does not match the :authority pseudo-header', {
    type: 'request.authority.mismatch',
  });
}

/**
 * Ends an exchange whose response cannot be completed (an error after its headers were sent) so
 * that the client sees it fail: over HTTP/1 the connection is destroyed; over HTTP/2 the stream is
 * reset with `INTERNAL_ERROR`. (Destroyed without an error, node's HTTP/2 stream, which is what
 * the compatibility request's `socket.destroy()` reaches, ends with `NO_ERROR`: the client reads
 * the truncated body as complete.)
 */
export function cutResponse(req: IncomingMessage, res: ServerResponse): void {
  const stream = (req as { stream?: { close?: (code: number) => void } }).stream;
  if (req.httpVersionMajor === 2 && typeof stream?.close === 'function') {
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  if (req.socket) req.socket.destroy();
  else res.destroy();
}
