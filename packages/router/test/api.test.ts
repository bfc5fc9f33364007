// The public surface: exports, construction, the stack's shape, and the set-up errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import Router, { Route, useArguments } from '../src/index.js';

const noop = (): void => {};

describe('exports', () => {
  test('the default export is Router, with Route as a property and a named export', () => {
    assert.equal(typeof Router, 'function');
    assert.equal(Router.name, 'Router');
    assert.equal(Router.Route, Route);
    assert.deepEqual(Object.keys(Router), ['Route']);
  });

  test('useArguments reads use() arguments: a path first or handlers only, flattened', () => {
    const a = (): void => {};
    const b = (): void => {};
    assert.deepEqual(useArguments([a, [b]], 'none'), { path: '/', handlers: [a, b] });
    assert.deepEqual(useArguments(['/x', [[a]], b], 'none'), { path: '/x', handlers: [a, b] });
    assert.deepEqual(useArguments([[[a], b]], 'none'), { path: '/', handlers: [a, b] });
    assert.deepEqual(useArguments([['/x', '/y'], a], 'none'), { path: ['/x', '/y'], handlers: [a] });
    assert.deepEqual(useArguments([[], a], 'none'), { path: [], handlers: [a] });
    assert.deepEqual(useArguments(['/x', 1], 'none'), { path: '/x', handlers: [1] }, 'the caller checks each handler');
    assert.throws(() => useArguments([], 'none given'), { name: 'TypeError', message: 'none given' });
    assert.throws(() => useArguments(['/x', [[]]], 'none given'), { name: 'TypeError', message: 'none given' });
    assert.equal(Router.useArguments, useArguments);
    assert.equal(Object.getOwnPropertyDescriptor(Router, 'useArguments')?.enumerable, false);
  });

  test('Router() works with and without new, and returns a function that is a Router', () => {
    for (const router of [Router(), new Router()]) {
      assert.equal(typeof router, 'function');
      assert.ok(router instanceof Router);
      assert.deepEqual(Object.keys(router), ['caseSensitive', 'mergeParams', 'params', 'strict', 'stack']);
      assert.deepEqual(router.stack, []);
      assert.deepEqual(router.params, {});
    }
    assert.equal(typeof Router.prototype, 'function', 'the prototype is a function, as in router 2');
  });

  test('options are kept on the router', () => {
    const router = Router({ caseSensitive: true, mergeParams: true, strict: true });
    assert.equal(router.caseSensitive, true);
    assert.equal(router.mergeParams, true);
    assert.equal(router.strict, true);
    const plain = Router();
    assert.equal(plain.caseSensitive, undefined);
    assert.equal(plain.mergeParams, undefined);
    assert.equal(plain.strict, undefined);
  });

  test('router.handle is named handle, as in router 2', () => {
    assert.equal(Router().handle.name, 'handle');
  });

  test('a method per http.METHODS entry, lowercased, on routers and routes, plus all', () => {
    const router = Router() as unknown as Record<string, unknown>;
    const route = new Route('/') as unknown as Record<string, unknown>;
    for (const method of METHODS.map((m) => m.toLowerCase()).concat('all')) {
      assert.equal(typeof router[method], 'function', `router.${method}`);
      assert.equal(typeof route[method], 'function', `route.${method}`);
    }
    assert.equal(typeof router['m-search'], 'function');
  });
});

describe('router.stack', () => {
  test('middleware layers: handle, name, keys, path, params, slash, matchers, no route', () => {
    const router = Router();
    function logger(): void {}
    router.use(logger);
    router.use('/admin', () => {});
    const [root, admin] = router.stack;
    assert.equal(root.handle, logger);
    assert.equal(root.name, 'logger');
    assert.equal(root.slash, true);
    assert.equal(root.route, undefined);
    assert.deepEqual(root.keys, []);
    assert.equal(root.params, undefined);
    assert.equal(root.path, undefined);
    assert.equal(admin.name, '<anonymous>');
    assert.equal(admin.slash, false);
    assert.equal(admin.matchers.length, 1);
  });

  test('route layers carry their route: path, stack (with methods), methods', () => {
    const router = Router();
    const get = (): void => {};
    router.get('/users/:id', get);
    router.route('/items').all(noop).post(noop);
    const [users, items] = router.stack;
    assert.equal(users.name, 'handle');
    assert.ok(users.route instanceof Route);
    assert.equal(users.route?.path, '/users/:id');
    assert.equal(users.route?.stack.length, 1);
    assert.equal(users.route?.stack[0].handle, get);
    assert.equal(users.route?.stack[0].method, 'get');
    assert.deepEqual({ ...users.route?.methods }, { get: true });
    assert.equal(Object.getPrototypeOf(users.route?.methods), null);
    assert.deepEqual(
      items.route?.stack.map((l) => l.method),
      [undefined, 'post'],
    );
    assert.deepEqual({ ...items.route?.methods }, { _all: true, post: true });
    assert.deepEqual(users.route?._methods(), ['GET', 'HEAD']);
    // router 2.2 listed all() as '_ALL'; 2.3 leaves it out, or shows it as '*' when asked
    assert.deepEqual(items.route?._methods(), ['POST']);
    assert.deepEqual(items.route?._methods(true), ['*', 'POST']);
    assert.equal(items.route?._handlesMethod('DELETE'), true);
    assert.equal(users.route?._handlesMethod('HEAD'), true);
    assert.equal(users.route?._handlesMethod('post'), false);
  });

  test('layer.match() records the params, path and keys of the match; matchers are shaped as router 2', () => {
    const router = Router();
    router.use('/users/:id', noop);
    router.get(/^\/re\/(\d+)\/(?<name>\w+)$/, noop);
    router.get('/opt{/:a}', noop);
    const [mount, re, opt] = router.stack;
    assert.equal(mount.match('/users/42/posts'), true);
    assert.deepEqual({ ...mount.params }, { id: '42' });
    assert.equal(mount.path, '/users/42');
    assert.deepEqual(mount.keys, ['id']);
    assert.equal(mount.match('/other'), false);
    assert.equal(mount.params, undefined);
    assert.equal(mount.path, undefined);
    assert.equal(mount.match(null), false);

    assert.equal(re.match('/re/7/bob'), true);
    assert.deepEqual(re.params, { 0: '7', name: 'bob' });
    assert.deepEqual(re.keys, ['0', 'name']);

    assert.equal(opt.match('/opt'), true);
    assert.deepEqual(opt.keys, []);
    assert.equal(opt.match('/opt/x'), true);
    assert.deepEqual(opt.keys, ['a']);

    const m = mount.matchers[0]('/users/1');
    assert.ok(m);
    assert.equal(m.path, '/users/1');
    assert.deepEqual({ ...m.params }, { id: '1' });
    assert.equal(mount.matchers[0]('/x'), false);
  });

  test('replaced matchers are used as given', () => {
    const router = Router();
    router.use('/a', noop);
    const [layer] = router.stack;
    layer.matchers = [(path) => (path === '/custom' ? { params: { x: '1' }, path: '/custom' } : false)];
    assert.equal(layer.match('/a'), false);
    assert.equal(layer.match('/custom'), true);
    assert.deepEqual(layer.params, { x: '1' });
    assert.deepEqual(layer.keys, ['x']);
  });

  test('a registration that throws keeps the layers added before the bad handler', () => {
    const router = Router();
    assert.throws(() => router.get('/', {} as never), TypeError);
    assert.equal(router.stack.length, 1, 'the route is added before its handlers are checked');
    assert.throws(() => router.use(noop, 1 as never), TypeError);
    assert.equal(router.stack.length, 2);
  });
});

describe('set-up errors (router 2 wording)', () => {
  const cases: Array<[string, () => unknown, string]> = [
    ['use() without handlers', () => Router().use(), 'argument handler is required'],
    ['use(path) without handlers', () => Router().use('/'), 'argument handler is required'],
    ['use(object)', () => Router().use({} as never), 'argument handler is required'],
    ['use(path, object)', () => Router().use('/', {} as never), 'argument handler must be a function'],
    ['use(path, [])', () => Router().use('/', []), 'argument handler is required'],
    ['METHOD(path, object)', () => Router().get('/', {} as never), 'argument handler must be a function'],
    ['METHOD(path)', () => Router().post('/'), 'argument handler is required'],
    ['route.get()', () => new Route('/').get(), 'argument handler is required'],
    ['route.all()', () => new Route('/').all(), 'argument handler is required'],
    ['route.all(1)', () => new Route('/').all(1 as never), 'argument handler must be a function'],
    ['route.put([[1]])', () => new Route('/').put([[1 as never]]), 'argument handler must be a function'],
    ['param()', () => Router().param(undefined as never, noop), 'argument name is required'],
    ['param(array)', () => Router().param(['a'] as never, noop), 'argument name must be a string'],
    ['param(name)', () => Router().param('a', undefined as never), 'argument fn is required'],
    ['param(name, 1)', () => Router().param('a', 1 as never), 'argument fn must be a function'],
    [
      'handle() without callback',
      () => Router().handle({} as never, {} as never, undefined as never),
      'argument callback is required',
    ],
  ];
  for (const [name, fn, message] of cases) {
    test(name, () => assert.throws(fn, (err: unknown) => err instanceof TypeError && err.message === message));
  }

  test('a bad pattern throws the path package error when the layer is made', () => {
    assert.throws(() => Router().get('/:id?', noop), { name: 'TypeError', code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX' });
    assert.throws(() => Router().use('/*', noop), { name: 'TypeError', code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX' });
  });
});

describe('registration return values', () => {
  test('use, METHOD, all and param return the router; route() returns the route; route methods chain', () => {
    const router = Router();
    assert.equal(router.use(noop), router);
    assert.equal(router.get('/', noop), router);
    assert.equal(router.all('/', noop), router);
    assert.equal(router.param('id', noop), router);
    const route = router.route('/r');
    assert.ok(route instanceof Route);
    assert.equal(route.get(noop).post(noop).all(noop), route);
    assert.deepEqual(router.params.id, [noop]);
  });

  test('param() keeps several callbacks per name, in order', () => {
    const router = Router();
    const a = (): void => {};
    const b = (): void => {};
    router.param('id', a).param('id', b).param('constructor', a);
    assert.deepEqual(router.params.id, [a, b]);
    assert.deepEqual(router.params.constructor, [a]);
  });

  test('paths that are not strings are stringified, as router 2 does (unless strict)', () => {
    const router = Router();
    router.route(123 as never).get(noop);
    assert.equal(router.stack[0].match('/123'), false);
    assert.equal(router.stack[0].match('123'), true);
  });
});
