import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type Reply, type TestServer } from '../../../test/support/http.js';
import { etag, fresh, type FreshRequestHeaders, type FreshResponseHeaders } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const JAN1 = 'Sat, 01 Jan 2000 00:00:00 GMT';
const JAN2 = 'Sun, 02 Jan 2000 00:00:00 GMT';

describe('fresh', () => {
  // [description, request headers, response headers, expected]
  const cases: [string, FreshRequestHeaders, FreshResponseHeaders, boolean][] = [
    ['no conditional headers', {}, { etag: '"foo"', 'last-modified': JAN1 }, false],
    ['empty conditional headers', { 'if-none-match': '', 'if-modified-since': '' }, { etag: '"foo"' }, false],

    // If-None-Match
    ['matching etag', { 'if-none-match': '"foo"' }, { etag: '"foo"' }, true],
    ['different etag', { 'if-none-match': '"foo"' }, { etag: '"bar"' }, false],
    ['no response etag', { 'if-none-match': '"foo"' }, {}, false],
    ['empty response etag', { 'if-none-match': '"foo"' }, { etag: '' }, false],
    ['* without a response etag', { 'if-none-match': '*' }, {}, true],
    ['* with a response etag', { 'if-none-match': '*' }, { etag: '"foo"' }, true],
    ['* inside a list is just a tag', { 'if-none-match': '"a", *' }, { etag: '"foo"' }, false],
    ['list containing the etag', { 'if-none-match': '"bar", "foo"' }, { etag: '"foo"' }, true],
    ['list without spaces', { 'if-none-match': '"bar","foo","baz"' }, { etag: '"foo"' }, true],
    ['list with extra spaces', { 'if-none-match': '  "bar" ,   "foo"  ' }, { etag: '"foo"' }, true],
    ['list with empty elements', { 'if-none-match': ',,"foo",' }, { etag: '"foo"' }, true],
    ['list not containing the etag', { 'if-none-match': '"bar", "baz"' }, { etag: '"foo"' }, false],
    ['spaces inside an element stay', { 'if-none-match': '"f oo"' }, { etag: '"f oo"' }, true],
    ['tabs are not trimmed', { 'if-none-match': '\t"foo"' }, { etag: '"foo"' }, false],
    ['weak request tag, strong response tag', { 'if-none-match': 'W/"foo"' }, { etag: '"foo"' }, true],
    ['strong request tag, weak response tag', { 'if-none-match': '"foo"' }, { etag: 'W/"foo"' }, true],
    ['both weak', { 'if-none-match': 'W/"foo"' }, { etag: 'W/"foo"' }, true],
    ['weak in a list', { 'if-none-match': '"x", W/"foo"' }, { etag: '"foo"' }, true],
    ['weak but different', { 'if-none-match': 'W/"foo"' }, { etag: 'W/"bar"' }, false],
    ['prefix only', { 'if-none-match': 'W/"fo' }, { etag: '"foo"' }, false],
    ['same length, not W/', { 'if-none-match': 'X/"foo"' }, { etag: '"foo"' }, false],
    ['response with X/ prefix', { 'if-none-match': '"foo"' }, { etag: 'X/"foo"' }, false],
    ['a numeric response etag only matches W/<n>', { 'if-none-match': '123' }, { etag: 123 }, false],
    ['a numeric response etag matches W/<n>', { 'if-none-match': 'W/123' }, { etag: 123 }, true],

    // If-Modified-Since
    ['not modified since', { 'if-modified-since': JAN2 }, { 'last-modified': JAN1 }, true],
    ['modified at the same time', { 'if-modified-since': JAN1 }, { 'last-modified': JAN1 }, true],
    ['modified since', { 'if-modified-since': JAN1 }, { 'last-modified': JAN2 }, false],
    ['no Last-Modified', { 'if-modified-since': JAN1 }, {}, false],
    ['invalid If-Modified-Since', { 'if-modified-since': 'foo' }, { 'last-modified': JAN1 }, false],
    ['invalid Last-Modified', { 'if-modified-since': JAN1 }, { 'last-modified': 'foo' }, false],

    // If-None-Match wins
    [
      'etag matches, modified since',
      { 'if-none-match': '"foo"', 'if-modified-since': JAN1 },
      { etag: '"foo"', 'last-modified': JAN2 },
      true,
    ],
    [
      'etag differs, not modified',
      { 'if-none-match': '"foo"', 'if-modified-since': JAN2 },
      { etag: '"bar"', 'last-modified': JAN1 },
      false,
    ],

    // Cache-Control: no-cache
    ['no-cache', { 'if-none-match': '"foo"', 'cache-control': 'no-cache' }, { etag: '"foo"' }, false],
    ['no-cache with *', { 'if-none-match': '*', 'cache-control': 'no-cache' }, {}, false],
    [
      'no-cache with If-Modified-Since',
      { 'if-modified-since': JAN2, 'cache-control': 'no-cache' },
      { 'last-modified': JAN1 },
      false,
    ],
    [
      'no-cache in a list',
      { 'if-none-match': '"foo"', 'cache-control': 'max-age=0, no-cache' },
      { etag: '"foo"' },
      false,
    ],
    [
      'no-cache first in a list',
      { 'if-none-match': '"foo"', 'cache-control': 'no-cache,max-age=0' },
      { etag: '"foo"' },
      false,
    ],
    [
      'no-cache with whitespace',
      { 'if-none-match': '"foo"', 'cache-control': ' , \t no-cache \t ,' },
      { etag: '"foo"' },
      false,
    ],
    ['no-cache without conditional headers', { 'cache-control': 'no-cache' }, { etag: '"foo"' }, false],
    ['other directives', { 'if-none-match': '"foo"', 'cache-control': 'max-age=0' }, { etag: '"foo"' }, true],
    ['no-cache as a prefix', { 'if-none-match': '"foo"', 'cache-control': 'no-cache-x' }, { etag: '"foo"' }, true],
    ['no-cache as a suffix', { 'if-none-match': '"foo"', 'cache-control': 'x-no-cache' }, { etag: '"foo"' }, true],
    [
      'no-cache with a value',
      { 'if-none-match': '"foo"', 'cache-control': 'no-cache="set-cookie"' },
      { etag: '"foo"' },
      true,
    ],
  ];
  for (const [name, req, res, expected] of cases) {
    test(`${name} -> ${expected}`, () => {
      assert.equal(fresh(req, res), expected);
    });
  }

  test('adversarial headers are handled in linear time', () => {
    const spaces = ' '.repeat(50_000);
    assert.equal(fresh({ 'if-none-match': '"a"', 'cache-control': ',' + spaces + 'no-cach' }, { etag: '"a"' }), true);
    assert.equal(
      fresh({ 'if-none-match': '"a"', 'cache-control': (',' + spaces).repeat(2) + 'x' }, { etag: '"a"' }),
      true,
    );
    assert.equal(fresh({ 'if-none-match': '"a"', 'cache-control': 'no-cache '.repeat(10_000) }, { etag: '"a"' }), true);
    assert.equal(fresh({ 'if-none-match': ','.repeat(50_000) + '"a"' }, { etag: '"a"' }), true);
    assert.equal(fresh({ 'if-none-match': spaces + '"b"' + spaces }, { etag: '"a"' }), false);
    // time(8n) / time(n) in CPU time, no bound on elapsed time
    const shapes: [string, (n: number) => FreshRequestHeaders][] = [
      [
        'spaces in Cache-Control',
        (n) => ({ 'if-none-match': '"a"', 'cache-control': ',' + ' '.repeat(n) + 'no-cach' }),
      ],
      ['"no-cache " run', (n) => ({ 'if-none-match': '"a"', 'cache-control': 'no-cache '.repeat(n / 9) })],
      ['"," run in If-None-Match', (n) => ({ 'if-none-match': ','.repeat(n) + '"a"' })],
      ['spaces around an ETag', (n) => ({ 'if-none-match': ' '.repeat(n / 2) + '"b"' + ' '.repeat(n / 2) })],
    ];
    for (const [label, build] of shapes) assertLinear(`fresh: ${label}`, build, (req) => fresh(req, { etag: '"a"' }));
  });

  describe('over HTTP: a 304 flow with etag()', () => {
    const body = JSON.stringify({ hello: 'world' });
    const tag = etag(body);

    function listen(): Promise<TestServer> {
      return serve((req: IncomingMessage, res: ServerResponse) => {
        res.setHeader('ETag', etag(body));
        res.setHeader('Content-Type', 'application/json');
        if (fresh(req.headers, { etag: res.getHeader('ETag') as string })) {
          res.statusCode = 304;
          res.end();
          return;
        }
        res.end(body);
      });
    }

    const get = (server: TestServer, headers: Record<string, string>): Promise<Reply> => server.get('/', headers);

    test('200 with the ETag, then 304 when the client revalidates', async () => {
      const server = await listen();
      try {
        const first = await get(server, {});
        assert.equal(first.status, 200);
        assert.equal(first.headers.etag, '"11-IkjuL6CqqtmReFMfkkvwC0sKj04"');
        assert.equal(first.headers.etag, tag);
        assert.equal(first.body, body);

        const second = await get(server, { 'If-None-Match': first.headers.etag as string });
        assert.equal(second.status, 304);
        assert.equal(second.body, '');

        const weak = await get(server, { 'If-None-Match': '"other", W/' + tag });
        assert.equal(weak.status, 304);

        const stale = await get(server, { 'If-None-Match': '"other"' });
        assert.equal(stale.status, 200);
        assert.equal(stale.body, body);

        const reload = await get(server, { 'If-None-Match': tag, 'Cache-Control': 'no-cache' });
        assert.equal(reload.status, 200);
      } finally {
        await server.close();
      }
    });
  });
});
