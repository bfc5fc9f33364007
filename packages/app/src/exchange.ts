// One request and its response, in-process: what `app.inject()` and `app.fetch()` both run on.
// A request and a response of the app's own classes are put on a stand-in socket and played as
// node's HTTP/1.1 server plays them (the parsed head handed over, keep-alive decided, the
// response assigned to the socket, the request aborted when the connection closes early, the
// response's `close` after its `finish`). What the response writes reaches the caller's `write`
// hook as the bytes node would put on the wire; the caller reads them back (inject all at once,
// fetch as a stream) and feeds the request's body. One construction for both, so that a fix to
// how node's server is played reaches both.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';

/** The classes of an app's requests and responses. */
export interface InjectClasses {
  Request: new (socket: never) => IncomingMessage;
  Response: new (req: IncomingMessage) => ServerResponse;
}

/** The app as an exchange runs it: its request listener. */
export type InjectTarget = (req: IncomingMessage, res: ServerResponse) => void;

/** The request line and head of an exchange, already checked. */
export interface ExchangeHead {
  method: string;
  /** The request target (origin-form: a path and query). */
  url: string;
  /** The raw header list (name, value, ...), as node's parser hands it over. */
  raw: string[];
  /** The client's address (`req.socket.remoteAddress`). */
  remoteAddress: string;
  /** The connection is TLS (`req.socket.encrypted`: `req.protocol` is `https`). */
  encrypted: boolean;
}

/** What the caller of {@link openExchange} is told, and what it does. */
export interface ExchangeHooks {
  /**
   * Bytes the response wrote to the connection. `done` is the socket's write callback: calling it
   * later holds the response back (its `write()` returns false, `drain` comes later), as a
   * client that reads slowly does over TCP.
   */
  write(chunk: Buffer, done: (error?: Error | null) => void): void;
  /** The request wants more of its body (node's `IncomingMessage` resumes its socket to read). */
  pull?(): void;
  /** The response has finished: every byte was handed to the connection. */
  finished(): void;
  /** The connection closed before the response finished: the request is aborted (as by node's server). */
  gone(): void;
}

/** A request and its response on a stand-in socket. */
export interface Exchange {
  req: ParsedMessage;
  res: ServedResponse;
  socket: StandInSocket;
}

/** node's default `server.keepAliveTimeout` (ms): what a server answers in `Keep-Alive: timeout=5`. */
const KEEP_ALIVE_TIMEOUT = 5000;

/**
 * The internals of node's IncomingMessage that an exchange plays the server's part with:
 * underscored members node's type declarations leave out, so optional here and checked before
 * use. An `IncomingMessage` is one as it is (the intersection asks nothing more of it).
 */
export type ParsedMessage = IncomingMessage & {
  /** How node's parser hands a message its raw header list. */
  _addHeaderLines?: ((headers: string[], n: number) => void) | undefined;
  /** Whether the body is being read. */
  _consuming?: boolean | undefined;
  /** Reads the body to its end and drops it (node's server does this after a response). */
  _dump?: (() => void) | undefined;
};

/** A ServerResponse's internals an exchange sets as node's server does (see {@link ParsedMessage}). */
export type ServedResponse = ServerResponse & {
  /** Whether `close` was emitted. */
  _closed?: boolean | undefined;
  /** How long a kept-alive connection waits for the next request. */
  _keepAliveTimeout?: number | undefined;
};

/** A socket stand-in: hands what the response writes to a hook; the request's body is pushed, not read. */
export class StandInSocket extends Duplex {
  readonly remoteAddress: string;
  readonly remotePort = 54321;
  readonly remoteFamily: string;
  readonly localAddress = '127.0.0.1';
  readonly localPort: number;
  /** `true` for an `https:` exchange, as on a TLS socket (what `req.protocol` reads). */
  readonly encrypted: true | undefined;
  readonly #hooks: ExchangeHooks;

  constructor(head: ExchangeHead, hooks: ExchangeHooks) {
    super();
    this.remoteAddress = head.remoteAddress;
    this.remoteFamily = head.remoteAddress.includes(':') ? 'IPv6' : 'IPv4';
    this.localPort = head.encrypted ? 443 : 80;
    this.encrypted = head.encrypted ? true : undefined;
    this.#hooks = hooks;
  }

  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#hooks.write(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk, callback);
  }

  override _read(): void {}

  /** node's request calls this when its body is read (`readStart`): the caller feeds more. */
  override resume(): this {
    super.resume();
    this.#hooks.pull?.();
    return this;
  }

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

/** A value shown in a message: a string quoted, anything else by its type. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return value === null ? 'null' : typeof value;
}

/** Gives `message` the raw header list as node's HTTP parser does (`headers` by node's own rules). */
export function addHeaders(message: ParsedMessage, raw: string[]): void {
  if (typeof message._addHeaderLines !== 'function') throw new TypeError('IncomingMessage has no _addHeaderLines');
  message._addHeaderLines(raw, raw.length);
}

/** What node's server destroys a request with when its connection closes before the response ends. */
function abortedByClient(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

/** A response's `close`, once. */
function closeResponse(res: ServedResponse): void {
  if (res._closed) return;
  res.destroyed = true;
  res._closed = true;
  res.emit('close');
}

/** node's own key of a response's "write returned false" flag (found once; its description is node's). */
let needDrainKey: symbol | null | undefined;

/**
 * As node's server does when a connection drains (`socketOnDrain`): a response whose `write()`
 * returned false gets its `drain` (once per such write). Without it, `stream.pipe(res)` and any
 * handler waiting for `drain` would wait forever on the stand-in socket.
 */
function relayDrain(res: ServedResponse): void {
  if (!res.writableNeedDrain) return;
  if (needDrainKey === undefined) {
    needDrainKey = Object.getOwnPropertySymbols(res).find((key) => key.description === 'kNeedDrain') ?? null;
  }
  // node's flag, reset as node resets it (where the key cannot be found, `drain` may come twice)
  if (needDrainKey !== null) Reflect.set(res, needDrainKey, false);
  res.emit('drain');
}

/** Errors on the stand-in socket reach no client: node's server, too, only closes the connection. */
function ignore(): void {}

/**
 * Makes the request (an instance of `classes.Request`, with `head`) and its response (of
 * `classes.Response`) on a stand-in socket, as node's HTTP/1.1 server hands them to its request
 * listener: the caller then feeds the body ({@link endBody}) and calls the app. When the
 * connection closes before the response has finished (the app destroyed or ended it, or the
 * caller destroyed the socket: its client went away), the request is destroyed with `ECONNRESET`
 * `aborted` (so it emits `aborted` and `close`) and the response closes, as node's server does
 * (`abortIncoming`); then `hooks.gone()`. Once the response has finished, `hooks.finished()`,
 * and the response's `close` on the next tick, after every `finish` listener (on-finished,
 * loggers and tracing listen for `close`).
 */
export function openExchange(classes: InjectClasses, head: ExchangeHead, hooks: ExchangeHooks): Exchange {
  const socket = new StandInSocket(head, hooks);
  const req: ParsedMessage = new classes.Request(socket as never);
  req.method = head.method;
  req.url = head.url;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  addHeaders(req, head.raw);
  const res: ServedResponse = new classes.Response(req);

  socket.on('error', ignore);
  socket.on('drain', () => relayDrain(res));
  // The app ended the connection: the client sees it end, and closes its side.
  socket.once('finish', () => socket.destroy());
  // As node's server (registered before the response's own listener, as node's is): a request
  // whose response has not finished when the connection closes is aborted.
  socket.once('close', () => {
    if (res.writableFinished) return;
    req.destroy(abortedByClient());
    hooks.gone();
  });

  // what node's server does with a parsed request before handing it over
  const connection = String(req.headers.connection ?? '').toLowerCase();
  res.shouldKeepAlive = !/\bclose\b/.test(connection);
  res._keepAliveTimeout = KEEP_ALIVE_TIMEOUT;
  res.assignSocket(socket as never);
  res.once('finish', () => {
    hooks.finished();
    process.nextTick(closeResponse, res);
  });
  return { socket, req, res };
}

/** The request's body has all been pushed: the end of the message. */
export function endBody(req: ParsedMessage): void {
  req.complete = true;
  req.push(null);
}

/**
 * What node's server does with a request body nobody read once the response has finished: reads
 * it to its end and drops it (so the request closes).
 */
export function dumpUnread(req: ParsedMessage): void {
  if (!req._consuming && typeof req._dump === 'function') req._dump();
}
