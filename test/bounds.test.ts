// Bounds that hold today and must keep holding, proved in CI on one briskjs app over real HTTP:
// idle keep-alive connections are closed by the server; clients that go away mid-body and
// mid-file leave no file descriptor open; a mix of normal and hostile requests leaves the heap
// where it was. (`pnpm soak` does the same at 100,000 requests, outside CI.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import brisk from 'briskjs';

const FD_DIR = '/proc/self/fd';
const noProc = existsSync(FD_DIR) ? false : 'needs /proc/self/fd (Linux)';
const openFds = (): number => readdirSync(FD_DIR).length;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let dir: string;
let server: http.Server;
let port: number;
let errors = 0;

/** Waits until `ok()` holds, checking every 20 ms, for at most `ms` (a bound, not a speed claim). */
async function until(ok: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) assert.fail(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

/** How many connections the server has open. */
const connections = (): Promise<number> =>
  new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brisk-bounds-'));
  writeFileSync(join(dir, 'big.bin'), Buffer.alloc(8 * 1024 * 1024, 'x'));
  writeFileSync(join(dir, 'small.txt'), 'small');
  const app = brisk();
  app.set('env', 'test');
  app.use(brisk.json({ limit: '10mb' }));
  app.use(brisk.urlencoded({ extended: true }));
  app.use('/files', brisk.static(dir));
  app.get('/hello', (_req, res) => {
    res.send('hello');
  });
  app.get('/file/:name', (req, res, next) => {
    res.sendFile(req.params.name, { root: dir }, (err) => err && next(err));
  });
  app.post('/echo', (req, res) => {
    res.json(req.body);
  });
  app.get('/throw', (req) => {
    throw req.query.kind === 'null' ? Object.create(null) : new Error('boom');
  });
  app.use((err: { status?: number }, _req: unknown, res: http.ServerResponse, _next: unknown) => {
    errors++;
    res.statusCode = typeof err?.status === 'number' ? err.status : 500;
    res.end();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

after(async () => {
  server.closeAllConnections?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw `text` on a fresh connection; resolves with the socket once the first answer is in. */
function answered(text: string): Promise<{ socket: Socket; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let head = '';
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        socket.removeListener('error', reject);
        socket.on('error', () => undefined);
        resolve({ socket, head });
      }
    });
    socket.write(text);
  });
}

describe('bounds', () => {
  test('1,000 idle keep-alive connections are all closed by the server (keepAliveTimeout)', async () => {
    server.keepAliveTimeout = 300;
    const sockets: Socket[] = [];
    try {
      for (let batch = 0; batch < 10; batch++) {
        const opened = await Promise.all(
          Array.from({ length: 100 }, () => answered('GET /hello HTTP/1.1\r\nHost: x\r\n\r\n')),
        );
        for (const { socket, head } of opened) {
          assert.match(head, /^HTTP\/1\.1 200 OK/);
          sockets.push(socket);
        }
      }
      // the client never closes them: each one that ends or closes was closed by the server
      let closedByServer = 0;
      for (const s of sockets) {
        if (s.readableEnded || s.destroyed) closedByServer++;
        else s.once('end', () => closedByServer++).once('close', () => s.readableEnded || closedByServer++);
      }
      await until(() => closedByServer >= 1000, 20_000, 'every idle connection closed by the server');
      for (const s of sockets) s.destroy();
      await sleep(50);
      assert.equal(await connections(), 0);
    } finally {
      server.keepAliveTimeout = 5000;
      for (const s of sockets) s.destroy();
    }
  });

  test('450 clients that go away mid-body and mid-file leave no file descriptor open', { skip: noProc }, async () => {
    // one of each first, so that what node opens lazily is open before the count
    await answered('GET /files/small.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').then(({ socket }) =>
      socket.destroy(),
    );
    await sleep(100);
    const baseline = openFds();
    const midBody = (): Promise<void> =>
      new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"',
          );
          setImmediate(() => socket.destroy());
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
      });
    const midFile = (path: string): Promise<void> =>
      new Promise((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          res.once('data', () => req.destroy());
        });
        req.on('error', () => undefined);
        req.on('close', () => resolve());
      });
    for (let round = 0; round < 15; round++) {
      await Promise.all([
        ...Array.from({ length: 10 }, midBody),
        ...Array.from({ length: 10 }, () => midFile('/files/big.bin')),
        ...Array.from({ length: 10 }, () => midFile('/file/big.bin')),
      ]);
    }
    for (const end = Date.now() + 10_000; (await connections()) > 0 && Date.now() < end; ) await sleep(20);
    assert.equal(await connections(), 0, 'every aborted connection closed');
    await until(() => openFds() <= baseline, 10_000, `file descriptors back to ${baseline}`);
    // and the server still answers
    const { socket, head } = await answered('GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    socket.destroy();
    assert.match(head, /^HTTP\/1\.1 200 OK/);
  });

  test('5,000 mixed normal and hostile requests leave the heap where it was', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const hostile: [string, string, string?, Record<string, string>?][] = [
      ['GET', '/hello'],
      ['GET', '/files/small.txt'],
      ['GET', '/files/%2e%2e/%2e%2e/etc/passwd'],
      ['GET', '/file/..%2f..%2fetc%2fpasswd'],
      ['GET', '/%E0%A4%A'],
      ['GET', '/throw?kind=null'],
      ['GET', '/throw'],
      ['POST', '/echo', '{"a":[1,2,{"__proto__":{"polluted":1}}]}', { 'content-type': 'application/json' }],
      ['POST', '/echo', '{"a":', { 'content-type': 'application/json' }],
      ['POST', '/echo', 'a[__proto__][x]=1&b[]=1&b[]=2', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['POST', '/echo', 'x', { 'content-type': 'application/json; charset=bogus' }],
      ['GET', '/hello?a[b][c][d][e][f][g]=1&constructor[prototype][x]=1'],
    ];
    const send = ([method, path, body, headers]: (typeof hostile)[number]): Promise<number> =>
      new Promise((resolve) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', () => resolve(0));
        req.end(body);
      });
    const run = async (count: number): Promise<Map<number, number>> => {
      const statuses = new Map<number, number>();
      for (let i = 0; i < count; i += 50) {
        const codes = await Promise.all(Array.from({ length: 50 }, (_, k) => send(hostile[(i + k) % hostile.length]!)));
        for (const c of codes) statuses.set(c, (statuses.get(c) ?? 0) + 1);
      }
      return statuses;
    };
    try {
      await run(1000); // warm up: compiled code, caches, pools
      gc();
      const before = process.memoryUsage().heapUsed;
      const statuses = await run(4000);
      gc();
      const grown = process.memoryUsage().heapUsed - before;
      assert.ok(grown < 8 * 1024 * 1024, `heap grew by ${(grown / 1048576).toFixed(1)} MiB`);
      assert.equal(statuses.get(0), undefined, 'no request failed at the socket');
      for (const code of [200, 400, 403, 404, 415, 500]) assert.ok(statuses.has(code), `some ${code}`);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      assert.equal(({} as Record<string, unknown>).x, undefined);
      assert.ok(errors > 0);
    } finally {
      agent.destroy();
    }
  });
});
