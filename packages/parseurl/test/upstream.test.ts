// @brisk/parseurl side by side with parseurl 1.3.3 (the copy the bench workspace installs): the
// module's shape, the same result or the same error for every input, the caches shared both ways,
// and real request targets over HTTP.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import parseurl, { original, type ParsedUrl, type ParseurlRequest } from '../src/index.js';
import { serve } from '../../../test/support/http.js';

type Parse = ((req: object) => unknown) & { original: (req: object) => unknown };
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
let upstream: Parse | undefined;
try {
  const fromBench = createRequire(join(root, 'bench/package.json'));
  assert.equal((fromBench('parseurl/package.json') as { version: string }).version, '1.3.3');
  upstream = fromBench('parseurl') as Parse;
} catch {
  upstream = undefined;
}
const skip = upstream ? false : 'parseurl 1.3.3 is not installed (bench workspace)';

/** What a call gives, comparable across the two: the parsed URL's own fields, or the error thrown. */
function outcome(fn: (req: object) => unknown, req: object): unknown {
  try {
    const r = fn(req);
    if (r === undefined) return { undefined: true };
    return { fields: { ...(r as object) }, proto: Object.getPrototypeOf(r) };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { error: err.name, code: err.code, message: err.message };
  }
}

const URLS: unknown[] = [
  '/',
  '/foo',
  '/foo?bar=baz',
  '/foo?',
  '/?a=1?b=2',
  '//foo/bar',
  '/caf\u00e9?q=\u00e9',
  '/a?b#c',
  '/a#',
  '/a b',
  '/\tx',
  '/a?b\nc',
  '/a\fb',
  '/a\rb',
  '/a\u00a0b',
  '/a\ufeffb',
  '/foo?x y',
  'http://host:8080/p?q=1#h',
  'http://user:pw@[::1]:80/p?q',
  'foo/bar',
  '*',
  '',
  ' /leading-space',
  '/__proto__?constructor=1&__proto__[x]=1',
  '/%zz?%',
  '/' + 'a?'.repeat(1000),
  // not strings: url.parse's TypeError, as upstream
  42,
  null,
  {},
  ['/a'],
  Symbol('s'),
];

describe('@brisk/parseurl and parseurl 1.3.3', { skip }, () => {
  const up = upstream as Parse;

  test('the module: a function named parseurl, with original (named originalurl) as its one property', () => {
    assert.equal(typeof parseurl, 'function');
    assert.equal(parseurl.name, up.name);
    assert.equal(parseurl.length, up.length);
    assert.equal(parseurl.original.name, up.original.name);
    assert.equal(parseurl.original.name, 'originalurl');
    assert.equal(parseurl.original.length, up.original.length);
    assert.deepEqual(Object.keys(parseurl), Object.keys(up));
    assert.equal(original, parseurl.original);
  });

  test('parseurl(req): the same fields, prototype or error for every URL', () => {
    for (const url of URLS) {
      const label = typeof url === 'symbol' ? 'Symbol' : JSON.stringify(url);
      assert.deepEqual(outcome(parseurl, { url }), outcome(up, { url }), label);
    }
    assert.deepEqual(outcome(parseurl, {}), outcome(up, {}));
  });

  test('parseurl.original(req): the same for originalUrl, and the same fallback to url', () => {
    for (const url of URLS) {
      const label = typeof url === 'symbol' ? 'Symbol' : JSON.stringify(url);
      assert.deepEqual(
        outcome(parseurl.original, { url: '/fallback', originalUrl: url }),
        outcome(up.original, { url: '/fallback', originalUrl: url }),
        label,
      );
    }
    assert.deepEqual(outcome(parseurl.original, {}), outcome(up.original, {}));
  });

  test('a cache written by either is reused by the other, and replaced when the URL changes', () => {
    const req: ParseurlRequest = { url: '/a?b', originalUrl: '/m/a?b' };
    const fromUpstream = up(req);
    assert.equal(parseurl(req), fromUpstream);
    const originalFromBrisk = parseurl.original(req);
    assert.equal(up.original(req), originalFromBrisk);
    req.url = '/c';
    const fresh = parseurl(req) as ParsedUrl;
    assert.notEqual(fresh, fromUpstream);
    assert.equal(up(req), fresh);
    // a look-alike that is not a Url is not trusted as a cache by either
    const fake = { _raw: '/c', pathname: '/evil' } as unknown as ParsedUrl;
    req._parsedUrl = fake;
    assert.equal((parseurl(req) as ParsedUrl).pathname, '/c');
    req._parsedUrl = fake;
    assert.equal((up(req) as ParsedUrl).pathname, '/c');
  });

  test('over HTTP: the same result for each request target node accepts', async () => {
    const targets = [
      '/p?q=1',
      '/p?q=1#frag',
      '//double/slash',
      'http://other.example/x?y',
      '*',
      '/%00?%',
      '/a?b?c&d=%C3%A9',
    ];
    const results: [unknown, unknown][] = [];
    const server = await serve((req: IncomingMessage, res: ServerResponse) => {
      // on copies of the request's fields, so that neither sees the other's cache
      results.push([outcome(parseurl, { url: req.url }), outcome(up, { url: req.url })]);
      const parsed = parseurl(req) as ParsedUrl;
      res.end(JSON.stringify({ pathname: parsed.pathname, cached: (req as ParseurlRequest)._parsedUrl === parsed }));
    });
    try {
      for (const target of targets) {
        const reply = await server.raw(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        assert.match(reply, /^HTTP\/1\.1 200 /, target);
        assert.match(reply, /"cached":true/, target);
      }
      assert.equal(results.length, targets.length);
      for (const [ours, theirs] of results) assert.deepEqual(ours, theirs);
    } finally {
      await server.close();
    }
  });
});
