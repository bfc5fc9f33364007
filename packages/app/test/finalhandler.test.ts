// The final handler (finalhandler 2.1's behaviour) over real HTTP, inside an app and alone.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { format } from 'node:util';
import Router from '@brisk/router';
import brisk, { finalhandler } from '../src/index.js';
import { serve } from '../../../test/support/http.js';

/** An app in `env` whose only route fails with `err` (thrown). */
function failing(err: unknown, env = 'test'): ReturnType<typeof brisk> {
  const app = brisk();
  app.set('env', env);
  app.get('/', () => {
    throw err;
  });
  return app;
}

describe('404', () => {
  it("answers `Cannot METHOD /path` in Express's HTML page with its security headers", async () => {
    const s = await serve(brisk());
    try {
      const r = await s.get('/no/such?x=1');
      assert.equal(r.status, 404);
      assert.equal(r.statusMessage, 'Not Found');
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(r.headers['content-security-policy'], "default-src 'none'");
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.equal(r.headers['x-powered-by'], 'Express');
      assert.equal(
        r.body,
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /no/such</pre>\n</body>\n</html>\n',
      );
      assert.equal(Number(r.headers['content-length']), Buffer.byteLength(r.body));
    } finally {
      await s.close();
    }
  });

  it('escapes the path and keeps the original URL of mounted requests', async () => {
    const app = brisk();
    app.use('/sub', brisk.Router());
    const s = await serve(app);
    try {
      const r = await s.request('POST', '/sub/%3Cscript%3E<b>');
      assert.equal(r.status, 404);
      assert.match(r.body, /<pre>Cannot POST \/sub\/%3Cscript%3E%3Cb%3E<\/pre>/);
      const head = await s.request('HEAD', '/nothing');
      assert.equal(head.status, 404);
      assert.equal(head.body, '');
    } finally {
      await s.close();
    }
  });
});

describe('errors', () => {
  it('500 with the stack outside production', async () => {
    const s = await serve(failing(new Error('boom <b>')));
    try {
      const r = await s.get('/');
      assert.equal(r.status, 500);
      assert.match(r.body, /<pre>Error: boom &lt;b&gt;<br> &nbsp; &nbsp;at /);
    } finally {
      await s.close();
    }
  });

  it('the status text in production', async () => {
    const s = await serve(failing(new Error('secret'), 'production'));
    const saved = console.error;
    console.error = () => undefined;
    try {
      const r = await s.get('/');
      assert.equal(r.status, 500);
      assert.match(r.body, /<pre>Internal Server Error<\/pre>/);
      assert.doesNotMatch(r.body, /secret/);
    } finally {
      await s.close();
      console.error = saved;
    }
  });

  it('err.status or err.statusCode from 400 to 599, and err.headers', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ status: 403 }, 403],
      [{ statusCode: 418 }, 418],
      [{ status: 200 }, 500],
      [{ status: 600 }, 500],
      [{ status: '404' }, 500],
    ];
    for (const [fields, expected] of cases) {
      const s = await serve(failing(Object.assign(new Error('e'), fields), 'production'));
      try {
        const r = await s.get('/');
        assert.equal(r.status, expected, JSON.stringify(fields));
      } finally {
        await s.close();
      }
    }
    const s = await serve(
      failing(Object.assign(new Error('slow down'), { status: 429, headers: { 'Retry-After': '30' } })),
    );
    try {
      const r = await s.get('/');
      assert.equal(r.status, 429);
      assert.equal(r.headers['retry-after'], '30');
    } finally {
      await s.close();
    }
  });

  it("keeps the response's error status when the error has none", async () => {
    const app = brisk();
    app.set('env', 'test');
    app.get('/', (_req, res, next) => {
      res.statusCode = 503;
      next(new Error('down'));
    });
    const s = await serve(app);
    try {
      assert.equal((await s.get('/')).status, 503);
    } finally {
      await s.close();
    }
  });

  it('removes content headers set before the error', async () => {
    const app = brisk();
    app.set('env', 'test');
    app.get('/', (_req, res, next) => {
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Language', 'fr');
      next(new Error('x'));
    });
    const s = await serve(app);
    try {
      const r = await s.get('/');
      assert.equal(r.headers['content-encoding'], undefined);
      assert.equal(r.headers['content-language'], undefined);
    } finally {
      await s.close();
    }
  });

  it('destroys the socket when headers were already sent', async () => {
    const app = brisk();
    app.set('env', 'test');
    app.get('/', (_req, res, next) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial');
      next(new Error('late'));
    });
    const s = await serve(app);
    try {
      const text = await s.raw('GET / HTTP/1.1\r\nHost: x\r\n\r\n', 3000);
      assert.match(text, /^HTTP\/1\.1 200 OK/);
      assert.match(text, /partial/);
      assert.doesNotMatch(text, /\r\n0\r\n\r\n$/, 'the chunked body is never terminated');
    } finally {
      await s.close();
    }
  });

  it('over HTTP/2, resets the stream with INTERNAL_ERROR when headers were already sent (not a clean end)', async () => {
    // destroyed without an error, node's HTTP/2 stream ended with NO_ERROR: the client took the
    // truncated body for the whole answer
    const app = brisk();
    app.set('env', 'test');
    app.get('/', (_req, res, next) => {
      res.write('partial');
      setImmediate(() => next(new Error('late')));
    });
    app.get('/ok', (_req, res) => res.send('the session lives'));
    const server = http2.createServer(app as never);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const get = (path: string) =>
      new Promise<{ body: string; error?: string; rstCode?: number }>((resolve) => {
        const stream = client.request({ ':path': path });
        let body = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('error', (err: Error & { code?: string }) =>
          resolve({ body, error: err.code, rstCode: stream.rstCode }),
        );
        stream.on('end', () => resolve({ body }));
      });
    try {
      const cut = await get('/');
      assert.equal(cut.body, 'partial');
      assert.equal(cut.error, 'ERR_HTTP2_STREAM_ERROR');
      assert.equal(cut.rstCode, http2.constants.NGHTTP2_INTERNAL_ERROR);
      assert.deepEqual(await get('/ok'), { body: 'the session lives' });
    } finally {
      client.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('logs errors to stderr, as console.error(err) prints them (Express 5.3), except in the test env', async () => {
    const logged: unknown[][] = [];
    const saved = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    const errors = { development: new Error('logged in development'), test: new Error('logged in test') };
    try {
      for (const [env, err] of Object.entries(errors)) {
        const s = await serve(failing(err, env));
        try {
          await s.get('/');
          await new Promise((r) => setTimeout(r, 20));
        } finally {
          await s.close();
        }
      }
    } finally {
      console.error = saved;
    }
    assert.equal(logged.length, 1);
    assert.equal(logged[0].length, 1);
    assert.equal(logged[0][0], errors.development, 'the error object itself, not its stack');
  });
});

/** Throws; a getter or Proxy trap that fails when read. */
function fail(): never {
  throw new Error('read fails');
}

/** Every Proxy trap that can be hit by reading, listing or inspecting an object, throwing. */
const THROWING_TRAPS: ProxyHandler<object> = {
  get: fail,
  has: fail,
  ownKeys: fail,
  getOwnPropertyDescriptor: fail,
  getPrototypeOf: fail,
};

/**
 * A value given to `next()` or thrown (made fresh for each request), what the final handler
 * answers in development (status, the text of the page's <pre>), and what the app's logger
 * prints: `'itself'` (console.error got the value), a line, or nothing (a 404 logs nothing).
 */
interface OddError {
  name: string;
  make: () => unknown;
  status: number;
  page: string | RegExp;
  /**
   * What is logged: the value itself (console.error(err)); a line; or `{ unprintable }`: the value
   * itself where this node's console.error can print it (node 26's inspect can print more), else
   * the fallback line the app's logger writes.
   */
  log: 'itself' | string | RegExp | null | { unprintable: string };
  /** For a rejected promise, when it differs (null and undefined become `Error: Rejected promise`). */
  rejected?: { status: number; page: RegExp; log: RegExp };
}

const REJECTED = {
  status: 500,
  page: /^Error: Rejected promise<br> &nbsp; &nbsp;at /,
  log: /^Error: Rejected promise\n/,
};

const ODD_ERRORS: OddError[] = [
  { name: 'a string', make: () => 'boom <b>', status: 500, page: 'boom &lt;b&gt;', log: 'itself' },
  { name: 'a number', make: () => 42, status: 500, page: '42', log: 'itself' },
  { name: 'a symbol', make: () => Symbol('s'), status: 500, page: 'Symbol(s)', log: 'itself' },
  { name: 'null', make: () => null, status: 404, page: /^Cannot GET \/fail\/\w+$/, log: null, rejected: REJECTED },
  {
    name: 'undefined',
    make: () => undefined,
    status: 404,
    page: /^Cannot GET \/fail\/\w+$/,
    log: null,
    rejected: REJECTED,
  },
  {
    name: 'a prototype-less object',
    make: () => Object.create(null),
    status: 500,
    page: 'Internal Server Error',
    log: 'itself',
  },
  {
    name: 'a prototype-less object with a message and a status',
    make: () => Object.assign(Object.create(null), { message: 'hidden', status: 400 }),
    status: 400,
    page: 'Bad Request',
    log: 'itself',
  },
  {
    name: 'an object whose toString throws',
    make: () => ({ toString: fail }),
    status: 500,
    page: 'Internal Server Error',
    log: 'itself',
  },
  {
    name: 'an Error whose stack getter throws (console.error cannot print it)',
    make: () => Object.defineProperty(new Error('no stack'), 'stack', { get: fail }),
    status: 500,
    page: 'Error: no stack',
    log: { unprintable: 'Error: no stack' },
  },
  {
    name: 'an object whose message getter throws',
    make: () => Object.defineProperty({}, 'message', { get: fail, enumerable: true }),
    status: 500,
    page: '[object Object]',
    log: 'itself',
  },
  {
    name: 'an Error whose status and statusCode getters throw',
    make: () =>
      Object.defineProperties(new Error('unreadable status'), { status: { get: fail }, statusCode: { get: fail } }),
    status: 500,
    page: /^Error: unreadable status<br> &nbsp; &nbsp;at /,
    log: 'itself',
  },
  {
    name: 'an Error whose headers getter throws',
    make: () =>
      Object.defineProperty(Object.assign(new Error('no headers'), { status: 409 }), 'headers', { get: fail }),
    status: 409,
    page: /^Error: no headers<br>/,
    log: 'itself',
  },
  {
    name: 'a Proxy whose traps throw',
    make: () => new Proxy({}, THROWING_TRAPS),
    status: 500,
    page: 'Internal Server Error',
    log: 'itself',
  },
  {
    name: 'a Proxy of an Error whose traps throw',
    make: () => new Proxy(new Error('proxied'), THROWING_TRAPS),
    status: 500,
    page: 'Internal Server Error',
    log: 'itself',
  },
  {
    name: 'a revoked Proxy',
    make: () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
    status: 500,
    page: 'Internal Server Error',
    log: 'itself',
  },
  {
    name: 'an object that neither console.error nor String can print',
    make: () => Object.defineProperty({}, Symbol.toStringTag, { get: fail }),
    status: 500,
    page: 'Internal Server Error',
    log: { unprintable: '[unprintable object]' },
  },
  {
    name: 'a frozen Error with a status',
    make: () => Object.freeze(Object.assign(new Error('frozen'), { status: 409 })),
    status: 409,
    page: /^Error: frozen<br>/,
    log: 'itself',
  },
];

/** How a route hands its error on. */
const MODES = ['throw', 'next', 'reject'] as const;

describe('any value as the error: answered, logged, and the server goes on', () => {
  for (const odd of ODD_ERRORS) {
    it(odd.name, async () => {
      const given: unknown[] = [];
      const app = brisk();
      app.set('env', 'development');
      app.get('/ok', (_req, res) => res.send('ok'));
      app.get('/fail/:mode', (req, _res, next) => {
        const value = odd.make();
        given.push(value);
        if (req.params.mode === 'throw') throw value;
        if (req.params.mode === 'next') return next(value);
        return Promise.reject(value);
      });
      // prints as console.error does (util.format inspects), so that a value it cannot print throws here too
      const logged: Array<{ args: unknown[]; line: string }> = [];
      const saved = console.error;
      console.error = (...args: unknown[]) => {
        const line = format(...args);
        logged.push({ args, line });
      };
      const s = await serve(app);
      try {
        for (const mode of MODES) {
          logged.length = 0;
          given.length = 0;
          const expected = mode === 'reject' && odd.rejected ? odd.rejected : odd;
          const r = await s.get(`/fail/${mode}`);
          assert.equal(r.status, expected.status, mode);
          assert.equal(r.headers['content-type'], 'text/html; charset=utf-8', mode);
          assert.equal(Number(r.headers['content-length']), r.bytes.length, mode);
          const page = /<pre>([\s\S]*)<\/pre>/.exec(r.body)?.[1];
          if (typeof expected.page === 'string') assert.equal(page, expected.page, mode);
          else assert.match(page ?? '', expected.page, mode);
          // the logger runs in a later turn (setImmediate): a throw there would end the process
          await new Promise((resolve) => setTimeout(resolve, 10));
          const log = expected.log;
          if (log === null) assert.equal(logged.length, 0, mode);
          else {
            assert.equal(logged.length, 1, `${mode}: logged once`);
            if (log === 'itself') assert.equal(logged[0].args[0], given[0], mode);
            else if (typeof log === 'object' && !(log instanceof RegExp)) {
              let printable = true;
              try {
                format(given[0]);
              } catch {
                printable = false;
              }
              if (printable) assert.equal(logged[0].args[0], given[0], mode);
              else assert.equal(logged[0].line, log.unprintable, mode);
            } else if (typeof log === 'string') assert.equal(logged[0].line, log, mode);
            else assert.match(logged[0].line, log, mode);
          }
          const ok = await s.get('/ok');
          assert.equal(ok.status, 200, `${mode}: the next request is answered`);
          assert.equal(ok.body, 'ok');
        }
      } finally {
        console.error = saved;
        await s.close();
      }
    });
  }
});

describe("the error's headers", () => {
  it('sets only valid ones: a CR/LF value, a bad name or a value that cannot be a string is skipped', async () => {
    const app = brisk();
    app.set('env', 'test');
    app.get('/', () => {
      throw Object.assign(new Error('limited'), {
        status: 429,
        headers: {
          'Retry-After': 30,
          'X-Split': '1\r\nX-Injected: yes',
          'X-Lf': 'a\nb',
          'Bad Name': 'v',
          'X-Object': { toString: () => 'x' },
          'X-Throws': { toString: fail },
          'X-List': ['a', 2],
          'X-Date': new Date(0),
          'X-Null': null,
          'X-Nested': ['a', ['b']],
          'X-Bad-List': ['a', 'b\r\nc'],
          'X-Kept': 'yes',
        },
      });
    });
    app.get('/ok', (_req, res) => res.send('ok'));
    const s = await serve(app);
    try {
      const r = await s.get('/');
      assert.equal(r.status, 429);
      assert.equal(r.headers['retry-after'], '30');
      assert.equal(r.headers['x-kept'], 'yes');
      assert.equal(r.headers['x-list'], 'a, 2');
      assert.equal(r.headers['x-object'], 'x');
      assert.equal(r.headers['x-date'], String(new Date(0)));
      for (const name of ['x-split', 'x-injected', 'x-lf', 'bad name', 'x-throws', 'x-bad-list', 'x-null', 'x-nested'])
        assert.equal(r.headers[name], undefined, name);
      assert.equal((await s.get('/ok')).body, 'ok');
    } finally {
      await s.close();
    }
  });

  it('never sets framing or hop-by-hop headers, nor content headers the page removes', async () => {
    const app = brisk();
    app.set('env', 'test');
    app.get('/', () => {
      throw Object.assign(new Error('framing'), {
        status: 400,
        headers: {
          'Transfer-Encoding': 'chunked',
          'content-length': '1',
          Connection: 'X-Secret',
          'Keep-Alive': 'timeout=999',
          Upgrade: 'h2c',
          Trailer: 'X-T',
          TE: 'trailers',
          'Proxy-Connection': 'keep-alive',
          'Content-Encoding': 'gzip',
          'Content-Range': 'bytes 0-1/2',
          'X-Kept': 'yes',
        },
      });
    });
    const s = await serve(app);
    try {
      const r = await s.get('/');
      assert.equal(r.status, 400);
      assert.equal(r.headers['x-kept'], 'yes');
      assert.equal(Number(r.headers['content-length']), r.bytes.length);
      const raw = await s.raw('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      assert.match(head, /^HTTP\/1\.1 400 Bad Request\r\n/);
      assert.match(head, /\r\nConnection: close(\r\n|$)/);
      assert.doesNotMatch(
        head,
        /transfer-encoding|x-secret|keep-alive|upgrade|trailer|\r\nte:|proxy-connection|content-encoding|content-range/i,
      );
      assert.equal(head.match(/content-length/gi)?.length, 1);
    } finally {
      await s.close();
    }
  });

  it("keeps a 416's unsatisfied-range Content-Range (send's, RFC 9110), and no other", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brisk-416-'));
    writeFileSync(join(dir, 'nums.txt'), '123456789');
    const app = brisk();
    app.set('env', 'test');
    app.use(brisk.static(dir));
    app.get('/e/:status/:value', (req) => {
      throw Object.assign(new Error('range'), {
        status: Number(req.params.status),
        headers: { 'Content-Range': req.params.value },
      });
    });
    const s = await serve(app);
    try {
      // express 5.3's express.static test: a first-byte-pos past the end of a 9-byte file
      const r = await s.get('/nums.txt', { Range: 'bytes=9-50' });
      assert.equal(r.status, 416);
      assert.equal(r.headers['content-range'], 'bytes */9');
      const header = async (status: number, value: string) =>
        (await s.get(`/e/${status}/${encodeURIComponent(value)}`)).headers['content-range'];
      assert.equal(await header(416, 'bytes */12'), 'bytes */12');
      assert.equal(await header(416, 'bytes 0-1/2'), undefined);
      assert.equal(await header(400, 'bytes */12'), undefined);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a 413 from a body parser', () => {
  // The client sends the head and 5 bytes of a declared 100 MB body, then only reads: the answer
  // can only come from a server that did not wait for the body (a wait would hang until the
  // test's timeout, the hang guard; no elapsed-time bound).
  it('is answered at once, without waiting for the declared body', { timeout: 30_000 }, async () => {
    const app = brisk();
    app.set('env', 'test');
    app.post('/', brisk.json({ limit: '1kb' }), (_req, res) => res.end('never'));
    const s = await serve(app);
    try {
      const socket = await s.socket();
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (text.includes('</html>')) resolve(text);
        });
        socket.on('close', () => resolve(text));
        socket.write(
          'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{"a":',
        );
      });
      socket.destroy();
      assert.match(answer, /^HTTP\/1\.1 413 Payload Too Large/);
      assert.match(answer, /Connection: close/i);
    } finally {
      await s.close();
    }
  });

  it('a chunked body over the limit is answered 413 when it crosses the limit, then the connection closes', async () => {
    const app = brisk();
    app.set('env', 'test');
    app.post('/', brisk.text({ limit: 10 }), (req, res) => res.end(`got ${String(req.body)}`));
    const s = await serve(app);
    try {
      const socket = await s.socket();
      // the upload stays open: the 413 must not wait for its end (decision 020)
      const text = await new Promise<string>((resolve) => {
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        socket.on('close', () => resolve(received));
        socket.on('error', () => undefined);
        socket.write(
          'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n' +
            'x'.repeat(32) +
            '\r\n',
        );
      });
      assert.match(text, /^HTTP\/1\.1 413 Payload Too Large/);
      assert.match(text, /Connection: close/i);
      assert.match(text, /<\/html>/);
      // the server goes on
      const next = await s.request('POST', '/', { headers: { 'content-type': 'text/plain' }, body: 'ok' });
      assert.equal(next.body, 'got ok');
    } finally {
      await s.close();
    }
  });
});

describe('finalhandler(req, res, options) alone', () => {
  it('works under a bare @brisk/router on node:http', async () => {
    const router = Router();
    router.get('/fail', () => {
      throw Object.assign(new Error('teapot'), { status: 418 });
    });
    const errors: unknown[] = [];
    const server = http.createServer((req, res) => {
      router.handle(req, res, finalhandler(req, res, { env: 'production', onerror: (err) => errors.push(err) }));
    });
    const s = await serve(server);
    try {
      const missing = await s.get('/missing');
      assert.equal(missing.status, 404);
      assert.match(missing.body, /Cannot GET \/missing/);
      const fail = await s.get('/fail');
      assert.equal(fail.status, 418);
      assert.match(fail.body, /<pre>I&#39;m a Teapot<\/pre>/);
      await new Promise((r) => setImmediate(r));
      assert.equal(errors.length, 1);
    } finally {
      await s.close();
    }
  });

  it('does nothing without an error once headers were sent', async () => {
    const server = http.createServer((req, res) => {
      res.writeHead(204);
      finalhandler(req, res)();
      res.end();
    });
    const s = await serve(server);
    try {
      assert.equal((await s.get('/')).status, 204);
    } finally {
      await s.close();
    }
  });
});
