// What router 2.3 changed, over real HTTP on a router served by node:http: `statusCode` on the
// 400 for a malformed parameter, and the path separator kept when a mounted layer rewrites
// `req.url`. Every expected value was produced by router 2.3.0 on the same routes
// and requests (and is hard-coded here). Tracing is in tracing.test.ts.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type TestServer } from '../../../test/support/http.js';
import Router, { type NextFunction, type RouterInstance } from '../src/index.js';
import { finalHandler } from './http.js';

/** Serves `router` with the test final handler. */
function serveRouter(router: RouterInstance): Promise<TestServer> {
  return serve((req, res) => router(req, res, finalHandler(req, res)));
}

describe('a malformed escape in a parameter: status and statusCode 400 (router 2.3)', () => {
  let server: TestServer;
  before(async () => {
    const router = Router();
    router.get('/u/:id', (req, res) => res.end('never'));
    router.use('/m/:id', (req, res) => res.end('never'));
    router.get(/^\/r\/([^/]+)$/, (req, res) => res.end('never'));
    router.get('/w/*rest', (req, res) => res.end('never'));
    router.use((err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction) => {
      const e = err as URIError & { status?: unknown; statusCode?: unknown };
      res.end(
        JSON.stringify({
          name: e.name,
          message: e.message,
          status: e.status,
          statusCode: e.statusCode,
          keys: Object.keys(e),
          uriError: e instanceof URIError,
        }),
      );
    });
    server = await serveRouter(router);
  });
  after(() => server.close());

  // router 2.3.0's answers for the same requests
  const expected = (value: string) => ({
    name: 'URIError',
    message: `Failed to decode param '${value}'`,
    status: 400,
    statusCode: 400,
    keys: ['statusCode', 'status'],
    uriError: true,
  });
  for (const [path, value] of [
    ['/u/%E0%A4%A', '%E0%A4%A'],
    ['/m/%zz/x', '%zz'],
    ['/r/%E0', '%E0'],
    ['/w/a/%E0%A4%A/b', '%E0%A4%A'],
  ]) {
    test(`GET ${path}`, async () => {
      const reply = await server.get(path);
      assert.deepEqual(JSON.parse(reply.body), expected(value));
    });
  }
});

describe('a mounted layer that rewrites req.url keeps the path separator (router 2.3)', () => {
  let server: TestServer;
  before(async () => {
    const router = Router();
    const seen = new WeakMap<IncomingMessage, string[]>();
    const log = (req: IncomingMessage, line: string): void => {
      const lines = seen.get(req) ?? [];
      lines.push(line);
      seen.set(req, lines);
    };
    // The rewrite comes from a header (none: no rewrite).
    router.use('/app', (req, res, next) => {
      log(req, `in:${req.url}|${req.baseUrl}`);
      const rewrite = req.headers['x-rewrite'];
      if (typeof rewrite === 'string') req.url = rewrite;
      next();
    });
    const inner = Router();
    inner.use((req, res, next) => {
      log(req, `inner:${req.url}|${req.baseUrl}`);
      req.url = '/index.html';
      next();
    });
    router.use('/nested', inner);
    router.use((req, res, next) => {
      log(req, `after:${req.url}|${req.baseUrl}`);
      if (req.headers['x-answer'] !== 'final') res.end((seen.get(req) ?? []).join(' '));
      else next();
    });
    server = await serveRouter(router);
  });
  after(() => server.close());

  // [request, rewrite, what the layers saw]: router 2.3.0's answers (2.2.0 gave /appindex.html
  // for the first two and /APPindex.html for /APP)
  const rows: Array<[string, string | undefined, string]> = [
    ['/app', '/index.html', 'in:/|/app after:/app/index.html|'],
    ['/app?x=1', '/index.html', 'in:/?x=1|/app after:/app/index.html|'],
    ['/app/', '/index.html', 'in:/|/app after:/app/index.html|'],
    ['/APP', '/index.html', 'in:/|/APP after:/APP/index.html|'],
    ['/app', 'index.html', 'in:/|/app after:/appindex.html|'],
    ['/app/', 'index.html', 'in:/|/app after:/app/index.html|'],
    ['/app', '/', 'in:/|/app after:/app|'],
    ['/app/', '/', 'in:/|/app after:/app/|'],
    ['/app', '/?y=2', 'in:/|/app after:/app?y=2|'],
    ['/app', '', 'in:/|/app after:/app|'],
    ['/app', undefined, 'in:/|/app after:/app|'],
    ['/app/', undefined, 'in:/|/app after:/app/|'],
    ['/app?x=1', undefined, 'in:/?x=1|/app after:/app?x=1|'],
    ['/app/x', '/y', 'in:/x|/app after:/app/y|'],
    ['/nested', undefined, 'inner:/|/nested after:/nested/index.html|'],
  ];
  for (const [path, rewrite, lines] of rows) {
    test(`GET ${path}${rewrite === undefined ? '' : `, rewritten to ${JSON.stringify(rewrite)}`}`, async () => {
      const reply = await server.get(path, rewrite === undefined ? {} : { 'x-rewrite': rewrite });
      assert.equal(reply.body, lines);
    });
  }

  test('the router hands the request on with the same URL (the final handler sees /app/index.html)', async () => {
    const reply = await server.get('/app', { 'x-rewrite': '/index.html', 'x-answer': 'final' });
    assert.equal(reply.status, 404);
    assert.equal(reply.body, 'Cannot GET /app/index.html');
  });
});
