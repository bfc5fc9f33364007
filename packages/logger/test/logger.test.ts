// logger(format, options) over real HTTP: formats, tokens, options, aborted requests, errors.
import './colour-env.js'; // before the logger loads: dev keeps its colours
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, createWriteStream } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import logger, {
  compile,
  format,
  token,
  type FormatFn,
  type LoggerOptions,
  type TokenCallback,
  type Tokens,
} from '../src/index.js';
import {
  SOURCE_URL,
  capture,
  deferred,
  runChild,
  serve,
  type Handler,
  type Middleware,
  type Reply,
} from './helpers.js';

// The predefined formats and tokens are properties of `logger` (untyped, as in @types/morgan).
const table = logger as unknown as Record<string, unknown>;
const tokens = logger as unknown as Tokens;

const CLF = String.raw`\d{2}/(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/\d{4}:\d{2}:\d{2}:\d{2} \+0000`;
const WEB = String.raw`(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT`;
const ISO = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`;
const MS = String.raw`\d+\.\d{3}`;
const re = (source: string) => new RegExp(`^${source}$`);
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Middleware as the test server runs it. */
const mw = (m: unknown) => m as Middleware;

/** Answers 200 `hello` with Content-Length, unless told otherwise by ?status=. */
const hello: Handler = (req, res) => {
  const status = Number(new URL(req.url as string, 'http://x').searchParams.get('status') || 200);
  res.statusCode = status;
  res.setHeader('Content-Length', '5');
  res.end('hello');
};

/** Runs `fn` with process warnings collected instead of printed. */
async function collectWarnings(fn: (warnings: Error[]) => Promise<void>): Promise<void> {
  const previous = process.listeners('warning');
  process.removeAllListeners('warning');
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  try {
    await fn(warnings);
  } finally {
    process.removeListener('warning', onWarning);
    for (const l of previous) process.on('warning', l);
  }
}

/** Waits until `warnings` has `n` entries (warnings are emitted on the next tick). */
async function warningsArrived(warnings: Error[], n = 1): Promise<void> {
  for (let i = 0; i < 100 && warnings.length < n; i++) await new Promise((r) => setImmediate(r));
}

describe('the module', () => {
  test('is the logger function, with compile, format and token as properties and named exports', () => {
    assert.equal(typeof logger, 'function');
    assert.equal(logger.compile, compile);
    assert.equal(logger.format, format);
    assert.equal(logger.token, token);
  });

  test('the predefined formats are properties, as morgan defines them', () => {
    assert.equal(
      table.combined,
      ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
    );
    assert.equal(
      table.common,
      ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]',
    );
    assert.equal(
      table.short,
      ':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms',
    );
    assert.equal(table.tiny, ':method :url :status :res[content-length] - :response-time ms');
    assert.equal(
      table.default,
      ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
    );
    assert.equal(typeof table.dev, 'function');
  });

  test('the predefined tokens are properties', () => {
    const names = [
      'url',
      'method',
      'response-time',
      'total-time',
      'date',
      'status',
      'referrer',
      'remote-addr',
      'remote-user',
      'pid',
      'http-version',
      'user-agent',
      'req',
      'res',
    ];
    for (const name of names) assert.equal(typeof table[name], 'function', name);
  });

  test('format() and token() return logger (chainable)', () => {
    assert.equal(logger.format('chain-test', ':method'), logger);
    assert.equal(
      logger.token('chain-test-token', () => 'x').token('chain-test-token2', () => 'y'),
      logger,
    );
    assert.equal(table['chain-test'], ':method');
  });

  test('names that functions or objects own or inherit are stored as plain own properties', () => {
    const proto = Object.getPrototypeOf(logger);
    logger.token('__proto__', () => 'proto token');
    logger.format('name', ':method named');
    try {
      assert.equal(Object.getPrototypeOf(logger), proto);
      assert.equal(compile(':__proto__')(tokens, {} as IncomingMessage, {} as ServerResponse), 'proto token');
      assert.equal(table.name, ':method named');
    } finally {
      delete table.__proto__;
      Object.defineProperty(logger, 'name', { value: 'logger', configurable: true });
    }
    assert.equal(Object.getPrototypeOf(logger), proto);
  });
});

describe('set-up errors', () => {
  test('argument format must be a string', () => {
    for (const bad of [42, true, Symbol('s')] as unknown[]) {
      assert.throws(() => logger(bad as string), { name: 'TypeError', message: 'argument format must be a string' });
    }
  });

  test('option skip must be function', () => {
    for (const bad of [true, 'yes', {}] as unknown[]) {
      assert.throws(() => logger('tiny', { skip: bad as () => boolean }), {
        name: 'TypeError',
        message: 'option skip must be function',
      });
    }
    for (const ok of [false, null, undefined] as const) logger('tiny', { skip: ok });
  });

  test('option stream must have a write method', () => {
    for (const bad of [{}, { write: 'no' }, 'stdout'] as unknown[]) {
      assert.throws(() => logger('tiny', { stream: bad as LoggerOptions['stream'] }), {
        name: 'TypeError',
        message: 'option stream must have a write method',
      });
    }
  });

  test('a name that is not a format compiles as a format string', () => {
    const out = capture();
    for (const name of ['toString', 'constructor', 'length', 'prototype']) {
      const m = logger(name, { stream: out.stream, immediate: true });
      m({ headers: {} } as IncomingMessage, {} as ServerResponse, () => {});
    }
    assert.deepEqual(out.writes, ['toString\n', 'constructor\n', 'length\n', 'prototype\n']);
  });
});

describe('predefined formats over HTTP', () => {
  const headers = { 'User-Agent': 'agent/1', Referer: 'http://ref/', Authorization: `Basic ${b64('alice:pw')}` };
  const cases: Array<[string, string, RegExp]> = [
    [
      'combined',
      '/path?q=1',
      re(`127\\.0\\.0\\.1 - alice \\[${CLF}\\] "GET /path\\?q=1 HTTP/1\\.1" 200 5 "http://ref/" "agent/1"\n`),
    ],
    ['common', '/path?q=1', re(`127\\.0\\.0\\.1 - alice \\[${CLF}\\] "GET /path\\?q=1 HTTP/1\\.1" 200 5\n`)],
    [
      'default',
      '/path',
      re(`127\\.0\\.0\\.1 - alice \\[${WEB}\\] "GET /path HTTP/1\\.1" 200 5 "http://ref/" "agent/1"\n`),
    ],
    ['short', '/s', re(`127\\.0\\.0\\.1 alice GET /s HTTP/1\\.1 200 5 - ${MS} ms\n`)],
    ['tiny', '/t?status=404', re(`GET /t\\?status=404 404 5 - ${MS} ms\n`)],
    ['dev', '/d', re(`\x1b\\[0mGET /d \x1b\\[32m200\x1b\\[0m ${MS} ms - 5\x1b\\[0m\n`)],
  ];
  for (const [name, path, expected] of cases) {
    test(name, async () => {
      const out = capture();
      const srv = await serve([mw(logger(name, { stream: out.stream }))], hello);
      try {
        const reply = await srv.get(path, headers);
        assert.equal(reply.body, 'hello');
        const [line] = await out.wait(1);
        assert.match(line as string, expected);
      } finally {
        await srv.close();
      }
    });
  }

  test('the format may be installed several times (one line each)', async () => {
    const all = capture();
    const errors = capture();
    const stack = [
      mw(logger('tiny', { stream: all.stream })),
      mw(logger('common', { stream: errors.stream, skip: (_req, res) => res.statusCode < 400 })),
    ];
    const srv = await serve(stack, hello);
    try {
      await srv.get('/ok');
      await srv.get('/bad?status=500');
      await all.wait(2);
      await errors.wait(1);
      assert.equal(all.writes.length, 2);
      assert.equal(errors.writes.length, 1);
      assert.match(errors.writes[0], /"GET \/bad\?status=500 HTTP\/1\.1" 500 5\n$/);
    } finally {
      await srv.close();
    }
  });
});

describe('dev colours over HTTP', () => {
  // green 2xx, cyan 3xx, yellow 4xx, red 5xx
  const cases: Array<[number, number]> = [
    [200, 32],
    [201, 32],
    [302, 36],
    [304, 36],
    [404, 33],
    [418, 33],
    [500, 31],
    [503, 31],
  ];
  for (const [status, color] of cases) {
    test(`${status} → \\x1b[${color}m`, async () => {
      const out = capture();
      const srv = await serve([mw(logger('dev', { stream: out.stream }))], (_req, res) => {
        res.statusCode = status;
        res.end();
      });
      try {
        await srv.get('/c');
        const [line] = await out.wait(1);
        assert.match(line as string, re(`\x1b\\[0mGET /c \x1b\\[${color}m${status}\x1b\\[0m ${MS} ms - -\x1b\\[0m\n`));
      } finally {
        await srv.close();
      }
    });
  }

  test('no response (aborted) → uncoloured -', async () => {
    const out = capture();
    const arrived = deferred();
    const srv = await serve([mw(logger('dev', { stream: out.stream }))], () => arrived.resolve());
    try {
      const req = srv.start('GET', '/gone');
      await arrived.promise;
      req.destroy();
      const [line] = await out.wait(1);
      assert.equal(line, '\x1b[0mGET /gone \x1b[0m-\x1b[0m - ms - -\x1b[0m\n');
    } finally {
      await srv.close();
    }
  });
});

describe('NO_COLOR (morgan 1.12): dev without colours, read when the logger loads', () => {
  /** The dev line of one request answered `status` (5 bytes) in a child process with `env`. */
  async function devLine(env: Record<string, string | undefined>, status = 404): Promise<string> {
    const code = `
      import http from 'node:http';
      import logger from ${JSON.stringify(SOURCE_URL)};
      const log = logger('dev', {
        stream: { write: (line) => { process.stdout.write(JSON.stringify(line)); server.close(); } },
      });
      const server = http.createServer((req, res) => log(req, res, () => {
        res.statusCode = ${status};
        res.setHeader('Content-Length', '5');
        res.end('hello');
      }));
      server.listen(0, '127.0.0.1', () => {
        http.get({ host: '127.0.0.1', port: server.address().port, path: '/nc', agent: false }, (res) => res.resume());
      });
    `;
    const { code: exit, stdout, stderr } = await runChild(code, 30_000, [], env);
    assert.equal(exit, 0, stderr);
    return JSON.parse(stdout) as string;
  }

  // (morgan 1.12.1 writes the same lines: "GET /nc 404 0.599 ms - 5\n" with NO_COLOR=1)
  for (const value of ['1', '0', 'false', 'true']) {
    test(`NO_COLOR=${JSON.stringify(value)}: no escape sequences`, async () => {
      assert.match(await devLine({ NO_COLOR: value }), re(`GET /nc 404 ${MS} ms - 5\n`));
    });
  }

  test('NO_COLOR set: a 500 and a 200 are not coloured either', async () => {
    assert.match(await devLine({ NO_COLOR: '1' }, 500), re(`GET /nc 500 ${MS} ms - 5\n`));
    assert.match(await devLine({ NO_COLOR: '1' }, 200), re(`GET /nc 200 ${MS} ms - 5\n`));
  });

  test('NO_COLOR empty or unset: coloured', async () => {
    const coloured = re(`\x1b\\[0mGET /nc \x1b\\[33m404\x1b\\[0m ${MS} ms - 5\x1b\\[0m\n`);
    assert.match(await devLine({ NO_COLOR: '' }), coloured);
    assert.match(await devLine({ NO_COLOR: undefined }), coloured);
  });

  test('read once, at load: setting it later changes nothing', async () => {
    const previous = process.env.NO_COLOR;
    process.env.NO_COLOR = '1';
    try {
      const out = capture();
      const srv = await serve([mw(logger('dev', { stream: out.stream }))], hello);
      try {
        await srv.get('/later');
        const [line] = await out.wait(1);
        assert.match(line as string, re(`\x1b\\[0mGET /later \x1b\\[32m200\x1b\\[0m ${MS} ms - 5\x1b\\[0m\n`));
      } finally {
        await srv.close();
      }
    } finally {
      if (previous === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = previous;
    }
  });
});

describe('tokens over HTTP', () => {
  /** Logs `fmt` for one request and returns the line (without its newline). */
  async function lineFor(
    fmt: string | FormatFn,
    handler: Handler = hello,
    options: { method?: string; path?: string; headers?: http.OutgoingHttpHeaders } = {},
    before: Middleware[] = [],
  ): Promise<string> {
    const out = capture();
    const srv = await serve([...before, mw(logger(fmt as string, { stream: out.stream }))], handler);
    try {
      await srv.request(options.method ?? 'GET', options.path ?? '/tok?x=1', { headers: options.headers });
      const [line] = await out.wait(1);
      assert.ok((line as string).endsWith('\n'));
      return (line as string).slice(0, -1);
    } finally {
      await srv.close();
    }
  }

  test(':method, :url, :http-version, :status', async () => {
    assert.equal(await lineFor(':method :url HTTP/:http-version :status'), 'GET /tok?x=1 HTTP/1.1 200');
    assert.equal(await lineFor(':method :status', hello, { method: 'DELETE', path: '/?status=202' }), 'DELETE 202');
  });

  test(':pid is the process id (morgan 1.12)', async () => {
    assert.equal(await lineFor(':pid :method'), `${process.pid} GET`);
  });

  test(':http-version of an HTTP/1.0 request', async () => {
    const out = capture();
    const srv = await serve([mw(logger(':http-version :method :url', { stream: out.stream }))], hello);
    try {
      const raw = await srv.raw('HEAD /ten HTTP/1.0\r\n\r\n');
      assert.match(raw, /^HTTP\/1\.1 200 OK/);
      assert.deepEqual(await out.wait(1), ['1.0 HEAD /ten\n']);
    } finally {
      await srv.close();
    }
  });

  test(':url is req.originalUrl when an earlier middleware set it, else req.url at log time', async () => {
    const rewrite = mw((req: IncomingMessage & { originalUrl?: string }, _res: unknown, next: () => void) => {
      req.originalUrl = req.url;
      req.url = '/rewritten';
      next();
    });
    assert.equal(await lineFor(':url', hello, {}, [rewrite]), '/tok?x=1');
    const later: Handler = (req, res) => {
      req.url = '/changed-later';
      hello(req, res);
    };
    assert.equal(await lineFor(':url', later), '/changed-later');
  });

  test(':referrer is Referer, else Referrer; :user-agent', async () => {
    assert.equal(
      await lineFor(':referrer|:user-agent', hello, { headers: { Referer: 'a', Referrer: 'b', 'User-Agent': 'ua/2' } }),
      'a|ua/2',
    );
    assert.equal(await lineFor(':referrer', hello, { headers: { Referrer: 'b' } }), 'b');
    assert.equal(await lineFor(':referrer|:user-agent'), '-|-');
  });

  test(':remote-addr is req.ip when set, else the socket address', async () => {
    assert.equal(await lineFor(':remote-addr'), '127.0.0.1');
    const ip = mw((req: IncomingMessage & { ip?: string }, _res: unknown, next: () => void) => {
      req.ip = '203.0.113.9';
      next();
    });
    assert.equal(await lineFor(':remote-addr', hello, {}, [ip]), '203.0.113.9');
  });

  test(':remote-user is the Basic authentication user', async () => {
    assert.equal(
      await lineFor(':remote-user', hello, { headers: { Authorization: `Basic ${b64('bob:pw:x')}` } }),
      'bob',
    );
    assert.equal(
      await lineFor(':remote-user', hello, { headers: { Authorization: `Basic ${b64('carol:pw')}` } }),
      'carol',
    );
    assert.equal(await lineFor(':remote-user', hello, { headers: { Authorization: 'Bearer abc' } }), '-');
    assert.equal(await lineFor(':remote-user'), '-');
  });

  test(':req[header]: any case, "-" when absent, lists joined with ", "', async () => {
    const line = await lineFor(':req[x-one]|:req[X-ONE]|:req[x-none]|:req[set-cookie]|:req[accept]', hello, {
      headers: { 'X-One': '1', 'Set-Cookie': ['a=1', 'b=2'], Accept: ['text/html', 'text/plain'] },
    });
    assert.equal(line, '1|1|-|a=1, b=2|text/html, text/plain');
  });

  test(':res[header]: "-" when absent, lists joined, numbers as digits', async () => {
    const handler: Handler = (_req, res) => {
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('X-Number', 42);
      res.setHeader('Content-Length', 0);
      res.end();
    };
    assert.equal(
      await lineFor(':res[set-cookie]|:res[x-number]|:res[content-length]|:res[x-none]|:res[Content-Length]', handler),
      'a=1, b=2|42|0|-|0',
    );
  });

  test(':res[header] sees headers given to writeHead', async () => {
    const handler: Handler = (_req, res) => {
      res.writeHead(201, { 'X-Head': 'h', 'Content-Length': '2' });
      res.end('ok');
    };
    assert.equal(await lineFor(':status :res[x-head] :res[content-length]', handler), '201 h 2');
  });

  test(':response-time[digits] and :total-time[digits]', async () => {
    const handler: Handler = (_req, res) => {
      res.writeHead(200, { 'Content-Length': '4' });
      res.write('ab');
      setTimeout(() => res.end('cd'), 5);
    };
    const line = await lineFor(
      ':response-time :response-time[0] :response-time[1] :total-time :total-time[0] :total-time[5]',
      handler,
    );
    assert.match(line, /^\d+\.\d{3} \d+ \d+\.\d \d+\.\d{3} \d+ \d+\.\d{5}$/);
    const [responseTime, , , totalTime] = line.split(' ').map(Number);
    // hrtime is monotonic: the response finished after its headers were written
    assert.ok((totalTime as number) >= (responseTime as number), line);
  });

  test(':date[clf|iso|web], web by default', async () => {
    const line = await lineFor(':date[clf]|:date[iso]|:date[web]|:date|:date[other]');
    assert.match(line, re(`${CLF}\\|${ISO}\\|${WEB}\\|${WEB}\\|-`));
  });

  test(':date is UTC now (exact strings)', async () => {
    const now = Date.now;
    Date.now = () => Date.UTC(2026, 10, 21, 22, 14, 0, 123);
    try {
      const line = await lineFor('[:date[clf]] [:date[web]] [:date[iso]]');
      assert.equal(line, '[21/Nov/2026:22:14:00 +0000] [Sat, 21 Nov 2026 22:14:00 GMT] [2026-11-21T22:14:00.123Z]');
    } finally {
      Date.now = now;
    }
  });

  test('missing values print "-"', async () => {
    const handler: Handler = (_req, res) => res.end();
    assert.equal(
      await lineFor(':remote-user :referrer :user-agent :req[x] :res[x] :res[content-length]', handler),
      '- - - - - -',
    );
  });
});

describe('aborted requests', () => {
  test('the client goes away before the response: logged once, with :status "-"', async () => {
    const out = capture();
    const arrived = deferred<ServerResponse>();
    const format = ':remote-addr :method :url :status :response-time :total-time :res[content-length] :req[x-a]';
    const srv = await serve([mw(logger(format, { stream: out.stream }))], (_req, res) => arrived.resolve(res));
    try {
      const req = srv.start('GET', '/abort', { headers: { 'X-A': 'a' } });
      const res = await arrived.promise;
      req.destroy();
      assert.deepEqual(await out.wait(1), ['127.0.0.1 GET /abort - - - - a\n']);
      // the handler answering late changes nothing
      res.end('late');
      await new Promise((r) => setTimeout(r, 20));
      assert.equal(out.writes.length, 1);
    } finally {
      await srv.close();
    }
  });

  test('the client goes away after the headers: status and times logged, once', async () => {
    const out = capture();
    const srv = await serve([mw(logger(':status :response-time :total-time', { stream: out.stream }))], (_req, res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('partial');
    });
    try {
      await new Promise<void>((resolve) => {
        const req = srv.start('GET', '/');
        req.on('response', (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
      });
      const [line] = await out.wait(1);
      // :total-time is the time until the connection closed (as morgan)
      assert.match(line as string, re(`200 ${MS} ${MS}\n`));
      await new Promise((r) => setTimeout(r, 20));
      assert.equal(out.writes.length, 1);
    } finally {
      await srv.close();
    }
  });
});

describe('options', () => {
  test('immediate: written when the request arrives, without response data', async () => {
    const out = capture();
    let linesAtHandler = -1;
    const srv = await serve(
      [
        mw(
          logger(':method :url :status :res[content-length] :response-time :total-time', {
            stream: out.stream,
            immediate: true,
          }),
        ),
      ],
      (req, res) => {
        linesAtHandler = out.writes.length;
        hello(req, res);
      },
    );
    try {
      await srv.get('/now');
      assert.equal(linesAtHandler, 1);
      assert.deepEqual(out.writes, ['GET /now - - - -\n']);
      await new Promise((r) => setTimeout(r, 20));
      assert.equal(out.writes.length, 1); // not again at the end
    } finally {
      await srv.close();
    }
  });

  test('immediate: a request is logged even if the handler never answers', async () => {
    const out = capture();
    const arrived = deferred();
    const srv = await serve([mw(logger('tiny', { stream: out.stream, immediate: true }))], () => arrived.resolve());
    try {
      const req = srv.start('GET', '/hang');
      await arrived.promise;
      assert.deepEqual(out.writes, ['GET /hang - - - - ms\n']);
      req.destroy();
    } finally {
      await srv.close();
    }
  });

  test('skip(req, res) sees the finished response; truthy skips', async () => {
    const out = capture();
    const witness = capture();
    const calls: Array<[string | undefined, number]> = [];
    const skip = (req: IncomingMessage, res: ServerResponse) => {
      calls.push([req.url, res.statusCode]);
      return res.statusCode < 400 ? 1 : 0; // truthy / falsy, not only booleans
    };
    const srv = await serve(
      [mw(logger(':url :status', { stream: out.stream, skip })), mw(logger(':url', { stream: witness.stream }))],
      hello,
    );
    try {
      await srv.get('/a');
      await witness.wait(1);
      await srv.get('/b?status=404');
      await witness.wait(2);
      assert.deepEqual(out.writes, ['/b?status=404 404\n']);
      assert.deepEqual(calls, [
        ['/a', 200],
        ['/b?status=404', 404],
      ]);
    } finally {
      await srv.close();
    }
  });

  test('skip with immediate runs at arrival', async () => {
    const out = capture();
    const seen: boolean[] = [];
    const skip = (_req: IncomingMessage, res: ServerResponse) => {
      seen.push(res.headersSent);
      return false;
    };
    const srv = await serve([mw(logger(':url', { stream: out.stream, skip, immediate: true }))], hello);
    try {
      await srv.get('/i');
      assert.deepEqual(seen, [false]);
      assert.deepEqual(out.writes, ['/i\n']);
    } finally {
      await srv.close();
    }
  });

  test('stream: a file opened in append mode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brisk-logger-'));
    const file = join(dir, 'access.log');
    try {
      for (const path of ['/one', '/two']) {
        const stream = createWriteStream(file, { flags: 'a' });
        const srv = await serve([mw(logger(':method :url :status', { stream }))], hello);
        await srv.get(path);
        await srv.close();
        await new Promise((r) => setTimeout(r, 10));
        stream.end();
        await once(stream, 'close');
      }
      assert.equal(readFileSync(file, 'utf8'), 'GET /one 200\nGET /two 200\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('stream: standard output by default', async () => {
    const code = `
      import http from 'node:http';
      import logger from ${JSON.stringify(SOURCE_URL)};
      const log = logger(':method :url :status');
      const server = http.createServer((req, res) => log(req, res, () => res.end('ok')));
      server.listen(0, '127.0.0.1', () => {
        http.get({ host: '127.0.0.1', port: server.address().port, path: '/stdout', agent: false }, (res) => {
          res.resume();
          res.on('end', () => setTimeout(() => server.close(), 20));
        });
      });
    `;
    const { code: exit, stdout, stderr } = await runChild(code, 30_000);
    assert.equal(exit, 0, stderr);
    assert.equal(stdout, 'GET /stdout 200\n');
  });

  test('buffer: true collects lines and writes them together (1 s)', async () => {
    const out = capture();
    const witness = capture();
    const srv = await serve(
      [mw(logger(':url', { stream: out.stream, buffer: true })), mw(logger(':url', { stream: witness.stream }))],
      hello,
    );
    try {
      await srv.get('/1');
      await witness.wait(1);
      assert.equal(out.writes.length, 0); // buffered
      await srv.get('/2');
      await witness.wait(2);
      await out.wait(1);
      assert.deepEqual(out.writes, ['/1\n/2\n']);
    } finally {
      await srv.close();
    }
  });

  test('buffer: a number is the interval in ms; each batch is written once', async () => {
    const out = capture();
    const witness = capture();
    const srv = await serve(
      [mw(logger(':url', { stream: out.stream, buffer: 20 })), mw(logger(':url', { stream: witness.stream }))],
      hello,
    );
    try {
      await srv.get('/a');
      await witness.wait(1);
      assert.equal(out.writes.length, 0);
      await out.wait(1);
      assert.deepEqual(out.writes, ['/a\n']);
      await srv.get('/b');
      await out.wait(2);
      assert.deepEqual(out.writes, ['/a\n', '/b\n']);
    } finally {
      await srv.close();
    }
  });

  test('buffer: the timer does not keep the process alive, and pending lines are written at exit', async () => {
    const code = `
      import http from 'node:http';
      import logger from ${JSON.stringify(SOURCE_URL)};
      const log = logger(':method :url', { buffer: 600000 });
      const server = http.createServer((req, res) => log(req, res, () => res.end('ok')));
      server.listen(0, '127.0.0.1', () => {
        http.get({ host: '127.0.0.1', port: server.address().port, path: '/buffered', agent: false }, (res) => {
          res.resume();
          res.on('end', () => server.close());
        });
      });
    `;
    // A child still waiting for the 10-minute timer is killed at runChild's 30 s timeout (a hang
    // guard) and has no exit code: exit code 0 proves it ended on its own.
    const { code: exit, stdout, stderr } = await runChild(code, 30_000);
    assert.equal(exit, 0, stderr);
    assert.equal(stdout, 'GET /buffered\n');
  });

  test("morgan's one-argument form: logger({ format, ...options })", async () => {
    const out = capture();
    const srv = await serve([mw(logger({ format: ':method :url', stream: out.stream }))], hello);
    try {
      await srv.get('/obj');
      assert.deepEqual(await out.wait(1), ['GET /obj\n']);
    } finally {
      await srv.close();
    }
  });

  test('no format (undefined, null, "", or an options object without one) is the default format', async () => {
    const out = capture();
    const stack = [
      mw(logger(undefined as unknown as string, { stream: out.stream })),
      mw(logger(null as unknown as string, { stream: out.stream })),
      mw(logger('', { stream: out.stream })),
      mw(logger({ stream: out.stream })),
    ];
    const srv = await serve(stack, hello);
    try {
      await srv.get('/dflt');
      const lines = await out.wait(4);
      for (const line of lines)
        assert.match(line, re(`127\\.0\\.0\\.1 - - \\[${WEB}\\] "GET /dflt HTTP/1\\.1" 200 5 "-" "-"\n`));
    } finally {
      await srv.close();
    }
  });
});

describe('format functions, named formats and custom tokens', () => {
  test('a format function gets (tokens, req, res); its string is the line', async () => {
    const out = capture();
    const seen: unknown[] = [];
    const fn: FormatFn = (t, req, res) => {
      seen.push(t === tokens, req.url, res.statusCode);
      return [
        t.method(req, res),
        t.url(req, res),
        t.status(req, res),
        t.res(req, res, 'content-length'),
        '-',
        typeof t['response-time'](req, res),
      ].join(' ');
    };
    const srv = await serve([mw(logger(fn, { stream: out.stream }))], hello);
    try {
      await srv.get('/fn');
      assert.deepEqual(await out.wait(1), ['GET /fn 200 5 - string\n']);
      assert.deepEqual(seen, [true, '/fn', 200]);
    } finally {
      await srv.close();
    }
  });

  test('a format function returning undefined or null writes nothing', async () => {
    const out = capture();
    const witness = capture();
    const stack = [
      mw(logger(() => undefined, { stream: out.stream })),
      mw(logger(() => null, { stream: out.stream })),
      mw(logger(() => '', { stream: out.stream })),
      mw(logger(':url', { stream: witness.stream })),
    ];
    const srv = await serve(stack, hello);
    try {
      await srv.get('/skip');
      await witness.wait(1);
      assert.deepEqual(out.writes, ['\n']); // only the empty string is a line
    } finally {
      await srv.close();
    }
  });

  test('logger.format(name, string | function) defines a named format', async () => {
    logger.format('test-named', ':method :url named');
    logger.format('test-named-fn', (t, req, res) => `fn ${t.status(req, res)}`);
    const out = capture();
    const stack = [
      mw(logger('test-named', { stream: out.stream })),
      mw(logger('test-named-fn', { stream: out.stream })),
    ];
    const srv = await serve(stack, hello);
    try {
      await srv.get('/named');
      assert.deepEqual(await out.wait(2), ['GET /named named\n', 'fn 200\n']);
    } finally {
      await srv.close();
    }
  });

  test('a custom token with arguments, usable at once, even by middleware created before it', async () => {
    const out = capture();
    const early = mw(logger(':test-custom[upper] :test-custom[lower] :test-custom', { stream: out.stream }));
    const calls: unknown[][] = [];
    const custom = (req: IncomingMessage, _res: ServerResponse, ...args: string[]) => {
      calls.push(args);
      const arg = args[0];
      const id = String(req.headers['x-id']);
      return arg === 'upper' ? id.toUpperCase() : arg === 'lower' ? id.toLowerCase() : undefined;
    };
    logger.token('test-custom', custom);
    const srv = await serve([early], hello);
    try {
      await srv.get('/c', { 'X-Id': 'AbC' });
      assert.deepEqual(await out.wait(1), ['ABC abc -\n']);
      assert.deepEqual(calls, [['upper'], ['lower'], []]);
    } finally {
      await srv.close();
    }
  });

  test('a request-id token reading what an earlier middleware set', async () => {
    logger.token('test-id', (req) => (req as IncomingMessage & { id?: string }).id);
    const out = capture();
    const assignId = mw((req: IncomingMessage & { id?: string }, _res: unknown, next: () => void) => {
      req.id = 'req-42';
      next();
    });
    const srv = await serve([assignId, mw(logger(':test-id :method', { stream: out.stream }))], hello);
    try {
      await srv.get('/');
      assert.deepEqual(await out.wait(1), ['req-42 GET\n']);
    } finally {
      await srv.close();
    }
  });

  test('token() replaces a predefined token', async () => {
    const original = table.method;
    logger.token('method', (req) => `<${req.method}>`);
    try {
      const out = capture();
      const srv = await serve([mw(logger('tiny', { stream: out.stream }))], hello);
      await srv.get('/m');
      const [line] = await out.wait(1);
      await srv.close();
      assert.match(line as string, re(`<GET> /m 200 5 - ${MS} ms\n`));
    } finally {
      logger.token('method', original as TokenCallback);
    }
  });

  test('tokens written for morgan read req._startAt, req._startTime, req._remoteAddress, res._startAt, res._startTime', async () => {
    type Timed = { _startAt?: [number, number]; _startTime?: Date; _remoteAddress?: string };
    logger.token('test-morgan-fields', (req, res) => {
      const q = req as IncomingMessage & Timed;
      const s = res as ServerResponse & Timed;
      const ok =
        Array.isArray(q._startAt) &&
        q._startAt.length === 2 &&
        q._startTime instanceof Date &&
        Array.isArray(s._startAt) &&
        s._startTime instanceof Date &&
        s._startTime >= q._startTime;
      const elapsed = process.hrtime(q._startAt); // the usual third-party computation
      return `${ok} ${q._remoteAddress} ${elapsed[0] >= 0}`;
    });
    const out = capture();
    const srv = await serve([mw(logger(':test-morgan-fields', { stream: out.stream }))], hello);
    try {
      await srv.get('/');
      assert.deepEqual(await out.wait(1), ['true 127.0.0.1 true\n']);
    } finally {
      await srv.close();
    }
  });

  test('the morgan fields exist as soon as the middleware ran (immediate too)', () => {
    const req = { headers: {}, socket: { remoteAddress: '192.0.2.1' } } as unknown as IncomingMessage &
      Record<string, unknown>;
    const res = {} as ServerResponse & Record<string, unknown>;
    let nexted = 0;
    logger(':url', { stream: capture().stream, immediate: true })(req, res, () => nexted++);
    assert.equal(nexted, 1);
    assert.ok(Array.isArray(req._startAt));
    assert.ok(req._startTime instanceof Date);
    assert.equal(req._remoteAddress, '192.0.2.1');
    assert.ok('_startAt' in res && res._startAt === undefined);
    assert.ok('_startTime' in res && res._startTime === undefined);
  });

  test('keep-alive: one line per request, nothing left on the socket', async () => {
    const out = capture();
    let socketListeners: number[] = [];
    const srv = await serve([mw(logger(':url', { stream: out.stream }))], (req, res) => {
      socketListeners.push(req.socket.listenerCount('close') + req.socket.listenerCount('error'));
      hello(req, res);
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 5; i++) await srv.request('GET', `/k${i}`, { agent });
      await out.wait(5);
      assert.deepEqual(out.writes, ['/k0\n', '/k1\n', '/k2\n', '/k3\n', '/k4\n']);
      assert.equal(new Set(socketListeners).size, 1, String(socketListeners)); // no growth
    } finally {
      agent.destroy();
      await srv.close();
      socketListeners = [];
    }
  });
});

describe('errors in user code never break the request', () => {
  before(() => {
    logger.token('test-throws', () => {
      throw new Error('token exploded');
    });
  });
  after(() => {
    delete table['test-throws'];
  });

  /** Serves `stack`, sends one request, and returns the reply, the lines and the warnings. */
  async function run(stack: Middleware[], out: ReturnType<typeof capture>, witness = capture()) {
    let reply!: Reply;
    let warnings: Error[] = [];
    await collectWarnings(async (collected) => {
      const srv = await serve([...stack, mw(logger(':url', { stream: witness.stream }))], hello);
      try {
        reply = await srv.get('/err');
        await witness.wait(1);
        await warningsArrived(collected);
        warnings = [...collected];
      } finally {
        await srv.close();
      }
    });
    return { reply, lines: out.writes, warnings };
  }

  test('a throwing token: the request completes, no line, a warning with the error as cause', async () => {
    const out = capture();
    const { reply, lines, warnings } = await run([mw(logger(':method :test-throws', { stream: out.stream }))], out);
    assert.equal(reply.status, 200);
    assert.equal(reply.body, 'hello');
    assert.deepEqual(lines, []);
    assert.equal(warnings.length, 1);
    const w = warnings[0] as Error & { code?: string; detail?: string };
    assert.equal(w.name, 'BriskLoggerWarning');
    assert.equal(w.code, 'BRISK_ERR_LOGGER_LINE');
    assert.equal(w.message, '@brisk/logger: the request was not logged: Error: token exploded');
    assert.equal((w.cause as Error).message, 'token exploded');
    assert.match(w.detail as string, /^Error: token exploded\n\s+at /);
  });

  test('a token that is not defined is reported the same way', async () => {
    const out = capture();
    const { reply, lines, warnings } = await run(
      [mw(logger(':method :test-undefined-token', { stream: out.stream }))],
      out,
    );
    assert.equal(reply.status, 200);
    assert.deepEqual(lines, []);
    assert.equal(
      warnings[0]?.message,
      '@brisk/logger: the request was not logged: TypeError: token ":test-undefined-token" is not defined',
    );
  });

  test('a throwing token with immediate: next() still runs', async () => {
    const out = capture();
    const { reply, lines, warnings } = await run(
      [mw(logger(':test-throws', { stream: out.stream, immediate: true }))],
      out,
    );
    assert.equal(reply.body, 'hello');
    assert.deepEqual(lines, []);
    assert.equal(warnings.length, 1);
  });

  test('a throwing format function, skip, or stream.write', async () => {
    const out = capture();
    const throwingStream = {
      write() {
        throw new Error('disk full');
      },
    };
    const stack = [
      mw(
        logger(
          () => {
            throw new RangeError('format exploded');
          },
          { stream: out.stream },
        ),
      ),
      mw(
        logger(':url', {
          stream: out.stream,
          skip: () => {
            throw new Error('skip exploded');
          },
        }),
      ),
      mw(logger(':url', { stream: throwingStream })),
    ];
    const { reply, lines, warnings } = await run(stack, out);
    assert.equal(reply.status, 200);
    assert.deepEqual(lines, []);
    assert.deepEqual(
      warnings.map((w) => w.message),
      [
        '@brisk/logger: the request was not logged: RangeError: format exploded',
        '@brisk/logger: the request was not logged: Error: skip exploded',
        '@brisk/logger: the request was not logged: Error: disk full',
      ],
    );
  });

  test('a thrown non-Error is reported too', async () => {
    const out = capture();
    logger.token('test-throws-value', () => {
      throw Object.create(null); // cannot even be converted to a string
    });
    const stack = [
      mw(
        logger(
          () => {
            throw 'plain string';
          },
          { stream: out.stream },
        ),
      ),
      mw(logger(':test-throws-value', { stream: out.stream })),
    ];
    const { warnings } = await run(stack, out);
    assert.deepEqual(
      warnings.map((w) => [w.message, (w as { detail?: string }).detail]),
      [
        ['@brisk/logger: the request was not logged: plain string', undefined],
        ['@brisk/logger: the request was not logged: [object Object]', undefined],
      ],
    );
    delete table['test-throws-value'];
  });

  test('buffered lines that cannot be written are reported', async () => {
    await collectWarnings(async (warnings) => {
      const stream = {
        write() {
          throw new Error('flush failed');
        },
      };
      const m = logger(':url', { stream, buffer: 1, immediate: true });
      m({ url: '/b', headers: {} } as IncomingMessage, {} as ServerResponse, () => {});
      for (let i = 0; i < 50 && warnings.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
      assert.equal(warnings[0]?.message, '@brisk/logger: buffered lines could not be written: Error: flush failed');
    });
  });
});
