// cookie 2.0's API (parseCookie, stringifyCookie, parseSetCookie, stringifySetCookie), written
// from cookie 2.0.2's README and published code; decision 033.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, parseCookie, parseSetCookie, serialize, stringifyCookie, stringifySetCookie } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const plain = (dict: Record<string, string | undefined>): Record<string, unknown> => ({ ...dict });

describe('parseCookie', () => {
  const CASES: [string, Record<string, string>][] = [
    ['', {}],
    ['a', {}],
    ['a=', { a: '' }],
    ['a=1; b=2', { a: '1', b: '2' }],
    ['a=1;b=2', { a: '1', b: '2' }],
    [' a \t= 1 ', { a: '1' }],
    ['a=b=c', { a: 'b=c' }],
    ['x;y;a=1;z', { a: '1' }],
    ['a=1; a=2', { a: '1' }],
    ['=v', { '': 'v' }],
    // quotes are kept (parse, cookie 0.7's, removes one pair)
    ['a="b"', { a: '"b"' }],
    ['a=""', { a: '""' }],
    ['a=%20x', { a: ' x' }],
    ['a=%zz', { a: '%zz' }],
    ['a="%22"', { a: '"""' }],
  ];
  for (const [header, expected] of CASES) {
    test(JSON.stringify(header), () => assert.deepEqual(plain(parseCookie(header)), expected));
  }

  test('quotes: parse (0.7) strips them, parseCookie (2) keeps them', () => {
    assert.equal(parse('a="b"').a, 'b');
    assert.equal(parseCookie('a="b"').a, '"b"');
  });

  test('a prototype-less result: __proto__ and constructor are plain keys', () => {
    const cookies = parseCookie('__proto__=1; constructor=2');
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(cookies)), null);
    assert.deepEqual(Object.keys(cookies), ['__proto__', 'constructor']);
    assert.equal(cookies.__proto__, '1');
    assert.equal(cookies.constructor, '2');
    assert.equal(({} as Record<string, unknown>).constructor, Object);
  });

  test('a decode that returns undefined lets a later cookie of the same name in', () => {
    const cookies = parseCookie('a=skip; a=keep', { decode: (v) => (v === 'skip' ? undefined : v) });
    assert.equal(cookies.a, 'keep');
  });

  test('a decode that throws is not caught (parse keeps the raw value)', () => {
    const decode = (): string => {
      throw new Error('boom');
    };
    assert.throws(() => parseCookie('a=1', { decode }), /boom/);
    assert.equal(parse('a=1', { decode }).a, '1');
  });

  test('a non-string throws a TypeError', () => {
    assert.throws(() => parseCookie(undefined as unknown as string), TypeError);
  });

  test('linear time on hostile headers', () => {
    assertLinear(
      'parseCookie: many segments without "="',
      (n) => `${'a;'.repeat(n)}b=1`,
      (s) => parseCookie(s),
    );
    assertLinear(
      'parseCookie: many pairs',
      (n) => 'a=1; '.repeat(n),
      (s) => parseCookie(s),
    );
  });
});

describe('stringifyCookie', () => {
  test('pairs joined by "; ", undefined skipped', () => {
    assert.equal(stringifyCookie({ a: '1', b: undefined, c: 'x' }), 'a=1; c=x');
    assert.equal(stringifyCookie({}), '');
  });

  test('the default encoder leaves round-trip-safe values alone and encodes the rest', () => {
    assert.equal(stringifyCookie({ a: 'abc-._~!*()' }), 'a=abc-._~!*()');
    assert.equal(stringifyCookie({ a: 'x/y:z' }), 'a=x/y:z');
    assert.equal(stringifyCookie({ a: 'a b' }), 'a=a%20b');
    assert.equal(stringifyCookie({ a: '100%' }), 'a=100%25');
    assert.equal(stringifyCookie({ a: 'é' }), 'a=%C3%A9');
    assert.equal(stringifyCookie({ a: '"q",;\\' }), 'a=%22q%22%2C%3B%5C');
  });

  test('round trip through parseCookie', () => {
    const cookies = { a: 'x y', b: '100%', c: '"quoted"', d: '' };
    assert.deepEqual(plain(parseCookie(stringifyCookie(cookies))), cookies);
  });

  test('names: printable ASCII but ";" and "="', () => {
    assert.equal(stringifyCookie({ 'a(b)': '1' }), 'a(b)=1');
    assert.throws(() => stringifyCookie({ 'a=b': '1' }), { name: 'TypeError', message: 'cookie name is invalid: a=b' });
    assert.throws(() => stringifyCookie({ 'a b': '1' }), { message: 'cookie name is invalid: a b' });
    assert.throws(() => stringifyCookie({ '': '1' }), { message: 'cookie name is invalid: ' });
  });

  test('a custom encoder must give a cookie-value', () => {
    assert.equal(stringifyCookie({ a: 'x' }, { encode: (v) => `"${v}"` }), 'a="x"');
    assert.throws(() => stringifyCookie({ a: 'x;y' }, { encode: (v) => v }), {
      name: 'TypeError',
      message: 'cookie value is invalid: x;y',
    });
  });
});

describe('stringifySetCookie', () => {
  test('name=value and the attributes in order', () => {
    assert.equal(
      stringifySetCookie({
        name: 'sid',
        value: 'a b',
        sameSite: 'lax',
        priority: 'high',
        partitioned: true,
        secure: true,
        httpOnly: true,
        expires: new Date(Date.UTC(2030, 0, 2)),
        path: '/p',
        domain: 'example.com',
        maxAge: 60,
      }),
      'sid=a%20b; Max-Age=60; Domain=example.com; Path=/p; Expires=Wed, 02 Jan 2030 00:00:00 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax',
    );
  });

  test('an undefined or null value is empty; an empty value goes through encode', () => {
    assert.equal(stringifySetCookie({ name: 'a', value: undefined }), 'a=');
    assert.equal(stringifySetCookie({ name: 'a', value: null as unknown as string }), 'a=');
    assert.equal(stringifySetCookie({ name: 'a', value: '' }, { encode: () => 'E' }), 'a=E');
    assert.equal(stringifySetCookie({ name: 'a', value: undefined }, { encode: () => 'E' }), 'a=');
  });

  test('maxAge: a safe integer (no rounding), negative and zero allowed', () => {
    assert.equal(stringifySetCookie({ name: 'a', value: 'b', maxAge: 0 }), 'a=b; Max-Age=0');
    assert.equal(stringifySetCookie({ name: 'a', value: 'b', maxAge: -1 }), 'a=b; Max-Age=-1');
    for (const maxAge of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      assert.throws(() => stringifySetCookie({ name: 'a', value: 'b', maxAge }), {
        name: 'TypeError',
        message: `cookie maxAge is invalid: ${maxAge}`,
      });
    }
    // serialize (cookie 0.7) rounds down
    assert.equal(serialize('a', 'b', { maxAge: 1.5 }), 'a=b; Max-Age=1');
  });

  test('expires: a UTC year from 1601 to 9999', () => {
    assert.match(stringifySetCookie({ name: 'a', value: 'b', expires: new Date('1601-01-01T00:00:00Z') }), /1601/);
    assert.match(stringifySetCookie({ name: 'a', value: 'b', expires: new Date('9999-12-31T23:59:59Z') }), /9999/);
    for (const expires of [
      new Date('1600-12-31T23:59:59Z'),
      new Date('+010000-01-01T00:00:00Z'),
      new Date(Number.NaN),
    ]) {
      assert.throws(() => stringifySetCookie({ name: 'a', value: 'b', expires }), {
        name: 'TypeError',
        message: `cookie expires is invalid: ${expires}`,
      });
    }
  });

  test('each invalid attribute has its message', () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'a;b' }, 'cookie name is invalid: a;b'],
      [{ domain: 'a..b' }, 'cookie domain is invalid: a..b'],
      [{ path: '/a;b' }, 'cookie path is invalid: /a;b'],
      [{ priority: 'urgent' }, 'cookie priority is invalid: urgent'],
      [{ priority: 1 }, 'cookie priority is invalid: 1'],
      [{ sameSite: 'loose' }, 'cookie sameSite is invalid: loose'],
    ];
    for (const [extra, message] of bad) {
      const cookie = { name: 'n', value: 'v', ...extra } as unknown as Parameters<typeof stringifySetCookie>[0];
      assert.throws(() => stringifySetCookie(cookie), { name: 'TypeError', message });
    }
    assert.throws(() => stringifySetCookie({ name: 'n', value: 'a' }, { encode: () => 'x;' }), {
      message: 'cookie value is invalid: a',
    });
  });

  test('priority and sameSite in any letter case; sameSite true is Strict', () => {
    const c = { name: 'a', value: 'b' };
    assert.equal(stringifySetCookie({ ...c, priority: 'LOW' as 'low' }), 'a=b; Priority=Low');
    assert.equal(stringifySetCookie({ ...c, sameSite: true }), 'a=b; SameSite=Strict');
    assert.equal(stringifySetCookie({ ...c, sameSite: 'NONE' as 'none' }), 'a=b; SameSite=None');
    assert.equal(stringifySetCookie({ ...c, sameSite: false }), 'a=b');
  });
});

describe('parseSetCookie', () => {
  test('name, value and every attribute', () => {
    assert.deepEqual(
      parseSetCookie(
        'sid=a%20b; Max-Age=60; Domain=example.com; Path=/p; Expires=Wed, 02 Jan 2030 00:00:00 GMT; HttpOnly; Secure; Partitioned; Priority=HIGH; SameSite=Lax',
      ),
      {
        name: 'sid',
        value: 'a b',
        maxAge: 60,
        domain: 'example.com',
        path: '/p',
        expires: new Date(Date.UTC(2030, 0, 2)),
        httpOnly: true,
        secure: true,
        partitioned: true,
        priority: 'high',
        sameSite: 'lax',
      },
    );
  });

  test('a first segment without "=" is a value with an empty name', () => {
    assert.deepEqual(parseSetCookie('abc; Secure'), { name: '', value: 'abc', secure: true });
    assert.deepEqual(parseSetCookie(''), { name: '', value: '' });
  });

  test('attribute names in any case, spaces trimmed, unknown ones ignored', () => {
    assert.deepEqual(parseSetCookie(' a = 1 ;  httponly ; SECURE;x=y; path = / '), {
      name: 'a',
      value: '1',
      httpOnly: true,
      secure: true,
      path: '/',
    });
  });

  test('invalid Max-Age, Expires, Priority and SameSite values are left out', () => {
    assert.deepEqual(
      parseSetCookie('a=1; Max-Age=1.5; Max-Age=; Expires=never; Priority=x; SameSite=maybe; SameSite'),
      {
        name: 'a',
        value: '1',
      },
    );
    assert.equal(parseSetCookie('a=1; Max-Age=-5').maxAge, -5);
  });

  test('Domain or Path without a value is set to undefined', () => {
    const parsed = parseSetCookie('a=1; Domain; Path');
    assert.ok(Object.hasOwn(parsed, 'domain') && parsed.domain === undefined);
    assert.ok(Object.hasOwn(parsed, 'path') && parsed.path === undefined);
  });

  test('round trip with stringifySetCookie', () => {
    const cookie = {
      name: 'n',
      value: 'x y;z',
      maxAge: 10,
      path: '/',
      httpOnly: true,
      priority: 'medium' as const,
      sameSite: 'strict' as const,
    };
    assert.deepEqual(parseSetCookie(stringifySetCookie(cookie)), cookie);
  });

  test('a custom decode', () => {
    assert.equal(parseSetCookie('a=%41', { decode: (v) => v }).value, '%41');
  });

  test('linear time on hostile headers', () => {
    assertLinear(
      'parseSetCookie: many attributes',
      (n) => `a=1${'; Path=/x'.repeat(n)}`,
      (s) => parseSetCookie(s),
    );
    assertLinear(
      'parseSetCookie: many ";"',
      (n) => `a=1${';'.repeat(n)}=`,
      (s) => parseSetCookie(s),
    );
  });
});
