import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '../../../test/support/http.js';
import brisk from '@brisk/app';
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

test('over real HTTP: req.ip and req.ips of a brisk app never hold an entry that is not an IP address', async () => {
  const app = brisk();
  app.get('/', (req, res) => {
    res.json({ ip: req.ip, ips: req.ips });
  });
  const server = await serve(app);
  try {
    const get = async (trust: unknown, xff: string) => {
      app.set('trust proxy', trust);
      return JSON.parse((await server.get('/', { 'X-Forwarded-For': xff })).body) as { ip: string; ips: string[] };
    };
    // trust everything: the walk stops before the first entry that is not an address
    assert.deepEqual(await get(true, '<script>alert(1)</script>'), { ip: '127.0.0.1', ips: [] });
    assert.deepEqual(await get(true, '<script>, 203.0.113.7'), { ip: '203.0.113.7', ips: ['203.0.113.7'] });
    assert.deepEqual(await get(true, '198.51.100.9, unknown, 203.0.113.7, 10.0.0.2'), {
      ip: '203.0.113.7',
      ips: ['203.0.113.7', '10.0.0.2'],
    });
    assert.deepEqual(await get(true, "' OR '1'='1"), { ip: '127.0.0.1', ips: [] });
    // a hop count, and a list of proxies
    assert.deepEqual(await get(3, 'unknown, 203.0.113.7'), { ip: '203.0.113.7', ips: ['203.0.113.7'] });
    // an entry with a port (as some load balancers write them) gives its address, without the port
    assert.deepEqual(await get('loopback, 10.0.0.0/8', '203.0.113.7:4711, 10.0.0.2'), {
      ip: '203.0.113.7',
      ips: ['203.0.113.7', '10.0.0.2'],
    });
    assert.deepEqual(await get(true, '[2001:db8::1]:443, 10.0.0.2:80'), {
      ip: '2001:db8::1',
      ips: ['2001:db8::1', '10.0.0.2'],
    });
    // well-formed headers are read as proxy-addr reads them
    assert.deepEqual(await get(true, '203.0.113.7, 10.0.0.2'), {
      ip: '203.0.113.7',
      ips: ['203.0.113.7', '10.0.0.2'],
    });
    assert.deepEqual(await get('loopback', '203.0.113.7, 10.0.0.2'), { ip: '10.0.0.2', ips: ['10.0.0.2'] });
    assert.deepEqual(await get(false, '<script>'), { ip: '127.0.0.1', ips: [] });
  } finally {
    await server.close();
  }
});
