// app.inject(): a request run through the app in-process, with no socket or port: what the app
// writes goes to a stand-in socket, and is read back as an HTTP client reads it. For tests: the
// same status, headers and body as over HTTP, several times faster (fastify's `inject`, from
// light-my-request, is the model for its shape).

import { IncomingMessage, type ServerResponse } from 'node:http';
import { Duplex, Readable, finished } from 'node:stream';

/** What `app.inject()` sends. */
export interface InjectOptions {
  /** The method (default `GET`). */
  method?: string | undefined;
  /** The request target: a path with its query string (default `/`), or an absolute URL. */
  url?: string | undefined;
  /** Query parameters added to the URL's own. */
  query?: Record<string, string | readonly string[]> | string | undefined;
  /** Request headers (names in any case); `host` defaults to `localhost:80`. */
  headers?: Record<string, string | readonly string[] | number | undefined> | undefined;
  /**
   * The body: a string or Buffer as it is; a Readable streamed in (chunked, unless the headers
   * give a `content-length`); any other value as JSON (`content-type: application/json` unless set).
   */
  payload?: unknown;
  /** `body`: another name for `payload`. */
  body?: unknown;
  /** Cookies to send, added to the `cookie` header. */
  cookies?: Record<string, string> | undefined;
  /** The client's address, as `req.socket.remoteAddress` (default `127.0.0.1`). */
  remoteAddress?: string | undefined;
  /**
   * Aborts the request: the promise rejects with the signal's `reason` (an `AbortError` unless
   * given one), and the app sees its client go away (the request `aborted` and `close`, the
   * response `close`). An already aborted signal rejects without running the app.
   */
  signal?: AbortSignal | undefined;
  /**
   * Milliseconds (at most 2147483647) for the response to end in; then the request is aborted as
   * with `signal`, and the promise rejects with an `Error` whose `code` is `ETIMEDOUT`.
   */
  timeout?: number | undefined;
}

/** What `app.inject()` resolves to: the response as an HTTP client reads it. */
export interface InjectResponse {
  statusCode: number;
  statusMessage: string;
  /** The response headers, as node's HTTP client gives them (lower-case names; `set-cookie` an array). */
  headers: NodeJS.Dict<string | string[]>;
  /** The headers as sent: names as written, in order, name and value alternating. */
  rawHeaders: string[];
  /** Trailers (a chunked response's), as `headers`. */
  trailers: NodeJS.Dict<string | string[]>;
  /** The body's bytes (a chunked body decoded). */
  rawPayload: Buffer;
  /** The body as UTF-8 text. */
  payload: string;
  /** The body as UTF-8 text (`payload`). */
  body: string;
  /** The body parsed as JSON. @throws SyntaxError when it is not JSON */
  json<T = unknown>(): T;
}

/** The app as inject runs it: its request listener and the classes node would construct. */
export interface InjectTarget {
  (req: IncomingMessage, res: ServerResponse): void;
}

/** The classes of an app's requests and responses. */
export interface InjectClasses {
  Request: new (socket: never) => IncomingMessage;
  Response: new (req: IncomingMessage) => ServerResponse;
}

/** node's default `server.keepAliveTimeout` (ms): what a server answers in `Keep-Alive: timeout=5`. */
const KEEP_ALIVE_TIMEOUT = 5000;

/** A socket stand-in: records what the response writes; the request's body is pushed, not read. */
class InjectSocket extends Duplex {
  readonly chunks: Buffer[] = [];
  readonly remoteAddress: string;
  readonly remotePort = 54321;
  readonly remoteFamily: string;
  readonly localAddress = '127.0.0.1';
  readonly localPort = 80;

  constructor(remoteAddress: string) {
    super();
    this.remoteAddress = remoteAddress;
    this.remoteFamily = remoteAddress.includes(':') ? 'IPv6' : 'IPv4';
  }

  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    callback();
  }

  override _read(): void {}

  setTimeout(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }
}

/** The request target with `query` added. */
function targetOf(url: string, query: InjectOptions['query']): string {
  if (query === undefined) return url;
  const search =
    typeof query === 'string'
      ? query.replace(/^\?/, '')
      : new URLSearchParams(
          Object.entries(query).flatMap(
            ([name, value]): Array<[string, string]> =>
              typeof value === 'string' ? [[name, value]] : value.map((v): [string, string] => [name, v]),
          ),
        ).toString();
  if (search.length === 0) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  return base + (base.includes('?') ? '&' : '?') + search;
}

/** The raw header list (name, value, ...), as a client would send `headers`. */
function rawHeadersOf(headers: InjectOptions['headers']): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) raw.push(name, String(v));
    else raw.push(name, String(value));
  }
  return raw;
}

const has = (raw: readonly string[], name: string): boolean => {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === name) return true;
  return false;
};

/** The body to send, and the headers it adds (`content-type` for JSON, `content-length` or chunked). */
function bodyOf(payload: unknown, raw: string[]): Buffer | Readable | undefined {
  if (payload === undefined || payload === null) return undefined;
  if (payload instanceof Readable) {
    if (!has(raw, 'content-length') && !has(raw, 'transfer-encoding')) raw.push('transfer-encoding', 'chunked');
    return payload;
  }
  let bytes: Buffer;
  if (typeof payload === 'string') bytes = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) bytes = payload;
  else if (payload instanceof Uint8Array) bytes = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  else {
    bytes = Buffer.from(JSON.stringify(payload));
    if (!has(raw, 'content-type')) raw.push('content-type', 'application/json');
  }
  if (!has(raw, 'content-length') && !has(raw, 'transfer-encoding')) raw.push('content-length', String(bytes.length));
  return bytes;
}

/** node's parser hands a message its raw header list through this method of IncomingMessage. */
interface ParsedMessage {
  _addHeaderLines(headers: string[], n: number): void;
}

/** Gives `message` the raw header list as node's HTTP parser does (`headers` by node's own rules). */
function addHeaders(message: IncomingMessage, raw: string[]): void {
  (message as unknown as ParsedMessage)._addHeaderLines(raw, raw.length);
}

/** Reads node's header rules (lower-case names, duplicates joined or dropped) off a raw list. */
function headersOf(raw: string[]): NodeJS.Dict<string | string[]> {
  const message = new IncomingMessage(null as never);
  addHeaders(message, raw);
  return message.headers;
}

/** Decodes a chunked body; returns the body and the trailers' raw list. */
function dechunk(data: Buffer): { body: Buffer; trailers: string[] } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol === -1) break;
    const size = Number.parseInt(data.toString('latin1', at, eol).split(';')[0], 16);
    at = eol + 2;
    if (!(size > 0)) break;
    parts.push(data.subarray(at, at + size));
    at += size + 2;
  }
  const trailers: string[] = [];
  for (const line of data.toString('latin1', at).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) trailers.push(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return { body: Buffer.concat(parts), trailers };
}

/** Reads what the response wrote, as an HTTP/1.1 client would. */
function parseResponse(data: Buffer, method: string): InjectResponse {
  const end = data.indexOf('\r\n\r\n');
  const head = data.toString('latin1', 0, end === -1 ? data.length : end).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(head[0] ?? '');
  if (status === null) throw new Error('app.inject: the response has no status line');
  const rawHeaders: string[] = [];
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    // header values as a client decodes them: each byte a character (latin1), as node's parser does
    rawHeaders.push(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  const headers = headersOf(rawHeaders);
  const statusCode = Number(status[1]);
  let rawPayload = end === -1 ? Buffer.alloc(0) : data.subarray(end + 4);
  let trailerList: string[] = [];
  const noBody = method === 'HEAD' || statusCode === 204 || statusCode === 304 || statusCode < 200;
  if (noBody) rawPayload = Buffer.alloc(0);
  else if (/\bchunked\b/i.test(String(headers['transfer-encoding'] ?? ''))) {
    const decoded = dechunk(rawPayload);
    rawPayload = decoded.body;
    trailerList = decoded.trailers;
  } else if (headers['content-length'] !== undefined) {
    rawPayload = rawPayload.subarray(0, Number(headers['content-length']));
  }
  const payload = rawPayload.toString('utf8');
  return {
    statusCode,
    statusMessage: status[2] ?? '',
    headers,
    rawHeaders,
    trailers: headersOf(trailerList),
    rawPayload,
    payload,
    body: payload,
    json<T>(): T {
      return JSON.parse(payload) as T;
    },
  };
}

/**
 * What node's server does once a response has finished: a request body nobody read is read to
 * its end (so the request closes), and the response closes on the next tick, after every
 * 'finish' listener (on-finished, loggers and tracing listen for 'close').
 */
function finishExchange(req: IncomingMessage, res: ServerResponse): void {
  const incoming = req as unknown as { _consuming?: boolean; _dump?: () => void };
  if (!incoming._consuming && typeof incoming._dump === 'function') incoming._dump();
  process.nextTick(closeResponse, res);
}

/** A response's `close`, once. */
function closeResponse(res: ServerResponse): void {
  const state = res as unknown as { _closed?: boolean; destroyed: boolean };
  if (state._closed) return;
  state.destroyed = true;
  state._closed = true;
  res.emit('close');
}

/** A connection reset, as node's HTTP client reports a response that was cut off. */
function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

/** What node's server destroys a request with when its connection closes before the response ends. */
function abortedByClient(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

/** The longest delay `setTimeout` takes (node makes a longer one 1 ms). */
const MAX_TIMEOUT = 2 ** 31 - 1;

/** A TypeError about an option, with node's code for the same mistake. */
function invalid(message: string, code = 'ERR_INVALID_ARG_TYPE'): TypeError {
  return Object.assign(new TypeError('app.inject: ' + message), { code });
}

/** `options.timeout`, checked. */
function timeoutOf(timeout: unknown): number | undefined {
  if (timeout === undefined) return undefined;
  if (typeof timeout !== 'number' || !(timeout > 0 && timeout <= MAX_TIMEOUT)) {
    throw invalid(`options.timeout must be a number of milliseconds above 0 and at most ${MAX_TIMEOUT}`);
  }
  return timeout;
}

/** `options.signal`, checked. */
function signalOf(signal: unknown): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  if (!(signal instanceof AbortSignal)) throw invalid('options.signal must be an AbortSignal');
  return signal;
}

/** What an aborted signal rejects with: its reason, as `fetch` does. */
function reasonOf(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** What the `timeout` option rejects with. */
function timedOut(timeout: number): Error {
  return Object.assign(new Error(`app.inject: the response did not end within ${timeout} ms (options.timeout)`), {
    code: 'ETIMEDOUT',
  });
}

/** Errors on the stand-in socket reach no client: node's server, too, only closes the connection. */
function ignore(): void {}

/**
 * Runs one request through `handler` with no socket: the request is an instance of
 * `classes.Request` carrying `options`' method, URL, headers and body; what the response writes
 * is read back as an HTTP/1.1 client reads it. Rejects with `ECONNRESET` when the app destroys
 * or ends the connection before the response ends (where a client would see the same), and with
 * a payload stream's error when it fails; then the request is torn down as node's server tears
 * down one whose client went away (the request `aborted` and `close`, the response `close`).
 */
export function inject(
  handler: InjectTarget,
  classes: InjectClasses,
  options: InjectOptions = {},
): Promise<InjectResponse> {
  const method = (options.method ?? 'GET').toUpperCase();
  const url = targetOf(options.url ?? '/', options.query);
  const raw = rawHeadersOf(options.headers);
  if (!has(raw, 'host')) raw.unshift('host', 'localhost:80');
  if (options.cookies !== undefined) {
    const pairs = Object.entries(options.cookies).map(([name, value]) => `${name}=${value}`);
    if (pairs.length !== 0) raw.push('cookie', pairs.join('; '));
  }
  const body = bodyOf(options.payload !== undefined ? options.payload : options.body, raw);
  const timeout = timeoutOf(options.timeout);
  const signal = signalOf(options.signal);
  if (signal?.aborted) return Promise.reject(reasonOf(signal));

  return new Promise<InjectResponse>((resolve, reject) => {
    const socket = new InjectSocket(options.remoteAddress ?? '127.0.0.1');
    const req = new classes.Request(socket as never);
    req.method = method;
    req.url = url;
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.httpVersion = '1.1';
    addHeaders(req, raw);
    const res = new classes.Response(req);

    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error !== undefined) {
        reject(error);
        return;
      }
      try {
        resolve(parseResponse(Buffer.concat(socket.chunks), method));
      } catch (err) {
        reject(err);
      }
    };
    /** The client goes away, seeing `error`: its body stops, and the connection closes. */
    const disconnect = (error: unknown): void => {
      settle(error);
      if (body instanceof Readable && !body.readableEnded) body.destroy();
      socket.destroy();
    };
    const onAbort = (): void => disconnect(reasonOf(signal as AbortSignal));

    socket.on('error', ignore);
    // The app ended the connection: the client sees it end, and closes its side.
    socket.once('finish', () => socket.destroy());
    // As node's server (registered before the response's own listener, as node's is): a request
    // whose response has not finished when the connection closes is aborted.
    socket.once('close', () => {
      if (res.writableFinished) return;
      req.destroy(abortedByClient());
      settle(hangUp());
    });

    // what node's server does with a parsed request before handing it over
    const connection = String(req.headers.connection ?? '').toLowerCase();
    res.shouldKeepAlive = !/\bclose\b/.test(connection);
    (res as unknown as { _keepAliveTimeout: number })._keepAliveTimeout = KEEP_ALIVE_TIMEOUT;
    res.assignSocket(socket as never);
    res.once('finish', () => {
      settle();
      finishExchange(req, res);
    });

    // Not unref'd: a test awaiting the response keeps the process alive until the timeout.
    if (timeout !== undefined) timer = setTimeout(() => disconnect(timedOut(timeout)), timeout);
    signal?.addEventListener('abort', onAbort, { once: true });

    // the body, then the end of the message
    const complete = (): void => {
      req.complete = true;
      req.push(null);
    };
    if (body === undefined) complete();
    else if (Buffer.isBuffer(body)) {
      req.push(body);
      complete();
    } else {
      body.on('data', (chunk: Buffer | string) => req.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
      finished(body, (err) => (err ? disconnect(err) : complete()));
    }
    try {
      handler(req, res);
    } catch (err) {
      settle(err);
    }
  });
}
