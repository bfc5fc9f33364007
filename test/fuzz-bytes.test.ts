// Property-based tests of @brisk/bytes: parse of any string is what the README's grammar says (a
// unit size, else parseInt, else null) and never throws; format → parse round-trips within the
// rounding of two decimals (exactly in bytes); parse is linear.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import bytes, { format, parse } from '@brisk/bytes';
import { assertLinear, check, fc, hostile } from './support/fuzz.js';

const UNITS: Record<string, number> = { kb: 2 ** 10, mb: 2 ** 20, gb: 2 ** 30, tb: 2 ** 40, pb: 2 ** 50 };

/** The README's reading: `[+-] digits [. digits] *" " unit` (unit in any ASCII case), else parseInt, else null. */
function model(value: string): number | null {
  const m = /^([+-]?[0-9]+(?:\.[0-9]+)?) *([kKmMgGtTpP][bB])$/.exec(value);
  if (m) return Math.floor(parseFloat(m[1]!) * UNITS[m[2]!.toLowerCase()]!);
  const n = parseInt(value, 10);
  return Number.isNaN(n) ? null : n;
}

const BYTES_SPECIALS = [
  '1',
  '5',
  '0',
  '1024',
  '.',
  '.5',
  '-',
  '+',
  ' ',
  '  ',
  '\t',
  'kb',
  'KB',
  'mB',
  'gb',
  'tb',
  'pb',
  'b',
  'B',
  'e3',
  'Infinity',
  '\u00a0',
  'K',
  'ｋｂ',
  '١',
];

describe('@brisk/bytes', () => {
  test('parse of any string: the documented reading, an integer or null, never a throw', () => {
    check(
      fc.property(hostile(BYTES_SPECIALS, { maxParts: 10, maxRun: 6 }), (value) => {
        const result = parse(value);
        assert.equal(result, model(value), JSON.stringify(value));
        assert.equal(bytes(value), result);
      }),
      360,
    );
  });

  test('format → parse: within two decimals of the unit; exact with unit b', () => {
    check(
      fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), (n) => {
        const text = format(n);
        assert.ok(text !== null);
        const back = parse(text);
        assert.ok(back !== null);
        // two decimals of the largest unit reached (≥ 1): at most 0.5 % off, plus the rounding down
        assert.ok(Math.abs(back - n) <= Math.abs(n) * 0.005 + 1, `${n} → ${text} → ${back}`);
        assert.equal(parse(format(n, { unit: 'b' })!), n);
        assert.equal(
          parse(format(n, { unitSeparator: ' ', unit: 'KB', decimalPlaces: 10 })!),
          model(format(n, { unitSeparator: ' ', unit: 'KB', decimalPlaces: 10 })!),
        );
      }),
      240,
    );
  });

  test('format of anything but a finite number is null; bytes() of anything but a string or number is null', () => {
    check(
      fc.property(fc.oneof(fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -Infinity), fc.string()), (value) => {
        assert.equal(format(value as number), null);
      }),
      30,
    );
    check(
      fc.property(fc.oneof(fc.boolean(), fc.object(), fc.constant(null), fc.constant(undefined)), (value) => {
        assert.equal(bytes(value as never), null);
      }),
      30,
    );
  });

  test('parse grows linearly with hostile input', () => {
    assertLinear(
      'long number',
      (n) => '9'.repeat(n) + 'kb',
      (v) => parse(v),
    );
    assertLinear(
      'spaces before the unit',
      (n) => '1' + ' '.repeat(n) + 'kb',
      (v) => parse(v),
    );
    assertLinear(
      'almost a unit',
      (n) => '1.'.repeat(n / 2) + 'kb',
      (v) => parse(v),
    );
  });
});
