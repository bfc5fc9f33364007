// range-parser 2.0.0's parse, combineRanges and format, as named exports and as properties of
// range-parser 1.2's function; written from range-parser 2.0.0's README and published code.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import rangeParser, { combineRanges, format, parse, type ParseResult, type Ranges } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const r = (start: number, end: number) => ({ start, end });

describe('parse(size, str): always { code, type, ranges }', () => {
  // [size, header, code, type, ranges]
  const cases: [number, string, number, string, { start: number; end: number }[]][] = [
    [1000, 'bytes=0-499', 0, 'bytes', [r(0, 499)]],
    [1000, 'bytes=0-499,500-999', 0, 'bytes', [r(0, 499), r(500, 999)]],
    [1000, 'bytes=-100', 0, 'bytes', [r(900, 999)]],
    [1000, 'bytes=-2000', 0, 'bytes', [r(0, 999)]],
    [1000, 'bytes=900-', 0, 'bytes', [r(900, 999)]],
    [1000, 'bytes=0-5000', 0, 'bytes', [r(0, 999)]],
    [1000, 'Bytes=0-1', 0, 'bytes', [r(0, 1)]],
    [1000, 'items=0-1', 0, 'items', [r(0, 1)]],
    // empty list elements and OWS around elements are allowed
    [1000, 'bytes= 0-1 ,\t, 5-6 ,', 0, 'bytes', [r(0, 1), r(5, 6)]],
    // malformed (bit 1): no "=", no element, no "-", "-" alone, non-digits, reversed
    [1000, 'bytes', 1, '', []],
    [1000, 'bytes=', 1, 'bytes', []],
    [1000, 'bytes= , ', 1, 'bytes', []],
    [1000, 'bytes=5', 1, 'bytes', []],
    [1000, 'bytes=-', 1, 'bytes', []],
    [1000, 'bytes=a-1', 1, 'bytes', []],
    [1000, 'bytes=+1-2', 1, 'bytes', []],
    [1000, 'bytes= 1 - 2', 1, 'bytes', []],
    [1000, 'bytes=1-2-3', 1, 'bytes', []],
    [1000, 'bytes=9-5', 1, 'bytes', []],
    [1000, 'bytes=0-1,x', 1, 'bytes', [r(0, 1)]],
    // unsatisfiable (bit 2)
    [1000, 'bytes=1000-', 2, 'bytes', []],
    [1000, 'bytes=1000-1001', 2, 'bytes', []],
    [1000, 'bytes=0-1,2000-', 2, 'bytes', [r(0, 1)]],
    [1000, 'bytes=2000-,x', 3, 'bytes', []],
    [0, 'bytes=0-', 2, 'bytes', []],
    // a nonzero suffix of an empty resource: neither a range nor an error
    [0, 'bytes=-5', 0, 'bytes', []],
    [0, 'bytes=-0', 2, 'bytes', []],
  ];
  for (const [size, header, code, type, ranges] of cases) {
    test(`${size} ${JSON.stringify(header)}`, () => {
      const result: ParseResult = parse(size, header);
      assert.deepEqual(result, { code, type, ranges });
    });
  }

  test('the size must be a safe integer, 0 or more', () => {
    for (const size of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '10' as unknown as number]) {
      assert.throws(() => parse(size, 'bytes=0-1'), { name: 'TypeError', message: `Invalid size: ${size}` });
    }
  });

  test('a header that is not a string: TypeError', () => {
    assert.throws(() => parse(10, undefined as unknown as string), TypeError);
  });

  test('the module function (which send uses) stays range-parser 1.x: an array or -1/-2', () => {
    assert.deepEqual(
      [...(rangeParser(1000, 'bytes=1-2, 5-') as Ranges)],
      [
        { start: 1, end: 2 },
        { start: 5, end: 999 },
      ],
    );
    assert.equal(rangeParser(1000, 'bytes'), -2);
    assert.equal(rangeParser(1000, 'bytes=+1-2'), -2); // range-parser 1.3: digits only
    assert.equal(rangeParser(1000, 'bytes=2000-'), -1);
  });

  test('linear time', () => {
    assertLinear(
      'parse: many ranges',
      (n) => `bytes=${'0-1,'.repeat(n / 4)}`,
      (s) => parse(1000, s),
    );
    assertLinear(
      'parse: many empty elements',
      (n) => `bytes=${' ,'.repeat(n / 2)}`,
      (s) => parse(1000, s),
    );
    assertLinear(
      'parse: elements without "-"',
      (n) => `bytes=${'1,'.repeat(n / 2)}-1`,
      (s) => parse(1000, s),
    );
  });
});

describe('combineRanges(ranges)', () => {
  test('merges overlapping and adjacent ranges, keeping the smallest request index', () => {
    assert.deepEqual(combineRanges([r(0, 4), r(5, 9)]), [{ start: 0, end: 9, index: 0 }]);
    assert.deepEqual(combineRanges([r(20, 29), r(0, 4), r(3, 10)]), [
      { start: 20, end: 29, index: 0 },
      { start: 0, end: 10, index: 1 },
    ]);
    // a range wholly inside an earlier-started one still lends it its smaller index
    assert.deepEqual(combineRanges([r(5, 6), r(0, 10)]), [{ start: 0, end: 10, index: 0 }]);
    assert.deepEqual(combineRanges([r(0, 1), r(3, 4)]), [
      { start: 0, end: 1, index: 0 },
      { start: 3, end: 4, index: 1 },
    ]);
    assert.deepEqual(combineRanges([]), []);
  });

  test('the input is not changed', () => {
    const input = [r(0, 4), r(2, 9)];
    combineRanges(input);
    assert.deepEqual(input, [r(0, 4), r(2, 9)]);
  });

  test('with parse', () => {
    assert.deepEqual(combineRanges(parse(100, 'bytes=50-60, 0-10, 55-70').ranges), [
      { start: 50, end: 70, index: 0 },
      { start: 0, end: 10, index: 1 },
    ]);
  });
});

describe('format({ type, ranges })', () => {
  test('writes a Range header value', () => {
    assert.equal(format({ type: 'bytes', ranges: [r(0, 99)] }), 'bytes=0-99');
    assert.equal(format({ type: 'bytes', ranges: [r(0, 0), r(200, 299)] }), 'bytes=0-0,200-299');
  });

  test('its errors', () => {
    const errors: [Parameters<typeof format>[0], string][] = [
      [{ type: '', ranges: [r(0, 1)] }, 'Invalid range type'],
      [{ type: 'by tes', ranges: [r(0, 1)] }, 'Invalid range type'],
      [{ type: 'bytes', ranges: [] }, 'At least one range is required'],
      [{ type: 'bytes', ranges: [r(-1, 1)] }, 'Invalid range'],
      [{ type: 'bytes', ranges: [r(2, 1)] }, 'Invalid range'],
      [{ type: 'bytes', ranges: [r(0, 1.5)] }, 'Invalid range'],
      [{ type: 'bytes', ranges: [r(0, 2 ** 53)] }, 'Invalid range'],
    ];
    for (const [obj, message] of errors) assert.throws(() => format(obj), { name: 'TypeError', message });
  });

  test('parse(format(x)) gives x back', () => {
    const ranges = [r(0, 9), r(20, 29)];
    assert.deepEqual(parse(100, format({ type: 'bytes', ranges })), { code: 0, type: 'bytes', ranges });
  });
});

describe('the module shape', () => {
  // (the built CommonJS module: scripts/check-dist.mjs checks that every ESM name is a property)
  test('the named exports are properties of the module function', () => {
    assert.equal(rangeParser.parse, parse);
    assert.equal(rangeParser.combineRanges, combineRanges);
    assert.equal(rangeParser.format, format);
  });
});
