// A body refused for its size is answered at once (Content-Length over the limit, or a streamed
// body the moment it crosses it), and the client can read that answer: the server keeps reading
// and discarding what the client still sends, within bounds, before it closes the connection
// (decision 020). Over real TCP, with clients that keep uploading as real clients do.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import * as zlib from 'node:zlib';
import { json, text } from '../src/index.js';
import { sleep, waitFor, type TestServer } from './helpers.js';
import { serve as serveListener } from '../../../test/support/http.js';

/** What one uploading client saw. */
interface Outcome {
  /** Everything the server sent, as latin1. */
  received: string;
  /** Whether the whole response (head and Content-Length body) had arrived when `error` happened. */
  answeredBeforeError: boolean;
  /** The socket error, if any (`EPIPE`, `ECONNRESET`). */
  error: string | null;
  /** Body bytes written after the response had fully arrived. */
  writtenAfterAnswer: number;
  /** Whether every byte of the upload was written. */
  wroteAll: boolean;
}

/** Whether `data` holds one complete HTTP response (head, and as many body bytes as Content-Length says). */
function complete(data: string): boolean {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(data.slice(0, end));
  return length !== null && data.length - end - 4 >= Number(length[1]);
}

/** The body of the response in `data`. */
function responseBody(data: string): string {
  return data.slice(data.indexOf('\r\n\r\n') + 4);
}

interface UploadOptions {
  /** The request head, up to and including the blank line. */
  head: string;
  /** Body bytes to send in total (as 16 KiB pieces, or chunks of that size when `chunked`). */
  size: number;
  chunked?: boolean;
  /** Stop after this many bytes until `resume` resolves (the upload stays open meanwhile). */
  pauseAt?: number;
  resume?: (received: () => string) => Promise<void>;
}

const PIECE = Buffer.alloc(16 * 1024, 'x');

/** Resolves when `socket` drains or closes (and leaves no listener behind). */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      socket.removeListener('drain', done);
      socket.removeListener('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

/**
 * Uploads a body over a fresh connection as fast as the server takes it, reading the response
 * meanwhile (half-open: the server's end of its answer does not stop the upload, as it does not
 * stop curl or a browser mid-write), and resolves when the connection is closed.
 */
function upload(server: TestServer, o: UploadOptions): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
    let received = '';
    let error: string | null = null;
    let answeredBeforeError = false;
    let written = 0;
    let writtenAfterAnswer = 0;
    let wroteAll = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (error === null) {
        error = err.code ?? err.message;
        answeredBeforeError = complete(received);
      }
    });
    socket.on('close', () =>
      resolve({
        received,
        error,
        answeredBeforeError: error === null || answeredBeforeError,
        writtenAfterAnswer,
        wroteAll,
      }),
    );
    const writePiece = (piece: Buffer): boolean => {
      written += piece.length;
      if (complete(received)) writtenAfterAnswer += piece.length;
      if (!o.chunked) return socket.write(piece);
      // all three writes, whatever the first ones return (a short-circuit would break the framing)
      const head = socket.write(piece.length.toString(16) + '\r\n');
      const data = socket.write(piece);
      return socket.write('\r\n') && head && data;
    };
    const pump = async (): Promise<void> => {
      while (written < o.size) {
        if (socket.destroyed) return;
        if (o.pauseAt !== undefined && written >= o.pauseAt && o.resume) {
          const resume = o.resume;
          o.resume = undefined;
          await resume(() => received);
          continue;
        }
        const piece = PIECE.subarray(0, Math.min(PIECE.length, o.size - written));
        if (!writePiece(piece)) await drained(socket);
      }
      if (socket.destroyed) return;
      if (o.chunked) socket.write('0\r\n\r\n');
      wroteAll = true;
      socket.end();
    };
    socket.on('connect', () => {
      socket.write(o.head);
      void pump();
    });
  });
}

/** The server's open connections (polled) reach zero. */
async function connectionsClosed(server: TestServer, ms = 10_000): Promise<void> {
  let open = -1;
  const poll = setInterval(() => server.server.getConnections((_e, c) => (open = c)), 10);
  try {
    await waitFor(() => open === 0, ms, 'the server to close every connection');
  } finally {
    clearInterval(poll);
  }
}

const JSON_HEAD = (length: number): string =>
  `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

const CHUNKED_HEAD =
  'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n';

/** Listener counts per event on a request, leaving out node's own `clearIncoming`. */
function listenerCounts(req: IncomingMessage): number[] {
  return ['data', 'end', 'aborted', 'close', 'error'].map(
    (e) => req.listeners(e).filter((l) => l.name !== 'clearIncoming').length,
  );
}

type Parser = ReturnType<typeof json>;

interface ParserServer extends TestServer {
  errors: Error[];
  /** Each request with the listener counts node had put on it before the parser ran. */
  seen: { req: IncomingMessage; counts: number[] }[];
}

/** A server whose error handler answers JSON on `/json` paths and HTML otherwise, as apps do. */
async function serveParser(parser: Parser): Promise<ParserServer> {
  const errors: Error[] = [];
  const seen: ParserServer['seen'] = [];
  const server = await serveListener((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ req, counts: listenerCounts(req) });
    parser(req, res, (err?: unknown) => {
      if (!err) {
        res.end('parsed');
        return;
      }
      errors.push(err as Error);
      const e = err as Error & { status: number; type: string; limit?: number; received?: number };
      res.statusCode = e.status;
      if (req.url?.startsWith('/json')) {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ error: e.message, type: e.type, limit: e.limit, received: e.received }));
      } else {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`<!DOCTYPE html>\n<html><body><pre>PayloadTooLargeError: ${e.message}</pre></body></html>\n`);
      }
    });
  });
  return Object.assign(server, { errors, seen });
}

/** The number of active timers (node's own resource list; Node 17.3+, not in the Node 18 types). */
function timers(): number {
  const info = (process as unknown as { getActiveResourcesInfo(): string[] }).getActiveResourcesInfo();
  return info.filter((r) => r === 'Timeout').length;
}

describe('a body refused for its declared size: the client reads the 413', () => {
  test('50 clients uploading 6 MiB each at once (limit 100kb): all read the whole 413, none is reset', async () => {
    const s = await serveParser(json());
    const timersBefore = timers();
    try {
      // more than loopback's socket buffers hold, so that a server closing over the unread body
      // resets most of these uploads
      const size = 6 * 1024 * 1024;
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          upload(s, { head: JSON_HEAD(size).replace('/upload', i % 2 ? '/json' : '/html'), size }),
        ),
      );
      assert.deepEqual(
        outcomes.filter((o) => o.error !== null).map((o) => o.error),
        [],
        'no EPIPE or ECONNRESET: the server read what the client sent before closing',
      );
      for (const [i, o] of outcomes.entries()) {
        assert.match(o.received, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
        assert.match(o.received, /\r\nConnection: close\r\n/);
        assert.ok(complete(o.received), 'the whole response arrived');
        const body = responseBody(o.received);
        if (i % 2) {
          assert.deepEqual(JSON.parse(body), {
            error: 'request entity too large',
            type: 'entity.too.large',
            limit: 102400,
          });
        } else {
          assert.match(body, /<pre>PayloadTooLargeError: request entity too large<\/pre>/);
        }
        assert.ok(o.wroteAll, 'the whole upload was taken');
      }
      assert.equal(s.errors.length, 50);
      await connectionsClosed(s);
      // nothing left behind: no listener on the requests, no timer
      for (const { req, counts } of s.seen) assert.deepEqual(listenerCounts(req), counts);
      assert.equal(timers(), timersBefore);
    } finally {
      await s.close();
    }
  });

  test('a body beyond what the server reads off: the 413 arrives before the connection is cut', async () => {
    const s = await serveParser(json());
    try {
      const size = 40 * 1024 * 1024; // over the 16 MiB read off after a refusal
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, () => upload(s, { head: JSON_HEAD(size).replace('/upload', '/json'), size })),
      );
      for (const o of outcomes) {
        assert.match(o.received, /^HTTP\/1\.1 413 /);
        assert.ok(complete(o.received));
        assert.ok(o.answeredBeforeError, `the response was read before ${o.error}`);
        assert.equal(o.wroteAll, false, 'the server closed before taking it all');
      }
      await connectionsClosed(s);
    } finally {
      await s.close();
    }
  });

  test('a client that goes silent after the 413 is closed after 2 s without data; until then its bytes are taken', async () => {
    const s = await serveParser(json());
    try {
      // half-open, so that the server's end of its answer leaves the client's side open
      const socket = connect({ port: s.port, host: '127.0.0.1', allowHalfOpen: true });
      let received = '';
      let error: string | null = null;
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
      socket.write(JSON_HEAD(10_000_000).replace('/upload', '/json'));
      socket.write(Buffer.alloc(32 * 1024, 'x'));
      await waitFor(() => complete(received), 3000, 'the 413');
      assert.match(received, /^HTTP\/1\.1 413 /);
      // more of the body after the answer is still read off: no reset
      for (let i = 0; i < 16; i++) socket.write(PIECE);
      await sleep(1000);
      assert.equal(error, null);
      let open = -1;
      s.server.getConnections((_e, c) => (open = c));
      await waitFor(() => open !== -1, 1000, 'the connection count');
      assert.equal(open, 1, 'the server still holds the connection, reading');
      // the client stays silent: the server's idle bound closes the connection
      await connectionsClosed(s, 10_000);
      assert.equal(error, null);
      socket.destroy();
    } finally {
      await s.close();
    }
  });
});

describe('a streamed body that crosses the limit: 413 at that moment', () => {
  test('chunked: the 413 arrives while the upload is still open, then the rest is read off', async () => {
    const s = await serveParser(text());
    try {
      const size = 1024 * 1024;
      let answeredWhileOpen = false;
      const o = await upload(s, {
        head: CHUNKED_HEAD.replace('/upload', '/json'),
        size,
        chunked: true,
        pauseAt: 160 * 1024, // over 100kb, and the upload does not go on until the answer is here
        async resume(received) {
          await waitFor(() => complete(received()), 3000, 'the 413 while the upload is open');
          answeredWhileOpen = true;
        },
      });
      assert.ok(answeredWhileOpen);
      assert.equal(o.error, null);
      assert.ok(o.wroteAll);
      assert.match(o.received, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
      assert.match(o.received, /\r\nConnection: close\r\n/);
      const body = JSON.parse(responseBody(o.received)) as { received: number };
      assert.equal(body.received > 102400 && body.received <= 160 * 1024, true, String(body.received));
      assert.deepEqual(body, {
        error: 'request entity too large',
        type: 'entity.too.large',
        limit: 102400,
        received: body.received,
      });
      await connectionsClosed(s);
      for (const { req, counts } of s.seen) assert.deepEqual(listenerCounts(req), counts);
    } finally {
      await s.close();
    }
  });

  test('compressed: the 413 arrives as soon as the inflated size crosses the limit', async () => {
    const s = await serveParser(text());
    try {
      const gz = zlib.gzipSync(Buffer.alloc(1024 * 1024, 'a'));
      const socket = await s.socket();
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', () => {});
      socket.write(CHUNKED_HEAD.replace('/upload', '/json').replace('\r\n\r\n', '\r\nContent-Encoding: gzip\r\n\r\n'));
      socket.write(gz.length.toString(16) + '\r\n');
      socket.write(gz);
      socket.write('\r\n'); // no last chunk: the upload stays open
      await waitFor(() => complete(received), 3000, 'the 413 while the upload is open');
      assert.match(received, /^HTTP\/1\.1 413 /);
      assert.equal((JSON.parse(responseBody(received)) as { type: string }).type, 'entity.too.large');
      socket.end('0\r\n\r\n');
      await connectionsClosed(s);
    } finally {
      await s.close();
    }
  });
});
