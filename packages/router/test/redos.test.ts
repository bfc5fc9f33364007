// Adversarial input: long paths built to defeat the matchers and the index, and many routes for
// one path. Time grows linearly with their size (time(8n) / time(n) in CPU time; no bound on
// elapsed time).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

/** Dispatches one request through `router`: the error passed to `next`, and whether a route ended it. */
function dispatch(router: ReturnType<typeof Router>, url: string, method = 'GET'): { err: unknown; handled: boolean } {
  let err: unknown;
  let handled = false;
  const res = { end: () => (handled = true), setHeader() {} } as unknown as ServerResponse;
  router({ method, url } as IncomingMessage, res, (e?: unknown) => {
    err = e;
  });
  return { err, handled };
}

const ok = (req: IncomingMessage, res: ServerResponse): void => {
  res.end();
};

test('patterns against long paths take linear time', () => {
  const router = Router();
  router.get('/:a-:b-:c', ok);
  router.get('/files/*path/edit', ok);
  router.get('/x{/:a}{/:b}{/:c}/y', ok);
  router.use('/m/:id', ok);
  router.get(/^\/re\/(\w+)$/, ok);
  const shapes: [label: string, build: (n: number) => string][] = [
    ['dashes', (n) => '/' + '-'.repeat(n)],
    ['"a-" run', (n) => '/' + 'a-'.repeat(n / 2)],
    ['"/a" run under /files', (n) => '/files' + '/a'.repeat(n / 2)],
    ['long segment under /files, then "/edi"', (n) => '/files/' + 'a'.repeat(n) + '/edi'],
    ['"/a" run under /x', (n) => '/x' + '/a'.repeat(n / 2)],
    ['long segment under /m', (n) => '/m/' + 'a'.repeat(n) + '/'],
    ['long word under /re, then "!"', (n) => '/re/' + 'a'.repeat(n) + '!'],
    ['slashes', (n) => '/'.repeat(n)],
    ['"%41" run', (n) => '/' + '%41'.repeat(n / 3)],
    ['"%E0" run, then "-a-b"', (n) => '/' + '%E0'.repeat(n / 3) + '-a-b'],
  ];
  for (const [, build] of shapes) dispatch(router, build(20_000));
  for (const [label, build] of shapes) assertLinear(`router: ${label}`, build, (url) => dispatch(router, url));
});

test('the index with many nested mount paths and a path that hits them all: linear time', () => {
  const router = Router();
  for (let depth = 1; depth <= 200; depth++) router.use('/a'.repeat(depth), (req, res, next) => next());
  for (let i = 0; i < 500; i++) router.get(`/a/${i}/:id`, ok);
  const build = (n: number) => '/a'.repeat(n / 2);
  assert.equal(dispatch(router, build(20_000)).handled, false);
  assert.equal(dispatch(router, '/a/499/x').handled, true);
  // The 700 layers' cost barely depends on the path's length: the ratio reads 1-2.
  assertLinear('router: nested mount paths', build, (url) => dispatch(router, url));
});

test('a malformed escape in a long path is a 400 error, found once (linear time)', () => {
  const router = Router();
  router.get('/*rest', ok);
  const build = (n: number) => '/' + 'a/'.repeat(n / 2) + '%E0%A4%A';
  assert.equal((dispatch(router, build(20_000)).err as { status?: number }).status, 400);
  // one segment per two characters: n = 2048 keeps the larger path under 16,000 segments
  assertLinear('router: malformed escape at the end', build, (url) => dispatch(router, url), { n: 2048 });
});

test('an OPTIONS request against thousands of routes for the path takes linear time', () => {
  /** A router with `n` routes for /x (POST and PUT each), and the Allow header of an OPTIONS request. */
  const build = (n: number) => {
    const router = Router();
    for (let i = 0; i < n; i++) router.route('/x').post(ok).put(ok);
    return router;
  };
  const options = (router: ReturnType<typeof Router>) => {
    let allow: unknown;
    const res = {
      setHeader: (name: string, value: unknown) => name === 'Allow' && (allow = value),
      end() {},
    } as unknown as ServerResponse;
    router({ method: 'OPTIONS', url: '/x' } as IncomingMessage, res, () => {});
    return allow;
  };
  assert.equal(options(build(3000)), 'POST, PUT');
  // n routes, each a layer and a route: n = 512 keeps the larger router under 16,000 elements
  assertLinear('router: OPTIONS over many routes', build, options, { n: 512 });
});
