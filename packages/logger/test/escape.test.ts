// Escaping of token values (morgan 1.11+, CVE-2026-5078): control characters, U+2028/U+2029,
// `"` and `\` from the URL, headers and Basic user cannot forge a line, move the terminal or
// shift the fields of `combined`. Over HTTP with a briskjs app and a raw socket client; each
// expected line is what morgan 1.12.1 writes for the same request on express 5.3.0.
import './colour-env.js'; // before the logger loads: dev keeps its colours
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import brisk from 'briskjs';
import { escapeField } from '../src/escape.js';
import logger, { compile, type FormatFn, type TokenCallback, type Tokens } from '../src/index.js';
import { serve, type TestServer } from '../../../test/support/http.js';
import { capture } from './helpers.js';

const table = logger as unknown as Record<string, unknown>;
const tokens = logger as unknown as Tokens;
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The reference: morgan 1.12.1's set of characters and escapes, character by character. */
function reference(c: number): string {
  const ch = String.fromCharCode(c);
  const named: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };
  if (ch === '"') return '\\"';
  if (ch === '\\') return '\\\\';
  if (named[ch]) return named[ch];
  if (c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) {
    return '\\u' + c.toString(16).padStart(4, '0');
  }
  return ch;
}

describe('escapeField', () => {
  test('every UTF-16 code unit: escaped as morgan escapes it, or unchanged', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      assert.equal(escapeField(ch), reference(c), `U+${c.toString(16)}`);
      assert.equal(escapeField(`a${ch}b${ch}`), `a${reference(c)}b${reference(c)}`, `U+${c.toString(16)}`);
    }
  });

  test('text without such characters is returned as it is', () => {
    for (const text of ['', 'GET', '/users?page=2&q=é', 'Mozilla/5.0 (X11; Linux x86_64) 😀', "it's <b>ok</b>"]) {
      assert.equal(escapeField(text), text);
    }
  });

  test('surrogates and other characters past U+009F pass unchanged', () => {
    assert.equal(escapeField('\ud83d\ude00 \ud800 \u00a0\u2027\u202a'), '\ud83d\ude00 \ud800 \u00a0\u2027\u202a');
  });
});

describe('token(): user tokens are escaped', () => {
  const req = { headers: {} } as IncomingMessage;
  const res = {} as ServerResponse;

  test('a string result is escaped; other values are returned as they are', () => {
    const values: unknown[] = ['a\nb"c', 42, null, undefined, false, { x: 1 }];
    let i = 0;
    logger.token('test-esc-values', (() => values[i++]) as unknown as TokenCallback);
    try {
      const fn = tokens['test-esc-values'] as (...args: unknown[]) => unknown;
      assert.equal(fn(req, res), String.raw`a\nb\"c`);
      assert.equal(fn(req, res), 42);
      assert.equal(fn(req, res), null);
      assert.equal(fn(req, res), undefined);
      assert.equal(fn(req, res), false);
      assert.deepEqual(fn(req, res), { x: 1 });
    } finally {
      delete table['test-esc-values'];
    }
  });

  test('called with the same this and exactly the arguments given', () => {
    let seen: { self: unknown; args: unknown[] } | undefined;
    logger.token('test-esc-args', function (this: unknown, ...args: unknown[]) {
      seen = { self: this, args };
      return 'x';
    } as TokenCallback);
    try {
      assert.equal(compile(':test-esc-args')(tokens, req, res), 'x');
      assert.equal(seen?.self, logger);
      assert.deepEqual(seen?.args, [req, res]);
      compile(':test-esc-args[a"b]')(tokens, req, res);
      assert.deepEqual(seen?.args, [req, res, 'a"b']);
      (tokens['test-esc-args'] as (...args: unknown[]) => unknown)(req, res, 'one', 'two', 3);
      assert.deepEqual(seen?.args, [req, res, 'one', 'two', 3]);
    } finally {
      delete table['test-esc-args'];
    }
  });

  test('a token registered again (a predefined one, or an alias) is escaped once', () => {
    const original = table['user-agent'] as TokenCallback;
    const ua = { headers: { 'user-agent': 'a"b\\c' } } as unknown as IncomingMessage;
    logger.token('test-esc-alias', original);
    logger.token('test-esc-user', (r) => String(r.headers['user-agent']));
    logger.token('test-esc-alias2', table['test-esc-user'] as TokenCallback);
    logger.token('user-agent', original);
    try {
      assert.equal(table['user-agent'], original);
      for (const name of ['user-agent', 'test-esc-alias', 'test-esc-user', 'test-esc-alias2']) {
        assert.equal(tokens[name](ua, res), String.raw`a\"b\\c`, name);
      }
    } finally {
      delete table['test-esc-alias'];
      delete table['test-esc-user'];
      delete table['test-esc-alias2'];
    }
  });

  test("a format function's own text is not escaped (as morgan): only the tokens' text", () => {
    const fn: FormatFn = (t, r, s) => `${t.method(r, s)}\t"${r.headers['x-raw']}"`;
    const raw = { method: 'G"T', headers: { 'x-raw': 'a\nb' } } as unknown as IncomingMessage;
    assert.equal(fn(tokens, raw, res), 'G\\"T\t"a\nb"');
  });

  test('a value that is not a function stays what it is (not a token)', () => {
    logger.token('test-esc-not-fn', 'text' as unknown as TokenCallback);
    try {
      assert.equal(table['test-esc-not-fn'], 'text');
      assert.throws(() => compile(':test-esc-not-fn')(tokens, req, res), {
        message: 'token ":test-esc-not-fn" is not defined',
      });
    } finally {
      delete table['test-esc-not-fn'];
    }
  });
});

/** The dev line morgan writes for a 200 with a 2-byte body, with `url` already escaped. */
const dev = (url: string) => `\x1b[0mGET ${url} \x1b[32m200\x1b[0m T ms - 2\x1b[0m`;

/** A raw GET on its own connection; `headers` are sent as latin1 bytes (0x85 is one byte). */
const rawGet = (target: string, headers = '') =>
  Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`, 'latin1');

interface Case {
  name: string;
  request: Buffer;
  combined: string;
  dev: string;
  custom: string;
  fn: string;
}

// Expected lines: morgan 1.12.1 on express 5.3.0 (with `trust proxy` and the same server), the
// date of `combined` written [DATE] and the response time T.
const cases: Case[] = [
  {
    name: 'a complete fake line in the Basic user (CR LF)',
    request: rawGet(
      '/',
      `Authorization: Basic ${b64('eve\r\nFAKE-LINE 6.6.6.6 - admin [01/Jan/2026 00.00.00 +0000] "GET /admin HTTP/1.1" 200 2 "-" "curl":pw')}\r\n`,
    ),
    combined: String.raw`127.0.0.1 - eve\r\nFAKE-LINE 6.6.6.6 - admin [01/Jan/2026 00.00.00 +0000] \"GET /admin HTTP/1.1\" 200 2 \"-\" \"curl\" [DATE] "GET / HTTP/1.1" 200 2 "-" "-"`,
    dev: dev('/'),
    custom: String.raw`eve\r\nFAKE-LINE 6.6.6.6 - admin [01/Jan/2026 00.00.00 +0000] \"GET /admin HTTP/1.1\" 200 2 \"-\" \"curl\"|GET|/|-|-|-|-|-|1.1|200`,
    fn: String.raw`eve\r\nFAKE-LINE 6.6.6.6 - admin [01/Jan/2026 00.00.00 +0000] \"GET /admin HTTP/1.1\" 200 2 \"-\" \"curl\" /  `,
  },
  {
    name: 'terminal escapes in the Basic user (colour, title, clear screen)',
    request: rawGet('/', `Authorization: Basic ${b64('\x1b[31mred\x1b[0m\x1b]0;pwned\x07\x1b[2J\x1b[H:pw')}\r\n`),
    combined: String.raw`127.0.0.1 - \u001b[31mred\u001b[0m\u001b]0;pwned\u0007\u001b[2J\u001b[H [DATE] "GET / HTTP/1.1" 200 2 "-" "-"`,
    dev: dev('/'),
    custom: String.raw`\u001b[31mred\u001b[0m\u001b]0;pwned\u0007\u001b[2J\u001b[H|GET|/|-|-|-|-|-|1.1|200`,
    fn: String.raw`\u001b[31mred\u001b[0m\u001b]0;pwned\u0007\u001b[2J\u001b[H /  `,
  },
  {
    name: 'NUL, BEL, DEL, C1, U+2028/2029, quote, backslash, named escapes in the Basic user',
    request: rawGet(
      '/',
      `Authorization: Basic ${b64('nul\x00bel\x07del\x7fc1\u0085\u009bls\u2028ps\u2029q"bs\\b\b\f\t\v:pw')}\r\n`,
    ),
    combined: String.raw`127.0.0.1 - nul\u0000bel\u0007del\u007fc1\u0085\u009bls\u2028ps\u2029q\"bs\\b\b\f\t\u000b [DATE] "GET / HTTP/1.1" 200 2 "-" "-"`,
    dev: dev('/'),
    custom: String.raw`nul\u0000bel\u0007del\u007fc1\u0085\u009bls\u2028ps\u2029q\"bs\\b\b\f\t\u000b|GET|/|-|-|-|-|-|1.1|200`,
    fn: String.raw`nul\u0000bel\u0007del\u007fc1\u0085\u009bls\u2028ps\u2029q\"bs\\b\b\f\t\u000b /  `,
  },
  {
    name: 'a quote in User-Agent and Referer cannot shift the fields; tab, backslash, C1 bytes',
    request: rawGet('/', 'User-Agent: Mozilla" 999 "http://evil/\tx\\y\x85\x9b\r\nReferer: http://r/"\\\x85\r\n'),
    combined: String.raw`127.0.0.1 - - [DATE] "GET / HTTP/1.1" 200 2 "http://r/\"\\\u0085" "Mozilla\" 999 \"http://evil/\tx\\y\u0085\u009b"`,
    dev: dev('/'),
    custom: String.raw`-|GET|/|http://r/\"\\\u0085|Mozilla\" 999 \"http://evil/\tx\\y\u0085\u009b|-|-|-|1.1|200`,
    fn: String.raw` / Mozilla\" 999 \"http://evil/\tx\\y\u0085\u009b `,
  },
  {
    name: 'a request header, the response header echoing it, and a user token reading it',
    request: rawGet('/', 'X-Forged: a"b\\c\td\x9be\r\n'),
    combined: '127.0.0.1 - - [DATE] "GET / HTTP/1.1" 200 2 "-" "-"',
    dev: dev('/'),
    custom: String.raw`-|GET|/|-|-|a\"b\\c\td\u009be|a\"b\\c\td\u009be|a\"b\\c\td\u009be|1.1|200`,
    fn: String.raw` /  a\"b\\c\td\u009be`,
  },
  {
    name: 'quote and backslash in the URL',
    request: rawGet('/a"b\\c?q="\\'),
    combined: String.raw`127.0.0.1 - - [DATE] "GET /a\"b\\c?q=\"\\ HTTP/1.1" 200 2 "-" "-"`,
    dev: dev(String.raw`/a\"b\\c?q=\"\\`),
    custom: String.raw`-|GET|/a\"b\\c?q=\"\\|-|-|-|-|-|1.1|200`,
    fn: String.raw` /a\"b\\c?q=\"\\  `,
  },
  {
    name: 'control characters in a URL decoded before the app (CR LF, ESC, BEL, NUL, DEL, C1, U+2028/2029)',
    request: rawGet('/decoded/%0D%0AFAKE-LINE%201.2.3.4%1B%5B2J%07%00%7F%C2%85%E2%80%A8%E2%80%A9'),
    combined: String.raw`127.0.0.1 - - [DATE] "GET /decoded/\r\nFAKE-LINE 1.2.3.4\u001b[2J\u0007\u0000\u007f\u0085\u2028\u2029 HTTP/1.1" 200 2 "-" "-"`,
    dev: dev(String.raw`/decoded/\r\nFAKE-LINE 1.2.3.4\u001b[2J\u0007\u0000\u007f\u0085\u2028\u2029`),
    custom: String.raw`-|GET|/decoded/\r\nFAKE-LINE 1.2.3.4\u001b[2J\u0007\u0000\u007f\u0085\u2028\u2029|-|-|-|-|-|1.1|200`,
    fn: String.raw` /decoded/\r\nFAKE-LINE 1.2.3.4\u001b[2J\u0007\u0000\u007f\u0085\u2028\u2029  `,
  },
  {
    name: 'X-Forwarded-For with trust proxy (:remote-addr)',
    request: rawGet('/', 'X-Forwarded-For: 6.6.6.6"\\\x85\t\x9b, 10.0.0.1\r\n'),
    // morgan 1.12.1 on express 5.3 writes the escaped entry, `6.6.6.6\"\\\u0085\t\u009b`: there
    // req.ip is whatever text ends the walk. brisk's req.ip is always an address (decision 006):
    // the walk ends before the entry that is not one, at 10.0.0.1.
    combined: '10.0.0.1 - - [DATE] "GET / HTTP/1.1" 200 2 "-" "-"',
    dev: dev('/'),
    custom: '-|GET|/|-|-|-|-|-|1.1|200',
    fn: ' /  ',
  },
];

/** The date of `combined` and the response time of `dev`, which vary, as placeholders. */
const normalise = (line: string) =>
  line.replace(/\[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d \+0000\]/, '[DATE]').replace(/\d+\.\d{3} ms/, 'T ms');

/** Characters that may not appear in a line (the dev format's own colour codes removed first). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences of the dev colours
const DEV_COLOURS = /\x1b\[(?:0|32)m/g;

describe('escaping over HTTP: one request is one line, as morgan 1.12.1 writes it', () => {
  const out = { combined: capture(), dev: capture(), custom: capture(), fn: capture() };
  let srv: TestServer;

  before(async () => {
    assert.equal(brisk.logger, logger);
    logger.token('test-forged', (req) => req.headers['x-forged'] as string | undefined);
    const app = brisk();
    app.set('trust proxy', true);
    app.use(logger('combined', { stream: out.combined.stream }));
    app.use(logger('dev', { stream: out.dev.stream }));
    app.use(
      logger(
        ':remote-user|:method|:url|:referrer|:user-agent|:req[x-forged]|:res[x-echo]|:test-forged|:http-version|:status',
        { stream: out.custom.stream },
      ),
    );
    app.use(
      logger(
        (t, req, res) =>
          [t['remote-user'](req, res), t.url(req, res), t['user-agent'](req, res), t['test-forged'](req, res)].join(
            ' ',
          ),
        { stream: out.fn.stream },
      ),
    );
    app.use((req, res) => {
      const forged = req.headers['x-forged'];
      if (forged) res.setHeader('X-Echo', forged);
      res.send('hi');
    });
    // a front server that percent-decodes the path before the app (as a rewriting proxy might)
    srv = await serve((req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith('/decoded/')) req.url = decodeURIComponent(req.url);
      app(req, res);
    });
  });

  after(async () => {
    delete table['test-forged'];
    await srv.close();
  });

  for (const c of cases) {
    test(c.name, async () => {
      for (const o of Object.values(out)) o.writes.length = 0;
      const reply = await srv.raw(c.request);
      assert.match(reply, /^HTTP\/1\.1 200 OK\r\n/);
      for (const [format, o] of Object.entries(out)) {
        const writes = await o.wait(1);
        assert.equal(writes.length, 1, format);
        const line = writes[0] as string;
        assert.ok(line.endsWith('\n'), format);
        const body = line.slice(0, -1);
        assert.doesNotMatch(format === 'dev' ? body.replace(DEV_COLOURS, '') : body, CONTROL, format);
        assert.equal(normalise(body), c[format as keyof typeof out], format);
      }
    });
  }
});
