// Layer matching, table-driven: what each kind of path matches, with which params and matched
// text, under each option. The values are router 2.2's (checked against it while writing).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { TokenData } from '@brisk/path';
import { Layer, type LayerOptions } from '../src/layer.js';

type Row = [input: string, params: Record<string, unknown> | false, path?: string];

interface MatchCase {
  path: unknown;
  options: LayerOptions;
  rows: Row[];
}

const use: LayerOptions = { end: false, strict: false };
const route: LayerOptions = { end: true, strict: false };
const strictRoute: LayerOptions = { end: true, strict: true };
const strictUse: LayerOptions = { end: false, strict: true };

const MATCH: MatchCase[] = [
  // literal routes
  {
    path: '/users',
    options: route,
    rows: [
      ['/users', {}, '/users'],
      ['/users/', {}, '/users/'],
      ['/Users', {}, '/Users'],
      ['/users//', false],
      ['/user', false],
      ['/users/x', false],
    ],
  },
  {
    path: '/users/',
    options: route,
    rows: [
      ['/users', {}, '/users'],
      ['/users/', {}, '/users/'],
    ],
  },
  {
    path: '/users/',
    options: strictRoute,
    rows: [
      ['/users/', {}, '/users/'],
      ['/users', false],
    ],
  },
  {
    path: '/Users',
    options: { ...route, sensitive: true },
    rows: [
      ['/Users', {}, '/Users'],
      ['/users', false],
    ],
  },
  {
    path: '/café',
    options: route,
    rows: [
      ['/café', {}, '/café'],
      ['/CAFÉ', {}, '/CAFÉ'],
      ['/cafe', false],
    ],
  },
  {
    path: '',
    options: route,
    rows: [
      ['', {}, ''],
      ['/', {}, '/'],
      ['/x', false],
    ],
  },
  // literal mounts
  {
    path: '/admin',
    options: use,
    rows: [
      ['/admin', {}, '/admin'],
      ['/admin/', {}, '/admin/'],
      ['/ADMIN/x', {}, '/ADMIN'],
      ['/admin/x/', {}, '/admin'],
      ['/administrator', false],
      ['/adm', false],
    ],
  },
  {
    path: '/admin',
    options: strictUse,
    rows: [
      ['/admin/', {}, '/admin'],
      ['/admin', {}, '/admin'],
    ],
  },
  {
    path: '/Admin',
    options: { ...use, sensitive: true },
    rows: [
      ['/Admin/x', {}, '/Admin'],
      ['/admin/x', false],
    ],
  },
  {
    path: '/ÄDMIN',
    options: use,
    rows: [
      ['/ädmin/x', {}, '/ädmin'],
      ['/xdmin', false],
    ],
  },
  {
    path: '//',
    options: use,
    rows: [
      ['/x', {}, ''],
      ['/', {}, '/'],
      ['x', false],
    ],
  },
  // one trailing parameter
  {
    path: '/users/:id',
    options: route,
    rows: [
      ['/users/42', { id: '42' }, '/users/42'],
      ['/users/42/', { id: '42' }, '/users/42/'],
      ['/USERS/a%20b', { id: 'a b' }, '/USERS/a%20b'],
      ['/users/', false],
      ['/users//', false],
      ['/users/1/2', false],
      ['/users', false],
    ],
  },
  {
    path: '/users/:id',
    options: strictRoute,
    rows: [
      ['/users/42', { id: '42' }, '/users/42'],
      ['/users/42/', false],
    ],
  },
  {
    path: '/users/:id',
    options: use,
    rows: [
      ['/users/42', { id: '42' }, '/users/42'],
      ['/users/42/', { id: '42' }, '/users/42/'],
      ['/users/42/x', { id: '42' }, '/users/42'],
      ['/users//x', false],
    ],
  },
  { path: '/users/:id', options: strictUse, rows: [['/users/42/', { id: '42' }, '/users/42']] },
  {
    path: '/Users/:id',
    options: { ...route, sensitive: true },
    rows: [
      ['/Users/1', { id: '1' }],
      ['/users/1', false],
    ],
  },
  { path: '/ü/:id', options: route, rows: [['/Ü/1', { id: '1' }, '/Ü/1']] },
  { path: '/:__proto__', options: use, rows: [['/x/y', JSON.parse('{"__proto__":"x"}'), '/x']] },
  // general patterns
  {
    path: '/:a-:b',
    options: route,
    rows: [
      ['/1-2', { a: '1', b: '2' }],
      ['/1-2-3', { a: '1-2', b: '3' }],
      ['/1', false],
    ],
  },
  {
    path: '/files/*path',
    options: route,
    rows: [
      ['/files/a/b%2Fc/d', { path: ['a', 'b/c', 'd'] }],
      ['/files/', false],
    ],
  },
  { path: '/files/*path', options: use, rows: [['/files/a/b', { path: ['a', 'b'] }, '/files/a/b']] },
  {
    path: '/a{/:b}/:c',
    options: route,
    rows: [
      ['/a/1/2', { b: '1', c: '2' }],
      ['/a/2', { c: '2' }],
    ],
  },
  { path: '/:a/:a', options: route, rows: [['/1/2', { a: '2' }]] },
  { path: '/:"0"/:x', options: use, rows: [['/1/2/3', { 0: '1', x: '2' }, '/1/2']] },
  { path: '/:__proto__/:b', options: route, rows: [['/1/2', JSON.parse('{"__proto__":"1","b":"2"}')]] },
  {
    path: new TokenData([
      { type: 'text', value: '/t/' },
      { type: 'param', name: 'p' },
    ]),
    options: strictRoute,
    rows: [['/t/1', { p: '1' }]],
  },
  // RegExps
  {
    path: /^\/re\/(\d+)(?:\/(x))?$/i,
    options: route,
    rows: [
      ['/RE/1', { 0: '1' }, '/RE/1'],
      ['/re/1/x', { 0: '1', 1: 'x' }],
      ['/re/a', false],
    ],
  },
  { path: /^\/(?<name>\w+)\/(\d+)/, options: use, rows: [['/bob/7/x', { name: 'bob', 0: '7' }, '/bob/7']] },
  // arrays (nested): first match wins
  {
    path: ['/a/:x', ['/b'], /^\/c/],
    options: use,
    rows: [
      ['/a/1', { x: '1' }, '/a/1'],
      ['/b/2', {}, '/b'],
      ['/c', {}, '/c'],
    ],
  },
  {
    path: [['/a', '/b/:x']],
    options: route,
    rows: [
      ['/b/1', { x: '1' }],
      ['/a', {}],
    ],
  },
  // router 2.3 flattens the array: an empty nested array is no path at all (2.2 matched everything)
  { path: [[]], options: use, rows: [['/anything', false]] },
  { path: [], options: use, rows: [['/', false]] },
  {
    path: [['/a/', ['/b/:x/']]],
    options: strictRoute,
    rows: [
      ['/a/', {}],
      ['/a', false],
      ['/b/1/', { x: '1' }],
    ],
  },
  { path: [['/a', ['/:x']]], options: use, rows: [['/z/y', { x: 'z' }, '/z']] },
  { path: [['/a', ['/é']]], options: use, rows: [['/É/y', {}, '/É']] },
  { path: [['/a', 7]], options: use, rows: [['7/y', {}, '7']] },
  {
    path: '/m{/:a}/:b',
    options: use,
    rows: [
      ['/m/1/2/3', { a: '1', b: '2' }, '/m/1/2'],
      ['/m/2', { b: '2' }, '/m/2'],
      ['/n/1', false],
    ],
  },
  // not strings: stringified unless strict
  {
    path: 42,
    options: route,
    rows: [
      ['42', {}],
      ['/42', false],
    ],
  },
];

describe('Layer#match', () => {
  for (const c of MATCH) {
    const name = `${c.path instanceof TokenData ? 'TokenData' : c.path instanceof RegExp ? String(c.path) : JSON.stringify(c.path)} ${JSON.stringify(c.options)}`;
    test(name, () => {
      const layer = new Layer(c.path, c.options, () => {});
      for (const [input, params, path] of c.rows) {
        const ok = layer.match(input);
        if (params === false) {
          assert.equal(ok, false, `${input} should not match`);
          continue;
        }
        assert.equal(ok, true, `${input} should match`);
        assert.deepEqual({ ...layer.params }, params, `params of ${input}`);
        if (path !== undefined) assert.equal(layer.path, path, `matched text of ${input}`);
        assert.deepEqual([...layer.keys].sort(), Object.keys(layer.params ?? {}).sort(), `keys of ${input}`);
      }
    });
  }

  test('string patterns give prototype-less params; RegExps and `/` middleware plain objects', () => {
    const pattern = new Layer('/:id', route, () => {});
    pattern.match('/1');
    assert.equal(Object.getPrototypeOf(pattern.params), null);
    const mount = new Layer('/:id', use, () => {});
    mount.match('/1/2');
    assert.equal(Object.getPrototypeOf(mount.params), null);
    const literal = new Layer('/x', route, () => {});
    literal.match('/x');
    assert.equal(Object.getPrototypeOf(literal.params), null);
    const re = new Layer(/^\/(\d)/, route, () => {});
    re.match('/1');
    assert.equal(Object.getPrototypeOf(re.params), Object.prototype);
    const slash = new Layer('/', use, () => {});
    slash.match('/anything');
    assert.equal(Object.getPrototypeOf(slash.params), Object.prototype);
    assert.equal(slash.path, '');
  });

  test('a RegExp inside a nested array matches as one at the top (router 2.3 flattens; 2.2 threw)', () => {
    const layer = new Layer(['/a', ['/b', /^\/c/]], use, () => {});
    assert.equal(layer.match('/c/x'), true);
    assert.equal(layer.path, '/c');
    assert.equal(layer.match('/b/1'), true);
    assert.equal(layer.path, '/b');
  });

  test("a malformed escape throws router 2's URIError: status and statusCode 400, Failed to decode param", () => {
    for (const path of ['/u/:id', '/u/*rest', /^\/u\/(.+)$/]) {
      const layer = new Layer(path, route, () => {});
      assert.throws(
        () => layer.match('/u/%E0%A4%A'),
        (err: unknown) =>
          err instanceof URIError &&
          err.message === "Failed to decode param '%E0%A4%A'" &&
          (err as { status?: number }).status === 400 &&
          (err as { statusCode?: number }).statusCode === 400,
      );
    }
  });

  test('options may be omitted: a whole-path, case-insensitive, trailing-slash match', () => {
    const layer = new Layer('/a', undefined, () => {});
    assert.equal(layer.match('/A/'), true);
    assert.equal(layer.match('/a/b'), false);
  });
});

describe('Layer handlers', () => {
  test('handleRequest skips error handlers; handleError skips request handlers', () => {
    const calls: string[] = [];
    const request = new Layer('/', use, (req: unknown, res: unknown, next: () => void) => {
      calls.push('request');
      next();
    });
    const error = new Layer('/', use, (err: unknown, req: unknown, res: unknown, next: () => void) => {
      calls.push(`error ${String(err)}`);
      next();
    });
    request.handleRequest({}, {}, () => calls.push('next'));
    request.handleError('e', {}, {}, (err?: unknown) => calls.push(`passed ${String(err)}`));
    error.handleRequest({}, {}, () => calls.push('skipped'));
    error.handleError('e', {}, {}, () => calls.push('next'));
    assert.deepEqual(calls, ['request', 'next', 'passed e', 'skipped', 'error e', 'next']);
  });

  test('a handler put in `layer.handle` later is told apart by its own arity (instrumentation wraps handlers so)', () => {
    const calls: string[] = [];
    const layer = new Layer('/', use, (req: unknown, res: unknown, next: () => void) => {
      calls.push('request');
      next();
    });
    layer.handleRequest({}, {}, () => calls.push('next'));
    layer.handleError('e', {}, {}, (err?: unknown) => calls.push(`passed ${String(err)}`));
    // now an error handler: skipped for requests, called for errors
    layer.handle = (err: unknown, req: unknown, res: unknown, next: () => void) => {
      calls.push(`error ${String(err)}`);
      next();
    };
    layer.handleRequest({}, {}, () => calls.push('skipped'));
    layer.handleError('e2', {}, {}, () => calls.push('next'));
    // and back to a request handler
    layer.handle = (req: unknown, res: unknown, next: () => void) => {
      calls.push('request again');
      next();
    };
    layer.handleRequest({}, {}, () => calls.push('next'));
    layer.handleError('e3', {}, {}, (err?: unknown) => calls.push(`passed ${String(err)}`));
    assert.deepEqual(calls, [
      'request',
      'next',
      'passed e',
      'skipped',
      'error e2',
      'next',
      'request again',
      'next',
      'passed e3',
    ]);
  });
  test('a rejected promise from an error handler calls next with the reason, or an Error for a falsy one', async () => {
    const layer = new Layer('/', use, (err: unknown, req: unknown, res: unknown, next: unknown) => {
      void next;
      return Promise.reject(err === 'falsy' ? 0 : new Error('reason'));
    });
    const reason = await new Promise((resolve) => layer.handleError('x', {}, {}, resolve));
    assert.equal((reason as Error).message, 'reason');
    const falsy = await new Promise((resolve) => layer.handleError('falsy', {}, {}, resolve));
    assert.equal((falsy as Error).message, 'Rejected promise');
  });

  test('a thenable counts as a promise', async () => {
    const layer = new Layer('/', use, () => ({
      then: (ok: unknown, fail: (e: unknown) => void) => fail(new Error('thenable')),
    }));
    const err = await new Promise((resolve) => layer.handleRequest({}, {}, resolve));
    assert.equal((err as Error).message, 'thenable');
  });
});
