import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { serialize, type SerializeOptions } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

type Options = SerializeOptions | Record<string, unknown>;
const ser = (name: unknown, value: unknown, options?: Options): string =>
  serialize(name as string, value as string, options as SerializeOptions);

const identity = (v: string): string => v;
const JAN_2000 = new Date(Date.UTC(2000, 0, 1));

// [name, value, options, expected header]
const SERIALIZE: [unknown, unknown, Options | undefined, string][] = [
  ['foo', 'bar', undefined, 'foo=bar'],
  ['foo', 'bar baz', undefined, 'foo=bar%20baz'],
  ['foo', '', undefined, 'foo='],
  ['foo', 'é;,"\\', undefined, 'foo=%C3%A9%3B%2C%22%5C'],
  ['foo', "!~*'()-_.", undefined, "foo=!~*'()-_."],
  ["!#$%&'*+-.^_`|~09AZaz", 'v', undefined, "!#$%&'*+-.^_`|~09AZaz=v"],
  ['foo', 'bar', {}, 'foo=bar'],
  ['foo', 'bar', null as unknown as Options, 'foo=bar'],
  // non-string arguments are converted as cookie 0.7.2 does
  [undefined, undefined, undefined, 'undefined=undefined'],
  [42, 7, undefined, '42=7'],
  // encode
  ['foo', 'bar baz', { encode: (v: string) => v.replace(' ', '+') }, 'foo=bar+baz'],
  ['foo', '"quoted"', { encode: identity }, 'foo="quoted"'],
  ['foo', '""', { encode: identity }, 'foo=""'],
  ['foo', '', { encode: identity }, 'foo='],
  ['foo', 'x', { encode: () => 12 }, 'foo=12'],
  ['foo', 'a b', { encode: null }, 'foo=a%20b'],
  ['foo', 'a b', { encode: 0 }, 'foo=a%20b'],
  // maxAge
  ['foo', 'bar', { maxAge: 1000 }, 'foo=bar; Max-Age=1000'],
  ['foo', 'bar', { maxAge: 1000.9 }, 'foo=bar; Max-Age=1000'],
  ['foo', 'bar', { maxAge: 0 }, 'foo=bar; Max-Age=0'],
  ['foo', 'bar', { maxAge: -0 }, 'foo=bar; Max-Age=0'],
  ['foo', 'bar', { maxAge: -0.5 }, 'foo=bar; Max-Age=-1'],
  ['foo', 'bar', { maxAge: -10 }, 'foo=bar; Max-Age=-10'],
  ['foo', 'bar', { maxAge: '3.7' }, 'foo=bar; Max-Age=3'],
  ['foo', 'bar', { maxAge: null }, 'foo=bar'],
  ['foo', 'bar', { maxAge: undefined }, 'foo=bar'],
  // domain
  ['foo', 'bar', { domain: 'example.com' }, 'foo=bar; Domain=example.com'],
  ['foo', 'bar', { domain: '.example.com' }, 'foo=bar; Domain=.example.com'],
  ['foo', 'bar', { domain: 'Sub-1.EXAMPLE.com' }, 'foo=bar; Domain=Sub-1.EXAMPLE.com'],
  ['foo', 'bar', { domain: 'localhost' }, 'foo=bar; Domain=localhost'],
  ['foo', 'bar', { domain: '1.2.3.4' }, 'foo=bar; Domain=1.2.3.4'],
  ['foo', 'bar', { domain: 'a' }, 'foo=bar; Domain=a'],
  ['foo', 'bar', { domain: `${'a'.repeat(63)}.com` }, `foo=bar; Domain=${'a'.repeat(63)}.com`],
  ['foo', 'bar', { domain: '' }, 'foo=bar'],
  // path
  ['foo', 'bar', { path: '/' }, 'foo=bar; Path=/'],
  ['foo', 'bar', { path: '/a b/c=d?e#f' }, 'foo=bar; Path=/a b/c=d?e#f'],
  ['foo', 'bar', { path: ' !:=>~' }, 'foo=bar; Path= !:=>~'],
  ['foo', 'bar', { path: '' }, 'foo=bar'],
  // expires
  ['foo', 'bar', { expires: JAN_2000 }, 'foo=bar; Expires=Sat, 01 Jan 2000 00:00:00 GMT'],
  ['foo', 'bar', { expires: new Date(0) }, 'foo=bar; Expires=Thu, 01 Jan 1970 00:00:00 GMT'],
  ['foo', 'bar', { expires: runInNewContext('new Date(0)') }, 'foo=bar; Expires=Thu, 01 Jan 1970 00:00:00 GMT'],
  ['foo', 'bar', { expires: null }, 'foo=bar'],
  // flags
  ['foo', 'bar', { httpOnly: true }, 'foo=bar; HttpOnly'],
  ['foo', 'bar', { httpOnly: false }, 'foo=bar'],
  ['foo', 'bar', { secure: true }, 'foo=bar; Secure'],
  ['foo', 'bar', { secure: false }, 'foo=bar'],
  ['foo', 'bar', { partitioned: true }, 'foo=bar; Partitioned'],
  ['foo', 'bar', { partitioned: false }, 'foo=bar'],
  ['foo', 'bar', { httpOnly: 1, secure: 'yes', partitioned: {} }, 'foo=bar; HttpOnly; Secure; Partitioned'],
  // priority
  ['foo', 'bar', { priority: 'low' }, 'foo=bar; Priority=Low'],
  ['foo', 'bar', { priority: 'Medium' }, 'foo=bar; Priority=Medium'],
  ['foo', 'bar', { priority: 'HIGH' }, 'foo=bar; Priority=High'],
  ['foo', 'bar', { priority: '' }, 'foo=bar'],
  ['foo', 'bar', { priority: false }, 'foo=bar'],
  // sameSite
  ['foo', 'bar', { sameSite: true }, 'foo=bar; SameSite=Strict'],
  ['foo', 'bar', { sameSite: 'strict' }, 'foo=bar; SameSite=Strict'],
  ['foo', 'bar', { sameSite: 'Strict' }, 'foo=bar; SameSite=Strict'],
  ['foo', 'bar', { sameSite: 'lax' }, 'foo=bar; SameSite=Lax'],
  ['foo', 'bar', { sameSite: 'LAX' }, 'foo=bar; SameSite=Lax'],
  ['foo', 'bar', { sameSite: 'none' }, 'foo=bar; SameSite=None'],
  ['foo', 'bar', { sameSite: 'None' }, 'foo=bar; SameSite=None'],
  ['foo', 'bar', { sameSite: false }, 'foo=bar'],
  // every attribute, in cookie 0.7.2's order whatever the order of the options
  [
    'sid',
    'a b',
    {
      sameSite: 'lax',
      priority: 'high',
      partitioned: true,
      secure: true,
      httpOnly: true,
      expires: JAN_2000,
      path: '/app',
      domain: 'example.com',
      maxAge: 3600,
    },
    'sid=a%20b; Max-Age=3600; Domain=example.com; Path=/app; Expires=Sat, 01 Jan 2000 00:00:00 GMT; ' +
      'HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax',
  ],
];

// [name, value, options, message]
const ERRORS: [unknown, unknown, Options | undefined, string][] = [
  // encode
  ['foo', 'bar', { encode: 42 }, 'option encode is invalid'],
  ['foo', 'bar', { encode: 'yes' }, 'option encode is invalid'],
  ['foo bar', 'x', { encode: {} }, 'option encode is invalid'], // checked before the name
  // name
  ['', 'bar', undefined, 'argument name is invalid'],
  ['foo bar', 'bar', undefined, 'argument name is invalid'],
  ['foo;', 'bar', undefined, 'argument name is invalid'],
  ['foo=', 'bar', undefined, 'argument name is invalid'],
  ['foo\n', 'bar', undefined, 'argument name is invalid'],
  ['foo\r\nSet-Cookie: x', 'bar', undefined, 'argument name is invalid'],
  ['f\u00e9', 'bar', undefined, 'argument name is invalid'],
  ['f\u0100', 'bar', undefined, 'argument name is invalid'],
  ['"foo"', 'bar', undefined, 'argument name is invalid'],
  ['foo,bar', 'bar', undefined, 'argument name is invalid'],
  ['(foo)', 'bar', undefined, 'argument name is invalid'],
  // value (after encoding)
  ['foo', 'a;b', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a b', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a,b', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a\\b', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a"b', { encode: identity }, 'argument val is invalid'],
  ['foo', '"', { encode: identity }, 'argument val is invalid'],
  ['foo', '"a', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a"', { encode: identity }, 'argument val is invalid'],
  ['foo', '"a"b"', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a\r\nSet-Cookie: x=y', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a\n', { encode: identity }, 'argument val is invalid'],
  ['foo', 'a\u007f', { encode: identity }, 'argument val is invalid'],
  ['foo', 'caf\u00e9', { encode: identity }, 'argument val is invalid'],
  ['foo', 'x', { encode: () => 'a b' }, 'argument val is invalid'],
  // maxAge
  ['foo', 'bar', { maxAge: 'buzz' }, 'option maxAge is invalid'],
  ['foo', 'bar', { maxAge: Infinity }, 'option maxAge is invalid'],
  ['foo', 'bar', { maxAge: -Infinity }, 'option maxAge is invalid'],
  ['foo', 'bar', { maxAge: NaN }, 'option maxAge is invalid'],
  ['foo', 'bar', { maxAge: {} }, 'option maxAge is invalid'],
  // domain
  ['foo', 'bar', { domain: 'example.com\n' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: 'example.com; Path=/' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: 'example..com' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: 'example.com.' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: '..example.com' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: '.' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: '-example.com' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: 'example-.com' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: 'exa_mple.com' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: 'ex\u00e4mple.com' }, 'option domain is invalid'],
  ['foo', 'bar', { domain: `${'a'.repeat(64)}.com` }, 'option domain is invalid'],
  ['foo', 'bar', { domain: 'example.com:80' }, 'option domain is invalid'],
  // path
  ['foo', 'bar', { path: '/\n' }, 'option path is invalid'],
  ['foo', 'bar', { path: '/; HttpOnly' }, 'option path is invalid'],
  ['foo', 'bar', { path: '/<script>' }, 'option path is invalid'],
  ['foo', 'bar', { path: '/\t' }, 'option path is invalid'],
  ['foo', 'bar', { path: '/\u007f' }, 'option path is invalid'],
  ['foo', 'bar', { path: '/caf\u00e9' }, 'option path is invalid'],
  // expires
  ['foo', 'bar', { expires: new Date(NaN) }, 'option expires is invalid'],
  ['foo', 'bar', { expires: 'Sat, 01 Jan 2000 00:00:00 GMT' }, 'option expires is invalid'],
  ['foo', 'bar', { expires: 946684800000 }, 'option expires is invalid'],
  ['foo', 'bar', { expires: {} }, 'option expires is invalid'],
  // priority
  ['foo', 'bar', { priority: 'foo' }, 'option priority is invalid'],
  ['foo', 'bar', { priority: 'highest' }, 'option priority is invalid'],
  ['foo', 'bar', { priority: true }, 'option priority is invalid'],
  ['foo', 'bar', { priority: 1 }, 'option priority is invalid'],
  // sameSite
  ['foo', 'bar', { sameSite: 'foo' }, 'option sameSite is invalid'],
  ['foo', 'bar', { sameSite: 'strictest' }, 'option sameSite is invalid'],
  ['foo', 'bar', { sameSite: 1 }, 'option sameSite is invalid'],
  ['foo', 'bar', { sameSite: {} }, 'option sameSite is invalid'],
];

const label = (name: unknown, value: unknown, options: Options | undefined): string =>
  JSON.stringify([name, value, options], (_k, v: unknown) =>
    typeof v === 'function' ? 'fn' : v instanceof Date ? `Date(${v.getTime()})` : v === undefined ? 'undefined' : v,
  ) ?? '';

describe('serialize', () => {
  for (const [name, value, options, expected] of SERIALIZE) {
    test(label(name, value, options), () => {
      assert.equal(ser(name, value, options), expected);
    });
  }

  describe('errors', () => {
    for (const [name, value, options, message] of ERRORS) {
      test(`${message}: ${label(name, value, options)}`, () => {
        assert.throws(() => ser(name, value, options), { name: 'TypeError', message });
      });
    }

    test('a Symbol name or encoded value throws TypeError', () => {
      assert.throws(() => ser(Symbol('x'), 'v'), TypeError);
      assert.throws(() => ser('x', 'v', { encode: () => Symbol('v') }), TypeError);
    });

    test('the default encoder rejects lone surrogates with a URIError', () => {
      assert.throws(() => ser('foo', '\ud800'), URIError);
    });

    test('a Date whose valueOf is NaN is invalid', () => {
      assert.throws(() => ser('foo', 'bar', { expires: new Date('nope') }), {
        name: 'TypeError',
        message: 'option expires is invalid',
      });
    });
  });

  describe('options are read only when set', () => {
    test('the encoder receives the raw value once', () => {
      const seen: unknown[] = [];
      const out = ser('foo', 'raw value', {
        encode: (v: string) => {
          seen.push(v);
          return 'enc';
        },
      });
      assert.equal(out, 'foo=enc');
      assert.deepEqual(seen, ['raw value']);
    });

    test('a replaced global encodeURIComponent cannot bypass validation', () => {
      const original = globalThis.encodeURIComponent;
      globalThis.encodeURIComponent = (v: string | number | boolean) => String(v);
      try {
        assert.throws(() => ser('foo', 'a;b', { encode: globalThis.encodeURIComponent }), {
          message: 'argument val is invalid',
        });
        assert.equal(ser('foo', 'a;b'), 'foo=a%3Bb');
      } finally {
        globalThis.encodeURIComponent = original;
      }
    });
  });

  // Each hostile shape: its result (or documented error) at ~100,000 characters, and time
  // growing linearly with the length (time(8n) / time(n) in CPU time; no bound on elapsed time).
  describe('adversarial input (linear time, not timings)', () => {
    /** `ser`'s result, or the message of its error. */
    const attempt = ([name, value, options]: [string, string, Options?]): string => {
      try {
        return ser(name, value, options);
      } catch (err) {
        return `error: ${(err as Error).message}`;
      }
    };
    // [label, input of size n, n of the large input, its result (a length) or error]
    const shapes: [string, (n: number) => [string, string, Options?], number, string | number][] = [
      ['long name', (n) => ['a'.repeat(n), 'b'], 100_000, 100_002],
      ['long name, then a space', (n) => [`${'a'.repeat(n)} `, 'b'], 100_000, 'error: argument name is invalid'],
      [
        'unterminated quoted value',
        (n) => ['a', `"${'b'.repeat(n)}`, { encode: identity }],
        100_000,
        'error: argument val is invalid',
      ],
      ['long quoted value', (n) => ['a', `"${'b'.repeat(n)}"`, { encode: identity }], 100_000, 100_004],
      ['domain of "a-"', (n) => ['a', 'b', { domain: 'a-'.repeat(n / 2) }], 100_000, 'error: option domain is invalid'],
      ['domain of "a."', (n) => ['a', 'b', { domain: 'a.'.repeat(n / 2) }], 100_000, 'error: option domain is invalid'],
      [
        'one long domain label',
        (n) => ['a', 'b', { domain: 'a'.repeat(n) }],
        100_000,
        'error: option domain is invalid',
      ],
      ['domain of "ab."', (n) => ['a', 'b', { domain: 'ab.'.repeat(Math.floor(n / 3)) + 'c' }], 90_000, 90_013],
      [
        'path of "/" then ";"',
        (n) => ['a', 'b', { path: `${'/'.repeat(n)};` }],
        100_000,
        'error: option path is invalid',
      ],
    ];

    for (const [label, build, large, expected] of shapes) {
      test(`${label}: linear time`, () => {
        const out = attempt(build(large));
        assert.equal(typeof expected === 'number' ? out.length : out, expected);
        assertLinear(`serialize: ${label}`, build, attempt);
      });
    }
  });
});
