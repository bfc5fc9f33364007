/**
 * Closing a connection after an early answer without losing the answer (a "lingering close",
 * RFC 9112 section 9.6).
 *
 * When a server answers before it read the request body (a 413 for a body over the limit) and
 * closes the connection, the client is usually still uploading. node's HTTP server closes such a
 * connection as soon as the answer is written (`res.end()` with `Connection: close` ends in
 * `socket.destroySoon()`): the bytes the client sends after that reach a closed socket, the
 * kernel answers them with a reset, and a client that is busy writing sees `EPIPE` or
 * `ECONNRESET` and often never reads the answer that had arrived. Apache and nginx close in two
 * steps instead: they end their side of the connection after the answer, keep reading and
 * discarding what the client still sends, and close the socket when the client is done or a bound
 * is reached. {@link lingeringClose} does the same for one request on node's HTTP/1 server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2Stream } from 'node:http2';
import type { Socket } from 'node:net';

/** At most this many bytes of the unread body are read off after the refusal (16 MiB), */
export const LINGER_BYTES = 16 * 1024 * 1024;

/** for at most this long without a byte from the client (2 s, Apache's per-read wait), */
export const LINGER_IDLE = 2000;

/** and for at most this long after the answer was sent (10 s): whichever bound comes first. */
export const LINGER_TIME = 10_000;

/** Bounds of {@link lingeringClose}. */
export interface LingerOptions {
  /** Bytes of the request body read off at most. @default LINGER_BYTES (16 MiB) */
  bytes?: number | undefined;
  /** Milliseconds without data after which the connection is closed. @default LINGER_IDLE (2 s) */
  idle?: number | undefined;
  /** Milliseconds the connection stays open after the answer at most. @default LINGER_TIME (10 s) */
  time?: number | undefined;
}

/** A socket as node's HTTP server closes it. */
interface ClosingSocket extends Socket {
  destroySoon(): void;
}

/** Set on a request whose connection lingers, so a second call does nothing. */
const kLinger = Symbol('lingeringClose');

/**
 * Marks `res` as the last response on its connection (`Connection: close`) and makes sure the
 * client can read it although `req`'s body was not read: from now on the rest of the body is
 * read and discarded; once the response is sent, the server ends its side of the connection and
 * closes the socket when the body has ended, or after `bytes` bytes were read off (16 MiB), or
 * when the client sent nothing for `idle` ms (2 s), or `time` ms after the response (10 s),
 * whichever comes first. Every listener and timer is removed when the socket closes. A response
 * sent without `Connection: close` after all (a handler removed the header) keeps the
 * connection, and the body is read to its end as node reads it.
 *
 * Over HTTP/2 (node's compatibility API) there is no connection to close: the request stops
 * being read (flow control then holds the client back), and once the response has ended its
 * stream, the stream is closed with `RST_STREAM` `NO_ERROR` if the client is still sending, as
 * RFC 9113 section 8.1 provides for a complete response sent before the whole request.
 *
 * Call it before the response is sent. Returns `false` (and does nothing) when it cannot apply:
 * the headers were already sent, or the request is neither HTTP/1 nor HTTP/2.
 *
 * @example
 * if (tooLarge) {
 *   lingeringClose(req, res);
 *   res.statusCode = 413;
 *   res.end('request entity too large'); // the client reads this even while it is still uploading
 * }
 */
export function lingeringClose(req: IncomingMessage, res: ServerResponse, options?: LingerOptions): boolean {
  if (!res || res.headersSent || typeof res.setHeader !== 'function') return false;
  if (req.httpVersionMajor === 2) return closeStreamAfterAnswer(req);
  if (req.httpVersionMajor !== 1) return false;
  res.setHeader('Connection', 'close');
  const r = req as IncomingMessage & { [kLinger]?: true };
  if (r[kLinger]) return true;
  r[kLinger] = true;
  const socket = req.socket as ClosingSocket | null;
  if (req.complete || !socket || socket.destroyed || typeof socket.destroySoon !== 'function') {
    // every byte of it has arrived (or nothing more can): node's own close loses nothing
    req.resume();
    return true;
  }
  linger(req, res, socket, options?.bytes ?? LINGER_BYTES, options?.idle ?? LINGER_IDLE, options?.time ?? LINGER_TIME);
  return true;
}

/** The HTTP/2 part of {@link lingeringClose}: stop reading, end the stream after the answer. */
function closeStreamAfterAnswer(req: IncomingMessage): boolean {
  const stream = (req as IncomingMessage & { stream?: Http2Stream }).stream;
  if (!stream || typeof stream.close !== 'function') return false;
  const r = req as IncomingMessage & { [kLinger]?: true };
  if (r[kLinger]) return true;
  r[kLinger] = true;
  // a request without a body (its headers ended the stream): nothing to refuse
  if (stream.endAfterHeaders) return true;
  req.pause();
  if (!stream.writableEnded) {
    stream.once('finish', () => {
      // the answer is complete (END_STREAM); what the client still sends is not wanted, and
      // what had arrived is read off (at most a flow-control window) so the stream can end
      if (!stream.closed) stream.close(NO_ERROR);
      req.resume();
    });
  }
  return true;
}

/** HTTP/2's `NO_ERROR` code (`http2.constants.NGHTTP2_NO_ERROR`). */
const NO_ERROR = 0;

/** The reading off and the closing (see {@link lingeringClose}); an error path, so closures are fine. */
function linger(
  req: IncomingMessage,
  res: ServerResponse,
  socket: ClosingSocket,
  bytes: number,
  idle: number,
  time: number,
): void {
  let read = 0;
  let reading = true; // the body is being read off
  let answered = false; // the response is sent: node would close the connection now
  let deadline = 0; // when the connection closes at the latest (once answered)
  let lastData = 0; // when the client last sent something (once answered)
  let timer: ReturnType<typeof setTimeout> | undefined;

  function onData(chunk: Buffer): void {
    read += chunk.length;
    if (answered) lastData = Date.now();
    if (read > bytes) {
      stopReading();
      req.pause(); // the rest stays unread: closing over it costs the client a reset, as it must
      if (answered) socket.destroySoon();
    }
  }

  function onEnd(): void {
    stopReading();
    if (answered) socket.destroySoon(); // nothing unread: a clean close
  }

  function stopReading(): void {
    reading = false;
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
  }

  // node's HTTP server calls this when a response with `Connection: close` has been written
  // (resOnFinish): instead of closing as soon as the answer is flushed, end our side, read on.
  function destroySoon(): void {
    delete (socket as Partial<ClosingSocket>).destroySoon; // node's own again
    answered = true;
    if (!reading) {
      socket.destroySoon();
      return;
    }
    if (socket.writable) socket.end();
    lastData = Date.now();
    deadline = lastData + time;
    timer = setTimeout(onTimer, Math.min(idle, time));
    timer.unref();
  }

  // Closes the connection once the client was silent for `idle` ms or the deadline passed; a
  // client still sending moves the next check.
  function onTimer(): void {
    const now = Date.now();
    const due = Math.min(lastData + idle, deadline);
    if (now >= due) {
      timer = undefined;
      socket.destroy();
      return;
    }
    timer = setTimeout(onTimer, due - now);
    timer.unref();
  }

  // Runs after node's own 'finish' listener (added before the request reached any handler): a
  // response that did not close the connection leaves the body to node, which reads it to its end.
  function onFinish(): void {
    res.removeListener('finish', onFinish);
    if (answered) return;
    cleanup();
    req.resume();
  }

  function cleanup(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    stopReading();
    if (Object.hasOwn(socket, 'destroySoon')) {
      delete (socket as Partial<ClosingSocket>).destroySoon;
    }
    socket.removeListener('close', cleanup);
    res.removeListener('finish', onFinish);
  }

  socket.destroySoon = destroySoon;
  socket.on('close', cleanup);
  res.on('finish', onFinish);
  req.on('data', onData);
  req.on('end', onEnd);
  req.resume();
}
