// The application over real HTTP: settings and their inheritance, app.use (paths, routers,
// sub-apps, the mount event), routing methods, params, app.path(), app.locals, app.listen.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import brisk, { type Application } from '../src/index.js';
import { serve } from '../../../test/support/http.js';

/** Serves `app`, runs `fn` with the server, closes it. */
async function withServer(
  app: Application,
  fn: (s: Awaited<ReturnType<typeof serve>>) => Promise<void>,
): Promise<void> {
  const s = await serve(app);
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

describe('brisk()', () => {
  it('is a request listener for node:http', async () => {
    const app = brisk();
    app.get('/', (_req, res) => res.end('hello'));
    await withServer(app, async (s) => {
      const r = await s.get('/');
      assert.equal(r.status, 200);
      assert.equal(r.body, 'hello');
      assert.equal(r.headers['x-powered-by'], 'Express');
    });
  });

  it('is an EventEmitter with the application methods', () => {
    const app = brisk();
    assert.equal(typeof app.on, 'function');
    assert.equal(typeof app.emit, 'function');
    for (const name of [
      'use',
      'route',
      'engine',
      'param',
      'set',
      'get',
      'enable',
      'disable',
      'enabled',
      'disabled',
      'all',
      'render',
      'listen',
      'path',
      'handle',
    ]) {
      assert.equal(typeof (app as unknown as Record<string, unknown>)[name], 'function', name);
    }
    for (const method of http.METHODS)
      assert.equal(typeof (app as unknown as Record<string, unknown>)[method.toLowerCase()], 'function', method);
  });

  it('exposes application, request, response, Route, Router and the body parsers', () => {
    assert.equal(typeof brisk.application.use, 'function');
    assert.ok(brisk.request instanceof http.IncomingMessage);
    assert.ok(brisk.response instanceof http.ServerResponse);
    assert.equal(typeof brisk.Router, 'function');
    assert.equal(typeof brisk.Route, 'function');
    for (const name of ['json', 'raw', 'text', 'urlencoded', 'static', 'finalhandler'] as const)
      assert.equal(typeof brisk[name], 'function', name);
  });

  it('gives each app its own request and response prototypes inheriting brisk.request/response', () => {
    const a = brisk();
    const b = brisk();
    assert.notEqual(a.request, b.request);
    assert.equal(Object.getPrototypeOf(a.request), brisk.request);
    assert.equal(Object.getPrototypeOf(a.response), brisk.response);
    assert.equal((a.request as unknown as { app: unknown }).app, a);
    assert.equal((a.response as unknown as { app: unknown }).app, a);
  });

  it('lets app.request, app.response, brisk.request and brisk.response be extended', async () => {
    const app = brisk();
    (brisk.request as unknown as Record<string, unknown>).shout = function (this: http.IncomingMessage) {
      return String(this.url).toUpperCase();
    };
    (app.response as unknown as Record<string, unknown>).hello = function (this: http.ServerResponse) {
      this.end('hello from app.response');
    };
    app.get('/x', (req, res) => {
      res.setHeader('X-Shout', (req as unknown as { shout(): string }).shout());
      (res as unknown as { hello(): void }).hello();
    });
    try {
      await withServer(app, async (s) => {
        const r = await s.get('/x');
        assert.equal(r.headers['x-shout'], '/X');
        assert.equal(r.body, 'hello from app.response');
      });
    } finally {
      delete (brisk.request as unknown as Record<string, unknown>).shout;
    }
  });

  it('keeps req/res instances of node classes, with req.res, res.req, req.app, res.app', async () => {
    const app = brisk();
    app.get('/', (req, res) => {
      assert.ok(req instanceof http.IncomingMessage);
      assert.ok(res instanceof http.ServerResponse);
      assert.equal(req.res, res);
      assert.equal(res.req, req);
      assert.equal(req.app, app);
      assert.equal(res.app, app);
      assert.deepEqual({ ...res.locals }, {});
      res.end('ok');
    });
    await withServer(app, async (s) => assert.equal((await s.get('/')).body, 'ok'));
  });
});

describe('settings', () => {
  it('has Express 5 defaults', () => {
    const app = brisk();
    assert.equal(app.get('x-powered-by'), true);
    assert.equal(app.get('etag'), 'weak');
    assert.equal(app.get('env'), process.env.NODE_ENV || 'development');
    assert.equal(app.get('query parser'), 'simple');
    assert.equal(app.get('subdomain offset'), 2);
    assert.equal(app.get('trust proxy'), false);
    assert.equal(app.get('jsonp callback name'), 'callback');
    assert.equal(app.get('views'), join(process.cwd(), 'views'));
    assert.equal(app.get('case sensitive routing'), undefined);
    assert.equal(app.get('strict routing'), undefined);
    assert.equal(app.get('view engine'), undefined);
    assert.equal(typeof app.get('etag fn'), 'function');
    assert.equal(typeof app.get('query parser fn'), 'function');
    assert.equal(typeof app.get('trust proxy fn'), 'function');
    assert.equal(app.locals.settings, app.settings);
  });

  it('set/get/enable/disable/enabled/disabled', () => {
    const app = brisk();
    assert.equal(app.set('foo', 'bar'), app);
    assert.equal(app.get('foo'), 'bar');
    assert.equal(app.enable('tobi'), app);
    assert.equal(app.enabled('tobi'), true);
    assert.equal(app.disabled('tobi'), false);
    assert.equal(app.disable('tobi'), app);
    assert.equal(app.get('tobi'), false);
    assert.equal(app.enabled('nothing'), false);
    assert.equal(app.disabled('nothing'), true);
    assert.equal(app.set('foo'), 'bar');
  });

  it('takes env from NODE_ENV, and caches views in production', () => {
    const saved = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      const prod = brisk();
      assert.equal(prod.get('env'), 'production');
      assert.equal(prod.get('view cache'), true);
      delete process.env.NODE_ENV;
      const dev = brisk();
      assert.equal(dev.get('env'), 'development');
      assert.equal(dev.get('view cache'), undefined);
    } finally {
      if (saved === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = saved;
    }
  });

  it('rejects unknown etag and query parser values', () => {
    const app = brisk();
    assert.throws(() => app.set('etag', 'bogus'), {
      name: 'TypeError',
      message: 'unknown value for etag function: bogus',
    });
    assert.throws(() => app.set('query parser', 'bogus'), {
      name: 'TypeError',
      message: 'unknown value for query parser function: bogus',
    });
  });

  it('x-powered-by can be turned off', async () => {
    const app = brisk();
    app.disable('x-powered-by');
    app.get('/', (_req, res) => res.end('x'));
    await withServer(app, async (s) => assert.equal((await s.get('/')).headers['x-powered-by'], undefined));
  });

  it('query parser: simple, extended, false, a function', async () => {
    const app = brisk();
    app.get('/', (req, res) => res.end(JSON.stringify(req.query)));
    await withServer(app, async (s) => {
      assert.equal((await s.get('/?a=1&a=2&b[c]=3')).body, '{"a":["1","2"],"b[c]":"3"}');
      app.set('query parser', 'extended');
      assert.equal((await s.get('/?a=1&a=2&b[c]=3')).body, '{"a":["1","2"],"b":{"c":"3"}}');
      app.set('query parser', false);
      assert.equal((await s.get('/?a=1')).body, '{}');
      app.set('query parser', (q: string) => ({ raw: q }));
      assert.equal((await s.get('/?a=1&b')).body, '{"raw":"a=1&b"}');
      app.set('query parser', true);
      assert.equal((await s.get('/?x=y')).body, '{"x":"y"}');
    });
  });

  it('case sensitive and strict routing', async () => {
    const app = brisk();
    app.set('case sensitive routing', true);
    app.set('strict routing', true);
    app.get('/Users/', (_req, res) => res.end('users'));
    await withServer(app, async (s) => {
      assert.equal((await s.get('/Users/')).status, 200);
      assert.equal((await s.get('/users/')).status, 404);
      assert.equal((await s.get('/Users')).status, 404);
    });
  });

  it('inherits settings without defaults, trust proxy, and not the defaulted ones', () => {
    const parent = brisk();
    const child = brisk();
    parent.set('json spaces', 2);
    parent.set('view engine', 'tpl');
    parent.set('etag', 'strong');
    parent.set('trust proxy', 'loopback');
    parent.set('x-powered-by', false);
    parent.use('/child', child);
    assert.equal(child.get('json spaces'), 2);
    assert.equal(child.get('view engine'), 'tpl');
    assert.equal(child.get('etag'), 'weak');
    assert.equal(child.get('x-powered-by'), true);
    assert.equal(child.get('trust proxy'), 'loopback');
    assert.equal(child.get('trust proxy fn'), parent.get('trust proxy fn'));
  });

  it("keeps a sub-app's own trust proxy", () => {
    const parent = brisk();
    const child = brisk();
    child.set('trust proxy', 2);
    parent.set('trust proxy', true);
    parent.use(child);
    assert.equal(child.get('trust proxy'), 2);
  });

  it('does not inherit view cache in production', () => {
    const saved = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      const parent = brisk();
      const child = brisk();
      child.disable('view cache');
      parent.use(child);
      assert.equal(child.get('view cache'), false);
      assert.equal(parent.get('view cache'), true);
    } finally {
      if (saved === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = saved;
    }
  });
});

describe('app.use', () => {
  it('requires a middleware function', () => {
    const app = brisk();
    assert.throws(() => app.use('/'), { name: 'TypeError', message: 'app.use() requires a middleware function' });
    assert.throws(() => app.use([]), { name: 'TypeError', message: 'app.use() requires a middleware function' });
  });

  it('mounts middleware on paths, arrays of paths and nested arrays of handlers', async () => {
    const app = brisk();
    app.use(
      ['/a', '/b'],
      [
        (req, _res, next) => {
          req.headers['x-seen'] = '1';
          next();
        },
      ],
      (req, res) => {
        res.end(`${req.baseUrl} ${req.url} ${req.originalUrl} ${req.path} ${req.headers['x-seen']}`);
      },
    );
    app.use((_req, res) => res.end('fallback'));
    await withServer(app, async (s) => {
      assert.equal((await s.get('/a/x?q=1')).body, '/a /x?q=1 /a/x?q=1 /x 1');
      assert.equal((await s.get('/b')).body, '/b / /b / 1');
      assert.equal((await s.get('/c')).body, 'fallback');
    });
  });

  it('mounts routers', async () => {
    const app = brisk();
    const router = brisk.Router();
    router.get('/:id', (req, res) => res.end(`${req.baseUrl}|${(req.params as { id: string }).id}`));
    app.use('/users', router);
    await withServer(app, async (s) => assert.equal((await s.get('/users/42')).body, '/users|42'));
  });

  it('mounts sub-apps: mountpath, parent, the mount event, app.path()', async () => {
    const app = brisk();
    const blog = brisk();
    const admin = brisk();
    let mountedOn: unknown;
    blog.on('mount', (parent) => (mountedOn = parent));
    blog.get('/', (req, res) => res.end(`blog ${req.baseUrl} ${req.app === blog} ${blog.path()}`));
    admin.get('/', (req, res) => res.end(`admin ${req.baseUrl} ${admin.path()} ${req.app === admin}`));
    blog.use('/admin', admin);
    app.use('/blog', blog);
    app.get('/', (req, res) => res.end(`root ${req.app === app}`));
    assert.equal(mountedOn, app);
    assert.equal(blog.parent, app);
    assert.equal(blog.mountpath, '/blog');
    assert.equal(app.path(), '');
    assert.equal(admin.path(), '/blog/admin');
    await withServer(app, async (s) => {
      assert.equal((await s.get('/blog')).body, 'blog /blog true /blog');
      assert.equal((await s.get('/blog/admin')).body, 'admin /blog/admin /blog/admin true');
      assert.equal((await s.get('/')).body, 'root true');
    });
  });

  it('mountpath is the pattern list for several paths', () => {
    const app = brisk();
    const sub = brisk();
    app.use(['/a', '/b/:id'], sub);
    assert.deepEqual(sub.mountpath, ['/a', '/b/:id']);
  });

  it("restores the parent's prototypes when a sub-app passes the request on", async () => {
    const app = brisk();
    const sub = brisk();
    (sub.response as unknown as Record<string, unknown>).who = () => 'sub';
    (app.response as unknown as Record<string, unknown>).who = () => 'app';
    sub.use((req, res, next) => {
      assert.equal(req.app, sub);
      assert.equal((res as unknown as { who(): string }).who(), 'sub');
      next();
    });
    app.use('/s', sub);
    app.use((req, res) => res.end(`${(res as unknown as { who(): string }).who()} ${req.app === app}`));
    await withServer(app, async (s) => assert.equal((await s.get('/s/x')).body, 'app true'));
  });

  it("a sub-app's requests see its settings and the parent's inherited ones", async () => {
    const app = brisk();
    const sub = brisk();
    app.set('query parser', 'extended');
    app.set('trust proxy', true);
    sub.get('/', (req, res) => res.end(`${JSON.stringify(req.query)} ${req.ip}`));
    app.use('/s', sub);
    await withServer(app, async (s) => {
      const r = await s.get('/s?a[b]=1', { 'X-Forwarded-For': '10.0.0.1' });
      assert.equal(r.body, '{"a[b]":"1"} 10.0.0.1');
    });
  });

  it('error in a sub-app reaches the parent error handler', async () => {
    const app = brisk();
    const sub = brisk();
    sub.get('/', () => {
      throw new Error('boom');
    });
    app.use('/s', sub);
    app.use((err: Error, _req: unknown, res: http.ServerResponse, _next: unknown) => res.end(`caught ${err.message}`));
    await withServer(app, async (s) => assert.equal((await s.get('/s')).body, 'caught boom'));
  });
});

describe('routing methods', () => {
  it('app.METHOD for every method node knows, app.all, and get answering HEAD', async () => {
    const app = brisk();
    app.get('/r', (req, res) => res.end(`get ${req.method}`));
    app.post('/r', (_req, res) => res.end('post'));
    app.patch('/r', (_req, res) => res.end('patch'));
    (
      app as unknown as Record<
        string,
        (p: string, h: (req: http.IncomingMessage, res: http.ServerResponse) => void) => void
      >
    )['m-search']('/r', (_req, res) => res.end('m-search'));
    app.all('/all', (req, res) => res.end(`all ${req.method}`));
    await withServer(app, async (s) => {
      assert.equal((await s.get('/r')).body, 'get GET');
      assert.equal((await s.request('HEAD', '/r')).status, 200);
      assert.equal((await s.request('POST', '/r')).body, 'post');
      assert.equal((await s.request('PATCH', '/r')).body, 'patch');
      assert.equal((await s.request('M-SEARCH', '/r')).body, 'm-search');
      assert.equal((await s.request('DELETE', '/all')).body, 'all DELETE');
      assert.equal((await s.request('PROPFIND', '/all')).body, 'all PROPFIND');
      const options = await s.request('OPTIONS', '/r');
      assert.equal(options.status, 200);
      assert.equal(options.headers.allow, 'GET, HEAD, M-SEARCH, PATCH, POST');
    });
  });

  it('app.route chains handlers; app.router is created lazily and kept', async () => {
    const app = brisk();
    const router = app.router;
    assert.equal(app.router, router);
    app
      .route('/book')
      .get((_req, res) => res.end('get book'))
      .post((_req, res) => res.end('post book'));
    await withServer(app, async (s) => {
      assert.equal((await s.get('/book')).body, 'get book');
      assert.equal((await s.request('POST', '/book')).body, 'post book');
    });
  });

  it('app.get with one argument reads a setting', () => {
    const app = brisk();
    app.set('title', 'brisk');
    assert.equal(app.get('title'), 'brisk');
  });

  it('async handlers: rejections reach error handlers', async () => {
    const app = brisk();
    app.get('/', async () => {
      await new Promise((r) => setImmediate(r));
      throw Object.assign(new Error('nope'), { status: 409 });
    });
    app.use((err: Error & { status: number }, _req: unknown, res: http.ServerResponse, _next: unknown) => {
      res.statusCode = err.status;
      res.end(err.message);
    });
    await withServer(app, async (s) => {
      const r = await s.get('/');
      assert.equal(r.status, 409);
      assert.equal(r.body, 'nope');
    });
  });

  it('req.params from the path, decoded; req.route', async () => {
    const app = brisk();
    app.get('/users/:id/files/*rest', (req, res) =>
      res.end(JSON.stringify({ params: req.params, path: req.route?.path })),
    );
    await withServer(app, async (s) => {
      const r = await s.get('/users/a%20b/files/x/y');
      assert.deepEqual(JSON.parse(r.body), { params: { id: 'a b', rest: ['x', 'y'] }, path: '/users/:id/files/*rest' });
    });
  });
});

describe('app.param', () => {
  it('runs once per request before handlers, for a name or an array of names', async () => {
    const app = brisk();
    const calls: string[] = [];
    app.param(['a', 'b'], (req, _res, next, value, name) => {
      calls.push(`${name}=${value}`);
      (req as unknown as Record<string, unknown>)[`p${name}`] = String(value).toUpperCase();
      next();
    });
    app.get('/:a/:b', (_req, _res, next) => next());
    app.get('/:a/:b', (req, res) =>
      res.end(`${(req as unknown as Record<string, string>).pa}${(req as unknown as Record<string, string>).pb}`),
    );
    await withServer(app, async (s) => {
      assert.equal((await s.get('/x/y')).body, 'XY');
      assert.deepEqual(calls, ['a=x', 'b=y']);
    });
  });

  it('passes errors on', async () => {
    const app = brisk();
    app.param('id', (_req, _res, next) => next(Object.assign(new Error('bad id'), { status: 400, expose: true })));
    app.get('/:id', (_req, res) => res.end('never'));
    app.set('env', 'production');
    await withServer(app, async (s) => {
      const r = await s.get('/1');
      assert.equal(r.status, 400);
      assert.match(r.body, /Bad Request/);
    });
  });

  it('is not inherited by sub-apps', async () => {
    const app = brisk();
    const sub = brisk();
    app.param('id', (req, _res, next) => {
      (req as unknown as Record<string, unknown>).seen = true;
      next();
    });
    sub.get('/:id', (req, res) => res.end(String(Boolean((req as unknown as Record<string, unknown>).seen))));
    app.use('/sub', sub);
    await withServer(app, async (s) => assert.equal((await s.get('/sub/1')).body, 'false'));
  });
});

describe('app.listen', () => {
  it('listens on a port and returns the server; requests are built from the app classes', async () => {
    const app = brisk();
    app.get('/', (req, res) => {
      res.end(String(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response));
    });
    const server = app.listen(0, '127.0.0.1');
    assert.ok(server instanceof http.Server);
    await once(server, 'listening');
    assert.equal((server.address() as AddressInfo).address, '127.0.0.1');
    const s = await serve(server);
    try {
      assert.equal((await s.get('/')).body, 'true');
    } finally {
      await s.close();
    }
  });

  it('calls back when listening (port, host, callback), and with a listen error', async () => {
    const app = brisk();
    const first = await new Promise<http.Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    const { port } = first.address() as AddressInfo;
    try {
      const err = await new Promise<unknown>((resolve) => {
        app.listen(port, '127.0.0.1', (e?: Error) => resolve(e));
      });
      assert.equal((err as NodeJS.ErrnoException).code, 'EADDRINUSE');
    } finally {
      first.close();
    }
  });

  it('listens on a UNIX socket path and with an options object', async () => {
    const app = brisk();
    app.get('/', (_req, res) => res.end('unix'));
    const path = join(tmpdir(), `brisk-${process.pid}-${Date.now()}.sock`);
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(path, () => resolve(s));
    });
    try {
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get({ socketPath: path, path: '/' }, (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c));
            res.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
      assert.equal(body, 'unix');
    } finally {
      server.close();
    }
    const other = await new Promise<http.Server>((resolve) => {
      const s = app.listen({ port: 0, host: '127.0.0.1' }, () => resolve(s));
    });
    assert.equal((other.address() as AddressInfo).address, '127.0.0.1');
    other.close();
  });
});

describe('http.createServer(app)', () => {
  it('builds later requests from the app classes (node slots), and stays correct', async () => {
    const app = brisk();
    const protos: boolean[] = [];
    app.get('/', (req, res) => {
      protos.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
      res.end(`${req.constructor !== http.IncomingMessage} ${req.path}`);
    });
    const server = http.createServer(app);
    await withServer(server as unknown as Application, async (s) => {
      assert.equal((await s.get('/')).body, 'true /');
      assert.equal((await s.get('/')).body, 'true /');
    });
    assert.deepEqual(protos, [true, true]);
    const slots = Object.getOwnPropertySymbols(server).filter(
      (k) => k.description === 'IncomingMessage' || k.description === 'ServerResponse',
    );
    assert.equal(slots.length, 2, 'node keeps the classes in two symbol slots');
    for (const slot of slots)
      assert.notEqual(
        (server as unknown as Record<symbol, unknown>)[slot],
        slot.description === 'IncomingMessage' ? http.IncomingMessage : http.ServerResponse,
      );
  });

  it('leaves a server alone when the app is not its request listener', async () => {
    const app = brisk();
    app.get('/', (req, res) => res.end(String(Object.getPrototypeOf(req) === app.request)));
    const server = http.createServer((req, res) => {
      if (req.url === '/plain') return res.end(String(Object.getPrototypeOf(req) === http.IncomingMessage.prototype));
      app(req, res);
    });
    await withServer(server as unknown as Application, async (s) => {
      assert.equal((await s.get('/')).body, 'true');
      assert.equal((await s.get('/plain')).body, 'true');
    });
  });

  it('two apps on one server each prototype their requests', async () => {
    const a = brisk();
    const b = brisk();
    a.get('/', (req, res) => res.end(`a ${req.app === a}`));
    b.get('/', (req, res) => res.end(`b ${req.app === b}`));
    const server = http.createServer((req, res) => (req.headers['x-app'] === 'b' ? b(req, res) : a(req, res)));
    await withServer(server as unknown as Application, async (s) => {
      assert.equal((await s.get('/', { 'x-app': 'b' })).body, 'b true');
      assert.equal((await s.get('/')).body, 'a true');
      assert.equal((await s.get('/', { 'x-app': 'b' })).body, 'b true');
    });
  });
});

describe('app.locals', () => {
  it('is an object with settings, visible through req.app.locals', async () => {
    const app = brisk();
    app.locals.title = 'My App';
    app.get('/', (req, res) => res.end(String(req.app.locals.title)));
    await withServer(app, async (s) => assert.equal((await s.get('/')).body, 'My App'));
    assert.equal(app.locals.settings, app.settings);
  });
});
