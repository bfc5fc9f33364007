// Streaming bodies over real HTTP/1.1: backpressure both ways, res.flush() (server-sent events),
// and the hostile cases: clients that go away mid-body or before it, a filter or a compressor
// that throws, writes after the end. Every compressor made is checked to be destroyed (its
// native zlib handle released), whatever happens to the response.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import compression from '../src/index.js';
import { serve, type TestServer } from '../../../test/support/http.js';
import { decode, hasZstd } from './upstream.js';

type Res = ServerResponse & { flush(): void };
type Handler = (req: IncomingMessage, res: Res) => void;

/** Every compressor made while a test runs (zlib's factories wrapped, put back afterwards). */
const made: Transform[] = [];
const FACTORIES = ['createGzip', 'createDeflate', 'createBrotliCompress', 'createZstdCompress'] as const;
const originals = new Map<string, unknown>();
const lib = zlib as unknown as Record<string, (options?: unknown) => Transform>;
for (const name of FACTORIES) {
  const original = lib[name];
  if (typeof original !== 'function') continue;
  originals.set(name, original);
  // node defines them read-only but configurable
  Object.defineProperty(lib, name, {
    configurable: true,
    enumerable: true,
    writable: false,
    value: function spy(options?: unknown) {
      const stream = original.call(zlib, options);
      made.push(stream);
      return stream;
    },
  });
}
/** A compressor whose native handle is gone: destroyed and closed. */
const released = (s: Transform) => s.destroyed && (s as unknown as { _handle: unknown })._handle === null;

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  made.length = 0;
});

async function start(options: Record<string, unknown> | undefined, handler: Handler): Promise<TestServer> {
  const mw = compression(options as never);
  made.length = 0; // the compressors made once to check the options
  const s = await serve((req: IncomingMessage, res: ServerResponse) => mw(req, res, () => handler(req, res as Res)));
  servers.push(s);
  return s;
}

/** Waits until `check()` holds (polling), or fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('backpressure', () => {
  for (const compressed of [true, false]) {
    test(`${compressed ? 'compressed' : 'not compressed'}: write() returns false, 'drain' fires, nothing is lost`, async () => {
      const chunk = randomBytes(64 * 1024); // incompressible: fills buffers quickly
      const total = 256; // 16 MiB: more than the socket buffers of both ends hold
      let writes = 0;
      let falses = 0;
      let drained = 0;
      const s = await start({ threshold: 0, filter: () => compressed }, (_req, res) => {
        res.setHeader('Content-Type', 'application/octet-stream');
        res.on('drain', () => drained++);
        const pump = (): void => {
          while (writes < total) {
            writes++;
            if (!res.write(chunk)) {
              falses++;
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        pump();
      });
      const req = s.start('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
      const [res] = (await once(req, 'response')) as [IncomingMessage];
      assert.equal(res.headers['content-encoding'], compressed ? 'gzip' : undefined);
      res.pause();
      // while the client reads nothing, the handler is held back: its writes stop short of the end
      let seen = -1;
      while (seen !== writes) {
        seen = writes;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(writes < total, `held back after ${writes} of ${total} writes`);
      assert.ok(falses > 0);
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.resume();
      await once(res, 'end');
      assert.ok(drained > 0);
      assert.equal(writes, total);
      const body = decode(res.headers['content-encoding'], Buffer.concat(chunks));
      assert.equal(body.length, total * chunk.length);
      assert.ok(body.subarray(body.length - chunk.length).equals(chunk));
    });
  }
});

describe('res.flush()', () => {
  const codings = ['gzip', 'deflate', 'br', ...(hasZstd ? ['zstd'] : [])];
  for (const coding of codings) {
    test(`${coding}: each event reaches the client when flushed, before the response ends`, async () => {
      let respond: (() => void) | undefined;
      const s = await start({ threshold: 0 }, (_req, res) => {
        res.setHeader('Content-Type', 'text/event-stream');
        res.setHeader('Cache-Control', 'no-cache');
        let n = 0;
        respond = () => {
          n++;
          if (n === 3) return void res.end(`data: ${n}\n\n`);
          res.write(`data: ${n}\n\n`);
          res.flush();
        };
        respond();
      });
      const req = s.start('GET', '/', { headers: { 'accept-encoding': coding } });
      const [res] = (await once(req, 'response')) as [IncomingMessage];
      assert.equal(res.headers['content-encoding'], coding);
      const inflate =
        coding === 'gzip'
          ? zlib.createGunzip()
          : coding === 'deflate'
            ? zlib.createInflate()
            : coding === 'br'
              ? zlib.createBrotliDecompress()
              : (zlib as unknown as { createZstdDecompress(): Transform }).createZstdDecompress();
      res.pipe(inflate);
      const events: string[] = [];
      inflate.on('data', (c: Buffer) => {
        events.push(c.toString());
        respond?.(); // the next event only once this one arrived: no flush, no progress
      });
      await once(inflate, 'end');
      assert.deepEqual(events.join(''), 'data: 1\n\ndata: 2\n\ndata: 3\n\n');
      assert.ok(events.length >= 3);
    });
  }

  test('always present; does nothing on a response that is not compressed', async () => {
    const s = await start(undefined, (_req, res) => {
      res.statusCode = typeof res.flush === 'function' ? 200 : 500;
      res.flush();
      res.end('ok');
    });
    const reply = await s.get('/', { 'accept-encoding': 'gzip' });
    assert.equal(reply.status, 200);
    assert.equal(reply.body, 'ok');
  });

  test('after the client went away: no throw', async () => {
    let res: Res | undefined;
    const s = await start({ threshold: 0 }, (_req, r) => {
      res = r;
      r.setHeader('Content-Type', 'text/plain');
      r.write('hello');
      r.flush();
    });
    const req = s.start('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    await once(req, 'response');
    req.destroy();
    await until(() => made.length === 1 && released(made[0] as Transform), 'the compressor released');
    (res as Res).flush();
    assert.equal((res as Res).write('more'), false);
    (res as Res).end('end');
  });
});

describe('clients that go away', () => {
  test('mid-body: the compressor is destroyed and its zlib handle released', async () => {
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const s = await start({ threshold: 0 }, (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      timer = setInterval(() => res.write(randomBytes(4096).toString('hex')), 2);
      res.on('close', () => {
        closed = true;
        clearInterval(timer);
      });
    });
    const req = s.start('GET', '/', { headers: { 'accept-encoding': 'br' } });
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    assert.equal(res.headers['content-encoding'], 'br');
    await once(res, 'data');
    req.destroy();
    await until(() => closed, 'the response closed');
    assert.equal(made.length, 1);
    await until(() => released(made[0] as Transform), 'the compressor released');
  });

  test('50 clients aborting at random points leave no compressor open', async () => {
    const s = await start({ threshold: 0 }, (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      let n = 0;
      const timer = setInterval(() => {
        if (++n === 20) {
          clearInterval(timer);
          res.end('done');
        } else res.write('x'.repeat(1000 * n));
      }, 1);
      res.on('close', () => clearInterval(timer));
    });
    const requests: ClientRequest[] = [];
    for (let i = 0; i < 50; i++) {
      const coding = ['gzip', 'deflate', 'br'][i % 3] as string;
      const req = s.start('GET', '/', { headers: { 'accept-encoding': coding } });
      req.on('response', (res: IncomingMessage) => {
        res.resume();
        setTimeout(() => req.destroy(), i % 7);
      });
      requests.push(req);
    }
    await until(() => made.length === 50 && made.every(released), 'every compressor released', 5000);
  });

  test('before the headers: no compressor is made; writes after the close do not throw', async () => {
    let closedBeforeWriting = false;
    const s = await start({ threshold: 0 }, (req, res) => {
      res.on('close', () => {
        closedBeforeWriting = true;
        res.setHeader('Content-Type', 'text/plain');
        res.write('hello, ');
        res.end('world');
      });
      req.socket.destroy();
    });
    const req = s.start('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    req.on('error', () => undefined);
    await until(() => closedBeforeWriting, 'the handler wrote after the close');
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(made.length, 0);
  });

  test('the response destroyed by the handler mid-body', async () => {
    const s = await start({ threshold: 0 }, (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write('x'.repeat(10_000));
      setTimeout(() => res.destroy(), 5);
    });
    const req = s.start('GET', '/', { headers: { 'accept-encoding': 'deflate' } });
    req.on('response', (res: IncomingMessage) => res.resume());
    await until(() => made.length === 1 && released(made[0] as Transform), 'the compressor released');
  });
});

describe('misuse and failures', () => {
  test('write and end after end: false, as compression', async () => {
    const results: unknown[] = [];
    const s = await start({ threshold: 0 }, (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello, world');
      results.push(res.write('more'), res.end('more'));
    });
    const reply = await s.get('/', { 'accept-encoding': 'gzip' });
    assert.equal(decode(reply.headers['content-encoding'], reply.bytes).toString(), 'hello, world');
    assert.deepEqual(results, [false, false]);
  });

  test('a filter that throws: the error comes out of the call that writes the headers, and the answer can still be sent', async () => {
    let caught: unknown;
    let listening = false;
    const s = await start(
      {
        threshold: 0,
        filter: () => {
          throw new Error('filter failed');
        },
      },
      (_req, res) => {
        const listener = () => undefined;
        res.on('drain', listener);
        res.setHeader('Content-Type', 'text/plain');
        try {
          res.end('hello, world');
        } catch (err) {
          caught = err;
          res.statusCode = 500;
          res.end('handled');
          listening = res.listeners('drain').includes(listener); // not left waiting for a decision
        }
      },
    );
    const reply = await s.get('/', { 'accept-encoding': 'gzip' });
    assert.equal((caught as Error).message, 'filter failed');
    assert.ok(listening, 'a drain listener added before reaches the response');
    assert.equal(reply.status, 500);
    assert.equal(reply.headers['content-encoding'], undefined);
    assert.equal(reply.body, 'handled');
  });

  test('a compressor that fails mid-body ends the exchange; the process lives on', async () => {
    const s = await start({ threshold: 0 }, (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write('hello');
      setTimeout(() => (made[0] as Transform).emit('error', new Error('zlib failed')), 5);
    });
    const req = s.start('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    const closed = new Promise((resolve) => res.on('close', resolve));
    res.on('error', () => undefined); // 'aborted': the server destroyed the exchange
    res.resume();
    await closed;
    assert.equal(res.complete, false);
    await until(() => released(made[0] as Transform), 'the compressor released');
  });

  test('end callbacks are called, compressed or not', async () => {
    const called: string[] = [];
    const s = await start({ threshold: 0 }, (req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      const tag = String(req.headers['accept-encoding']);
      if (req.url === '/1') res.end(() => called.push(`${tag}: end(cb)`));
      else res.end('hello', () => called.push(`${tag}: end(chunk, cb)`));
    });
    await s.get('/1', { 'accept-encoding': 'gzip' });
    await s.get('/2', { 'accept-encoding': 'gzip' });
    await s.get('/2', { 'accept-encoding': 'identity' });
    await until(() => called.length === 3, 'three callbacks');
    assert.deepEqual(called.sort(), ['gzip: end(cb)', 'gzip: end(chunk, cb)', 'identity: end(chunk, cb)']);
  });

  test('write callbacks are called', async () => {
    let calls = 0;
    const s = await start({ threshold: 0 }, (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write('a', () => calls++);
      res.write('b', 'utf8', () => {
        calls++;
        res.end('c');
      });
    });
    const reply = await s.get('/', { 'accept-encoding': 'gzip' });
    assert.equal(decode(reply.headers['content-encoding'], reply.bytes).toString(), 'abc');
    assert.equal(calls, 2);
  });

  test("res.on('drain') returns the response; drain listeners follow the decision", async () => {
    const seen: unknown[] = [];
    const s = await start({ threshold: 0 }, (req, res) => {
      const listener = () => undefined;
      seen.push(res.on('drain', listener) === res);
      res.setHeader('Content-Type', req.url === '/png' ? 'image/png' : 'text/plain');
      res.write('x');
      const compressor = made[made.length - 1];
      // compressed: the listener waits on the compressor; not compressed: on the response
      seen.push(
        req.url === '/png'
          ? res.listeners('drain').includes(listener)
          : compressor?.listeners('drain').includes(listener),
      );
      seen.push(res.on('drain', listener) === res, res.addListener('drain', listener) === res);
      res.end();
    });
    await s.get('/text', { 'accept-encoding': 'gzip' });
    await s.get('/png', { 'accept-encoding': 'gzip' });
    assert.deepEqual(seen, [true, true, true, true, true, true, true, true]);
  });

  test("once('drain') and removeListener leave no listener behind on the compressor", async () => {
    let count = -1;
    const s = await start({ threshold: 0 }, async (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write('x');
      const compressor = made[0] as Transform;
      const base = compressor.listenerCount('drain');
      const listener = () => undefined;
      for (let i = 0; i < 100; i++) {
        res.once('drain', listener);
        res.removeListener('drain', listener);
        res.on('drain', listener);
        res.off('drain', listener);
      }
      const waiting = once(res, 'drain'); // events.once: a once listener, removed when it fires
      compressor.emit('drain');
      await waiting;
      count = compressor.listenerCount('drain') - base;
      res.end();
    });
    await s.get('/', { 'accept-encoding': 'gzip' });
    assert.equal(count, 0);
  });

  test('drain listeners removed before the headers are not moved to the compressor', async () => {
    let moved: unknown[] = [];
    const s = await start({ threshold: 0 }, (_req, res) => {
      const kept = () => undefined;
      const removed = () => undefined;
      const removedOnce = () => undefined;
      res.on('drain', kept);
      res.on('drain', removed);
      res.once('drain', removedOnce);
      res.removeListener('drain', removed);
      res.off('drain', removedOnce); // the once wrapper is found by the function it wraps
      res.setHeader('Content-Type', 'text/plain');
      res.write('x');
      const listeners = (made[0] as Transform).listeners('drain');
      moved = [listeners.includes(kept), listeners.includes(removed), listeners.length];
      res.end();
    });
    await s.get('/', { 'accept-encoding': 'gzip' });
    const probe = zlib.createGzip();
    const base = probe.listenerCount('drain'); // what a compressor has of its own
    probe.close();
    assert.deepEqual(moved, [true, false, base + 1]);
  });

  test('drain listeners added before the headers are kept when the response is not compressed', async () => {
    let found = false;
    const s = await start(undefined, (_req, res) => {
      const listener = () => undefined;
      res.on('drain', listener);
      res.setHeader('Content-Type', 'image/png');
      res.write('x');
      found = res.listeners('drain').includes(listener);
      res.removeListener('drain', listener);
      found &&= !res.listeners('drain').includes(listener);
      res.end();
    });
    await s.get('/', { 'accept-encoding': 'gzip' });
    assert.ok(found);
  });
});

test('zlib factories are put back', () => {
  for (const [name, value] of originals) {
    Object.defineProperty(lib, name, { configurable: true, enumerable: true, writable: false, value });
  }
});
