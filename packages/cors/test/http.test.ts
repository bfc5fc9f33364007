// @brisk/cors over real HTTP: on a plain node:http server with a tiny `next`, on Express 5.3 (side
// by side with cors 2.8.6 on the same app, byte for byte), on a brisk app over HTTP/1.1, over
// HTTP/2 (h2c, and TLS with `allowHTTP1`, where HTTP/1.1 clients still get in) and through
// `app.inject()`: per-route use, preflights, and an origin function's failure reaching the
// error handler.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import express from 'express';
import upstream from 'cors';
import brisk from 'briskjs';
import { serve, type TestServer } from '../../../test/support/http.js';
import { selfSigned } from '../../../test/support/tls.js';
import cors, { type CorsOptions } from '../src/index.js';
import { h1overTls, h2request } from '../../../test/support/h2.js';

const ORIGIN = 'https://app.example';
const ALLOWED: CorsOptions = {
  origin: [ORIGIN, /^https:\/\/([a-z0-9-]+\.)*trusted\.example$/],
  credentials: true,
  exposedHeaders: ['X-Total'],
  maxAge: 600,
};

/** The response headers as sent (names and order), without the ones that change per request. */
function sent(raw: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!['date', 'etag'].includes(raw[i]!.toLowerCase())) out.push([raw[i]!, raw[i + 1]!]);
  }
  return out;
}

describe('on a plain node:http server', () => {
  let server: TestServer;
  let errors: unknown[] = [];
  before(async () => {
    const mw = cors({
      origin: (origin, callback) => {
        if (origin === 'https://boom.example') throw new Error('origin check failed');
        callback(null, origin === ORIGIN);
      },
      credentials: true,
    });
    server = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
      mw(req, res, (err) => {
        if (err) {
          errors.push(err);
          res.statusCode = 500;
          res.end('error: ' + (err as Error).message);
          return;
        }
        res.setHeader('Content-Type', 'text/plain');
        res.end('hello');
      });
    });
  });
  after(() => server.close());

  it('an allowed origin is reflected, with Vary: Origin and credentials', async () => {
    const r = await server.get('/', { Origin: ORIGIN });
    assert.equal(r.status, 200);
    assert.equal(r.body, 'hello');
    assert.equal(r.headers['access-control-allow-origin'], ORIGIN);
    assert.equal(r.headers['access-control-allow-credentials'], 'true');
    assert.equal(r.headers.vary, 'Origin');
  });

  it('another origin gets no CORS headers at all (the callback said false)', async () => {
    const r = await server.get('/', { Origin: 'https://evil.example' });
    assert.equal(r.body, 'hello');
    assert.equal(r.headers['access-control-allow-origin'], undefined);
    assert.equal(r.headers['access-control-allow-credentials'], undefined);
    assert.equal(r.headers.vary, undefined);
  });

  it('a preflight is answered 204 with Content-Length: 0 and the reflected request headers', async () => {
    const r = await server.request('OPTIONS', '/', {
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'X-Token' },
    });
    assert.equal(r.status, 204);
    assert.equal(r.body, '');
    assert.deepEqual(sent(r.rawHeaders).slice(0, 6), [
      ['Access-Control-Allow-Origin', ORIGIN],
      ['Vary', 'Origin, Access-Control-Request-Headers'],
      ['Access-Control-Allow-Credentials', 'true'],
      ['Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE'],
      ['Access-Control-Allow-Headers', 'X-Token'],
      ['Content-Length', '0'],
    ]);
  });

  it('an origin function that throws reaches next(err); the server keeps serving', async () => {
    errors = [];
    const r = await server.get('/', { Origin: 'https://boom.example' });
    assert.equal(r.status, 500);
    assert.equal(r.body, 'error: origin check failed');
    assert.equal(errors.length, 1);
    assert.equal((await server.get('/', { Origin: ORIGIN })).status, 200);
  });

  it('headers already sent: the error goes to next(err), the process lives', async () => {
    const mw = cors();
    const failures: unknown[] = [];
    const s = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
      res.end('early');
      mw(req, res, (err) => failures.push(err));
    });
    try {
      assert.equal((await s.get('/', { Origin: ORIGIN })).body, 'early');
      assert.equal(failures.length, 1);
      assert.equal((failures[0] as { code?: string }).code, 'ERR_HTTP_HEADERS_SENT');
    } finally {
      await s.close();
    }
  });
});

describe('on Express 5.3, side by side with cors 2.8.6', () => {
  const apps = (factory: typeof cors | typeof upstream) => {
    const app = express();
    app.use('/api', factory(ALLOWED as never));
    app.get('/api/items', (_req, res) => res.set('X-Total', '2').json([1, 2]));
    // per-route: a preflight route and a route of its own
    app.options('/one/:id', factory({ origin: 'https://one.example', methods: ['DELETE'] }));
    app.delete('/one/:id', factory({ origin: 'https://one.example' }), (req, res) =>
      res.send(`deleted ${req.params.id}`),
    );
    app.get('/open', factory(), (_req, res) => res.send('open'));
    return app;
  };
  let ours: TestServer;
  let theirs: TestServer;
  before(async () => {
    ours = await serve(apps(cors) as unknown as http.RequestListener);
    theirs = await serve(apps(upstream) as unknown as http.RequestListener);
  });
  after(async () => {
    await ours.close();
    await theirs.close();
  });

  const requests: [string, string, Record<string, string>][] = [
    ['GET', '/api/items', { Origin: ORIGIN }],
    ['GET', '/api/items', { Origin: 'https://x.trusted.example' }],
    ['GET', '/api/items', { Origin: 'https://trusted.example.evil' }],
    ['GET', '/api/items', {}],
    ['OPTIONS', '/api/items', { Origin: ORIGIN, 'Access-Control-Request-Headers': 'content-type, x-token' }],
    ['OPTIONS', '/api/items', { Origin: 'https://nope.example' }],
    ['OPTIONS', '/one/7', { Origin: 'https://one.example', 'Access-Control-Request-Method': 'DELETE' }],
    ['DELETE', '/one/7', { Origin: 'https://one.example' }],
    ['GET', '/open', { Origin: 'null' }],
    ['OPTIONS', '/open', { Origin: 'https://any.example', 'Access-Control-Request-Headers': 'x-a' }],
  ];
  for (const [method, path, headers] of requests) {
    it(`${method} ${path} ${JSON.stringify(headers)}: the same status, headers (in order) and body`, async () => {
      const a = await ours.request(method, path, { headers });
      const b = await theirs.request(method, path, { headers });
      assert.equal(a.status, b.status);
      assert.deepEqual(sent(a.rawHeaders), sent(b.rawHeaders));
      assert.equal(a.body, b.body);
    });
  }
});

describe('on a brisk app', () => {
  const { key, cert } = selfSigned(['localhost', '127.0.0.1']);
  const makeApp = () => {
    const app = brisk();
    app.use('/items', cors(ALLOWED));
    app.get('/items', (_req, res) => res.set('X-Total', '2').json([1, 2]));
    app.options('/strict', cors({ origin: ORIGIN, methods: 'GET', optionsSuccessStatus: 200 }));
    app.get(
      '/async',
      cors({
        origin: async (origin) =>
          origin === 'https://reject.example' ? Promise.reject(new Error('lookup failed')) : origin === ORIGIN,
      }),
      (_req, res) => res.send('async'),
    );
    app.use((err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) => {
      res.status(403).send(`blocked: ${err.message}`);
    });
    return app;
  };

  const checks = async (
    request: (
      method: string,
      path: string,
      headers: Record<string, string>,
    ) => Promise<{ status: number; headers: Record<string, unknown>; body: string }>,
  ) => {
    const simple = await request('GET', '/items', { origin: ORIGIN });
    assert.equal(simple.status, 200);
    assert.equal(simple.body, '[1,2]');
    assert.equal(simple.headers['access-control-allow-origin'], ORIGIN);
    assert.equal(simple.headers['access-control-allow-credentials'], 'true');
    assert.equal(simple.headers['access-control-expose-headers'], 'X-Total');
    assert.equal(simple.headers.vary, 'Origin');
    const preflight = await request('OPTIONS', '/items', {
      origin: ORIGIN,
      'access-control-request-headers': 'x-token',
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.body, '');
    assert.equal(preflight.headers['access-control-allow-headers'], 'x-token');
    assert.equal(preflight.headers['access-control-max-age'], '600');
    assert.equal(preflight.headers.vary, 'Origin, Access-Control-Request-Headers');
    const refused = await request('GET', '/items', { origin: 'https://evil.example' });
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
    assert.equal(refused.headers.vary, 'Origin');
    const rejected = await request('GET', '/async', { origin: 'https://reject.example' });
    assert.equal(rejected.status, 403);
    assert.equal(rejected.body, 'blocked: lookup failed');
    const allowed = await request('GET', '/async', { origin: ORIGIN });
    assert.equal(allowed.body, 'async');
  };

  it('over HTTP/1.1', async () => {
    const s = await serve(makeApp());
    try {
      await checks((method, path, headers) => s.request(method, path, { headers }));
    } finally {
      await s.close();
    }
  });

  it('through app.inject()', async () => {
    const app = makeApp();
    await checks(async (method, url, headers) => {
      const r = await app.inject({ method, url, headers });
      return { status: r.statusCode, headers: r.headers, body: r.body };
    });
  });

  for (const secure of [false, true]) {
    it(`over HTTP/2 (${secure ? 'TLS, allowHTTP1' : 'h2c'})`, async () => {
      const app = makeApp();
      const server = secure
        ? http2.createSecureServer({ key, cert, allowHTTP1: true }, app)
        : http2.createServer({}, app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const client = http2.connect(`${secure ? 'https' : 'http'}://localhost:${port}`, secure ? { ca: cert } : {});
      try {
        await checks((method, path, headers) => h2request(client, { ':method': method, ':path': path, ...headers }));
        const strict = await h2request(client, { ':method': 'OPTIONS', ':path': '/strict', origin: ORIGIN });
        assert.equal(strict.status, 200);
        assert.equal(strict.headers['access-control-allow-methods'], 'GET');
        if (secure) {
          // the same server takes HTTP/1.1 clients
          const h1 = await h1overTls(port, cert, 'OPTIONS', '/items', { origin: ORIGIN });
          assert.equal(h1.alpn, false);
          assert.equal(h1.status, 204);
          assert.equal(h1.headers['access-control-allow-origin'], ORIGIN);
          assert.equal(h1.headers['content-length'], '0');
        }
      } finally {
        client.close();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
});

describe('clients that go away while an origin function decides', () => {
  const slowApp = (answered: unknown[]) => {
    const app = brisk();
    app.use(
      cors({
        origin: async (origin) => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return origin === ORIGIN;
        },
      }),
    );
    app.get('/', (_req, res) => res.send('ok'));
    app.use((err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) => {
      answered.push(err);
      res.status(500).send('error');
    });
    return app;
  };

  it('HTTP/1.1: the socket destroyed before the answer; the server lives and serves', async () => {
    const errors: unknown[] = [];
    const s = await serve(slowApp(errors));
    try {
      const req = s.start('OPTIONS', '/', { headers: { Origin: ORIGIN } });
      await new Promise((resolve) => setTimeout(resolve, 5));
      req.destroy();
      await new Promise((resolve) => setTimeout(resolve, 60));
      const r = await s.get('/', { Origin: ORIGIN });
      assert.equal(r.status, 200);
      assert.equal(r.headers['access-control-allow-origin'], ORIGIN);
      assert.deepEqual(errors, []);
    } finally {
      await s.close();
    }
  });

  it('HTTP/2: the stream reset before the answer; the session and server live', async () => {
    const errors: unknown[] = [];
    const server = http2.createServer({}, slowApp(errors));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const stream = client.request({ ':method': 'OPTIONS', ':path': '/', origin: ORIGIN });
      stream.on('error', () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 5));
      stream.close(http2.constants.NGHTTP2_CANCEL);
      await new Promise((resolve) => setTimeout(resolve, 60));
      const r = await h2request(client, { ':path': '/', origin: ORIGIN });
      assert.equal(r.status, 200);
      assert.equal(r.headers['access-control-allow-origin'], ORIGIN);
    } finally {
      client.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('app.inject(): an Origin with CR/LF is refused before the app sees it', async () => {
    const errors: unknown[] = [];
    await assert.rejects(slowApp(errors).inject({ url: '/', headers: { origin: `${ORIGIN}\r\nSet-Cookie: a=1` } }), {
      name: 'TypeError',
    });
  });
});
