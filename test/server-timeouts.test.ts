// The server timeouts README.md documents: what `app.listen` starts with, and that the recipe for
// a tighter bound on slow uploads (a trickling body) works with brisk's body parsers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import brisk from 'briskjs';

test('app.listen starts a server with node http.createServer defaults (README: Server timeouts)', async () => {
  const app = brisk();
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const plain = http.createServer();
    assert.equal(server.requestTimeout, plain.requestTimeout);
    assert.equal(server.headersTimeout, plain.headersTimeout);
    assert.equal(server.keepAliveTimeout, plain.keepAliveTimeout);
    assert.equal(server.timeout, plain.timeout);
    assert.equal(server.requestTimeout, 300_000);
    assert.equal(server.headersTimeout, 60_000);
    assert.equal(server.keepAliveTimeout, 5_000);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a body trickled one byte at a time is cut by requestTimeout with 408; the app neither crashes nor answers it', async () => {
  const app = brisk();
  let handled = 0;
  app.use(brisk.json());
  app.post('/', (_req, res) => {
    handled++;
    res.json({ ok: true });
  });
  const server = http.createServer({ requestTimeout: 600, connectionsCheckingInterval: 100 }, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 50);
    const closed = await new Promise<boolean>((resolve) => {
      const guard = setTimeout(() => resolve(false), 10_000); // the bound, not a speed claim
      socket.on('close', () => {
        clearTimeout(guard);
        resolve(true);
      });
      socket.on('error', () => undefined);
    });
    clearInterval(trickle);
    socket.destroy();
    assert.ok(closed, 'the server closed the trickling connection');
    assert.ok(Date.now() - started >= 600, 'not before requestTimeout');
    assert.match(received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.equal(handled, 0);
    // the server still answers
    const reply = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{"a":1}');
    });
    assert.equal(reply, 200);
  } finally {
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
