import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { parse, type ParsedQs } from '../src/index.js';
import { PARSE_CASES } from './parse-cases.js';

const label = (value: unknown): string => {
  const text = inspect(value, { breakLength: Infinity });
  return text.length > 80 ? text.slice(0, 77) + '...' : text;
};

for (const [group, cases] of Object.entries(PARSE_CASES)) {
  describe(`parse: ${group}`, () => {
    for (const [input, options, expected] of cases) {
      test(`${label(input)}${options ? ' ' + label(options) : ''}`, () => {
        assert.deepStrictEqual(parse(input, options), expected);
      });
    }
  });
}

describe('parse: empty and non-string input', () => {
  test('empty string, null and undefined give an empty object', () => {
    for (const input of ['', null, undefined]) {
      const result = parse(input as string);
      assert.deepStrictEqual(result, {});
      assert.equal(Object.getPrototypeOf(result), Object.prototype);
    }
    assert.equal(Object.getPrototypeOf(parse('', { plainObjects: true })), null);
  });

  test('non-string primitives give an empty object', () => {
    for (const input of [0, 1, true, NaN]) assert.deepStrictEqual(parse(input as unknown as string), {});
  });

  test('an object input has its keys read as query keys', () => {
    assert.deepStrictEqual(parse({ 'a[b]': 'c', 'a[d][]': 'e', f: ['g', 'h'] }), {
      a: { b: 'c', d: ['e'] },
      f: ['g', 'h'],
    });
  });

  test('the result is typed ParsedQs', () => {
    const result: ParsedQs = parse('a[b]=c');
    assert.deepStrictEqual(result.a, { b: 'c' });
  });
});

describe('parse: decoder option', () => {
  test('receives the raw text, the default decoder, the charset and the kind', () => {
    const calls: unknown[] = [];
    parse('a+b=c%20d&e', {
      decoder(str, defaultDecoder, charset, type) {
        calls.push([str, charset, type]);
        return defaultDecoder(str, defaultDecoder, charset);
      },
    });
    assert.deepStrictEqual(calls, [
      ['a+b', 'utf-8', 'key'],
      ['c%20d', 'utf-8', 'value'],
      ['e', 'utf-8', 'key'],
    ]);
  });

  test('the default decoder handles +, malformed escapes and ISO-8859-1', () => {
    const seen: string[] = [];
    parse('x=1', {
      decoder(str, defaultDecoder) {
        seen.push(defaultDecoder('a+b%20c'), defaultDecoder('%E9%'), defaultDecoder('%E9%zz', undefined, 'iso-8859-1'));
        return str;
      },
    });
    assert.deepStrictEqual(seen.slice(0, 3), ['a b c', '%E9%', 'é%zz']);
  });

  test('transforms keys and values', () => {
    const upper = (s: string, d: (s: string) => string, _c: string, type: 'key' | 'value') =>
      type === 'key' ? d(s).toUpperCase() : d(s);
    assert.deepStrictEqual(parse('a[b]=c&d=e', { decoder: upper }), { A: { B: 'c' }, D: 'e' });
  });

  test('a key decoded to null is skipped', () => {
    assert.deepStrictEqual(parse('a=1&b=2', { decoder: (s, d, _c, t) => (t === 'key' && s === 'b' ? null : d(s)) }), {
      a: '1',
    });
  });

  test('an undefined value is kept on an object and compacted out of an array', () => {
    const drop2 = (s: string, d: (s: string) => string, _c: string, t: 'key' | 'value') =>
      t === 'value' && s === '2' ? undefined : d(s);
    assert.deepStrictEqual(parse('a=1&b=2', { decoder: drop2 }), { a: '1', b: undefined });
    assert.deepStrictEqual(parse('a[]=1&a[]=2&a[]=3', { decoder: drop2 }), { a: ['1', '3'] });
  });

  test('null and undefined mean the default decoder', () => {
    assert.deepStrictEqual(parse('a=%20', { decoder: null }), { a: ' ' });
    assert.deepStrictEqual(parse('a=%20', { decoder: undefined }), { a: ' ' });
  });

  test('ISO-8859-1 decoding leaves invalid escapes', () => {
    assert.deepStrictEqual(parse('%E6=%E6&b=%GG%41', { charset: 'iso-8859-1' }), { æ: 'æ', b: '%GGA' });
  });
});

describe('parse: arrays that outgrow arrayLimit', () => {
  test('later values go after the highest index', () => {
    assert.deepStrictEqual(parse('a[]=1&a[21]=x&a[]=2&a=3'), { a: { 0: '1', 1: '2', 21: 'x', 22: '3' } });
  });

  test('objects under a large index merge', () => {
    assert.deepStrictEqual(parse('a[30][b]=1&a[30][c]=2&a[]=z'), { a: { 0: 'z', 30: { b: '1', c: '2' } } });
  });

  test('with strictMerge false, a primitive is appended to an overflow object', () => {
    assert.deepStrictEqual(parse('a[25]=x&a=y', { strictMerge: false }), { a: { 25: 'x', 26: 'y' } });
  });
});

describe('parse: strictMerge false (legacy)', () => {
  test('a primitive becomes a key set to true, unless it names an Object.prototype property', () => {
    assert.deepStrictEqual(parse('a[b]=c&a=d', { strictMerge: false }), { a: { b: 'c', d: true } });
    assert.deepStrictEqual(parse('a[b]=c&a=toString&a=e', { strictMerge: false }), {
      a: { 0: 'toString', 1: 'e', b: 'c' },
    });
    assert.deepStrictEqual(parse('a[b]=c&a=toString', { strictMerge: false, allowPrototypes: true }), {
      a: { b: 'c', toString: true },
    });
  });

  test('`__proto__` becomes an own key on a prototype-less object only', () => {
    const result = parse('a[b]=c&a=__proto__', { strictMerge: false, plainObjects: true }) as Record<
      string,
      Record<string, unknown>
    >;
    assert.deepStrictEqual(Object.keys(result.a!), ['b', '__proto__']);
    assert.equal(Object.getPrototypeOf(result.a), null);
    const ordinary = parse('a[b]=c&a=__proto__', { strictMerge: false, allowPrototypes: true }) as Record<
      string,
      object
    >;
    assert.deepStrictEqual(ordinary, { a: { b: 'c' } });
    assert.equal(Object.getPrototypeOf(ordinary.a), Object.prototype);
  });
});
