import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import bytes, { format, parse } from '../src/index.js';

describe('bytes()', () => {
  test('formats numbers, with options', () => {
    assert.equal(bytes(1024), '1KB');
    assert.equal(bytes(1000), '1000B');
    assert.equal(bytes(1536, { unitSeparator: ' ' }), '1.5 KB');
    assert.equal(bytes(1024, { unit: 'b', thousandsSeparator: ',' }), '1,024b');
    assert.equal(bytes(NaN), null);
    assert.equal(bytes(Infinity), null);
  });

  test('parses strings (options are ignored)', () => {
    assert.equal(bytes('1KB'), 1024);
    assert.equal(bytes('1.5 mb'), 1572864);
    assert.equal(bytes('1KB', { unit: 'mb' }), 1024);
    assert.equal(bytes('abc'), null);
    assert.equal(bytes(''), null);
  });

  test('anything else gives null', () => {
    for (const value of [null, undefined, {}, [], true, [1024], 10n]) {
      assert.equal(bytes(value as unknown as string), null, String(value));
    }
  });

  test('format and parse are properties of the default export, and the named exports', () => {
    assert.equal(bytes.format, format);
    assert.equal(bytes.parse, parse);
    assert.equal(bytes.name, 'bytes');
    assert.equal(typeof bytes, 'function');
  });
});

describe('types', () => {
  test('overloads, options and the namespace types', () => {
    const formatted: string | null = bytes(1024, { unit: 'Kb', decimalPlaces: 1 });
    const parsed: number | null = bytes('1kb');
    const options: bytes.BytesOptions = { unit: 'MB', thousandsSeparator: ',' };
    const unit: bytes.Unit = 'pb';
    // @ts-expect-error: not a unit
    const wrong: bytes.Unit = 'kib';
    // @ts-expect-error: format takes a number
    bytes.format('1024');
    assert.deepEqual([formatted, parsed, format(1, options), unit, wrong], ['1Kb', 1024, '0MB', 'pb', 'kib']);
  });
});
