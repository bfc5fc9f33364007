import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

// [input, expected]
const STRINGS: [string, number | null][] = [
  // no unit: bytes
  ['1', 1],
  ['0', 0],
  ['1024', 1024],
  ['-1', -1],
  // units, case-insensitive, 1024-based, spaces (U+0020 only) before the unit
  ['1KB', 1024],
  ['1kb', 1024],
  ['1Kb', 1024],
  ['1kB', 1024],
  ['1 kb', 1024],
  ['1   kb', 1024],
  ['1.5 mb', 1572864],
  ['1.5MB', 1572864],
  ['1gb', 1073741824],
  ['1GB', 1073741824],
  ['1tb', 1099511627776],
  ['1pb', 1125899906842624],
  ['1PB', 1125899906842624],
  ['1.5tb', 1649267441664],
  ['123456789012345kb', 126419751948641280],
  ['1234567890123456kb', 1264197519486419000],
  // signs and rounding down
  ['+1.5kb', 1536],
  ['-1kb', -1024],
  ['-1.5kb', -1536],
  ['-1.0001kb', -1025],
  ['1.0000001kb', 1024],
  ['1.9999999kb', 2047],
  ['0.5kb', 512],
  ['0.0001kb', 0],
  ['-0', -0],
  ['-0kb', -0],
  // anything else is read as an integer number of bytes, like parseInt(value, 10)
  ['1b', 1],
  ['1B', 1],
  ['1 b', 1],
  ['1.5b', 1],
  ['1.999b', 1],
  ['1.5B', 1],
  ['1.5', 1],
  ['-1.5', -1],
  ['  10kb', 10],
  ['\n12', 12],
  ['\u00a012', 12],
  ['\ufeff12', 12],
  ['1\tkb', 1],
  ['1kb ', 1],
  ['1.kb', 1],
  ['1.5.5kb', 1],
  ['1e3', 1],
  ['1e3kb', 1],
  ['0x10', 0],
  ['1,024', 1],
  ['1_000', 1],
  ['10 mbps', 10],
  ['1xb', 1],
  ['1ab', 1],
  ['9007199254740993', 9007199254740992],
  // no number
  ['abc', null],
  ['', null],
  [' ', null],
  ['kb', null],
  ['-kb', null],
  ['+kb', null],
  ['.5kb', null],
];

describe('parse', () => {
  test('strings', () => {
    for (const [input, expected] of STRINGS) assert.equal(parse(input), expected, JSON.stringify(input));
  });

  test('numbers pass through, NaN gives null', () => {
    for (const n of [1024, 0, -5, 1.5, Infinity, -Infinity]) assert.equal(parse(n), n);
    assert.equal(parse(NaN), null);
  });

  test('values that are neither strings nor numbers give null', () => {
    for (const value of [null, undefined, {}, [], true, [1], 10n]) assert.equal(parse(value as string), null);
  });

  // Each shape: its result at n = 100,000, and time growing linearly with n (a ratio, no bound on
  // elapsed time).
  test('long adversarial inputs take linear time', () => {
    const shapes: [label: string, build: (n: number) => string, expected: number | null, n?: number][] = [
      ['digits, bad unit', (n) => '1'.repeat(n) + 'x', Infinity],
      ['digits, kb', (n) => '1'.repeat(n) + 'kb', Infinity],
      ['long fraction', (n) => '1.' + '5'.repeat(n) + ' kb', 1592],
      ['spaces before k', (n) => '1' + ' '.repeat(n) + 'k', 1],
      ['spaces before kb', (n) => '1' + ' '.repeat(n) + 'kb', 1024],
      ['leading spaces', (n) => ' '.repeat(n) + '1kb', 1],
      ['"+" run', (n) => '+'.repeat(n), null],
      // 2n characters: n = 4096 keeps them between 8 and 64 kB.
      ['"1." run', (n) => '1.'.repeat(n), 1, 4096],
    ];
    for (const [label, build, expected, n] of shapes) {
      assert.equal(parse(build(100_000)), expected, label);
      assertLinear(`parse: ${label}`, build, parse, { n });
    }
  });
});
