import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import proxyaddr from '../src/index.js';

test('over real HTTP: X-Forwarded-For from a loopback client', async () => {
  const server = createServer((req, res) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const get = (headers: Record<string, string>) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(JSON.parse(body) as Record<string, unknown>));
        })
          .on('error', reject)
          .end();
      });

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
    server.closeIdleConnections?.();
    server.close();
  }
});
