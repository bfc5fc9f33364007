// urlencoded() over real HTTP: simple and extended parsing, limits, charsets, the utf8 sentinel.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { urlencoded, type OptionsUrlencoded } from '../src/index.js';
import { send, serve } from './helpers.js';

const FORM = 'application/x-www-form-urlencoded';

async function post(options: OptionsUrlencoded | undefined, body: string, contentType = FORM) {
  const s = await serve(urlencoded(options));
  try {
    return await send(s, { headers: { 'content-type': contentType }, body });
  } finally {
    await s.close();
  }
}

const CASES: [title: string, options: OptionsUrlencoded | undefined, body: string, expected: unknown][] = [
  ['simple pairs', undefined, 'user=tobi&pets=a&pets=b', { user: 'tobi', pets: ['a', 'b'] }],
  ['simple: brackets stay in the key', undefined, 'a[b]=1&a[]=2&a[0]=3', { 'a[b]': '1', 'a[]': '2', 'a[0]': '3' }],
  ['simple: repeated key', { extended: false }, 'a=1&a=2&a=3', { a: ['1', '2', '3'] }],
  ['percent and plus decoding', undefined, 'x=%E2%9C%93&y=+a%zz', { x: '✓', y: ' a%zz' }],
  ['a key without value', undefined, 'a', { a: '' }],
  ['empty pairs', undefined, '&&a=1&&', { a: '1' }],
  ['the empty body', undefined, '', {}],
  ['dots are not nesting', { extended: true }, 'a.b=1', { 'a.b': '1' }],
  ['extended nesting', { extended: true }, 'a[b]=1&a[]=2', { a: { 0: '2', b: '1' } }],
  ['extended arrays', { extended: true }, 'a[0]=1&a[1]=2&b[]=x&b[]=y', { a: ['1', '2'], b: ['x', 'y'] }],
  [
    'extended: an index past the array limit (100) makes an object',
    { extended: true },
    'a[150]=1',
    { a: { 150: '1' } },
  ],
  [
    'extended: the array limit grows with the parameter count',
    { extended: true },
    Array.from({ length: 150 }, (_, i) => `a[${i}]=${i}`).join('&'),
    { a: Array.from({ length: 150 }, (_, i) => String(i)) },
  ],
  [
    'simple: keys named like Object.prototype members are data',
    undefined,
    'hasOwnProperty=1&constructor=2',
    { hasOwnProperty: '1', constructor: '2' },
  ],
  [
    'extended: keys named like Object.prototype members are data',
    { extended: true },
    'hasOwnProperty=1&toString=2',
    { hasOwnProperty: '1', toString: '2' },
  ],
  ['a __proto__ key is dropped', undefined, '__proto__=x&b=1', { b: '1' }],
  ['extended: a __proto__ key is dropped', { extended: true }, '__proto__=x&b=1', { b: '1' }],
  ['utf-8 by default: %E9 is not UTF-8 and stays', undefined, 'a=%E9&b=%C3%A9', { a: '%E9', b: 'é' }],
  ['charsetSentinel: utf8=✓ is UTF-8 and is dropped', { charsetSentinel: true }, 'utf8=%E2%9C%93&a=%C3%A9', { a: 'é' }],
  [
    'charsetSentinel: utf8=&#10003; means ISO-8859-1',
    { charsetSentinel: true },
    'utf8=%26%2310003%3B&a=%E9',
    { a: 'é' },
  ],
  ['without charsetSentinel the utf8 parameter is data', undefined, 'utf8=%E2%9C%93&a=1', { utf8: '✓', a: '1' }],
  ['defaultCharset iso-8859-1', { defaultCharset: 'iso-8859-1' }, 'a=%E9', { a: 'é' }],
  [
    'defaultCharset iso-8859-1 + sentinel naming UTF-8',
    { defaultCharset: 'iso-8859-1', charsetSentinel: true },
    'a=%C3%A9&utf8=%E2%9C%93',
    { a: 'é' },
  ],
  [
    'interpretNumericEntities (ISO-8859-1)',
    { defaultCharset: 'iso-8859-1', interpretNumericEntities: true },
    'a=%26%239786%3B',
    { a: '☺' },
  ],
  [
    'without interpretNumericEntities entities stay',
    { defaultCharset: 'iso-8859-1' },
    'a=%26%239786%3B',
    { a: '&#9786;' },
  ],
  ['depth 32 is fine', { extended: true }, 'a' + '[b]'.repeat(32) + '=1', nest(32)],
  ['extended: depth option', { extended: true, depth: 1 }, 'a[b]=1', { a: { b: '1' } }],
  ['extended: depth 0 keeps brackets', { extended: true, depth: 0 }, 'a[b]=1', { 'a[b]': '1' }],
  ['parameterLimit: exactly at the limit', { parameterLimit: 3 }, 'a=1&b=2&c=3', { a: '1', b: '2', c: '3' }],
  ['parameterLimit: Infinity', { parameterLimit: Infinity }, 'a=1&b=2', { a: '1', b: '2' }],
];

function nest(levels: number): unknown {
  let v: unknown = '1';
  for (let i = 0; i < levels; i++) v = { b: v };
  return { a: v };
}

describe('urlencoded() parsing', () => {
  for (const [title, options, body, expected] of CASES) {
    test(title, async () => {
      const r = await post(options, body);
      assert.equal(r.status, 200, JSON.stringify(r.error));
      assert.deepEqual(r.body, expected);
    });
  }

  test('charset=ISO-8859-1 in the Content-Type', async () => {
    const r = await post(undefined, 'a=%E9', `${FORM}; charset=ISO-8859-1`);
    assert.deepEqual(r.body, { a: 'é' });
  });

  test('charset=UTF-8 (any case) in the Content-Type', async () => {
    const r = await post(undefined, 'a=%C3%A9', `${FORM}; charset=UTF-8`);
    assert.deepEqual(r.body, { a: 'é' });
  });

  test('a chunked form', async () => {
    const s = await serve(urlencoded());
    try {
      const r = await send(s, {
        headers: { 'content-type': FORM, 'transfer-encoding': 'chunked' },
        body: ['a=', '1&b', '=2'],
      });
      assert.deepEqual(r.body, { a: '1', b: '2' });
    } finally {
      await s.close();
    }
  });

  test('other types pass through', async () => {
    const r = await post(undefined, 'a=1', 'application/json');
    assert.equal(r.bodyType, 'undefined');
  });
});

describe('urlencoded() errors', () => {
  test('more parameters than parameterLimit is 413 parameters.too.many', async () => {
    for (const [options, body] of [
      [{ parameterLimit: 2 }, 'a=1&b=2&c=3'],
      [{ parameterLimit: 2, extended: true }, 'a=1&b=2&c=3'],
      [{ parameterLimit: 2.9 }, 'a&b&c'],
      [undefined, 'a=1&'.repeat(1000) + 'z=1'],
    ] as const) {
      const r = await post(options, body);
      assert.equal(r.status, 413);
      assert.deepEqual(r.error, {
        name: 'PayloadTooLargeError',
        message: 'too many parameters',
        status: 413,
        statusCode: 413,
        expose: true,
        body,
        type: 'parameters.too.many',
      });
    }
  });

  test('1000 parameters are fine by default', async () => {
    const body = Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&');
    const r = await post(undefined, body);
    assert.equal(r.status, 200);
    assert.equal(Object.keys(r.body as object).length, 1000);
  });

  test('100k a[]= parameters with a raised parameterLimit: one array, read in linear time', async () => {
    // arrayLimit follows the parameter count, so this stays an array: quadratic growth took minutes
    const n = 100_000;
    for (const [extended, body] of [
      [true, 'a[]=x&'.repeat(n).slice(0, -1)],
      [false, 'a=x&'.repeat(n).slice(0, -1)],
    ] as const) {
      const r = await post({ extended, parameterLimit: 1e6, limit: '1mb' }, body);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { a: Array(n).fill('x') });
    }
  });

  test('nesting deeper than depth is 400 querystring.parse.rangeError', async () => {
    for (const [options, body] of [
      [{ extended: true }, 'a' + '[b]'.repeat(33) + '=1'],
      [{ extended: true, depth: 1 }, 'a[b][c]=1'],
    ] as const) {
      const r = await post(options, body);
      assert.equal(r.status, 400);
      assert.deepEqual(r.error, {
        name: 'BadRequestError',
        message: 'The input exceeded the depth',
        status: 400,
        statusCode: 400,
        expose: true,
        body,
        type: 'querystring.parse.rangeError',
      });
    }
  });

  test('a charset other than utf-8 and iso-8859-1 is 415 charset.unsupported', async () => {
    for (const [charset, upper] of [
      ['latin1', 'LATIN1'],
      ['utf-16', 'UTF-16'],
      ['koi8-r', 'KOI8-R'],
    ]) {
      const r = await post(undefined, 'a=1', `${FORM}; charset=${charset}`);
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, {
        name: 'UnsupportedMediaTypeError',
        message: `unsupported charset "${upper}"`,
        status: 415,
        statusCode: 415,
        expose: true,
        charset,
        type: 'charset.unsupported',
      });
    }
  });
});
