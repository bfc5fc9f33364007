import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '../../../test/support/http.js';
import proxyaddr from '../src/index.js';

test('over real HTTP: X-Forwarded-For from a loopback client', async () => {
  const server = await serve((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        loopback: proxyaddr(req, 'loopback'),
        uniquelocal: proxyaddr(req, 'uniquelocal'),
        compiled: proxyaddr(req, proxyaddr.compile(['loopback', 'uniquelocal'])),
        all: proxyaddr.all(req, 'loopback'),
        forwarded: proxyaddr.forwarded(req),
      }),
    );
  });
  try {
    const get = async (headers: Record<string, string>) =>
      JSON.parse((await server.get('/', headers)).body) as Record<string, unknown>;

    assert.deepEqual(await get({ 'X-Forwarded-For': '203.0.113.7, 10.0.0.2' }), {
      loopback: '10.0.0.2',
      uniquelocal: '127.0.0.1',
      compiled: '203.0.113.7',
      all: ['127.0.0.1', '10.0.0.2'],
      forwarded: ['127.0.0.1', '10.0.0.2', '203.0.113.7'],
    });
    assert.deepEqual(await get({}), {
      loopback: '127.0.0.1',
      uniquelocal: '127.0.0.1',
      compiled: '127.0.0.1',
      all: ['127.0.0.1'],
      forwarded: ['127.0.0.1'],
    });
  } finally {
    await server.close();
  }
});
