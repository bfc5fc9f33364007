// Deadlines on an app (decision 046): the `response timeout` setting, a default deadline for every
// request, and a route's `timeout()` (@brisk/timeout) replacing it; over HTTP/1.1 (127.0.0.1),
// HTTP/2 (h2c, node:http2 serving the app) and `app.inject()`. Each surface checks the 503 going
// through the app's error handler, `req.signal` aborted with a TimeoutError, and the hostile
// cases: a deadline that fires while a body is read, while a file is sent, after the response
// started, a handler that writes after the 503, and a client that leaves first.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import timeout from '@brisk/timeout';
import brisk from '../src/index.js';
import type { Express, NextFunction, Request, Response } from '../src/types.js';
import { serve } from '../../../test/support/http.js';

type Req = Request & { timedout?: boolean; clearTimeout?: () => void };
type Handler = (req: Req, res: Response, next: NextFunction) => void;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timers = () =>
  (process as unknown as { getActiveResourcesInfo(): string[] })
    .getActiveResourcesInfo()
    .filter((name) => name === 'Timeout').length;

/** A promise and its resolver. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** What an app saw: each error its error handler got, and what handlers recorded. */
interface Seen {
  errors: { status?: number; code?: string; timeout?: number; sent: boolean }[];
  events: unknown[];
}

/** An app with `response timeout` set to `setting` (unless undefined), `route` on `/t`, and an error handler that records. */
function appWith(setting: unknown, route: Handler[], seen: Seen): Express {
  const app = brisk();
  app.set('env', 'test');
  if (setting !== undefined) app.set('response timeout', setting);
  app.all('/t', ...(route as never[]));
  app.use(((
    err: { status?: number; code?: string; timeout?: number },
    _req: Req,
    res: Response,
    next: NextFunction,
  ) => {
    seen.errors.push({ status: err.status, code: err.code, timeout: err.timeout, sent: res.headersSent });
    if (res.headersSent) return next(err);
    res
      .status(err.status ?? 500)
      .type('text')
      .send(`deadline ${err.code} ${err.timeout}`);
  }) as never);
  return app;
}

/** A handler that records its signal's abort reason and never answers. */
function hang(seen: Seen): Handler {
  return (req) => {
    req.signal.addEventListener('abort', () => {
      const reason = req.signal.reason as DOMException;
      seen.events.push(`${reason.name}: ${reason.message}; timedout=${req.timedout}`);
    });
  };
}

describe('the response timeout setting', () => {
  it('an app that never sets it runs application.handle itself: nothing per request', () => {
    const app = brisk();
    assert.equal(app.handle, brisk.application.handle);
    app.set('response timeout', '5s');
    assert.notEqual(app.handle, brisk.application.handle);
    assert.equal(app.handle.name, 'handle');
    app.set('response timeout', false);
    assert.notEqual(app.handle, brisk.application.handle);
    assert.equal(app.handle.name, 'handle');
    app.set('response timeout', undefined);
    assert.equal(app.handle, brisk.application.handle);
    assert.equal(app.get('response timeout'), undefined);
  });

  it("reads as timeout() does ('250ms', 1500, true for 5 s); app.get returns what was set", async () => {
    const seen: Seen = { errors: [], events: [] };
    for (const [value, delay] of [
      ['30ms', 30],
      [40, 40],
    ] as const) {
      seen.errors.length = 0;
      const reply = await appWith(value, [hang(seen)], seen).inject({ path: '/t' });
      assert.equal(reply.statusCode, 503);
      assert.equal(reply.body, `deadline ETIMEDOUT ${delay}`);
    }
    const app = brisk();
    app.enable('response timeout');
    assert.equal(app.get('response timeout'), true);
    assert.notEqual(app.handle, brisk.application.handle);
  });

  const bad: [string, unknown, RegExp][] = [
    ['a string that is not a duration', 'soon', /value must be a number of milliseconds or a duration/],
    ['a negative number', -1, /from 0 to 2147483647, got -1/],
    ['NaN', Number.NaN, /got NaN/],
    ['more than a timer holds', 2 ** 31, /got 2147483648/],
    ['an object', {}, /got object/],
    ["'0'", '0', /0 ms .* write false/],
    ["'0ms'", '0ms', /0 ms .* write false/],
  ];
  for (const [name, value, message] of bad) {
    it(`refuses ${name} with a TypeError naming the setting`, () => {
      const app = brisk();
      assert.throws(
        () => app.set('response timeout', value),
        (error: TypeError & { code?: string }) => {
          assert.ok(error instanceof TypeError);
          assert.match(error.message, /^app\.set\('response timeout'\): /);
          assert.match(error.message, message);
          assert.equal(error.code, 'ERR_INVALID_ARG_VALUE');
          return true;
        },
      );
      assert.equal(app.handle, brisk.application.handle, 'a refused value changes nothing');
    });
  }

  it('false, null and 0 mean no deadline: a slow answer arrives', async () => {
    for (const value of [false, null, 0]) {
      const seen: Seen = { errors: [], events: [] };
      const app = appWith(value, [(_req, res) => void setTimeout(() => res.send('slow'), 30)], seen);
      assert.equal((await app.inject({ path: '/t' })).body, 'slow');
      assert.deepEqual(seen.errors, []);
    }
  });
});

describe('a route timeout() with and without the app default', () => {
  it('a longer route deadline replaces the default: the slow route answers, one error never comes', async () => {
    const seen: Seen = { errors: [], events: [] };
    const app = appWith(20, [timeout(300), (_req, res) => void setTimeout(() => res.send('in time'), 80)], seen);
    const reply = await app.inject({ path: '/t' });
    assert.equal(reply.body, 'in time');
    await sleep(40);
    assert.deepEqual(seen.errors, []);
  });

  it('a shorter route deadline replaces it too; exactly one 503 reaches the error handler', async () => {
    const seen: Seen = { errors: [], events: [] };
    const app = appWith(60, [timeout(20), hang(seen)], seen);
    const reply = await app.inject({ path: '/t' });
    assert.equal(reply.body, 'deadline ETIMEDOUT 20');
    await sleep(80); // past the default's 60 ms: it was cleared, not left to fire
    assert.deepEqual(seen.errors, [{ status: 503, code: 'ETIMEDOUT', timeout: 20, sent: false }]);
    assert.deepEqual(seen.events, ['TimeoutError: Response timeout; timedout=true']);
  });

  it('two timeout() on one route: the second replaces the first (connect-timeout would send two 503 errors)', async () => {
    const seen: Seen = { errors: [], events: [] };
    const app = appWith(undefined, [timeout(20), timeout(50), hang(seen)], seen);
    const started = Date.now();
    const reply = await app.inject({ path: '/t' });
    assert.ok(Date.now() - started >= 45, 'the later deadline is the one that fired');
    assert.equal(reply.body, 'deadline ETIMEDOUT 50');
    await sleep(30);
    assert.equal(seen.errors.length, 1);
  });

  it('req.clearTimeout() stops the default deadline', async () => {
    const seen: Seen = { errors: [], events: [] };
    const app = appWith(
      20,
      [
        (req, res) => {
          req.clearTimeout?.();
          setTimeout(() => res.send(`t=${req.timedout}`), 50);
        },
      ],
      seen,
    );
    assert.equal((await app.inject({ path: '/t' })).body, 't=false');
  });
});

describe('sub-apps', () => {
  /** A parent with a 30 ms default, and `sub` mounted on `/sub` answering after 80 ms. */
  async function throughParent(configure: (sub: Express) => void) {
    const seen: Seen = { errors: [], events: [] };
    const parent = appWith(30, [hang(seen)], seen);
    const sub = brisk();
    configure(sub);
    sub.get('/slow', (req: Req, res) => {
      setTimeout(() => {
        if (!req.timedout) res.send('sub answered');
      }, 80);
    });
    // the parent's error handler comes after the mount (use order)
    const app = brisk();
    app.set('env', 'test');
    app.set('response timeout', 30);
    app.use('/sub', sub);
    app.use(parent);
    app.use(((err: { status?: number }, _req: Req, res: Response, _next: NextFunction) => {
      seen.errors.push({ status: err.status, sent: res.headersSent });
      res.status(err.status ?? 500).send('parent error handler');
    }) as never);
    return { reply: await app.inject({ path: '/sub/slow' }), seen, sub };
  }

  it("a sub-app without the setting runs under its parent's deadline (and reads it)", async () => {
    const { reply, seen, sub } = await throughParent(() => {});
    assert.equal(reply.statusCode, 503);
    assert.equal(reply.body, 'parent error handler');
    assert.equal(sub.get('response timeout'), 30);
    assert.equal(sub.handle, brisk.application.handle);
    assert.equal(seen.errors.length, 1);
  });

  it('a sub-app with its own deadline replaces the parent’s as the request enters it', async () => {
    const { reply } = await throughParent((sub) => sub.set('response timeout', '200ms'));
    assert.equal(reply.body, 'sub answered');
  });

  it("a sub-app with false clears the parent's deadline for its requests", async () => {
    const { reply, seen } = await throughParent((sub) => sub.set('response timeout', false));
    assert.equal(reply.body, 'sub answered');
    await sleep(40);
    assert.deepEqual(seen.errors, []);
  });
});

describe('over HTTP/1.1', { timeout: 20_000 }, () => {
  it('the 503 goes through the error handler; req.signal aborts with a TimeoutError first', async () => {
    const seen: Seen = { errors: [], events: [] };
    const s = await serve(appWith('30ms', [hang(seen)], seen));
    try {
      const reply = await s.get('/t');
      assert.equal(reply.status, 503);
      assert.equal(reply.body, 'deadline ETIMEDOUT 30');
      assert.deepEqual(seen.events, ['TimeoutError: Response timeout; timedout=true']);
      assert.deepEqual(seen.errors, [{ status: 503, code: 'ETIMEDOUT', timeout: 30, sent: false }]);
    } finally {
      await s.close();
    }
  });

  it('fires while a JSON body is read from a stalled client: 503, the handler never runs, the socket is left to the client (as express with connect-timeout)', async () => {
    const seen: Seen = { errors: [], events: [] };
    const app = appWith(
      40,
      [brisk.json() as never, (_req, res) => void (seen.events.push('handler'), res.send('parsed'))],
      seen,
    );
    const s = await serve(app);
    try {
      const socket = net.connect(s.port, '127.0.0.1');
      let received = '';
      let closed = false;
      socket.on('data', (chunk) => (received += chunk));
      socket.on('close', () => (closed = true));
      socket.write('POST /t HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a":');
      await sleep(150);
      assert.match(received, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
      assert.match(received, /\r\n\r\ndeadline ETIMEDOUT 40$/);
      assert.equal(closed, false, 'the server does not cut the body short');
      socket.write('1,"b":22222}'); // the rest: read, and the route is not run
      await sleep(100);
      assert.deepEqual(seen.events, []);
      assert.equal(seen.errors.length, 1);
      socket.destroy();
      await sleep(30);
    } finally {
      await s.close();
    }
  });

  it('while res.sendFile is sending, the deadline is off from the headers on: the file arrives whole, req.signal stays unaborted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brisk-deadline-'));
    const file = join(dir, 'big.txt');
    writeFileSync(file, 'x'.repeat(4 * 1024 * 1024));
    const seen: Seen = { errors: [], events: [] };
    let signal: AbortSignal | undefined;
    const app = appWith(
      30,
      [
        (req, res) => {
          signal = req.signal;
          res.sendFile(file, (err) => seen.events.push(err ? err.message : `sent timedout=${req.timedout}`));
        },
      ],
      seen,
    );
    const s = await serve(app);
    try {
      const length = await new Promise<number>((resolve) => {
        const req = s.start('GET', '/t');
        req.on('response', (res) => {
          let n = 0;
          res.pause();
          setTimeout(() => res.resume(), 100); // a slow reader: longer than the deadline
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve(n));
        });
      });
      assert.equal(length, 4 * 1024 * 1024);
      await sleep(10);
      assert.deepEqual(seen.events, ['sent timedout=false']);
      assert.equal(signal?.aborted, false);
      assert.deepEqual(seen.errors, []);
    } finally {
      await s.close();
    }
  });

  it('after the response started, the deadline does not fire', async () => {
    const seen: Seen = { errors: [], events: [] };
    const app = appWith(
      20,
      [(req, res) => void (res.write('a'), setTimeout(() => res.end(`b ${req.timedout}`), 60))],
      seen,
    );
    const s = await serve(app);
    try {
      assert.equal((await s.get('/t')).body, 'ab false');
      assert.deepEqual(seen.errors, []);
    } finally {
      await s.close();
    }
  });

  it('the client leaving first: req.signal keeps AbortError, no late 503 or error, the timer is cleared', async () => {
    const seen: Seen = { errors: [], events: [] };
    const entered = deferred();
    const app = appWith(80, [(req, res, next) => void (hang(seen)(req, res, next), entered.resolve())], seen);
    const s = await serve(app);
    try {
      const base = timers();
      const req = s.start('GET', '/t');
      await entered.promise;
      req.destroy();
      await sleep(150); // past the deadline
      assert.deepEqual(seen.events, [
        'AbortError: The client closed the connection before the response finished; timedout=false',
      ]);
      assert.deepEqual(seen.errors, []);
      assert.equal(timers(), base);
    } finally {
      await s.close();
    }
  });
});

/** One h2c request: status, headers and body, or `reset` when the stream was reset. */
function h2(client: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: string, open = false) {
  const stream = client.request(headers, { endStream: body === undefined && !open });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    let status = 0;
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (status = Number(h[':status'])));
    stream.on('data', (c: string) => (text += c));
    stream.on('end', () => resolve({ status, body: text }));
    stream.on('error', reject);
  });
  if (body !== undefined) {
    stream.write(body);
    if (!open) stream.end();
  }
  return { stream, reply };
}

describe('over HTTP/2 (h2c)', { timeout: 20_000 }, () => {
  let seen: Seen;
  let route: Handler = () => {};
  let server: http2.Http2Server;
  let client: http2.ClientHttp2Session;
  before(async () => {
    seen = { errors: [], events: [] };
    server = http2.createServer(
      appWith(40, [brisk.json() as never, (req, res, next) => route(req, res, next)], seen) as never,
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  after(async () => {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });
  const reset = () => {
    seen.errors.length = 0;
    seen.events.length = 0;
  };

  it('the 503 goes through the error handler; req.signal aborts with a TimeoutError', async () => {
    reset();
    route = hang(seen);
    const { reply } = h2(client, { ':path': '/t' });
    assert.deepEqual(await reply, { status: 503, body: 'deadline ETIMEDOUT 40' });
    assert.deepEqual(seen.events, ['TimeoutError: Response timeout; timedout=true']);
    assert.equal(seen.errors.length, 1);
  });

  it("a handler that writes after the 503 does not corrupt it: send throws node's ERR_HTTP2_HEADERS_SENT, write fails", async () => {
    reset();
    const late = deferred();
    route = (_req, res) => {
      setTimeout(() => {
        try {
          res.send('late');
        } catch (error) {
          seen.events.push((error as { code: string }).code);
        }
        res.write('late', (error) => {
          seen.events.push(error ? 'write failed' : 'write ok');
          late.resolve();
        });
      }, 80);
    };
    const { reply } = h2(client, { ':path': '/t' });
    assert.deepEqual(await reply, { status: 503, body: 'deadline ETIMEDOUT 40' });
    await late.promise;
    assert.deepEqual(seen.events, ['ERR_HTTP2_HEADERS_SENT', 'write failed']);
  });

  it('fires while a JSON body is read from a stalled stream: 503, the handler never runs', async () => {
    reset();
    route = (_req, res) => {
      seen.events.push('handler');
      res.send('parsed');
    };
    const { stream, reply } = h2(
      client,
      { ':path': '/t', ':method': 'POST', 'content-type': 'application/json', 'content-length': '20' },
      '{"a":',
      true,
    );
    assert.deepEqual(await reply, { status: 503, body: 'deadline ETIMEDOUT 40' });
    stream.end('1,"b":22222}');
    await sleep(60);
    assert.deepEqual(seen.events, []);
    assert.equal(seen.errors.length, 1);
  });

  it('the client resetting the stream first: AbortError kept, no 503 or error later, the timer cleared', async () => {
    reset();
    const entered = deferred();
    route = (req, res, next) => {
      hang(seen)(req, res, next);
      entered.resolve();
    };
    const base = timers();
    const { stream } = h2(client, { ':path': '/t' });
    stream.on('error', () => {});
    await entered.promise;
    stream.close(http2.constants.NGHTTP2_CANCEL);
    await sleep(100);
    assert.deepEqual(seen.events, [
      'AbortError: The client closed the connection before the response finished; timedout=false',
    ]);
    assert.deepEqual(seen.errors, []);
    assert.equal(timers(), base);
  });
});

describe('with app.inject()', { timeout: 20_000 }, () => {
  it('the deadline fires in-process: 503 through the error handler, req.signal a TimeoutError', async () => {
    const seen: Seen = { errors: [], events: [] };
    const reply = await appWith(30, [hang(seen)], seen).inject({ path: '/t' });
    assert.equal(reply.statusCode, 503);
    assert.equal(reply.body, 'deadline ETIMEDOUT 30');
    assert.deepEqual(seen.events, ['TimeoutError: Response timeout; timedout=true']);
  });

  it('inject({ signal }) aborted first: AbortError kept, the inject rejects with it, no 503 later, the timer cleared', async () => {
    const seen: Seen = { errors: [], events: [] };
    const entered = deferred();
    const app = appWith(60, [(req, res, next) => void (hang(seen)(req, res, next), entered.resolve())], seen);
    const controller = new AbortController();
    const base = timers();
    const pending = app.inject({ path: '/t', signal: controller.signal });
    await entered.promise;
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    await sleep(100);
    assert.equal(seen.events.length, 1);
    assert.match(String(seen.events[0]), /^AbortError: .*; timedout=false$/);
    assert.deepEqual(seen.errors, []);
    assert.equal(timers(), base);
  });

  it("inject's own timeout option and the deadline: the deadline's 503 comes first when it is shorter", async () => {
    const seen: Seen = { errors: [], events: [] };
    const reply = await appWith(20, [hang(seen)], seen).inject({ path: '/t', timeout: 1000 });
    assert.equal(reply.statusCode, 503);
  });
});
