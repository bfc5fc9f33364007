// app.inject(): a request run through the app in-process, with no socket or port: what the app
// writes goes to a stand-in socket, and is read back as an HTTP client reads it. For tests: the
// same status, headers and body as over HTTP, several times faster (fastify's `inject`, from
// light-my-request, is the model for its shape).

import { IncomingMessage, validateHeaderName, validateHeaderValue } from 'node:http';
import { Readable, finished } from 'node:stream';
import { parseSetCookie, type SetCookie } from '@brisk/cookie';
import {
  addHeaders,
  dumpUnread,
  endBody,
  openExchange,
  shown,
  type InjectClasses,
  type InjectTarget,
} from './exchange.js';

export type { InjectClasses, InjectTarget } from './exchange.js';

/**
 * What `app.inject()` sends. Options no HTTP client could send (a method that is not a token, a
 * URL or header with CR, LF, NUL or spaces, a header value that is not a string or number, a
 * payload JSON cannot carry) make the promise reject with a `TypeError` naming the option, with
 * the `code` node's client gives the same mistake (`ERR_INVALID_HTTP_TOKEN`, `ERR_INVALID_CHAR`,
 * `ERR_UNESCAPED_CHARACTERS`, else `ERR_INVALID_ARG_TYPE`); `app.inject()` never throws.
 */
export interface InjectOptions {
  /** The method (default `GET`): a token, as RFC 9110 defines methods; sent upper-cased. */
  method?: string | undefined;
  /**
   * The request target: a path with its query string (default `/`), or an absolute URL, encoded
   * as a client sends it: spaces, controls and characters above U+00FF percent-encoded.
   */
  url?: string | undefined;
  /** `path`: another name for `url` (light-my-request's); give one of the two. */
  path?: string | undefined;
  /** Query parameters added to the URL's own: an object (strings, numbers, booleans, arrays of them) or a string. */
  query?:
    | Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>
    | string
    | undefined;
  /** Request headers (names in any case); `host` defaults to `localhost:80`. */
  headers?: Record<string, string | readonly string[] | number | undefined> | undefined;
  /**
   * The body: a string or Buffer as it is; a Readable streamed in (chunked, unless the headers
   * give a `content-length`); any other value as JSON (`content-type: application/json` unless set).
   * A Readable that fails rejects the promise with its error, the app seeing its client go away.
   */
  payload?: unknown;
  /** `body`: another name for `payload`. */
  body?: unknown;
  /**
   * Cookies to send, added to the `cookie` header as a browser sends what `res.cookie()` set:
   * each value percent-encoded (`encodeURIComponent`), so the app's cookie parser reads back the
   * value given. Names must be tokens. To send bytes as they are, set `headers.cookie`.
   */
  cookies?: Record<string, string | number | undefined> | undefined;
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
  /**
   * The cookies the response sets, one per `Set-Cookie` header, in order, parsed as
   * `@brisk/cookie`'s `parseSetCookie` (cookie 2) parses them: `{ name, value, path, expires,
   * maxAge, domain, httpOnly, secure, sameSite, partitioned, priority }`, the attributes that were
   * sent; the value percent-decoded.
   */
  readonly cookies: SetCookie[];
}

// Options are checked as node's HTTP client checks what it sends: what no client could put on the
// wire (a method that is not a token, a URL with spaces or controls, a header that is not a valid
// field) is refused with a TypeError naming the option, carrying node's code for the same mistake.

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

/** A method: a token (RFC 9110, section 5.6.2), as node's client requires. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** What node's client refuses in a request target (`ERR_UNESCAPED_CHARACTERS`). */
const UNSENDABLE = /[^\u0021-\u00ff]/;

/** `options[name]` as a string that can go on the wire, with node's code for one that cannot. */
function checkTarget(value: string, where: string): string {
  if (UNSENDABLE.test(value)) {
    throw invalid(
      `${where} has a character no client can send unescaped (a space, a control character or one above U+00FF): ${shown(value)}`,
      'ERR_UNESCAPED_CHARACTERS',
    );
  }
  return value;
}

/** A query or header value: a string, or a number, boolean or bigint written as one. */
function text(value: unknown, where: string, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw invalid(`${where} must be ${what}, not ${shown(value)}`);
}

/** An object option's own entries (`undefined` values left out); `undefined` has none. */
function entriesOf(value: unknown, where: string): Array<[string, unknown]> {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object') throw invalid(`${where} must be an object, not ${shown(value)}`);
  return Object.entries(value).filter((entry) => entry[1] !== undefined);
}

/** `options.method`, upper-cased as node's client sends it. */
function methodOf(method: unknown): string {
  if (method === undefined) return 'GET';
  if (typeof method !== 'string') throw invalid(`options.method must be a string, not ${shown(method)}`);
  if (!TOKEN.test(method)) {
    throw invalid(
      `options.method must be an HTTP method (a token, RFC 9110): ${shown(method)}`,
      'ERR_INVALID_HTTP_TOKEN',
    );
  }
  return method.toUpperCase();
}

/** `options.query` as a query string. */
function searchOf(query: unknown): string {
  if (typeof query === 'string') return checkTarget(query, 'options.query').replace(/^\?/, '');
  if (query === null || typeof query !== 'object') {
    throw invalid(`options.query must be an object or a string, not ${shown(query)}`);
  }
  const params = new URLSearchParams();
  for (const [name, value] of entriesOf(query, 'options.query')) {
    const where = `options.query[${JSON.stringify(name)}]`;
    const what = 'a string, a number or a boolean, or an array of them';
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, text(item, where, what));
  }
  return params.toString();
}

/** The request target: `options.url` (or `options.path`, named by `option`) with `options.query` added. */
function targetOf(url: unknown, query: unknown, option: 'url' | 'path'): string {
  if (url === undefined) url = '/';
  if (typeof url !== 'string' || url.length === 0)
    throw invalid(`options.${option} must be a non-empty string, not ${shown(url)}`);
  checkTarget(url, `options.${option}`);
  if (query === undefined) return url;
  const search = searchOf(query);
  if (search.length === 0) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  return base + (base.includes('?') ? '&' : '?') + search;
}

/** node's check of a header name or value, rethrown naming the option, with node's code. */
function checkHeader(check: () => void, message: string): void {
  try {
    check();
  } catch (err) {
    throw invalid(message, (err as { code?: string }).code);
  }
}

/** The raw header list (name, value, ...), as a client would send `headers`. */
function rawHeadersOf(headers: unknown): string[] {
  const raw: string[] = [];
  for (const [name, value] of entriesOf(headers, 'options.headers')) {
    const where = `options.headers[${JSON.stringify(name)}]`;
    checkHeader(
      () => validateHeaderName(name),
      `options.headers has a name that is not an HTTP token (RFC 9110): ${shown(name)}`,
    );
    for (const item of Array.isArray(value) ? value : [value]) {
      const line = text(item, where, 'a string or a number, or an array of them');
      checkHeader(
        () => validateHeaderValue(name, line),
        `${where} has a character no client can send in a header (CR, LF, NUL or another control)`,
      );
      raw.push(name, line);
    }
  }
  return raw;
}

/**
 * The `cookie` header for `options.cookies`: each value percent-encoded as `res.cookie()` encodes
 * it (`encodeURIComponent`), so the app's cookie parser reads back the value given.
 */
function cookieOf(cookies: unknown): string | undefined {
  const pairs: string[] = [];
  for (const [name, value] of entriesOf(cookies, 'options.cookies')) {
    if (!TOKEN.test(name)) {
      throw invalid(
        `options.cookies has a name that is not a cookie name (a token): ${shown(name)}`,
        'ERR_INVALID_HTTP_TOKEN',
      );
    }
    const where = `options.cookies[${JSON.stringify(name)}]`;
    const line = text(value, where, 'a string or a number');
    let encoded: string;
    try {
      encoded = encodeURIComponent(line);
    } catch {
      throw invalid(`${where} is not well-formed Unicode (it has a lone surrogate)`);
    }
    pairs.push(`${name}=${encoded}`);
  }
  return pairs.length === 0 ? undefined : pairs.join('; ');
}

/** `options.remoteAddress`. */
function addressOf(address: unknown): string {
  if (address === undefined) return '127.0.0.1';
  if (typeof address !== 'string') throw invalid(`options.remoteAddress must be a string, not ${shown(address)}`);
  return address;
}

const has = (raw: readonly string[], name: string): boolean => {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === name) return true;
  return false;
};

/** `payload` as JSON; `option` names it in the TypeError for a value JSON cannot carry. */
function jsonOf(payload: unknown, option: string): Buffer {
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch (err) {
    const reason = err instanceof Error ? `: ${String(err.message).split('\n')[0]}` : '';
    throw Object.assign(invalid(`options.${option} cannot be sent as JSON${reason}`), { cause: err });
  }
  if (typeof json !== 'string') throw invalid(`options.${option} cannot be sent as JSON: it is a ${typeof payload}`);
  return Buffer.from(json);
}

/** The body to send, and the headers it adds (`content-type` for JSON, `content-length` or chunked). */
function bodyOf(payload: unknown, raw: string[], option: string): Buffer | Readable | undefined {
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
    bytes = jsonOf(payload, option);
    if (!has(raw, 'content-type')) raw.push('content-type', 'application/json');
  }
  if (!has(raw, 'content-length') && !has(raw, 'transfer-encoding')) raw.push('content-length', String(bytes.length));
  return bytes;
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
    get cookies(): SetCookie[] {
      const setCookie = headers['set-cookie'];
      if (setCookie === undefined) return [];
      return (Array.isArray(setCookie) ? setCookie : [setCookie]).map((line) => parseSetCookie(line));
    },
  };
}

/** A connection reset, as node's HTTP client reports a response that was cut off. */
function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
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
  options?: InjectOptions,
): Promise<InjectResponse> {
  let request: Prepared;
  try {
    request = prepare(options);
  } catch (err) {
    // a promise is returned: a bad option rejects it, never throws
    return Promise.reject(err);
  }
  if (request.signal?.aborted) return Promise.reject(reasonOf(request.signal));
  return run(handler, classes, request);
}

/** A request as inject sends it, its options checked. */
interface Prepared {
  method: string;
  url: string;
  raw: string[];
  body: Buffer | Readable | undefined;
  remoteAddress: string;
  timeout: number | undefined;
  signal: AbortSignal | undefined;
}

/** Every option inject knows: any other key is a TypeError (a misspelled option would be ignored). */
const OPTIONS: readonly (keyof InjectOptions)[] = [
  'method',
  'url',
  'path',
  'query',
  'headers',
  'cookies',
  'payload',
  'body',
  'remoteAddress',
  'signal',
  'timeout',
];

/** Checks `options` and puts the request together (throws a TypeError naming a bad option). */
function prepare(options: unknown): Prepared {
  if (options === undefined) options = {};
  if (options === null || typeof options !== 'object') {
    throw invalid(`options must be an object, not ${shown(options)}`);
  }
  const o = options as Record<keyof InjectOptions, unknown>;
  for (const key of Object.keys(o)) {
    if (!OPTIONS.includes(key as keyof InjectOptions)) {
      throw invalid(
        `unknown option ${JSON.stringify(key)}: the options are ${OPTIONS.join(', ')}`,
        'ERR_INVALID_ARG_VALUE',
      );
    }
  }
  if (o.url !== undefined && o.path !== undefined) {
    throw invalid('options.url and options.path name the same thing: give one of them', 'ERR_INVALID_ARG_VALUE');
  }
  const method = methodOf(o.method);
  const url = o.path !== undefined ? targetOf(o.path, o.query, 'path') : targetOf(o.url, o.query, 'url');
  const raw = rawHeadersOf(o.headers);
  if (!has(raw, 'host')) raw.unshift('host', 'localhost:80');
  const cookie = cookieOf(o.cookies);
  if (cookie !== undefined) raw.push('cookie', cookie);
  const body = o.payload !== undefined ? bodyOf(o.payload, raw, 'payload') : bodyOf(o.body, raw, 'body');
  return {
    method,
    url,
    raw,
    body,
    remoteAddress: addressOf(o.remoteAddress),
    timeout: timeoutOf(o.timeout),
    signal: signalOf(o.signal),
  };
}

/** Runs the prepared request (see {@link inject}). */
function run(handler: InjectTarget, classes: InjectClasses, request: Prepared): Promise<InjectResponse> {
  const { method, url, raw, body, timeout, signal } = request;
  return new Promise<InjectResponse>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Resolves with the response, or rejects with `failure.error` (which may be any value). */
    const settle = (failure?: { error: unknown }): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure !== undefined) {
        reject(failure.error);
        return;
      }
      try {
        resolve(parseResponse(Buffer.concat(chunks), method));
      } catch (err) {
        reject(err);
      }
    };
    const { socket, req, res } = openExchange(
      classes,
      { method, url, raw, remoteAddress: request.remoteAddress, encrypted: false },
      {
        write(chunk, done) {
          chunks.push(chunk);
          done();
        },
        finished() {
          settle();
          dumpUnread(req);
        },
        gone() {
          settle({ error: hangUp() });
        },
      },
    );
    /** The client goes away, seeing `error`: its body stops, and the connection closes. */
    const disconnect = (error: unknown): void => {
      settle({ error });
      if (body instanceof Readable && !body.readableEnded) body.destroy();
      socket.destroy();
    };
    const onAbort = (): void => disconnect(reasonOf(signal as AbortSignal));

    // Not unref'd: a test awaiting the response keeps the process alive until the timeout.
    if (timeout !== undefined) timer = setTimeout(() => disconnect(timedOut(timeout)), timeout);
    signal?.addEventListener('abort', onAbort, { once: true });

    // the body, then the end of the message
    if (body === undefined) endBody(req);
    else if (Buffer.isBuffer(body)) {
      req.push(body);
      endBody(req);
    } else {
      body.on('data', (chunk: Buffer | string) => req.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
      finished(body, (err) => (err ? disconnect(err) : endBody(req)));
    }
    try {
      handler(req, res);
    } catch (error) {
      settle({ error });
    }
  });
}
