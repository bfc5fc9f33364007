// @brisk/timeout over real HTTP (127.0.0.1, port 0) on a brisk app, an express 5 app and a plain
// node server: the 503 `ETIMEDOUT` answer, `req.timedout`, `'timeout'`, `req.clearTimeout()`,
// brisk's `req.signal` aborted with a `TimeoutError`, writes after the 503, deadlines that fire
// while a body is read, while a file is sent and after the response started, and no timer left
// behind. The express cases were run side by side with connect-timeout 1.9.1 on the same inputs
// (same status, headers and body; decision 044).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import brisk from '@brisk/app';
import timeout from '../src/index.js';
import type { TimeoutRequest } from '../src/index.js';
import { serve, type Servable } from '../../../test/support/http.js';

type Req = http.IncomingMessage & TimeoutRequest & { signal: AbortSignal };
type Res = http.ServerResponse & { send(body: string): void };
type Next = (err?: unknown) => void;
type Handler = (req: Req, res: Res, next: Next) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and its resolver (Promise.withResolvers is newer than node 20). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Records what reached the error handler. */
interface Seen {
  error?: { status: number; message: string; code: string; timeout: number; name: string; expose: boolean };
  events: unknown[];
}

/** An app of `kind` with `timeout(...args)` then `handler` on GET and POST `/`, and an error handler that records. */
function appOf(kind: 'brisk' | 'express', mw: unknown, handler: Handler, seen: Seen, before: unknown[] = []): Servable {
  const app = kind === 'brisk' ? brisk() : express();
  (app as unknown as { all(path: string, ...fns: unknown[]): void }).all('/', mw, ...before, handler);
  app.use(((err: Seen['error'], _req: Req, res: Res, _next: Next) => {
    seen.error = err;
    res.statusCode = err?.status ?? 500;
    res.setHeader('Content-Type', 'text/plain');
    res.end(`${err?.status} ${err?.message}`);
  }) as never);
  return app as Servable;
}

async function withServer<T>(target: Servable, run: (server: Awaited<ReturnType<typeof serve>>) => Promise<T>) {
  const server = await serve(target);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

for (const kind of ['brisk', 'express'] as const) {
  describe(`timeout() on ${kind}`, { timeout: 20_000 }, () => {
    it('answers 503 Response timeout with code ETIMEDOUT and the delay', async () => {
      const seen: Seen = { events: [] };
      const app = appOf(kind, timeout(30), (req) => req.on('timeout', (d) => seen.events.push(d)), seen);
      const reply = await withServer(app, (s) => s.get('/'));
      assert.equal(reply.status, 503);
      assert.equal(reply.body, '503 Response timeout');
      assert.equal(seen.error?.code, 'ETIMEDOUT');
      assert.equal(seen.error?.timeout, 30);
      assert.equal(seen.error?.name, 'ServiceUnavailableError');
      assert.equal(seen.error?.expose, false);
      assert.deepEqual(seen.events, [30]);
    });

    it("reads a duration string ('40ms') and answers the default error page as the framework does", async () => {
      const app = kind === 'brisk' ? brisk() : express();
      app.set('env', 'production');
      (app as unknown as { get(path: string, ...fns: unknown[]): void }).get('/', timeout('40ms'), () => {});
      const error = console.error;
      console.error = () => {}; // the final handler logs the error outside 'test'
      try {
        const reply = await withServer(app as Servable, (s) => s.get('/'));
        assert.equal(reply.status, 503);
        assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(reply.headers['content-security-policy'], "default-src 'none'");
        assert.match(reply.body, /<pre>Service Unavailable<\/pre>/);
        assert.equal(Number(reply.headers['content-length']), Buffer.byteLength(reply.body));
      } finally {
        console.error = error;
      }
    });

    it('does nothing when the response is made in time; req.timedout stays false', async () => {
      const seen: Seen = { events: [] };
      const app = appOf(kind, timeout(200), (req, res) => res.send(`t=${req.timedout}`), seen);
      const reply = await withServer(app, (s) => s.get('/'));
      assert.equal(reply.body, 't=false');
    });

    it('respond: false marks req.timedout and emits timeout, and the handler answers', async () => {
      const seen: Seen = { events: [] };
      const handler: Handler = (req, res) => {
        req.on('timeout', () => seen.events.push('timeout'));
        setTimeout(() => res.send(`t=${req.timedout}`), 80);
      };
      const reply = await withServer(appOf(kind, timeout(20, { respond: false }), handler, seen), (s) => s.get('/'));
      assert.equal(reply.status, 200);
      assert.equal(reply.body, 't=true');
      assert.deepEqual(seen.events, ['timeout']);
      assert.equal(seen.error, undefined);
    });

    it('req.clearTimeout() stops the deadline', async () => {
      const seen: Seen = { events: [] };
      const handler: Handler = (req, res) => {
        req.clearTimeout();
        setTimeout(() => res.send(`t=${req.timedout}`), 80);
      };
      const reply = await withServer(appOf(kind, timeout(20), handler, seen), (s) => s.get('/'));
      assert.equal(reply.body, 't=false');
    });

    it('a write after the 503 does not corrupt it: send() throws ERR_HTTP_HEADERS_SENT, write() fails with ERR_STREAM_WRITE_AFTER_END', async () => {
      const seen: Seen = { events: [] };
      const late = deferred();
      const handler: Handler = (_req, res) => {
        setTimeout(() => {
          try {
            res.send('late');
          } catch (error) {
            seen.events.push((error as { code: string }).code);
          }
          const ok = res.write('late', (error) => {
            seen.events.push((error as { code?: string } | null | undefined)?.code);
            late.resolve();
          });
          seen.events.push(ok);
        }, 60);
      };
      const reply = await withServer(appOf(kind, timeout(20), handler, seen), async (s) => {
        const r = await s.get('/');
        await late.promise;
        return r;
      });
      assert.equal(reply.status, 503);
      assert.equal(reply.body, '503 Response timeout');
      assert.deepEqual(seen.events, ['ERR_HTTP_HEADERS_SENT', false, 'ERR_STREAM_WRITE_AFTER_END']);
    });

    it('haltOnTimedout: a later middleware is skipped with `if (!req.timedout) next()`', async () => {
      const seen: Seen = { events: [] };
      const slow: Handler = (req, _res, next) => {
        setTimeout(() => {
          if (!req.timedout) next();
          else seen.events.push('halted');
        }, 60);
      };
      const app = appOf(kind, timeout(20), (_req, res) => res.send('handler ran'), seen, [slow]);
      const reply = await withServer(app, (s) => s.get('/'));
      await sleep(80);
      assert.equal(reply.status, 503);
      assert.deepEqual(seen.events, ['halted']);
    });

    it('after the response has started, the deadline does not fire and the response completes', async () => {
      const seen: Seen = { events: [] };
      const handler: Handler = (req, res) => {
        res.write('a');
        setTimeout(() => res.end(`b t=${req.timedout}`), 60);
      };
      const reply = await withServer(appOf(kind, timeout(20), handler, seen), (s) => s.get('/'));
      assert.equal(reply.status, 200);
      assert.equal(reply.body, 'ab t=false');
      assert.equal(seen.error, undefined);
    });

    it('fires while a body is being read: the 503 goes out whole, the handler never runs', async () => {
      const seen: Seen = { events: [] };
      const parser = kind === 'brisk' ? brisk.json() : express.json();
      const app = appOf(
        kind,
        timeout(40),
        (_req, res) => {
          seen.events.push('handler');
          res.send('handler ran');
        },
        seen,
        [parser, ((req: Req, _res: Res, next: Next) => (req.timedout ? undefined : next())) as unknown],
      );
      const reply = await withServer(
        app,
        (s) =>
          new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = s.start('POST', '/', {
              headers: { 'content-type': 'application/json', 'content-length': '20' },
              body: '{"a":',
              open: true,
            });
            req.on('response', (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (c) => (body += c));
              res.on('end', () => {
                req.end('1,"b":22222}');
                resolve({ status: res.statusCode ?? 0, body });
              });
              res.on('error', reject);
            });
          }),
      );
      await sleep(50);
      assert.equal(reply.status, 503);
      assert.equal(reply.body, '503 Response timeout');
      assert.deepEqual(seen.events, []);
    });

    it('while a file is being sent (headers written), the deadline is off and the file arrives whole', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'brisk-timeout-'));
      const file = join(dir, 'big.txt');
      const content = 'x'.repeat(4 * 1024 * 1024);
      writeFileSync(file, content);
      const seen: Seen = { events: [] };
      let timedout: boolean | undefined;
      const handler: Handler = (req, res) => {
        (res as unknown as { sendFile(p: string, cb: (e?: Error) => void): void }).sendFile(file, (err) => {
          timedout = req.timedout;
          if (err) seen.events.push(err.message);
        });
      };
      const reply = await withServer(appOf(kind, timeout(30), handler, seen), async (s) => {
        // a slow reader: the response takes longer than the deadline
        return new Promise<{ status: number; length: number }>((resolve) => {
          const req = s.start('GET', '/');
          req.on('response', (res) => {
            let length = 0;
            res.pause();
            setTimeout(() => res.resume(), 80);
            res.on('data', (c: Buffer) => (length += c.length));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, length }));
          });
        });
      });
      assert.equal(reply.status, 200);
      assert.equal(reply.length, content.length);
      assert.equal(timedout, false);
      assert.equal(seen.error, undefined);
    });
  });
}

describe('timeout() and req.signal', { timeout: 20_000 }, () => {
  it('on brisk, expiry aborts a req.signal already read with a TimeoutError', async () => {
    const seen: unknown[] = [];
    const app = brisk();
    app.set('env', 'test');
    app.get('/', timeout(30), (req) => {
      req.signal.addEventListener('abort', () => {
        const reason = req.signal.reason as DOMException;
        seen.push(reason instanceof DOMException, reason.name, reason.message, (req as unknown as Req).timedout);
      });
    });
    const reply = await withServer(app as Servable, (s) => s.get('/'));
    assert.equal(reply.status, 503);
    // aborted before 'timeout' is emitted: the work stops before the 503 is written
    assert.deepEqual(seen, [true, 'TimeoutError', 'Response timeout', true]);
  });

  it('on brisk, a req.signal first read after expiry is already aborted with the TimeoutError', async () => {
    const seen: unknown[] = [];
    const app = brisk();
    app.set('env', 'test');
    app.get('/', timeout(20, { respond: false }), (req, res) => {
      setTimeout(() => {
        // the answer goes out whatever the signal says, so that a wrong signal fails the test
        // instead of leaving its request open
        seen.push(req.signal.aborted, (req.signal.reason as DOMException | undefined)?.name);
        res.end('late but answered');
      }, 60);
    });
    const reply = await withServer(app as Servable, (s) => s.get('/'));
    assert.equal(reply.body, 'late but answered');
    assert.deepEqual(seen, [true, 'TimeoutError']);
  });

  it('a response made in time leaves req.signal unaborted', async () => {
    let signal: AbortSignal | undefined;
    const app = brisk();
    app.set('env', 'test');
    app.get('/', timeout(30), (req, res) => {
      signal = req.signal;
      res.end('ok');
    });
    await withServer(app as Servable, (s) => s.get('/'));
    await sleep(60);
    assert.equal(signal?.aborted, false);
  });

  it('on a plain node server (no brisk request) the deadline works and nothing is aborted', async () => {
    const mw = timeout(20);
    const server = http.createServer((req, res) => {
      mw(req, res, (err) => {
        if (err === undefined) return; // the route: never answers
        res.statusCode = (err as { status: number }).status;
        res.end((err as Error).message);
      });
    });
    const reply = await withServer(server, (s) => s.get('/'));
    assert.equal(reply.status, 503);
    assert.equal(reply.body, 'Response timeout');
  });
});

describe('timeout() leaves no timer behind', { timeout: 20_000 }, () => {
  const timers = () =>
    (process as unknown as { getActiveResourcesInfo(): string[] })
      .getActiveResourcesInfo()
      .filter((name) => name === 'Timeout').length;

  it('clears the timer when the response finishes', async () => {
    const app = brisk();
    app.set('env', 'test');
    let during = 0;
    app.get('/', timeout(60_000), (_req, res) => {
      during = timers();
      res.end('ok');
    });
    await withServer(app as Servable, async (s) => {
      const base = timers();
      await s.get('/');
      await sleep(20);
      assert.ok(during > base, 'the deadline timer is active during the request');
      assert.equal(timers(), base);
    });
  });

  it('clears the timer when the client leaves before the response', async () => {
    const app = brisk();
    app.set('env', 'test');
    const entered = deferred();
    app.get('/', timeout(60_000), () => entered.resolve());
    await withServer(app as Servable, async (s) => {
      const base = timers();
      const req = s.start('GET', '/');
      await entered.promise;
      req.destroy();
      await sleep(50);
      assert.equal(timers(), base);
    });
  });
});
