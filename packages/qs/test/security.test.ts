// Hostile input: prototype pollution, limits, and time (every case's time grows linearly with its
// size: time(8n) / time(n) in CPU time, no bound on elapsed time).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, stringify, type ParseOptions } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join();

/** Object.prototype has exactly its own built-in properties, and plain objects inherit nothing new. */
function assertPrototypeUntouched(): void {
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort().join(), PROTO_NAMES);
  const probe: Record<string, unknown> = {};
  for (const name of ['x', 'a', 'b', 'polluted', 'prototype']) assert.equal(probe[name], undefined);
  assert.equal(typeof Object.prototype.toString, 'function');
  assert.equal(typeof Object.prototype.hasOwnProperty, 'function');
  assert.equal(Object.getPrototypeOf(Object.prototype), null);
}

/** Every object in the result is an ordinary object, an array, or prototype-less; none owns `__proto__`. */
function assertCleanTree(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const proto = Object.getPrototypeOf(value);
  assert.ok(proto === Object.prototype || proto === Array.prototype || proto === null, 'unexpected prototype');
  assert.ok(!Object.hasOwn(value, '__proto__'), 'own __proto__ key');
  for (const key of Object.keys(value)) assertCleanTree((value as Record<string, unknown>)[key]);
}

const HOSTILE = [
  '__proto__[polluted]=yes',
  '__proto__.polluted=yes',
  'a[__proto__][polluted]=yes',
  'a[b][__proto__][polluted]=yes',
  '__proto__=yes',
  '[__proto__][polluted]=yes',
  '__proto__[]=yes',
  '__proto__[0]=yes',
  'a[__proto__][]=yes',
  'a[0][__proto__][x]=yes',
  '%5F%5Fproto%5F%5F[x]=yes',
  '__pro__proto__to__[x]=yes',
  'constructor[prototype][polluted]=yes',
  'constructor.prototype.polluted=yes',
  'a[constructor][prototype][polluted]=yes',
  'toString=x',
  'toString[x]=y',
  'hasOwnProperty=x',
  'valueOf=x',
  '__defineGetter__=x',
  'isPrototypeOf=x',
  'a[toString]=1&a[b]=2',
  'a[hasOwnProperty]=1',
  'a=1&a[__proto__][x]=2',
  'a[__proto__]=1&a[__proto__]=2',
  '__proto__=1&__proto__=2',
  'a[]=1&a[__proto__]=2',
  'a[25]=1&a[__proto__]=2',
];
const OPTION_SETS: (ParseOptions | undefined)[] = [
  undefined,
  { allowPrototypes: true },
  { plainObjects: true },
  { allowDots: true },
  { allowDots: true, allowPrototypes: true },
  { depth: 0, allowPrototypes: true },
  { strictMerge: false, allowPrototypes: true },
  { comma: true, allowPrototypes: true },
  { parseArrays: false, allowPrototypes: true },
];

describe('security: prototype pollution', () => {
  for (const input of HOSTILE) {
    test(input, () => {
      for (const options of OPTION_SETS) {
        const result = parse(input, options);
        assertPrototypeUntouched();
        assertCleanTree(result);
        assert.notEqual(
          Object.getPrototypeOf(result),
          Object.getPrototypeOf({ polluted: 1 }) === null ? undefined : 'x',
        );
      }
    });
  }

  test('`__proto__` is never written, even with allowPrototypes', () => {
    for (const options of [undefined, { allowPrototypes: true }, { plainObjects: true }]) {
      assert.deepStrictEqual({ ...parse('__proto__[x]=y', options) }, {});
      assert.equal(Object.keys(parse('a[__proto__]=b', options)).length, options ? 1 : 0);
    }
    assert.deepStrictEqual(parse('a[__proto__]=b', { allowPrototypes: true }), { a: {} });
  });

  test('Object.prototype names are dropped unless allowPrototypes or plainObjects', () => {
    const result = parse('toString=x&hasOwnProperty=y&constructor[prototype][x]=1&a=1');
    assert.deepStrictEqual(result, { a: '1' });
    assert.equal(result.toString, Object.prototype.toString);
    assert.equal(result.hasOwnProperty, Object.prototype.hasOwnProperty);

    const allowed = parse('toString=x&hasOwnProperty=y&constructor[prototype][x]=1', { allowPrototypes: true });
    assert.deepStrictEqual(allowed, { toString: 'x', hasOwnProperty: 'y', constructor: { prototype: { x: '1' } } });
    assert.equal(Object.getPrototypeOf(allowed), Object.prototype); // own keys only shadow
    assertPrototypeUntouched();
  });

  test('the same holds for object input with own `__proto__` keys', () => {
    const hostile = JSON.parse(
      '{"__proto__":{"polluted":"yes"},"a":{"__proto__":{"polluted":"yes"}},"a[b]":"c"}',
    ) as Record<string, unknown>;
    for (const options of OPTION_SETS) {
      parse(hostile, options);
      assertPrototypeUntouched();
    }
  });

  test('stringify does not read inherited keys', () => {
    const object = Object.create({ inherited: 'x' }) as Record<string, unknown>;
    object.own = 'y';
    assert.equal(stringify(object), 'own=y');
  });
});

describe('security: array limits', () => {
  test('a huge index becomes an object key, not a sparse array', () => {
    const result = parse('a[99999999]=x') as Record<string, unknown>;
    assert.ok(!Array.isArray(result.a));
    assert.deepStrictEqual(result, { a: { 99999999: 'x' } });
    assert.deepStrictEqual(parse('a[4294967295]=x'), { a: { 4294967295: 'x' } });
  });

  test('indices from arrayLimit on give objects; below, arrays', () => {
    assert.deepStrictEqual(parse('a[19]=x'), { a: ['x'] });
    assert.deepStrictEqual(parse('a[20]=x'), { a: { 20: 'x' } });
    assert.deepStrictEqual(parse('a[5]=x', { arrayLimit: 5 }), { a: { 5: 'x' } });
    assert.deepStrictEqual(parse('a[4]=x', { arrayLimit: 5 }), { a: ['x'] });
  });

  test('more than arrayLimit elements give an object', () => {
    const result = parse(Array.from({ length: 21 }, (_, i) => `a[]=${i}`).join('&')) as Record<string, unknown>;
    assert.ok(!Array.isArray(result.a));
    assert.equal(Object.keys(result.a as object).length, 21);
    assert.deepStrictEqual(parse('a=1&a=2&a=3', { arrayLimit: 2 }), { a: { 0: '1', 1: '2', 2: '3' } });
  });
});

describe('security: size and depth limits on hostile input', () => {
  /** `count` parameters `k<i>=<i>`. */
  const params = (count: number) => Array.from({ length: count }, (_, i) => `k${i}=${i}`).join('&');
  const unlimited = { parameterLimit: Infinity };

  test('10^5 parameters: only parameterLimit are read (linear time)', () => {
    const input = params(1e5);
    assert.equal(Object.keys(parse(input)).length, 1000);
    assert.equal(Object.keys(parse(input, { parameterLimit: 10 })).length, 10);
    // n parameters split apart: n = 1024 keeps the parts under 16,000
    assertLinear('parse: parameters past the limit', params, (input) => parse(input), { n: 1024 });
  });

  test('10^5 parameters with no limit parse in linear time', () => {
    assert.equal(Object.keys(parse(params(1e5), unlimited)).length, 1e5);
    const pushes = (count: number) => Array.from({ length: count }, () => 'a[]=1').join('&');
    const result = parse(pushes(1e5), unlimited) as Record<string, object>;
    assert.equal(Object.keys(result.a!).length, 1e5);
    const indexed = (count: number) => Array.from({ length: count }, (_, i) => `a[${i}]=1`).join('&');
    assert.equal(Object.keys((parse(indexed(3e4), unlimited) as Record<string, object>).a!).length, 3e4);
    // n keys in one object: n = 128 keeps it under 2,000 keys
    assertLinear('parse: parameters, no limit', params, (input) => parse(input, unlimited), { n: 128 });
    // n elements in one array: n = 1024 keeps it under 16,000 elements
    assertLinear('parse: "a[]" pushes', pushes, (input) => parse(input, unlimited), { n: 1024 });
    // indices past arrayLimit give an object of n index keys: n = 256 reads near 8, 64-128 read 10-20
    assertLinear('parse: "a[i]" indices', indexed, (input) => parse(input, unlimited), { n: 256 });
  });

  test('10^4 nesting levels stop at depth (linear time)', () => {
    const nested = (levels: number) => 'a' + '[b]'.repeat(levels) + '=1';
    const input = nested(1e4);
    const result = parse(input) as Record<string, unknown>;
    let level: unknown = result.a;
    for (let i = 0; i < 5; i++) level = (level as Record<string, unknown>).b;
    assert.deepStrictEqual(Object.keys(level as object), ['[b]'.repeat(1e4 - 5)]);
    assert.throws(() => parse(input, { strictDepth: true }), RangeError);
    // The levels past depth stay one key (3n characters): n = 1024 keeps it under 100 kB, where
    // the cost steps up
    assertLinear('parse: levels past depth', nested, (input) => parse(input), { n: 1024 });
    const strict = (input: string) => {
      try {
        return parse(input, { strictDepth: true });
      } catch (err) {
        return err;
      }
    };
    assertLinear('parse: levels past depth, strictDepth', nested, strict, { n: 1024 });
  });

  test('10^4 nesting levels with an unlimited depth still parse in linear time', () => {
    const result = parse('a' + '[b]'.repeat(1e4) + '=1', { depth: Infinity });
    let level: unknown = result;
    let depth = 0;
    while (level && typeof level === 'object') {
      level = Object.values(level)[0];
      depth++;
    }
    assert.equal(depth, 1e4 + 1);
    parse('a' + '.b'.repeat(1e4) + '=1', { allowDots: true, depth: Infinity });
    // n nested objects: n = 1024 keeps the larger input near the 10^4 levels above
    assertLinear(
      'parse: unlimited depth',
      (levels) => 'a' + '[b]'.repeat(levels) + '=1',
      (input) => parse(input, { depth: Infinity }),
      { n: 1024 },
    );
    assertLinear(
      'parse: unlimited depth, dots',
      (levels) => 'a' + '.b'.repeat(levels) + '=1',
      (input) => parse(input, { allowDots: true, depth: Infinity }),
      { n: 1024 },
    );
  });

  /**
   * Each shape: its name, its input of about `n` characters, the options, the size it is parsed
   * at once (the original input), and an `n` for assertLinear where the default is not used.
   */
  const degenerate: [string, (n: number) => string, ParseOptions | undefined, number, number?][] = [
    ['unterminated brackets', (n) => 'a' + '['.repeat(n) + '=1', undefined, 1e5],
    ['nested brackets', (n) => 'a' + '['.repeat(n / 2) + ']'.repeat(n / 2) + '=1', { depth: Infinity }, 1e5],
    ['closing brackets', (n) => ']'.repeat(n) + '=1', undefined, 1e5],
    ['"]=" repeated', (n) => ']='.repeat(n / 2), undefined, 2e5],
    ['encoded brackets', (n) => '%5B'.repeat(n / 3) + '=1', undefined, 3e5],
    ['percent signs', (n) => 'a=' + '%'.repeat(n), undefined, 1e5],
    ['percent signs, ISO-8859-1', (n) => 'a=' + '%'.repeat(n), { charset: 'iso-8859-1' }, 1e5],
    ['plus signs', (n) => 'a=' + '+'.repeat(n), undefined, 1e5],
    // n + 1 values in one array: n = 1024 keeps it under 16,000 elements
    ['commas', (n) => 'a=' + ','.repeat(n), { comma: true }, 1e5, 1024],
    ['dots', (n) => 'a' + '.'.repeat(n) + '=1', { allowDots: true }, 1e5],
    [
      'numeric entities',
      (n) => 'a=' + '&#1'.repeat(n / 3) + ';',
      { charset: 'iso-8859-1', interpretNumericEntities: true, delimiter: ';' },
      9e4,
    ],
    ['delimiters', (n) => '&'.repeat(n), { parameterLimit: Infinity }, 1e5],
    ['long key', (n) => 'k'.repeat(n) + '=v', undefined, 1e6],
  ];
  for (const [name, build, options, size, n] of degenerate) {
    test(`degenerate input: ${name} (linear time)`, () => {
      parse(build(size), options);
      assertPrototypeUntouched();
      assertLinear(`parse: ${name}`, build, (input) => parse(input, options), n ? { n } : {});
    });
  }

  test('stringify of a 2000-level object (linear time)', () => {
    const deep = (levels: number) => {
      let object: unknown = 'x';
      for (let i = 0; i < levels; i++) object = { b: object };
      return { a: object };
    };
    assert.equal(stringify(deep(2000), { encode: false }), 'a' + '[b]'.repeat(2000) + '=x');
    // n nested objects: n = 256 keeps the larger one near the 2,000 levels above
    assertLinear('stringify: nested objects', deep, (object) => stringify(object, { encode: false }), { n: 256 });
  });
});
