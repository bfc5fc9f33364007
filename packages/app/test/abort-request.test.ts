// The abort hook on brisk's request prototype (decision 044): `req[Symbol.for('brisk.abort')]
// (reason)` aborts `req.signal` with that reason, whether the signal was read before or is read
// after; nothing is made for a request that neither reads the signal nor is aborted.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import brisk from '../src/index.js';
import { ABORT_REQUEST, abortRequest } from '../src/request.js';
import { serve } from '../../../test/support/http.js';

describe('req[Symbol.for("brisk.abort")]', () => {
  it('is on brisk.request, not enumerable, under the registered symbol', () => {
    assert.equal(ABORT_REQUEST, Symbol.for('brisk.abort'));
    const method = (brisk.request as unknown as Record<symbol, unknown>)[Symbol.for('brisk.abort')];
    assert.equal(typeof method, 'function');
    assert.equal(Object.getOwnPropertyDescriptor(brisk.request, ABORT_REQUEST)?.enumerable, false);
    assert.ok(!Object.keys(brisk.request).includes('abort'));
  });

  it('aborts a signal already read, keeping the first reason', async () => {
    const app = brisk();
    const seen: unknown[] = [];
    app.get('/', (req, res) => {
      const signal = req.signal;
      assert.equal(signal.aborted, false);
      const reason = new DOMException('Response timeout', 'TimeoutError');
      (req as unknown as Record<symbol, (r: unknown) => void>)[Symbol.for('brisk.abort')](reason);
      abortRequest(req, new Error('second'));
      seen.push(signal.aborted, signal.reason === reason, req.signal === signal);
      res.end('ok');
    });
    const server = await serve(app);
    try {
      const reply = await server.request('GET', '/');
      assert.equal(reply.body, 'ok');
      assert.deepEqual(seen, [true, true, true]);
    } finally {
      await server.close();
    }
  });

  it('makes a first read later return an aborted signal with the reason', async () => {
    const app = brisk();
    const seen: unknown[] = [];
    app.get('/', (req, res) => {
      const reason = new DOMException('Response timeout', 'TimeoutError');
      abortRequest(req, reason);
      seen.push(req.signal.aborted, req.signal.reason === reason, (req.signal.reason as DOMException).name);
      res.end('ok');
    });
    const server = await serve(app);
    try {
      await server.request('GET', '/');
      assert.deepEqual(seen, [true, true, 'TimeoutError']);
    } finally {
      await server.close();
    }
  });

  it('is never called for a request that does not use it: the signal stays unaborted', async () => {
    const app = brisk();
    let signal: AbortSignal | undefined;
    app.get('/', (req, res) => {
      signal = req.signal;
      res.end('ok');
    });
    const server = await serve(app);
    try {
      await server.request('GET', '/');
      assert.equal(signal?.aborted, false);
    } finally {
      await server.close();
    }
  });
});
