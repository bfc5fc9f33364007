import { test } from 'node:test';
import assert from 'node:assert/strict';
import proxyaddrModule, { all, compile, forwarded, proxyaddr } from '../src/index.js';
import type { RequestLike } from '../src/index.js';

test('the default export is proxyaddr() with all, compile, forwarded and proxyaddr as properties', () => {
  assert.equal(typeof proxyaddrModule, 'function');
  assert.equal(proxyaddrModule.name, 'proxyaddr');
  assert.equal(proxyaddrModule.length, 2);
  assert.equal(proxyaddrModule.all, all);
  assert.equal(proxyaddrModule.compile, compile);
  assert.equal(proxyaddrModule.forwarded, forwarded);
  assert.equal(proxyaddrModule.proxyaddr, proxyaddr);
  assert.equal(proxyaddrModule, proxyaddr);
  const req: RequestLike = { headers: { 'x-forwarded-for': '203.0.113.7' }, socket: { remoteAddress: '127.0.0.1' } };
  assert.equal(proxyaddrModule(req, 'loopback'), '203.0.113.7');
  assert.equal(proxyaddrModule(req, proxyaddrModule.compile('uniquelocal')), '127.0.0.1');
  assert.throws(() => proxyaddrModule(req, ''), { name: 'TypeError', message: 'trust argument is required' });
});
