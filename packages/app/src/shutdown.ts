// shutdown(server, { timeout, delay }): graceful shutdown of an HTTP server serving an app.
//
// How connections are found without node internals (decision 028): a tracker per server listens
// to the server's own events, 'connection' (plain) or 'secureConnection' (TLS), 'session'
// (HTTP/2) and 'request' (every request, HTTP/1 and HTTP/2), and remembers each connection's
// latest response. It starts when `app.listen` makes the server, or, for a server made
// elsewhere (`http.createServer(app)`, `https`, `http2.createSecureServer`), the first time the
// app is called as that server's request listener (an EventEmitter calls a listener with the
// server as `this`); `shutdown` starts it too, if nothing did before. Connections that pre-date
// the tracker are reached by what node offers publicly: `server.closeIdleConnections()` closes
// idle HTTP/1 sockets (polled during the drain), every request they send later passes the
// tracker's 'request' listener, `server.close()`'s callback says when the last one is gone, and
// `server.closeAllConnections()` cuts HTTP/1 ones at the deadline.

import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2Session } from 'node:http2';
import { Server as NetServer, type Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';

/** What {@link shutdown} takes. */
export interface ShutdownOptions {
  /**
   * Milliseconds the open connections get to finish their answers once the server stops
   * accepting (after `delay`); past it, the remaining connections are destroyed and the promise
   * resolves `false`. Default 10000.
   */
  timeout?: number;
  /**
   * Milliseconds to keep serving normally (accepting new connections, keeping them alive) before
   * the drain starts: time for a load balancer to stop sending new connections (a Kubernetes
   * Service removes a terminating pod's endpoint asynchronously). Default 0.
   */
  delay?: number;
}

/** A server shutdown can drain: `http`/`https` servers and `http2` servers. */
export type ShutdownServer = NetServer;

/** What is known of one HTTP/1 connection. */
interface Conn {
  /**
   * The latest response on the connection until it is sent (node answers a connection's
   * requests in order); undefined when the connection is idle.
   */
  res: ServerResponse | undefined;
}

/** One server's connections, sessions and drain state. */
interface Tracker {
  readonly server: NetServer;
  /** HTTP/1 connections, by the socket requests see (`req.socket`). */
  readonly conns: Map<Socket, Conn>;
  /** HTTP/2 sessions. */
  readonly sessions: Set<Http2Session>;
  draining: boolean;
  /** Called when a connection or session goes away during the drain. */
  onGone: (() => void) | undefined;
  /** The shutdown's promise, once `shutdown` was called. */
  promise: Promise<boolean> | undefined;
}

const trackers = new WeakMap<object, Tracker>();

/** An `http`/`https` server (node's HTTP/1 server, which can close its idle connections itself). */
function isHttp1(server: object): boolean {
  return typeof (server as { closeIdleConnections?: unknown }).closeIdleConnections === 'function';
}

/** Ends a connection once its answer has gone out (the socket flushes, then closes). */
function endAfter(socket: Socket): void {
  if (!socket.destroyed && socket.writable) socket.end();
}

/**
 * During the drain: the answer not yet started says `Connection: close`; any answer in flight
 * closes its connection when it ends (one whose head promised keep-alive included).
 */
function drainResponse(socket: Socket, conn: Conn, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  const done = (): void => {
    // unless a newer request came on the connection (pipelined): its answer ends it
    if (conn.res === res || conn.res === undefined) endAfter(socket);
  };
  res.once('finish', done);
  res.once('close', done);
}

function addConn(tracker: Tracker, socket: Socket): Conn {
  const conn: Conn = { res: undefined };
  tracker.conns.set(socket, conn);
  socket.once('close', () => {
    tracker.conns.delete(socket);
    tracker.onGone?.();
  });
  return conn;
}

function addSession(tracker: Tracker, session: Http2Session): void {
  tracker.sessions.add(session);
  session.once('close', () => {
    tracker.sessions.delete(session);
    tracker.onGone?.();
  });
  if (tracker.draining) session.close();
}

/** A request as a server of either protocol hands it over: node:http2's has its stream. */
type H2CompatibleRequest = IncomingMessage & { stream?: { session?: Http2Session | undefined } | undefined };

/** Notes a request: its connection (or HTTP/2 session) and, for HTTP/1, its response. */
function noteRequest(tracker: Tracker, req: H2CompatibleRequest, res: ServerResponse): void {
  if (req.httpVersionMajor === 2) {
    const session = req.stream?.session;
    if (session && !tracker.sessions.has(session)) addSession(tracker, session);
    return;
  }
  const socket = req.socket;
  if (!socket) return;
  const conn = tracker.conns.get(socket) ?? addConn(tracker, socket);
  conn.res = res;
  // forgotten once it is sent: an idle keep-alive connection must not keep its last request
  // and response (and a parsed body) alive, as node itself does not
  res.on('finish', () => {
    if (conn.res === res) conn.res = undefined;
  });
  if (tracker.draining) drainResponse(socket, conn, res);
}

/**
 * Starts tracking `server`'s connections, sessions and requests (once per server). `app.listen`
 * calls it when it makes the server; an app calls it the first time a server hands it a request.
 * Returns the tracker; `first`, when given, is the request being handed over right now.
 */
export function trackServer(
  server: object,
  first?: { req: IncomingMessage; res: ServerResponse },
): Tracker | undefined {
  const known = trackers.get(server);
  if (known) return known;
  if (!(server instanceof NetServer)) return undefined;
  const tracker: Tracker = {
    server,
    conns: new Map(),
    sessions: new Set(),
    draining: false,
    onGone: undefined,
    promise: undefined,
  };
  trackers.set(server, tracker);
  const emitter = server as EventEmitter;
  const onConnection = (socket: Socket): void => {
    if (!tracker.conns.has(socket)) addConn(tracker, socket);
  };
  if (server instanceof TlsServer) {
    // what requests see as req.socket; an HTTP/2 connection is tracked as its session instead
    emitter.on('secureConnection', (socket: Socket & { alpnProtocol?: string | false }) => {
      if (socket.alpnProtocol !== 'h2') onConnection(socket);
    });
  } else if (isHttp1(server)) {
    emitter.on('connection', onConnection);
  } // an h2c server: its connections are its sessions
  emitter.on('session', (session: Http2Session) => addSession(tracker, session));
  // first, so that a handler answering at once still gets `Connection: close` during the drain
  emitter.prependListener('request', (req: IncomingMessage, res: ServerResponse) => noteRequest(tracker, req, res));
  if (first) noteRequest(tracker, first.req, first.res);
  return tracker;
}

/** A non-negative finite number of milliseconds, or the default; else a TypeError. */
function milliseconds(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    const shown = typeof value === 'number' ? String(value) : typeof value;
    throw new TypeError(`shutdown: option ${name} must be a finite number of milliseconds >= 0 (got ${shown})`);
  }
  return value;
}

/** The longest delay a node timer takes (about 24.8 days). */
const MAX_TIMER = 2_147_483_647;
/** How often idle HTTP/1 connections that pre-date tracking are looked for during the drain. */
const IDLE_POLL = 100;

/**
 * Shuts `server` down gracefully: stops accepting new connections at once (after `delay`),
 * closes idle keep-alive connections, serves the requests in flight (and those that arrive on
 * open connections meanwhile) with `Connection: close`, closes each connection as its answer
 * ends (HTTP/2 sessions get GOAWAY and finish their open streams), and at `timeout` destroys
 * what is left. Resolves `true` when everything drained, `false` when the deadline had to cut
 * connections. A second call returns the same promise. It installs no signal handler and never
 * exits the process: that is the caller's.
 *
 * Works for servers made by `app.listen`, `http.createServer(app)`, `https.createServer(options,
 * app)` and `http2.createSecureServer({ allowHTTP1: true, ... }, app)`. A server that is not
 * listening resolves `true` at once. Throws a `TypeError` for a `timeout` or `delay` that is not a
 * finite number >= 0, or for something that is not a server.
 *
 * @example
 * const server = app.listen(3000);
 * process.on('SIGTERM', async () => {
 *   const drained = await brisk.shutdown(server, { timeout: 10_000 });
 *   await db.end();
 *   process.exit(drained ? 0 : 1);
 * });
 */
export function shutdown(server: ShutdownServer, options: ShutdownOptions = {}): Promise<boolean> {
  if (!(server instanceof NetServer)) {
    throw new TypeError('shutdown: server must be a server made by app.listen, http, https or http2');
  }
  if (options === null || typeof options !== 'object') throw new TypeError('shutdown: options must be an object');
  const timeout = Math.min(milliseconds('timeout', options.timeout, 10_000), MAX_TIMER);
  const delay = Math.min(milliseconds('delay', options.delay, 0), MAX_TIMER);
  const tracker = trackServer(server) as Tracker;
  if (tracker.promise) return tracker.promise;
  tracker.promise = new Promise<boolean>((resolve) => {
    if (!server.listening && tracker.conns.size === 0 && tracker.sessions.size === 0) {
      resolve(true);
      return;
    }
    let settled = false;
    let serverClosed = !server.listening;
    let deadline: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    const settle = (drained: boolean): void => {
      if (settled) return;
      settled = true;
      tracker.onGone = undefined;
      clearTimeout(deadline);
      clearInterval(poll);
      resolve(drained);
    };
    // every connection gone: the server's close callback (counts those tracking never saw), or,
    // when the server had stopped listening before, the tracked ones
    const check = (): void => {
      if (serverClosed && tracker.conns.size === 0 && tracker.sessions.size === 0) settle(true);
    };
    // an HTTP/1 server's (node:http, node:https); an HTTP/2 server has neither
    const http1: NetServer & { closeIdleConnections?: () => void; closeAllConnections?: () => void } = server;
    const closeIdle = (): void => {
      if (typeof http1.closeIdleConnections === 'function') http1.closeIdleConnections();
      else {
        // an HTTP/2 server's HTTP/1 connections (allowHTTP1): those with no answer in flight
        for (const [socket, conn] of tracker.conns) {
          if (!conn.res || conn.res.writableFinished || conn.res.destroyed) socket.destroy();
        }
      }
    };
    const drain = (): void => {
      tracker.draining = true;
      tracker.onGone = check;
      const listening = server.listening;
      if (listening) {
        server.close(() => {
          serverClosed = true;
          check();
        });
      }
      for (const [socket, conn] of tracker.conns) {
        const res = conn.res;
        if (res && !res.writableFinished && !res.destroyed) drainResponse(socket, conn, res);
      }
      for (const session of tracker.sessions) session.close();
      closeIdle();
      poll = setInterval(closeIdle, IDLE_POLL);
      poll.unref();
      deadline = setTimeout(() => {
        for (const session of tracker.sessions) session.destroy();
        for (const socket of tracker.conns.keys()) socket.destroy();
        if (typeof http1.closeAllConnections === 'function') http1.closeAllConnections();
        settle(false);
      }, timeout);
      check();
    };
    if (delay > 0) setTimeout(drain, delay);
    else drain();
  });
  return tracker.promise;
}
