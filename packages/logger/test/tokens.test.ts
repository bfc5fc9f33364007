// The predefined tokens, the date formats and the Basic credentials parser, on plain objects.
// (test/tokens.test.ts covers every token again over real HTTP.)
import './colour-env.js'; // before the logger loads: dev keeps its colours
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicUser } from '../src/basic-auth.js';
import { clfDate, isoDate, webDate } from '../src/date.js';
import logger, { type FormatFn, type Tokens } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

// The predefined tokens and formats are properties of `logger` (untyped, as in @types/morgan).
const tokens = logger as unknown as Tokens;
const dev = (logger as unknown as { dev: FormatFn }).dev;

type Fake = Record<string, unknown>;
const asReq = (o: Fake) => ({ headers: {}, ...o }) as unknown as IncomingMessage;
const asRes = (o: Fake) => o as unknown as ServerResponse;
const sent = (o: Fake = {}) => asRes({ headersSent: true, statusCode: 200, getHeader: () => undefined, ...o });
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('date formats (UTC)', () => {
  const t = Date.UTC(2026, 10, 21, 22, 14, 0, 7); // Sat, 21 Nov 2026 22:14:00.007
  const cases: Array<[string, number, string, string, string]> = [
    ['the example', t, '21/Nov/2026:22:14:00 +0000', 'Sat, 21 Nov 2026 22:14:00 GMT', '2026-11-21T22:14:00.007Z'],
    [
      'single digits',
      Date.UTC(2000, 0, 2, 3, 4, 5),
      '02/Jan/2000:03:04:05 +0000',
      'Sun, 02 Jan 2000 03:04:05 GMT',
      '2000-01-02T03:04:05.000Z',
    ],
    [
      'morgan docs',
      Date.UTC(2000, 9, 10, 13, 55, 36),
      '10/Oct/2000:13:55:36 +0000',
      'Tue, 10 Oct 2000 13:55:36 GMT',
      '2000-10-10T13:55:36.000Z',
    ],
    [
      'end of year',
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      '31/Dec/1999:23:59:59 +0000',
      'Fri, 31 Dec 1999 23:59:59 GMT',
      '1999-12-31T23:59:59.999Z',
    ],
    ['epoch', 0, '01/Jan/1970:00:00:00 +0000', 'Thu, 01 Jan 1970 00:00:00 GMT', '1970-01-01T00:00:00.000Z'],
  ];
  for (const [name, ms, clf, web, iso] of cases) {
    test(name, () => {
      assert.equal(clfDate(ms), clf);
      assert.equal(webDate(ms), web);
      assert.equal(isoDate(ms), iso);
    });
  }

  test('cached per second (clf, web) and per millisecond (iso), never stale', () => {
    const base = Date.UTC(2026, 10, 21, 22, 14, 0);
    assert.equal(clfDate(base + 10), '21/Nov/2026:22:14:00 +0000');
    assert.equal(clfDate(base + 999), '21/Nov/2026:22:14:00 +0000');
    assert.equal(clfDate(base + 1000), '21/Nov/2026:22:14:01 +0000');
    assert.equal(clfDate(base - 1), '21/Nov/2026:22:13:59 +0000'); // the clock went back
    assert.equal(webDate(base + 500), 'Sat, 21 Nov 2026 22:14:00 GMT');
    assert.equal(webDate(base + 1500), 'Sat, 21 Nov 2026 22:14:01 GMT');
    assert.equal(isoDate(base + 1), '2026-11-21T22:14:00.001Z');
    assert.equal(isoDate(base + 1), '2026-11-21T22:14:00.001Z');
    assert.equal(isoDate(base + 2), '2026-11-21T22:14:00.002Z');
  });

  test(':date reads Date.now(): web by default, clf, iso, "-" for another name', () => {
    const now = Date.now;
    Date.now = () => Date.UTC(2026, 10, 21, 22, 14, 0, 250);
    try {
      const line = logger.compile(':date|:date[web]|:date[clf]|:date[iso]|:date[rfc]')(tokens, asReq({}), sent());
      assert.equal(
        line,
        'Sat, 21 Nov 2026 22:14:00 GMT|Sat, 21 Nov 2026 22:14:00 GMT|21/Nov/2026:22:14:00 +0000|2026-11-21T22:14:00.250Z|-',
      );
    } finally {
      Date.now = now;
    }
  });
});

describe('basic credentials (:remote-user)', () => {
  // [case, header, user name, the token's text when it differs (escaped)]
  const cases: Array<[string, unknown, string | undefined, string?]> = [
    ['user and password', `Basic ${b64('alice:secret')}`, 'alice'],
    ['empty password', `Basic ${b64('alice:')}`, 'alice'],
    ['empty user', `Basic ${b64(':pw')}`, ''],
    ['password with colons', `Basic ${b64('bob:a:b:c')}`, 'bob'],
    ['UTF-8 user', `Basic ${b64('jöhn:pw')}`, 'jöhn'],
    ['scheme in any case', `bAsIc ${b64('u:p')}`, 'u'],
    ['spaces around', `   Basic    ${b64('u:p')}   `, 'u'],
    ['padding kept', `Basic ${b64('ab:c')}`, 'ab'],
    ['no colon', `Basic ${b64('alice')}`, undefined],
    ['line feed in the password', `Basic ${b64('u:p\nq')}`, undefined],
    ['carriage return in the password', `Basic ${b64('u:p\rq')}`, undefined],
    ['U+2028 in the password', `Basic ${b64('u:p\u2028')}`, undefined],
    ['line feed in the user', `Basic ${b64('u\nv:p')}`, 'u\nv', String.raw`u\nv`],
    [
      'quote, backslash, escape in the user',
      `Basic ${b64('a"b\\c\x1bd:p')}`,
      'a"b\\c\x1bd',
      String.raw`a\"b\\c\u001bd`,
    ],
    ['other scheme', `Bearer ${b64('u:p')}`, undefined],
    ['"Basically"', `Basically ${b64('u:p')}`, undefined],
    ['no space after the scheme', `Basic${b64('u:p')}`, undefined],
    ['tab after the scheme', `Basic\t${b64('u:p')}`, undefined],
    ['no credentials', 'Basic ', undefined],
    ['only the scheme', 'Basic', undefined],
    ['only padding', 'Basic ==', undefined],
    ['character outside token68', 'Basic dT!6cA==', undefined],
    ['text after the padding', `Basic ${b64('u:p')}x`.replace(/=*x$/, '==x'), undefined],
    ['two tokens', `Basic ${b64('u:p')} ${b64('v:q')}`, undefined],
    ['URL-safe base64 characters', 'Basic dTpw-_~.', 'u'],
    ['non-ASCII letter in the scheme', `Basİc ${b64('u:p')}`, undefined],
    ['empty header', '', undefined],
    ['absent', undefined, undefined],
    ['not a string', ['Basic dTpw'], undefined],
  ];
  for (const [name, header, user, text = user] of cases) {
    test(name, () => {
      assert.equal(basicUser(header), user);
      const req = asReq({ headers: header === undefined ? {} : { authorization: header } });
      assert.equal(tokens['remote-user'](req, sent()), text);
    });
  }

  test('long adversarial headers take linear time', () => {
    // [label, the header for size n, n of the large header]
    const shapes: [string, (n: number) => string, number][] = [
      ['base64 then spaces', (n) => 'Basic ' + 'A'.repeat(n / 2) + ' '.repeat(n / 2) + '!', 400_000],
      ['spaces', (n) => ' '.repeat(n), 400_000],
      ['"=" run', (n) => 'Basic ' + '='.repeat(n) + 'x', 400_000],
      ['"QQ==" run', (n) => 'Basic ' + 'QQ=='.repeat(n / 4), 400_000],
      ['encoded newlines', (n) => 'Basic ' + Buffer.from('u:' + '\n'.repeat(n)).toString('base64'), 300_000],
    ];
    for (const [label, build, large] of shapes) {
      basicUser(build(large));
      // time(8n) / time(n) in CPU time, no bound on elapsed time
      assertLinear(`basicUser: ${label}`, build, basicUser);
    }
  });
});

describe('request tokens', () => {
  test(':url is req.originalUrl, else req.url', () => {
    assert.equal(tokens.url(asReq({ url: '/a', originalUrl: '/orig' }), sent()), '/orig');
    assert.equal(tokens.url(asReq({ url: '/a', originalUrl: '' }), sent()), '/a');
    assert.equal(tokens.url(asReq({ url: '/a' }), sent()), '/a');
  });

  test(':method and :http-version', () => {
    const req = asReq({ method: 'PATCH', httpVersionMajor: 1, httpVersionMinor: 0 });
    assert.equal(tokens.method(req, sent()), 'PATCH');
    assert.equal(tokens['http-version'](req, sent()), '1.0');
  });

  test(':referrer is Referer, else Referrer', () => {
    assert.equal(tokens.referrer(asReq({ headers: { referer: 'a', referrer: 'b' } }), sent()), 'a');
    assert.equal(tokens.referrer(asReq({ headers: { referrer: 'b' } }), sent()), 'b');
    assert.equal(tokens.referrer(asReq({ headers: {} }), sent()), undefined);
  });

  test(':user-agent', () => {
    assert.equal(tokens['user-agent'](asReq({ headers: { 'user-agent': 'curl/8' } }), sent()), 'curl/8');
    assert.equal(tokens['user-agent'](asReq({}), sent()), undefined);
  });

  test(':remote-addr: req.ip, else the address saved at arrival, else the socket address', () => {
    const socket = { remoteAddress: '10.0.0.1' };
    assert.equal(tokens['remote-addr'](asReq({ ip: '1.2.3.4', _remoteAddress: '5.6.7.8', socket }), sent()), '1.2.3.4');
    assert.equal(tokens['remote-addr'](asReq({ _remoteAddress: '5.6.7.8', socket }), sent()), '5.6.7.8');
    assert.equal(tokens['remote-addr'](asReq({ socket }), sent()), '10.0.0.1');
    assert.equal(tokens['remote-addr'](asReq({ connection: socket }), sent()), '10.0.0.1');
    assert.equal(tokens['remote-addr'](asReq({ socket: {} }), sent()), undefined);
    assert.equal(tokens['remote-addr'](asReq({}), sent()), undefined);
  });

  test(':req[header]: case-insensitive name, lists joined, "-" when absent', () => {
    const req = asReq({ headers: { 'x-a': 'one', 'set-cookie': ['a=1', 'b=2'] } });
    const line = logger.compile(
      ':req[X-A] :req[set-cookie] :req[x-none] :req[__proto__] :req[constructor] :req[toString]',
    );
    assert.equal(line(tokens, req, sent()), 'one a=1, b=2 - - - -');
    assert.equal(tokens.req(req, sent()), undefined); // no header name
  });
});

describe('response tokens', () => {
  test(':status once the headers were sent', () => {
    assert.equal(tokens.status(asReq({}), sent({ statusCode: 404 })), '404');
    assert.equal(tokens.status(asReq({}), asRes({ headersSent: false, statusCode: 200 })), undefined);
    // node 0.8-style responses: `_header`
    assert.equal(tokens.status(asReq({}), asRes({ _header: 'HTTP/1.1 201', statusCode: 201 })), '201');
    assert.equal(tokens.status(asReq({}), asRes({ statusCode: 201 })), undefined);
  });

  test(':res[header]: once sent, lists joined, numbers as digits, "-" when absent', () => {
    const headers: Record<string, unknown> = { 'content-length': 0, 'x-list': ['a', 'b'], 'x-text': 'hi' };
    const res = sent({ getHeader: (name: string) => headers[name.toLowerCase()] });
    const line = logger.compile(':res[content-length] :res[X-List] :res[x-text] :res[x-none]');
    assert.equal(line(tokens, asReq({}), res), '0 a, b hi -');
    assert.equal(tokens.res(asReq({}), res), undefined); // no header name
    const unsent = asRes({ headersSent: false, getHeader: () => 'x' });
    assert.equal(tokens.res(asReq({}), unsent, 'x-text'), undefined);
  });

  test(':response-time[digits]: request start to headers, 3 digits by default', () => {
    const req = asReq({ _startAt: [10, 0] });
    const res = sent({ _startAt: [11, 234_567_891] });
    assert.equal(tokens['response-time'](req, res), '1234.568');
    const line = logger.compile(':response-time[0] :response-time[1] :response-time[5] :response-time[x]');
    assert.equal(line(tokens, req, res), '1235 1234.6 1234.56789 1235');
    assert.equal(tokens['response-time'](asReq({}), res), undefined);
    assert.equal(tokens['response-time'](req, sent()), undefined);
    assert.throws(() => tokens['response-time'](req, res, '101'), RangeError);
  });

  test(':total-time[digits]: request start to now, once the headers were written', () => {
    const start = process.hrtime();
    const req = asReq({ _startAt: [start[0] - 2, start[1]] }); // two seconds ago
    const res = sent({ _startAt: start });
    const total = Number(tokens['total-time'](req, res));
    assert.ok(total >= 2000 && total < 60_000, String(total));
    assert.match(tokens['total-time'](req, res) as string, /^\d+\.\d{3}$/);
    assert.match(tokens['total-time'](req, res, '1') as string, /^\d+\.\d$/);
    assert.match(tokens['total-time'](req, res, '0') as string, /^\d+$/);
    assert.equal(tokens['total-time'](asReq({}), res), undefined);
    assert.equal(tokens['total-time'](req, sent()), undefined);
  });
});

describe('dev format', () => {
  // [status, colour]: red 5xx and above, yellow 4xx, cyan 3xx, green 2xx, none otherwise
  const cases: Array<[number | undefined, number]> = [
    [100, 0],
    [101, 0],
    [199, 0],
    [200, 32],
    [204, 32],
    [299, 32],
    [300, 36],
    [304, 36],
    [399, 36],
    [400, 33],
    [404, 33],
    [499, 33],
    [500, 31],
    [503, 31],
    [599, 31],
    [600, 31],
    [undefined, 0],
  ];
  for (const [status, color] of cases) {
    test(`status ${status} → colour ${color}`, () => {
      const req = asReq({ method: 'GET', url: '/d', _startAt: [1, 0] });
      const res =
        status === undefined
          ? asRes({ headersSent: false, statusCode: 200 })
          : sent({ statusCode: status, _startAt: [1, 1_500_000], getHeader: () => '12' });
      const line = dev(tokens, req, res);
      const expected =
        status === undefined
          ? `\x1b[0mGET /d \x1b[0m-\x1b[0m - ms - -\x1b[0m`
          : `\x1b[0mGET /d \x1b[${color}m${status}\x1b[0m 1.500 ms - 12\x1b[0m`;
      assert.equal(line, expected);
    });
  }

  test('one compiled format per colour', () => {
    const req = asReq({ method: 'GET', url: '/d' });
    const a = dev(tokens, req, sent({ statusCode: 201 }));
    const b = dev(tokens, req, sent({ statusCode: 202 }));
    assert.equal(a, '\x1b[0mGET /d \x1b[32m201\x1b[0m - ms - -\x1b[0m');
    assert.equal(b, '\x1b[0mGET /d \x1b[32m202\x1b[0m - ms - -\x1b[0m');
  });
});
