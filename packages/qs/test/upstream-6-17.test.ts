// qs 6.16 – 6.17.1 behaviour, compared side by side with qs 6.17.1 on the same inputs (the
// expected values below are qs 6.17.1's output).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, stringify, type ParseOptions, type StringifyOptions } from '@brisk/qs';

const iso: ParseOptions = { charset: 'iso-8859-1', interpretNumericEntities: true };

describe('parse: qs 6.16 – 6.17.1', () => {
  const rows: [string, ParseOptions, unknown][] = [
    // Numeric entities above U+FFFF give a surrogate pair (6.17.1).
    ['a=%26%23128512%3B', iso, { a: '😀' }],
    ['utf8=%26%2310003%3B&a=%26%23128512%3B', { charsetSentinel: true, interpretNumericEntities: true }, { a: '😀' }],
    // Comma arrays keep their elements when entities are read (6.17).
    ['a=%26%239786%3B,%26%23128512%3B', { ...iso, comma: true }, { a: ['☺', '😀'] }],
    // Prototype names wrapped in brackets at depth 0 (6.17.1).
    ['[toString]=1', { depth: 0 }, {}],
    ['[constructor]', { depth: 0 }, {}],
    // `%2e` decoded as `%2E` (6.17); a dot inside brackets stays in the key (6.16.1).
    ['a[%2e]=1', { decodeDotInKeys: true }, { a: { '.': '1' } }],
    ['outer[a.b]=1', { allowDots: true }, { outer: { 'a.b': '1' } }],
    // A scalar with a zero arrayLimit (6.17).
    ['a=b', { arrayLimit: 0, throwOnLimitExceeded: true }, { a: 'b' }],
    // An array that `duplicates` replaces or drops does not count toward arrayLimit (6.17).
    ['a=b,c&a=d', { comma: true, duplicates: 'last', arrayLimit: 2, throwOnLimitExceeded: true }, { a: 'd' }],
    ['a=b,c&a=d', { comma: true, duplicates: 'first', arrayLimit: 2, throwOnLimitExceeded: true }, { a: ['b', 'c'] }],
  ];
  for (const [query, options, expected] of rows) {
    test(`${query} ${JSON.stringify(options)}`, () => {
      assert.deepStrictEqual({ ...(parse(query, options) as object) }, expected);
    });
  }

  test('comma groups under `[]=` are held to arrayLimit with throwOnLimitExceeded (6.16)', () => {
    assert.throws(() => parse('a[]=b,c,d', { comma: true, arrayLimit: 2, throwOnLimitExceeded: true }), {
      name: 'RangeError',
      message: 'Array limit exceeded. Only 2 elements allowed in an array.',
    });
  });
});

describe('stringify: qs 6.16 – 6.17.1', () => {
  const rows: [unknown, StringifyOptions, string][] = [
    [{ a: 'x\uD83D' }, {}, 'a=x%EF%BF%BD'],
    [{ a: '\uD800x\uDC00' }, {}, 'a=%EF%BF%BDx%EF%BF%BD'],
    [{ a: 'b+c' }, { charset: 'iso-8859-1' }, 'a=b%2Bc'],
    [{ a: '~*( ) ' }, { format: 'WHATWG' }, 'a=%7E*%28+%29+'],
    [{ 'a.b': 'c' }, { encodeDotInKeys: true }, 'a%252Eb=c'],
    [{ 'a.b': { 'c.d': 'e' } }, { encodeDotInKeys: true }, 'a%252Eb.c%252Ed=e'],
    [{ 'a.b': { 'c.d': 'e' } }, { encodeDotInKeys: true, allowDots: false }, 'a%252Eb%5Bc.d%5D=e'],
    [{ a: new Date(0) }, { filter: (_p: string, v: unknown) => v }, 'a=1970-01-01T00%3A00%3A00.000Z'],
    [{ a: Object.assign([], { x: 1 }) }, { allowEmptyArrays: true }, 'a%5Bx%5D=1'],
    [{ a: [{ __proto__: null, x: 1 }, 'b'] }, { arrayFormat: 'comma' }, 'a=%5Bobject%20Object%5D%2Cb'],
    [{ a: 'b' }, { arrayFormat: 'toString' as never }, 'a=b'],
  ];
  for (const [input, options, expected] of rows) {
    test(`${expected}`, () => {
      assert.equal(stringify(input, options), expected);
    });
  }

  test('comma with encodeValuesOnly passes the encoder its full arguments (6.16.1)', () => {
    const encoder = (s: unknown, _d: unknown, c: unknown, t: unknown, f: unknown) => `${s}|${c}|${t}|${f}`;
    assert.equal(
      stringify({ a: ['a b', 'c'] }, { arrayFormat: 'comma', encodeValuesOnly: true, encoder }),
      'a=a b|utf-8|value|RFC3986,c|utf-8|value|RFC3986',
    );
  });

  test('depth bounds the nesting written (6.16)', () => {
    assert.equal(stringify({ a: { b: 1 } }, { depth: 1 }), 'a%5Bb%5D=1');
    assert.throws(() => stringify({ a: { b: { c: 1 } } }, { depth: 1 }), {
      name: 'RangeError',
      message: 'Input depth exceeded depth option of 1',
    });
  });

  test('an array filter is not sorted in place; nested levels use the sorted copy (6.17)', () => {
    const filter = ['b', 'a', 'c'];
    const out = stringify({ b: 1, a: { c: 2, b: 3 } }, { filter, sort: (x, y) => x.localeCompare(y) });
    assert.equal(out, 'a%5Bb%5D=3&a%5Bc%5D=2&b=1');
    assert.deepEqual(filter, ['b', 'a', 'c']);
  });

  test('a cycle is still found, one level after it first repeats (qs rule)', () => {
    const c: Record<string, unknown> = { b: 1 };
    c.self = c;
    assert.throws(() => stringify({ a: c }), { name: 'RangeError', message: 'Cyclic object value' });
    const shared = { x: 1 };
    assert.equal(stringify({ a: shared, b: [shared, shared] }, { encode: false }), 'a[x]=1&b[0][x]=1&b[1][x]=1');
  });
});

describe('parse: no `prototype` key (stricter than qs, decision 005)', () => {
  test('dropped by default, kept with allowPrototypes or plainObjects', () => {
    assert.deepStrictEqual({ ...parse('prototype=1&a[prototype]=2&b=3') }, { b: '3' });
    assert.deepStrictEqual({ ...parse('a[b]=1&a=prototype', { strictMerge: false }) }, { a: { b: '1' } });
    assert.deepStrictEqual({ ...parse('prototype=1', { allowPrototypes: true }) }, { prototype: '1' });
    assert.equal(parse('prototype=1', { plainObjects: true }).prototype, '1');
  });
});

describe('merge: qs 6.16.1 – 6.17.1 (expected values are qs 6.17.1 output)', () => {
  const limit = { name: 'RangeError', message: /^Array limit exceeded\. Only \d+ elements? allowed in an array\.$/ };
  // [query, options, JSON of the result, or undefined where qs throws the limit error]
  const rows: [string, ParseOptions, string | undefined][] = [
    // A sparse array's elements count toward arrayLimit, not its holes (6.17.1).
    ['a[4]=x&a=y', { arrayLimit: 5 }, '{"a":["x","y"]}'],
    ['a[4]=x&a=y', { arrayLimit: 5, throwOnLimitExceeded: true }, '{"a":["x","y"]}'],
    ['a[4]=x&a=y&a=z', { arrayLimit: 5, allowSparse: true }, '{"a":["y","z",null,null,"x"]}'],
    // strictMerge: the colliding pair is held to arrayLimit (6.16.1) ...
    ['a[b]=1&a=c', { strictMerge: true, arrayLimit: 1 }, '{"a":{"0":{"b":"1"},"1":"c"}}'],
    ['a[b]=1&a=c', { strictMerge: true, arrayLimit: 1, throwOnLimitExceeded: true }, undefined],
    ['a[b]=1&a=c&a=d', { strictMerge: true, arrayLimit: 0 }, '{"a":{"0":"c","1":"d","b":"1"}}'],
    // ... and later conflicts (`[k]` is `k` at depth 0) append after the container's last index (6.16.1).
    ['k[m]=1&k=2&k[n]=3&[k]=4', { strictMerge: true }, '{"k":{"0":{"m":"1"},"1":"2","2":"4","n":"3"}}'],
    ['k[m]=1&k=2&k[n]=3&[k]=4', { strictMerge: true, arrayLimit: 2, throwOnLimitExceeded: true }, undefined],
    [
      'k[m]=1&k=2&k[n]=3&[k]=4',
      { strictMerge: true, arrayLimit: 3, throwOnLimitExceeded: true },
      '{"k":{"0":{"m":"1"},"1":"2","2":"4","n":"3"}}',
    ],
    ['k[m]=1&k=2&k[3]=3&k[n]=5&[k]=4', { strictMerge: true }, '{"k":{"0":{"m":"1"},"1":"2","3":"3","4":"4","n":"5"}}'],
    [
      'k[m]=1&k=2&k[n]=3&[k]=4&k[7]=6&[k]x=5',
      { strictMerge: true, arrayLimit: 1 },
      '{"k":{"0":{"m":"1"},"1":"2","2":"4","7":"6","8":"5","n":"3"}}',
    ],
    ['k[5]=1&k=2&k=3&[k]x=4', { parseArrays: false, arrayLimit: 1 }, '{"k":{"0":"2","1":"3","5":"1","6":"4"}}'],
    // An array appended to an overflow object is spread, not nested under one index (6.17.1).
    ['a=1,2,3&a=4,5', { comma: true, arrayLimit: 2 }, '{"a":{"0":"1","1":"2","2":"3","3":"4","4":"5"}}'],
    ['a=1,2&a=3,4&a=5,6', { comma: true, arrayLimit: 3 }, '{"a":{"0":"1","1":"2","2":"3","3":"4","4":"5","5":"6"}}'],
  ];
  for (const [query, options, expected] of rows) {
    test(`${query} ${JSON.stringify(options)}`, () => {
      if (expected === undefined) assert.throws(() => parse(query, options), limit);
      else assert.equal(JSON.stringify(parse(query, options)), expected);
    });
  }
});

describe('parse: object input is copied, not changed (qs 6.16.1)', () => {
  test('the caller’s arrays and objects keep their contents; the result matches qs', () => {
    const input = { a: ['x'], 'a[]': 'y', b: { c: [1, , 3] }, 'b[c][]': 4 };
    const result = parse(input);
    assert.deepStrictEqual(input, { a: ['x'], 'a[]': 'y', b: { c: [1, , 3] }, 'b[c][]': 4 });
    assert.equal(JSON.stringify(result), '{"a":["x","y"],"b":{"c":[1,3,4]}}');
    // A container reached twice is copied once, so both keys see the one copy (as qs).
    const shared = ['s'];
    assert.equal(JSON.stringify(parse({ a: shared, 'a[]': 't', b: shared })), '{"a":["s","t"],"b":["s","t"]}');
    assert.deepStrictEqual(shared, ['s']);
  });

  test('colliding values in object input combine as in qs', () => {
    assert.equal(JSON.stringify(parse({ a: ['x', 'y'], 'a[]': 'y' })), '{"a":["x","y","y"]}');
    assert.equal(JSON.stringify(parse({ a: { b: 1, c: 2 }, 'a[c]': 2 })), '{"a":{"b":1,"c":[2,2]}}');
  });
});
