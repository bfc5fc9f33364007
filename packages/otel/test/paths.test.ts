// The route put together from mount paths, against instrumentation-express 0.71's own functions on
// the same inputs (its layer store is a list of the same strings).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { constructedRoute, matchedRoute, pathString } from '../src/paths.js';

const upstream: {
  getConstructedRoute(req: object): string;
  getActualMatchedRoute(req: object): string | undefined;
  getLayerPath(args: unknown[]): string | undefined;
} = createRequire(import.meta.url)('@opentelemetry/instrumentation-express/build/src/utils.js');

const STORE = '__ot_middlewares';

const PATHS = [
  '/',
  '/*',
  '*',
  '/api',
  'api',
  '/items/:id',
  '/{*rest}',
  '/{*}',
  '/a{*x}',
  '/x/{*rest}',
  '//double//',
  '/a,/b',
  '/\\d+/',
  '/[ab]',
  '/v1',
  '/:p',
];
const URLS = ['/', '/api', '/api/items/1', '/other', '/v1/api', '/a', '/x/y', ''];

test('pathString: strings, RegExps, numbers and arrays as instrumentation-express writes them', () => {
  const values: unknown[] = ['/a', /^\/re\/?$/i, 42, ['/a', /b/, 3, {}, null], undefined, {}, () => {}, [], [[]]];
  for (const value of values) assert.equal(pathString(value), upstream.getLayerPath([value]), String(value));
});

test('constructedRoute and matchedRoute: every list of up to three paths, on every URL', () => {
  let compared = 0;
  const lists: string[][] = [[]];
  for (const a of PATHS) {
    lists.push([a]);
    for (const b of PATHS) {
      lists.push([a, b]);
      for (const c of ['/', '/items/:id', '*']) lists.push([a, b, c]);
    }
  }
  for (const paths of lists) {
    for (const url of URLS) {
      const req = { [STORE]: paths, originalUrl: url };
      assert.equal(constructedRoute(paths), upstream.getConstructedRoute(req), JSON.stringify(paths));
      assert.equal(matchedRoute(paths, url), upstream.getActualMatchedRoute(req), `${JSON.stringify(paths)} at ${url}`);
      compared++;
    }
  }
  assert.ok(compared > 8_000);
});
