// briskjs/express4 against express 4.22.3 on the last differences found (issue 45): the automatic
// OPTIONS answer in registration order, plain `req.params`, `req.query` and `app.engines`,
// `express.response` methods an app replaces, body-parser 1's reading of the `type` option and
// the Content-Type, and send 0.19's dotfile rule. Every expected value is what express 4.22.3
// (body-parser 1.20.9, serve-static 1.16.3, send 0.19.2) answered to the same app and request.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { after, before, describe, test } from 'node:test';
import express from 'briskjs/express4';
import brisk from 'briskjs';
import { parseMediaType1 } from '../packages/brisk/src/express4/typeis.js';
import { assertLinear } from './support/fuzz.js';
import { serve, type TestServer } from './support/http.js';

// biome-ignore lint/suspicious/noExplicitAny: Express 4 call shapes, typed in test/types/express4
type Loose = any;

/** Serves `app` for the duration of `fn`. */
async function withServer(app: Parameters<typeof serve>[0], fn: (s: TestServer) => Promise<void>): Promise<void> {
  const s = await serve(app);
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

const say = (text: string) => (req: Loose, res: Loose) => res.send(text);

describe('the automatic OPTIONS answer', () => {
  test('the methods in the order the routes were registered, without spaces, sent by res.send', async () => {
    const app: Loose = express();
    app.put('/o', say('put'));
    app.route('/o').post(say('post')).get(say('get'));
    app.get('/o', say('again'));
    app.delete('/:any', say('delete'));
    app.get('/r/x', say('app get'));
    const router: Loose = express.Router();
    router.post('/x', say('router post'));
    router.patch('/x', say('router patch'));
    app.use('/r', router);
    app.all('/all', say('all'));
    await withServer(app, async (s) => {
      const o = await s.request('OPTIONS', '/o');
      assert.equal(o.status, 200);
      assert.equal(o.headers.allow, 'PUT,POST,GET,HEAD,DELETE');
      assert.equal(o.body, 'PUT,POST,GET,HEAD,DELETE');
      assert.equal(o.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(o.headers.etag, 'W/"18-NOIbTUNpYRs55uZrUoLiPa8oj0c"');
      assert.equal(o.headers['x-content-type-options'], undefined);
      // the mounted router answers with its own routes' methods
      const r = await s.request('OPTIONS', '/r/x');
      assert.equal(r.headers.allow, 'POST,PATCH');
      assert.equal(r.body, 'POST,PATCH');
      assert.equal((await s.request('OPTIONS', '/all')).body, 'all');
      assert.equal((await s.request('OPTIONS', '/nothing/a/b')).status, 404);
    });
  });

  test("a router on a bare node response: Express 4's TypeError goes to the router's callback", async () => {
    const router: Loose = express.Router();
    router.get('/s', say('s'));
    const server = http.createServer((req, res) =>
      router(req, res, (err: Error) => {
        res.statusCode = err ? 500 : 404;
        res.end(err ? `${err.constructor.name}: ${err.message}` : 'none');
      }),
    );
    await withServer(server, async (s) => {
      const r = await s.request('OPTIONS', '/s');
      assert.equal(r.status, 500);
      assert.equal(r.body, 'TypeError: res.set is not a function');
    });
  });

  test('no res.end of the response is wrapped, and the default entry keeps router 2.3’s sorted answer', async () => {
    const app: Loose = express();
    app.put('/o', say('put'));
    app.get('/o', say('get'));
    let ownEnd = true;
    app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
      ownEnd = Object.hasOwn(res, 'end');
      next();
    });
    const app5 = brisk();
    app5.put('/o', (req, res) => res.send('put'));
    app5.get('/o', (req, res) => res.send('get'));
    await withServer(app, async (s) => {
      assert.equal((await s.request('OPTIONS', '/o')).headers.allow, 'PUT,GET,HEAD');
      assert.equal(ownEnd, false);
    });
    await withServer(app5, async (s) => {
      const r = await s.request('OPTIONS', '/o');
      assert.equal(r.headers.allow, 'GET, HEAD, PUT');
      assert.equal(r.headers['content-type'], 'text/plain');
    });
  });
});

describe('plain objects: req.params, req.query, app.engines', () => {
  const show = (req: Loose, res: Loose) =>
    res.send(
      `${inspect(req.params)} ${Object.getPrototypeOf(req.params) === Object.prototype} ${Object.hasOwn(req.params, 'id')}`,
    );

  test('req.params inherits Object.prototype, in routes, middleware and merged routers', async () => {
    const app: Loose = express();
    app.get('/p/:id', show);
    app.get('/pq/:id?', show);
    app.use('/mw/:id', show);
    app.get('/proto/:__proto__', show);
    app.get(/^\/re\/(\d+)$/, show);
    const merged: Loose = express.Router({ mergeParams: true });
    merged.get('/:b', show);
    app.use('/m/:id', merged);
    await withServer(app, async (s) => {
      const cases: Array<[string, string]> = [
        ['/p/1', "{ id: '1' } true true"],
        ['/pq', '{ id: undefined } true true'],
        ['/pq/2', "{ id: '2' } true true"],
        ['/mw/1/z', "{ id: '1' } true true"],
        ['/proto/x', '{} true false'], // a `__proto__` param is dropped, the prototype kept
        ['/re/5', "{ '0': '5' } true false"],
        ['/m/1/2', "{ id: '1', b: '2' } true true"],
      ];
      for (const [path, expected] of cases) assert.equal((await s.get(path)).body, expected, path);
      assert.equal(({} as Record<string, unknown>).x, undefined);
    });
  });

  test('req.query is plain at every level; `__proto__` keys are dropped, `constructor` is data', async () => {
    const app: Loose = express();
    app.get('/q', (req: Loose, res: Loose) => {
      const levels: boolean[] = [];
      const walk = (v: unknown): void => {
        if (typeof v !== 'object' || v === null) return;
        if (!Array.isArray(v)) levels.push(Object.getPrototypeOf(v) === Object.prototype);
        for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k]);
      };
      walk(req.query);
      res.send(`${inspect(req.query, { depth: 5 })} ${levels.join(',')} ${({} as Record<string, unknown>).x}`);
    });
    await withServer(app, async (s) => {
      const cases: Array<[string, string]> = [
        ['/q?__proto__[x]=1', '{} true undefined'],
        ['/q?__proto__=1', '{} true undefined'],
        ['/q?constructor=1', "{ constructor: '1' } true undefined"],
        ['/q?hasOwnProperty=1&toString=2', "{ hasOwnProperty: '1', toString: '2' } true undefined"],
        ['/q?a[__proto__][x]=1', '{ a: {} } true,true undefined'],
        ['/q?a[]=1&a[__proto__]=2', "{ a: { '0': '1' } } true,true undefined"],
        ['/q?constructor[prototype][x]=1', "{ constructor: { prototype: { x: '1' } } } true,true,true undefined"],
      ];
      for (const [path, expected] of cases) assert.equal((await s.get(path)).body, expected, path);
    });
  });

  test('app.engines is a plain object; a mounted app’s inherits its parent’s', () => {
    const app: Loose = express();
    app.engine('foo', function foo() {});
    const sub: Loose = express();
    sub.engine('bar', function bar() {});
    app.use('/sub', sub);
    assert.equal(inspect(app.engines), "{ '.foo': [Function: foo] }");
    assert.equal(inspect(sub.engines), "{ '.bar': [Function: bar] }");
    assert.equal(Object.getPrototypeOf(app.engines), Object.prototype);
    assert.equal(Object.getPrototypeOf(sub.engines), app.engines);
    assert.equal(typeof sub.engines['.foo'], 'function');
    // the default entry keeps Express 5's prototype-less engines
    assert.equal(Object.getPrototypeOf(brisk().engines), null);
  });
});

describe('methods replaced on express.response and express.request', () => {
  test('a replaced express.response.send sees every body: res.send, res.json, res.jsonp, res.sendStatus', async () => {
    const app: Loose = express();
    const seen: string[] = [];
    const original = express.response.send;
    (express.response as Loose).send = function send(this: Loose, body: unknown) {
      seen.push(`${typeof body} ${JSON.stringify(body)} ct=${this.get('Content-Type')}`);
      return original.call(this, body);
    };
    try {
      app.get('/send', (req: Loose, res: Loose) => res.send('test'));
      app.get('/json', (req: Loose, res: Loose) => res.json({ a: 1 }));
      app.get('/jsonp', (req: Loose, res: Loose) => res.jsonp({ a: 1 }));
      app.get('/sendobj', (req: Loose, res: Loose) => res.send({ a: 1 }));
      app.get('/status', (req: Loose, res: Loose) => res.sendStatus(204));
      await withServer(app, async (s) => {
        const expected: Array<[string, string[]]> = [
          ['/send', ['string "test" ct=undefined']],
          ['/json', ['string "{\\"a\\":1}" ct=application/json; charset=utf-8']],
          [
            '/jsonp?callback=cb',
            ['string "/**/ typeof cb === \'function\' && cb({\\"a\\":1});" ct=text/javascript; charset=utf-8'],
          ],
          ['/sendobj', ['object {"a":1} ct=undefined', 'string "{\\"a\\":1}" ct=application/json; charset=utf-8']],
          ['/status', ['string "No Content" ct=text/plain; charset=utf-8']],
        ];
        for (const [path, bodies] of expected) {
          seen.length = 0;
          await s.get(path);
          assert.deepEqual(seen, bodies, path);
        }
      });
    } finally {
      (express.response as Loose).send = original;
    }
  });

  test("express.request and express.response are Express 4's own, over brisk's: the default entry's are untouched", () => {
    assert.notEqual(express.response, brisk.response);
    assert.notEqual(express.request, brisk.request);
    assert.equal(Object.getPrototypeOf(express.response), brisk.response);
    assert.equal(Object.getPrototypeOf(express.request), brisk.request);
    assert.equal(Object.getPrototypeOf(express().response), express.response);
    assert.equal(Object.getPrototypeOf(express().request), express.request);
    assert.equal(Object.getPrototypeOf(brisk().response), brisk.response);
    assert.equal('sendfile' in brisk.response, false);
  });
});

describe("body-parser 1's reading of the type option and the Content-Type", () => {
  // [parser, type option ('-': none), Content-Type (undefined: none), body, express 4.22.3's answer]
  const cases: Array<[string, unknown, string | undefined, string, string]> = [
    ['json', '-', 'application/json; charset', '{"a":1}', '200 object:{}:undefined'],
    ['json', '-', 'application/json;', '{"a":1}', '200 object:{}:undefined'],
    ['json', '-', 'application/json;\tcharset=utf-8', '{"a":1}', '200 object:{}:undefined'],
    ['json', '-', 'application/json+', '{"a":1}', '200 object:{"a":1}:true'],
    ['json', '-', 'APPLICATION/JSON', '{"a":1}', '200 object:{"a":1}:true'],
    ['json', '-', 'application/json ; charset=utf-8', '{"a":1}', '200 object:{"a":1}:true'],
    ['json', '-', 'application/json; a=1 ;b=2', '{"a":1}', '200 object:{"a":1}:true'],
    ['json', 'application/*', 'application/vnd.api+json', '{"a":1}', '200 object:{"a":1}:true'],
    ['json', 'application/*', 'application/a+b+json', '{"a":1}', '200 object:{}:undefined'],
    ['json', 'application/*', 'application/x+y.z', '{"a":1}', '200 object:{}:undefined'],
    ['json', '', 'application/json', '{"a":1}', '200 object:{"a":1}:true'],
    ['json', 0, 'application/json', '{"a":1}', '200 object:{"a":1}:true'],
    ['json', 'fnFalse', 'application/json', '{"a":1}', '200 object:{}:undefined'],
    ['raw', 'fnTrue', undefined, '{"a":1}', '200 object:buf:{"a":1}:true'],
    ['text', [], 'application/octet-stream', 'a=1', '200 string:"a=1":true'],
    ['text', [], 'application/json;', '{"a":1}', '200 object:{}:undefined'],
    ['text', '-', 'text/plain; charset=bogus', 'a=1', '415 charset.unsupported unsupported charset "BOGUS"'],
    [
      'urlencoded',
      '-',
      'application/x-www-form-urlencoded; charset=iso-8859-1',
      'a=1',
      '415 charset.unsupported unsupported charset "ISO-8859-1"',
    ],
    ['urlencoded', '-', 'application/x-www-form-urlencoded; charset=UTF-8', 'a=1', '200 object:{"a":"1"}:true'],
    [
      'urlencoded',
      '-',
      'application/x-www-form-urlencoded; charset=utf8',
      'a=1',
      '415 charset.unsupported unsupported charset "UTF8"',
    ],
    [
      'urlencoded',
      '*/*',
      'text/plain; charset=iso-8859-1',
      'a=1',
      '415 charset.unsupported unsupported charset "ISO-8859-1"',
    ],
  ];
  let server: TestServer;
  before(async () => {
    const app: Loose = express();
    cases.forEach(([parser, type], i) => {
      const option =
        type === '-' ? undefined : type === 'fnTrue' ? () => true : type === 'fnFalse' ? () => false : type;
      const mw = (express as Loose)[parser](type === '-' ? { extended: true } : { type: option, extended: true });
      app.post(`/${i}`, mw, (req: Loose, res: Loose) =>
        res.send(
          `${typeof req.body}:${Buffer.isBuffer(req.body) ? `buf:${req.body}` : JSON.stringify(req.body)}:${req._body}`,
        ),
      );
    });
    app.use((err: Loose, req: Loose, res: Loose, next: Loose) =>
      res.status(err.status).send(`${err.type} ${err.message}`),
    );
    server = await serve(app);
  });
  after(() => server.close());
  cases.forEach(([parser, type, contentType, body, expected], i) => {
    test(`${parser} ${inspect(type)} ${inspect(contentType)}`, async () => {
      const headers: http.OutgoingHttpHeaders = {};
      if (contentType !== undefined) headers['content-type'] = contentType;
      const r = await server.request('POST', `/${i}`, { headers, body });
      assert.equal(`${r.status} ${r.body}`, expected);
    });
  });
});

describe("body-parser 1's Content-Type reader (media-typer 0.3's grammar) on hostile headers", () => {
  // Each shape ends in what makes the header unreadable, after a long run the regexps could
  // backtrack over: time grows with the length, not its square.
  const shapes: Array<[string, (n: number) => string]> = [
    ['an unterminated quoted value holding parameters', (n) => `a/b; x="${'; x='.repeat(n / 4)}`],
    ['spaces before the type', (n) => `${' '.repeat(n)}x`],
    ['spaces after a semicolon', (n) => `a/b;${' '.repeat(n)}`],
    ['a parameter name without =', (n) => `a/b; ${'x'.repeat(n)}`],
    ['many parameters, the last broken', (n) => `a/b${'; x=1'.repeat(n / 5)};`],
    ['escapes in a quoted value, unterminated', (n) => `a/b; x="${'\\a'.repeat(n / 2)}`],
  ];
  for (const [name, build] of shapes) {
    test(name, () => {
      assert.equal(parseMediaType1(build(1000)), undefined);
      assertLinear(name, build, (header) => parseMediaType1(header));
    });
  }
  test('what it reads: the type as type-is 1.6 normalizes it, and the last charset', () => {
    assert.deepEqual(parseMediaType1(' Application/JSON+ ; charset="UTF-8"; Charset=latin1'), {
      type: 'application/json',
      charset: 'latin1',
    });
    assert.deepEqual(parseMediaType1('text/plain; charset="a\\"b"'), { type: 'text/plain', charset: 'a"b' });
    assert.equal(parseMediaType1('text/plain; charset=utf-8 ;'), undefined);
    assert.equal(parseMediaType1(`application/${'j'.repeat(128)}`), undefined);
    assert.deepEqual(parseMediaType1(`application/${'j'.repeat(127)}`), {
      type: `application/${'j'.repeat(127)}`,
      charset: '',
    });
  });
});

describe("send 0.19's dotfile rule (express.static, res.sendFile, res.download) when dotfiles is not given", () => {
  const root = mkdtempSync(join(tmpdir(), 'brisk-e4-dot-'));
  let server: TestServer;
  before(async () => {
    for (const d of ['.well-known', 'dir/.hidden', '.hdir', 'dir2']) mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, '.well-known/x'), 'wk');
    writeFileSync(join(root, 'dir/.hidden/file'), 'hf');
    writeFileSync(join(root, 'dir/.hidden/index.html'), 'hi');
    writeFileSync(join(root, 'dir/.hidden/.inner'), 'ht');
    writeFileSync(join(root, '.file'), 'df');
    writeFileSync(join(root, '.hdir/index.html'), 'hd');
    writeFileSync(join(root, 'dir2/normal.txt'), 'n');
    const app: Loose = express();
    const options: Record<string, object | undefined> = {
      default: undefined,
      ignore: { dotfiles: 'ignore' },
      allow: { dotfiles: 'allow' },
      deny: { dotfiles: 'deny' },
      hidden: { hidden: true },
      hiddenIgnore: { hidden: true, dotfiles: 'ignore' },
      nofall: { fallthrough: false },
    };
    for (const [name, o] of Object.entries(options)) app.use(`/${name}`, express.static(root, o));
    const done = (res: Loose, what: string) => (err: Loose) => {
      if (err) res.status(err.status || 500).send(`${what} ${err.status || err.code}`);
    };
    for (const [name, o] of Object.entries(options)) {
      app.get(`/sf-${name}/*`, (req: Loose, res: Loose) =>
        res.sendFile(join(root, req.params[0]), o, done(res, 'sendFile')),
      );
    }
    app.get('/dl/*', (req: Loose, res: Loose) => res.download(join(root, req.params[0]), done(res, 'download')));
    app.get('/sfroot/*', (req: Loose, res: Loose) => res.sendFile(req.params[0], { root }, done(res, 'sendFileRoot')));
    app.use((req: Loose, res: Loose) => res.status(404).send('fallthrough 404'));
    app.use((err: Loose, req: Loose, res: Loose, next: Loose) =>
      res.status(err.status || 500).send(`error ${err.status}`),
    );
    server = await serve(app);
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  // [request, express 4.22.3's status and body (or Location for a redirect)]
  const cases: Array<[string, string]> = [
    ['/default/.well-known/x', '200 wk'],
    ['/default/dir/.hidden/file', '200 hf'],
    ['/default/.file', '404 fallthrough 404'],
    ['/default/dir/.hidden/', '200 hi'],
    ['/default/dir/.hidden', '404 fallthrough 404'],
    ['/default/.hdir/', '200 hd'],
    ['/default/dir/.hidden/.inner', '404 fallthrough 404'],
    ['/default/dir/%2ehidden/file', '200 hf'],
    ['/default/%2Efile', '404 fallthrough 404'],
    ['/default/dir/.hidden/..%2F.hidden/file', '200 hf'],
    ['/default/dir2/normal.txt', '200 n'],
    // hostile paths: a malformed escape, a NUL, dot segments (encoded or not)
    ['/default/%E0%A4%A', '404 fallthrough 404'],
    ['/default/.well-known%00/x', '404 fallthrough 404'],
    ['/default/dir/.hidden/../../.file', '404 fallthrough 404'],
    ['/default/dir/.hidden/%2e%2e/%2e%2e/.well-known/x', '200 wk'],
    ['/default/..%2f.file', '404 fallthrough 404'],
    ['/ignore/.well-known/x', '404 fallthrough 404'],
    ['/ignore/dir/.hidden/file', '404 fallthrough 404'],
    ['/allow/.file', '200 df'],
    ['/allow/dir/.hidden/.inner', '200 ht'],
    ['/deny/.well-known/x', '404 fallthrough 404'], // a 403 falls through,
    ['/deny/.file', '404 fallthrough 404'],
    ['/hidden/.file', '200 df'],
    ['/hidden/dir/.hidden/.inner', '200 ht'],
    ['/hidden/.hdir', '301 /hidden/.hdir/'],
    ['/hiddenIgnore/.well-known/x', '404 fallthrough 404'],
    ['/nofall/.well-known/x', '200 wk'],
    ['/nofall/.file', '404 error 404'],
    ['/sf-default/.well-known/x', '200 wk'],
    ['/sf-default/dir/.hidden/file', '200 hf'],
    ['/sf-default/.file', '404 sendFile 404'],
    ['/sf-ignore/.well-known/x', '404 sendFile 404'],
    ['/sf-hidden/.file', '200 df'],
    ['/sf-deny/.file', '403 sendFile 403'],
    ['/dl/.well-known/x', '200 wk'],
    ['/dl/.file', '404 download 404'],
    ['/sfroot/dir/.hidden/file', '200 hf'],
    ['/sfroot/.file', '404 sendFileRoot 404'],
  ];
  for (const [path, expected] of cases) {
    test(path, async () => {
      const r = await server.get(path);
      assert.equal(`${r.status} ${r.status === 301 ? r.headers.location : r.body}`, expected);
    });
  }

  test("the default entry keeps send 1's rule: a dotfile directory is ignored too", async () => {
    const app5 = brisk();
    app5.use(brisk.static(root));
    await withServer(app5, async (s) => {
      assert.equal((await s.get('/.well-known/x')).status, 404);
    });
  });
});
