// req.signal: aborted when the client leaves before the response finishes (HTTP/1.1 connection
// closed, HTTP/2 stream reset, inject aborted), never because the body ended or the response
// finished; made only when read (decision 043). Over real HTTP on 127.0.0.1, as the app's other
// tests; run on node 20, 24 and 26 (node 24 and later have a getter of their own, which brisk's
// shadows).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import brisk from '../src/index.js';
import type { Request, Response } from '../src/types.js';
import { serve, type TestServer } from '../../../test/support/http.js';

type Handler = (req: Request, res: Response) => void;
let current: Handler = (_req, res) => res.end();

function makeApp() {
  const app = brisk();
  app.all('/t', (req, res) => current(req, res));
  return app;
}

/** A promise and its resolver. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves with the signal's reason when it aborts; rejects after `ms`. */
function abortOf(signal: AbortSignal, ms = 2000): Promise<unknown> {
  if (signal.aborted) return Promise.resolve(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`req.signal did not abort within ${ms} ms`)), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(signal.reason);
    });
  });
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The reason brisk gives. */
function assertClientLeft(reason: unknown): void {
  assert.ok(reason instanceof DOMException, `reason is a DOMException, not ${String(reason)}`);
  assert.equal(reason.name, 'AbortError');
  assert.equal(reason.message, 'The client closed the connection before the response finished');
}

/** Records every abort of a signal (to assert that none ever happens). */
function watchNoAbort(signal: AbortSignal): { count: number } {
  const seen = { count: 0 };
  signal.addEventListener('abort', () => seen.count++);
  return seen;
}

describe('req.signal over HTTP/1.1', () => {
  let s: TestServer;
  before(async () => {
    s = await serve(makeApp());
  });
  after(() => s.close());

  it('is one AbortSignal per request, not aborted while the exchange goes on', async () => {
    const got = deferred<{ same: boolean; aborted: boolean; isSignal: boolean }>();
    current = (req, res) => {
      const signal = req.signal;
      got.resolve({ same: signal === req.signal, aborted: signal.aborted, isSignal: signal instanceof AbortSignal });
      res.end('ok');
    };
    assert.equal((await s.get('/t')).body, 'ok');
    assert.deepEqual(await got.promise, { same: true, aborted: false, isSignal: true });
  });

  it('aborts when the client disconnects before sending the body', async () => {
    const got = deferred<AbortSignal>();
    current = (req) => got.resolve(req.signal); // never answers
    const client = s.start('POST', '/t', { headers: { 'content-length': '10' }, open: true });
    const signal = await got.promise;
    assert.equal(signal.aborted, false);
    client.destroy();
    assertClientLeft(await abortOf(signal));
  });

  it('aborts when the client disconnects during the body', async () => {
    const got = deferred<AbortSignal>();
    current = (req) => req.once('data', () => got.resolve(req.signal));
    const client = s.start('POST', '/t', { headers: { 'content-length': '10' }, body: 'abc', open: true });
    const signal = await got.promise;
    assert.equal(signal.aborted, false);
    client.destroy();
    assertClientLeft(await abortOf(signal));
  });

  it('aborts when the client disconnects after the body was read, before the response', async () => {
    const got = deferred<AbortSignal>();
    current = (req) => {
      req.resume();
      req.on('end', () => setTimeout(() => got.resolve(req.signal), 20)); // the request stream closed too
    };
    const client = s.start('POST', '/t', { body: 'hello' });
    const signal = await got.promise;
    assert.equal(signal.aborted, false, 'the body ending (and the request closing) is no abort');
    client.destroy();
    assertClientLeft(await abortOf(signal));
  });

  it('aborts when the client disconnects mid-response', async () => {
    const got = deferred<AbortSignal>();
    current = (req, res) => {
      got.resolve(req.signal);
      res.write('part'); // never ended
    };
    const client = s.start('GET', '/t');
    client.on('response', () => client.destroy());
    assertClientLeft(await abortOf(await got.promise));
  });

  it('is already aborted when first read after the client left', async () => {
    const got = deferred<{ aborted: boolean; reason: unknown }>();
    current = (req, res) => {
      res.on('close', () => {
        const signal = req.signal;
        got.resolve({ aborted: signal.aborted, reason: signal.reason });
      });
    };
    const client = s.start('GET', '/t');
    await delay(30);
    client.destroy();
    const { aborted, reason } = await got.promise;
    assert.equal(aborted, true);
    assertClientLeft(reason);
  });

  it('never aborts for a GET answered normally, even after the connection closes', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const got = deferred<AbortSignal>();
    current = (req, res) => {
      got.resolve(req.signal);
      res.send('done');
    };
    assert.equal((await s.request('GET', '/t', { agent })).body, 'done');
    const signal = await got.promise;
    const seen = watchNoAbort(signal);
    agent.destroy(); // the keep-alive connection closes after the response
    await delay(50);
    assert.equal(signal.aborted, false);
    assert.equal(seen.count, 0);
  });

  it('never aborts for a POST whose body is read, before or after the answer', async () => {
    const got = deferred<{ signal: AbortSignal; beforeAnswer: boolean }>();
    current = (req, res) => {
      const signal = req.signal;
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () =>
        setTimeout(() => {
          got.resolve({ signal, beforeAnswer: signal.aborted });
          res.send(body);
        }, 30),
      );
    };
    assert.equal((await s.request('POST', '/t', { body: 'the body' })).body, 'the body');
    const { signal, beforeAnswer } = await got.promise;
    assert.equal(beforeAnswer, false, 'not aborted once the body was read (node 24.16-24.18 got this wrong)');
    await delay(50);
    assert.equal(signal.aborted, false);
  });

  it('never aborts for a streamed response that finishes, even long after', async () => {
    const got = deferred<AbortSignal>();
    current = (req, res) => {
      got.resolve(req.signal);
      let n = 0;
      const timer = setInterval(() => {
        res.write(`chunk ${n}\n`);
        if (++n === 5) {
          clearInterval(timer);
          res.end();
        }
      }, 5);
    };
    const reply = await s.get('/t');
    assert.equal(reply.body.split('\n').length, 6);
    const signal = await got.promise;
    await delay(100);
    assert.equal(signal.aborted, false);
  });

  it('read after the response finished, never aborts', async () => {
    const got = deferred<AbortSignal>();
    current = (req, res) => {
      res.on('finish', () => got.resolve(req.signal));
      res.end('x');
    };
    await s.get('/t');
    const signal = await got.promise;
    await delay(30); // the connection has closed since (a fresh connection per request)
    assert.equal(signal.aborted, false);
  });

  it('costs nothing until read: no field on the request, one close listener on the response once read', async () => {
    const got = deferred<{ before: number[]; after: number[]; keysBefore: number; keysAfter: number }>();
    const counts = (req: Request, res: Response) => {
      const socket = req.socket as Socket;
      return [
        res.listenerCount('close'),
        res.listenerCount('finish'),
        req.listenerCount('close'),
        req.listenerCount('end'),
        socket.listenerCount('close'),
        socket.listenerCount('end'),
        socket.listenerCount('error'),
      ];
    };
    current = (req, res) => {
      const before = counts(req, res);
      const keysBefore = Reflect.ownKeys(req).length;
      void req.signal;
      void req.signal; // a second read adds nothing either
      got.resolve({ before, after: counts(req, res), keysBefore, keysAfter: Reflect.ownKeys(req).length });
      res.end();
    };
    await s.get('/t');
    const { before, after, keysBefore, keysAfter } = await got.promise;
    assert.deepEqual(after, [before[0] + 1, ...before.slice(1)]);
    assert.equal(keysAfter, keysBefore, 'reading req.signal adds no property to the request');
  });

  it('leaks no listener over many keep-alive requests that read it', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const seen: string[] = [];
    const signals: AbortSignal[] = [];
    current = (req, res) => {
      const socket = req.socket as Socket;
      signals.push(req.signal);
      res.on('finish', () => {
        // after the response: brisk's own listener on the response is gone with it
        seen.push(
          [
            socket.listenerCount('close'),
            socket.listenerCount('end'),
            socket.listenerCount('error'),
            socket.listenerCount('data'),
          ].join(','),
        );
      });
      res.end('k');
    };
    for (let i = 0; i < 200; i++) await s.request('GET', '/t', { agent });
    agent.destroy();
    await delay(30);
    assert.equal(new Set(seen).size, 1, `the socket's listener counts changed: ${[...new Set(seen)].join(' | ')}`);
    assert.equal(signals.filter((signal) => signal.aborted).length, 0, 'no signal aborted when the connection closed');
  });

  const nodeGetter = Object.getOwnPropertyDescriptor(http.IncomingMessage.prototype, 'signal')?.get;
  it("leaves node's own getter working on brisk's request (node 24 and later)", { skip: !nodeGetter }, async () => {
    const got = deferred<{ node: AbortSignal; brisk: AbortSignal }>();
    current = (req) => {
      const node = (nodeGetter as () => AbortSignal).call(req);
      got.resolve({ node, brisk: req.signal });
    };
    const client = s.start('GET', '/t');
    const { node, brisk: ours } = await got.promise;
    assert.ok(node instanceof AbortSignal);
    assert.notEqual(node, ours);
    assert.equal(ours.aborted, false);
    client.destroy();
    assertClientLeft(await abortOf(ours));
    await abortOf(node); // node's aborts too, with its own reason
  });
});

describe('req.signal over HTTP/2', () => {
  let server: http2.Http2Server;
  let client: http2.ClientHttp2Session;
  before(async () => {
    server = http2.createServer(makeApp() as never);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  after(async () => {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('aborts when the client resets the stream (RST_STREAM)', async () => {
    const got = deferred<AbortSignal>();
    current = (req) => got.resolve(req.signal);
    const stream = client.request({ ':path': '/t' });
    stream.on('error', () => {});
    const signal = await got.promise;
    assert.equal(signal.aborted, false);
    stream.close(http2.constants.NGHTTP2_CANCEL);
    assertClientLeft(await abortOf(signal));
  });

  it('aborts when the stream is reset mid-response, and is already aborted when read after', async () => {
    const got = deferred<{ aborted: boolean; reason: unknown }>();
    current = (req, res) => {
      res.write('part');
      res.on('close', () => got.resolve({ aborted: req.signal.aborted, reason: req.signal.reason }));
    };
    const stream = client.request({ ':path': '/t' });
    stream.on('error', () => {});
    stream.on('response', () => stream.close(http2.constants.NGHTTP2_CANCEL));
    const { aborted, reason } = await got.promise;
    assert.equal(aborted, true);
    assertClientLeft(reason);
  });

  it('aborts when the whole HTTP/2 connection goes, not only the stream', async () => {
    const port = (server.address() as AddressInfo).port;
    const session = http2.connect(`http://127.0.0.1:${port}`);
    session.on('error', () => {});
    const got = deferred<AbortSignal>();
    current = (req) => got.resolve(req.signal);
    const stream = session.request({ ':path': '/t' });
    stream.on('error', () => {});
    const signal = await got.promise;
    session.destroy();
    assertClientLeft(await abortOf(signal));
  });

  it('never aborts for a request answered normally, a body read, or a streamed response', async () => {
    const signals: AbortSignal[] = [];
    current = (req, res) => {
      signals.push(req.signal);
      req.resume();
      req.on('end', () => {
        res.write('a');
        setTimeout(() => res.end('b'), 10);
      });
    };
    for (const method of ['GET', 'POST']) {
      const stream = client.request({ ':path': '/t', ':method': method });
      stream.end(method === 'POST' ? 'body' : undefined);
      let body = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        body += chunk;
      });
      await new Promise((resolve) => stream.on('close', resolve));
      assert.equal(body, 'ab');
    }
    await delay(50);
    assert.deepEqual(
      signals.map((signal) => signal.aborted),
      [false, false],
    );
  });
});

describe('req.signal under app.inject()', () => {
  it("aborts when inject's signal aborts", async () => {
    const app = makeApp();
    const got = deferred<AbortSignal>();
    current = (req) => got.resolve(req.signal);
    const controller = new AbortController();
    const reply = app.inject({ url: '/t', signal: controller.signal });
    const signal = await got.promise;
    assert.equal(signal.aborted, false);
    controller.abort();
    await assert.rejects(reply, { name: 'AbortError' });
    assertClientLeft(await abortOf(signal));
  });

  it('never aborts for an injected request answered normally', async () => {
    const app = makeApp();
    const got = deferred<AbortSignal>();
    current = (req, res) => {
      got.resolve(req.signal);
      res.send('fine');
    };
    const controller = new AbortController();
    assert.equal((await app.inject({ url: '/t', method: 'POST', body: 'x', signal: controller.signal })).body, 'fine');
    controller.abort(); // after the response: nothing to cancel
    await delay(20);
    assert.equal((await got.promise).aborted, false);
  });
});
