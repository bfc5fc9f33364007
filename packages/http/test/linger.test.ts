// lingeringClose over real TCP: an answer sent before the request body was read reaches a client
// that is still uploading; the connection closes once the body has ended or a bound is reached,
// and nothing (listener, timer, patched method) is left behind.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { LINGER_BYTES, LINGER_IDLE, LINGER_TIME, lingeringClose, type LingerOptions } from '../src/index.js';
import { serve, type TestServer } from '../../../test/support/http.js';

/** A server answering every request with a 413 before reading its body, lingering with `options`. */
async function refuser(
  options?: LingerOptions,
  before?: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestServer & { seen: { req: IncomingMessage; socket: Socket; lingered: boolean }[] }> {
  const seen: { req: IncomingMessage; socket: Socket; lingered: boolean }[] = [];
  const server = await serve((req: IncomingMessage, res: ServerResponse) => {
    const lingered = lingeringClose(req, res, options);
    seen.push({ req, socket: req.socket, lingered });
    before?.(req, res);
    res.statusCode = 413;
    res.setHeader('Content-Type', 'text/plain');
    res.end('too large');
  });
  return Object.assign(server, { seen });
}

/** A client connection that collects what it receives (half-open: it keeps sending after the server's end). */
function client(server: TestServer): {
  socket: Socket;
  received: () => string;
  error: () => string | null;
  ended: Promise<void>;
} {
  const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
  let received = '';
  let error: string | null = null;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', (err: NodeJS.ErrnoException) => (error ??= err.code ?? err.message));
  const ended = new Promise<void>((r) => socket.on('end', r));
  return { socket, received: () => received, error: () => error, ended };
}

/** Whether a whole response with a Content-Length body has arrived. */
function answered(data: string): boolean {
  const end = data.indexOf('\r\n\r\n');
  const length = /\r\ncontent-length: *(\d+)/i.exec(data.slice(0, end === -1 ? 0 : end));
  return end !== -1 && length !== null && data.length - end - 4 >= Number(length[1]);
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The server's open connections. */
function connections(server: TestServer): Promise<number> {
  return new Promise((resolve, reject) => server.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
}

async function allClosed(server: TestServer, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while ((await connections(server)) !== 0) {
    if (Date.now() > end) throw new Error('timed out waiting for the server to close its connections');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const HEAD = (length: number): string => `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n\r\n`;

describe('lingeringClose', () => {
  test('bounds: 16 MiB, 2 s without data, 10 s in all', () => {
    assert.equal(LINGER_BYTES, 16 * 1024 * 1024);
    assert.equal(LINGER_IDLE, 2000);
    assert.equal(LINGER_TIME, 10_000);
  });

  test('the body after the answer is read off, then the connection closes cleanly; nothing is left behind', async () => {
    const s = await refuser();
    try {
      const c = client(s);
      c.socket.write(HEAD(300_000));
      await until(() => answered(c.received()), 'the answer');
      assert.match(c.received(), /^HTTP\/1\.1 413 Payload Too Large\r\nConnection: close\r\n/);
      await c.ended; // the server ended its side after the answer
      c.socket.end(Buffer.alloc(300_000, 'x')); // and still takes the whole body
      await new Promise((r) => c.socket.on('close', r));
      assert.equal(c.error(), null);
      await allClosed(s);
      const [{ req, socket, lingered }] = s.seen;
      assert.equal(lingered, true);
      assert.equal(Object.hasOwn(socket, 'destroySoon'), false, "node's destroySoon again");
      assert.deepEqual(
        ['data', 'end'].map((e) => req.listeners(e).filter((l) => l.name !== 'clearIncoming').length),
        [0, 0],
      );
      assert.equal(socket.listeners('close').filter((l) => l.name === 'cleanup').length, 0);
    } finally {
      await s.close();
    }
  });

  test('at most `bytes` are read off: past them the connection closes (the answer was read first)', async () => {
    const s = await refuser({ bytes: 64 * 1024 });
    try {
      const c = client(s);
      c.socket.write(HEAD(50_000_000));
      await until(() => answered(c.received()), 'the answer');
      const piece = Buffer.alloc(16 * 1024, 'x');
      let sent = 0;
      while (c.error() === null && sent < 50_000_000) {
        sent += piece.length;
        if (!c.socket.write(piece)) {
          await new Promise<void>((r) => {
            const done = (): void => {
              c.socket.off('drain', done).off('close', done);
              r();
            };
            c.socket.on('drain', done).on('close', done);
          });
        }
      }
      assert.ok(c.error() !== null, 'the upload was cut');
      assert.ok(sent < 50_000_000);
      assert.match(c.received(), /^HTTP\/1\.1 413 /);
      await allClosed(s);
    } finally {
      await s.close();
    }
  });

  test('a client sending nothing more is closed after `idle`; one trickling is closed after `time`', async () => {
    const s = await refuser({ idle: 300, time: 1200 });
    try {
      const silent = client(s);
      silent.socket.write(HEAD(1000) + 'x'.repeat(10));
      await until(() => answered(silent.received()), 'the answer');
      await until(() => s.seen.length === 1, 'the request');
      const silentClosed = new Promise((r) => s.seen[0].socket.on('close', r));
      await silentClosed;

      const trickle = client(s);
      trickle.socket.write(HEAD(1000));
      await until(() => answered(trickle.received()), 'the answer');
      const trickleSocket = s.seen[1].socket;
      let closed = false;
      trickleSocket.on('close', () => (closed = true));
      let sent = 0;
      // one byte every 100 ms: never idle for 300 ms, so only `time` can end it
      while (!closed && sent < 900) {
        trickle.socket.write('x');
        sent++;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(closed, true, 'closed by the overall bound while the client was still sending');
      assert.ok(sent < 900);
      silent.socket.destroy();
      trickle.socket.destroy();
      await allClosed(s);
    } finally {
      await s.close();
    }
  });

  // Node 18 (past end of life) does not serve the next request on such a connection: what it does
  // with a body left unread under a kept connection is node's, not lingeringClose's (decision 020).
  const node18 =
    Number(process.versions.node.split('.')[0]) < 20
      ? 'node 18 handles an unread body under a kept connection differently'
      : false;
  test('a response that keeps the connection after all: node reads the body to its end, the next request is served', {
    skip: node18,
  }, async () => {
    const s = await refuser(undefined, (_req, res) => res.removeHeader('Connection'));
    try {
      const c = client(s);
      c.socket.write(HEAD(200_000));
      await until(() => answered(c.received()), 'the answer');
      assert.doesNotMatch(c.received(), /Connection: close/i);
      c.socket.write(Buffer.alloc(200_000, 'x'));
      c.socket.write('GET /next HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
      await until(() => (c.received().match(/HTTP\/1\.1 413/g) ?? []).length === 2, 'the second answer');
      assert.equal(s.seen.length, 2);
      const [{ req, socket }] = s.seen;
      assert.equal(socket, s.seen[1].socket, 'the same connection');
      assert.equal(Object.hasOwn(socket, 'destroySoon'), false, 'nothing carried over');
      assert.deepEqual(
        ['data', 'end'].map((e) => req.listeners(e).filter((l) => l.name !== 'clearIncoming').length),
        [0, 0],
      );
      c.socket.destroy();
      await allClosed(s);
    } finally {
      await s.close();
    }
  });

  test('a body already complete: Connection: close, and node closes as usual', async () => {
    const s = await refuser();
    try {
      const c = client(s);
      c.socket.write(HEAD(5) + 'hello');
      await until(() => answered(c.received()), 'the answer');
      await c.ended;
      c.socket.end();
      await allClosed(s);
      assert.equal(c.error(), null);
      assert.match(c.received(), /\r\nConnection: close\r\n/);
    } finally {
      await s.close();
    }
  });

  test('does nothing once the headers are sent, or for a request that is not HTTP/1', async () => {
    const s = await serve((req: IncomingMessage, res: ServerResponse) => {
      const h2 = Object.create(req, { httpVersionMajor: { value: 2 } }) as IncomingMessage;
      const results: unknown[] = [lingeringClose(h2, res), res.getHeader('Connection') ?? null];
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      results.push(lingeringClose(req, res));
      res.end(JSON.stringify(results));
    });
    try {
      const r = await s.request('POST', '/', { body: 'x' });
      assert.equal(r.body, '[false,null,false]');
    } finally {
      await s.close();
    }
  });
});
