// Very long request paths, over HTTP on a server whose header limit is raised (the only way such
// a URL reaches an application): a path of 4096 characters or more is answered 404 before it is
// normalised, because path.normalize is quadratic in the number of `..` segments (decision 010).
// Linearity is shown by counting what reaches node:path, not by timing.
import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import brisk from '@brisk/app';
import { serve, type TestServer } from '../../../test/support/http.js';
import serveStatic, { send } from '../src/index.js';
import { resolvePath } from '../src/resolve-path.js';
import { createFixture, type Fixture } from './helpers.js';

let fx: Fixture;
before(() => {
  fx = createFixture();
});
after(() => fx.remove());

/** Characters handed to path.normalize, join and resolve since the last reset. */
let normalized = 0;
beforeEach(() => {
  normalized = 0;
  for (const name of ['normalize', 'join', 'resolve'] as const) {
    const original = path[name] as (...args: string[]) => string;
    mock.method(path, name, (...args: string[]) => {
      for (const a of args) normalized += a.length;
      return original(...args);
    });
  }
  syncBuiltinESMExports(); // resolve-path.ts imports them by name
});
afterEach(() => {
  mock.restoreAll();
  syncBuiltinESMExports();
});

/** The request paths of about `bytes` bytes, by shape. */
const SHAPES: Record<string, (bytes: number) => string> = {
  'encoded ..': (n) => '/' + '%2e%2e/'.repeat(n / 7),
  '..': (n) => '/' + '../'.repeat(n / 3),
  'half-encoded ..': (n) => '/' + '.%2e/'.repeat(n / 5),
  'a/..': (n) => '/' + 'a/'.repeat(n / 8) + 'b/../'.repeat(n / 10),
  '.': (n) => '/' + './'.repeat(n / 2),
  'empty segments': (n) => '/'.repeat(n),
  'backslash ..': (n) => '/' + '..\\'.repeat(n / 3),
  'deep name': (n) => '/' + 'a/'.repeat(n / 2),
};

describe('a 450 KB path is answered 404 without being normalised', () => {
  let server: TestServer;
  before(async () => {
    const app = brisk();
    app.set('env', 'test'); // the final handler does not log the 404s
    app.use('/static', serveStatic(fx.root, { fallthrough: false }));
    app.get('/send/*rest', (req, res) => {
      send(req, (req.url as string).slice('/send'.length), { root: fx.root }).pipe(res);
    });
    app.get('/send-file/*rest', (req, res) => {
      res.sendFile((req.path as string).slice('/send-file'.length), { root: fx.root }, (err) => {
        res.status((err as { status?: number } | undefined)?.status ?? 200).end();
      });
    });
    // the header limit raised to 1 MiB (as `--max-http-header-size`)
    server = await serve(http.createServer({ maxHeaderSize: 1 << 20 }, app));
  });
  after(() => server.close());

  for (const [shape, make] of Object.entries(SHAPES)) {
    test(`${shape}: 404 from serve-static, send and res.sendFile, at 225 and 450 KB alike`, async () => {
      for (const prefix of ['/static', '/send', '/send-file']) {
        for (const bytes of [225_000, 450_000]) {
          normalized = 0;
          const r = await server.get(prefix + make(bytes));
          assert.equal(r.status, 404, `${prefix} ${bytes}`);
          // nothing of the path reached node:path: the work per request does not grow with its
          // square (upstream normalises it all, for seconds at 450 KB)
          assert.ok(normalized < 1000, `${prefix} ${bytes}: ${normalized}`);
        }
      }
    });
  }

  test('a short path still goes through node:path (the count above can fail)', async () => {
    const ok = await server.get('/static/dir/../a.txt');
    assert.equal(ok.status, 200);
    assert.equal(ok.body, 'hello world');
    assert.ok(normalized > 0);
    const up = await server.get('/static/' + '%2e%2e/'.repeat(10) + 'secret.txt');
    assert.equal(up.status, 403);
  });

  test('4095 characters are looked up; 4096 are not', async () => {
    // 4095: a traversal that normalising finds (403), and a name too long for the file system (404)
    assert.equal((await server.get('/static' + '/..'.repeat(1365))).status, 403);
    assert.equal((await server.get('/static/' + 'a'.repeat(4094))).status, 404);
    normalized = 0;
    assert.equal((await server.get('/static' + '/..'.repeat(1365) + '/')).status, 404);
    assert.equal((await server.get('/static' + '/a/..'.repeat(819) + '/a.txt')).status, 404);
    assert.ok(normalized < 1000, String(normalized));
  });
});

describe('resolvePath: the length bound', () => {
  test('counts the decoded path', () => {
    const ROOT = '/srv/www';
    assert.deepEqual(resolvePath('/' + 'a'.repeat(4094), ROOT), {
      path: ROOT + '/' + 'a'.repeat(4094),
      dotfile: false,
    });
    assert.equal(resolvePath('/' + 'a'.repeat(4095), ROOT), 404);
    assert.equal(resolvePath('/' + 'a'.repeat(4095), null), 404);
    // 4095 encoded characters decode to 1365: looked up
    assert.deepEqual(resolvePath('/' + '%61'.repeat(1364) + 'a', ROOT), {
      path: ROOT + '/' + 'a'.repeat(1365),
      dotfile: false,
    });
    assert.equal(resolvePath('/' + '%61'.repeat(4095), ROOT), 404);
    // bad encoding and NUL are still 400, whatever the length
    assert.equal(resolvePath('/%zz' + 'a'.repeat(5000), ROOT), 400);
    assert.equal(resolvePath('/%00' + 'a'.repeat(5000), ROOT), 400);
  });

  test('the work done grows linearly: nothing reaches node:path past the bound', () => {
    for (const make of Object.values(SHAPES)) {
      for (const root of ['/srv/www', null]) {
        normalized = 0;
        assert.equal(resolvePath(make(450_000), root), 404);
        assert.equal(normalized, 0);
      }
    }
  });
});
