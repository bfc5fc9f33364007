import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, stringify, type ParseOptions, type StringifyOptions } from '../src/index.js';

type Row<O> = [options: O, error: new (...args: never[]) => Error, message: string];

describe('parse: option validation', () => {
  const rows: Row<Record<string, unknown>>[] = [
    [{ allowEmptyArrays: 'yes' }, TypeError, '`allowEmptyArrays` option can only be `true` or `false`, when provided'],
    [{ decodeDotInKeys: 1 }, TypeError, '`decodeDotInKeys` option can only be `true` or `false`, when provided'],
    [{ decoder: 'x' }, TypeError, 'Decoder has to be a function.'],
    [{ charset: 'utf8' }, TypeError, 'The charset option must be either utf-8, iso-8859-1, or undefined'],
    [{ charset: null }, TypeError, 'The charset option must be either utf-8, iso-8859-1, or undefined'],
    [{ throwOnLimitExceeded: 'true' }, TypeError, '`throwOnLimitExceeded` option must be a boolean'],
    [{ duplicates: 'all' }, TypeError, 'The duplicates option must be either combine, first, or last'],
    [{ duplicates: null }, TypeError, 'The duplicates option must be either combine, first, or last'],
  ];
  for (const [options, error, message] of rows) {
    test(`${JSON.stringify(options)} → ${message}`, () => {
      assert.throws(
        () => parse('a=b', options as ParseOptions),
        (err: unknown) => err instanceof error && (err as Error).message === message,
      );
      // validated even for an empty input
      assert.throws(() => parse('', options as ParseOptions), { message });
    });
  }

  test('undefined values and falsy options mean the defaults', () => {
    assert.deepStrictEqual(
      parse('a[b]=1', { charset: undefined, allowEmptyArrays: undefined, duplicates: undefined }),
      { a: { b: '1' } },
    );
    for (const options of [null, undefined, false, 0, '']) {
      assert.deepStrictEqual(parse('a[b]=1&a[b]=2', options as unknown as ParseOptions), { a: { b: ['1', '2'] } });
    }
  });

  test('options of the wrong type fall back to the defaults (allowDots is read as truthy)', () => {
    const options = {
      depth: '1',
      arrayLimit: '0',
      parameterLimit: '1',
      allowDots: 1,
      comma: 'yes',
    } as unknown as ParseOptions;
    assert.deepStrictEqual(parse('a[b][c]=1&a.d=2&e=f,g', options), { a: { b: { c: '1' }, d: '2' }, e: 'f,g' });
  });
});

describe('parse: throwOnLimitExceeded', () => {
  const rows: [string, ParseOptions, string][] = [
    ['a=1&b=2&c=3&d=4', { parameterLimit: 3 }, 'Parameter limit exceeded. Only 3 parameters allowed.'],
    ['a=1&b=2', { parameterLimit: 1 }, 'Parameter limit exceeded. Only 1 parameter allowed.'],
    ['a[1]=b', { arrayLimit: 0 }, 'Array limit exceeded. Only 0 elements allowed in an array.'],
    // A scalar is fine with a zero arrayLimit (qs 6.17); a second value makes an array.
    ['a=b&a=c', { arrayLimit: 0 }, 'Array limit exceeded. Only 0 elements allowed in an array.'],
    ['a[]=1&a[]=2', { arrayLimit: 1 }, 'Array limit exceeded. Only 1 element allowed in an array.'],
    ['a=1&a=2', { arrayLimit: 1 }, 'Array limit exceeded. Only 1 element allowed in an array.'],
    ['a=1,2,3,4', { comma: true, arrayLimit: 3 }, 'Array limit exceeded. Only 3 elements allowed in an array.'],
    ['a[0]=1&a[1]=2&a[2]=3', { arrayLimit: 2 }, 'Array limit exceeded. Only 2 elements allowed in an array.'],
    ['a[0]=x&a[]=1&a[]=2', { arrayLimit: 2 }, 'Array limit exceeded. Only 2 elements allowed in an array.'],
    [
      Array.from({ length: 21 }, () => 'a[]=x').join('&'),
      {},
      'Array limit exceeded. Only 20 elements allowed in an array.',
    ],
    ['a[20]=x', {}, 'Array limit exceeded. Only 20 elements allowed in an array.'],
    ['a[0]=x&a=y', { arrayLimit: 1 }, 'Array limit exceeded. Only 1 element allowed in an array.'],
    ['a=x&a[0]=y', { arrayLimit: 1 }, 'Array limit exceeded. Only 1 element allowed in an array.'],
    [
      Array.from({ length: 1001 }, (_, i) => `k${i}=v`).join('&'),
      {},
      'Parameter limit exceeded. Only 1000 parameters allowed.',
    ],
  ];
  for (const [input, options, message] of rows) {
    test(`${input.length > 40 ? input.slice(0, 37) + '...' : input} ${JSON.stringify(options)}`, () => {
      assert.throws(
        () => parse(input, { ...options, throwOnLimitExceeded: true }),
        (err: unknown) => err instanceof RangeError && err.message === message,
      );
      assert.doesNotThrow(() => parse(input, options));
    });
  }

  test('within the limits nothing is thrown', () => {
    assert.deepStrictEqual(parse('a=1&b=2&c=3', { parameterLimit: 3, throwOnLimitExceeded: true }), {
      a: '1',
      b: '2',
      c: '3',
    });
    assert.deepStrictEqual(parse('a=1&a=2', { arrayLimit: 2, throwOnLimitExceeded: true }), { a: ['1', '2'] });
    assert.deepStrictEqual(parse('a=1,2,3', { comma: true, arrayLimit: 3, throwOnLimitExceeded: true }), {
      a: ['1', '2', '3'],
    });
    assert.deepStrictEqual(parse('a=1&b=2', { parameterLimit: Infinity, throwOnLimitExceeded: true }), {
      a: '1',
      b: '2',
    });
  });

  test('object input: a `[]` key checks the length qs reads from the value', () => {
    const value = Object.assign(['q'], { x: 'abc' });
    assert.throws(() => parse({ 'x[]': value }, { throwOnLimitExceeded: true, arrayLimit: 3 }), {
      message: 'Array limit exceeded. Only 3 elements allowed in an array.',
    });
    assert.deepStrictEqual(parse({ 'x[]': value }, { throwOnLimitExceeded: true, arrayLimit: 4 }), { x: ['q'] });
  });

  test('strictDepth throws past depth', () => {
    assert.throws(() => parse('a[b][c][d]=1', { depth: 1, strictDepth: true }), {
      name: 'RangeError',
      message: 'Input depth exceeded depth option of 1 and strictDepth is true',
    });
    assert.throws(() => parse('a[b][c][d][e][f][g]=1', { strictDepth: true }), {
      message: 'Input depth exceeded depth option of 5 and strictDepth is true',
    });
    assert.deepStrictEqual(parse('a[b]=1', { depth: 1, strictDepth: true }), { a: { b: '1' } });
  });
});

describe('stringify: option validation', () => {
  const rows: Row<Record<string, unknown>>[] = [
    [{ allowEmptyArrays: 'x' }, TypeError, '`allowEmptyArrays` option can only be `true` or `false`, when provided'],
    [{ encodeDotInKeys: 'x' }, TypeError, '`encodeDotInKeys` option can only be `true` or `false`, when provided'],
    [{ encoder: 'x' }, TypeError, 'Encoder has to be a function.'],
    [{ charset: 'utf8' }, TypeError, 'The charset option must be either utf-8, iso-8859-1, or undefined'],
    [{ charset: '' }, TypeError, 'The charset option must be either utf-8, iso-8859-1, or undefined'],
    [{ format: 'RFC9999' }, TypeError, 'Unknown format option provided.'],
    [{ format: 'toString' }, TypeError, 'Unknown format option provided.'],
    [{ commaRoundTrip: 'yes' }, TypeError, '`commaRoundTrip` must be a boolean, or absent'],
    [{ commaRoundTrip: undefined }, TypeError, '`commaRoundTrip` must be a boolean, or absent'],
  ];
  for (const [options, error, message] of rows) {
    test(`${JSON.stringify(options) ?? 'commaRoundTrip: undefined'} → ${message}`, () => {
      assert.throws(
        () => stringify({ a: 'b' }, options as StringifyOptions),
        (err: unknown) => err instanceof error && (err as Error).message === message,
      );
    });
  }

  test('cyclic objects throw', () => {
    const a: Record<string, unknown> = {};
    a.b = { c: a };
    assert.throws(() => stringify(a), { name: 'RangeError', message: 'Cyclic object value' });
    const list: unknown[] = [];
    list.push({ x: list });
    assert.throws(() => stringify({ list }), { name: 'RangeError', message: 'Cyclic object value' });
    const self: Record<string, unknown> = { a: 1 };
    self.self = self;
    assert.throws(() => stringify(self, { arrayFormat: 'brackets', allowDots: true }), {
      message: 'Cyclic object value',
    });
  });

  test('a filter that keeps wrapping a value is a cycle too', () => {
    const wrap = (prefix: string, value: unknown) => (Number.isNaN(value) && prefix.length < 12 ? { b: value } : value);
    assert.throws(() => stringify({ a: NaN }, { filter: wrap }), { message: 'Cyclic object value' });
  });

  test('an object reached twice without a cycle is written twice', () => {
    const shared = { x: 1 };
    assert.equal(stringify({ a: shared, b: [shared, shared] }), 'a%5Bx%5D=1&b%5B0%5D%5Bx%5D=1&b%5B1%5D%5Bx%5D=1');
  });
});
