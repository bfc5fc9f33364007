// The request: node's IncomingMessage with Express 5's properties and methods.
//
// `BriskRequest.prototype` is `brisk.request` (Express's `express.request`); each app makes a
// subclass whose prototype is `app.request` and carries `app`, and node constructs requests from
// that subclass (application.ts), so a request never has its prototype swapped in the common
// case. Every derived property is a getter, computed when read, as in Express 5; the fields a
// request always gets during dispatch are declared in the constructor, so every request has the
// same shape from the start.

import { IncomingMessage } from 'node:http';
import { Http2ServerRequest } from 'node:http2';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';
import { fresh, parseurl } from '@brisk/http';
import { accepts, typeis } from '@brisk/negotiate';
import { all as proxyAll, proxyaddr } from '@brisk/proxy-addr';
import rangeParser, { type Options as RangeOptions } from '@brisk/range';
import type { NextFunction } from '@brisk/router';
import type { TrustProxyFunction } from './settings.js';

/** What a request reads of its response. */
interface ResponseHeaders {
  statusCode: number;
  getHeader(name: string): unknown;
}

/**
 * The fields a request gets during dispatch, as its constructor declares them: unset (a request
 * made elsewhere gets them when adopted, application.ts). The request logger's (morgan's names) are not part of the request's type: @brisk/logger declares them on its
 * own request type.
 */
export interface RequestFields {
  res?: unknown;
  next?: unknown;
  baseUrl: string | undefined;
  originalUrl: string | undefined;
  params: unknown;
  route: unknown;
  body: unknown;
  _startAt?: [number, number] | undefined;
  _startTime?: Date | undefined;
  _remoteAddress?: string | undefined;
}

/**
 * An HTTP request with Express 5's API. Created by node for each request (the app passes its
 * own subclass to `http.createServer`).
 */
export class BriskRequest extends IncomingMessage {
  /** The response to this request. */
  declare res?: ResponseHeaders | undefined;
  /** The current router's `next`. */
  declare next?: NextFunction | undefined;
  /** The path the current router or sub-app is mounted on (`''` at the top). */
  declare baseUrl: string;
  /** The URL as received (`req.url` loses its mount path inside mounted middleware). */
  declare originalUrl: string;
  /** The parameters of the matched route. */
  declare params: unknown;
  /** The route being dispatched (set by the router). */
  declare route: unknown;
  /** The parsed body (set by a body parser). */
  declare body: unknown;
  // `app`, the app handling the request (on each app's request prototype), is declared by
  // application.ts, which describes what a request reads of its app (`AppView`)

  constructor(socket: Socket) {
    super(socket);
    // Every field the app and the router set on each request, declared now (one shape for all),
    // unset until dispatch sets them (`baseUrl` and `originalUrl` are strings from then on).
    // biome-ignore lint/complexity/noUselessThisAlias: `this` seen as its unset fields
    const fields: RequestFields = this;
    fields.res = undefined;
    fields.next = undefined;
    fields.baseUrl = undefined;
    fields.originalUrl = undefined;
    fields.params = undefined;
    fields.route = undefined;
    fields.body = undefined;
    fields._startAt = undefined;
    fields._startTime = undefined;
    fields._remoteAddress = undefined;
  }

  /**
   * The value of a request header (case-insensitive); `Referrer` and `Referer` are the same.
   * `Set-Cookie` is the one header node keeps as an array.
   * @throws TypeError `name argument is required to req.get` / `name must be a string to req.get`
   */
  get(name: 'set-cookie' | 'Set-Cookie'): string[] | undefined;
  get(name: string): string | undefined;
  get(name: string): string | string[] | undefined {
    if (!name) throw new TypeError('name argument is required to req.get');
    if (typeof name !== 'string') throw new TypeError('name must be a string to req.get');
    const lc = name.toLowerCase();
    if (lc === 'referer' || lc === 'referrer') return this.headers.referrer || this.headers.referer;
    return this.headers[lc];
  }

  /** `req.get(name)`. */
  header(name: 'set-cookie' | 'Set-Cookie'): string[] | undefined;
  header(name: string): string | undefined;
  header(name: string): string | string[] | undefined {
    return this.get(name);
  }

  /**
   * The best of `types` for the `Accept` header (extension names or media types, as arguments
   * or one array), false when none is acceptable; with no argument, every accepted type.
   */
  accepts(): string[];
  accepts(types: string | readonly string[]): string | false;
  accepts(...types: string[]): string | false;
  accepts(...types: Array<string | readonly string[]>): string | string[] | false {
    const accept = accepts(this);
    return (accept.types as (...a: unknown[]) => string | string[] | false).apply(accept, types);
  }

  /** The best of `encodings` for `Accept-Encoding`, false when none; with none given, all accepted. */
  acceptsEncodings(): string[];
  acceptsEncodings(encodings: string | readonly string[]): string | false;
  acceptsEncodings(...encodings: string[]): string | false;
  acceptsEncodings(...encodings: Array<string | readonly string[]>): string | string[] | false {
    const accept = accepts(this);
    return (accept.encodings as (...a: unknown[]) => string | string[] | false).apply(accept, encodings);
  }

  /** The best of `charsets` for `Accept-Charset`, false when none; with none given, all accepted. */
  acceptsCharsets(): string[];
  acceptsCharsets(charsets: string | readonly string[]): string | false;
  acceptsCharsets(...charsets: string[]): string | false;
  acceptsCharsets(...charsets: Array<string | readonly string[]>): string | string[] | false {
    const accept = accepts(this);
    return (accept.charsets as (...a: unknown[]) => string | string[] | false).apply(accept, charsets);
  }

  /** The best of `languages` for `Accept-Language`, false when none; with none given, all accepted. */
  acceptsLanguages(): string[];
  acceptsLanguages(languages: string | readonly string[]): string | false;
  acceptsLanguages(...languages: string[]): string | false;
  acceptsLanguages(...languages: Array<string | readonly string[]>): string | string[] | false {
    const accept = accepts(this);
    return (accept.languages as (...a: unknown[]) => string | string[] | false).apply(accept, languages);
  }

  /**
   * The `Range` header parsed for a resource of `size` bytes: the ranges, -1 when unsatisfiable,
   * -2 when malformed; undefined without the header. `options.combine` merges overlapping ranges.
   */
  range(size: number, options?: RangeOptions): ReturnType<typeof rangeParser> | undefined {
    const header = this.get('Range');
    if (!header) return undefined;
    return rangeParser(size, header as string, options);
  }

  /**
   * The matching type when the request's `Content-Type` matches one of `types` (extension names,
   * media types, wildcards), false when none does, null when the request has no body.
   */
  is(...types: Array<string | readonly string[]>): string | false | null {
    const list = types.length === 1 && Array.isArray(types[0]) ? (types[0] as string[]) : (types as string[]);
    return typeis(this, list);
  }

  /**
   * The query string parsed by the `query parser` setting (a new object at each read, as in
   * Express 5); `{}` when the setting is `false`.
   */
  get query(): unknown {
    // called as Express calls it: with the raw query string, or null when the URL has none
    const parse = this.app.get('query parser fn') as ((query: string | null | undefined) => unknown) | undefined;
    if (!parse) return {};
    const query = parseurl(this)?.query; // a string or null (parseurl never parses it)
    return parse(typeof query === 'string' || query === null ? query : undefined);
  }

  /** `http` or `https`; under `trust proxy`, `X-Forwarded-Proto` (its first value) when present. */
  get protocol(): string {
    const proto = (this.socket as Socket & { encrypted?: boolean }).encrypted ? 'https' : 'http';
    const trust = this.app.get('trust proxy fn') as TrustProxyFunction;
    if (!trust(this.socket.remoteAddress, 0)) return proto;
    const header = (this.get('X-Forwarded-Proto') as string | undefined) || proto;
    const comma = header.indexOf(',');
    return comma !== -1 ? header.substring(0, comma).trim() : header.trim();
  }

  /** `req.protocol === 'https'`. */
  get secure(): boolean {
    return this.protocol === 'https';
  }

  /** The client's address: the socket's, or under `trust proxy` the nearest untrusted `X-Forwarded-For` entry. */
  get ip(): string | undefined {
    return proxyaddr(this, this.app.get('trust proxy fn') as TrustProxyFunction as never);
  }

  /** Under `trust proxy`, the trusted `X-Forwarded-For` addresses, client first; else `[]`. */
  get ips(): string[] {
    const addrs = proxyAll(this, this.app.get('trust proxy fn') as TrustProxyFunction as never);
    addrs.reverse().pop();
    return addrs;
  }

  /** The subdomains of `req.hostname`, right to left, without the last `subdomain offset` parts. */
  get subdomains(): string[] {
    const hostname = this.hostname;
    if (!hostname) return [];
    const offset = this.app.get('subdomain offset') as number;
    const parts = !isIP(hostname) ? hostname.split('.').reverse() : [hostname];
    return parts.slice(offset);
  }

  /** The path of the URL (without the mount path inside mounted middleware). */
  get path(): string | undefined {
    return parseurl(this)?.pathname ?? undefined;
  }

  /**
   * `Host` (with the port), or over HTTP/2 the `:authority` pseudo-header that stands for it;
   * under `trust proxy`, the first `X-Forwarded-Host` value when present.
   */
  get host(): string | undefined {
    const trust = this.app.get('trust proxy fn') as TrustProxyFunction;
    let value = this.get('X-Forwarded-Host') as string | undefined;
    if (!value || !trust(this.socket.remoteAddress, 0)) {
      value = this.get('Host') as string | undefined;
      if (!value && this.httpVersionMajor >= 2) value = this.headers[':authority'] as string | undefined;
    } else if (value.indexOf(',') !== -1) {
      value = value.substring(0, value.indexOf(',')).trimEnd();
    }
    return value || undefined;
  }

  /** `req.host` without the port (an IPv6 literal keeps its brackets). */
  get hostname(): string | undefined {
    const host = this.host;
    if (!host) return undefined;
    const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0;
    const colon = host.indexOf(':', offset);
    return colon !== -1 ? host.substring(0, colon) : host;
  }

  /**
   * The client's cached copy is fresh: a GET, HEAD or QUERY whose validators match the
   * response's (2xx or 304).
   */
  get fresh(): boolean {
    const method = this.method;
    const res = this.res as ResponseHeaders;
    const status = res.statusCode;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'QUERY') return false;
    if ((status >= 200 && status < 300) || status === 304) {
      const headers = this.headers;
      // an unconditional request is never fresh (fresh() says so too): every res.send asks, and
      // most requests carry neither header, so the response's two header reads are skipped
      if (!headers['if-none-match'] && !headers['if-modified-since']) return false;
      return fresh(headers, {
        etag: res.getHeader('etag') as string | undefined,
        'last-modified': res.getHeader('last-modified') as string | undefined,
      });
    }
    return false;
  }

  /** `!req.fresh`. */
  get stale(): boolean {
    return !this.fresh;
  }

  /**
   * Aborts when the client goes away before the response has finished (its connection closed,
   * or over HTTP/2 its stream reset), with a `DOMException` named `AbortError` as its `reason`;
   * never because the request body ended or the response finished. Made at the first read (a
   * request that never reads it pays nothing): read after the client left, it is already
   * aborted; read after the response finished, it never aborts. Pass it on to the work the
   * request started: `await fetch(url, { signal: req.signal })`. Decision 043.
   */
  get signal(): AbortSignal {
    let controller = CONTROLLERS.get(this);
    if (controller === undefined) {
      controller = new AbortController();
      CONTROLLERS.set(this, controller);
      watch(this, controller);
    }
    return controller.signal;
  }

  /** `X-Requested-With: XMLHttpRequest` (any case). */
  get xhr(): boolean {
    const value = (this.get('X-Requested-With') as string | undefined) || '';
    return value.toLowerCase() === 'xmlhttprequest';
  }
}

// Express defines these on a plain object: enumerable, as `for...in` over a request shows them.
for (const name of Object.getOwnPropertyNames(BriskRequest.prototype)) {
  if (name === 'constructor' || name === 'signal') continue; // `signal` is not Express's: as node's
  const descriptor = Object.getOwnPropertyDescriptor(BriskRequest.prototype, name) as PropertyDescriptor;
  Object.defineProperty(BriskRequest.prototype, name, { ...descriptor, enumerable: true });
}

// req.signal (decision 043). The controllers live beside the requests, not on them: a request
// that never reads `signal` carries nothing for it, and one that does gains no field.
const CONTROLLERS = new WeakMap<object, AbortController>();

/** What `req.signal`'s reason says. */
const CLIENT_LEFT = 'The client closed the connection before the response finished';

/** The reason of an aborted `req.signal`: fetch's kind of error, saying why. */
function clientLeft(): DOMException {
  return new DOMException(CLIENT_LEFT, 'AbortError');
}

/** The parts of node's HTTP/1 and HTTP/2 responses that tell how far the exchange went. */
interface Exchange {
  writableFinished?: boolean;
  finished?: boolean;
  closed?: boolean;
  destroyed?: boolean;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * How far the exchange went: `finished` once the response has finished (the signal never aborts
 * then), `gone` once the client has left before that, else `open`. HTTP/1: the response has
 * been handed to the connection in full (`writableFinished`), or its connection closed first.
 * HTTP/2: node's compatibility response says `writableFinished` on a reset stream too, so the
 * app's end of the response (`finished`) counts, and a stream closed before it is a reset.
 */
function stateOf(req: BriskRequest, res: Exchange): 'open' | 'finished' | 'gone' {
  if (req instanceof Http2ServerRequest) {
    if (res.finished) return 'finished';
    const stream = req.stream as { closed?: boolean; destroyed?: boolean } | undefined;
    return req.aborted || stream === undefined || stream.closed || stream.destroyed ? 'gone' : 'open';
  }
  if (res.writableFinished) return 'finished';
  return res.closed || res.destroyed || req.socket?.destroyed ? 'gone' : 'open';
}

/**
 * Aborts `controller` when the client leaves before the response finishes: now, when it already
 * has; else at the response's `close` (which node emits once per response, when it finishes or
 * when the connection or stream goes), the one listener, which `once` removes.
 */
function watch(req: BriskRequest, controller: AbortController): void {
  const res = req.res as Exchange | undefined;
  if (res === undefined) {
    // not dispatched by an app (no `req.res`): only the request itself can tell, when it closes
    // before its body was received
    if (req.destroyed && !req.complete) controller.abort(clientLeft());
    else if (!req.destroyed) req.once('close', () => req.complete || controller.abort(clientLeft()));
    return;
  }
  const state = stateOf(req, res);
  if (state === 'gone') controller.abort(clientLeft());
  else if (state === 'open')
    res.once('close', () => stateOf(req, res) === 'finished' || controller.abort(clientLeft()));
}

/**
 * The key of the method on brisk's request prototype that aborts `req.signal` with a reason
 * (decision 044): `Symbol.for('brisk.abort')`, so middleware that does not import `@brisk/app`
 * (`@brisk/timeout`) finds it on brisk's requests and does nothing on other ones.
 */
export const ABORT_REQUEST: unique symbol = Symbol.for('brisk.abort') as never;

/**
 * Aborts `req.signal` with `reason`: the controller already made by a read, or a new one made
 * aborted now, so a first read later returns it aborted with this reason. Once aborted, the
 * signal keeps its first reason. Nothing is made for a request until this is called.
 */
export function abortRequest(req: object, reason: unknown): void {
  let controller = CONTROLLERS.get(req);
  if (controller === undefined) {
    controller = new AbortController();
    CONTROLLERS.set(req, controller);
  }
  controller.abort(reason);
}

// Not enumerable, as `signal`: Express's request has no such member.
Object.defineProperty(BriskRequest.prototype, ABORT_REQUEST, {
  value: function abort(this: object, reason: unknown): void {
    abortRequest(this, reason);
  },
  writable: true,
  configurable: true,
  enumerable: false,
});

/** `brisk.request`: the prototype of every app's requests (Express's `express.request`). */
export const request: BriskRequest = BriskRequest.prototype;
