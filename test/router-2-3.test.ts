// Router 2.3 through a briskjs app, over HTTP: `app.router.listRoutes()`, the tracing events of
// the `express.router.request` channel, a URL rewritten under a mount path, and the 400 for a
// malformed parameter. Every expected value is what express 5.3.0 (with router 2.3.0) gives for
// the same app and requests on the same node version, hard-coded.
import assert from 'node:assert/strict';
import dc from 'node:diagnostics_channel';
import { METHODS } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { RouteInfo } from '@brisk/router';
import brisk from 'briskjs';
import { serve, type TestServer } from './support/http.js';

type Ctx = Record<string, unknown> & {
  req: { headers: Record<string, unknown> };
  handler: { name: string };
  layer: { name: string };
};

const hasTracing = typeof dc.tracingChannel === 'function';
const message = (e: unknown): unknown => (e instanceof Error ? e.message : e);

/** One event as a line: `name handler layer route [param=..] [errorHandler=..] ...`. */
function line(name: string, ctx: Ctx): string {
  let out = `${name} ${ctx.handler.name} ${ctx.layer.name} ${String(ctx.route)}`;
  if ('param' in ctx) out += ` param=${String(ctx.param)}`;
  if ('errorHandler' in ctx) out += ` errorHandler=${String(ctx.errorHandler)}`;
  if ('incomingError' in ctx) out += ` incomingError=${String(message(ctx.incomingError))}`;
  if ('error' in ctx) out += ` error=${String(message(ctx.error))}`;
  if ('result' in ctx) out += ` result=${typeof ctx.result === 'object' && ctx.result ? 'object' : String(ctx.result)}`;
  return out;
}

/** The app: a router with a param callback and an async handler, a sub-app, a rewrite, error handlers. */
function build() {
  const app = brisk();
  app.set('env', 'test'); // the final handler logs no stack traces
  app.use(function logger(req, res, next) {
    next();
  });
  const api = brisk.Router();
  api.param('id', function loadId(req, res, next) {
    next();
  });
  api.get('/users/:id', function getUser(req, res) {
    res.json({ id: req.params.id });
  });
  api.get('/fail/:id', async function failing() {
    await null;
    throw new Error('boom');
  });
  app.use('/api', api);
  const sub = brisk();
  sub.get('/hello', function subHello(req, res) {
    res.send('hi');
  });
  app.use('/sub', sub);
  app.use('/app', function rewrite(req, res, next) {
    req.url = '/index.html';
    next();
  });
  app.get('/app/index.html', function index(req, res) {
    res.send(`index ${req.url} ${req.originalUrl}`);
  });
  app
    .route('/items')
    .get(function listItems(req, res) {
      res.send('items');
    })
    .post(function addItem(req, res) {
      res.send('added');
    });
  app.all('/any', function any(req, res) {
    res.send('any');
  });
  app.get('/bad/:p', function never(req, res) {
    res.send('never');
  });
  app.use('/caught', function caughtMw(req, res, next) {
    next();
  });
  app.get('/caught/:p', function never2(req, res) {
    res.send('never');
  });
  app.use(function onError(err: unknown, req: brisk.Request, res: brisk.Response, next: brisk.NextFunction) {
    if (!(req.url ?? '').startsWith('/caught')) return next(err);
    const e = err as Error & { status?: number; statusCode?: number };
    res.status(e.statusCode as number).send(`${e.name} ${e.status} ${e.statusCode} ${e.message}`);
  });
  return { app, api };
}

describe('router 2.3 through a briskjs app, as express 5.3.0', () => {
  let server: TestServer;
  let built: ReturnType<typeof build>;
  before(async () => {
    built = build();
    server = await serve(built.app);
  });
  after(() => server.close());

  test('app.router.listRoutes(): routes and mounted routers (a mounted app is middleware, not listed)', () => {
    const routes = built.app.router.listRoutes().map((r: RouteInfo) => ({
      path: String(r.path),
      methods: r.methods,
      router: r.router === (built.api as unknown) ? 'api' : r.router,
    }));
    assert.deepEqual(routes, [
      { path: '/api', methods: undefined, router: 'api' },
      { path: '/app/index.html', methods: ['GET', 'HEAD'], router: undefined },
      { path: '/items', methods: ['GET', 'POST', 'HEAD'], router: undefined },
      // app.all() adds a handler per method, as express's does (not route.all())
      { path: '/any', methods: [...METHODS], router: undefined },
      { path: '/bad/:p', methods: ['GET', 'HEAD'], router: undefined },
      { path: '/caught/:p', methods: ['GET', 'HEAD'], router: undefined },
    ]);
  });

  test('a middleware mounted at /app that rewrites req.url to /index.html hands on /app/index.html', async () => {
    const reply = await server.get('/app');
    assert.equal(reply.status, 200);
    assert.equal(reply.body, 'index /app/index.html /app');
  });

  test('a malformed parameter is a 400 with status and statusCode, to an error handler and to the final handler', async () => {
    const caught = await server.get('/caught/%E0%A4%A');
    assert.equal(caught.status, 400);
    assert.equal(caught.body, "URIError 400 400 Failed to decode param '%E0%A4%A'");
    const final = await server.get('/bad/%E0%A4%A');
    assert.equal(final.status, 400);
  });

  describe('tracing: the events express 5.3.0 publishes for the same app', { skip: !hasTracing }, () => {
    const channel = hasTracing ? dc.tracingChannel('express.router.request') : undefined;
    let current: string | undefined;
    let events: string[] = [];
    const subscriber = Object.fromEntries(
      (['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const).map((name) => [
        name,
        (m: unknown) => {
          const ctx = m as Ctx;
          if (ctx.req.headers['x-test'] === current) events.push(line(name, ctx));
        },
      ]),
    );
    before(() => channel?.subscribe(subscriber as never));
    after(() => channel?.unsubscribe(subscriber as never));

    const expected: Record<string, { status: number; events: string[] }> = {
      '/api/users/7': {
        status: 200,
        events: [
          'start logger logger /',
          'start router router /api',
          'start loadId handle /users/:id param=id',
          'start getUser getUser /users/:id',
          'end getUser getUser /users/:id result=undefined',
          'end loadId handle /users/:id param=id result=undefined',
          'end router router /api result=undefined',
          'end logger logger / result=undefined',
        ],
      },
      '/api/fail/7': {
        status: 500,
        events: [
          'start logger logger /',
          'start router router /api',
          'start loadId handle /fail/:id param=id',
          'start failing failing /fail/:id',
          'end failing failing /fail/:id',
          'end loadId handle /fail/:id param=id result=undefined',
          'end router router /api result=undefined',
          'end logger logger / result=undefined',
          'error failing failing /fail/:id error=boom',
          'asyncStart failing failing /fail/:id error=boom',
          'asyncEnd failing failing /fail/:id error=boom',
          'start onError onError / errorHandler=true incomingError=boom',
          'end onError onError / errorHandler=true incomingError=boom result=undefined',
        ],
      },
      '/sub/hello': {
        status: 200,
        events: [
          'start logger logger /',
          'start mounted_app mounted_app /sub',
          'start subHello subHello /hello',
          'end subHello subHello /hello result=undefined',
          'end mounted_app mounted_app /sub result=undefined',
          'end logger logger / result=undefined',
        ],
      },
      '/app': {
        status: 200,
        events: [
          'start logger logger /',
          'start rewrite rewrite /app',
          'start index index /app/index.html',
          'end index index /app/index.html result=undefined',
          'end rewrite rewrite /app result=undefined',
          'end logger logger / result=undefined',
        ],
      },
      '/items': {
        status: 200,
        events: [
          'start logger logger /',
          'start listItems listItems /items',
          'end listItems listItems /items result=undefined',
          'end logger logger / result=undefined',
        ],
      },
      '/bad/%E0%A4%A': {
        status: 400,
        events: [
          'start logger logger /',
          "start onError onError / errorHandler=true incomingError=Failed to decode param '%E0%A4%A'",
          "end onError onError / errorHandler=true incomingError=Failed to decode param '%E0%A4%A' result=undefined",
          'end logger logger / result=undefined',
        ],
      },
      '/caught/%E0%A4%A': {
        status: 400,
        events: [
          'start logger logger /',
          'start caughtMw caughtMw /caught',
          "start onError onError / errorHandler=true incomingError=Failed to decode param '%E0%A4%A'",
          "end onError onError / errorHandler=true incomingError=Failed to decode param '%E0%A4%A' result=undefined",
          'end caughtMw caughtMw /caught result=undefined',
          'end logger logger / result=undefined',
        ],
      },
    };
    for (const [path, want] of Object.entries(expected)) {
      test(`GET ${path}`, async () => {
        current = path;
        events = [];
        const reply = await server.get(path, { 'x-test': path });
        await new Promise((resolve) => setTimeout(resolve, 30));
        assert.deepEqual({ status: reply.status, events }, want);
      });
    }
  });
});
