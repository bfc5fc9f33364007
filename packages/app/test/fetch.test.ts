// app.fetch(request) and router.fetch(request): the app answers a web-standard Request with a
// Response, in-process. The same Request sent with `fetch` to the same app under
// `http.createServer(app)` on 127.0.0.1 must get the same answer (status, status text, headers but
// those about the connection, body); then streaming both ways, the signal, and hostile input
// (decision 045).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import http from 'node:http';
import { ReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import brisk from '../src/index.js';
import type { NextFunction, Request as BriskRequest, Response as BriskResponse } from '../src/types.js';
import { serve, type TestServer } from '../../../test/support/http.js';

const fixtures = fileURLToPath(new URL('./fixtures/response/files', import.meta.url));
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function makeApp() {
  const app = brisk();
  // production: error pages carry the status text, not a stack (which differs by where the error
  // was made: a declared length is refused before reading, a streamed one while reading)
  app.set('env', 'production');
  app.set('trust proxy', 'loopback');
  app.use(brisk.json());
  app.use(brisk.urlencoded());
  app.use(brisk.text());
  app.use(brisk.raw({ type: 'application/octet-stream', limit: '1kb' }));
  app.get('/text', (req, res) => {
    res
      .cookie('a', '1', { httpOnly: true })
      .cookie('b', '2')
      .send(`hi ${String(req.query.x ?? '')}`);
  });
  app.get('/buffer', (_req, res) => res.send(Buffer.from([0, 1, 2, 250, 255])));
  app.get('/json', (_req, res) => res.json({ n: 1, list: ['a', 'b'] }));
  app.get('/status', (_req, res) => res.status(201).send('made'));
  app.get('/status-text', (_req, res) => {
    res.statusMessage = 'Quite Fine';
    res.end('ok');
  });
  app.get('/redirect', (_req, res) => res.redirect('/text?x=2'));
  app.get('/file', (_req, res) => res.sendFile('hello.txt', { root: fixtures }));
  app.get('/download', (_req, res) => res.download(`${fixtures}/hello.txt`, 'report.txt'));
  app.get('/stream', async (_req, res) => {
    res.type('text');
    res.write('one,');
    await delay(5);
    res.end('two');
  });
  app.get('/next-error', (_req, _res, next) => next(Object.assign(new Error('nope'), { status: 418 })));
  app.get('/throw', () => {
    throw new Error('thrown');
  });
  app.get('/empty', (_req, res) => res.sendStatus(204));
  app.get('/etag', (_req, res) => res.send('a body with an etag'));
  app.post('/echo', (req, res) => {
    const body = Buffer.isBuffer(req.body) ? { raw: req.body.toString('base64') } : req.body;
    res.status(201).json({ body, type: req.get('content-type') ?? null });
  });
  app.get('/params/:id{/:rest}', (req, res) => res.json({ params: req.params, query: req.query }));
  app.get('/who', (req, res) =>
    res.json({ ip: req.ip, ips: req.ips, protocol: req.protocol, secure: req.secure, hostname: req.hostname }),
  );
  app.get('/bad-header', (_req, res) => {
    res.setHeader('x-bad', 'a\r\nInjected: yes');
    res.end('never');
  });
  return app;
}

type Case = { method?: string; path: string; headers?: Record<string, string>; body?: string | Uint8Array };

// What every request sends, so that fetch over HTTP adds none of its defaults
const BASE_HEADERS = { accept: '*/*', 'accept-language': '*', 'accept-encoding': 'identity', 'user-agent': 'test' };

const cases: Case[] = [
  { path: '/text?x=1' },
  { method: 'HEAD', path: '/text' },
  { path: '/buffer' },
  { path: '/json' },
  { path: '/status' },
  { path: '/status-text' },
  { path: '/redirect' },
  { path: '/redirect', headers: { accept: 'text/html' } },
  { path: '/file' },
  { path: '/file', headers: { range: 'bytes=1-3' } },
  { path: '/file', headers: { range: 'bytes=100-200' } },
  { method: 'HEAD', path: '/file' },
  { path: '/download' },
  { path: '/stream' },
  { path: '/next-error' },
  { path: '/throw' },
  { path: '/empty' },
  { path: '/missing/%E2%82%AC?q=1' },
  { method: 'DELETE', path: '/missing' },
  { method: 'OPTIONS', path: '/text' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"n":1,"a":[1,2]}' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{bad' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'text/plain' }, body: 'héllo' },
  {
    method: 'POST',
    path: '/echo',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([1, 2, 3, 0]),
  },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/octet-stream' }, body: 'x'.repeat(2000) },
  { method: 'POST', path: '/echo' },
  { path: '/params/7/more?q=a&q=b&n[x]=1' },
  { path: '/params/%C3%A9' },
  { path: '/who' },
  { path: '/who', headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'x-forwarded-proto': 'https' } },
  { path: '/who', headers: { 'x-forwarded-host': 'example.com:8080' } },
  { path: '/bad-header' },
];

/** Fields about the connection, or the clock, which the two answers need not share. */
const UNCOMPARED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

async function comparable(response: Response) {
  const headers: string[] = [];
  for (const [name, value] of response.headers) if (!UNCOMPARED.has(name)) headers.push(`${name}: ${value}`);
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    setCookie: response.headers.getSetCookie(),
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    nullBody: response.body === null,
  };
}

describe('app.fetch() answers as the same request over HTTP', () => {
  const app = makeApp();
  let server: TestServer;
  const logError = console.error;
  before(async () => {
    server = await serve(http.createServer(app));
    console.error = () => undefined; // production logs each error; these are expected
  });
  after(async () => {
    console.error = logError;
    await server.close();
  });

  for (const c of cases) {
    const method = c.method ?? 'GET';
    it(`${method} ${c.path} ${JSON.stringify(c.headers ?? {})}`, async () => {
      const make = () =>
        new Request(`${server.url}${c.path}`, {
          method,
          headers: { ...BASE_HEADERS, ...c.headers },
          body: c.body,
          redirect: 'manual',
        });
      const overHttp = await comparable(await fetch(make()));
      const inProcess = await comparable(await app.fetch(make()));
      // a body-less response is null in process; over HTTP, undici gives HEAD, 204 and 304 none either
      assert.deepEqual(inProcess, overHttp);
    });
  }

  it('ETag and If-None-Match: the same 304 (or 200) as node’s client gets', async () => {
    // (fetch over HTTP adds `Cache-Control: no-cache` to a conditional request, which makes any
    // server answer 200: node's client sends the request as given)
    const first = await app.fetch(new Request('http://localhost/etag'));
    const etag = first.headers.get('etag') as string;
    assert.match(etag, /^W\/"13-/);
    for (const tag of [etag, '"other"']) {
      const overHttp = await server.request('GET', '/etag', { headers: { 'if-none-match': tag } });
      const response = await app.fetch(new Request('http://localhost/etag', { headers: { 'if-none-match': tag } }));
      assert.equal(response.status, overHttp.status);
      assert.equal(response.status, tag === etag ? 304 : 200);
      assert.equal(response.body === null, tag === etag);
      assert.equal(response.headers.get('etag'), overHttp.headers.etag);
      assert.equal(response.headers.get('content-type'), overHttp.headers['content-type'] ?? null);
      assert.equal(await response.text(), overHttp.body);
    }
  });

  it('a chunked response over HTTP and in process: the same bytes, framing dropped', async () => {
    const response = await app.fetch(new Request('http://localhost/stream'));
    assert.equal(response.headers.get('transfer-encoding'), null);
    assert.equal(response.headers.get('connection'), null);
    assert.equal(response.headers.get('keep-alive'), null);
    assert.equal(await response.text(), 'one,two');
  });

  it('a body over the raw parser limit: the same 413, declared (Content-Length) or streamed', async () => {
    const big = 'x'.repeat(5000);
    const declared = await app.fetch(
      new Request('http://localhost/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(big.length) },
        body: big,
      }),
    );
    const streamed = await app.fetch(
      new Request('http://localhost/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: big,
      }),
    );
    const overHttp = await server.request('POST', '/echo', {
      headers: { 'content-type': 'application/octet-stream', connection: 'close' },
      body: big,
    });
    assert.equal(overHttp.status, 413);
    for (const response of [declared, streamed]) {
      assert.equal(response.status, 413);
      assert.equal(response.statusText, 'Payload Too Large');
      assert.equal(await response.text(), overHttp.body);
    }
  });
});

describe('app.fetch() streams both ways', () => {
  it('a handler that writes, waits and writes is read chunk by chunk, each as it is written', async () => {
    const app = brisk();
    let release!: () => void;
    const second = new Promise<void>((resolve) => (release = resolve));
    app.get('/', async (_req, res) => {
      res.write('first');
      await second;
      res.end('second');
    });
    const response = await app.fetch(new Request('http://localhost/'));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const one = await reader.read();
    assert.equal(Buffer.from(one.value as Uint8Array).toString(), 'first', 'before the handler writes again');
    release();
    let rest = '';
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      rest += Buffer.from(chunk.value).toString();
    }
    assert.equal(rest, 'second');
  });

  it('backpressure: res.write() returns false while the Response is not read, and drain comes when it is', async () => {
    const app = brisk();
    const seen: string[] = [];
    let drained!: () => void;
    const onDrain = new Promise<void>((resolve) => (drained = resolve));
    app.get('/', (_req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 97);
      let writes = 0;
      while (res.write(chunk)) {
        if (++writes > 100) break;
      }
      seen.push(`full after ${writes}`);
      res.once('drain', () => {
        seen.push('drain');
        res.end();
        drained();
      });
    });
    const response = await app.fetch(new Request('http://localhost/'));
    await delay(20);
    assert.ok(seen[0] !== undefined && Number(seen[0].split(' ')[2]) < 4, `the app was held back: ${seen[0]}`);
    assert.deepEqual(seen.slice(1), [], 'no drain while nobody reads');
    const body = Buffer.from(await response.arrayBuffer());
    await onDrain;
    assert.equal(seen[1], 'drain');
    assert.ok(body.length >= 64 * 1024);
  });

  it('the request body is read as it arrives, and only as the app reads it', async () => {
    const app = brisk();
    let pulls = 0;
    let sendMore!: () => void;
    const more = new Promise<void>((resolve) => (sendMore = resolve));
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls++;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('part one;'));
        else if (pulls === 2) {
          await more;
          controller.enqueue(new TextEncoder().encode('part two'));
        } else controller.close();
      },
    });
    const got: string[] = [];
    app.post('/', (req, res) => {
      req.on('data', (chunk: Buffer) => {
        got.push(chunk.toString());
        if (got.length === 1) sendMore();
      });
      req.on('end', () => res.send(`${got.join('|')} ${req.get('transfer-encoding')}`));
    });
    const response = await app.fetch(
      new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit),
    );
    assert.equal(await response.text(), 'part one;|part two chunked');
  });

  it('an app that does not read the body does not read it off the Request (it is cancelled once answered)', async () => {
    const app = brisk();
    let pulls = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel() {
        cancelled = true;
      },
    });
    app.post('/', (_req, res) => res.send('not reading'));
    const response = await app.fetch(
      new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit),
    );
    assert.equal(await response.text(), 'not reading');
    await delay(10);
    assert.ok(pulls <= 2, `read ${pulls} chunks`);
    assert.equal(cancelled, true);
  });

  it('multiple Set-Cookie are kept, each its own (headers.getSetCookie())', async () => {
    const app = brisk();
    app.get('/', (_req, res) => {
      res
        .cookie('a', '1')
        .cookie('b', '2, with a comma', { expires: new Date(0) })
        .append('Set-Cookie', 'c=3');
      res.end();
    });
    const response = await app.fetch(new Request('http://localhost/'));
    assert.deepEqual(response.headers.getSetCookie(), [
      'a=1; Path=/',
      'b=2%2C%20with%20a%20comma; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
      'c=3',
    ]);
  });

  it('interim heads (103 Early Hints, 100 Continue) are skipped; the final head makes the Response', async () => {
    const app = brisk();
    app.get('/', (_req, res) => {
      res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
      res.writeContinue();
      res.status(202).send('final');
    });
    const response = await app.fetch(new Request('http://localhost/'));
    assert.equal(response.status, 202);
    assert.equal(response.headers.get('link'), null);
    assert.equal(await response.text(), 'final');
  });

  it('a response without framing (HTTP/1.0-style, no length) ends when the app ends it', async () => {
    const app = brisk();
    app.get('/', (_req, res) => {
      res.removeHeader('transfer-encoding');
      (res as unknown as { useChunkedEncodingByDefault: boolean }).useChunkedEncodingByDefault = false;
      res.write('no ');
      res.end('length');
    });
    const response = await app.fetch(new Request('http://localhost/'));
    assert.equal(await response.text(), 'no length');
  });

  it('HEAD, 204, 205 and 304 have a null body; the status text is the app’s', async () => {
    const app = brisk();
    app.all('/:status', (req, res) => {
      res.statusMessage = `Status ${req.params.status}`;
      res.status(Number(req.params.status)).end('ignored by the client');
    });
    for (const [method, status] of [
      ['HEAD', 200],
      ['GET', 204],
      ['GET', 205],
      ['GET', 304],
    ] as const) {
      const response = await app.fetch(new Request(`http://localhost/${status}`, { method }));
      assert.equal(response.status, status);
      assert.equal(response.statusText, `Status ${status}`);
      assert.equal(response.body, null, `${method} ${status}`);
    }
  });
});

describe('app.fetch(): req.ip, req.protocol and the rest come from the Request and the options', () => {
  function whoApp(trust: unknown) {
    const app = brisk();
    app.set('trust proxy', trust);
    app.get('/', (req, res) =>
      res.json({
        ip: req.ip,
        ips: req.ips,
        protocol: req.protocol,
        secure: req.secure,
        hostname: req.hostname,
        host: req.host,
        remote: req.socket.remoteAddress,
      }),
    );
    return app;
  }
  const forwarded = {
    'x-forwarded-for': '198.51.100.1, 203.0.113.9',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'shop.example',
  };

  it('without trust proxy: the remoteAddress option, the URL scheme and host', async () => {
    const app = whoApp(false);
    const response = await app.fetch(new Request('https://api.example:8443/', { headers: forwarded }), {
      remoteAddress: '192.0.2.4',
    });
    assert.deepEqual(await response.json(), {
      ip: '192.0.2.4',
      ips: [],
      protocol: 'https',
      secure: true,
      hostname: 'api.example',
      host: 'api.example:8443',
      remote: '192.0.2.4',
    });
  });

  it('under trust proxy: X-Forwarded-* as over HTTP', async () => {
    const app = whoApp(true);
    const response = await app.fetch(new Request('http://api.example/', { headers: forwarded }), {
      remoteAddress: '10.0.0.1',
    });
    assert.deepEqual(await response.json(), {
      ip: '198.51.100.1',
      ips: ['198.51.100.1', '203.0.113.9'],
      protocol: 'https',
      secure: true,
      hostname: 'shop.example',
      host: 'shop.example',
      remote: '10.0.0.1',
    });
  });

  it('a trust proxy list applies to the remoteAddress given (IPv6 too); the default address is 127.0.0.1', async () => {
    const app = whoApp('loopback');
    const untrusted = await app.fetch(new Request('http://a/', { headers: forwarded }), {
      remoteAddress: '2001:db8::1',
    });
    assert.equal(((await untrusted.json()) as { ip: string }).ip, '2001:db8::1');
    const trusted = await app.fetch(new Request('http://a/', { headers: forwarded }));
    assert.equal(((await trusted.json()) as { ip: string }).ip, '203.0.113.9');
  });

  it('a Host header in the Request stands for the URL’s host, as a client sending it would', async () => {
    const app = whoApp(false);
    const response = await app.fetch(new Request('http://127.0.0.1/', { headers: { host: 'named.example' } }));
    assert.equal(((await response.json()) as { hostname: string }).hostname, 'named.example');
  });
});

describe('router.fetch()', () => {
  it('a router answers as mounted on / in an app with the default settings (404 and errors by the final handler)', async () => {
    const router = brisk.Router();
    router.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
    router.get('/fail', () => {
      throw Object.assign(new Error('router failure'), { status: 503, expose: true });
    });
    const ok = await router.fetch(new Request('http://localhost/users/42'));
    assert.deepEqual(await ok.json(), { id: '42' });
    assert.equal(ok.headers.get('x-powered-by'), 'Express');
    const missing = await router.fetch(new Request('http://localhost/nope'));
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Cannot GET \/nope/);
    const failed = await router.fetch(new Request('http://localhost/fail'));
    assert.equal(failed.status, 503);
    assert.equal(Object.keys(router).includes('fetch'), false, "a router's own keys stay router 2's");
  });

  it('a sub-router mounted in an app is also reachable through the app', async () => {
    const app = brisk();
    const router = brisk.Router();
    router.get('/x', (req, res) => res.send(`${req.baseUrl} ${req.originalUrl}`));
    app.use('/api', router);
    const response = await app.fetch(new Request('http://localhost/api/x?y=1'));
    assert.equal(await response.text(), '/api /api/x?y=1');
  });
});

describe('app.fetch(): the signal, and clients that go away', () => {
  it("aborting the Request's signal aborts req.signal with its reason; the promise rejects with it", async () => {
    const app = brisk();
    let reqSignal!: AbortSignal;
    const reached = deferred<void>();
    app.get('/', (req) => {
      reqSignal = req.signal;
      reached.resolve();
    });
    const controller = new AbortController();
    const answer = app.fetch(new Request('http://localhost/', { signal: controller.signal }));
    await reached.promise;
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await assert.rejects(answer, (err) => err === reason);
    assert.equal(reqSignal.aborted, true);
    assert.equal(reqSignal.reason, reason);
  });

  it('AbortSignal.timeout(): req.signal aborts with its TimeoutError', async () => {
    const app = brisk();
    let reqSignal!: AbortSignal;
    app.get('/', (req) => {
      reqSignal = req.signal;
    });
    const alive = setTimeout(() => undefined, 5000); // AbortSignal.timeout's timer does not hold the process
    await assert.rejects(app.fetch(new Request('http://localhost/', { signal: AbortSignal.timeout(20) })), {
      name: 'TimeoutError',
    });
    clearTimeout(alive);
    assert.equal((reqSignal.reason as Error).name, 'TimeoutError');
  });

  it('aborted after the head: the Response stream errors with the reason; the app sees its client go', async () => {
    const app = brisk();
    const closed = deferred<boolean>();
    app.get('/', (_req, res) => {
      res.write('started');
      res.on('close', () => closed.resolve(res.writableFinished));
    });
    const controller = new AbortController();
    const response = await app.fetch(new Request('http://localhost/', { signal: controller.signal }));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort(new Error('stop'));
    await assert.rejects(reader.read(), { message: 'stop' });
    assert.equal(await closed.promise, false);
  });

  it('an app waiting only on req.signal hears the abort even when nothing else holds the Request (GC)', {
    timeout: 20_000,
  }, async () => {
    // undici's Request follows the caller's signal through a WeakRef: collected mid-flight, it
    // never heard the abort, and the caller's promise never settled
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const app = brisk();
    app.post('/wait', (req, res) => {
      req.signal.addEventListener('abort', () => res.destroyed || res.end());
    });
    const start = (controller: AbortController) =>
      app.fetch(new Request('http://localhost/wait', { method: 'POST', body: '{}', signal: controller.signal }));
    for (let i = 0; i < 30; i++) {
      const controller = new AbortController();
      const answer = start(controller);
      await new Promise(setImmediate);
      gc();
      controller.abort();
      const outcome = await Promise.race([
        answer.then(
          () => 'settled',
          () => 'settled',
        ),
        delay(1000).then(() => 'pending'),
      ]);
      assert.equal(outcome, 'settled', `round ${i}`);
    }
  });

  it('an already aborted signal rejects without running the app', async () => {
    const app = brisk();
    let ran = false;
    app.use(() => {
      ran = true;
    });
    const reason = new Error('before');
    await assert.rejects(
      app.fetch(new Request('http://localhost/', { signal: AbortSignal.abort(reason) })),
      (e) => e === reason,
    );
    assert.equal(ran, false);
  });

  it('cancelling the Response body is the client leaving: req.signal aborts (client left), the response closes', async () => {
    const app = brisk();
    let reqSignal!: AbortSignal;
    const closed = deferred<void>();
    app.get('/', (req, res) => {
      reqSignal = req.signal;
      res.on('close', () => closed.resolve());
      const tick = setInterval(() => {
        if (!res.write('tick\n')) return;
      }, 2);
      res.on('close', () => clearInterval(tick));
    });
    const response = await app.fetch(new Request('http://localhost/'));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await closed.promise;
    assert.equal(reqSignal.aborted, true);
    assert.equal((reqSignal.reason as DOMException).name, 'AbortError');
  });

  it('the app destroys the connection mid-response: the Response stream errors (ECONNRESET), no crash', async () => {
    const app = brisk();
    app.get('/', (_req, res) => {
      res.write('partial');
      setImmediate(() => res.destroy(new Error('app gave up')));
    });
    const response = await app.fetch(new Request('http://localhost/'));
    await assert.rejects(response.text(), { code: 'ECONNRESET' });
  });

  it('the app destroys the connection before the head: the promise rejects as a client sees it (socket hang up)', async () => {
    const app = brisk();
    app.get('/', (req) => req.socket.destroy());
    await assert.rejects(app.fetch(new Request('http://localhost/')), {
      code: 'ECONNRESET',
      message: 'socket hang up',
    });
  });

  it('a response whose Content-Length says more than the app wrote errors the stream', async () => {
    const app = brisk();
    app.get('/', (_req, res) => {
      res.setHeader('content-length', '10');
      res.write('short');
      res.end();
    });
    const response = await app.fetch(new Request('http://localhost/'));
    await assert.rejects(response.text(), { code: 'ECONNRESET' });
  });
});

describe('app.fetch() hostile input', () => {
  it('a Request body stream that fails: the promise rejects with its error; the app sees an aborted request (400 request aborted)', async () => {
    const app = brisk();
    const seen = deferred<unknown>();
    app.use(brisk.text());
    app.post('/', (_req, res) => res.send('never'));
    app.use((err: unknown, _req: BriskRequest, _res: BriskResponse, next: NextFunction) => {
      seen.resolve(err);
      next(err);
    });
    const failure = new Error('upload failed');
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode('some'));
        } else controller.error(failure);
      },
    });
    const answer = app.fetch(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    await assert.rejects(answer, (err) => err === failure);
    const err = (await seen.promise) as { status: number; type: string; message: string };
    assert.equal(err.status, 400);
    assert.equal(err.type, 'request.aborted');
    assert.equal(err.message, 'request aborted');
  });

  it('a Request body stream that fails after the head: the Response stream errors with its error', async () => {
    const app = brisk();
    app.post('/', (req, res) => {
      res.write('echo:');
      req.on('data', (chunk: Buffer) => res.write(chunk));
      req.on('end', () => res.end());
    });
    const failure = new Error('late upload failure');
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (n++ < 2) controller.enqueue(new TextEncoder().encode('x'));
        else {
          await delay(5);
          controller.error(failure);
        }
      },
    });
    const response = await app.fetch(
      new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit),
    );
    await assert.rejects(response.text(), (err) => err === failure);
  });

  it('a request body chunk that is not bytes fails the request as a broken upload (TypeError)', async () => {
    const app = brisk();
    app.post('/', (req, res) => {
      req.resume();
      req.on('end', () => res.end());
    });
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue('a string');
        controller.close();
      },
    });
    await assert.rejects(
      app.fetch(
        new Request('http://localhost/', { method: 'POST', body: body as never, duplex: 'half' } as RequestInit),
      ),
      TypeError,
    );
  });

  it('a header value node’s parser refuses (a control character): 400, as node’s server answers it', async () => {
    const app = brisk();
    let ran = false;
    app.use((_req, res) => {
      ran = true;
      res.end();
    });
    assert.throws(() => new Headers({ a: 'x\r\ny' }), TypeError, 'Headers refuses CR/LF itself');
    const response = await app.fetch(new Request('http://localhost/', { headers: { a: 'x\u0001y' } }));
    assert.equal(response.status, 400);
    assert.equal(response.statusText, 'Bad Request');
    assert.equal(ran, false);
    const server = await serve(app);
    try {
      const raw = await server.raw('GET / HTTP/1.1\r\nHost: x\r\nA: x\u0001y\r\n\r\n', 500);
      assert.match(raw, /^HTTP\/1\.1 400 Bad Request\r\n/);
    } finally {
      await server.close();
    }
  });

  it('a method node’s server does not know (or a lower-case one): 400, as node’s server answers it', async () => {
    const app = brisk();
    app.use((_req, res) => res.end('ran'));
    for (const method of ['patch', 'BREW']) {
      const response = await app.fetch(new Request('http://localhost/', { method }));
      assert.equal(response.status, 400, method);
    }
    const query = await app.fetch(new Request('http://localhost/', { method: 'PROPFIND' }));
    assert.equal(await query.text(), 'ran');
  });

  it('a handler setting a header with CR/LF throws ERR_INVALID_CHAR, as node does: the 500 of the final handler', async () => {
    const app = brisk();
    app.set('env', 'test');
    let code: unknown;
    app.get('/', (_req, res) => {
      try {
        res.setHeader('x-bad', 'a\r\nInjected: yes');
      } catch (err) {
        code = (err as { code?: unknown }).code;
        throw err;
      }
    });
    const response = await app.fetch(new Request('http://localhost/'));
    assert.equal(code, 'ERR_INVALID_CHAR');
    assert.equal(response.status, 500);
    assert.equal(response.headers.get('injected'), null);
  });

  it('a status a Response cannot carry (600) rejects with a RangeError naming it', async () => {
    const app = brisk();
    app.get('/', (_req, res) => res.status(600).end());
    await assert.rejects(app.fetch(new Request('http://localhost/')), {
      name: 'RangeError',
      message: /answered 600, which a fetch Response cannot carry/,
    });
  });

  it('misuse throws a TypeError at the call: not a Request, a used body, a URL that is not http(s), bad options', () => {
    const app = brisk();
    for (const bad of [
      undefined,
      null,
      'http://localhost/',
      { url: 'http://localhost/', method: 'GET' },
      new URL('http://localhost/'),
    ]) {
      assert.throws(() => app.fetch(bad as never), {
        name: 'TypeError',
        code: 'ERR_INVALID_ARG_TYPE',
        message: /app\.fetch: request must be a Request/,
      });
    }
    const used = new Request('http://localhost/', { method: 'POST', body: 'x' });
    void used.text();
    assert.throws(() => app.fetch(used), /request body was already read/);
    const locked = new Request('http://localhost/', { method: 'POST', body: 'x' });
    (locked.body as ReadableStream).getReader();
    assert.throws(() => app.fetch(locked), /request body is locked/);
    assert.throws(() => app.fetch(new Request('file:///etc/passwd')), /must be an http: or https: URL/);
    assert.throws(() => app.fetch(new Request('http://a/'), { remoteAdress: '1.2.3.4' } as never), {
      code: 'ERR_INVALID_ARG_VALUE',
      message: /unknown option "remoteAdress": the options are remoteAddress/,
    });
    assert.throws(
      () => app.fetch(new Request('http://a/'), { remoteAddress: 7 } as never),
      /remoteAddress must be a non-empty string/,
    );
    assert.throws(() => app.fetch(new Request('http://a/'), 'x' as never), /options must be an object/);
    const router = brisk.Router();
    assert.throws(() => router.fetch({} as never), /router\.fetch|app\.fetch: request must be a Request/);
  });

  it('no listener, timer or handle accumulates over 2,000 fetches (plain, aborted, streamed body)', async () => {
    const app = brisk();
    app.use(brisk.text());
    app.get('/', (_req, res) => res.send('ok'));
    app.post('/', (req, res) => res.send(String(req.body).length.toString()));
    app.get('/hang', () => undefined);
    const handles = () =>
      (process as unknown as { getActiveResourcesInfo(): string[] })
        .getActiveResourcesInfo()
        .filter((kind) => kind !== 'TTYWrap').length;
    // warm up, then measure
    await (await app.fetch(new Request('http://localhost/'))).text();
    const before = handles();
    for (let i = 0; i < 2000; i++) {
      const kind = i % 3;
      if (kind === 0) {
        const request = new Request('http://localhost/');
        await (await app.fetch(request)).text();
        await new Promise(setImmediate); // the response's close comes on the tick after its finish
        assert.equal(getEventListeners(request.signal, 'abort').length, 0);
      } else if (kind === 1) {
        const controller = new AbortController();
        const request = new Request('http://localhost/hang', { signal: controller.signal });
        const answer = app.fetch(request);
        controller.abort();
        await answer.catch(() => undefined);
        assert.equal(getEventListeners(request.signal, 'abort').length, 0);
      } else {
        const request = new Request('http://localhost/', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'y'.repeat(100),
        });
        assert.equal(await (await app.fetch(request)).text(), '100');
      }
    }
    await delay(10);
    assert.ok(handles() <= before + 1, `handles before ${before}, after ${handles()}`);
  });
});

/** A promise and its settlers. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
