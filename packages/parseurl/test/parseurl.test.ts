import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as nodeUrl from 'node:url';
import parseurl, { type ParsedUrl, type ParseurlRequest } from '../src/index.js';
import { serve } from '../../../test/support/http.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const Url = (nodeUrl as unknown as { Url: new () => nodeUrl.Url }).Url;

type Fields = Pick<ParsedUrl, 'protocol' | 'host' | 'hash' | 'search' | 'query' | 'pathname' | 'path' | 'href'>;
const pick = (u: ParsedUrl): Fields => ({
  protocol: u.protocol,
  host: u.host,
  hash: u.hash,
  search: u.search,
  query: u.query,
  pathname: u.pathname,
  path: u.path,
  href: u.href,
});
const url = (fields: Partial<Fields>): Fields =>
  ({
    protocol: null,
    host: null,
    hash: null,
    search: null,
    query: null,
    pathname: null,
    path: null,
    href: null,
    ...fields,
  }) as Fields;

// [url, expected fields]: the fast path for /path?query, url.parse for the rest
const CASES: [string, Fields][] = [
  ['/', url({ pathname: '/', path: '/', href: '/' })],
  ['/foo', url({ pathname: '/foo', path: '/foo', href: '/foo' })],
  [
    '/foo?bar=baz',
    url({ pathname: '/foo', search: '?bar=baz', query: 'bar=baz', path: '/foo?bar=baz', href: '/foo?bar=baz' }),
  ],
  ['/foo?', url({ pathname: '/foo', search: '?', query: '', path: '/foo?', href: '/foo?' })],
  ['/?a=1?b=2', url({ pathname: '/', search: '?a=1?b=2', query: 'a=1?b=2', path: '/?a=1?b=2', href: '/?a=1?b=2' })],
  ['//foo/bar', url({ pathname: '//foo/bar', path: '//foo/bar', href: '//foo/bar' })],
  [
    '/caf\u00e9?q=\u00e9',
    url({
      pathname: '/caf\u00e9',
      search: '?q=\u00e9',
      query: 'q=\u00e9',
      path: '/caf\u00e9?q=\u00e9',
      href: '/caf\u00e9?q=\u00e9',
    }),
  ],
  // url.parse: hash, whitespace, absolute and relative forms
  ['/a?b#c', url({ pathname: '/a', search: '?b', query: 'b', hash: '#c', path: '/a?b', href: '/a?b#c' })],
  ['/a#', url({ pathname: '/a', hash: '#', path: '/a', href: '/a#' })],
  ['/a b', url({ pathname: '/a%20b', path: '/a%20b', href: '/a%20b' })],
  ['/\tx', url({ pathname: '/%09x', path: '/%09x', href: '/%09x' })],
  ['/foo?x y', url({ pathname: '/foo', search: '?x%20y', query: 'x%20y', path: '/foo?x%20y', href: '/foo?x%20y' })],
  [
    'http://host:8080/p?q=1#h',
    url({
      protocol: 'http:',
      host: 'host:8080',
      pathname: '/p',
      search: '?q=1',
      query: 'q=1',
      hash: '#h',
      path: '/p?q=1',
      href: 'http://host:8080/p?q=1#h',
    }),
  ],
  ['foo/bar', url({ pathname: 'foo/bar', path: 'foo/bar', href: 'foo/bar' })],
  ['*', url({ pathname: '*', path: '*', href: '*' })],
  ['', url({ href: '' })],
];

describe('parseurl', () => {
  for (const [raw, expected] of CASES) {
    test(`${JSON.stringify(raw)}`, () => {
      const req: ParseurlRequest = { url: raw };
      const parsed = parseurl(req) as ParsedUrl;
      assert.deepEqual(pick(parsed), expected);
      assert.equal(parsed._raw, raw);
      assert.ok(parsed instanceof Url);
      assert.equal(req._parsedUrl, parsed);
    });
  }

  test('fast path results carry every Url field, like url.parse', () => {
    const parsed = parseurl({ url: '/foo?x=1' }) as ParsedUrl;
    assert.deepEqual(
      { ...parsed },
      {
        protocol: null,
        slashes: null,
        auth: null,
        host: null,
        port: null,
        hostname: null,
        hash: null,
        search: '?x=1',
        query: 'x=1',
        pathname: '/foo',
        path: '/foo?x=1',
        href: '/foo?x=1',
        _raw: '/foo?x=1',
      },
    );
  });

  test('each character that leaves the fast path', () => {
    for (const ch of ['\t', '\n', '\f', '\r', ' ', '#', '\u00a0', '\ufeff']) {
      const parsed = parseurl({ url: '/a?b' + ch + 'c' }) as ParsedUrl;
      assert.ok(parsed instanceof Url);
      assert.equal(parsed._raw, '/a?b' + ch + 'c');
      assert.equal(parsed.pathname, '/a');
    }
  });

  test('undefined when req.url is undefined', () => {
    assert.equal(parseurl({}), undefined);
    assert.equal(parseurl({ url: undefined }), undefined);
  });

  test('memoized on req._parsedUrl while req.url is unchanged', () => {
    const req: ParseurlRequest = { url: '/foo?bar' };
    const first = parseurl(req);
    assert.equal(parseurl(req), first);
    assert.equal(req._parsedUrl, first);

    req.url = '/baz';
    const second = parseurl(req) as ParsedUrl;
    assert.notEqual(second, first);
    assert.equal(second.pathname, '/baz');
    assert.equal(req._parsedUrl, second);

    // a cache that is not a Url, or from another string, is replaced
    for (const stale of [{ _raw: '/baz', pathname: '/x' }, null, 'x', Object.assign(new Url(), { _raw: '/other' })]) {
      req._parsedUrl = stale as never;
      const parsed = parseurl(req) as ParsedUrl;
      assert.ok(parsed instanceof Url);
      assert.equal(parsed.pathname, '/baz');
    }
  });

  test('a cache set by another parseurl copy (a Url with _raw) is reused', () => {
    const cached = Object.assign(new Url(), { _raw: '/x', pathname: '/from-cache' }) as ParsedUrl;
    const req: ParseurlRequest = { url: '/x', _parsedUrl: cached };
    assert.equal(parseurl(req), cached);
  });

  test('long adversarial URLs are handled in linear time', () => {
    const long = '/' + 'a?'.repeat(50_000);
    assert.equal((parseurl({ url: long }) as ParsedUrl).pathname, '/a');
    assert.equal((parseurl({ url: '/' + '/'.repeat(100_000) }) as ParsedUrl).pathname?.length, 100_001);
    assert.equal((parseurl({ url: '/' + ' '.repeat(20_000) + '?q' }) as ParsedUrl).query, 'q');
    // time(8n) / time(n) in CPU time, no bound on elapsed time; a new request each call (parseurl
    // keeps its result on the request)
    const shapes: [string, (n: number) => string, number?][] = [
      ['"a?" run', (n) => '/' + 'a?'.repeat(n / 2)],
      ['"/" run', (n) => '/' + '/'.repeat(n)],
      // each space becomes %20: n = 2048 keeps the result under 64 kB
      ['spaces', (n) => '/' + ' '.repeat(n) + '?q', 2048],
    ];
    for (const [label, build, n] of shapes)
      assertLinear(`parseurl: ${label}`, build, (url) => parseurl({ url }), { n });
  });
});

describe('parseurl.original', () => {
  test('parses req.originalUrl, memoized on req._parsedOriginalUrl', () => {
    const req: ParseurlRequest = { url: '/users?x=1', originalUrl: '/admin/users?x=1' };
    const parsed = parseurl.original(req) as ParsedUrl;
    assert.equal(parsed.pathname, '/admin/users');
    assert.equal(parsed.query, 'x=1');
    assert.equal(parsed._raw, '/admin/users?x=1');
    assert.equal(req._parsedOriginalUrl, parsed);
    assert.equal(req._parsedUrl, undefined);
    assert.equal(parseurl.original(req), parsed);

    req.originalUrl = '/other';
    assert.equal((parseurl.original(req) as ParsedUrl).pathname, '/other');
    assert.notEqual(req._parsedOriginalUrl, parsed);
  });

  test('falls back to req.url when originalUrl is not a string', () => {
    const req: ParseurlRequest = { url: '/fallback?q' };
    const parsed = parseurl.original(req) as ParsedUrl;
    assert.equal(parsed.pathname, '/fallback');
    assert.equal(req._parsedUrl, parsed);
    assert.equal(req._parsedOriginalUrl, undefined);

    const weird = { url: '/u', originalUrl: 42 } as unknown as ParseurlRequest;
    assert.equal((parseurl.original(weird) as ParsedUrl).pathname, '/u');
  });

  test('undefined when neither URL is set', () => {
    assert.equal(parseurl.original({}), undefined);
  });

  test('uses url.parse outside the fast path', () => {
    const parsed = parseurl.original({ originalUrl: 'http://h.example/p#x' }) as ParsedUrl;
    assert.equal(parsed.host, 'h.example');
    assert.equal(parsed.hash, '#x');
  });
});

describe('parseurl over HTTP', () => {
  test('parses a real request URL and caches it on the request', async () => {
    const seen: unknown[] = [];
    const server = await serve((req: IncomingMessage, res: ServerResponse) => {
      const parsed = parseurl(req) as ParsedUrl;
      seen.push(
        parseurl(req) === parsed,
        (req as ParseurlRequest)._parsedUrl === parsed,
        parseurl.original(req) === parsed,
      );
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ pathname: parsed.pathname, query: parsed.query, search: parsed.search }));
    });
    try {
      const { body } = await server.get('/search/items?q=caf%C3%A9&page=2');
      assert.deepEqual(JSON.parse(body), {
        pathname: '/search/items',
        query: 'q=caf%C3%A9&page=2',
        search: '?q=caf%C3%A9&page=2',
      });
      assert.deepEqual(seen, [true, true, true]);
    } finally {
      await server.close();
    }
  });
});
