// Adversarial input: long paths built to defeat the matchers and the index finish quickly.
// (Hang guards, not performance assertions.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '../src/index.js';

const LIMIT_MS = 1500;

function time(
  router: ReturnType<typeof Router>,
  url: string,
  method = 'GET',
): { ms: number; err: unknown; handled: boolean } {
  let err: unknown;
  let handled = false;
  const res = { end: () => (handled = true), setHeader() {} } as unknown as ServerResponse;
  const start = performance.now();
  router({ method, url } as IncomingMessage, res, (e?: unknown) => {
    err = e;
  });
  return { ms: performance.now() - start, err, handled };
}

const ok = (req: IncomingMessage, res: ServerResponse): void => {
  res.end();
};

test('patterns against 20,000-character paths', () => {
  const router = Router();
  router.get('/:a-:b-:c', ok);
  router.get('/files/*path/edit', ok);
  router.get('/x{/:a}{/:b}{/:c}/y', ok);
  router.use('/m/:id', ok);
  router.get(/^\/re\/(\w+)$/, ok);
  const inputs = [
    '/' + '-'.repeat(20000),
    '/' + 'a-'.repeat(10000),
    '/files' + '/a'.repeat(10000),
    '/files/' + 'a'.repeat(20000) + '/edi',
    '/x' + '/a'.repeat(10000),
    '/m/' + 'a'.repeat(20000) + '/',
    '/re/' + 'a'.repeat(20000) + '!',
    '/'.repeat(20000),
    '/' + '%41'.repeat(7000),
    '/' + '%E0'.repeat(7000) + '-a-b',
  ];
  for (const url of inputs) {
    const { ms } = time(router, url);
    assert.ok(ms < LIMIT_MS, `${url.slice(0, 20)}… took ${ms.toFixed(0)} ms`);
  }
});

test('the index with many nested mount paths and a path that hits them all', () => {
  const router = Router();
  for (let depth = 1; depth <= 200; depth++) router.use('/a'.repeat(depth), (req, res, next) => next());
  for (let i = 0; i < 500; i++) router.get(`/a/${i}/:id`, ok);
  const { ms, handled } = time(router, '/a'.repeat(10000));
  assert.equal(handled, false);
  assert.ok(ms < LIMIT_MS, `took ${ms.toFixed(0)} ms`);
  const hit = time(router, '/a/499/x');
  assert.equal(hit.handled, true);
});

test('a malformed escape in a long path is a 400 error, found once', () => {
  const router = Router();
  router.get('/*rest', ok);
  const { ms, err } = time(router, '/' + 'a/'.repeat(10000) + '%E0%A4%A');
  assert.ok(ms < LIMIT_MS);
  assert.equal((err as { status?: number }).status, 400);
});

test('an OPTIONS request against thousands of routes for the path', () => {
  const router = Router();
  for (let i = 0; i < 3000; i++) router.route('/x').post(ok).put(ok);
  let allow: unknown;
  const res = {
    setHeader: (name: string, value: unknown) => name === 'Allow' && (allow = value),
    end() {},
  } as unknown as ServerResponse;
  const start = performance.now();
  router({ method: 'OPTIONS', url: '/x' } as IncomingMessage, res, () => {});
  assert.ok(performance.now() - start < LIMIT_MS);
  assert.equal(allow, 'POST, PUT');
});
