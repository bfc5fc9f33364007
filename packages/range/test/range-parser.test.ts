import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import rangeParser, { type Ranges } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

/** An expected result: `type` and [start, end] pairs. */
function ranges(type: string, ...pairs: [number, number][]): Ranges {
  const out = pairs.map(([start, end]) => ({ start, end })) as Ranges;
  out.type = type;
  return out;
}

// [size, header, expected]
const CASES: [number, string, Ranges | -1 | -2][] = [
  // first-last, clamped to size - 1
  [1000, 'bytes=0-499', ranges('bytes', [0, 499])],
  [1000, 'bytes=0-0', ranges('bytes', [0, 0])],
  [1000, 'bytes=999-999', ranges('bytes', [999, 999])],
  [1000, 'bytes=0-2000', ranges('bytes', [0, 999])],
  [1000, 'bytes=500-999', ranges('bytes', [500, 999])],
  // first- (open-ended)
  [1000, 'bytes=500-', ranges('bytes', [500, 999])],
  [1000, 'bytes=0-', ranges('bytes', [0, 999])],
  [1000, 'bytes=9500-', -1],
  [1000, 'bytes=1000-', -1],
  // a spec without a dash is malformed (range-parser 1.2 read it as open-ended)
  [1000, 'bytes=5', -2],
  // -length (suffix)
  [1000, 'bytes=-500', ranges('bytes', [500, 999])],
  [1000, 'bytes=-1', ranges('bytes', [999, 999])],
  [1000, 'bytes=-1000', ranges('bytes', [0, 999])],
  [1000, 'bytes=-1001', -1],
  [200, 'bytes=-500', -1],
  [1000, 'bytes=-0', -1],
  // unsatisfiable
  [1000, 'bytes=500-400', -1],
  [1000, 'bytes=1000-1000', -1],
  [0, 'bytes=0-', -1],
  [0, 'bytes=-1', -1],
  // malformed (-2): no '=', an empty spec, a spec without a dash, a position that is not digits
  [1000, 'bytes', -2],
  [1000, '', -2],
  [1000, 'bytes 0-5', -2],
  [1000, '=', -2],
  [1000, 'bytes=', -2],
  [1000, 'bytes=abc-', -2],
  [1000, 'bytes=-abc', -2],
  [1000, 'bytes=-', -2],
  [1000, 'bytes=--5', -2],
  [1000, 'bytes=,', -2],
  // the unit is what comes before the first '=', as written
  [1000, 'items=0-5', ranges('items', [0, 5])],
  [1000, ' bytes =0-5', ranges(' bytes ', [0, 5])],
  [1000, '=0-5', ranges('', [0, 5])],
  [1000, 'bytes=0-5=6', -2],
  // positions are ASCII digits, trimmed as String#trim trims (range-parser 1.3; 1.2 read them
  // like parseInt: a '+', trailing garbage)
  [1000, 'bytes= 5 - 10 ', ranges('bytes', [5, 10])],
  [1000, 'bytes=\t5-\n6', ranges('bytes', [5, 6])],
  [1000, 'bytes=\u00a05-\u30006', ranges('bytes', [5, 6])],
  [1000, 'bytes=\ufeff5-\u20286', ranges('bytes', [5, 6])],
  [1000, 'bytes=\u200b5-6', -2], // U+200B is not whitespace
  [1000, 'bytes=+5-10', -2],
  [1000, 'bytes=+ 5-10', -2],
  [1000, 'bytes=5abc-10xyz', -2],
  [1000, 'bytes=abc-10', -2],
  [1000, 'bytes=0x10-20', -2],
  [1000, 'bytes=1.5-3.9', -2],
  [1000, 'bytes=1-2-3', -2],
  [1000, 'bytes=\u0661-\u0662', -2], // digits of other scripts are not digits
  [1000, 'bytes=0010-0020', ranges('bytes', [10, 20])],
  // lists: request order, whitespace around specs, unsatisfiable specs skipped, one malformed
  // spec makes the whole header malformed
  [1000, 'bytes=0-1,5-6,9-10', ranges('bytes', [0, 1], [5, 6], [9, 10])],
  [1000, 'bytes=0-1, 5-6 ,\t9-10', ranges('bytes', [0, 1], [5, 6], [9, 10])],
  [1000, 'bytes=9-10,0-1', ranges('bytes', [9, 10], [0, 1])],
  [1000, 'bytes=0-1,0-1', ranges('bytes', [0, 1], [0, 1])],
  [1000, 'bytes=,0-1,', -2],
  [1000, 'bytes=0-1,5-4,2000-,-2000', ranges('bytes', [0, 1])],
  [1000, 'bytes=0-1,abc-', -2],
  [1000, 'bytes=0-1,5', -2],
  [1000, 'bytes=0-0,-0', ranges('bytes', [0, 0])],
  [1000, 'bytes=-1,0-0', ranges('bytes', [999, 999], [0, 0])],
  // large numbers: read as Number reads them (past 2^53, rounded)
  [1000, 'bytes=9999999999999999999-', -1],
  [1000, 'bytes=0-9999999999999999999', ranges('bytes', [0, 999])],
  [1000, `bytes=0-${'9'.repeat(400)}`, ranges('bytes', [0, 999])],
  [1000, `bytes=-${'9'.repeat(400)}`, -1],
  [2 ** 60, 'bytes=9007199254740993-9007199254740995', ranges('bytes', [9007199254740992, 9007199254740996])],
  [2 ** 60, 'bytes=123456789012345-123456789012346', ranges('bytes', [123456789012345, 123456789012346])],
];

describe('rangeParser', () => {
  test('headers', () => {
    for (const [size, header, expected] of CASES) {
      assert.deepEqual(rangeParser(size, header), expected, `${size} ${JSON.stringify(header)}`);
    }
  });

  test('the result is an array of plain { start, end } objects with a type', () => {
    const result = rangeParser(1000, 'bytes=0-499,500-') as Ranges;
    assert.ok(Array.isArray(result));
    assert.equal(result.type, 'bytes');
    assert.deepEqual(Object.keys(result), ['0', '1', 'type']);
    assert.deepEqual(Object.keys(result[0]!), ['start', 'end']);
    assert.equal(Object.getPrototypeOf(result[0]), Object.prototype);
  });

  test('sizes that are not positive integers are used as range-parser 1.3 uses them', () => {
    assert.deepEqual(rangeParser(NaN, 'bytes=0-5'), ranges('bytes', [0, 5]));
    assert.equal(rangeParser(NaN, 'bytes=0-'), -2);
    assert.equal(rangeParser(NaN, 'bytes=-5'), -2);
    assert.deepEqual(rangeParser(Infinity, 'bytes=5-'), ranges('bytes', [5, Infinity]));
    assert.deepEqual(rangeParser(1.5, 'bytes=0-'), ranges('bytes', [0, 0.5]));
    assert.equal(rangeParser(-5, 'bytes=0-'), -1);
    assert.deepEqual(rangeParser('1000' as unknown as number, 'bytes=-5'), ranges('bytes', [995, 999]));
  });

  test('a header that is not a string throws a TypeError', () => {
    for (const header of [undefined, null, 5, {}, [], Buffer.from('bytes=0-1')]) {
      assert.throws(() => rangeParser(1000, header as string), {
        name: 'TypeError',
        message: 'argument str must be a string',
      });
    }
  });

  test('huge headers take linear time', () => {
    const n = 10_000;
    const list = Array.from({ length: n }, (_, i) => `${i * 10}-${i * 10 + 4}`).join(',');
    assert.equal((rangeParser(n * 10, `bytes=${list}`) as Ranges).length, n);
    assert.equal((rangeParser(n * 10, `bytes=${list}`, { combine: true }) as Ranges).length, n);
    const reversed = Array.from({ length: n }, (_, i) => `${(n - i) * 2}-${(n - i) * 2 + 1}`).join(',');
    assert.deepEqual(rangeParser(n * 10, `bytes=${reversed}`, { combine: true }), ranges('bytes', [2, n * 2 + 1]));
    // adversarial: no dashes, no commas, whitespace, digits, dashes, commas
    assert.equal(rangeParser(1000, `bytes=${'1'.repeat(100_000)}`), -2);
    assert.deepEqual(rangeParser(1000, `bytes=${' '.repeat(100_000)}1-`), ranges('bytes', [1, 999]));
    assert.equal(rangeParser(1000, `bytes=${'-'.repeat(100_000)}`), -2);
    assert.equal(rangeParser(1000, `bytes=${','.repeat(100_000)}`), -2);
    assert.equal((rangeParser(1000, `bytes=${'1-,'.repeat(50_000)}1-`) as Ranges).length, 50_001);
    assert.equal(rangeParser(1000, `bytes=${'='.repeat(100_000)}`), -2);
    assert.equal(rangeParser(1000, `bytes=${'0-1,'.repeat(50_000)}x`), -2);
    // time(8n) / time(n) in CPU time, no bound on elapsed time
    const listOf = (k: number) => Array.from({ length: k }, (_, i) => `${i * 10}-${i * 10 + 4}`).join(',');
    const back = (k: number) => Array.from({ length: k }, (_, i) => `${(k - i) * 2}-${(k - i) * 2 + 1}`).join(',');
    // n ranges: n = 256 keeps them under 2,048
    assertLinear(
      'rangeParser: many ranges',
      (k) => `bytes=${listOf(k)}`,
      (h) => rangeParser(1e9, h),
      { n: 256 },
    );
    assertLinear(
      'rangeParser: many ranges, combined',
      (k) => `bytes=${listOf(k)}`,
      (h) => rangeParser(1e9, h, { combine: true }),
      { n: 256 },
    );
    assertLinear(
      'rangeParser: reversed, combined',
      (k) => `bytes=${back(k)}`,
      (h) => rangeParser(1e9, h, { combine: true }),
      { n: 256 },
    );
    const shapes: [string, (k: number) => string, number?][] = [
      ['digits', (k) => `bytes=${'1'.repeat(k)}`],
      ['spaces', (k) => `bytes=${' '.repeat(k)}1`],
      ['"-" run', (k) => `bytes=${'-'.repeat(k)}`],
      ['"," run', (k) => `bytes=${','.repeat(k)}`],
      // k / 2 ranges: k = 2048 keeps them under 8,192
      ['"1-," run', (k) => `bytes=${'1-,'.repeat(k / 3)}1-`, 2048],
      ['spaces around a dash', (k) => `bytes=${' '.repeat(k / 2)}1-${' '.repeat(k / 2)}`],
      ['"=" run', (k) => `bytes=${'='.repeat(k)}`],
    ];
    for (const [label, build, k] of shapes) {
      assertLinear(`rangeParser: ${label}`, build, (h) => rangeParser(1000, h), { n: k });
    }
  });
});

describe('types', () => {
  test('results narrow with typeof, and the namespace holds the types', () => {
    const result: rangeParser.Ranges | rangeParser.Result = rangeParser(10, 'bytes=0-1');
    // @ts-expect-error: the header must be a string
    assert.throws(() => rangeParser(10, 5));
    if (typeof result === 'number') assert.fail('expected ranges');
    const first: rangeParser.Range = result[0]!;
    const options: rangeParser.Options = { combine: true };
    assert.deepEqual([first, result.type, options.combine], [{ start: 0, end: 1 }, 'bytes', true]);
  });
});
