// @brisk/cookie-parser over real HTTP: on a plain node:http server with a tiny `next`, on Express
// 5.3 (side by side with cookie-parser 1.4.7 on the same app: Express's own `res.cookie(...,
// { signed: true })` signs with the `req.secret` the parser sets), and on a brisk app over
// HTTP/1.1, HTTP/2 (h2c, and TLS with `allowHTTP1`; several `cookie` fields in one HTTP/2
// request) and through `app.inject()`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import express from 'express';
import upstream from 'cookie-parser';
import brisk from 'briskjs';
import { sign } from '@brisk/cookie';
import { serve, type TestServer } from '../../../test/support/http.js';
import { selfSigned } from '../../../test/support/tls.js';
import cookieParser from '../src/index.js';
import { h1overTls, h2request } from '../../../test/support/h2.js';

const SECRETS = ['new secret', 'old secret'];

/** The `name=value` pairs of Set-Cookie lines, as a browser sends them back. */
const jar = (setCookie: string[] | string | undefined): string =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((line) => line.slice(0, line.indexOf(';')))
    .join('; ');

describe('on a plain node:http server', () => {
  let server: TestServer;
  before(async () => {
    const parse = cookieParser(SECRETS);
    server = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
      parse(req, res, (err) => {
        const r = req as http.IncomingMessage & { cookies?: object; signedCookies?: object; secret?: string };
        res.setHeader('Content-Type', 'application/json');
        res.end(
          JSON.stringify(
            err ? { error: String(err) } : { cookies: r.cookies, signed: r.signedCookies, secret: r.secret },
          ),
        );
      });
    });
  });
  after(() => server.close());

  it('no Cookie header: {} and {}, req.secret the first secret', async () => {
    assert.deepEqual(JSON.parse((await server.get('/')).body), { cookies: {}, signed: {}, secret: 'new secret' });
  });

  it('plain, JSON and signed cookies (either secret); a tampered one is false', async () => {
    const cookie = [
      'theme=dark',
      'cart=' + encodeURIComponent('j:{"items":[1,2]}'),
      'sid=s:' + encodeURIComponent(sign('abc', 'new secret')),
      'old=s:' + encodeURIComponent(sign('def', 'old secret')),
      'bad=s:' + encodeURIComponent(sign('ghi', 'other')),
    ].join('; ');
    assert.deepEqual(JSON.parse((await server.get('/', { Cookie: cookie })).body), {
      cookies: { theme: 'dark', cart: { items: [1, 2] } },
      signed: { sid: 'abc', old: 'def', bad: false },
      secret: 'new secret',
    });
  });

  it("a Cookie header of 16 KB (node's limit) is parsed", async () => {
    const cookie = Array.from({ length: 1400 }, (_, i) => `c${i}=v${i}`).join('; ');
    assert.ok(cookie.length > 15_000 && cookie.length < 16_000);
    const body = JSON.parse((await server.get('/', { Cookie: cookie })).body) as { cookies: Record<string, string> };
    assert.equal(Object.keys(body.cookies).length, 1400);
    assert.equal(body.cookies.c1399, 'v1399');
  });
});

describe('on Express 5.3, side by side with cookie-parser 1.4.7', () => {
  const app = (factory: typeof cookieParser | typeof upstream) => {
    const a = express();
    a.use(factory(SECRETS));
    a.get('/set', (_req, res) => {
      res.cookie('plain', 'p', { httpOnly: true });
      res.cookie('user', { id: 1, name: 'Ada' }, { signed: true });
      res.cookie('token', 'xyz', { signed: true });
      res.send('set');
    });
    a.get('/read', (req, res) =>
      res.json({ cookies: req.cookies, signed: req.signedCookies, secret: (req as { secret?: unknown }).secret }),
    );
    return a;
  };
  let ours: TestServer;
  let theirs: TestServer;
  before(async () => {
    ours = await serve(app(cookieParser) as unknown as http.RequestListener);
    theirs = await serve(app(upstream) as unknown as http.RequestListener);
  });
  after(async () => {
    await ours.close();
    await theirs.close();
  });

  it("Express's res.cookie(..., { signed: true }) signs with req.secret: the same Set-Cookie lines", async () => {
    const a = await ours.get('/set');
    const b = await theirs.get('/set');
    assert.deepEqual(a.headers['set-cookie'], b.headers['set-cookie']);
    assert.match(jar(a.headers['set-cookie']), /^plain=p; user=s%3Aj%3A/);
  });

  it('reading them back, with a forged and a tampered one: the same answers', async () => {
    const cookie =
      jar((await ours.get('/set')).headers['set-cookie']) + '; forged=s%3Aadmin.sig; x=j%3A%7B%22a%22%3A1%7D';
    const a = await ours.get('/read', { Cookie: cookie });
    const b = await theirs.get('/read', { Cookie: cookie });
    assert.equal(a.body, b.body);
    assert.deepEqual(JSON.parse(a.body), {
      cookies: { plain: 'p', x: { a: 1 } },
      signed: { user: { id: 1, name: 'Ada' }, token: 'xyz', forged: false },
      secret: 'new secret',
    });
  });
});

describe('on a brisk app', () => {
  const { key, cert } = selfSigned(['localhost', '127.0.0.1']);
  const makeApp = () => {
    const app = brisk();
    app.use(cookieParser(SECRETS));
    app.get('/set', (_req, res) =>
      res.cookie('sid', 'user 42', { signed: true }).cookie('prefs', { dark: true }).send('ok'),
    );
    app.get('/read', (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
    return app;
  };

  const checks = async (
    request: (path: string, cookie?: string | string[]) => Promise<{ headers: Record<string, unknown>; body: string }>,
  ) => {
    const set = await request('/set');
    const cookies = jar(set.headers['set-cookie'] as string[]);
    assert.match(cookies, /^sid=s%3Auser%2042\.[^;]+; prefs=j%3A%7B%22dark%22%3Atrue%7D$/);
    assert.deepEqual(JSON.parse((await request('/read', cookies)).body), {
      cookies: { prefs: { dark: true } },
      signed: { sid: 'user 42' },
    });
    const tampered = cookies.replace('user%2042', 'user%2043');
    assert.deepEqual(JSON.parse((await request('/read', tampered)).body).signed, { sid: false });
    return cookies;
  };

  it('over HTTP/1.1', async () => {
    const s = await serve(makeApp());
    try {
      await checks(async (path, cookie) => s.get(path, cookie === undefined ? {} : { Cookie: cookie }));
    } finally {
      await s.close();
    }
  });

  it('through app.inject(), with headers.cookie and with its cookies option', async () => {
    const app = makeApp();
    await checks(async (url, cookie) => {
      const r = await app.inject({ url, headers: cookie === undefined ? {} : { cookie } });
      return { headers: r.headers, body: r.body };
    });
    const r = await app.inject({ url: '/read', cookies: { a: 'ü b', c: 'j:[1]' } });
    assert.deepEqual(JSON.parse(r.body).cookies, { a: 'ü b', c: [1] });
  });

  for (const secure of [false, true]) {
    it(`over HTTP/2 (${secure ? 'TLS, allowHTTP1' : 'h2c'}), with the cookies in separate header fields`, async () => {
      const app = makeApp();
      const server = secure
        ? http2.createSecureServer({ key, cert, allowHTTP1: true }, app)
        : http2.createServer({}, app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const client = http2.connect(`${secure ? 'https' : 'http'}://localhost:${port}`, secure ? { ca: cert } : {});
      try {
        const cookies = await checks((path, cookie) =>
          h2request(client, { ':path': path, ...(cookie === undefined ? {} : { cookie }) }),
        );
        // HTTP/2 lets a client send each cookie as a field of its own (RFC 9113 §8.2.3)
        const split = await h2request(client, { ':path': '/read', cookie: cookies.split('; ') });
        assert.deepEqual(JSON.parse(split.body), { cookies: { prefs: { dark: true } }, signed: { sid: 'user 42' } });
        if (secure) {
          const h1 = await h1overTls(port, cert, 'GET', '/read', { cookie: cookies });
          assert.equal(h1.alpn, false);
          assert.deepEqual(JSON.parse(h1.body).signed, { sid: 'user 42' });
        }
      } finally {
        client.close();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
});
