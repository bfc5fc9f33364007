// routeTable(router): the published route list other packages read (@brisk/schema's openapi()),
// and listRoutes(), both from one walk of the stack (routes.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Router, { routeTable, type NextFunction } from '../src/index.js';

const ok = (_req: unknown, _res: unknown, next: NextFunction) => next();
const named = (name: string) => Object.assign(() => undefined, { schemas: { name } });

test('every route, mounted routers followed, with its mount paths and handlers (method lower-case, undefined for all())', () => {
  const inner = Router();
  const check = named('check');
  inner.get('/users/:id', check, ok).post('/users', ok);
  inner.route('/either').all(ok).put(ok);
  const outer = Router();
  outer.use(ok); // plain middleware: not listed
  outer.get('/', ok);
  outer.use('/api', inner);
  outer.use(['/v1', ['/v2']], inner); // an array of paths, nested: one mount each
  const table = routeTable(outer);
  assert.deepEqual(
    table.map((r) => [r.mounts, r.path, r.handlers.map((h) => h.method)]),
    [
      [[], '/', ['get']],
      [['/api'], '/users/:id', ['get', 'get']],
      [['/api'], '/users', ['post']],
      [['/api'], '/either', [undefined, 'put']],
      [['/v1'], '/users/:id', ['get', 'get']],
      [['/v1'], '/users', ['post']],
      [['/v1'], '/either', [undefined, 'put']],
      [['/v2'], '/users/:id', ['get', 'get']],
      [['/v2'], '/users', ['post']],
      [['/v2'], '/either', [undefined, 'put']],
    ],
  );
  assert.equal(table[1]?.handlers[0]?.handle, check);
  assert.equal(Router.routeTable, routeTable, 'also on the CommonJS module function');
  assert.ok(!Object.keys(Router).includes('routeTable'), "not enumerable: the module's keys stay router 2's");
});

test('RegExp paths are given as registered; a router mounted in itself stops at maxDepth', () => {
  const router = Router();
  router.get(/^\/re$/, ok);
  router.use('/self', router);
  const table = routeTable(router, 3);
  assert.deepEqual(
    table.map((r) => [r.mounts, r.path]),
    [
      [[], /^\/re$/],
      [['/self'], /^\/re$/],
      [['/self', '/self'], /^\/re$/],
      [['/self', '/self', '/self'], /^\/re$/],
    ],
  );
  assert.equal(routeTable(router, 0).length, 1);
});

test('listRoutes() is unchanged: one entry per path, nested arrays flattened', () => {
  const admin = Router();
  admin.get('/', ok);
  const router = Router();
  router.use('/admin', admin);
  router.all(['/:id', ['/x']], ok);
  assert.deepEqual(router.listRoutes(), [
    { path: '/admin', methods: undefined, router: admin },
    { path: '/:id', methods: ['*'], router: undefined },
    { path: '/x', methods: ['*'], router: undefined },
  ]);
});
