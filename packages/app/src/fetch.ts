// app.fetch(request): the app answers a web-standard `Request` with a `Response`, in-process, on
// the exchange app.inject() runs on (exchange.ts): the same request and response classes, played
// as node's HTTP/1.1 server plays them. Three parts, each a class below:
//
// - `ResponseReader` reads what the response writes as an HTTP/1.1 client reads it, as it comes:
//   the status line and headers (skipping interim 1xx heads), then the body by its framing
//   (Content-Length, chunked, or until the response finishes).
// - `BodyPump` feeds `request.body` into the request as the app reads it: node's request asks for
//   more by resuming its socket (exchange.ts's `pull` hook), and a chunk is read off the web
//   stream only then, so a body is never buffered whole and an app that does not read it holds
//   the sender back, as TCP does.
// - `FetchExchange` ties them together: the `Response` is made when its head is written, and its
//   body is a stream the response's writes go into; a write's callback is held while that stream
//   is full (the app's `res.write()` returns false, `drain` comes when the reader reads), which is
//   the backpressure of a socket whose client reads slowly. Decision 045 says why each choice.

import http, { validateHeaderValue } from 'node:http';
import { ByteLengthQueuingStrategy, ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { endBody, openExchange, shown, type Exchange, type InjectClasses, type InjectTarget } from './exchange.js';
import { HOP_BY_HOP } from './finalhandler.js';
import { abortRequest } from './request.js';

/** What `app.fetch()` takes beside the `Request`: what a socket would have told the app. */
export interface FetchOptions {
  /**
   * The client's address, as `req.socket.remoteAddress`: what `req.ip` is, and under
   * `trust proxy` where `X-Forwarded-For` is read from (there is no socket to take it from; a
   * platform gives it beside the request, e.g. Deno's `info.remoteAddr.hostname`).
   * @default '127.0.0.1'
   */
  remoteAddress?: string | undefined;
}

/** Every option `app.fetch()` knows: any other key is a TypeError. */
const OPTIONS: readonly (keyof FetchOptions)[] = ['remoteAddress'];

/** The methods node's HTTP server accepts (its parser answers any other with 400). */
const METHODS = new Set(http.METHODS);

/** Statuses whose `Response` must have a null body (the fetch standard's "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** How many bytes of the body the `Response` stream holds before the app's writes wait. */
const HIGH_WATER_MARK = 16 * 1024;

/** node's parser's test for a chunked `Transfer-Encoding` (`chunkExpression` in _http_common.js). */
const CHUNKED = /(?:^|\W)chunked(?:$|\W)/i;

/** A TypeError about the call, with node's code for the mistake. */
function invalid(who: string, message: string, code = 'ERR_INVALID_ARG_TYPE'): TypeError {
  return Object.assign(new TypeError(`${who}: ${message}`), { code });
}

/** A connection reset, as node's HTTP client reports a response cut off before its head. */
function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

/** As node's HTTP client reports a response cut off in its body. */
function cutOff(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

function ignore(): void {}

/** `options.remoteAddress`, the options checked. */
function addressOf(options: unknown, who: string): string {
  if (options === undefined) return '127.0.0.1';
  if (options === null || typeof options !== 'object') {
    throw invalid(who, `options must be an object, not ${shown(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.includes(key as keyof FetchOptions)) {
      throw invalid(
        who,
        `unknown option ${JSON.stringify(key)}: the options are ${OPTIONS.join(', ')}`,
        'ERR_INVALID_ARG_VALUE',
      );
    }
  }
  const address = (options as FetchOptions).remoteAddress;
  if (address === undefined) return '127.0.0.1';
  if (typeof address !== 'string' || address.length === 0) {
    throw invalid(who, `options.remoteAddress must be a non-empty string, not ${shown(address)}`);
  }
  return address;
}

/**
 * The request line and raw headers node's server would hand over for `request`, or `undefined`
 * for one its parser refuses (a method it does not know, a header value with a control
 * character): that request is answered 400, as node's server answers it.
 */
function headOf(request: Request, url: URL): { method: string; url: string; raw: string[] } | undefined {
  const method = request.method;
  if (!METHODS.has(method)) return undefined;
  // `Host` first, as clients send it: the URL's, unless the request names its own
  const raw = ['host', url.host];
  let length = false;
  let chunked = false;
  for (const [name, value] of request.headers) {
    try {
      validateHeaderValue(name, value);
    } catch {
      return undefined;
    }
    if (name === 'host') raw[1] = value;
    else raw.push(name, value);
    if (name === 'content-length') length = true;
    else if (name === 'transfer-encoding') chunked = true;
  }
  // the framing a client gives the body: chunked for a stream; `Content-Length: 0` for a POST
  // or PUT without one (the fetch standard's "httpNetworkOrCacheFetch" step)
  if (request.body !== null && !length && !chunked) raw.push('transfer-encoding', 'chunked');
  else if (request.body === null && !length && (method === 'POST' || method === 'PUT')) raw.push('content-length', '0');
  return { method, url: url.pathname + url.search, raw };
}

/** What node's server answers a request its parser refuses. */
function badRequest(): Response {
  return new Response(null, { status: 400, statusText: 'Bad Request' });
}

/**
 * Runs `request` through `handler` (an app's request listener) and resolves to the `Response`
 * once its head is written; its body streams as the app writes it. `who` names the method in
 * errors (`app.fetch`, `router.fetch`).
 * @throws TypeError when `request` is not a `Request`, its body was already read, its URL is not
 *   `http:` or `https:`, or `options` is not what {@link FetchOptions} describes
 */
export function fetchApp(
  handler: InjectTarget,
  classes: InjectClasses,
  request: unknown,
  options: unknown,
  who: string,
): Promise<Response> {
  if (!(request instanceof Request)) throw invalid(who, `request must be a Request, not ${shown(request)}`);
  const remoteAddress = addressOf(options, who);
  if (request.bodyUsed) throw invalid(who, 'the request body was already read (request.bodyUsed)');
  if (request.body?.locked) throw invalid(who, 'the request body is locked (a reader holds it)');
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(who, `request.url must be an http: or https: URL, not ${JSON.stringify(url.protocol)}`);
  }
  const head = headOf(request, url);
  if (head === undefined) return Promise.resolve(badRequest());
  const signal = request.signal;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    new FetchExchange(
      handler,
      classes,
      request,
      { ...head, remoteAddress, encrypted: url.protocol === 'https:' },
      {
        resolve,
        reject,
      },
    );
  });
}

/** What the reader finds in the response's bytes. */
interface ReaderEvents {
  /** The final head: status, status text, raw header list (name, value, ...). */
  head(status: number, statusText: string, raw: string[]): void;
  /** A piece of the body (its framing removed). */
  data(piece: Buffer): void;
  /** The body has ended by its framing. */
  end(): void;
}

/** Where the reader is in the response. */
type ReaderState = 'head' | 'length' | 'size' | 'data' | 'data-end' | 'trailers' | 'rest' | 'done';

const EMPTY = Buffer.alloc(0);

/**
 * Reads an HTTP/1.1 response as it is written, as a client reads it (RFC 9112): interim 1xx
 * heads are skipped; the final head goes to `head`; the body, by its framing (no body for HEAD,
 * 204 and 304; `Transfer-Encoding: chunked`, its trailers dropped; `Content-Length`; else until
 * the response finishes, `rest`), goes to `data` piece by piece, then `end`. Only node writes
 * what it reads, so a malformed message is a bug, and throws.
 */
export class ResponseReader {
  #state: ReaderState = 'head';
  /** Bytes of an unfinished line (the head, a chunk size, a trailer) kept for the next write. */
  #pending: Buffer = EMPTY;
  /** Bytes left of a `Content-Length` body, or of the current chunk. */
  #left = 0;
  readonly #method: string;
  readonly #events: ReaderEvents;

  constructor(method: string, events: ReaderEvents) {
    this.#method = method;
    this.#events = events;
  }

  /** The body runs until the response finishes (no length and not chunked). */
  get untilFinish(): boolean {
    return this.#state === 'rest';
  }

  /** The response has been read to its end by its framing. */
  get done(): boolean {
    return this.#state === 'done';
  }

  /** Reads what the response wrote next. */
  feed(chunk: Buffer): void {
    let data = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    this.#pending = EMPTY;
    while (data.length > 0) {
      switch (this.#state) {
        case 'head': {
          const end = data.indexOf('\r\n\r\n');
          if (end === -1) {
            this.#pending = data;
            return;
          }
          this.#head(data.toString('latin1', 0, end));
          data = data.subarray(end + 4);
          break;
        }
        case 'length':
        case 'data': {
          const n = Math.min(this.#left, data.length);
          this.#events.data(data.subarray(0, n));
          data = data.subarray(n);
          this.#left -= n;
          if (this.#left === 0) {
            if (this.#state === 'length') this.#end();
            else this.#state = 'data-end';
          }
          break;
        }
        case 'data-end': {
          if (data.length < 2) {
            this.#pending = data;
            return;
          }
          data = data.subarray(2);
          this.#state = 'size';
          break;
        }
        case 'size':
        case 'trailers': {
          const eol = data.indexOf('\r\n');
          if (eol === -1) {
            this.#pending = data;
            return;
          }
          const line = data.toString('latin1', 0, eol);
          data = data.subarray(eol + 2);
          if (this.#state === 'trailers') {
            if (line === '') this.#end(); // trailer fields are dropped: a Response has none
            break;
          }
          // chunk-size [ chunk-ext ] CRLF (RFC 9112 section 7.1); extensions are ignored
          const size = Number.parseInt(line, 16);
          if (!(size >= 0)) throw new Error(`malformed chunk size ${JSON.stringify(line)}`);
          if (size === 0) this.#state = 'trailers';
          else {
            this.#left = size;
            this.#state = 'data';
          }
          break;
        }
        case 'rest':
          this.#events.data(data);
          return;
        case 'done':
          return;
      }
    }
  }

  /** A head: skipped when interim (1xx but 101), else handed over with the body's framing decided. */
  #head(text: string): void {
    const lines = text.split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0] ?? '');
    if (status === null) throw new Error('the response has no status line');
    const code = Number(status[1]);
    if (code >= 100 && code < 200 && code !== 101) return; // 100 Continue, 102, 103 Early Hints
    const raw: string[] = [];
    let length: number | undefined;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      const colon = line.indexOf(':');
      const name = line.slice(0, colon);
      const value = line.slice(colon + 1).trim();
      raw.push(name, value);
      const lc = name.toLowerCase();
      if (lc === 'transfer-encoding') chunked = CHUNKED.test(value);
      else if (lc === 'content-length') length = Number(value);
    }
    if (this.#method === 'HEAD' || code === 204 || code === 304 || code === 101) this.#state = 'done';
    else if (chunked) this.#state = 'size';
    else if (length !== undefined && Number.isSafeInteger(length) && length >= 0) {
      this.#left = length;
      this.#state = length === 0 ? 'done' : 'length';
    } else this.#state = 'rest';
    this.#events.head(code, status[2] ?? '', raw);
    if (this.#state === 'done') this.#events.end();
  }

  #end(): void {
    this.#state = 'done';
    this.#events.end();
  }
}

/**
 * Feeds a web stream into a request as the request is read (see the top of this file). `fail` is
 * told when the stream fails (or gives a chunk that is not bytes); `cancel` stops reading it.
 */
class BodyPump {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #req: Exchange['req'];
  readonly #fail: (error: unknown) => void;
  /** The request asked for more since the last chunk. */
  #wanted = false;
  #running = false;
  /** The stream has ended, failed or been cancelled: nothing more is read. */
  #stopped = false;

  constructor(body: ReadableStream<Uint8Array>, req: Exchange['req'], fail: (error: unknown) => void) {
    this.#reader = body.getReader();
    this.#req = req;
    this.#fail = fail;
  }

  /** The request has been read in full. */
  get ended(): boolean {
    return this.#stopped;
  }

  /** The request wants more: read the next chunk (unless a read is under way). */
  pull(): void {
    this.#wanted = true;
    if (!this.#running && !this.#stopped) void this.#run();
  }

  /** Stops reading: the rest of the stream is cancelled with `reason`. */
  cancel(reason?: unknown): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#reader.cancel(reason).catch(ignore);
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      while (this.#wanted && !this.#stopped) {
        this.#wanted = false;
        const { done, value } = await this.#reader.read();
        if (this.#stopped) return;
        if (done) {
          this.#stopped = true;
          endBody(this.#req);
          return;
        }
        if (!(value instanceof Uint8Array)) {
          throw new TypeError(`the request body gave a chunk that is not a Uint8Array: ${shown(value)}`);
        }
        if (value.byteLength === 0) this.#wanted = true;
        else if (this.#req.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) this.#wanted = true;
      }
    } catch (error) {
      if (!this.#stopped) {
        this.cancel(error);
        this.#fail(error);
      }
    } finally {
      this.#running = false;
    }
  }
}

/** The promise's settlers. */
interface Settlers {
  resolve(response: Response): void;
  reject(error: unknown): void;
}

/** Where the `Response` is: not made yet, its body streaming, or settled (ended, failed, cancelled). */
type ResponseState = 'waiting' | 'streaming' | 'settled';

/**
 * The exchanges whose response has not closed, with their `Request`. Over HTTP the socket's handle keeps a request alive
 * while it is in flight; here nothing would: an app waiting only on `req.signal` holds the
 * exchange from nothing but the request's own signal, and the caller's signal reaches that one
 * only weakly (undici's `Request` follows a parent signal through a `WeakRef` to the controller it
 * keeps). Collected, the `Request` would no longer hear the caller's abort, and the caller's
 * promise would never settle.
 */
const IN_FLIGHT = new Map<object, Request>();

/** One `app.fetch()`: see the top of this file. */
class FetchExchange {
  readonly #exchange: Exchange;
  readonly #reader: ResponseReader;
  readonly #pump: BodyPump | undefined;
  readonly #settlers: Settlers;
  readonly #signal: AbortSignal;
  #state: ResponseState = 'waiting';
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  /** The socket's write callback, held while the `Response` stream is full. */
  #held: (() => void) | undefined;
  /** Why the exchange was cut short by this side (the signal's reason, a failed request body). */
  #failure: { error: unknown } | undefined;

  constructor(
    handler: InjectTarget,
    classes: InjectClasses,
    request: Request,
    head: Parameters<typeof openExchange>[1],
    settlers: Settlers,
  ) {
    this.#settlers = settlers;
    this.#signal = request.signal;
    this.#reader = new ResponseReader(head.method, {
      head: (status, statusText, raw) => this.#head(status, statusText, raw),
      // a copy: the app may reuse its buffer once written, and the reader gets no view of node's pool
      data: (piece) => this.#state === 'streaming' && this.#controller?.enqueue(new Uint8Array(piece)),
      end: () => this.#end(),
    });
    this.#exchange = openExchange(classes, head, {
      write: (chunk, done) => this.#write(chunk, done),
      pull: () => this.#pump?.pull(),
      finished: () => this.#finished(),
      gone: () => this.#settle(this.#failure?.error ?? (this.#state === 'waiting' ? hangUp() : cutOff())),
    });
    const { req, res } = this.#exchange;
    this.#signal.addEventListener('abort', this.#onAbort, { once: true });
    IN_FLIGHT.set(this, request);
    res.once('close', () => {
      IN_FLIGHT.delete(this);
      this.#signal.removeEventListener('abort', this.#onAbort);
    });
    const body = request.body as ReadableStream<Uint8Array> | null;
    if (body === null) endBody(req);
    else this.#pump = new BodyPump(body, req, (error) => this.#cut(error));
    try {
      handler(req, res);
    } catch (error) {
      this.#cut(error);
    }
  }

  /** The request's signal aborted: the client goes away, `req.signal` aborting with its reason. */
  readonly #onAbort = (): void => {
    const reason = this.#signal.reason;
    abortRequest(this.#exchange.req, reason);
    this.#cut(reason);
  };

  /** This side gives up with `error`: the promise or the body fails with it, and the connection closes. */
  #cut(error: unknown): void {
    this.#failure ??= { error };
    this.#settle(error);
    this.#pump?.cancel(error);
    this.#exchange.socket.destroy();
  }

  /** Bytes the response wrote: read, and their callback held while the `Response` stream is full. */
  #write(chunk: Buffer, done: () => void): void {
    if (this.#state === 'settled') {
      done(); // the Response has all it will get (or was cancelled): the rest is dropped
      return;
    }
    try {
      this.#reader.feed(chunk);
    } catch (error) {
      done();
      this.#cut(error);
      return;
    }
    const controller = this.#controller;
    if (this.#state === 'streaming' && controller !== undefined && (controller.desiredSize ?? 0) <= 0) {
      this.#held = done;
    } else done();
  }

  /** The reader of the `Response` wants more (or is gone): the held write goes on. */
  #release(): void {
    const held = this.#held;
    this.#held = undefined;
    held?.();
  }

  /** The final head: the `Response`, with a stream for its body unless it can have none. */
  #head(status: number, statusText: string, raw: string[]): void {
    if (this.#state !== 'waiting') return;
    if (status < 200 || status > 599) {
      throw new RangeError(`the app answered ${status}, which a fetch Response cannot carry (200 to 599)`);
    }
    const headers = new Headers();
    for (let i = 0; i < raw.length; i += 2) {
      if (!HOP_BY_HOP.has(raw[i].toLowerCase())) headers.append(raw[i], raw[i + 1]);
    }
    let body: ReadableStream<Uint8Array> | null = null;
    if (this.#exchange.req.method !== 'HEAD' && !NULL_BODY.has(status)) {
      body = new ReadableStream<Uint8Array>(
        {
          start: (controller) => {
            this.#controller = controller;
          },
          pull: () => this.#release(),
          cancel: () => this.#cancelled(),
        },
        new ByteLengthQueuingStrategy({ highWaterMark: HIGH_WATER_MARK }),
      );
    }
    const response = new Response(body as never, { status, statusText, headers });
    this.#state = body === null ? 'settled' : 'streaming';
    this.#settlers.resolve(response);
  }

  /** The body ended by its framing. */
  #end(): void {
    if (this.#state === 'streaming') this.#controller?.close();
    if (this.#state !== 'waiting') this.#state = 'settled';
    this.#release();
  }

  /** The `Response` body was cancelled by its reader: the client goes away. */
  #cancelled(): void {
    this.#state = 'settled';
    this.#release();
    if (!this.#exchange.res.writableFinished) this.#cut(undefined);
  }

  /** The promise rejects, or the body stream fails, with `error` (once; nothing after the end). */
  #settle(error: unknown): void {
    if (this.#state === 'waiting') this.#settlers.reject(error);
    else if (this.#state === 'streaming') this.#controller?.error(error);
    this.#state = 'settled';
    this.#release();
  }

  /**
   * The response finished: a body without framing ends here; one whose framing says more was to
   * come was cut off. A request body not read to its end is not read any further (cancelled), and
   * the request is closed.
   */
  #finished(): void {
    if (this.#reader.untilFinish) this.#end();
    else if (!this.#reader.done) this.#settle(cutOff());
    const { req } = this.#exchange;
    if (this.#pump !== undefined && !this.#pump.ended) {
      this.#pump.cancel();
      req.destroy();
    }
  }
}
