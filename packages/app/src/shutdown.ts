// shutdown(server, { timeout, delay }): graceful shutdown of an HTTP server serving an app.
//
// How connections are found without node internals (decision 028): a tracker per server listens
// to the server's own events, 'connection' (every socket the server accepts, TLS ones before
// their handshake), 'secureConnection' (the socket HTTP/1 requests see under TLS), 'session'
// (HTTP/2) and 'request' (every request, HTTP/1 and HTTP/2), and remembers each connection's
// latest response. It starts when `app.listen` makes the server or `shutdown.track(server)` is
// called, or, for a server made elsewhere (`http.createServer(app)`, `https`,
// `http2.createSecureServer`), the first time the app is called as that server's request listener
// (an EventEmitter calls a listener with the server as `this`); `shutdown` starts it too, if
// nothing did before. Connections that pre-date the tracker are reached by what node offers
// publicly: `server.closeIdleConnections()` closes idle HTTP/1 sockets (polled during the drain),
// every request they send later passes the tracker's 'request' listener, `server.close()`'s
// callback says when the last one is gone, and `server.closeAllConnections()` cuts HTTP/1 ones at
// the deadline; upgraded and TLS connections, and HTTP/2 sessions, that pre-date it stay out of
// reach (hence `shutdown.track`).

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
  /**
   * Every socket the server accepted since tracking began, as accepted (the TCP socket, also
   * under TLS, where it is the only handle on a connection whose handshake has not finished;
   * destroying it closes the TLS socket above it): what the deadline destroys.
   */
  readonly sockets: Set<Socket>;
  /** HTTP/1 connections, by the socket requests see (`req.socket`). */
  readonly conns: Map<Socket, Conn>;
  /** HTTP/2 sessions, each with its socket's address pair (to find the accepted socket it runs on). */
  readonly sessions: Map<Http2Session, string | undefined>;
  draining: boolean;
  /** Called when a connection or session goes away during the drain. */
  onGone: (() => void) | undefined;
  /** The shutdown's promise, once `shutdown` was called. */
  promise: Promise<boolean> | undefined;
}

/** A connection's address pair, which the sockets of one connection share (TCP, TLS, HTTP/2's view). */
interface Endpoints {
  remoteAddress?: string | undefined;
  remotePort?: number | undefined;
  localAddress?: string | undefined;
  localPort?: number | undefined;
}

/** The address pair as a key; undefined once the socket is closed. */
function peerOf(socket: Endpoints | undefined): string | undefined {
  if (!socket || socket.remotePort === undefined) return undefined;
  return `${socket.remoteAddress} ${socket.remotePort} ${socket.localAddress} ${socket.localPort}`;
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

/** A socket the server accepted (for a plain HTTP/1 server, also its connection). */
function addSocket(tracker: Tracker, socket: Socket, http1: boolean): void {
  tracker.sockets.add(socket);
  if (http1 && !tracker.conns.has(socket)) tracker.conns.set(socket, { res: undefined });
  socket.once('close', () => {
    tracker.sockets.delete(socket);
    tracker.conns.delete(socket);
    tracker.onGone?.();
  });
}

function addSession(tracker: Tracker, session: Http2Session): void {
  // read through the session's socket view (its properties are the socket's)
  tracker.sessions.set(session, peerOf(session.socket));
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
    if (session && !session.destroyed && !tracker.sessions.has(session)) addSession(tracker, session);
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
 * and `shutdown.track` call it when the server is made; an app calls it the first time a server
 * hands it a request. Returns the tracker; `first`, when given, is the request being handed over
 * right now.
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
    sockets: new Set(),
    conns: new Map(),
    sessions: new Map(),
    draining: false,
    onGone: undefined,
    promise: undefined,
  };
  trackers.set(server, tracker);
  const emitter = server as EventEmitter;
  const tls = server instanceof TlsServer;
  // every accepted socket; on a plain HTTP/1 server it is also what requests see as req.socket
  const plainHttp1 = !tls && isHttp1(server);
  emitter.on('connection', (socket: Socket) => addSocket(tracker, socket, plainHttp1));
  if (tls) {
    // what requests see as req.socket; an HTTP/2 connection is tracked as its session instead
    emitter.on('secureConnection', (socket: Socket & { alpnProtocol?: string | false }) => {
      if (socket.alpnProtocol !== 'h2' && !tracker.conns.has(socket)) addConn(tracker, socket);
    });
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
    const nothingOpen = (): boolean =>
      tracker.conns.size === 0 && tracker.sessions.size === 0 && tracker.sockets.size === 0;
    if (!server.listening && nothingOpen()) {
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
      if (serverClosed && nothingOpen()) settle(true);
    };
    // Sockets with nothing left to lose, closed at the poll after the one that found them (so
    // that a client that connected a moment before the drain gets a poll's time to speak): those
    // that have not sent a byte (a connection with no request, a TLS client before its
    // ClientHello), and those of HTTP/2 sessions that are over (GOAWAY sent, every stream done;
    // node then ends the socket and waits for the client to close its side, which one that
    // ignores GOAWAY never does, and emits the session's 'close' only after that).
    const doomed = new Set<Socket>();
    const condemn = (socket: Socket | undefined): void => {
      if (!socket || socket.destroyed) return;
      if (doomed.has(socket)) socket.destroy();
      else doomed.add(socket);
    };
    const peers = new Map<string, Socket>(); // the accepted sockets by address pair, at the drain
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
      for (const socket of tracker.sockets) if (socket.bytesRead === 0) condemn(socket);
      for (const [session, peer] of tracker.sessions) {
        if (session.destroyed && peer !== undefined) condemn(peers.get(peer));
      }
    };
    const drain = (): void => {
      tracker.draining = true;
      tracker.onGone = check;
      for (const socket of tracker.sockets) {
        const peer = peerOf(socket);
        if (peer !== undefined) peers.set(peer, socket);
      }
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
      for (const session of tracker.sessions.keys()) session.close();
      closeIdle();
      poll = setInterval(closeIdle, IDLE_POLL);
      poll.unref();
      deadline = setTimeout(() => {
        for (const session of tracker.sessions.keys()) session.destroy();
        for (const socket of tracker.conns.keys()) socket.destroy();
        // what is left: upgraded connections, TLS ones mid-handshake, HTTP/2 sessions' sockets
        // whose client never closed its side (a session's own destroy only ends the socket)
        for (const socket of tracker.sockets) socket.destroy();
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

/**
 * Starts tracking `server` for {@link shutdown} now, and returns it: for a server you make
 * yourself (`http.createServer(app)`, `https.createServer(options, app)`,
 * `http2.createSecureServer(options, app)`), call it before `server.listen`, so that every
 * connection is known from its first byte: without it, tracking starts at the app's first request,
 * and an upgraded (WebSocket) or TLS connection, or an HTTP/2 session, opened before that is out
 * of `shutdown`'s reach and can keep the process running past the deadline. `app.listen` does
 * this itself. Throws a `TypeError` for something that is not a server.
 *
 * @example
 * const server = brisk.shutdown.track(http.createServer(app)).listen(3000);
 */
function track<S extends ShutdownServer>(server: S): S {
  if (!(server instanceof NetServer)) {
    throw new TypeError('shutdown.track: server must be a server made by http, https or http2');
  }
  trackServer(server);
  return server;
}
shutdown.track = track;
