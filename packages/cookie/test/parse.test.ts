import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

/** The parsed result as a plain object, for deepEqual (keeps own keys, drops the null prototype). */
const plain = (dict: Record<string, string | undefined>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(dict));

// [header, expected]
const PARSE: [string, Record<string, string>][] = [
  // basics
  ['', {}],
  ['a', {}],
  ['=', {}], // shorter than a pair: nothing
  ['a=', { a: '' }],
  ['a=1', { a: '1' }],
  ['foo=bar', { foo: 'bar' }],
  ['foo=bar; baz=qux', { foo: 'bar', baz: 'qux' }],
  ['foo=bar;baz=qux', { foo: 'bar', baz: 'qux' }],
  ['FOO=bar; foo=baz', { FOO: 'bar', foo: 'baz' }],
  ['a=b=c', { a: 'b=c' }],
  ['a=1,b=2', { a: '1,b=2' }], // "," is not a separator
  // whitespace: spaces and tabs trimmed around names and values, nothing else
  ['  foo  =  bar  ', { foo: 'bar' }],
  [' a\t=\t1 ;\tb=2', { a: '1', b: '2' }],
  ['a = b c ', { a: 'b c' }],
  ['a=\n1', { a: '\n1' }],
  // empty names
  ['=x', { '': 'x' }],
  [' = x ', { '': 'x' }],
  ['=;', { '': '' }],
  // segments without "=" are skipped
  ['a;b=1', { b: '1' }],
  ['foo;bar=1;baz', { bar: '1' }],
  ['x;y;z;w=2', { w: '2' }],
  [';;a=1;;', { a: '1' }],
  ['foo', {}],
  ['foo;bar', {}],
  // duplicates: first one wins
  ['a=1; a=2', { a: '1' }],
  ['a=1; b=2; a=3; b=4', { a: '1', b: '2' }],
  ['a=; a=2', { a: '' }],
  // quoted values lose one pair of quotes
  ['a="b"', { a: 'b' }],
  ['a= "b c" ', { a: 'b c' }],
  ['a=""', { a: '' }],
  ['a="', { a: '' }],
  ['a="b', { a: '"b' }],
  ['a=b"', { a: 'b"' }],
  ['a=""b""', { a: '"b"' }],
  ['"a"=b', { '"a"': 'b' }],
  // default decode: decodeURIComponent, only with "%", raw value when it throws
  ['a=%20', { a: ' ' }],
  ['a=%C3%A9t%C3%A9', { a: 'été' }],
  ['a="%22x%22"', { a: '"x"' }],
  ['a=%', { a: '%' }],
  ['a=%zz', { a: '%zz' }],
  ['a=%E0%A4%A', { a: '%E0%A4%A' }],
  ['a=%E0%A4%A; b=%41', { a: '%E0%A4%A', b: 'A' }],
  ['a=b+c', { a: 'b+c' }],
  ['na%20me=1', { 'na%20me': '1' }], // names are never decoded
];

describe('parse', () => {
  for (const [header, expected] of PARSE) {
    test(JSON.stringify(header), () => {
      assert.deepEqual(plain(parse(header)), expected);
    });
  }

  test('the result has no Object.prototype', () => {
    const result = parse('a=1');
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(result)), null);
    assert.equal('toString' in result, false);
    assert.equal('hasOwnProperty' in result, false);
    assert.equal('constructor' in result, false);
    assert.deepEqual(Object.keys(result), ['a']);
  });

  test('an empty header gives an empty prototype-less dictionary', () => {
    const result = parse('');
    assert.notEqual(Object.getPrototypeOf(result), Object.prototype);
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(result)), null);
    assert.equal('toString' in result, false);
    assert.deepEqual(Object.keys(result), []);
  });

  describe('prototype keys are plain own properties', () => {
    const KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'prototype', '__defineGetter__'];
    for (const key of KEYS) {
      test(key, () => {
        const result = parse(`${key}=x; ${key}=y; a=1`);
        assert.equal(Object.hasOwn(result, key), true);
        assert.equal(result[key], 'x');
        assert.equal(result.a, '1');
        assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(result)), null);
      });
    }

    test('__proto__ does not change the prototype, even with an object-returning decode', () => {
      const evil = { polluted: true };
      const result = parse('__proto__=x', { decode: () => evil as unknown as string });
      assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(result)), null);
      assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')?.value, evil);
      assert.equal((result as Record<string, unknown>).polluted, undefined);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
  });

  describe('option decode', () => {
    test('is applied to every value', () => {
      assert.deepEqual(plain(parse('a=x; b="y"; c=%41', { decode: (v) => v.toUpperCase() })), {
        a: 'X',
        b: 'Y',
        c: '%41',
      });
    });

    test('runs without "%" too', () => {
      const seen: string[] = [];
      parse('a=1; b=2', { decode: (v) => (seen.push(v), v) });
      assert.deepEqual(seen, ['1', '2']);
    });

    test('runs once per name (duplicates are not decoded)', () => {
      const seen: string[] = [];
      parse('a=1; a=2; a=3', { decode: (v) => (seen.push(v), v) });
      assert.deepEqual(seen, ['1']);
    });

    test('a throwing decode keeps the raw value', () => {
      const decode = (v: string): string => {
        if (v === 'bad') throw new Error('nope');
        return `<${v}>`;
      };
      assert.deepEqual(plain(parse('a=bad; b=good', { decode })), { a: 'bad', b: '<good>' });
    });

    test('a first value decoded to undefined still wins', () => {
      const decode = (v: string): string => (v === '1' ? (undefined as unknown as string) : v);
      const result = parse('a=1; a=2', { decode });
      assert.equal(Object.hasOwn(result, 'a'), true);
      assert.equal(result.a, undefined);
    });

    test('a falsy decode falls back to the default', () => {
      for (const decode of [undefined, null, 0, '', false]) {
        const options = { decode } as unknown as { decode: (v: string) => string };
        assert.deepEqual(plain(parse('a=%41', options)), { a: 'A' });
      }
    });

    test('a decode that is not a function keeps raw values (it throws when called)', () => {
      const options = { decode: 5 } as unknown as { decode: (v: string) => string };
      assert.deepEqual(plain(parse('a=%41', options)), { a: '%41' });
    });

    test('options that are not objects are ignored', () => {
      assert.deepEqual(plain(parse('a=%41', 5 as unknown as undefined)), { a: 'A' });
      assert.deepEqual(plain(parse('a=%41', null as unknown as undefined)), { a: 'A' });
    });
  });

  describe('errors', () => {
    for (const value of [undefined, null, 42, true, {}, [], Symbol('s'), Buffer.from('a=1')]) {
      test(`TypeError for ${typeof value === 'symbol' ? 'a symbol' : (JSON.stringify(value) ?? String(value))}`, () => {
        assert.throws(() => parse(value as unknown as string), {
          name: 'TypeError',
          message: 'argument str must be a string',
        });
      });
    }
  });

  // Each hostile shape: its result on a 100 KB header, and time growing linearly with its length
  // (time(8n) / time(n) in CPU time; no bound on elapsed time).
  describe('adversarial input (linear time, not timings)', () => {
    /** A header of distinct pairs, `length` characters or a little more. */
    const pairs = (length: number): string => {
      let header = '';
      for (let i = 0; header.length < length; i++) header += `name${i}=value${i}; `;
      return header;
    };

    test('100 KB header of 10,000 pairs', () => {
      const result = parse(pairs(100_000));
      assert.ok(Object.keys(result).length > 5000);
      assert.equal(result.name0, 'value0');
      assert.equal(result.name4321, 'value4321');
      // One key per ~16 characters: n = 2048 keeps the result under 2,000 keys.
      assertLinear('parse: distinct pairs', pairs, parse, { n: 2048 });
    });

    test('100 KB header of one repeated name', () => {
      const build = (n: number) => 'a=1; '.repeat(n / 5);
      assert.deepEqual(plain(parse(build(100_000))), { a: '1' });
      assertLinear('parse: one repeated name', build, parse);
    });

    test('100 KB of segments without "=" then one pair', () => {
      const build = (n: number) => 'x;'.repeat(n / 2) + 'a=1';
      assert.deepEqual(plain(parse(build(100_000))), { a: '1' });
      assertLinear('parse: segments without "="', build, parse);
    });

    test('100 KB of alternating "=" and ";"', () => {
      const build = (n: number) => '=;'.repeat(n / 2);
      assert.deepEqual(plain(parse(build(100_000))), { '': '' });
      assertLinear('parse: alternating "=" and ";"', build, parse);
    });

    test('100 KB of whitespace and quotes, and of "%"', () => {
      const shapes: [label: string, build: (n: number) => string][] = [
        ['whitespace then a lone quote', (n) => `a=${' \t'.repeat(n / 2)}"`],
        ['"%" run', (n) => `a=${'%'.repeat(n)}`],
        ['"%41" run', (n) => `a=${'%41'.repeat(n / 3)}`],
      ];
      const [quote, percent, escaped] = shapes.map(([, build]) => build);
      assert.deepEqual(plain(parse(quote!(100_000))), { a: '' });
      assert.equal(parse(percent!(100_000)).a?.length, 100_000);
      assert.equal(parse(escaped!(90_000)).a, 'A'.repeat(30_000));
      for (const [label, build] of shapes) assertLinear(`parse: ${label}`, build, parse);
    });
  });
});
