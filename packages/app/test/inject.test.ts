// app.inject(): the same request in-process and over real HTTP must get the same answer: status,
// status text, every header but Date, and the body.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse } from '@brisk/cookie';
import brisk from '../src/index.js';
import { serve, type Reply, type TestServer } from '../../../test/support/http.js';

const fixtures = fileURLToPath(new URL('./fixtures/response/files', import.meta.url));

function makeApp() {
  const app = brisk();
  app.set('env', 'test');
  app.use(brisk.json());
  app.use(brisk.urlencoded());
  app.get('/text', (req, res) => {
    res
      .cookie('a', '1', { httpOnly: true })
      .cookie('b', '2')
      .send(`hi ${String(req.query.x ?? '')} ${req.ip}`);
  });
  app.post('/echo', (req, res) => res.status(201).json({ body: req.body, type: req.get('content-type') }));
  app.get('/stream', (_req, res) => {
    res.type('text');
    res.write('one,');
    setImmediate(() => res.end('two'));
  });
  app.get('/redirect', (_req, res) => res.redirect('/text?x=2'));
  app.get('/file', (_req, res) => res.sendFile('hello.txt', { root: fixtures }));
  app.get('/download', (_req, res) => res.download(`${fixtures}/hello.txt`, 'report.txt'));
  app.get('/format', (_req, res) =>
    res.format({ text: () => res.send('text'), html: () => res.send('<b>html</b>'), json: () => res.json({ ok: 1 }) }),
  );
  app.get('/boom', () => {
    throw Object.assign(new Error('nope'), { status: 418 });
  });
  app.get('/empty', (_req, res) => res.sendStatus(204));
  app.post('/length', (req, res) => {
    let n = 0;
    req.on('data', (chunk: Buffer) => (n += chunk.length));
    req.on('end', () => res.send(`${n} ${req.get('transfer-encoding') ?? 'fixed'}`));
  });
  return app;
}

type Case = { method?: string; url: string; headers?: Record<string, string>; body?: string };

const cases: Case[] = [
  { url: '/text?x=1' },
  { method: 'HEAD', url: '/text' },
  { method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, body: '{"n":1}' },
  { method: 'POST', url: '/echo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' },
  { method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, body: '{bad' },
  { url: '/stream' },
  { url: '/redirect' },
  { url: '/redirect', headers: { accept: 'text/html' } },
  { url: '/file' },
  { url: '/file', headers: { range: 'bytes=1-3' } },
  { url: '/file', headers: { range: 'bytes=100-200' } },
  { url: '/download' },
  { url: '/format', headers: { accept: 'application/json' } },
  { url: '/format', headers: { accept: 'image/png' } },
  { url: '/boom' },
  { url: '/empty' },
  { url: '/missing/%E2%82%AC' },
  { method: 'OPTIONS', url: '/text' },
];

/** Everything of a reply but `Date` (the clock moves between the two requests). */
function comparable(r: { status: number; statusMessage: string; rawHeaders: string[]; body: string }) {
  const headers: string[] = [];
  for (let i = 0; i < r.rawHeaders.length; i += 2)
    if (r.rawHeaders[i].toLowerCase() !== 'date') headers.push(`${r.rawHeaders[i]}: ${r.rawHeaders[i + 1]}`);
  return { status: r.status, statusMessage: r.statusMessage, headers, body: r.body };
}

describe('app.inject() answers as the same request over HTTP', () => {
  const app = makeApp();
  let server: TestServer;
  before(async () => {
    server = await serve(app);
  });
  after(() => server.close());

  for (const c of cases) {
    const method = c.method ?? 'GET';
    it(`${method} ${c.url} ${JSON.stringify(c.headers ?? {})}`, async () => {
      const headers = { host: `127.0.0.1:${server.port}`, connection: 'close', ...c.headers };
      const http: Reply = await server.request(method, c.url, { headers, body: c.body });
      const injected = await app.inject({ method, url: c.url, headers, payload: c.body });
      assert.deepEqual(
        comparable({ ...injected, status: injected.statusCode, body: injected.payload }),
        comparable(http),
      );
      assert.deepEqual(injected.rawPayload, http.bytes);
      assert.deepEqual(
        Object.keys(injected.headers).sort(),
        Object.keys(http.headers).sort(),
        'the headers as node reads them',
      );
    });
  }

  it("the response's events come as over HTTP: finish, then close (loggers and tracing end on them)", async () => {
    const events: string[][] = [];
    app.get('/events', (req, res) => {
      const seen: string[] = [];
      events.push(seen);
      res.on('finish', () => seen.push(`finish ${res.writableFinished}`));
      res.on('close', () => seen.push(`close ${res.writableFinished} ${res.destroyed}`));
      req.on('close', () => seen.push('req close'));
      res.send('events');
      seen.push('sent');
    });
    const headers = { host: `127.0.0.1:${server.port}`, connection: 'close' };
    await server.request('GET', '/events', { headers });
    await app.inject({ url: '/events', headers });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(events.length, 2);
    assert.deepEqual(events[1], events[0]);
    assert.ok(events[0].includes('close true true'), events[0].join(', '));
  });

  it('a response piped from a stream past the socket buffer (write() false, then drain) ends as over HTTP', {
    timeout: 10_000,
  }, async () => {
    // node's server relays the connection's `drain` to the response (socketOnDrain); without it,
    // `pipe` waited forever for a `drain` on the stand-in socket
    app.get('/piped', (_req, res) => {
      Readable.from(
        (function* () {
          for (let i = 0; i < 20; i++) yield Buffer.alloc(64 * 1024, 97 + i);
        })(),
      ).pipe(res);
    });
    const headers = { host: `127.0.0.1:${server.port}`, connection: 'close' };
    const http = await server.request('GET', '/piped', { headers });
    const injected = await app.inject({ url: '/piped', headers });
    assert.equal(injected.rawPayload.length, 20 * 64 * 1024);
    assert.deepEqual(injected.rawPayload, http.bytes);
  });

  it('a keep-alive request gets what node sends on a keep-alive connection', async () => {
    const injected = await app.inject({ url: '/text' });
    assert.equal(injected.headers.connection, 'keep-alive');
    assert.equal(injected.headers['keep-alive'], 'timeout=5');
  });
});

describe('app.inject() options', () => {
  const app = makeApp();

  it('query, cookies and remoteAddress', async () => {
    app.get('/who', (req, res) =>
      res.json({ query: req.query, cookie: req.get('cookie'), ip: req.ip, host: req.hostname }),
    );
    const res = await app.inject({
      url: '/who?a=1',
      query: { b: '2', c: ['3', '4'] },
      cookies: { sid: 'abc', theme: 'dark' },
      remoteAddress: '10.0.0.7',
    });
    assert.deepEqual(res.json(), {
      query: { a: '1', b: '2', c: ['3', '4'] },
      cookie: 'sid=abc; theme=dark',
      ip: '10.0.0.7',
      host: 'localhost',
    });
  });

  it('an object payload is sent as JSON, with its type and length', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Ada' } });
    assert.equal(res.statusCode, 201);
    assert.deepEqual(res.json(), { body: { name: 'Ada' }, type: 'application/json' });
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('a Readable payload is streamed in, chunked', async () => {
    const res = await app.inject({ method: 'POST', url: '/length', payload: Readable.from(['ab', 'cde']) });
    assert.equal(res.body, '5 chunked');
    const fixed = await app.inject({ method: 'POST', url: '/length', body: Buffer.from('abcdef') });
    assert.equal(fixed.body, '6 fixed');
  });

  it('set-cookie is an array, the status text is kept, trailers are read', async () => {
    app.get('/trailers', (_req, res) => {
      res.setHeader('Trailer', 'X-Sum');
      res.write('body');
      res.addTrailers({ 'X-Sum': '42' });
      res.end();
    });
    const cookies = await app.inject({ url: '/text' });
    assert.deepEqual(cookies.headers['set-cookie'], ['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    assert.equal(cookies.statusMessage, 'OK');
    const trailers = await app.inject({ url: '/trailers' });
    assert.equal(trailers.body, 'body');
    assert.deepEqual(trailers.trailers, { 'x-sum': '42' });
  });

  it('a connection the app destroys rejects as a client would see it (ECONNRESET)', async () => {
    app.get('/hangup', (req) => req.socket.destroy());
    await assert.rejects(app.inject({ url: '/hangup' }), { code: 'ECONNRESET', message: 'socket hang up' });
  });

  it('json() throws for a body that is not JSON', async () => {
    const res = await app.inject({ url: '/text' });
    assert.throws(() => res.json(), SyntaxError);
  });
});

/** Events seen on a request and its response, by name. */
function watch(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): string[] {
  const seen: string[] = [];
  req.on('aborted', () => seen.push('req aborted'));
  req.on('close', () => seen.push('req close'));
  res.on('close', () => seen.push(`res close ${res.writableFinished}`));
  return seen;
}

/** Resolves once `seen` holds `event` (the test's own timeout bounds the wait). */
async function until(seen: string[], event: string): Promise<void> {
  while (!seen.includes(event)) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('app.inject() survives what a client survives: the connection cut from either side', () => {
  const app = brisk();
  app.set('env', 'test');
  const seen: Record<string, string[][]> = { end: [], read: [] };
  app.get('/destroy-error', (req) => req.socket.destroy(new Error('boom')));
  app.get('/end', (req, res) => {
    seen.end.push(watch(req, res));
    res.write('partial');
    req.socket.end();
  });
  app.post('/read', (req, res) => {
    seen.read.push(watch(req, res));
    req.on('error', () => undefined);
    req.on('data', () => undefined);
    req.on('end', () => res.send('read'));
  });
  let server: TestServer;
  before(async () => {
    server = await serve(app);
  });
  after(() => server.close());

  it('the app destroys the connection with an error: ECONNRESET, as over HTTP, and no crash', {
    timeout: 10_000,
  }, async () => {
    await assert.rejects(server.request('GET', '/destroy-error'), { code: 'ECONNRESET' });
    await assert.rejects(app.inject({ url: '/destroy-error' }), { code: 'ECONNRESET', message: 'socket hang up' });
  });

  it('the app ends the connection before the response: ECONNRESET, as over HTTP', { timeout: 10_000 }, async () => {
    await assert.rejects(server.request('GET', '/end'), { code: 'ECONNRESET' });
    await assert.rejects(app.inject({ url: '/end' }), { code: 'ECONNRESET', message: 'socket hang up' });
    const [http, injected] = seen.end;
    await until(http, 'req close');
    await until(injected, 'req close');
    assert.deepEqual(injected, http);
    assert.deepEqual(injected, ['req aborted', 'res close false', 'req close']);
  });

  it('a payload stream that fails midway rejects with its error; the app sees the client go', {
    timeout: 10_000,
  }, async () => {
    const failure = new Error('the upload failed');
    const payload = new Readable({ read() {} });
    payload.push('some of it');
    setTimeout(() => payload.destroy(failure), 10);
    await assert.rejects(app.inject({ method: 'POST', url: '/read', payload }), failure);
    await until(seen.read[0], 'req close');
    assert.deepEqual(seen.read[0], ['req aborted', 'res close false', 'req close']);
  });
});

/** Timers alive in the process now (`process.getActiveResourcesInfo`, experimental, is not in the types). */
const timers = (): number =>
  (process as unknown as { getActiveResourcesInfo(): string[] })
    .getActiveResourcesInfo()
    .filter((name) => name === 'Timeout').length;

describe('app.inject() bounded: `timeout` and `signal`', () => {
  const app = brisk();
  app.set('env', 'test');
  const seen: string[][] = [];
  app.get('/never', (req, res) => {
    seen.push(watch(req, res));
  });
  app.get('/fast', (_req, res) => res.send('fast'));
  let lateAnswered: (() => void) | undefined;
  app.get('/late', (req, res) => {
    seen.push(watch(req, res));
    setTimeout(() => {
      res.send('too late');
      lateAnswered?.();
    }, 40);
  });

  it('`timeout`: a response that does not end in time rejects with ETIMEDOUT; the app sees the client go', async () => {
    const before = seen.length;
    await assert.rejects(app.inject({ url: '/never', timeout: 20 }), {
      name: 'Error',
      code: 'ETIMEDOUT',
      message: 'app.inject: the response did not end within 20 ms (options.timeout)',
    });
    const events = seen[before];
    await until(events, 'req close');
    assert.deepEqual(events, ['req aborted', 'res close false', 'req close']);
  });

  it('`timeout`: an app that answers after it writes to a closed response, as to a client gone', async () => {
    const before = seen.length;
    const answered = new Promise<void>((resolve) => {
      lateAnswered = resolve;
    });
    await assert.rejects(app.inject({ url: '/late', timeout: 5 }), { code: 'ETIMEDOUT' });
    await answered;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen[before], ['req aborted', 'res close false', 'req close']);
  });

  it('`timeout`: an answer in time resolves, and its timer is cleared', async () => {
    const idle = timers();
    const res = await app.inject({ url: '/fast', timeout: 60_000 });
    assert.equal(res.body, 'fast');
    assert.equal(timers(), idle);
  });

  it("`signal`: aborting rejects with the signal's reason (an AbortError by default); the app sees the client go", async () => {
    const before = seen.length;
    const controller = new AbortController();
    const pending = app.inject({ url: '/never', signal: controller.signal });
    setImmediate(() => controller.abort());
    await assert.rejects(pending, { name: 'AbortError' });
    const events = seen[before];
    await until(events, 'req close');
    assert.deepEqual(events, ['req aborted', 'res close false', 'req close']);

    const reason = new Error('test over');
    const again = new AbortController();
    const second = app.inject({ url: '/never', signal: again.signal });
    setImmediate(() => again.abort(reason));
    await assert.rejects(second, reason);
  });

  it('`signal` already aborted: rejects without running the app', async () => {
    const before = seen.length;
    await assert.rejects(app.inject({ url: '/never', signal: AbortSignal.abort() }), { name: 'AbortError' });
    assert.equal(seen.length, before);
  });

  it('`signal`: once answered, its listener is removed', async () => {
    const controller = new AbortController();
    const res = await app.inject({ url: '/fast', signal: controller.signal, timeout: 60_000 });
    assert.equal(res.body, 'fast');
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    controller.abort();
  });
});

describe('app.inject() options no client could send: a rejected promise with a TypeError naming the option', () => {
  const app = brisk();
  app.set('env', 'test');
  let ran = 0;
  app.use((_req, res) => {
    ran++;
    res.send('ran');
  });
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;

  const bad: Array<[string, unknown, RegExp, string?]> = [
    ['options null', null, /^app\.inject: options must be an object/],
    ['options a string', '/path', /^app\.inject: options must be an object/],
    ['a prototype-less header value', { headers: { x: Object.create(null) } }, /options\.headers\["x"\]/],
    ['a Symbol header value', { headers: { x: Symbol('s') } }, /options\.headers\["x"\]/],
    ['a Symbol in a header array', { headers: { x: ['1', Symbol('s')] } }, /options\.headers\["x"\]/],
    ['headers a string', { headers: 'x: 1' }, /options\.headers must be an object/],
    ['CR/LF in a header name', { headers: { 'x\r\ny': '1' } }, /options\.headers/, 'ERR_INVALID_HTTP_TOKEN'],
    ['a space in a header name', { headers: { 'x y': '1' } }, /options\.headers/, 'ERR_INVALID_HTTP_TOKEN'],
    [
      'CR/LF in a header value',
      { headers: { x: 'a\r\nSet-Cookie: b' } },
      /options\.headers\["x"\]/,
      'ERR_INVALID_CHAR',
    ],
    ['LF in a header value', { headers: { x: 'a\nb' } }, /options\.headers\["x"\]/, 'ERR_INVALID_CHAR'],
    ['NUL in a header value', { headers: { x: ['ok', 'a\0b'] } }, /options\.headers\["x"\]/, 'ERR_INVALID_CHAR'],
    ['a Symbol payload', { method: 'POST', payload: Symbol('p') }, /options\.payload/],
    ['a BigInt payload', { method: 'POST', payload: 10n }, /options\.payload/],
    ['a cyclic payload', { method: 'POST', payload: cyclic }, /options\.payload/],
    ['a function payload', { method: 'POST', payload: () => 1 }, /options\.payload/],
    ['a BigInt in a body', { method: 'POST', body: { n: 10n } }, /options\.body/],
    ['an object query value', { query: { a: {} } }, /options\.query\["a"\]/],
    ['an object in a query array', { query: { a: ['1', {}] } }, /options\.query\["a"\]/],
    ['a Symbol query value', { query: { a: Symbol('q') } }, /options\.query\["a"\]/],
    ['a number query', { query: 5 }, /options\.query must be/],
    ['a query string with a space', { query: 'a=1 HTTP/1.1' }, /options\.query/, 'ERR_UNESCAPED_CHARACTERS'],
    ['a request line in the method', { method: 'GET /ADMIN HTTP/1.1' }, /options\.method/, 'ERR_INVALID_HTTP_TOKEN'],
    ['CR/LF in the method', { method: 'GET\r\n' }, /options\.method/, 'ERR_INVALID_HTTP_TOKEN'],
    ['an empty method', { method: '' }, /options\.method/, 'ERR_INVALID_HTTP_TOKEN'],
    ['a number method', { method: 1 }, /options\.method/],
    ['CR/LF in the url', { url: '/a\r\nX-Injected: 1' }, /options\.url/, 'ERR_UNESCAPED_CHARACTERS'],
    ['a space in the url', { url: '/a HTTP/1.1' }, /options\.url/, 'ERR_UNESCAPED_CHARACTERS'],
    ['NUL in the url', { url: '/a\0' }, /options\.url/, 'ERR_UNESCAPED_CHARACTERS'],
    ['a character above U+00FF in the url', { url: '/€' }, /options\.url/, 'ERR_UNESCAPED_CHARACTERS'],
    ['an empty url', { url: '' }, /options\.url/],
    ['a number url', { url: 5 }, /options\.url/],
    ['a cookie name with a semicolon', { cookies: { 'a;b': '1' } }, /options\.cookies/, 'ERR_INVALID_HTTP_TOKEN'],
    ['a Symbol cookie value', { cookies: { a: Symbol('c') } }, /options\.cookies\["a"\]/],
    ['cookies a string', { cookies: 'a=1' }, /options\.cookies must be an object/],
    ['a number remoteAddress', { remoteAddress: 5 }, /options\.remoteAddress/],
    ['a negative timeout', { timeout: -1 }, /options\.timeout/],
    ['a NaN timeout', { timeout: Number.NaN }, /options\.timeout/],
    ['a timeout setTimeout cannot take', { timeout: 2 ** 31 }, /options\.timeout/],
    ['a string timeout', { timeout: '100' }, /options\.timeout/],
    ['a signal that is not an AbortSignal', { signal: { aborted: false } }, /options\.signal/],
  ];

  for (const [name, options, message, code] of bad) {
    it(name, async () => {
      const before = ran;
      let pending: Promise<unknown> | undefined;
      assert.doesNotThrow(() => {
        pending = app.inject(options as never);
      });
      assert.ok(pending instanceof Promise);
      await assert.rejects(pending, (err: Error & { code?: string }) => {
        assert.ok(err instanceof TypeError, `a TypeError: ${String(err)}`);
        assert.match(err.message, message);
        if (code !== undefined) assert.equal(err.code, code);
        return true;
      });
      assert.equal(ran, before, 'the app did not run');
    });
  }

  it('what a client can send is still sent: numbers, booleans and arrays in headers and query, latin1 in the url', async () => {
    const seen = brisk();
    seen.get('/seen', (req, res) => res.json({ url: req.url, n: req.get('x-n'), list: req.get('x-list') }));
    const res = await seen.inject({
      url: '/seen?caf\u00e9',
      query: { n: 1, b: [true, 'x'] },
      headers: Object.assign(Object.create(null), { 'x-n': 2, 'x-list': ['a', 'b'] }),
    });
    assert.deepEqual(res.json(), { url: '/seen?caf\u00e9&n=1&b=true&b=x', n: '2', list: 'a, b' });
  });
});

describe('app.inject() cookies are encoded as a browser sends what res.cookie() set', () => {
  it('values are percent-encoded (encodeURIComponent, as res.cookie encodes); the app decodes them back', async () => {
    const app = brisk();
    app.get('/cookies', (req, res) => res.json({ header: req.get('cookie'), parsed: parse(req.get('cookie') ?? '') }));
    const res = await app.inject({ url: '/cookies', cookies: { sid: 'abc', odd: 'x y;z=1\r\nA: b', euro: '\u20ac' } });
    assert.deepEqual(res.json(), {
      header: 'sid=abc; odd=x%20y%3Bz%3D1%0D%0AA%3A%20b; euro=%E2%82%AC',
      parsed: { sid: 'abc', odd: 'x y;z=1\r\nA: b', euro: '\u20ac' },
    });
  });
});

describe('app.inject() `path` and unknown options (what docs/testing.md offers exists; a misspelling is refused)', () => {
  const app = brisk();
  app.get('/health', (req, res) => res.json({ url: req.url }));

  it('`path` is another name for `url`, with `query` added the same way', async () => {
    const res = await app.inject({ path: '/health', query: { x: 1 } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { url: '/health?x=1' });
  });

  it('`url` and `path` together, or a bad `path`: a TypeError naming it', async () => {
    await assert.rejects(app.inject({ url: '/health', path: '/health' }), {
      name: 'TypeError',
      code: 'ERR_INVALID_ARG_VALUE',
      message: 'app.inject: options.url and options.path name the same thing: give one of them',
    });
    await assert.rejects(app.inject({ path: '' }), /options\.path must be a non-empty string/);
    await assert.rejects(app.inject({ path: '/a b\r\n' }), /options\.path/);
  });

  for (const key of ['pth', 'URL', 'authority', 'simulate', 'payloadAsStream', '__proto__x', 'constructor']) {
    it(`an unknown option (${key}) rejects with a TypeError naming it and listing the options; the app does not run`, async () => {
      let ran = false;
      const spy = brisk();
      spy.use((_req, res) => {
        ran = true;
        res.end();
      });
      await assert.rejects(spy.inject({ url: '/', [key]: '/x' } as never), (err: Error & { code?: string }) => {
        assert.ok(err instanceof TypeError);
        assert.equal(err.code, 'ERR_INVALID_ARG_VALUE');
        assert.equal(
          err.message,
          `app.inject: unknown option ${JSON.stringify(key)}: the options are method, url, path, query, headers, cookies, payload, body, remoteAddress, signal, timeout`,
        );
        return true;
      });
      assert.equal(ran, false);
    });
  }
});

describe('app.inject() `res.cookies`: the Set-Cookie headers parsed', () => {
  it('one per header, in order, with the attributes sent and the value decoded', async () => {
    const app = brisk();
    app.get('/login', (_req, res) => {
      res.cookie('sid', 'a b', { httpOnly: true, secure: true, sameSite: 'strict', path: '/app', maxAge: 60_000 });
      res.cookie('theme', 'dark');
      res.clearCookie('old');
      res.send('ok');
    });
    const res = await app.inject({ url: '/login' });
    const [sid, theme, old] = res.cookies;
    assert.equal(res.cookies.length, 3);
    assert.equal(sid?.name, 'sid');
    assert.equal(sid?.value, 'a b');
    assert.equal(sid?.path, '/app');
    assert.equal(sid?.maxAge, 60);
    assert.equal(sid?.httpOnly, true);
    assert.equal(sid?.secure, true);
    assert.equal(sid?.sameSite, 'strict');
    assert.ok(sid?.expires instanceof Date);
    assert.deepEqual(theme, { name: 'theme', value: 'dark', path: '/' });
    assert.equal(old?.value, '');
    assert.equal(old?.expires?.getTime(), 0);
  });

  it('a session test in one line: the cookie set by one answer, sent with the next request', async () => {
    const app = brisk();
    app.post('/login', (_req, res) => res.cookie('sid', 's3cr\u00e9t').end());
    app.get('/me', (req, res) => res.send(req.get('cookie') ?? 'none'));
    const login = await app.inject({ method: 'POST', url: '/login' });
    const { name, value } = login.cookies[0] ?? { name: '', value: '' };
    const me = await app.inject({ url: '/me', cookies: { [name]: value ?? '' } });
    assert.equal(me.body, 'sid=s3cr%C3%A9t');
  });

  it('no Set-Cookie: an empty array; a hostile header: parsed without throwing, nothing inherited', async () => {
    const app = brisk();
    app.get('/none', (_req, res) => res.send('x'));
    app.get('/odd', (_req, res) => {
      res.setHeader('Set-Cookie', ['__proto__=polluted; Path=/', 'noequals', '=v', 'constructor=%E0%A4%A']);
      res.end();
    });
    assert.deepEqual((await app.inject({ url: '/none' })).cookies, []);
    const odd = (await app.inject({ url: '/odd' })).cookies;
    assert.equal(odd.length, 4);
    assert.equal(odd[0]?.name, '__proto__');
    assert.equal(odd[3]?.value, '%E0%A4%A');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
