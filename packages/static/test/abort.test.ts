// Clients that go away mid-file: every file descriptor is closed (counted in /proc/self/fd).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import serveStatic, { send } from '../src/index.js';
import { createFixture, type Fixture } from './helpers.js';

const FD_DIR = '/proc/self/fd';
const skip = existsSync(FD_DIR) ? false : 'needs /proc/self/fd (Linux)';
const openFds = (): number => readdirSync(FD_DIR).length;

let fx: Fixture;
before(() => {
  fx = createFixture();
  writeFileSync(join(fx.root, 'huge.bin'), Buffer.alloc(16 * 1024 * 1024, 'x'));
});
after(() => fx.remove());

type Handler = (req: import('node:http').IncomingMessage, res: ServerResponse) => void;

/**
 * Runs `count` requests for `path` against `handler`, `parallel` at a time, each destroyed by
 * the client: on its first body chunk, or (with `early`) as soon as it was sent. Then waits for
 * the server to see every response close and for the descriptors to settle, and returns how
 * many more descriptors are open than before (never negative: node may close some of its own).
 */
async function abortMany(
  handler: Handler,
  path: string,
  { count = 200, parallel = 20, early = false } = {},
): Promise<{ leaked: number; closed: number }> {
  let closed = 0;
  const server = createServer((req, res) => {
    res.on('close', () => closed++);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // one complete request first, so that what node opens lazily is open before the count
  await new Promise<void>((resolve) => {
    const req = httpGet({ host: '127.0.0.1', port, path: '/a.txt', agent: false }, (res) =>
      res.resume().on('close', resolve),
    );
    req.on('error', () => resolve());
  });
  await sleep(50);
  const baseline = openFds();

  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const req = httpGet({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.once('data', () => req.destroy());
        res.on('end', resolve);
      });
      req.on('close', resolve);
      req.on('error', () => {});
      if (early) setImmediate(() => req.destroy());
    });
  for (let done = 0; done < count; done += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - done) }, one));
  }

  // the server notices each close a little later; its files close after that
  for (let i = 0; i < 200 && closed < count + 1; i++) await sleep(10);
  let leaked = openFds() - baseline;
  for (let i = 0; i < 200 && leaked > 0; i++) {
    await sleep(10);
    leaked = openFds() - baseline;
  }
  server.closeAllConnections?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { leaked: Math.max(0, leaked), closed: closed - 1 };
}

describe('aborted downloads close their files', { skip }, () => {
  test('200 aborted downloads of a 16 MiB file through the middleware', async () => {
    const mw = serveStatic(fx.root);
    const { leaked, closed } = await abortMany((req, res) => mw(req, res, () => res.end()), '/huge.bin');
    assert.equal(closed, 200);
    assert.equal(leaked, 0);
  });

  test('200 aborted downloads through send() with a stream listener', async () => {
    let streams = 0;
    const { leaked } = await abortMany(
      (req, res) =>
        send(req, '/huge.bin', { root: fx.root })
          .on('stream', () => streams++)
          .pipe(res),
      '/huge.bin',
    );
    assert.equal(streams, 201); // and the warm-up request
    assert.equal(leaked, 0);
  });

  test('200 aborted ranges of a large file', async () => {
    const mw = serveStatic(fx.root);
    const { leaked } = await abortMany((req, res) => {
      req.headers.range = 'bytes=1000-9000000';
      mw(req, res, () => res.end());
    }, '/huge.bin');
    assert.equal(leaked, 0);
  });

  test('200 small files whose clients leave at once', async () => {
    const mw = serveStatic(fx.root);
    const { leaked } = await abortMany((req, res) => mw(req, res, () => res.end()), '/a.txt', { early: true });
    assert.equal(leaked, 0);
  });

  test('200 large files whose clients leave before the first byte', async () => {
    const mw = serveStatic(fx.root);
    const { leaked } = await abortMany((req, res) => mw(req, res, () => res.end()), '/huge.bin', { early: true });
    assert.equal(leaked, 0);
  });

  test('a response destroyed by the server mid-file closes the file too', async () => {
    const { leaked } = await abortMany(
      (req, res) => {
        send(req, '/huge.bin', { root: fx.root })
          .on('stream', (stream) => stream.once('data', () => setImmediate(() => res.destroy())))
          .pipe(res);
      },
      '/huge.bin',
      { count: 50 },
    );
    assert.equal(leaked, 0);
  });
});
