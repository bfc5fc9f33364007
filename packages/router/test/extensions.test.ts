// brisk's own Router() options (`Router({ [EXTENSIONS]: { ... } })`, none of them router 2.3's):
// what each changes, over real HTTP, that a router made without them is router 2.3's, and that a
// bad extension fails when the router is made.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router, { EXTENSIONS, type LayerMatcher, type PathMatcherOptions, type RouterOptions } from '../src/index.js';
import { serve } from '../../../test/support/http.js';
import { finalHandler } from './http.js';

type Req = IncomingMessage & { params: Record<string, unknown> };

/** Serves `router` on a bare node server, with a final handler after it. */
function serveRouter(router: ReturnType<typeof Router>): ReturnType<typeof serve> {
  return serve((req: IncomingMessage, res: ServerResponse) => router(req, res, finalHandler(req, res)));
}

/** A handler that ends the response with `text`. */
const say = (text: string) => (req: IncomingMessage, res: ServerResponse) => res.end(text);

/** The prototype and keys of `req.params`, as JSON. */
const showParams = (req: IncomingMessage, res: ServerResponse) => {
  const params = (req as Req).params;
  res.end(JSON.stringify({ plain: Object.getPrototypeOf(params) === Object.prototype, params }));
};

describe('the EXTENSIONS key', () => {
  test('a named export and a non-enumerable property of the module: its keys stay router 2.3 ones', () => {
    assert.equal(typeof EXTENSIONS, 'symbol');
    assert.equal((Router as unknown as { EXTENSIONS: symbol }).EXTENSIONS, EXTENSIONS);
    assert.deepEqual(Object.keys(Router).sort(), ['Route']);
  });

  test('bad extensions throw a TypeError naming the key when the router is made', () => {
    const make = (ext: unknown) => () => Router({ [EXTENSIONS]: ext } as RouterOptions);
    assert.throws(make(null), new TypeError('option extensions must be an object'));
    assert.throws(make(true), new TypeError('option extensions must be an object'));
    assert.throws(make([]), new TypeError('option extensions must be an object'));
    const known = '(known: optionsResponse, pathMatcher, plainParams)';
    // a typo, and router 2.3's or Express's own names used by mistake
    assert.throws(
      make({ optionResponse: () => {} }),
      new TypeError(`unknown router extension "optionResponse" ${known}`),
    );
    assert.throws(make({ strict: true }), new TypeError(`unknown router extension "strict" ${known}`));
    assert.throws(
      make({ __proto__: null, [Symbol('x')]: 1 }),
      new TypeError(`unknown router extension "Symbol(x)" ${known}`),
    );
    assert.throws(
      make({ optionsResponse: 'GET,HEAD' }),
      new TypeError('router extension optionsResponse must be a function'),
    );
    assert.throws(make({ pathMatcher: /x/ }), new TypeError('router extension pathMatcher must be a function'));
    assert.throws(make({ plainParams: 1 }), new TypeError('router extension plainParams must be a boolean'));
    // undefined values and an empty or prototype-less object are fine
    Router({ [EXTENSIONS]: undefined });
    Router({ [EXTENSIONS]: {} });
    Router({ [EXTENSIONS]: Object.assign(Object.create(null), { plainParams: undefined }) });
  });

  test('the extensions are read once: changing the object given afterwards changes nothing', async () => {
    const ext: { plainParams?: boolean } = { plainParams: false };
    const router = Router({ [EXTENSIONS]: ext });
    ext.plainParams = true;
    router.get('/:id', showParams);
    const s = await serveRouter(router);
    try {
      assert.equal(JSON.parse((await s.get('/1')).body).plain, false);
    } finally {
      await s.close();
    }
  });
});

describe('optionsResponse', () => {
  test('gets the methods once each, in the order the routes were met, and sends the answer', async () => {
    const seen: string[][] = [];
    const router = Router({
      [EXTENSIONS]: {
        optionsResponse(res, methods) {
          seen.push(methods);
          res.setHeader('Allow', methods.join(','));
          res.end(`custom ${methods.join(',')}`);
        },
      },
    });
    router.put('/a', say('put'));
    router.route('/a').post(say('post')).get(say('get'));
    router.get('/a', say('get again'));
    router.delete('/:any', say('delete'));
    router.options('/b', say('own options'));
    const s = await serveRouter(router);
    try {
      const r = await s.request('OPTIONS', '/a');
      assert.equal(r.status, 200);
      assert.equal(r.headers.allow, 'PUT,POST,GET,HEAD,DELETE');
      assert.equal(r.body, 'custom PUT,POST,GET,HEAD,DELETE');
      assert.deepEqual(seen, [['PUT', 'POST', 'GET', 'HEAD', 'DELETE']]);
      // a route that answers OPTIONS, and a path no route matches: not called
      assert.equal((await s.request('OPTIONS', '/b')).body, 'own options');
      assert.equal((await s.request('OPTIONS', '/x/y')).status, 404);
      assert.equal(seen.length, 1);
    } finally {
      await s.close();
    }
  });

  test('a throw goes to the router’s next(err)', async () => {
    const router = Router({
      [EXTENSIONS]: {
        optionsResponse() {
          throw new Error('no answer');
        },
      },
    });
    router.get('/a', say('get'));
    const s = await serveRouter(router);
    try {
      const r = await s.request('OPTIONS', '/a');
      assert.equal(r.status, 500);
      assert.equal(r.body, 'final: no answer');
      assert.equal(r.headers.allow, undefined);
    } finally {
      await s.close();
    }
  });

  test('a falsy throw and a rejected promise are errors too, never "no error"', async () => {
    const cases: Array<[string, () => unknown, string]> = [
      [
        '/undefined',
        () => {
          throw undefined;
        },
        'final: router extension optionsResponse threw undefined',
      ],
      [
        '/zero',
        () => {
          throw 0;
        },
        'final: router extension optionsResponse threw 0',
      ],
      ['/rejected', () => Promise.reject(new Error('later')), 'final: later'],
      ['/rejected-null', () => Promise.reject(null), 'final: Rejected promise'],
    ];
    for (const [path, respond, body] of cases) {
      const router = Router({ [EXTENSIONS]: { optionsResponse: respond as () => void } });
      router.get(path, say('get'));
      const s = await serveRouter(router);
      try {
        const r = await s.request('OPTIONS', path);
        assert.equal(`${r.status} ${r.body}`, `500 ${body}`, path);
      } finally {
        await s.close();
      }
    }
  });

  test('without it, router 2.3’s answer: sorted, joined by ", ", as text/plain', async () => {
    const router = Router({ [EXTENSIONS]: {} });
    router.put('/a', say('put'));
    router.get('/a', say('get'));
    const s = await serveRouter(router);
    try {
      const r = await s.request('OPTIONS', '/a');
      assert.equal(r.headers.allow, 'GET, HEAD, PUT');
      assert.equal(r.body, 'GET, HEAD, PUT');
      assert.equal(r.headers['content-type'], 'text/plain');
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
    } finally {
      await s.close();
    }
  });
});

describe('pathMatcher', () => {
  /** A matcher for `~name`: any path whose first segment is `name`, case as given, params from it. */
  function tilde(path: unknown, options: PathMatcherOptions): LayerMatcher | undefined {
    if (typeof path !== 'string' || path[0] !== '~') return undefined;
    const name = path.slice(1);
    return (p) => {
      const first = p.split('/')[1] ?? '';
      if (first !== name) return false;
      return { params: { 0: first, end: String(options.end) }, path: options.end ? p : `/${first}` };
    };
  }

  test('is asked for each element of a layer’s path with the layer’s options; undefined keeps router 2.3’s', () => {
    const calls: Array<[unknown, PathMatcherOptions]> = [];
    const router = Router({
      caseSensitive: true,
      strict: true,
      [EXTENSIONS]: {
        pathMatcher(path, options) {
          calls.push([path, options]);
          return undefined;
        },
      },
    });
    router.use(['/a', ['/b', /c/]], say('mw'));
    router.get('/d/:id', say('route'));
    router.use(say('root'));
    assert.deepEqual(calls, [
      ['/a', { sensitive: true, strict: false, end: false }],
      ['/b', { sensitive: true, strict: false, end: false }],
      [/c/, { sensitive: true, strict: false, end: false }],
      ['/d/:id', { sensitive: true, strict: true, end: true }],
      ['/', { sensitive: true, strict: false, end: false }],
    ]);
  });

  test('a matcher it gives is the layer’s: the element kept as given, params as it returns them', async () => {
    const router = Router({ [EXTENSIONS]: { pathMatcher: tilde } });
    router.use('~api', (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      res.setHeader('x-mw', `${(req as Req).params[0]} ${req.url} ${(req as { baseUrl?: string }).baseUrl}`);
      next();
    });
    const route = router.route('~api');
    route.get(showParams);
    router.get(['/plain', '~mixed'], say('array'));
    assert.equal(route.path, '~api');
    assert.equal(router.stack[0].rawPath, '~api');
    assert.deepEqual(router.stack[2].rawPath, ['/plain', '~mixed']);
    assert.equal(typeof router.stack[0].matchers[0], 'function');
    assert.deepEqual(
      router.listRoutes().map((r) => r.path),
      ['~api', '/plain', '~mixed'],
    );
    const s = await serveRouter(router);
    try {
      const r = await s.get('/api');
      assert.equal(r.headers['x-mw'], 'api / /api');
      assert.deepEqual(JSON.parse(r.body), { plain: true, params: { 0: 'api', end: 'true' } });
      assert.equal((await s.get('/plain')).body, 'array');
      assert.equal((await s.get('/mixed/x')).body, 'array');
      assert.equal((await s.get('/API')).status, 404);
    } finally {
      await s.close();
    }
  });

  test('a layer with such a matcher is tried for every path (the dispatch index cannot read it)', async () => {
    const router = Router({
      [EXTENSIONS]: { pathMatcher: (path) => (path === 'any' ? (p) => ({ params: {}, path: p }) : undefined) },
    });
    router.get('/users/:id', say('user'));
    router.get('any', say('any'));
    const s = await serveRouter(router);
    try {
      assert.equal((await s.get('/users/1')).body, 'user');
      assert.equal((await s.get('/something/else/entirely')).body, 'any');
    } finally {
      await s.close();
    }
  });

  test("a matcher it gives for middleware on '/' is used (not the match-everything shortcut)", async () => {
    const router = Router({
      [EXTENSIONS]: {
        pathMatcher: (path) => (path === '/' ? (p) => (p === '/only' ? { params: {}, path: '' } : false) : undefined),
      },
    });
    router.use(say('root middleware'));
    const s = await serveRouter(router);
    try {
      assert.equal((await s.get('/only')).body, 'root middleware');
      assert.equal((await s.get('/other')).status, 404);
    } finally {
      await s.close();
    }
  });

  test('a value that is not a matcher throws when the layer is added', () => {
    const router = Router({ [EXTENSIONS]: { pathMatcher: () => 'nope' as unknown as LayerMatcher } });
    assert.throws(
      () => router.get('/a', say('a')),
      new TypeError('router extension pathMatcher must return a function or undefined'),
    );
  });
});

describe('plainParams', () => {
  test('req.params inherits Object.prototype in routes, mounted middleware and nested routers', async () => {
    const router = Router({ [EXTENSIONS]: { plainParams: true } });
    const inner = Router({ mergeParams: true, [EXTENSIONS]: { plainParams: true } });
    inner.get('/:b', showParams);
    router.use('/m/:a', inner);
    router.use('/mw/:x', showParams);
    router.get('/r/:id/:hasOwnProperty', showParams);
    router.get('/p/:__proto__', showParams);
    router.get(/^\/re\/(\d+)$/, showParams);
    const s = await serveRouter(router);
    try {
      assert.deepEqual(JSON.parse((await s.get('/m/1/2')).body), { plain: true, params: { a: '1', b: '2' } });
      assert.deepEqual(JSON.parse((await s.get('/mw/1/z')).body), { plain: true, params: { x: '1' } });
      assert.deepEqual(JSON.parse((await s.get('/r/7/h')).body), {
        plain: true,
        params: { id: '7', hasOwnProperty: 'h' },
      });
      // a `__proto__` param is left out, and the prototype stays Object.prototype
      assert.deepEqual(JSON.parse((await s.get('/p/%7B%7D')).body), { plain: true, params: {} });
      assert.deepEqual(JSON.parse((await s.get('/re/5')).body), { plain: true, params: { 0: '5' } });
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    } finally {
      await s.close();
    }
  });

  test('without it, router 2.3’s prototype-less params', async () => {
    const router = Router();
    router.get('/r/:id', showParams);
    router.get('/p/:__proto__', showParams);
    const s = await serveRouter(router);
    try {
      assert.deepEqual(JSON.parse((await s.get('/r/7')).body), { plain: false, params: { id: '7' } });
      assert.deepEqual(JSON.parse((await s.get('/p/x')).body), { plain: false, params: { ['__proto__']: 'x' } });
    } finally {
      await s.close();
    }
  });
});
