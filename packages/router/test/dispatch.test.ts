// Dispatch details that a real HTTP request cannot show or reach: when and how the final
// callback is called, what is restored, URLs node would reject, and a stack changed in place.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router, { Route, type NextFunction, type RouterInstance } from '../src/index.js';

interface FakeReq {
  method?: string;
  url?: string;
  originalUrl?: string;
  baseUrl?: string;
  params?: unknown;
  next?: unknown;
  route?: unknown;
  trail: string[];
  [key: string]: unknown;
}

interface Outcome {
  err: unknown;
  args: number;
  sync: boolean;
  req: FakeReq;
  ended: string | undefined;
  headers: Record<string, unknown>;
}

/** Dispatches a fake request; resolves when the final callback runs or the response ends. */
function dispatch(router: RouterInstance, fields: Partial<FakeReq>): Promise<Outcome> {
  return new Promise((resolve) => {
    const req: FakeReq = { method: 'GET', url: '/', trail: [], ...fields };
    const headers: Record<string, unknown> = {};
    let sync = true;
    const res = {
      setHeader(name: string, value: unknown) {
        headers[name] = value;
      },
      end(body?: string) {
        resolve({ err: undefined, args: -1, sync, req, ended: body ?? '', headers });
      },
    };
    router(req as unknown as IncomingMessage, res as unknown as ServerResponse, function done(...args: unknown[]) {
      resolve({ err: args[0], args: args.length, sync, req, ended: undefined, headers });
    });
    sync = false;
  });
}

const mark =
  (name: string) =>
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void => {
    (req as unknown as FakeReq).trail.push(name);
    next();
  };

describe('the final callback', () => {
  test('called later with undefined when the last layer calls next(), restoring baseUrl, next and params', async () => {
    const router = Router();
    router.use('/a/:x', (req, res, next) => {
      assert.equal(req.next, next);
      next();
    });
    const parentNext = (): void => {};
    const out = await dispatch(router, { url: '/a/1', baseUrl: '/base', params: { p: 1 }, next: parentNext });
    assert.equal(out.sync, false);
    assert.equal(out.args, 1);
    assert.equal(out.err, undefined);
    assert.equal(out.req.baseUrl, '/base');
    assert.deepEqual(out.req.params, { p: 1 });
    assert.equal(out.req.next, parentNext);
    assert.equal(out.req.url, '/a/1');
    assert.equal(out.req.originalUrl, '/a/1');
  });

  test("the next handed to layers is router 2's: a function named next, of one parameter, the same for every layer", async () => {
    const router = Router();
    const seen: NextFunction[] = [];
    router.use((_req, _res, next) => {
      seen.push(next);
      next();
    });
    router.get('/', (_req, _res, next) => {
      seen.push(next);
      next();
    });
    const out = await dispatch(router, {});
    assert.equal(out.err, undefined);
    assert.equal(seen.length, 2);
    assert.equal(seen[0].name, 'next');
    assert.equal(seen[0].length, 1);
    assert.equal(seen[1], seen[0]);
  });

  test('called at once when no remaining layer matches', async () => {
    const router = Router();
    router.get('/x', mark('x'));
    const out = await dispatch(router, { url: '/y' });
    assert.equal(out.sync, true);
    assert.equal(out.err, undefined);
  });

  test("next('router') ends with null; an unhandled error is passed on", async () => {
    const router = Router();
    router.get('/router', (req, res, next) => next('router'));
    router.get('/err', (req, res, next) => next(new Error('x')));
    assert.equal((await dispatch(router, { url: '/router' })).err, null);
    assert.equal(((await dispatch(router, { url: '/err' })).err as Error).message, 'x');
  });

  test('an empty router calls back later', async () => {
    const out = await dispatch(Router(), { url: '/' });
    assert.equal(out.sync, false);
    assert.equal(out.err, undefined);
  });

  test('the automatic OPTIONS answer does not call back; a failing response passes its error on', async () => {
    const router = Router();
    router.get('/a', mark('never'));
    const out = await dispatch(router, { method: 'OPTIONS', url: '/a' });
    assert.equal(out.ended, 'GET, HEAD');
    assert.deepEqual(out.headers, {
      Allow: 'GET, HEAD',
      'Content-Length': 9,
      'Content-Type': 'text/plain',
      'X-Content-Type-Options': 'nosniff',
    });

    const failing = await new Promise<unknown>((resolve) => {
      const res = {
        setHeader() {
          throw new Error('headers already sent');
        },
      };
      router({ method: 'OPTIONS', url: '/a' } as IncomingMessage, res as unknown as ServerResponse, resolve);
    });
    assert.equal((failing as Error).message, 'headers already sent');
  });
});

describe('request URLs', () => {
  test('a URL that is not a path reaches middleware on / and patterns that start with a parameter', async () => {
    const router = Router();
    router.use(mark('root'));
    router.use('/x', mark('x'));
    router.all('*splat', mark('route'));
    const star = await dispatch(router, { method: 'OPTIONS', url: '*' });
    assert.deepEqual(star.req.trail, ['root', 'route']);
    const relative = await dispatch(router, { url: 'x/y' });
    assert.deepEqual(relative.req.trail, ['root', 'route']);
  });

  test('no URL, or one url.parse rejects: the callback is called at once', async () => {
    const router = Router();
    router.use(mark('root'));
    const none = await dispatch(router, { url: undefined });
    assert.equal(none.sync, true);
    assert.deepEqual(none.req.trail, []);
    const bad = await dispatch(router, { url: 42 as never });
    assert.equal(bad.sync, true);
    assert.deepEqual(bad.req.trail, []);
  });

  test('a path with what url.parse treats specially is matched on parseurl’s pathname', async () => {
    const router = Router();
    router.get('/a%20b', mark('escaped'));
    router.get('/c', mark('before hash'));
    const space = await dispatch(router, { url: '/a b' });
    assert.deepEqual(space.req.trail, ['escaped']);
    const hash = await dispatch(router, { url: '/c#d?e' });
    assert.deepEqual(hash.req.trail, ['before hash']);
  });

  test('a mount path matched on an escaped pathname strips and restores req.url as router 2 does', async () => {
    // parseurl's pathname of '/a b/c' is '/a%20b/c': router 2 cuts req.url by the pathname's
    // lengths, which garbles it; kept as is, for the same answers.
    const router = Router();
    router.use('/a%20b', (req, res, next) => {
      (req as unknown as FakeReq).trail.push(`in ${req.url} ${req.baseUrl}`);
      next();
    });
    router.use((req, res, next) => {
      (req as unknown as FakeReq).trail.push(`after ${req.url}`);
      next();
    });
    const out = await dispatch(router, { url: '/a b/c' });
    assert.deepEqual(out.req.trail, ['in / /a%20b', 'after /a%20b']);
  });

  test('absolute-form URLs: scheme and host stay in req.url while mounted', async () => {
    const router = Router();
    router.use('/a', (req, res, next) => {
      (req as unknown as FakeReq).trail.push(`${req.url} ${req.baseUrl}`);
      next();
    });
    router.get('/', mark('root route'));
    const out = await dispatch(router, { url: 'http://example.com/a/b?c=://' });
    assert.deepEqual(out.req.trail, ['http://example.com/b?c=:// /a']);
    assert.equal(out.req.url, 'http://example.com/a/b?c=://');
    const bare = await dispatch(router, { url: 'http://example.com' });
    assert.deepEqual(bare.req.trail, ['root route']);
    const query = await dispatch(router, { url: 'a?b=http://x/y' });
    assert.deepEqual(query.req.trail, []);
  });

  test('a rewritten req.url is matched from the next layer on', async () => {
    const router = Router();
    router.use((req, res, next) => {
      req.url = '/rewritten';
      next();
    });
    router.get('/original', mark('original'));
    router.get('/rewritten', mark('rewritten'));
    const out = await dispatch(router, { url: '/original' });
    assert.deepEqual(out.req.trail, ['rewritten']);
  });

  test('a RegExp mount path must end at a /: then it is stripped and the leading slash added back', async () => {
    const router = Router();
    router.use(/^\/re\//, (req, res, next) => {
      (req as unknown as FakeReq).trail.push(`${req.url} ${req.baseUrl}`);
      next();
    });
    router.use(/\/x/, mark('unanchored regexp: never a mount'));
    const inside = await dispatch(router, { url: '/re/a' });
    assert.deepEqual(inside.req.trail, [], 'the match "/re/" is followed by "a", not a /');
    const out = await dispatch(router, { url: '/re/' });
    assert.deepEqual(out.req.trail, ['/ /re']);
    assert.equal(out.req.url, '/re/');
    const mid = await dispatch(router, { url: '/y/x' });
    assert.deepEqual(mid.req.trail, []);
  });
});

describe('the stack can change', () => {
  test('layers added after the first request are seen', async () => {
    const router = Router();
    router.get('/a', mark('a'));
    assert.deepEqual((await dispatch(router, { url: '/b' })).req.trail, []);
    router.get('/b', mark('b'));
    assert.deepEqual((await dispatch(router, { url: '/b' })).req.trail, ['b']);
    router.route('/b').all(mark('b2'));
    assert.deepEqual((await dispatch(router, { url: '/b' })).req.trail, ['b', 'b2']);
  });

  test('a layer added during a request runs in that request', async () => {
    const router = Router();
    router.use((req, res, next) => {
      router.get('/late', mark('late'));
      next();
    });
    assert.deepEqual((await dispatch(router, { url: '/late' })).req.trail, ['late']);
  });

  test('layers moved or removed in place (same length) are seen, during and between requests', async () => {
    const router = Router();
    router.use(mark('first'));
    router.get('/x', mark('route'));
    router.use(mark('last'));
    router.stack.reverse();
    assert.deepEqual((await dispatch(router, { url: '/x' })).req.trail, ['last', 'route', 'first']);

    const live = Router();
    live.use((req, res, next) => {
      // swap the two layers after this one
      const [a, b] = live.stack.splice(1, 2);
      live.stack.push(b, a);
      next();
    });
    live.use(mark('a'));
    live.get('/y', mark('b'));
    assert.deepEqual((await dispatch(live, { url: '/y' })).req.trail, ['b', 'a']);
  });

  test('a replaced stack array is used from the next request', async () => {
    const router = Router();
    router.get('/x', mark('old'));
    const other = Router();
    other.get('/x', mark('new'));
    router.stack = other.stack;
    assert.deepEqual((await dispatch(router, { url: '/x' })).req.trail, ['new']);
  });

  test('a route whose handle was wrapped (instrumentation) runs the wrapper', async () => {
    const router = Router();
    router.get('/x', mark('route'));
    const [layer] = router.stack;
    const inner = layer.handle as (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;
    layer.handle = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => {
      (req as unknown as FakeReq).trail.push('wrapper');
      inner(req, res, next);
    };
    assert.deepEqual((await dispatch(router, { url: '/x' })).req.trail, ['wrapper', 'route']);
  });

  test('a patched Route.prototype.dispatch is used', async (t) => {
    const original = Route.prototype.dispatch;
    t.after(() => {
      Route.prototype.dispatch = original;
    });
    Route.prototype.dispatch = function (this: Route, req, res, done) {
      (req as unknown as FakeReq).trail.push('patched');
      original.call(this, req, res, done);
    };
    const router = Router();
    router.get('/x', mark('route'));
    assert.deepEqual((await dispatch(router, { url: '/x' })).req.trail, ['patched', 'route']);
  });

  test('a layer object shaped as router 2 builds them can be put in the stack', async () => {
    const router = Router();
    router.get('/x', mark('route'));
    const foreign = {
      route: undefined,
      keys: [] as string[],
      params: undefined as unknown,
      path: undefined as unknown,
      match(path: string) {
        this.params = {};
        this.path = '';
        return path === '/x';
      },
      handleRequest(req: IncomingMessage, res: ServerResponse, next: NextFunction) {
        (req as unknown as FakeReq).trail.push('foreign');
        next();
      },
      handleError(err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction) {
        next(err);
      },
    };
    router.stack.unshift(foreign as never);
    assert.deepEqual((await dispatch(router, { url: '/x' })).req.trail, ['foreign', 'route']);
  });
});

describe('more dispatch behaviour', () => {
  test('hundreds of synchronous layers do not overflow the stack', async () => {
    const router = Router();
    for (let i = 0; i < 500; i++) router.use((req, res, next) => next());
    router.get(
      '/x',
      ...Array.from({ length: 500 }, () => (req: IncomingMessage, res: ServerResponse, next: NextFunction) => next()),
    );
    router.use(mark('end'));
    assert.deepEqual((await dispatch(router, { url: '/x' })).req.trail, ['end']);
  });

  test('HEAD runs a route without GET or HEAD handlers: its param callbacks run, its handlers do not', async () => {
    const router = Router();
    router.param('id', (req, res, next, value) => {
      (req as unknown as FakeReq).trail.push(`param ${String(value)}`);
      next();
    });
    router.post('/:id', mark('post'));
    router.get('/:id', mark('get'));
    const out = await dispatch(router, { method: 'HEAD', url: '/7' });
    assert.deepEqual(out.req.trail, ['param 7', 'get']);
  });

  test("a one-handler route's next('route') ends with undefined, as through route.dispatch", async () => {
    const router = Router();
    router.get('/x', (req, res, next) => next('route'));
    const out = await dispatch(router, { url: '/x' });
    assert.equal(out.err, undefined);
  });

  test("route.dispatch(): a handler that calls next again after the route's end steps on, as in router 2", () => {
    const ends: unknown[][] = [];
    const route = new Route('/').get((req, res, next) => {
      next();
      next();
    });
    route.dispatch({ method: 'GET', url: '/' } as never, {} as never, (...args: unknown[]) => ends.push(args));
    assert.deepEqual(ends, [[undefined], [undefined]]);
  });

  test('route.dispatch() on its own', async () => {
    const done = (route: Route, method: string) =>
      new Promise<unknown[]>((resolve) => {
        route.dispatch({ method, url: '/' } as never, {} as never, (...args: unknown[]) => resolve(args));
      });
    assert.deepEqual(await done(new Route('/'), 'GET'), []);
    const route = new Route('/').post((req, res, next) => next('router'));
    assert.deepEqual(await done(route, 'GET'), [undefined]);
    assert.deepEqual(await done(route, 'POST'), ['router']);
    const head = new Route('/')
      .get((req, res, next) => next(new Error('e')))
      .get((err: unknown, req: unknown, res: unknown, next: NextFunction) => next(err));
    const [err] = await done(head, 'HEAD');
    assert.equal((err as Error).message, 'e');
  });

  test('mergeParams at the top level keeps the layer params', async () => {
    const router = Router({ mergeParams: true });
    router.get('/:id', (req, res) => res.end(JSON.stringify(req.params)));
    assert.equal((await dispatch(router, { url: '/3' })).ended, '{"id":"3"}');
  });

  test('mergeParams copies symbols and params of replaced matchers as Object.assign does', async () => {
    const router = Router({ mergeParams: true });
    const key = Symbol('k');
    router.use('/:a', (req, res) =>
      res.end(JSON.stringify(req.params) + String((req.params as Record<symbol, unknown>)[key])),
    );
    const [layer] = router.stack;
    layer.matchers = [(path) => ({ params: { a: path.slice(1), [key]: 'sym' } as never, path })];
    const parent = { p: '1' };
    const out = await dispatch(router, { url: '/x', params: parent });
    assert.equal(out.ended, '{"p":"1","a":"x"}sym');
  });

  test('param callbacks: a value seen before reuses its outcome, an error is remembered', async () => {
    const router = Router();
    let calls = 0;
    router.param('id', (req, res, next, value) => {
      calls++;
      if (value === 'bad') next(new Error('bad'));
      else next();
    });
    router.get('/:id', mark('one'));
    router.get('/:id', mark('two'));
    router.use((err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction) => {
      (req as unknown as FakeReq).trail.push('handled');
      next();
    });
    router.get('/:id', mark('three'));
    assert.deepEqual((await dispatch(router, { url: '/ok' })).req.trail, ['one', 'two', 'three']);
    assert.equal(calls, 1);
    assert.deepEqual((await dispatch(router, { url: '/bad' })).req.trail, ['handled']);
    assert.equal(calls, 2);
  });

  test('param callbacks read req.params at each step, even when replaced', async () => {
    const router = Router();
    router.param('a', (req, res, next) => {
      req.params = { a: 'replaced', b: 'set by a' } as never;
      next();
    });
    router.param('b', (req, res, next, value) => {
      (req as unknown as FakeReq).trail.push(`b=${String(value)}`);
      next();
    });
    router.get('/:a/:b', (req, res) => res.end(JSON.stringify(req.params)));
    const out = await dispatch(router, { url: '/1/2' });
    assert.deepEqual(out.req.trail, ['b=set by a']);
    assert.equal(out.ended, '{"a":"replaced","b":"set by a"}');
  });
});
