// The middleware in the apps it is written for: a brisk app over HTTP/1.1, HTTP/2 (h2c and TLS),
// HTTP/1.1 on an allowHTTP1 server and app.inject(); and express 5.3 itself. The same routes in
// each: res.json/res.send below and over the threshold, res.sendFile and static files, a 304, a
// 204, HEAD, Cache-Control: no-transform, server-sent events with res.flush(), a handler that
// throws after writing, a filter that throws.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import brisk from 'briskjs';
import compression from '../src/index.js';
import { serve, type TestServer } from '../../../test/support/http.js';
import { selfSigned } from '../../../test/support/tls.js';
import { decode, hasZstd } from './upstream.js';

// express 5.3, as the bench package installs it (never a dependency of a brisk package)
const express = createRequire(new URL('../../../bench/package.json', import.meta.url))('express') as typeof brisk;

const dir = mkdtempSync(join(tmpdir(), 'brisk-compress-'));
const PAGE = `<!doctype html><title>page</title>${'<p>hello, world</p>\n'.repeat(200)}`;
writeFileSync(join(dir, 'page.html'), PAGE);
writeFileSync(join(dir, 'tiny.txt'), 'tiny');
const ROWS = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `user ${i}` }));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Every compressor made (zlib's factories wrapped for this file). */
const made: Transform[] = [];
const lib = zlib as unknown as Record<string, (options?: unknown) => Transform>;
for (const name of ['createGzip', 'createDeflate', 'createBrotliCompress', 'createZstdCompress']) {
  const original = lib[name];
  if (typeof original !== 'function') continue;
  Object.defineProperty(lib, name, {
    configurable: true,
    enumerable: true,
    value: function spy(options?: unknown) {
      const stream = original.call(zlib, options);
      made.push(stream);
      return stream;
    },
  });
}
const released = (s: Transform) => s.destroyed && (s as unknown as { _handle: unknown })._handle === null;
async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The server-sent events route's next step, driven by the client (no flush, no progress). */
let nextEvent: (() => void) | undefined;

type App = ReturnType<typeof brisk>;
function routes(factory: typeof brisk): App {
  const app = factory();
  app.set('env', 'test');
  app.use(compression());
  app.get('/json', (_req, res) => res.json({ ok: true }));
  app.get('/rows', (_req, res) => res.json(ROWS));
  app.get('/page', (_req, res) => res.send(PAGE));
  app.get('/file', (_req, res) => res.sendFile('page.html', { root: dir }));
  app.use('/static', factory.static(dir));
  app.get('/no-content', (_req, res) => res.status(204).end());
  app.get('/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').send(PAGE));
  app.get('/events', (_req, res) => {
    res.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    let n = 0;
    nextEvent = () => {
      if (++n === 3) return void res.end(`data: ${n}\n\n`);
      res.write(`data: ${n}\n\n`);
      res.flush();
    };
    nextEvent();
  });
  app.get('/throw-after-write', (_req, res) => {
    res.type('text').write(PAGE);
    throw new Error('after writing');
  });
  const filterFails = factory();
  filterFails.use(
    compression({
      filter: () => {
        throw new Error('bad filter');
      },
    }),
  );
  filterFails.get('/', (_req, res) => res.send(PAGE));
  filterFails.use((err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) =>
    res.status(500).send(`handled: ${err.message}`),
  );
  app.use('/filter-fails', filterFails);
  return app;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  bytes: Buffer;
}
type Ask = (path: string, headers?: Record<string, string>, method?: string) => Promise<Answer>;

/** The checks every transport must pass, given how to ask. */
function checks(ask: Ask, options: { h2?: boolean; express?: boolean } = {}): void {
  const body = (a: Answer) => decode(a.headers['content-encoding'] as string | undefined, a.bytes).toString();

  test('small JSON: below the threshold, sent as it is, with Vary', async () => {
    const a = await ask('/json', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(a.status, 200);
    assert.equal(a.headers['content-encoding'], undefined);
    assert.equal(a.headers.vary, 'Accept-Encoding');
    assert.equal(body(a), '{"ok":true}');
  });

  test('JSON and HTML over the threshold: compressed with the best coding offered', async () => {
    const rows = await ask('/rows', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(rows.headers['content-encoding'], 'br');
    assert.equal(rows.headers['content-length'], undefined);
    assert.deepEqual(JSON.parse(body(rows)), ROWS);
    const page = await ask('/page', { 'accept-encoding': 'gzip' });
    assert.equal(page.headers['content-encoding'], 'gzip');
    assert.equal(body(page), PAGE);
    if (hasZstd) {
      const zstd = await ask('/page', { 'accept-encoding': 'zstd, gzip' });
      assert.equal(zstd.headers['content-encoding'], 'zstd');
      assert.equal(body(zstd), PAGE);
    }
    const none = await ask('/page');
    assert.equal(none.headers['content-encoding'], undefined);
    assert.equal(body(none), PAGE);
  });

  test('HEAD: not compressed', async () => {
    const a = await ask('/page', { 'accept-encoding': 'gzip' }, 'HEAD');
    assert.equal(a.status, 200);
    assert.equal(a.headers['content-encoding'], undefined);
    assert.equal(a.headers.vary, 'Accept-Encoding');
    assert.equal(a.bytes.length, 0);
  });

  test('a conditional GET answered 304 and a 204: no Content-Encoding', async () => {
    const first = await ask('/page', { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const cached = await ask('/page', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    assert.equal(cached.status, 304);
    assert.equal(cached.headers['content-encoding'], undefined);
    const empty = await ask('/no-content', { 'accept-encoding': 'gzip' });
    assert.equal(empty.status, 204);
    assert.equal(empty.headers['content-encoding'], undefined);
  });

  test('Cache-Control: no-transform: never compressed', async () => {
    const a = await ask('/no-transform', { 'accept-encoding': 'gzip, br' });
    assert.equal(a.headers['content-encoding'], undefined);
    assert.equal(a.headers.vary, undefined);
    assert.equal(body(a), PAGE);
  });

  test('res.sendFile and static files: compressed when large enough, ranges and 304s intact', async () => {
    const file = await ask('/file', { 'accept-encoding': 'gzip' });
    assert.equal(file.headers['content-encoding'], 'gzip');
    assert.equal(body(file), PAGE);
    const fromStatic = await ask('/static/page.html', { 'accept-encoding': 'br' });
    assert.equal(fromStatic.headers['content-encoding'], 'br');
    assert.equal(body(fromStatic), PAGE);
    const tiny = await ask('/static/tiny.txt', { 'accept-encoding': 'gzip' });
    assert.equal(tiny.headers['content-encoding'], undefined);
    assert.equal(tiny.headers['content-length'], '4');
    const cached = await ask('/static/page.html', {
      'accept-encoding': 'br',
      'if-none-match': String(fromStatic.headers.etag),
    });
    assert.equal(cached.status, 304);
    assert.equal(cached.headers['content-encoding'], undefined);
  });

  test('a handler that throws after writing: the exchange ends, its compressor is released', async () => {
    made.length = 0;
    const a = ask('/throw-after-write', { 'accept-encoding': 'gzip' }).catch((err: Error) => err);
    await until(() => made.length === 1 && released(made[0] as Transform), 'the compressor released');
    const result = await a;
    // the client sees either the compressed head and part of the body, or a reset with no head at
    // all (node 22's HTTP/2 resets the stream before the head goes out): both end the exchange
    if (!(result instanceof Error) && Number.isFinite(result.status)) {
      assert.equal(result.headers['content-encoding'], 'gzip');
    }
  });

  test('a filter that throws reaches the error handler; the answer is not compressed', async () => {
    const a = await ask('/filter-fails', { 'accept-encoding': 'gzip' });
    assert.equal(a.status, 500);
    assert.equal(a.headers['content-encoding'], undefined);
    assert.equal(body(a), 'handled: bad filter');
  });

  if (options.h2) {
    test('no connection-specific header is sent over HTTP/2', async () => {
      const a = await ask('/page', { 'accept-encoding': 'gzip' });
      for (const name of ['connection', 'transfer-encoding', 'keep-alive']) assert.equal(a.headers[name], undefined);
    });
  }
}

/** Sends a request with node's HTTP/1.1 client (`agent` for TLS). */
function h1(base: string, agentOptions?: https.AgentOptions): Ask {
  const agent = agentOptions ? new https.Agent(agentOptions) : undefined;
  return (path, headers = {}, method = 'GET') =>
    new Promise((resolve, reject) => {
      const lib = base.startsWith('https') ? https : http;
      const req = lib.request(`${base}${path}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
}

/** Sends a request on an HTTP/2 session. */
function h2(session: () => http2.ClientHttp2Session): Ask {
  return (path, headers = {}, method = 'GET') =>
    new Promise((resolve, reject) => {
      const stream = session().request({ ':path': path, ':method': method, ...headers });
      let head: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => {
        head = h;
      });
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        resolve({ status: Number(head[':status']), headers: head as Answer['headers'], bytes: Buffer.concat(chunks) }),
      );
      stream.on('error', reject);
      stream.end();
    });
}

/** Reads server-sent events through `stream` (the decoded body), driving the route one event at a time. */
async function events(body: NodeJS.ReadableStream, coding: string): Promise<string[]> {
  const inflate =
    coding === 'br' ? zlib.createBrotliDecompress() : coding === 'deflate' ? zlib.createInflate() : zlib.createGunzip();
  body.pipe(inflate);
  const seen: string[] = [];
  inflate.on('data', (c: Buffer) => {
    seen.push(c.toString());
    nextEvent?.();
  });
  await new Promise((resolve, reject) => inflate.on('end', resolve).on('error', reject));
  return seen;
}

describe('a brisk app over HTTP/1.1', () => {
  let server: TestServer;
  before(async () => {
    server = await serve(routes(brisk));
  });
  after(() => server.close());
  checks((path, headers, method = 'GET') =>
    server.request(method, path, { headers }).then((r) => ({ status: r.status, headers: r.headers, bytes: r.bytes })),
  );
  test('server-sent events: each event flushed to the client', async () => {
    const req = server.start('GET', '/events', { headers: { 'accept-encoding': 'br' } });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    assert.equal(res.headers['content-encoding'], 'br');
    assert.deepEqual((await events(res, 'br')).join(''), 'data: 1\n\ndata: 2\n\ndata: 3\n\n');
  });
});

describe('a brisk app through app.inject()', () => {
  const app = routes(brisk);
  checks(async (path, headers, method) => {
    const r = await app.inject({ url: path, headers, method });
    return { status: r.statusCode, headers: r.headers, bytes: r.rawPayload };
  });
  test('an injected request aborted mid-body releases its compressor', async () => {
    made.length = 0;
    const controller = new AbortController();
    const pending = app.inject({ url: '/events', headers: { 'accept-encoding': 'gzip' }, signal: controller.signal });
    await until(() => made.length === 1, 'a compressor made');
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    await until(() => released(made[0] as Transform), 'the compressor released');
  });
});

const { key, cert } = selfSigned(['localhost', '127.0.0.1']);
for (const secure of [false, true]) {
  describe(`a brisk app over HTTP/2${secure ? ' with TLS (allowHTTP1)' : ' (h2c)'}`, () => {
    let server: http2.Http2Server;
    let client: http2.ClientHttp2Session;
    before(async () => {
      const app = routes(brisk);
      server = secure ? http2.createSecureServer({ key, cert, allowHTTP1: true }, app) : http2.createServer({}, app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      client = http2.connect(`${secure ? 'https' : 'http'}://localhost:${port}`, secure ? { ca: cert } : {});
    });
    after(async () => {
      client.close();
      await new Promise((resolve) => server.close(resolve));
    });
    checks(
      h2(() => client),
      { h2: true },
    );
    test('server-sent events: res.flush() works on an HTTP/2 stream', async () => {
      const stream = client.request({ ':path': '/events', 'accept-encoding': 'gzip' });
      const head = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.on('response', resolve));
      assert.equal(head['content-encoding'], 'gzip');
      assert.deepEqual((await events(stream, 'gzip')).join(''), 'data: 1\n\ndata: 2\n\ndata: 3\n\n');
    });
    test('a stream reset by the client mid-body releases its compressor', async () => {
      made.length = 0;
      const stream = client.request({ ':path': '/events', 'accept-encoding': 'deflate' });
      await new Promise((resolve) => stream.on('response', resolve));
      await until(() => made.length === 1, 'a compressor made');
      stream.close(http2.constants.NGHTTP2_CANCEL);
      await until(() => released(made[0] as Transform), 'the compressor released');
    });
    if (secure) {
      describe('HTTP/1.1 on the same allowHTTP1 server', () => {
        let ask: Ask;
        before(() => {
          const { port } = server.address() as AddressInfo;
          ask = h1(`https://localhost:${port}`, { ca: cert });
        });
        checks((path, headers, method) => ask(path, headers, method));
      });
    }
  });
}

describe('express 5.3 over HTTP/1.1', () => {
  let server: TestServer;
  before(async () => {
    server = await serve(routes(express));
  });
  after(() => server.close());
  checks(
    (path, headers, method = 'GET') =>
      server.request(method, path, { headers }).then((r) => ({ status: r.status, headers: r.headers, bytes: r.bytes })),
    { express: true },
  );
  test('server-sent events: each event flushed to the client', async () => {
    const req = server.start('GET', '/events', { headers: { 'accept-encoding': 'deflate' } });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    assert.equal(res.headers['content-encoding'], 'deflate');
    assert.deepEqual((await events(res, 'deflate')).join(''), 'data: 1\n\ndata: 2\n\ndata: 3\n\n');
  });
});
