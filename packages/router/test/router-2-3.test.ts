// What router 2.3 changed, over real HTTP on a router served by node:http: `router.listRoutes()`,
// `statusCode` on the 400 for a malformed parameter, and the path separator kept when a mounted
// layer rewrites `req.url`. Every expected value was produced by router 2.3.0 on the same routes
// and requests (and is hard-coded here). Tracing is in tracing.test.ts.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type TestServer } from '../../../test/support/http.js';
import Router, { Route, type NextFunction, type RouteInfo, type RouterInstance } from '../src/index.js';
import { Layer } from '../src/layer.js';
import { finalHandler } from './http.js';

const ok = (req: IncomingMessage, res: ServerResponse): void => {
  res.end();
};

/** Serves `router` with the test final handler. */
function serveRouter(router: RouterInstance): Promise<TestServer> {
  return serve((req: IncomingMessage, res: ServerResponse) => router(req, res, finalHandler(req, res)));
}

describe('router.listRoutes()', () => {
  let server: TestServer;
  const admin = Router();
  const nested = Router();
  const fake = Object.assign(
    function fake(req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
      next();
    },
    { stack: [] as unknown[] },
  );
  const names = new Map<unknown, string>([
    [admin, 'admin'],
    [nested, 'nested'],
    [fake, 'fake'],
  ]);
  /** A listing as JSON: RegExps as their source text, mounted routers by name. */
  const summary = (list: RouteInfo[]) =>
    list.map((r) => ({
      path: r.path instanceof RegExp ? String(r.path) : r.path,
      methods: r.methods,
      router: r.router ? names.get(r.router) : r.router,
      keys: Object.keys(r),
    }));

  before(async () => {
    admin.get('/', ok);
    const router = Router();
    router.use(function logger(req, res, next) {
      next();
    });
    router.use('/admin', admin);
    router.all('/:id', ok);
    router.route('/all-get').all(ok).get(ok);
    router.route('/get-all').get(ok).all(ok);
    router.route('/empty');
    router.route('/get-head').get(ok).head(ok);
    router.route('/head-get').head(ok).get(ok);
    router.route('/dup').get(ok).post(ok).get(ok).all(ok).all(ok);
    router.get(['/a', ['/b', ['/c']]], ok);
    router.get(/^\/re$/i, ok);
    router.use(['/x', '/y'], admin);
    router.use('/fn', function fn(req, res, next) {
      next();
    });
    router.use('/err', function onerr(err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction) {
      next(err);
    });
    router.use('/nested', nested);
    router.use('/fake', fake);
    router['m-search']('/ssdp', ok);
    router.post('/users/:id{/:rest}', ok);
    router.delete('/files/*path', ok, ok);
    router.route('/post-only').post(ok);
    const list = new Router();
    list.get('/list', (req, res) => {
      const routes = router.listRoutes();
      const abc = routes.filter((r) => r.path === '/a' || r.path === '/b' || r.path === '/c');
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          routes: summary(routes),
          // each path of an array path gets a methods array of its own
          distinct: abc[0].methods !== abc[1].methods && abc[1].methods !== abc[2].methods,
          admin: summary(admin.listRoutes()),
          empty: Router().listRoutes(),
        }),
      );
    });
    server = await serveRouter(list);
  });
  after(() => server.close());

  test("lists routes and mounted routers as router 2.3.0 does, in order, with '*', HEAD and one entry per path", async () => {
    const reply = await server.get('/list');
    assert.equal(reply.status, 200);
    const keys = ['path', 'methods', 'router'];
    // router 2.3.0's listing of the same routes (JSON drops the undefined fields)
    assert.deepEqual(JSON.parse(reply.body), {
      routes: [
        { path: '/admin', router: 'admin', keys },
        { path: '/:id', methods: ['*'], keys },
        { path: '/all-get', methods: ['*', 'GET', 'HEAD'], keys },
        { path: '/get-all', methods: ['GET', '*', 'HEAD'], keys },
        { path: '/empty', methods: [], keys },
        { path: '/get-head', methods: ['GET', 'HEAD'], keys },
        { path: '/head-get', methods: ['HEAD', 'GET'], keys },
        { path: '/dup', methods: ['GET', 'POST', '*', 'HEAD'], keys },
        { path: '/a', methods: ['GET', 'HEAD'], keys },
        { path: '/b', methods: ['GET', 'HEAD'], keys },
        { path: '/c', methods: ['GET', 'HEAD'], keys },
        { path: '/^\\/re$/i', methods: ['GET', 'HEAD'], keys },
        { path: '/x', router: 'admin', keys },
        { path: '/y', router: 'admin', keys },
        { path: '/nested', router: 'nested', keys },
        { path: '/fake', router: 'fake', keys },
        { path: '/ssdp', methods: ['M-SEARCH'], keys },
        { path: '/users/:id{/:rest}', methods: ['POST'], keys },
        { path: '/files/*path', methods: ['DELETE'], keys },
        { path: '/post-only', methods: ['POST'], keys },
      ],
      distinct: true,
      admin: [{ path: '/', methods: ['GET', 'HEAD'], keys }],
      empty: [],
    });
  });

  test('entries hold the registered RegExp and the mounted router themselves, and undefined fields', () => {
    const re = /^\/re$/;
    const router = Router();
    router.get(re, ok);
    router.use('/admin', admin);
    const [route, mount] = router.listRoutes();
    assert.equal(route.path, re);
    assert.equal(route.router, undefined);
    assert.ok('router' in route);
    assert.equal(mount.router, admin);
    assert.equal(mount.methods, undefined);
    assert.ok('methods' in mount);
  });

  test("route._methods() leaves all() out, route._methods(true) shows it as '*' (router 2.3)", () => {
    const route = new Route('/m').all(ok).get(ok);
    assert.deepEqual(route._methods(), ['GET', 'HEAD']);
    assert.deepEqual(route._methods(true), ['*', 'GET', 'HEAD']);
    assert.deepEqual(new Route('/n').all(ok)._methods(), []);
  });

  test('layers keep the registered path as rawPath: nested arrays flattened into a copy', () => {
    const paths = ['/a', ['/b', [/^\/c/]]];
    const router = Router();
    router.use(paths, ok);
    router.get('/d', ok);
    const [use, get] = router.stack;
    assert.deepEqual(use.rawPath, ['/a', '/b', /^\/c/]);
    assert.notEqual(use.rawPath, paths);
    assert.equal(use.matchers.length, 3);
    assert.equal(get.rawPath, '/d');
  });
});

describe('a path array is matched one element at a time (router 2.3)', () => {
  let server: TestServer;
  before(async () => {
    const router = Router();
    // router 2.2 compiled each top-level element: an empty nested array matched every path
    router.use([[], '/a'], (req, res) => res.end(`use ${req.url} ${req.baseUrl}`));
    router.get(['/r', [/^\/re\/(\d+)$/]], (req, res) => res.end(`get ${JSON.stringify(req.params)}`));
    server = await serveRouter(router);
  });
  after(() => server.close());

  test('an empty nested array matches nothing; the other elements match as before', async () => {
    assert.equal((await server.get('/a/x')).body, 'use /x /a');
    assert.equal((await server.get('/b')).status, 404);
  });

  test('a RegExp inside a nested array matches with its groups', async () => {
    assert.equal((await server.get('/re/12')).body, 'get {"0":"12"}');
    assert.equal((await server.get('/r')).body, 'get {}');
  });

  test('Layer.matchedPattern names the element that matched', () => {
    const layer = new Layer(['/a', ['/b/:x', /^\/c/]], { end: false }, ok);
    assert.equal(layer.match('/b/1'), true);
    assert.equal(Layer.matchedPattern(layer), '/b/:x');
    assert.equal(layer.match('/c'), true);
    assert.equal(String(Layer.matchedPattern(layer)), '/^\\/c/');
    const single = new Layer('/users/:id', { end: true }, ok);
    single.match('/users/1');
    assert.equal(Layer.matchedPattern(single), '/users/:id');
  });
});

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
