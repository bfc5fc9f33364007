// The final handler (finalhandler 2.1's behaviour) over real HTTP, inside an app and alone.
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
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

  it('logs errors to stderr except in the test env', async () => {
    const logged: unknown[] = [];
    const saved = console.error;
    console.error = (...args: unknown[]) => logged.push(args[0]);
    try {
      for (const env of ['development', 'test']) {
        const s = await serve(failing(new Error(`logged in ${env}`), env));
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
    assert.match(String(logged[0]), /^Error: logged in development/);
  });
});

describe('a 413 from a body parser', () => {
  it('is answered at once, without waiting for the declared body', async () => {
    const app = brisk();
    app.set('env', 'test');
    app.post('/', brisk.json({ limit: '1kb' }), (_req, res) => res.end('never'));
    const s = await serve(app);
    try {
      const socket = await s.socket();
      const started = Date.now();
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
      assert.ok(Date.now() - started < 2000, 'answered without the 100 MB body');
    } finally {
      await s.close();
    }
  });

  it('a chunked body over the limit is read off (as body-parser does) and the connection kept', async () => {
    const app = brisk();
    app.set('env', 'test');
    app.post('/', brisk.text({ limit: 10 }), (req, res) => res.end(`got ${String(req.body)}`));
    const s = await serve(app);
    try {
      const socket = await s.socket();
      let text = '';
      const seen = (pattern: RegExp): Promise<void> =>
        new Promise((resolve) => {
          const check = (): void => {
            if (pattern.test(text)) resolve();
            else socket.once('data', check);
          };
          check();
        });
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.write(
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n' +
          'x'.repeat(32) +
          '\r\n0\r\n\r\n',
      );
      await seen(/<\/html>/);
      assert.match(text, /^HTTP\/1\.1 413 Payload Too Large/);
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok');
      await seen(/got ok/);
      socket.destroy();
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
