// @brisk/cookie-parser on its own: the module's shape, arguments checked at set-up, and hostile
// input: `__proto__` in JSON cookies and as cookie names, tampered signatures, malformed
// percent-encoding, huge headers, secrets pushed after set-up, requests that already have cookies.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSecretKey } from 'node:crypto';
import upstream from 'cookie-parser';
import { sign } from '@brisk/cookie';
import { assertLinear } from '../../../test/support/fuzz.js';
import cookieParser, { JSONCookie, JSONCookies, signedCookie, signedCookies } from '../src/index.js';
import { OTHER, SECRET } from './cases.js';
import { parseWith } from './support.js';

type AnyMiddleware = Parameters<typeof parseWith>[0];
const parser = (...args: Parameters<typeof cookieParser>) => cookieParser(...args) as AnyMiddleware;

/** The process warnings emitted while `fn` runs (and one turn after). */
async function warningsDuring(fn: () => unknown): Promise<(Error & { code?: string })[]> {
  const seen: (Error & { code?: string })[] = [];
  const listener = (w: Error) => seen.push(w);
  process.on('warning', listener);
  try {
    await fn();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return seen;
}

/** Nothing was added to Object.prototype (or Array.prototype). */
function assertUnpolluted(): void {
  for (const key of ['polluted', 'isAdmin', 'x']) {
    assert.equal(Object.hasOwn(Object.prototype, key), false, `Object.prototype.${key}`);
    assert.equal(({} as Record<string, unknown>)[key], undefined);
    assert.equal(Object.hasOwn(Array.prototype, key), false);
  }
}

describe('the module', () => {
  it('is the factory with the four functions, named as cookie-parser names them', () => {
    assert.equal(cookieParser.name, 'cookieParser');
    assert.equal(cookieParser().name, upstream().name);
    assert.equal(cookieParser().length, 3);
    assert.deepEqual(Object.keys(cookieParser), Object.keys(upstream));
    assert.equal(cookieParser.JSONCookie, JSONCookie);
    assert.equal(cookieParser.JSONCookies, JSONCookies);
    assert.equal(cookieParser.signedCookie, signedCookie);
    assert.equal(cookieParser.signedCookies, signedCookies);
    for (const name of ['JSONCookie', 'JSONCookies', 'signedCookie', 'signedCookies'] as const) {
      assert.equal(cookieParser[name].name, upstream[name].name);
      assert.equal(cookieParser[name].length, upstream[name].length);
    }
  });
});

describe('arguments are checked when cookieParser() is called', () => {
  it('a secret of the wrong type: a TypeError (cookie-parser 1.4.7 fails on the first signed cookie)', () => {
    for (const secret of [42, true, {}, [SECRET, 42], [SECRET, null], [undefined]]) {
      assert.throws(() => cookieParser(secret as never), {
        name: 'TypeError',
        message: 'argument secret must be a string, a Buffer or TypedArray, a secret KeyObject, or an array of them',
      });
    }
  });

  it('no secret: undefined, null, false, an empty string or array', () => {
    for (const secret of [undefined, null, false, '', []]) {
      const out = parseWith(parser(secret as never), 'sid=s:' + sign('v', SECRET));
      assert.deepEqual({ ...(out.cookies as object) }, { sid: 's:' + sign('v', SECRET) });
      assert.equal(out.secret, undefined);
      assert.ok(out.hasSecret);
    }
  });

  it('Buffer and KeyObject secrets sign and verify (cookie-signature 1.2 takes them; cookie-parser 1.4.7 fails per request)', () => {
    for (const secret of [Buffer.from(SECRET), createSecretKey(Buffer.from(SECRET))]) {
      const out = parseWith(parser(secret), 'sid=s:' + encodeURIComponent(sign('v', SECRET)));
      assert.deepEqual({ ...(out.signedCookies as object) }, { sid: 'v' });
      assert.equal(out.secret, secret);
    }
  });

  it('options: decode must be a function; a non-object is refused', () => {
    assert.throws(() => cookieParser(SECRET, { decode: 'yes' } as never), {
      name: 'TypeError',
      message: 'option decode must be function',
    });
    assert.throws(() => cookieParser(SECRET, 'x' as never), {
      name: 'TypeError',
      message: 'argument options must be an object',
    });
  });

  it('unknown option keys are accepted and ignored as cookie-parser 1.4.7 does, with one warning per name', async () => {
    const warnings = await warningsDuring(() => {
      const out = parseWith(parser(SECRET, { httpOnly: true, secure: true } as never), 'a=1');
      cookieParser(SECRET, { httpOnly: true } as never);
      assert.deepEqual({ ...(out.cookies as object) }, { a: '1' });
    });
    assert.deepEqual(
      warnings.map((w) => [w.name, w.code]),
      [
        ['BriskCookieParserWarning', 'BRISK_ERR_COOKIE_PARSER_UNKNOWN_OPTION'],
        ['BriskCookieParserWarning', 'BRISK_ERR_COOKIE_PARSER_UNKNOWN_OPTION'],
      ],
    );
    assert.match(
      warnings[0]!.message,
      /unknown option "httpOnly" is ignored; the one option is decode \(cookie attributes belong to res\.cookie\(\)\)/,
    );
  });

  it('options.decode decodes each value; a throwing decode keeps the raw value', () => {
    const upper = parseWith(parser(undefined, { decode: (v) => v.toUpperCase() }), 'a=x%41; b=y');
    assert.deepEqual({ ...(upper.cookies as object) }, { a: 'X%41', b: 'Y' });
    const throwing = parseWith(
      parser(undefined, {
        decode: () => {
          throw new Error('no');
        },
      }),
      'a=%41',
    );
    assert.deepEqual({ ...(throwing.cookies as object) }, { a: '%41' });
  });
});

describe('the middleware', () => {
  it('leaves a request that already has cookies alone (secret and signedCookies too)', () => {
    const existing = { fizz: 'buzz' };
    const out = parseWith(parser(SECRET), 'foo=bar', { cookies: existing });
    assert.equal(out.cookies, existing);
    assert.equal(out.hasSecret, false);
    assert.equal(out.signedCookies, undefined);
    // an empty object is truthy: left alone as well; '' is not
    assert.deepEqual(parseWith(parser(SECRET), 'a=1', { cookies: {} }).cookies, {});
    assert.deepEqual({ ...(parseWith(parser(SECRET), 'a=1', { cookies: '' }).cookies as object) }, { a: '1' });
  });

  it('rotation: signs with the first secret (req.secret), verifies with any', () => {
    const mw = parser([SECRET, OTHER]);
    const out = parseWith(mw, `new=s:${sign('a', SECRET)}; old=s:${sign('b', OTHER)}; bad=s:${sign('c', 'gone')}`);
    assert.equal(out.secret, SECRET);
    assert.deepEqual({ ...(out.signedCookies as object) }, { new: 'a', old: 'b', bad: false });
    assert.deepEqual({ ...(out.cookies as object) }, {});
  });

  it('a secret pushed into the array after set-up counts, as in cookie-parser 1.4.7', () => {
    const secrets = [SECRET];
    const mw = parser(secrets);
    const header = `sid=s:${sign('v', OTHER)}`;
    assert.deepEqual({ ...(parseWith(mw, header).signedCookies as object) }, { sid: false });
    secrets.push(OTHER);
    assert.deepEqual({ ...(parseWith(mw, header).signedCookies as object) }, { sid: 'v' });
    // one that is no secret reaches next(err), never a crash
    secrets.splice(0, 2, null as never);
    const out = parseWith(mw, header);
    assert.ok(out.next[0] instanceof TypeError);
    assert.equal((out.next[0] as Error).message, 'Secret key must be provided.');
  });

  it('a Cookie header that is not a string (a request double): next(err), as cookie would throw', () => {
    const out = parseWith(parser(), ['a=1', 'b=2']);
    assert.ok(out.next[0] instanceof TypeError);
    assert.equal((out.next[0] as Error).message, 'argument str must be a string');
  });

  it('tampered signed cookies are false, in req.signedCookies and through signedCookie', () => {
    const good = sign('user 42', SECRET);
    const tampered = [
      good.replace('user 42', 'user 43'),
      good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A'),
      good + 'x',
      good.slice(0, -1),
      'user 42',
      'user 42.',
    ];
    for (const value of tampered) {
      assert.equal(signedCookie('s:' + value, SECRET), false, value);
      const out = parseWith(parser(SECRET), 'sid=s:' + encodeURIComponent(value));
      assert.deepEqual({ ...(out.signedCookies as object) }, { sid: false }, value);
      assert.equal((out.cookies as Record<string, unknown>).sid, undefined);
    }
  });

  it('malformed percent-encoding keeps the raw value', () => {
    const out = parseWith(parser(), 'a=%E0%A4%A; b=%; c=%%; d=%u0041; e=%C3%28');
    assert.deepEqual({ ...(out.cookies as object) }, { a: '%E0%A4%A', b: '%', c: '%%', d: '%u0041', e: '%C3%28' });
  });
});

describe('keys that are not data', () => {
  it('a j: cookie of {"__proto__": ...} pollutes nothing and carries no __proto__ key, at any depth', () => {
    const values = [
      'j:{"__proto__":{"isAdmin":true}}',
      'j:{"a":{"__proto__":{"isAdmin":true}},"b":[{"__proto__":{"x":1}}]}',
      'j:{"\\u005f_proto__":{"isAdmin":true}}',
      'j:{"__pro\\u0074o__":{"polluted":1},"ok":1}',
    ];
    for (const value of values) {
      const parsed = JSONCookie(value) as Record<string, unknown>;
      assert.ok(parsed && typeof parsed === 'object');
      assert.equal(Object.hasOwn(parsed, '__proto__'), false, value);
      assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
      assert.equal(parsed.isAdmin, undefined);
      // copying it the ordinary ways gives nothing inherited
      const copy = Object.assign({}, parsed) as Record<string, unknown>;
      assert.equal(copy.isAdmin, undefined);
      assert.equal(Object.getPrototypeOf(copy), Object.prototype);
      const nested = parsed.a as Record<string, unknown> | undefined;
      if (nested) assert.equal(Object.hasOwn(nested, '__proto__'), false);
    }
    assert.deepEqual(JSONCookie('j:{"__pro\\u0074o__":{"polluted":1},"ok":1}'), { ok: 1 });
    // cookie-parser 1.4.7 hands JSON.parse's own __proto__ key on; Object.assign then swaps the copy's prototype
    const theirs = upstream.JSONCookie('j:{"__proto__":{"isAdmin":true}}') as Record<string, unknown>;
    assert.equal(Object.hasOwn(theirs, '__proto__'), true);
    assert.equal((Object.assign({}, theirs) as Record<string, unknown>).isAdmin, true);
    assertUnpolluted();
  });

  it('through the middleware, plain and signed, over a cookie named __proto__ too', () => {
    const header = [
      'prefs=' + encodeURIComponent('j:{"__proto__":{"isAdmin":true},"theme":"dark"}'),
      '__proto__=' + encodeURIComponent('j:{"polluted":1}'),
      'user=s:' + encodeURIComponent(sign('j:{"__proto__":{"isAdmin":true},"id":7}', SECRET)),
    ].join('; ');
    const out = parseWith(parser(SECRET), header);
    const cookies = out.cookies as Record<string, unknown>;
    assert.deepEqual(cookies.prefs, { theme: 'dark' });
    assert.equal(Object.hasOwn(cookies, '__proto__'), true); // a cookie of that name is a plain own key
    assert.deepEqual(Object.getOwnPropertyDescriptor(cookies, '__proto__')?.value, { polluted: 1 });
    assert.deepEqual((out.signedCookies as Record<string, unknown>).user, { id: 7 });
    assertUnpolluted();
  });

  it('cookie names constructor, hasOwnProperty, toString are own keys; nothing is inherited', () => {
    const out = parseWith(parser(SECRET), 'constructor=a; hasOwnProperty=b; toString=c; prototype=j:{"x":1}');
    const cookies = out.cookies as Record<string, unknown>;
    assert.deepEqual({ ...cookies }, { constructor: 'a', hasOwnProperty: 'b', toString: 'c', prototype: { x: 1 } });
    const empty = parseWith(parser(SECRET), 'a=1').cookies as Record<string, unknown>;
    assert.equal(empty.constructor, undefined);
    assert.equal(empty.hasOwnProperty, undefined);
    assert.equal((parseWith(parser(SECRET), undefined).signedCookies as Record<string, unknown>).toString, undefined);
  });

  it('JSON constructor/prototype keys stay own data, and pollute nothing', () => {
    const value = JSONCookie('j:{"constructor":{"prototype":{"polluted":1}}}') as Record<
      string,
      Record<string, unknown>
    >;
    assert.deepEqual(Object.keys(value), ['constructor']);
    assert.deepEqual(value.constructor, { prototype: { polluted: 1 } });
    assertUnpolluted();
  });

  it('JSONCookies on a plain object with an own __proto__ key defines it, never runs the setter', () => {
    const obj = JSON.parse('{"__proto__":"j:{\\"x\\":1}","a":"j:[1]"}') as Record<string, unknown>;
    JSONCookies(obj);
    assert.equal(Object.getPrototypeOf(obj), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(obj, '__proto__')?.value, { x: 1 });
    assert.deepEqual(obj.a, [1]);
    assertUnpolluted();
  });

  it('signedCookies returns a prototype-less object', () => {
    const out: object = signedCookies({ __proto__: null, hasOwnProperty: 's:' + sign('v', SECRET) }, SECRET);
    assert.equal(Object.getPrototypeOf(out), null);
    assert.deepEqual({ ...out }, { hasOwnProperty: 'v' });
  });
});

describe('sizes', () => {
  it('a huge Cookie header is parsed in linear time', () => {
    const mw = parser([SECRET, OTHER]);
    const signedValue = 's:' + encodeURIComponent(sign('j:{"a":1}', OTHER));
    assertLinear(
      'cookieParser over n cookies (plain, JSON, signed)',
      (n) => Array.from({ length: n / 64 }, (_, i) => `c${i}=v${i}; j${i}=j:[${i}]; s${i}=${signedValue}`).join('; '),
      (header) => parseWith(mw, header),
      { n: 16384 },
    );
  });

  it('a 1 MB Cookie header of one value, of JSON, and of separators', () => {
    const mb = 1 << 20;
    const one = parseWith(parser(SECRET), 'a=' + 'x'.repeat(mb));
    assert.equal(((one.cookies as Record<string, string>).a ?? '').length, mb);
    const deep = parseWith(parser(SECRET), 'a=j:' + '['.repeat(5000) + ']'.repeat(5000));
    assert.ok(Array.isArray((deep.cookies as Record<string, unknown>).a));
    // nested thousands deep with an escape (the case where __proto__ keys are looked for)
    const escaped = JSONCookie('j:' + '['.repeat(8000) + '"\\u005f_proto__"' + ']'.repeat(8000));
    assert.ok(Array.isArray(escaped));
    const deepProto = JSONCookie(
      'j:' + '{"a":'.repeat(3000) + '{"__proto__":{"x":1},"y":2}' + '}'.repeat(3000),
    ) as object;
    let inner = deepProto as Record<string, unknown>;
    while (inner.a) inner = inner.a as Record<string, unknown>;
    assert.deepEqual(inner, { y: 2 });
    const separators = parseWith(parser(SECRET), ';'.repeat(mb));
    assert.deepEqual(Object.keys(separators.cookies as object), []);
  });
});
