// Arrays built from many parameters: linear time with a raised `arrayLimit` (as body-parser's
// urlencoded passes: `Math.max(100, parameterCount)`), and qs's `arrayLimit` semantics kept
// (expected values are qs 6.17.1's, which are qs 6.15.4's for every case here).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { parse, type ParseOptions } from '../src/index.js';

/** body-parser 2.4's options for an extended urlencoded body of `count` parameters. */
function bodyParserOptions(count: number): ParseOptions {
  return {
    allowPrototypes: true,
    arrayLimit: Math.max(100, count),
    depth: 32,
    strictDepth: true,
    parameterLimit: 1e6,
  };
}

/** The CPU time `fn` takes, in ms (CPU rather than wall time: other processes' load weighs less). */
function timed(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const SHAPES: [
  name: string,
  param: (i: number) => string,
  check: (result: Record<string, unknown>, n: number) => void,
][] = [
  ['a[]=x', () => 'a[]=x', (r, n) => assert.deepStrictEqual(r, { a: Array(n).fill('x') })],
  ['a=x (duplicates)', () => 'a=x', (r, n) => assert.deepStrictEqual(r, { a: Array(n).fill('x') })],
  [
    'a[i]=x',
    (i) => `a[${i}]=${i}`,
    (r, n) => assert.deepStrictEqual(r, { a: Array.from({ length: n }, (_, i) => String(i)) }),
  ],
  [
    'a[i][b]=x',
    (i) => `a[${i}][b]=${i}`,
    (r, n) => assert.deepStrictEqual(r, { a: Array.from({ length: n }, (_, i) => ({ b: String(i) })) }),
  ],
  ['a[b][]=x', () => 'a[b][]=x', (r, n) => assert.deepStrictEqual(r, { a: { b: Array(n).fill('x') } })],
  ['a[][b]=x', () => 'a[][b]=x', (r, n) => assert.deepStrictEqual(r, { a: [{ b: Array(n).fill('x') }] })],
  [
    'a[]=x&b[]=y (two arrays)',
    (i) => (i % 2 ? 'b[]=y' : 'a[]=x'),
    (r, n) => assert.deepStrictEqual(r, { a: Array(n / 2).fill('x'), b: Array(n / 2).fill('y') }),
  ],
];

describe('arrays of many parameters take linear time', () => {
  for (const [name, param, check] of SHAPES) {
    test(`${name}: 8x the parameters cost under 40x the CPU time (quadratic code: over 70x)`, () => {
      const small = 5000;
      const large = 8 * small;
      const bodies = [small, large].map((n) => Array.from({ length: n }, (_, i) => param(i)).join('&'));
      check(parse(bodies[0]!, bodyParserOptions(small)), small);
      check(parse(bodies[1]!, bodyParserOptions(large)), large);
      // Small and large runs alternate, so that load from elsewhere weighs on both alike; the
      // fastest of each is compared. Linear code measures 13-20x here (the larger heap costs the
      // garbage collector more per element), the quadratic one 70x to over 200x (and takes
      // minutes, so a round over 200x ends the measuring); the limit, 40x, leaves a margin of
      // two on the linear side.
      let t1 = Infinity;
      let t8 = Infinity;
      for (let round = 0; round < 8; round++) {
        t1 = Math.min(
          t1,
          timed(() => parse(bodies[0]!, bodyParserOptions(small))),
        );
        t8 = Math.min(
          t8,
          timed(() => parse(bodies[1]!, bodyParserOptions(large))),
        );
        if (t8 > 200 * Math.max(t1, 0.5)) break;
      }
      t1 = Math.max(t1, 0.5);
      assert.ok(t8 < 40 * t1, `${small}: ${t1.toFixed(2)} ms, ${large}: ${t8.toFixed(2)} ms`);
    });
  }

  test('100k a[]= in one body (parameterLimit 1e6): one array of 100k elements', () => {
    const n = 100_000;
    const result = parse('a[]=x&'.repeat(n).slice(0, -1), bodyParserOptions(n));
    assert.equal((result.a as string[]).length, n);
  });
});

// [input, options, expected]: qs 6.17.1's results.
const CASES: [string, ParseOptions | undefined, unknown][] = [
  // values of one key collected (a[]=, duplicates): an array up to arrayLimit, then an object
  ['a[]=1&a[]=2&a[]=3', { arrayLimit: 3 }, { a: ['1', '2', '3'] }],
  ['a[]=1&a[]=2&a[]=3&a[]=4', { arrayLimit: 3 }, { a: { 0: '1', 1: '2', 2: '3', 3: '4' } }],
  ['a[]=1&a[]=2&a[]=3&a[]=4&a[]=5', { arrayLimit: 3 }, { a: { 0: '1', 1: '2', 2: '3', 3: '4', 4: '5' } }],
  ['a=1&a=2&a=3', { arrayLimit: 2 }, { a: { 0: '1', 1: '2', 2: '3' } }],
  ['a=1&a=2&a=3&a=4', { arrayLimit: 2 }, { a: { 0: '1', 1: '2', 2: '3', 3: '4' } }],
  ['a[]=1&a[]=2,3&a[]=4', { arrayLimit: 3, comma: true }, { a: ['1', ['2', '3'], '4'] }],
  ['a=1,2&a=3&a=4,5', { arrayLimit: 4, comma: true }, { a: { 0: '1', 1: '2', 2: '3', 3: '4', 4: '5' } }],
  ['a[b][]=1&a[b][]=2&a[b][]=3', { arrayLimit: 2 }, { a: { b: { 0: '1', 1: '2', 2: '3' } } }],
  ['a[][b]=1&a[][b]=2', { arrayLimit: 5 }, { a: [{ b: ['1', '2'] }] }],
  // indices: below arrayLimit an array (holes compacted unless allowSparse), at or beyond it object keys
  ['a[0]=x&a[1]=y&a[2]=z', { arrayLimit: 3 }, { a: ['x', 'y', 'z'] }],
  ['a[0]=x&a[1]=y&a[2]=z&a[3]=w', { arrayLimit: 3 }, { a: { 0: 'x', 1: 'y', 2: 'z', 3: 'w' } }],
  ['a[0]=x&a[1]=y&a[2]=z&a[3]=w', { arrayLimit: 4 }, { a: ['x', 'y', 'z', 'w'] }],
  ['a[0]=x&a[1]=y&a[2]=z', { arrayLimit: 2 }, { a: { 0: 'x', 1: 'y', 2: 'z' } }],
  ['a[0]=x&a[1]=y&a[5]=z', { arrayLimit: 3 }, { a: { 0: 'x', 1: 'y', 5: 'z' } }],
  ['a[1]=x&a[2]=y&a[3]=z', { arrayLimit: 3 }, { a: { 1: 'x', 2: 'y', 3: 'z' } }],
  ['x[a][0]=1&x[a][1]=2&x[a][2]=3', { arrayLimit: 2 }, { x: { a: { 0: '1', 1: '2', 2: '3' } } }],
  ['a[2]=x&a[0]=y', undefined, { a: ['y', 'x'] }],
  ['a[2]=x&a[0]=y', { allowSparse: true }, { a: ['y', , 'x'] }],
  ['a[0]=x&a[5]=y&a[2]=z', { allowSparse: true }, { a: ['x', , 'z', , , 'y'] }],
  ['a[0]=x&a[5]=y&a[2]=z', undefined, { a: ['x', 'z', 'y'] }],
  // an index already taken: objects merge, anything else is appended
  ['a[0]=x&a[0]=y', undefined, { a: [['x', 'y']] }],
  ['a[0]=x&a[0][b]=y', undefined, { a: ['x', { b: 'y' }] }],
  ['a[0][b]=x&a[0][c]=y&a[1][b]=z', undefined, { a: [{ b: 'x', c: 'y' }, { b: 'z' }] }],
  ['a[0][b]=x&a[0]=y', undefined, { a: [{ b: 'x' }, 'y'] }],
  ['a[1]=x&a[1]=y&a[0]=z', undefined, { a: ['z', ['x', 'y']] }],
  ['a[]=x&a[0]=y&a[1]=z', undefined, { a: ['x', 'y', 'z'] }],
  ['a[]=x&a[]=y&a[1][b]=z', undefined, { a: ['x', 'y', { b: 'z' }] }],
  ['a[0][0]=x&a[0][1]=y&a[1][0]=z', undefined, { a: [['x', 'y'], ['z']] }],
  ['a[0]&a[1]=y', { strictNullHandling: true }, { a: [null, 'y'] }],
  ['a[0]=x&a[1]=y', { parseArrays: false }, { a: { 0: 'x', 1: 'y' } }],
  ['a[0]=1&a[1]=2&a[b]=3', undefined, { a: { 0: '1', 1: '2', b: '3' } }],
  ['a[b]=3&a[0]=1&a[1]=2', undefined, { a: { 0: '1', 1: '2', b: '3' } }],
  ['a[0]=x&a[1]=y', { arrayLimit: 2, throwOnLimitExceeded: true }, { a: ['x', 'y'] }],
];

describe('arrayLimit semantics (as qs 6.17.1)', () => {
  for (const [input, options, expected] of CASES) {
    test(`${input} ${inspect(options, { breakLength: Infinity })}`, () => {
      assert.deepStrictEqual(parse(input, options), expected);
    });
  }

  test('throwOnLimitExceeded: past arrayLimit, appended values and indices throw', () => {
    const message = /^Array limit exceeded\. Only 2 elements allowed in an array\.$/;
    for (const input of ['a[]=1&a[]=2&a[]=3', 'a=1&a=2&a=3', 'a[0]=x&a[1]=y&a[2]=z']) {
      assert.throws(() => parse(input, { arrayLimit: 2, throwOnLimitExceeded: true }), {
        name: 'RangeError',
        message,
      });
    }
  });

  test("a decoder's own array is never grown in place", () => {
    const shared = ['s'];
    const result = parse('a=1&a=2&a=3', {
      decoder: (str, dec, charset, kind) => (kind === 'value' ? shared : dec(str, dec, charset)),
    });
    assert.deepStrictEqual(shared, ['s']);
    assert.deepStrictEqual(result, { a: ['s', 's', 's'] });
  });
});
