// Property-based tests of the request logger over real HTTP: a briskjs app logging in three
// formats gets hostile raw requests (bytes in the URL and headers, control characters in the
// Basic user name). Every request that reaches the app writes exactly one line per logger, with
// no raw control character (dev's own colours aside), and combined's quoted fields unescape to
// what the app saw; a request node rejects writes nothing. Escaping is linear.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import brisk from 'briskjs';
import logger, { type Tokens } from '@brisk/logger';
import { serve, type TestServer } from './support/http.js';
import { assertLinear, checkAsync, fc, hostile } from './support/fuzz.js';

/** A stream that keeps what the logger writes. */
function capture() {
  const writes: string[] = [];
  return { writes, stream: { write: (line: string) => writes.push(line) > 0 } };
}

/** Characters a log line must not hold raw: C0 (but its final \n), DEL and C1, U+2028/U+2029. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** dev's colour sequences (the format's own text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences of the dev colours
const COLOUR = /\u001b\[\d+m/g;

/** Reads back a field escaped as the logger escapes it (\", \\, \b \t \n \f \r, \uXXXX). */
function unescapeField(text: string): string {
  const named: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };
  return text.replace(/\\(u[0-9a-f]{4}|.)/g, (_, e: string) =>
    e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (named[e] ?? `\\${e}`),
  );
}

/** combined: `addr - user [date] "request" status length "referrer" "agent"`. */
const COMBINED = /^\S+ - .* \[[^\]]+\] "((?:[^"\\]|\\.)*)" (\d{3}|-) (\S+) "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"\n$/;

const combined = capture();
const dev = capture();
const custom = capture();
let reached = 0;
/** What the app saw of each request that reached it. */
let userControls = 0;
const seen: Array<{ method: string; url: string; referer?: string | undefined; agent?: string | undefined }> = [];
let server: TestServer;

before(async () => {
  const app = brisk();
  app.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    reached++;
    next();
  });
  app.use(logger('combined', { stream: combined.stream }));
  app.use(logger('dev', { stream: dev.stream }));
  app.use(logger(':method :url :req[x-data] :remote-user :status', { stream: custom.stream }));
  app.use((req: IncomingMessage, res: ServerResponse & { status(code: number): { send(body: string): void } }) => {
    const auth = req.headers.authorization;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
    if (auth && /[\u0000-\u001f]/.test(Buffer.from(auth.slice(6), 'base64').toString())) userControls++;
    seen.push({
      method: req.method!,
      url: (req as IncomingMessage & { originalUrl: string }).originalUrl,
      referer: req.headers.referer,
      agent: req.headers['user-agent'],
    });
    const status = /status=(\d{3})/.exec(req.url!)?.[1];
    res.status(status ? Number(status) : 200).send('ok');
  });
  server = await serve(app as never);
});

after(() => server.close());

/** Waits until each capture holds `count` writes (the line is written on finish), or 1 s. */
async function linesArrive(count: number): Promise<void> {
  for (let i = 0; i < 200 && [combined, dev, custom].some((c) => c.writes.length < count); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Text from `valid` (what node's parser lets through), now and then a character it rejects
 * (that request gets node's 400 and must write no line).
 */
function bytesOf(valid: string[], rejected: string[], maxLength: number) {
  return fc.string({
    unit: fc.oneof(
      { weight: 15, arbitrary: fc.constantFrom(...valid) },
      { weight: 1, arbitrary: fc.constantFrom(...rejected) },
    ),
    maxLength,
  });
}
/** Header text: printable ASCII, tab, latin-1 (C1 included), quotes and backslashes. */
const headerText = bytesOf(
  ['a', ' ', '\t', '"', '\\', '\u0085', '\u009b', '\u00ff', '\u00e9', '%0a'],
  ['\u007f', '\u001b'],
  12,
);
/** A request target: escapes of control characters and line separators, quotes, backslashes. */
const pathText = bytesOf(
  ['a', '/', '%0a', '%0d', '%1b', '%22', '"', '\\', '?', '=', 'status=404', '%E2%80%A8', '%C2%85'],
  ['\u0085', ' '],
  12,
);
/** A Basic user name: anything, control characters and line separators included. */
const userName = hostile(['\n', '\r', '\r\n', '\u001b[31m', '\u2028', '"', '\\', 'eve', ' ', '\u0000', 'é'], {
  maxParts: 8,
});

describe('logger: hostile requests over HTTP', () => {
  test('one line per logger for a request that reached the app, none for one node rejected; no raw control characters', async () => {
    await checkAsync(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'DELETE', 'M-SEARCH'),
        pathText,
        headerText,
        headerText,
        headerText,
        fc.option(userName, { nil: undefined }),
        async (method, path, agent, referer, data, user) => {
          const before = reached;
          const count = combined.writes.length;
          const auth =
            user === undefined ? '' : `Authorization: Basic ${Buffer.from(`${user}:pw`).toString('base64')}\r\n`;
          const head =
            `${method} /${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${agent}\r\nReferer: ${referer}\r\n` +
            `X-Data: ${data}\r\n${auth}Connection: close\r\n\r\n`;
          await server.raw(Buffer.from(head, 'latin1'), 2000);
          if (reached === before) {
            await new Promise((resolve) => setTimeout(resolve, 5));
            for (const c of [combined, dev, custom])
              assert.equal(c.writes.length, count, 'a rejected request wrote a line');
            return;
          }
          assert.equal(reached, before + 1);
          await linesArrive(count + 1);
          for (const [name, c] of [
            ['combined', combined],
            ['dev', dev],
            ['custom', custom],
          ] as const) {
            assert.equal(c.writes.length, count + 1, `${name}: one line for one request`);
            const line = c.writes[count]!;
            assert.ok(
              line.endsWith('\n') && line.indexOf('\n') === line.length - 1,
              `${name}: ${JSON.stringify(line)}`,
            );
            const body = (name === 'dev' ? line.replace(COLOUR, '') : line).slice(0, -1);
            assert.ok(!RAW_CONTROL.test(body), `${name}: raw control character in ${JSON.stringify(line)}`);
          }
          const m = COMBINED.exec(combined.writes[count]!);
          assert.ok(m, `combined's fields: ${JSON.stringify(combined.writes[count])}`);
          const saw = seen[seen.length - 1]!;
          assert.equal(unescapeField(m[1]!), `${saw.method} ${saw.url} HTTP/1.1`);
          // an absent or empty header prints -
          assert.equal(unescapeField(m[4]!), saw.referer || '-');
          assert.equal(unescapeField(m[5]!), saw.agent || '-');
        },
      ),
      60,
    );
    // Not vacuous: requests with C1 characters in their headers, and with a raw control
    // character in the Basic user name, reached the app (and were logged, checked above).
    assert.ok(
      seen.some((s) => /[\u0080-\u009f]/.test(`${s.agent}${s.referer}`)),
      'no C1 character reached the app',
    );
    assert.ok(userControls > 0, 'no control character in a user name reached the app');
  });
});

describe('logger: escaping grows linearly', () => {
  const tokens = logger as unknown as Tokens;
  const fakeReq = (text: string) =>
    ({ url: text, originalUrl: text, headers: { 'user-agent': text, referer: text } }) as unknown as IncomingMessage;
  const res = {} as ServerResponse;
  test('url, user-agent and referrer tokens on long hostile text', () => {
    assertLinear(
      'escaped text',
      // V8's replace costs several times more per match past ~4,000 matches: both sizes stay under.
      (n) => fakeReq('"abc\u0085defg\u2028h\\ij\nklmnop'.repeat(n / 21)),
      (req) => {
        tokens.url!(req, res);
        tokens['user-agent']!(req, res);
        tokens.referrer!(req, res);
      },
      { n: 1024 },
    );
    assertLinear(
      'clean text',
      (n) => fakeReq('a/b?c=d'.repeat(n / 7)),
      (req) => tokens.url!(req, res),
    );
  });
});
