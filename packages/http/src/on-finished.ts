/**
 * Run a callback once a request or response is done: a drop-in for `on-finished` 2.4.2.
 *
 * Per message it attaches one set of listeners however many callbacks wait on it: `end` and
 * `finish` on the message, `error` and `close` on its socket (once the socket is assigned). The
 * first of them fires every waiting callback, in order, and removes all of them again, so a
 * keep-alive socket carries nothing over to the next request. The waiting callbacks hang off one
 * module-private Symbol property of the message, set once (a WeakMap measured slower).
 */
import { AsyncResource } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingMessage } from 'node:http';

/**
 * Called once the message is finished: `err` is the socket's error when it failed, else `null`.
 */
export type OnFinishedListener<T> = (err: Error | null, msg: T) => void;

/** The socket fields {@link isFinished} reads. */
interface SocketLike extends EventEmitter {
  readable?: boolean;
  writable?: boolean;
}

/** The message fields {@link isFinished} and {@link onFinished} read. */
interface MessageLike extends EventEmitter {
  socket?: SocketLike | null;
  finished?: unknown;
  writableEnded?: unknown;
  complete?: unknown;
  upgrade?: unknown;
  readable?: boolean;
  [kWatch]?: Watch | null;
}

/** The message's watch while callbacks wait on it (then null: the property stays, its shape too). */
const kWatch = Symbol('onFinished');

/**
 * Whether a message is finished: a response (`OutgoingMessage`) once `end()` was called or its
 * socket is no longer writable; a request (`IncomingMessage`) once it is an upgrade, has no
 * socket, its socket is no longer readable, or its body was fully read. `undefined` for any other
 * object.
 *
 * @example
 * if (isFinished(req)) return; // nothing more will arrive
 */
export function isFinished(msg: IncomingMessage | OutgoingMessage): boolean;
export function isFinished(msg: object): boolean | undefined;
export function isFinished(msg: object): boolean | undefined {
  const m = msg as MessageLike;
  const socket = m.socket;
  // OutgoingMessage: `writableEnded`, or the deprecated `finished` where there is none (on-finished 2.4.2)
  const ended = typeof m.writableEnded === 'boolean' ? m.writableEnded : m.finished;
  if (typeof ended === 'boolean') return Boolean(ended || (socket && !socket.writable));
  if (typeof m.complete === 'boolean') {
    // IncomingMessage
    return Boolean(m.upgrade || !socket || !socket.readable || (m.complete && !m.readable));
  }
  return undefined;
}

// The listeners are made by these functions rather than as arrow functions in Watch's
// constructor: closures made in the constructor that capture the instance made V8's scavenges
// keep whole requests alive, and old space filled with them under a request logger
// (docs/decisions/017-benchmark-targets.md). Closures made by separate functions do not.

/** A watch's `end`/`finish`/`close` listener. */
function doneListener(watch: Watch): () => void {
  return function onDone() {
    watch.fire(null);
  };
}

/** A watch's socket `error` listener. */
function errorListener(watch: Watch): (err: Error) => void {
  return function onError(err) {
    watch.fire(err);
  };
}

/** A watch's `socket` listener (the message had no socket yet). */
function socketListener(watch: Watch): (socket: SocketLike) => void {
  return function onSocket(socket) {
    watch.socketAssigned(socket);
  };
}

/** The callbacks waiting on one message and the listeners that will fire them. */
class Watch {
  readonly msg: MessageLike;
  /** Waiting callbacks, each with the async context it was registered in; null once fired. */
  queue: Array<OnFinishedListener<MessageLike> | AsyncResource> | null = [];
  socket: SocketLike | null = null;
  waitingForSocket = false;
  /** Fires on the message's `end`/`finish` and the socket's `close`. */
  readonly onDone: () => void;
  /** Fires on the socket's `error`. */
  readonly onError: (err: Error) => void;
  /** Fires on the message's `socket` event; made only for a message that has no socket yet. */
  onSocket: ((socket: SocketLike) => void) | null = null;

  constructor(msg: MessageLike) {
    this.msg = msg;
    this.onDone = doneListener(this);
    this.onError = errorListener(this);
    msg.on('end', this.onDone);
    msg.on('finish', this.onDone);
    const socket = msg.socket;
    if (socket) {
      this.watchSocket(socket);
    } else {
      // not assigned yet (a pipelined response, a client request): wait for it
      this.waitingForSocket = true;
      msg.on('socket', (this.onSocket = socketListener(this)));
    }
  }

  /** The message got its socket: watch it too (if still waiting). */
  socketAssigned(socket: SocketLike): void {
    this.waitingForSocket = false;
    this.msg.removeListener('socket', this.onSocket as (socket: SocketLike) => void);
    if (this.queue && !this.socket) this.watchSocket(socket);
  }

  watchSocket(socket: SocketLike): void {
    this.socket = socket;
    socket.on('error', this.onError);
    socket.on('close', this.onDone);
  }

  fire(err: Error | null): void {
    const { msg, socket } = this;
    msg.removeListener('end', this.onDone);
    msg.removeListener('finish', this.onDone);
    if (this.waitingForSocket) {
      this.waitingForSocket = false;
      msg.removeListener('socket', this.onSocket as (socket: SocketLike) => void);
    }
    if (socket) {
      socket.removeListener('error', this.onError);
      socket.removeListener('close', this.onDone);
    }
    if (msg[kWatch] === this) msg[kWatch] = null;
    const queue = this.queue;
    if (!queue) return;
    this.queue = null;
    for (let i = 0; i < queue.length; i += 2) {
      const listener = queue[i] as OnFinishedListener<MessageLike>;
      (queue[i + 1] as AsyncResource).runInAsyncScope(listener, null, err, msg);
    }
  }
}

/** The callable `onFinished` with its `isFinished` property. */
export interface OnFinished {
  /**
   * Calls `listener(err, msg)` once `msg` is finished (see {@link isFinished}): on the response's
   * `finish`, the request's `end`, or the socket's `close` or `error` (then `err` is that error).
   * When `msg` is already finished (or is not a message), the listener runs on the next turn
   * (`setImmediate`). Listeners run in the async context they were registered in. Returns `msg`.
   */
  <T extends object>(msg: T, listener: OnFinishedListener<T>): T;
  /** Whether a message is finished (see {@link isFinished}). */
  isFinished: typeof isFinished;
}

/**
 * Runs a callback once a request or response is finished, a drop-in for `on-finished` 2.4.2
 * (`module.exports = onFinished`).
 *
 * @example
 * onFinished(res, (err, res) => {
 *   // the response was sent, or the connection closed or failed (err)
 *   stream.destroy();
 * });
 */
export const onFinished: OnFinished = Object.assign(
  function onFinished<T extends object>(msg: T, listener: OnFinishedListener<T>): T {
    if (isFinished(msg) !== false) {
      setImmediate(listener, null, msg);
      return msg;
    }
    // first (it throws on a bad listener before anything is attached)
    const resource = new AsyncResource(listener.name || 'bound-anonymous-fn');
    const m = msg as MessageLike;
    let watch = m[kWatch];
    if (!watch) watch = m[kWatch] = new Watch(m);
    // a watch is unset as it fires, so one found here still has its queue
    (watch.queue as unknown[]).push(listener, resource);
    return msg;
  },
  { isFinished },
);
