// Hostile input: prototype pollution, limits, and time (every case must finish well within a
// generous hang-guard; these are not performance assertions).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, stringify, type ParseOptions } from '../src/index.js';

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

function timed<T>(fn: () => T, limitMs = 2000): T {
  const start = performance.now();
  const result = fn();
  const elapsed = performance.now() - start;
  assert.ok(elapsed < limitMs, `took ${elapsed.toFixed(0)} ms`);
  return result;
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
  test('10^5 parameters: only parameterLimit are read', () => {
    const input = Array.from({ length: 1e5 }, (_, i) => `k${i}=${i}`).join('&');
    assert.equal(Object.keys(timed(() => parse(input))).length, 1000);
    assert.equal(Object.keys(timed(() => parse(input, { parameterLimit: 10 }))).length, 10);
  });

  test('10^5 parameters with no limit parse in linear time', () => {
    const flat = Array.from({ length: 1e5 }, (_, i) => `k${i}=${i}`).join('&');
    assert.equal(Object.keys(timed(() => parse(flat, { parameterLimit: Infinity }))).length, 1e5);
    const pushes = Array.from({ length: 1e5 }, () => 'a[]=1').join('&');
    const result = timed(() => parse(pushes, { parameterLimit: Infinity })) as Record<string, object>;
    assert.equal(Object.keys(result.a!).length, 1e5);
    const indexed = Array.from({ length: 3e4 }, (_, i) => `a[${i}]=1`).join('&');
    assert.equal(
      Object.keys((timed(() => parse(indexed, { parameterLimit: Infinity })) as Record<string, object>).a!).length,
      3e4,
    );
  });

  test('10^4 nesting levels stop at depth', () => {
    const input = 'a' + '[b]'.repeat(1e4) + '=1';
    const result = timed(() => parse(input)) as Record<string, unknown>;
    let level: unknown = result.a;
    for (let i = 0; i < 5; i++) level = (level as Record<string, unknown>).b;
    assert.deepStrictEqual(Object.keys(level as object), ['[b]'.repeat(1e4 - 5)]);
    assert.throws(() => timed(() => parse(input, { strictDepth: true })), RangeError);
  });

  test('10^4 nesting levels with an unlimited depth still parse in linear time', () => {
    const result = timed(() => parse('a' + '[b]'.repeat(1e4) + '=1', { depth: Infinity }));
    let level: unknown = result;
    let depth = 0;
    while (level && typeof level === 'object') {
      level = Object.values(level)[0];
      depth++;
    }
    assert.equal(depth, 1e4 + 1);
    timed(() => parse('a' + '.b'.repeat(1e4) + '=1', { allowDots: true, depth: Infinity }));
  });

  const degenerate: [string, string, ParseOptions | undefined][] = [
    ['unterminated brackets', 'a' + '['.repeat(1e5) + '=1', undefined],
    ['nested brackets', 'a' + '['.repeat(5e4) + ']'.repeat(5e4) + '=1', { depth: Infinity }],
    ['closing brackets', ']'.repeat(1e5) + '=1', undefined],
    ['"]=" repeated', ']='.repeat(1e5), undefined],
    ['encoded brackets', '%5B'.repeat(1e5) + '=1', undefined],
    ['percent signs', 'a=' + '%'.repeat(1e5), undefined],
    ['percent signs, ISO-8859-1', 'a=' + '%'.repeat(1e5), { charset: 'iso-8859-1' }],
    ['plus signs', 'a=' + '+'.repeat(1e5), undefined],
    ['commas', 'a=' + ','.repeat(1e5), { comma: true }],
    ['dots', 'a' + '.'.repeat(1e5) + '=1', { allowDots: true }],
    [
      'numeric entities',
      'a=' + '&#1'.repeat(3e4) + ';',
      { charset: 'iso-8859-1', interpretNumericEntities: true, delimiter: ';' },
    ],
    ['delimiters', '&'.repeat(1e5), { parameterLimit: Infinity }],
    ['long key', 'k'.repeat(1e6) + '=v', undefined],
  ];
  for (const [name, input, options] of degenerate) {
    test(`degenerate input: ${name}`, () => {
      timed(() => parse(input, options));
      assertPrototypeUntouched();
    });
  }

  test('stringify of a 2000-level object', () => {
    let object: unknown = 'x';
    for (let i = 0; i < 2000; i++) object = { b: object };
    const out = timed(() => stringify({ a: object }, { encode: false }));
    assert.equal(out, 'a' + '[b]'.repeat(2000) + '=x');
  });
});
