import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { status, statuses } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

// statuses 2.0.2's table (IANA registry + node's http.STATUS_CODES), written out in full.
const TABLE: Array<[number, string]> = [
  [100, 'Continue'],
  [101, 'Switching Protocols'],
  [102, 'Processing'],
  [103, 'Early Hints'],
  [200, 'OK'],
  [201, 'Created'],
  [202, 'Accepted'],
  [203, 'Non-Authoritative Information'],
  [204, 'No Content'],
  [205, 'Reset Content'],
  [206, 'Partial Content'],
  [207, 'Multi-Status'],
  [208, 'Already Reported'],
  [226, 'IM Used'],
  [300, 'Multiple Choices'],
  [301, 'Moved Permanently'],
  [302, 'Found'],
  [303, 'See Other'],
  [304, 'Not Modified'],
  [305, 'Use Proxy'],
  [307, 'Temporary Redirect'],
  [308, 'Permanent Redirect'],
  [400, 'Bad Request'],
  [401, 'Unauthorized'],
  [402, 'Payment Required'],
  [403, 'Forbidden'],
  [404, 'Not Found'],
  [405, 'Method Not Allowed'],
  [406, 'Not Acceptable'],
  [407, 'Proxy Authentication Required'],
  [408, 'Request Timeout'],
  [409, 'Conflict'],
  [410, 'Gone'],
  [411, 'Length Required'],
  [412, 'Precondition Failed'],
  [413, 'Payload Too Large'],
  [414, 'URI Too Long'],
  [415, 'Unsupported Media Type'],
  [416, 'Range Not Satisfiable'],
  [417, 'Expectation Failed'],
  [418, "I'm a Teapot"],
  [421, 'Misdirected Request'],
  [422, 'Unprocessable Entity'],
  [423, 'Locked'],
  [424, 'Failed Dependency'],
  [425, 'Too Early'],
  [426, 'Upgrade Required'],
  [428, 'Precondition Required'],
  [429, 'Too Many Requests'],
  [431, 'Request Header Fields Too Large'],
  [451, 'Unavailable For Legal Reasons'],
  [500, 'Internal Server Error'],
  [501, 'Not Implemented'],
  [502, 'Bad Gateway'],
  [503, 'Service Unavailable'],
  [504, 'Gateway Timeout'],
  [505, 'HTTP Version Not Supported'],
  [506, 'Variant Also Negotiates'],
  [507, 'Insufficient Storage'],
  [508, 'Loop Detected'],
  [509, 'Bandwidth Limit Exceeded'],
  [510, 'Not Extended'],
  [511, 'Network Authentication Required'],
];

describe('statuses tables', () => {
  test('message: every code and nothing else', () => {
    assert.deepEqual(statuses.message, Object.fromEntries(TABLE));
    assert.equal(Object.getPrototypeOf(statuses.message), Object.prototype);
  });

  test('code: lower-cased message to code', () => {
    assert.deepEqual(statuses.code, Object.fromEntries(TABLE.map(([c, m]) => [m.toLowerCase(), c])));
    assert.equal(statuses.code['not found'], 404);
    assert.equal(statuses.code["i'm a teapot"], 418);
    assert.equal(statuses.code['Not Found'], undefined);
  });

  test('codes: every code, ascending', () => {
    assert.deepEqual(
      statuses.codes,
      TABLE.map(([c]) => c),
    );
    assert.equal(statuses.codes.length, 63);
  });

  test('redirect, empty, retry', () => {
    assert.equal(statuses.redirect[304], undefined);
    assert.equal(statuses.empty[200], undefined);
    assert.deepEqual(statuses.redirect, {
      300: true,
      301: true,
      302: true,
      303: true,
      305: true,
      307: true,
      308: true,
    });
    assert.deepEqual(statuses.empty, { 204: true, 205: true, 304: true });
    assert.deepEqual(statuses.retry, { 502: true, 503: true, 504: true });
  });

  test('status is the same function as statuses', () => {
    assert.equal(status, statuses);
    assert.equal(typeof statuses, 'function');
    assert.deepEqual(Object.keys(statuses).sort(), ['code', 'codes', 'empty', 'message', 'redirect', 'retry']);
  });
});

describe('statuses(code)', () => {
  const ok: Array<[number | string, number | string]> = [
    [200, 'OK'],
    [404, 'Not Found'],
    [418, "I'm a Teapot"],
    [404.0, 'Not Found'],
    ['404', 'Not Found'],
    [' 404', 'Not Found'],
    ['404 Not Found', 'Not Found'],
    ['not found', 404],
    ['Not Found', 404],
    ['NOT FOUND', 404],
    ["i'm a teapot", 418],
    ['ok', 200],
    ['Non-Authoritative Information', 203],
  ];
  for (const [input, expected] of ok) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(statuses(input as string), expected);
    });
  }

  const bad: Array<[unknown, string, ErrorConstructor]> = [
    [999, 'invalid status code: 999', Error],
    [0, 'invalid status code: 0', Error],
    [-1, 'invalid status code: -1', Error],
    [404.5, 'invalid status code: 404.5', Error],
    [NaN, 'invalid status code: NaN', Error],
    [Infinity, 'invalid status code: Infinity', Error],
    [1e21, 'invalid status code: 1e+21', Error],
    ['999', 'invalid status code: 999', Error],
    ['999abc', 'invalid status code: 999', Error],
    ['0x190', 'invalid status code: 0', Error], // parseInt(s, 10) stops at 'x'
    ['4e2', 'invalid status code: 4', Error],
    ['foo', 'invalid status message: "foo"', Error],
    ['Not-Found', 'invalid status message: "Not-Found"', Error],
    ['', 'invalid status message: ""', Error],
    ['constructor', 'invalid status message: "constructor"', Error],
    ['__proto__', 'invalid status message: "__proto__"', Error],
    ['hasOwnProperty', 'invalid status message: "hasOwnProperty"', Error],
    [undefined, 'code must be a number or string', TypeError],
    [null, 'code must be a number or string', TypeError],
    [true, 'code must be a number or string', TypeError],
    [{}, 'code must be a number or string', TypeError],
    [[404], 'code must be a number or string', TypeError],
  ];
  for (const [input, message, Type] of bad) {
    test(`${String(input)} throws ${Type.name}: ${message}`, () => {
      assert.throws(
        () => statuses(input as string),
        (err: Error) => {
          assert.equal(err.constructor, Type);
          assert.equal(err.message, message);
          return true;
        },
      );
    });
  }

  test('reads the live tables (a code added by the application)', () => {
    statuses.message[499] = 'Client Closed Request';
    statuses.code['client closed request'] = 499;
    try {
      assert.equal(statuses(499), 'Client Closed Request');
      assert.equal(statuses('Client Closed Request'), 499);
    } finally {
      delete statuses.message[499];
      delete statuses.code['client closed request'];
    }
    assert.throws(() => statuses(499), /invalid status code: 499/);
  });

  test('long adversarial strings take linear time', () => {
    const shapes: [string, (n: number) => string][] = [
      ['letters', (n) => 'a'.repeat(n)],
      ['spaces, then a letter', (n) => ' '.repeat(n) + 'x'],
      ['digits', (n) => '9'.repeat(n)],
      ['"not found" run', (n) => 'not found'.repeat(n / 9)],
    ];
    for (const [, build] of shapes) assert.throws(() => statuses(build(100_000)), Error);
    // time(8n) / time(n) in CPU time, no bound on elapsed time
    const attempt = (s: string) => {
      try {
        return statuses(s);
      } catch (err) {
        return err;
      }
    };
    for (const [label, build] of shapes) assertLinear(`statuses: ${label}`, build, attempt);
  });
});
