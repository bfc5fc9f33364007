// @brisk/http's parseurl is @brisk/parseurl's (decision 047): the same function, types and caches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import parseurlModule from '@brisk/parseurl';
import { parseurl, type ParsedUrl, type Parseurl, type ParseurlRequest } from '../src/index.js';
import { serve } from '../../../test/support/http.js';

test('parseurl is the @brisk/parseurl module, with original', () => {
  assert.equal(parseurl, parseurlModule);
  assert.equal(parseurl.name, 'parseurl');
  assert.equal(parseurl.original, parseurlModule.original);
  const typed: Parseurl = parseurl;
  const req: ParseurlRequest = { url: '/a?b', originalUrl: '/m/a?b' };
  assert.equal((typed(req) as ParsedUrl).pathname, '/a');
  assert.equal((typed.original(req) as ParsedUrl).pathname, '/m/a');
});

test('over HTTP: parses and caches the request URL', async () => {
  const server = await serve((req: IncomingMessage, res: ServerResponse) => {
    const parsed = parseurl(req) as ParsedUrl;
    res.end(`${parsed.pathname} ${parsed.query} ${(req as ParseurlRequest)._parsedUrl === parsed}`);
  });
  try {
    assert.equal((await server.get('/search?q=1')).body, '/search q=1 true');
  } finally {
    await server.close();
  }
});
