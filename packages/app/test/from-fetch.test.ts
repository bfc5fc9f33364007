// brisk.fromFetch(handler): a fetch handler, `(request: Request) => Response`, mounted as
// middleware, over real HTTP/1.1 and HTTP/2 on 127.0.0.1 (decision 045): the Request it gets
// (URL with the mount path stripped, headers, streamed body, req.signal), the Response piped back
// (status, headers, every Set-Cookie, a streamed body with backpressure), a real Hono app, and
// clients that leave at every stage.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { ReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { stream as honoStream } from 'hono/streaming';
import brisk, { fromFetch } from '../src/index.js';
import type { NextFunction, Request as BriskRequest, Response as BriskResponse } from '../src/types.js';
import { serve, type TestServer } from '../../../test/support/http.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const encode = (text: string) => new TextEncoder().encode(text);

/** A promise and its settlers. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves with the signal's reason once it aborts. */
function aborted(signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) return Promise.resolve(signal.reason);
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }));
}

/** The handler the current test mounts (the app below calls it). */
let handler: (request: Request) => Response | Promise<Response> = () => new Response('unset');
/** Errors the app's error handler saw. */
const errors: unknown[] = [];

function makeApp() {
  const app = brisk();
  app.set('env', 'test');
  app.use((_req, res, next) => {
    res.setHeader('x-before', 'kept');
    res.setHeader('x-replaced', 'before');
    res.cookie('session', 'abc');
    next();
  });
  app.use(
    '/api',
    fromFetch((request) => handler(request)),
  );
  app.use(
    '/parsed',
    brisk.json(),
    fromFetch((request) => handler(request)),
  );
  app.all('/{*rest}', (req, res) => res.status(404).send(`after fromFetch: ${req.method} ${req.url}`));
  app.use((err: unknown, _req: BriskRequest, _res: BriskResponse, next: NextFunction) => {
    errors.push(err);
    next(err);
  });
  return app;
}

describe('brisk.fromFetch() over HTTP/1.1', () => {
  const app = makeApp();
  let server: TestServer;
  before(async () => {
    server = await serve(app);
  });
  after(() => server.close());

  it('the Request: method, URL with the mount path stripped, headers; the Response: status, text, headers, cookies', async () => {
    let seen!: Request;
    handler = (request) => {
      seen = request;
      const headers = new Headers({ 'content-type': 'text/plain', 'x-replaced': 'by the handler' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/; HttpOnly');
      headers.append('connection', 'close, x-hop');
      return new Response('from the handler', { status: 202, statusText: 'Taken In', headers });
    };
    const reply = await server.request('GET', '/api/users/7?x=1&x=2', {
      headers: { 'x-custom': 'yes', cookie: 'c=3; d=4' },
    });
    assert.equal(seen.method, 'GET');
    assert.equal(seen.url, `http://127.0.0.1:${server.port}/users/7?x=1&x=2`);
    assert.equal(seen.headers.get('x-custom'), 'yes');
    assert.equal(seen.headers.get('cookie'), 'c=3; d=4');
    assert.equal(seen.body, null);
    assert.equal(reply.status, 202);
    assert.equal(reply.statusMessage, 'Taken In');
    assert.equal(reply.body, 'from the handler');
    assert.equal(reply.headers['content-type'], 'text/plain');
    assert.equal(reply.headers['x-before'], 'kept');
    assert.equal(reply.headers['x-replaced'], 'by the handler');
    assert.deepEqual(reply.headers['set-cookie'], ['session=abc; Path=/', 'a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    assert.notEqual(reply.headers.connection, 'close, x-hop', 'hop-by-hop fields are not passed on');
  });

  it('under trust proxy, the URL has X-Forwarded-Proto and -Host, as req.protocol and req.host', async () => {
    const proxied = brisk();
    proxied.set('trust proxy', 'loopback');
    let url = '';
    proxied.use(
      '/m',
      fromFetch((request) => {
        url = request.url;
        return new Response(null, { status: 204 });
      }),
    );
    const s = await serve(proxied);
    try {
      await s.request('GET', '/m/p?q', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' },
      });
      assert.equal(url, 'https://shop.example/p?q');
    } finally {
      await s.close();
    }
  });

  it('a POST body is streamed to the handler (Content-Length and chunked alike)', async () => {
    handler = async (request) => new Response(`${request.method} ${await request.text()}`);
    const declared = await server.request('POST', '/api/x', { body: 'a body of known length' });
    assert.equal(declared.body, 'POST a body of known length');
    const chunked = await server.request('PUT', '/api/x', { body: 'sent in two parts', chunked: true });
    assert.equal(chunked.body, 'PUT sent in two parts');
  });

  it('the body reaches the handler as it arrives (the first part before the client sends the rest)', async () => {
    const firstPart = deferred<string>();
    handler = async (request) => {
      const reader = (request.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      firstPart.resolve(Buffer.from(first.value as Uint8Array).toString());
      let rest = '';
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        rest += Buffer.from(chunk.value).toString();
      }
      return new Response(`rest: ${rest}`);
    };
    const req = server.start('POST', '/api/x', {
      headers: { 'transfer-encoding': 'chunked' },
      body: 'first',
      open: true,
    });
    const response = new Promise<string>((resolve) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve(text));
      });
    });
    assert.equal(await firstPart.promise, 'first');
    req.end('second');
    assert.equal(await response, 'rest: second');
  });

  it('the Response body streams to the client as the handler produces it', async () => {
    const produced: string[] = [];
    let next!: () => void;
    handler = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encode('one;'));
            produced.push('one');
            await new Promise<void>((resolve) => (next = resolve));
            controller.enqueue(encode('two'));
            produced.push('two');
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const req = server.start('GET', '/api/events');
    const firstChunk = deferred<string>();
    const all = new Promise<string>((resolve) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          if (text === '') firstChunk.resolve(c.toString());
          text += c;
        });
        res.on('end', () => resolve(text));
      });
    });
    assert.equal(await firstChunk.promise, 'one;');
    assert.deepEqual(produced, ['one'], 'the client read the first chunk before the second was made');
    next();
    assert.equal(await all, 'one;two');
  });

  it('backpressure: a client that does not read holds the handler’s stream back; leaving cancels it', async () => {
    let pulls = 0;
    const cancelled = deferred<unknown>();
    let signal!: AbortSignal;
    handler = (request) => {
      signal = request.signal;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulls++;
            controller.enqueue(new Uint8Array(64 * 1024));
          },
          cancel(reason) {
            cancelled.resolve(reason);
          },
        }),
      );
    };
    const req = server.start('GET', '/api/endless');
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    res.pause();
    await delay(300);
    const held = pulls;
    await delay(100);
    assert.ok(pulls - held <= 1, `still pulling after the client stopped reading: ${held} then ${pulls}`);
    assert.ok(pulls * 64 * 1024 < 64 * 1024 * 1024, `read ${pulls} chunks ahead of the client`);
    req.destroy();
    const reason = await cancelled.promise;
    assert.equal((reason as DOMException).name, 'AbortError');
    assert.equal(signal.aborted, true);
  });

  it('HEAD: the head only; the handler’s body is cancelled', async () => {
    const cancelled = deferred<boolean>();
    handler = () =>
      new Response(
        new ReadableStream({
          cancel() {
            cancelled.resolve(true);
          },
        }),
        { headers: { 'content-length': '5' } },
      );
    const reply = await server.request('HEAD', '/api/x');
    assert.equal(reply.status, 200);
    assert.equal(reply.body, '');
    assert.equal(reply.headers['content-length'], '5');
    assert.equal(await cancelled.promise, true);
  });

  it('a handler that throws, rejects (with anything), or gives no Response goes to next(err): 500', async () => {
    const throwers: Array<[string, () => Response | Promise<Response>]> = [
      [
        'throws',
        () => {
          throw new Error('sync');
        },
      ],
      ['rejects', () => Promise.reject(new Error('async'))],
      ['rejects undefined', () => Promise.reject(undefined)],
      [
        'throws null',
        () => {
          throw null;
        },
      ],
      [
        'throws route',
        () => {
          throw 'route';
        },
      ],
      ['rejects router', () => Promise.reject('router')],
      ['gives a string', () => 'text' as unknown as Response],
      ['gives Response.error()', () => Response.error()],
    ];
    for (const [name, fn] of throwers) {
      errors.length = 0;
      handler = fn;
      const reply = await server.request('GET', '/api/x');
      assert.equal(reply.status, 500, name);
      assert.equal(errors.length, 1, `${name}: the error handler saw it`);
      assert.ok(errors[0], `${name}: a real error`);
    }
  });

  it('a method the fetch API cannot carry (TRACE) is passed on to next()', async () => {
    handler = () => new Response('never');
    const reply = await server.request('TRACE', '/api/x');
    assert.equal(reply.body, 'after fromFetch: TRACE /api/x');
  });

  it('a body already read by a body parser is an error that says so, not a hang', async () => {
    errors.length = 0;
    handler = async (request) => new Response(await request.text());
    const reply = await server.request('POST', '/parsed', {
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    assert.equal(reply.status, 500);
    assert.match(String((errors[0] as Error).message), /already read by an earlier middleware/);
  });

  it('a handler that ignores the body leaves the kept-alive connection usable (the body is read off)', async () => {
    handler = () => new Response('ignored your body');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const one = await server.request('POST', '/api/x', { agent, body: 'x'.repeat(200_000) });
      const two = await server.request('GET', '/api/y', { agent });
      assert.equal(one.body, 'ignored your body');
      assert.equal(two.body, 'ignored your body');
    } finally {
      agent.destroy();
    }
  });

  it('a handler that reads part of the body, then answers: the rest is read off, the connection goes on', async () => {
    handler = async (request) => {
      if (request.body !== null) await request.body.getReader().read();
      return new Response('read a little');
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const one = await server.request('POST', '/api/x', { agent, body: ['a'.repeat(70_000), 'b'.repeat(70_000)] });
      const two = await server.request('GET', '/api/y', { agent });
      assert.equal(one.body, 'read a little');
      assert.equal(two.body, 'read a little');
    } finally {
      agent.destroy();
    }
  });

  it('misuse: fromFetch() without a function throws a TypeError at setup', () => {
    for (const bad of [undefined, null, 'handler', {}, { fetch() {} }]) {
      assert.throws(() => fromFetch(bad as never), {
        name: 'TypeError',
        message: /brisk\.fromFetch: handler must be a function/,
      });
    }
    assert.equal(fromFetch.name, 'fromFetch');
    assert.equal(brisk.fromFetch, fromFetch);
  });
});

describe('brisk.fromFetch() with a real Hono app', () => {
  const hono = new Hono();
  hono.get('/hello/:name', (c) => {
    setCookie(c, 'first', '1');
    setCookie(c, 'second', '2', { httpOnly: true });
    return c.json({ hello: c.req.param('name'), url: c.req.url, q: c.req.query('q') });
  });
  hono.post('/echo', async (c) => c.json({ got: await c.req.json(), type: c.req.header('content-type') }, 201));
  hono.get('/stream', (c) =>
    honoStream(c, async (s) => {
      await s.write('a');
      await s.sleep(5);
      await s.write('b');
    }),
  );
  hono.get('/boom', () => {
    throw new Error('hono boom');
  });
  const app = brisk();
  app.set('env', 'test');
  app.use('/hono', fromFetch(hono.fetch));
  let server: TestServer;
  before(async () => {
    server = await serve(app);
  });
  after(() => server.close());

  it('routes, params, query, JSON, several cookies', async () => {
    const reply = await server.get('/hono/hello/ada?q=1');
    assert.equal(reply.status, 200);
    assert.deepEqual(JSON.parse(reply.body), {
      hello: 'ada',
      url: `http://127.0.0.1:${server.port}/hello/ada?q=1`,
      q: '1',
    });
    assert.deepEqual(reply.headers['set-cookie'], ['first=1; Path=/', 'second=2; Path=/; HttpOnly']);
  });

  it('a JSON body, a status, a stream, Hono’s own 404 and 500', async () => {
    const posted = await server.request('POST', '/hono/echo', {
      headers: { 'content-type': 'application/json' },
      body: '{"n":[1,2]}',
    });
    assert.equal(posted.status, 201);
    assert.deepEqual(JSON.parse(posted.body), { got: { n: [1, 2] }, type: 'application/json' });
    assert.equal((await server.get('/hono/stream')).body, 'ab');
    const missing = await server.get('/hono/nope');
    assert.equal(missing.status, 404);
    assert.equal(missing.body, '404 Not Found');
    const failed = await server.get('/hono/boom');
    assert.equal(failed.status, 500);
  });
});

describe('brisk.fromFetch(): clients that leave at every stage (HTTP/1.1)', () => {
  const app = makeApp();
  let server: TestServer;
  before(async () => {
    server = await serve(app);
  });
  after(() => server.close());

  it('before the body: the handler’s signal aborts', async () => {
    const reason = deferred<unknown>();
    handler = (request) => {
      void aborted(request.signal).then(reason.resolve);
      return new Promise(() => undefined); // never answers
    };
    const req = server.start('POST', '/api/x', { headers: { 'content-length': '100' }, open: true });
    await delay(50);
    req.destroy();
    assert.equal(((await reason.promise) as DOMException).name, 'AbortError');
  });

  it('during the body: reading the body fails and the signal aborts', async () => {
    const outcome = deferred<{ read: string; signal: boolean }>();
    handler = async (request) => {
      try {
        await request.text();
        outcome.resolve({ read: 'complete', signal: request.signal.aborted });
      } catch (err) {
        outcome.resolve({ read: `failed ${(err as Error).message}`, signal: request.signal.aborted });
      }
      return new Response('late');
    };
    const req = server.start('POST', '/api/x', { headers: { 'content-length': '100' }, body: 'part', open: true });
    await delay(50);
    req.destroy();
    const got = await outcome.promise;
    assert.match(got.read, /^failed/);
    await delay(10);
  });

  it('after the body, before the answer: the signal aborts; the late Response is cancelled, nothing crashes', async () => {
    const cancelled = deferred<boolean>();
    const gone = deferred<void>();
    handler = async (request) => {
      await request.text();
      await aborted(request.signal);
      gone.resolve();
      return new Response(new ReadableStream({ cancel: () => cancelled.resolve(true) }));
    };
    const req = server.start('POST', '/api/x', { body: 'whole' });
    await delay(50);
    req.destroy();
    await gone.promise;
    assert.equal(await cancelled.promise, true);
  });

  it('a Response body that fails midway: the connection is destroyed, the error handler sees it, the server lives', async () => {
    errors.length = 0;
    handler = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            controller.enqueue(encode('partial'));
            await delay(5);
            controller.error(new Error('upstream broke'));
          },
        }),
      );
    await assert.rejects(
      server.request('GET', '/api/x'),
      (err: Error & { code?: string }) =>
        ['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'].includes(String(err.code)) || /aborted/.test(err.message),
    );
    assert.equal((errors[0] as Error).message, 'upstream broke');
    handler = () => new Response('still serving');
    assert.equal((await server.get('/api/x')).body, 'still serving');
  });

  it('a Response body chunk that is not bytes: the same (a TypeError to next, the connection destroyed)', async () => {
    errors.length = 0;
    handler = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue('a string chunk');
            controller.close();
          },
        }) as never,
      );
    await assert.rejects(server.request('GET', '/api/x'));
    assert.ok(errors[0] instanceof TypeError);
  });

  it('no listener or handle accumulates over 300 requests of every kind', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const handles = () =>
      (process as unknown as { getActiveResourcesInfo(): string[] })
        .getActiveResourcesInfo()
        .filter((kind) => kind === 'Timeout' || kind === 'TCPWrap' || kind === 'TCPServerWrap').length;
    handler = async (request) => new Response(request.method === 'POST' ? await request.text() : 'plain');
    await server.request('GET', '/api/warm', { agent });
    const before = handles();
    const listeners = server.server.listenerCount('request');
    for (let i = 0; i < 300; i++) {
      if (i % 2 === 0) assert.equal((await server.request('GET', '/api/x', { agent })).body, 'plain');
      else assert.equal((await server.request('POST', '/api/x', { agent, body: 'posted' })).body, 'posted');
    }
    assert.ok(handles() <= before + 1, `handles before ${before}, after ${handles()}`);
    assert.equal(server.server.listenerCount('request'), listeners);
    agent.destroy();
  });
});

/** One HTTP/2 request on `client`; `body` written then ended. */
function h2(
  client: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = client.request(headers, { endStream: body === undefined });
    let head: http2.IncomingHttpHeaders = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      head = h;
    });
    stream.on('data', (c: string) => (text += c));
    stream.on('end', () => resolve({ status: Number(head[':status']), headers: head, body: text }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

describe('brisk.fromFetch() over HTTP/2', () => {
  const app = makeApp();
  const server = http2.createServer(app as never);
  let client: http2.ClientHttp2Session;
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    process.on('warning', onWarning);
  });
  after(async () => {
    process.off('warning', onWarning);
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('status, headers, every Set-Cookie, the body; no status text (HTTP/2 has none, and no warning)', async () => {
    let url = '';
    handler = (request) => {
      url = request.url;
      const headers = new Headers({ 'x-h': '1', 'transfer-encoding': 'chunked', connection: 'keep-alive' });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      return new Response('over h2', { status: 201, statusText: 'Made', headers });
    };
    const reply = await h2(client, { ':path': '/api/p?q=1' });
    assert.equal(reply.status, 201);
    assert.equal(reply.body, 'over h2');
    assert.equal(reply.headers['x-h'], '1');
    assert.deepEqual(reply.headers['set-cookie'], ['session=abc; Path=/', 'a=1', 'b=2']);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/p\?q=1$/);
    assert.deepEqual(warnings, []);
  });

  it('a request body is streamed to the handler', async () => {
    handler = async (request) => new Response(`got ${await request.text()}`);
    const reply = await h2(client, { ':method': 'POST', ':path': '/api/x' }, 'an h2 body');
    assert.equal(reply.body, 'got an h2 body');
    const empty = await h2(client, { ':method': 'POST', ':path': '/api/x' });
    assert.equal(empty.body, 'got ');
  });

  it('a stream reset mid-response aborts the handler’s signal and cancels its body; the session goes on', async () => {
    const cancelled = deferred<unknown>();
    let signal!: AbortSignal;
    handler = (request) => {
      signal = request.signal;
      return new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            await delay(2);
            controller.enqueue(encode('tick '));
          },
          cancel: (reason) => cancelled.resolve(reason),
        }),
      );
    };
    const stream = client.request({ ':path': '/api/ticks' });
    stream.on('error', () => undefined);
    await new Promise((resolve) => stream.once('data', resolve));
    stream.close(http2.constants.NGHTTP2_CANCEL);
    await cancelled.promise;
    assert.equal(signal.aborted, true);
    handler = () => new Response('after the reset');
    assert.equal((await h2(client, { ':path': '/api/x' })).body, 'after the reset');
  });

  it('a Response body that fails midway resets that stream only; the session goes on', async () => {
    handler = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            controller.enqueue(encode('partial'));
            await delay(5);
            controller.error(new Error('broke over h2'));
          },
        }),
      );
    await assert.rejects(h2(client, { ':path': '/api/x' }));
    handler = () => new Response('the session lives');
    assert.equal((await h2(client, { ':path': '/api/x' })).body, 'the session lives');
  });
});
