import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { format, type BytesOptions } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

// [value, expected] with the default options: 1024-based units, 2 decimals, trailing zeros trimmed.
const DEFAULTS: [number, string][] = [
  [0, '0B'],
  [-0, '0B'],
  [1, '1B'],
  [1000, '1000B'],
  [1023, '1023B'],
  [1024, '1KB'],
  [1025, '1KB'],
  [1536, '1.5KB'],
  [-1536, '-1.5KB'],
  [1075.2, '1.05KB'],
  [1048576, '1MB'],
  [1073741824, '1GB'],
  [1099511627776, '1TB'],
  [1125899906842624, '1PB'],
  [1688849860263936000, '1500PB'],
  [1e21, '888178.42PB'],
  [1e300, '8.881784197001253e+284PB'],
  [1.5, '1.5B'],
  [0.5, '0.5B'],
  [-0.5, '-0.5B'],
  [0.004, '0B'],
  [0.005, '0.01B'],
  [-1, '-1B'],
  [Number.MAX_SAFE_INTEGER, '8PB'],
];

// [value, options, expected]
const OPTIONS: [number, BytesOptions | null, string][] = [
  // decimalPlaces
  [1536, { decimalPlaces: 0 }, '2KB'],
  [1536, { decimalPlaces: 1 }, '1.5KB'],
  [1536, { decimalPlaces: 5 }, '1.5KB'],
  [1100, { decimalPlaces: 3 }, '1.074KB'],
  [1234567, { decimalPlaces: 4 }, '1.1774MB'],
  [1024, { decimalPlaces: undefined }, '1KB'],
  // fixedDecimals
  [1536, { fixedDecimals: true }, '1.50KB'],
  [1024, { fixedDecimals: true }, '1.00KB'],
  [1024, { fixedDecimals: true, decimalPlaces: 3 }, '1.000KB'],
  [1024, { fixedDecimals: true, decimalPlaces: 0 }, '1KB'],
  [1536, { fixedDecimals: false }, '1.5KB'],
  // trailing zeros are trimmed only when no other zero comes before them (as bytes 3.1)
  [1541.12, { decimalPlaces: 5 }, '1.50500KB'],
  [1075.2, {}, '1.05KB'],
  // unit: case-insensitive, written as given; unknown or empty → automatic
  [1024, { unit: 'b' }, '1024b'],
  [1024, { unit: 'B' }, '1024B'],
  [1024, { unit: 'kb' }, '1kb'],
  [1024, { unit: 'KB' }, '1KB'],
  [1024, { unit: 'Kb' }, '1Kb'],
  [1536, { unit: 'mb' }, '0mb'],
  [1536, { unit: 'MB', decimalPlaces: 6 }, '0.001465MB'],
  [1073741824, { unit: 'gb' }, '1gb'],
  [1099511627776, { unit: 'tb' }, '1tb'],
  [1125899906842624, { unit: 'pb' }, '1pb'],
  [1048576, { unit: 'kb' }, '1024kb'],
  [1024, { unit: 'xx' as 'b' }, '1KB'],
  [1024, { unit: '' as 'b' }, '1KB'],
  // toFixed switches to exponent notation from 1e21; the exponent counts as decimals
  [1e21, { unit: 'b' }, '1e+21b'],
  [1e25, { unit: 'b', fixedDecimals: true }, '1e+25b'],
  [1.5e300, { unit: 'b' }, '1.5e+3b'],
  [1.05e300, { unit: 'b' }, '1.05e+300b'],
  // thousandsSeparator: integer part only
  [1234567, { thousandsSeparator: ',' }, '1.18MB'],
  [1234567, { unit: 'b', thousandsSeparator: ',' }, '1,234,567b'],
  [-1234567, { unit: 'b', thousandsSeparator: ',' }, '-1,234,567b'],
  [-1234567.5, { unit: 'b', thousandsSeparator: ',', decimalPlaces: 1 }, '-1,234,567.5b'],
  [1234567.891, { unit: 'b', thousandsSeparator: ',' }, '1,234,567.89b'],
  [1234567.891, { unit: 'b', thousandsSeparator: ',', decimalPlaces: 5 }, '1,234,567.891b'],
  [1000, { thousandsSeparator: '.' }, '1.000B'],
  [999, { unit: 'b', thousandsSeparator: ',' }, '999b'],
  [123456, { unit: 'b', thousandsSeparator: ' ' }, '123 456b'],
  [1234567, { unit: 'b', thousandsSeparator: '--' }, '1--234--567b'],
  [1048576000, { unit: 'kb', thousandsSeparator: ',' }, '1,024,000kb'],
  [1e21, { unit: 'b', thousandsSeparator: ',' }, '1e+21b'],
  [1688849860263936000, { thousandsSeparator: ' ' }, '1 500PB'],
  [1234567, { unit: 'b', thousandsSeparator: '' }, '1234567b'],
  // a separator holding `$` is a String#replace pattern, as in bytes 3.1
  [1234567, { unit: 'b', thousandsSeparator: '$$' }, '1$234$567b'],
  [1234567, { unit: 'b', thousandsSeparator: '$&' }, '1234567b'],
  [1234567, { unit: 'b', thousandsSeparator: '$1' }, '1567234567567b'],
  [1234567.5, { unit: 'b', thousandsSeparator: '$`' }, '112341234567.5b'],
  // unitSeparator
  [1024, { unitSeparator: ' ' }, '1 KB'],
  [1536, { unitSeparator: '\t', unit: 'kb' }, '1.5\tkb'],
  [1024, { unitSeparator: '' }, '1KB'],
  // no options
  [1024, null, '1KB'],
  [1024, {}, '1KB'],
  // everything at once
  [
    1234567.891,
    { unit: 'b', thousandsSeparator: ',', unitSeparator: ' ', fixedDecimals: true, decimalPlaces: 3 },
    '1,234,567.891 b',
  ],
];

describe('format', () => {
  test('default options', () => {
    for (const [value, expected] of DEFAULTS) assert.equal(format(value), expected, String(value));
  });

  test('options', () => {
    for (const [value, options, expected] of OPTIONS) {
      assert.equal(format(value, options), expected, `${value} ${JSON.stringify(options)}`);
    }
  });

  test('values that are not finite numbers give null', () => {
    for (const value of [NaN, Infinity, -Infinity, '1024', null, undefined, {}, [], true]) {
      assert.equal(format(value as number), null, String(value));
    }
  });

  test('options that are not objects are ignored', () => {
    assert.equal(format(1536, 'abc' as BytesOptions), '1.5KB');
  });

  test('decimalPlaces out of range throws toFixed’s RangeError', () => {
    assert.throws(() => format(1, { decimalPlaces: 101 }), RangeError);
    assert.throws(() => format(1, { decimalPlaces: -1 }), RangeError);
  });

  test('a non-string unit throws a TypeError (as bytes 3.1)', () => {
    assert.throws(() => format(1024, { unit: 5 as unknown as 'b' }), TypeError);
  });

  test('a thousandsSeparator that is not a string goes through String#replace', () => {
    const calls: unknown[][] = [];
    const sep = (...args: unknown[]) => (calls.push(args), '_');
    assert.equal(format(1234567, { unit: 'b', thousandsSeparator: sep as unknown as string }), '1_234_567b');
    assert.deepEqual(calls, [
      ['', '567', 1, '1234567'],
      ['', '567', 4, '1234567'],
    ]);
    assert.equal(format(1234567, { unit: 'b', thousandsSeparator: 5 as unknown as string }), '152345567b');
  });

  test('unit names that are Object.prototype keys are not units (differs from bytes 3.1)', () => {
    for (const unit of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      assert.equal(format(1536, { unit: unit as 'b' }), '1.5KB', unit);
    }
  });

  test('long inputs take linear time', () => {
    assert.equal(
      format(Number.MAX_VALUE, { unit: 'b', thousandsSeparator: ',', decimalPlaces: 100 }),
      '1.7976931348623157e+308b',
    );
    const separator = (n: number): BytesOptions => ({ unit: 'b', thousandsSeparator: 'x'.repeat(n) });
    assert.equal(format(1e20, separator(10_000))!.length, 21 + 6 * 10_000 + 1);
    // The output has 6n characters: n = 1024 keeps it between 6 and 48 kB. A ratio, not a time.
    assertLinear('format: long thousands separator', separator, (options) => format(1e20, options), { n: 1024 });
  });
});
