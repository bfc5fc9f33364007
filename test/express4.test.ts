// briskjs/express4 over HTTP: the Express 4.22 call shapes, router messages, request and response
// methods that Express 5 removed or changed, each reported once by its DeprecationWarning code.
// Expected values are what express 4.22.3 answers for the same app and request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import express from 'briskjs/express4';
import brisk from 'briskjs';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { resetWarnings, WARNINGS } from '../packages/brisk/src/express4/warn.js';
import { serve, type TestServer } from './support/http.js';

/** Warning codes emitted while `fn` runs (and shortly after, warnings are emitted on next tick). */
async function warningsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const codes: string[] = [];
  const listener = (w: Error & { code?: string }): void => {
    if (w.name === 'DeprecationWarning' && w.code?.startsWith('BRISK_E4_')) codes.push(w.code);
  };
  resetWarnings();
  process.on('warning', listener);
  try {
    await fn();
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off('warning', listener);
  }
  return codes;
}

// Express 4's call shapes are typed by the augmentation the built declarations carry
// (test/types/express4 checks them); this test runs on the sources, so its apps are untyped.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Loose = any;
type Handler = (req: Loose, res: Loose, next: (err?: unknown) => void) => unknown;

let server: TestServer;
const app = express();
before(async () => {
  server = await serve(app);
});
after(() => server.close());

/** Registers `handler` on a fresh path and returns that path. */
let n = 0;
function route(handler: Handler, method = 'get'): string {
  const path = `/t${n++}`;
  (app as Loose)[method](path, handler);
  return path;
}

describe('res.send, res.json, res.jsonp call shapes', () => {
  test('res.send(status): the status and its message as text', async () => {
    const p = route((req, res) => res.send(201));
    const codes = await warningsOf(async () => {
      const r = await server.get(p);
      assert.equal(r.status, 201);
      assert.equal(r.body, 'Created');
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
    });
    assert.deepEqual(codes, ['BRISK_E4_SEND_STATUS']);
  });
  test('res.send(status, body) and res.send(body, status)', async () => {
    const a = route((req, res) => res.send(202, 'accepted'));
    const b = route((req, res) => res.send('created', 201));
    const c = route((req, res) => res.send(200, { ok: true }));
    const codes = await warningsOf(async () => {
      const ra = await server.get(a);
      assert.equal(ra.status, 202);
      assert.equal(ra.body, 'accepted');
      assert.equal(ra.headers['content-type'], 'text/html; charset=utf-8');
      const rb = await server.get(b);
      assert.equal(rb.status, 201);
      assert.equal(rb.body, 'created');
      const rc = await server.get(c);
      assert.equal(rc.status, 200);
      assert.equal(rc.body, '{"ok":true}');
      assert.equal(rc.headers['content-type'], 'application/json; charset=utf-8');
    });
    // one per call site (the three routes above)
    assert.deepEqual(codes, ['BRISK_E4_SEND_STATUS_BODY', 'BRISK_E4_SEND_STATUS_BODY', 'BRISK_E4_SEND_STATUS_BODY']);
  });
  test('res.json(status, obj), res.json(obj, status), res.jsonp(status, obj)', async () => {
    const a = route((req, res) => res.json(201, { a: 1 }));
    const b = route((req, res) => res.json({ b: 2 }, 202));
    const c = route((req, res) => res.jsonp(203, { c: 3 }));
    const codes = await warningsOf(async () => {
      const ra = await server.get(a);
      assert.equal(ra.status, 201);
      assert.equal(ra.body, '{"a":1}');
      const rb = await server.get(b);
      assert.equal(rb.status, 202);
      assert.equal(rb.body, '{"b":2}');
      const rc = await server.get(`${c}?callback=cb`);
      assert.equal(rc.status, 203);
      assert.match(rc.body, /cb\(\{"c":3\}\);$/);
    });
    assert.deepEqual(codes.sort(), ['BRISK_E4_JSONP_STATUS', 'BRISK_E4_JSON_STATUS', 'BRISK_E4_JSON_STATUS']);
  });
  test('the default entry keeps Express 5: res.send(status) sends the number as JSON', async () => {
    const app5 = brisk();
    app5.get('/', (req, res) => res.send(201 as unknown as string));
    const s = await serve(app5);
    try {
      const r = await s.get('/');
      assert.equal(r.status, 200);
      assert.equal(r.body, '201');
    } finally {
      await s.close();
    }
  });
});

describe('res.redirect, res.location', () => {
  test("res.redirect(url, status) and Express 4's <p> body", async () => {
    const p = route((req, res) => res.redirect('/there?a=<b>', 301));
    const codes = await warningsOf(async () => {
      const r = await server.get(p, { accept: 'text/html' });
      assert.equal(r.status, 301);
      assert.equal(r.headers.location, '/there?a=%3Cb%3E');
      assert.equal(r.body, '<p>Moved Permanently. Redirecting to /there?a=%3Cb%3E</p>');
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
      const t = await server.get(p, { accept: 'text/plain' });
      assert.equal(t.body, 'Moved Permanently. Redirecting to /there?a=%3Cb%3E');
    });
    assert.deepEqual(codes, ['BRISK_E4_REDIRECT_URL_STATUS']);
  });
  test("res.redirect(status, url) still works, without a warning; 'back' goes to the Referrer, else /", async () => {
    const p = route((req, res) => res.redirect(303, '/x'));
    const back = route((req, res) => res.redirect('back'));
    const codes = await warningsOf(async () => {
      const r = await server.get(p);
      assert.equal(r.status, 303);
      assert.equal(r.headers.location, '/x');
      const b = await server.get(back, { referer: 'http://example.com/from' });
      assert.equal(b.status, 302);
      assert.equal(b.headers.location, 'http://example.com/from');
      const root = await server.get(back);
      assert.equal(root.headers.location, '/');
    });
    assert.deepEqual(codes, ['BRISK_E4_LOCATION_BACK']);
  });
});

describe('res.status, res.clearCookie, res.vary', () => {
  test("lenient res.status: a string code is sent as node reads it; Express 5's throw is gone", async () => {
    const p = route((req, res) => res.status('202').send('ok'));
    const codes = await warningsOf(async () => {
      const r = await server.get(p);
      assert.equal(r.status, 202);
      assert.equal(r.body, 'ok');
    });
    assert.deepEqual(codes, ['BRISK_E4_STATUS_LENIENT']);
  });
  test('an integer status gives no warning', async () => {
    const p = route((req, res) => res.status(201).end());
    assert.deepEqual(await warningsOf(() => server.get(p)), []);
  });
  test('res.clearCookie honours maxAge and expires', async () => {
    const a = route((req, res) => res.clearCookie('sid', { maxAge: 60000 }).end());
    const b = route((req, res) => res.clearCookie('sid', { expires: new Date(Date.UTC(2030, 0, 1)) }).end());
    const c = route((req, res) => res.clearCookie('sid').end());
    const codes = await warningsOf(async () => {
      const ra = await server.get(a);
      const cookieA = String(ra.headers['set-cookie']);
      assert.match(cookieA, /^sid=; Max-Age=60; Path=\/; Expires=/);
      const expires = Date.parse(/Expires=([^;]+)/.exec(cookieA)?.[1] ?? '');
      assert.ok(expires > Date.now() + 50_000, cookieA);
      const rb = await server.get(b);
      assert.equal(String(rb.headers['set-cookie']), 'sid=; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT');
      const rc = await server.get(c);
      assert.equal(String(rc.headers['set-cookie']), 'sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    });
    assert.deepEqual(codes, ['BRISK_E4_CLEAR_COOKIE_EXPIRY', 'BRISK_E4_CLEAR_COOKIE_EXPIRY']);
  });
  test('res.vary() with no field does nothing', async () => {
    const p = route((req, res) => res.vary().vary([]).send('x'));
    const codes = await warningsOf(async () => {
      const r = await server.get(p);
      assert.equal(r.status, 200);
      assert.equal(r.headers.vary, undefined);
    });
    // two calls, two columns of one line: two sites
    assert.deepEqual(codes, ['BRISK_E4_VARY_NO_FIELD', 'BRISK_E4_VARY_NO_FIELD']);
  });
});

describe('request methods', () => {
  test('req.acceptsCharset, acceptsEncoding, acceptsLanguage', async () => {
    const p = route((req, res) =>
      res.json([req.acceptsCharset('utf-8'), req.acceptsEncoding('gzip', 'br'), req.acceptsLanguage('fr', 'en')]),
    );
    const codes = await warningsOf(async () => {
      const r = await server.get(p, { 'accept-charset': 'utf-8', 'accept-encoding': 'br', 'accept-language': 'en' });
      assert.deepEqual(JSON.parse(r.body), ['utf-8', 'br', 'en']);
    });
    assert.deepEqual(codes, ['BRISK_E4_ACCEPTS_SINGULAR', 'BRISK_E4_ACCEPTS_SINGULAR', 'BRISK_E4_ACCEPTS_SINGULAR']);
  });
  test('req.param(): params, then body, then query, then the default', async () => {
    app.post('/param/:id', express.json(), (req: Loose, res) =>
      res.json([req.param('id'), req.param('b'), req.param('q'), req.param('none', 'dflt')]),
    );
    const codes = await warningsOf(async () => {
      const r = await server.request('POST', '/param/7?q=query&id=no', {
        headers: { 'content-type': 'application/json' },
        body: '{"b":"body","id":"no"}',
      });
      assert.deepEqual(JSON.parse(r.body), ['7', 'body', 'query', 'dflt']);
    });
    assert.deepEqual(codes, Array(4).fill('BRISK_E4_REQ_PARAM'));
  });
  test('req.host is the host name without the port', async () => {
    const p = route((req, res) => res.json([req.host, req.hostname]));
    const codes = await warningsOf(async () => {
      const r = await server.get(p, { host: 'example.com:8080' });
      assert.deepEqual(JSON.parse(r.body), ['example.com', 'example.com']);
    });
    assert.deepEqual(codes, ['BRISK_E4_REQ_HOST']);
  });
});

describe('query parsing', () => {
  test("extended by default, with 4.22's arrayLimit (1000)", async () => {
    const p = route((req, res) => res.json([req.query, app.get('query parser')]));
    const r = await server.get(`${p}?a[b]=1&c[]=x&c[]=y&i[150]=z`);
    const [query, setting] = JSON.parse(r.body);
    assert.deepEqual(query.a, { b: '1' });
    assert.deepEqual(query.c, ['x', 'y']);
    assert.deepEqual(query.i, ['z'], 'index 150 is within arrayLimit 1000: an array');
    assert.equal(setting, 'extended');
  });
  test('req.query can be assigned (express-mongo-sanitize) and is parsed once', async () => {
    app.get(
      '/sanitize',
      (req, res, next) => {
        req.query = { safe: String(req.query.q) };
        next();
      },
      (req, res) => res.json(req.query),
    );
    const codes = await warningsOf(async () => {
      const r = await server.get('/sanitize?q=1');
      assert.equal(r.status, 200);
      assert.deepEqual(JSON.parse(r.body), { safe: '1' });
    });
    assert.deepEqual(codes, ['BRISK_E4_QUERY_ASSIGN']);
  });
  test("express.query(), and 'extended' set again keeps arrayLimit 1000", async () => {
    const a = express();
    a.set('query parser', false);
    a.get('/none', (req, res) => res.json(req.query));
    a.get('/mw', express.query({}), (req, res) => res.json(req.query));
    const b = express();
    b.set('query parser', 'simple');
    b.set('query parser', 'extended');
    b.get('/', (req, res) => res.json(req.query));
    const sa = await serve(a);
    const sb = await serve(b);
    try {
      assert.deepEqual(JSON.parse((await sa.get('/none?a[b]=1')).body), {});
      // a query already there (`{}` with the parser off) is kept, as Express 4 keeps it
      assert.deepEqual(JSON.parse((await sa.get('/mw?a[b]=1')).body), {});
      assert.deepEqual(JSON.parse((await sb.get('/?i[150]=z')).body), { i: ['z'] });
      assert.deepEqual(JSON.parse((await sb.get('/?i[1500]=z&j[5]=y')).body), { i: { 1500: 'z' }, j: ['y'] });
    } finally {
      await sa.close();
      await sb.close();
    }
  });
  test('query parser settings still apply', async () => {
    const a = express();
    a.set('query parser', 'simple');
    a.get('/', (req, res) => res.json(req.query));
    const s = await serve(a);
    try {
      assert.deepEqual(JSON.parse((await s.get('/?a[b]=1')).body), { 'a[b]': '1' });
    } finally {
      await s.close();
    }
  });
});

describe('app and router', () => {
  test('app.del is app.delete', async () => {
    app.del('/gone', (req, res) => res.send('deleted'));
    const codes = await warningsOf(async () => {
      const r = await server.request('DELETE', '/gone');
      assert.equal(r.body, 'deleted');
    });
    assert.deepEqual(codes, ['BRISK_E4_APP_DEL']);
  });
  test('app.param(fn): a param processor', async () => {
    const a = express();
    const codes = await warningsOf(async () => {
      a.param(
        (name: string, option: unknown) => (req: unknown, res: unknown, next: (e?: unknown) => void, val: unknown) =>
          String(val) === String(option) ? next() : next('route'),
      );
      a.param('id', 1337 as Loose);
      a.get('/user/:id', (req, res) => res.send('OK'));
      a.get('/user/:id', (req, res) => res.status(403).send('Forbidden'));
    });
    assert.deepEqual(codes, ['BRISK_E4_PARAM_FN']);
    const s = await serve(a);
    try {
      assert.equal((await s.get('/user/1337')).body, 'OK');
      // 'route' from a param callback is remembered for that value: the second route is skipped too
      assert.equal((await s.get('/user/42')).status, 404);
    } finally {
      await s.close();
    }
  });
  test("router.param(':id', fn) strips the colon", async () => {
    const router: Loose = express.Router();
    const codes = await warningsOf(async () => {
      router.param(':id', (req: Loose, res: unknown, next: () => void, id: string) => {
        req.seen = id;
        next();
      });
    });
    assert.deepEqual(codes, ['BRISK_E4_PARAM_COLON']);
    router.get('/item/:id', (req: Loose, res: Loose) => res.send(req.seen));
    const a = express();
    a.use(router);
    const s = await serve(a);
    try {
      assert.equal((await s.get('/item/9')).body, '9');
    } finally {
      await s.close();
    }
  });
  test('router.handle(req, res) without a callback: the final handler answers', async () => {
    const router: Loose = express.Router();
    router.get('/here', (req: Loose, res: Loose) => res.send('here'));
    const a = express();
    a.use((req, res) => (router as Loose).handle(req, res));
    const s = await serve(a);
    try {
      const codes = await warningsOf(async () => {
        assert.equal((await s.get('/here')).body, 'here');
        const missing = await s.get('/missing');
        assert.equal(missing.status, 404);
        assert.match(missing.body, /Cannot GET \/missing/);
      });
      assert.deepEqual(codes, ['BRISK_E4_HANDLE_NO_CALLBACK']);
    } finally {
      await s.close();
    }
  });
  test('the automatic OPTIONS answer: Allow without spaces', async () => {
    const a = express();
    a.get('/opt', (req, res) => res.send('x'));
    a.put('/opt', (req, res) => res.send('x'));
    const s = await serve(a);
    try {
      const r = await s.request('OPTIONS', '/opt');
      assert.equal(r.status, 200);
      assert.equal(r.headers.allow, 'GET,HEAD,PUT');
      assert.equal(r.body, 'GET,HEAD,PUT');
    } finally {
      await s.close();
    }
  });
});

describe("Router 4's messages for handlers that are not functions", () => {
  const cases: Array<[string, () => unknown, string, ErrorConstructor]> = [
    [
      'route.get(undefined)',
      () =>
        express
          .Router()
          .route('/')
          .get(undefined as never),
      'Route.get() requires a callback function but got a [object Undefined]',
      Error,
    ],
    [
      'app.post(path, {})',
      () => express().post('/', {} as never),
      'Route.post() requires a callback function but got a [object Object]',
      Error,
    ],
    [
      'route.all(null)',
      () =>
        express
          .Router()
          .route('/')
          .all(null as never),
      'Route.all() requires a callback function but got a [object Null]',
      TypeError,
    ],
    [
      "router.use('/', 'x')",
      () => express.Router().use('/', 'x' as never),
      'Router.use() requires a middleware function but got a string',
      TypeError,
    ],
    [
      'router.use()',
      () => (express.Router().use as () => void)(),
      'Router.use() requires a middleware function',
      TypeError,
    ],
    [
      "app.use('/', 42)",
      () => express().use('/', 42 as never),
      'Router.use() requires a middleware function but got a number',
      TypeError,
    ],
    ["app.use('/')", () => express().use('/' as never), 'app.use() requires a middleware function', TypeError],
  ];
  for (const [name, fn, message, type] of cases) {
    test(name, () => {
      assert.throws(fn, (err: Error) => {
        assert.equal(err.constructor, type);
        assert.equal(err.message, message);
        return true;
      });
    });
  }
  test('route.get() with no handler is accepted, as in Express 4', () => {
    const r = express.Router().route('/');
    assert.equal(r.get(), r);
  });
});

describe("Express 4's removed-middleware getters", () => {
  for (const name of ['bodyParser', 'cookieParser', 'session', 'logger', 'favicon']) {
    test(`express.${name} throws Express 4's notice`, () => {
      assert.throws(
        () => (express as unknown as Record<string, unknown>)[name],
        new Error(
          `Most middleware (like ${name}) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.`,
        ),
      );
    });
  }
});

describe('the warnings', () => {
  test('docs/express4.md lists every code, and only those', () => {
    const docs = readFileSync(new URL('../docs/express4.md', import.meta.url), 'utf8');
    const listed = new Set([...docs.matchAll(/^\| `(BRISK_E4_[A-Z_]+)` \|/gm)].map((m) => m[1]));
    assert.deepEqual([...listed].sort(), Object.keys(WARNINGS).sort());
  });
  /** The warnings emitted while `fn` runs: code and message. */
  async function messagesOf(fn: () => unknown): Promise<Array<[string, string]>> {
    const seen: Array<[string, string]> = [];
    const listener = (w: Error & { code?: string }): void => {
      if (w.code?.startsWith('BRISK_E4_')) seen.push([w.code, w.message]);
    };
    resetWarnings();
    process.on('warning', listener);
    try {
      await fn();
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', listener);
    }
    return seen;
  }
  /**
   * Where a stack trace puts the call of a method named `call` on the line after the caller's
   * call of `siteBelow()`: `<file>:<line>:<column of call>`.
   */
  function siteBelow(call: string): string {
    const frame = new Error().stack?.split('\n')[2] ?? '';
    const site = frame.slice(frame.indexOf('(') + 1, -1).replace(/:\d+$/, '');
    const file = site.slice(0, site.lastIndexOf(':'));
    const line = Number(site.slice(site.lastIndexOf(':') + 1)) + 1;
    const text = readFileSync(file, 'utf8').split('\n')[line - 1];
    return `${file}:${line}:${text.indexOf(`${call}(`) + 1}`;
  }

  test("a DeprecationWarning naming the caller's file:line:column, once per code and call site", async () => {
    const a = express();
    const sites: string[] = [];
    const seen = await messagesOf(() => {
      for (let i = 0; i < 3; i++) {
        sites[0] = siteBelow('del');
        a.del(`/x${i}`, (req, res) => res.end());
      }
      sites[1] = siteBelow('del');
      a.del('/y', (req, res) => res.end());
    });
    const expected = sites;
    assert.deepEqual(seen, [
      ['BRISK_E4_APP_DEL', `briskjs/express4: app.del(): use app.delete() instead at ${expected[0]}`],
      ['BRISK_E4_APP_DEL', `briskjs/express4: app.del(): use app.delete() instead at ${expected[1]}`],
    ]);
    assert.match(expected[0], /express4\.test\.ts:\d+:\d+$/);
  });

  test('BRISK_E4_PATH_SYNTAX names each path; the same path from the same line warns once', async () => {
    const a = express();
    const seen = await messagesOf(() => {
      for (const p of ['/a/:id?', '/a/:id?', '/b/*']) a.get(p, (req, res) => res.end());
      a.get('/plain/:id', (req, res) => res.end());
    });
    assert.deepEqual(
      seen.map(([code, message]) => [code, message.replace(/ at .*$/, '')]),
      [
        ['BRISK_E4_PATH_SYNTAX', `briskjs/express4: ${WARNINGS.BRISK_E4_PATH_SYNTAX} (path '/a/:id?')`],
        ['BRISK_E4_PATH_SYNTAX', `briskjs/express4: ${WARNINGS.BRISK_E4_PATH_SYNTAX} (path '/b/*')`],
      ],
    );
    for (const [, message] of seen) assert.match(message, / at .*express4\.test\.ts:\d+:\d+$/);
  });

  test("a habit used inside a request names the handler's line, past brisk's own frames", async () => {
    const a = express();
    let site = '';
    a.get('/s', (req, res) => {
      site = siteBelow('send');
      res.send(201);
    });
    const s = await serve(a);
    try {
      const seen = await messagesOf(() => s.get('/s'));
      assert.deepEqual(
        seen.map(([code]) => code),
        ['BRISK_E4_SEND_STATUS'],
      );
      assert.ok(seen[0][1].endsWith(` at ${site}`), seen[0][1]);
    } finally {
      await s.close();
    }
  });

  test('a caller in a package of its own is named; one in a package named @brisk/* is passed over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brisk-e4-warn-'));
    try {
      for (const [name, pkg] of [
        ['other', 'some-middleware'],
        ['brisk', '@brisk/something'],
      ]) {
        mkdirSync(join(dir, name));
        writeFileSync(join(dir, name, 'package.json'), JSON.stringify({ name: pkg }));
        writeFileSync(join(dir, name, 'index.cjs'), "module.exports = (app) => app.del('/z', () => {});\n");
      }
      const require = createRequire(import.meta.url);
      const a = express();
      const other = await messagesOf(() => require(join(dir, 'other', 'index.cjs'))(a));
      assert.ok(other[0][1].endsWith(` at ${join(dir, 'other', 'index.cjs')}:1:31`), other[0][1]);
      let site = '';
      const passed = await messagesOf(() => {
        site = siteBelow('require');
        require(join(dir, 'brisk', 'index.cjs'))(a);
      });
      // the line that called the @brisk/* package's function (a stack trace puts the column of
      // such a call at its arguments)
      assert.ok(passed[0][1].startsWith('briskjs/express4: app.del()'), passed[0][1]);
      assert.equal(
        passed[0][1].replace(/:\d+$/, ''),
        `${other[0][1].split(' at ')[0]} at ${site.replace(/:\d+$/, '')}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("what brisk's own code reads is not the app's habit: req.hostname and req.subdomains do not warn", async () => {
    const a = express();
    a.get('/h', (req, res) => res.json([req.hostname, req.subdomains]));
    const s = await serve(a);
    try {
      const seen = await messagesOf(async () => {
        const r = await s.get('/h', { host: 'a.b.example.com:8080' });
        assert.deepEqual(JSON.parse(r.body), ['a.b.example.com', ['b', 'a']]);
      });
      assert.deepEqual(seen, []);
    } finally {
      await s.close();
    }
  });

  test('--no-deprecation silences them', async () => {
    const silenced = await messagesOf(() => {
      // what `node --no-deprecation` sets (@types/node 18 does not declare it)
      const proc = process as { noDeprecation?: boolean };
      proc.noDeprecation = true;
      try {
        express().del('/x', (req, res) => res.end());
      } finally {
        proc.noDeprecation = false;
      }
    });
    assert.deepEqual(silenced, []);
  });
});

describe('the default entry is untouched', () => {
  test("an app, router and prototypes of require('briskjs') have none of Express 4's additions", () => {
    const a4 = express();
    a4.get('/*', (req, res) => res.end());
    const app5 = brisk();
    const router5 = brisk.Router();
    for (const name of ['del', '_router']) assert.equal(name in app5, false, name);
    for (const name of ['param', 'acceptsCharset', 'acceptsEncoding', 'acceptsLanguage']) {
      assert.equal(name in app5.request, false, name);
      assert.equal(name in brisk.request, false, name);
    }
    assert.equal('sendfile' in app5.response, false);
    assert.equal('sendfile' in brisk.response, false);
    const base = brisk.Router.prototype as unknown as Record<string, unknown>;
    for (const name of ['use', 'route', 'param', 'handle']) {
      assert.equal((router5 as unknown as Record<string, unknown>)[name], base[name], name);
      assert.equal((app5.router as unknown as Record<string, unknown>)[name], base[name], name);
      assert.notEqual((a4.router as unknown as Record<string, unknown>)[name], base[name], name);
    }
    assert.equal('_params' in router5, false);
    assert.throws(() => app5.get('/*', () => undefined), /Missing parameter name/);
    assert.throws(() => app5.response.status.call({} as never, '201' as never), TypeError);
  });
});

describe('over HTTP/2 (h2c)', () => {
  test("an express4 app's Express 4 methods, paths and query work on node's HTTP/2 objects", async () => {
    const a = express();
    a.get('/u/:id?', (req: Loose, res: Loose) => {
      req.query = { replaced: req.query.q };
      res.send(201, { id: req.param('id'), host: req.host, query: req.query });
    });
    a.get('/f/*', (req: Loose, res: Loose) => res.json(req.params, 202));
    const server = http2.createServer({}, a);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const get = (path: string): Promise<{ status: unknown; body: string }> =>
      new Promise((resolve, reject) => {
        const stream = client.request({ ':path': path });
        let status: unknown;
        let body = '';
        stream.on('response', (h) => {
          status = h[':status'];
        });
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          body += chunk;
        });
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
        stream.end();
      });
    try {
      const u = await get('/u/7?q=1');
      assert.equal(u.status, 201);
      assert.deepEqual(JSON.parse(u.body), { id: '7', host: '127.0.0.1', query: { replaced: '1' } });
      const f = await get('/f/a/b');
      assert.equal(f.status, 202);
      assert.deepEqual(JSON.parse(f.body), { 0: 'a/b' });
    } finally {
      client.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
