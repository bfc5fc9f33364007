// compile() inside a request handler, over HTTP: links built from a query string, whose object has
// Object.prototype's members (toString, constructor) as every object does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile } from '../src/index.js';
import { serve } from '../../../test/support/http.js';

test('an optional parameter named like an Object.prototype member is left out when the query lacks it', async () => {
  // Formula 1 standings: a season, optionally one constructor's.
  const toPath = compile('/standings/:season{/:constructor}');
  const server = await serve((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      res.writeHead(302, { Location: toPath(Object.fromEntries(url.searchParams)) }).end();
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  try {
    const season = await server.get('/go?season=2024');
    assert.equal(season.status, 302, season.body); // path-to-regexp 8.4.1: Expected "constructor" to be a string
    assert.equal(season.headers.location, '/standings/2024');
    const team = await server.get('/go?season=2024&constructor=ferrari');
    assert.equal(team.headers.location, '/standings/2024/ferrari');
    const none = await server.get('/go');
    assert.equal(none.status, 500);
    assert.equal(none.body, 'TypeError: Missing parameters: season');
  } finally {
    await server.close();
  }
});
