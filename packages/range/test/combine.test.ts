import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import rangeParser, { type Ranges } from '../src/index.js';

/** An expected result: `type` and [start, end] pairs. */
function ranges(type: string, ...pairs: [number, number][]): Ranges {
  const out = pairs.map(([start, end]) => ({ start, end })) as Ranges;
  out.type = type;
  return out;
}

// [header, expected with combine: true] for a resource of 150 bytes
const COMBINE: [string, Ranges | -1 | -2][] = [
  // overlapping
  ['bytes=0-10,5-20', ranges('bytes', [0, 20])],
  ['bytes=0-10,5-8', ranges('bytes', [0, 10])],
  ['bytes=0-1,0-1', ranges('bytes', [0, 1])],
  // adjacent
  ['bytes=0-0,1-1,2-2', ranges('bytes', [0, 2])],
  ['bytes=0-4,5-9', ranges('bytes', [0, 9])],
  // a gap of one byte is not adjacent
  ['bytes=0-4,6-9', ranges('bytes', [0, 4], [6, 9])],
  // request order is kept
  ['bytes=0-4,90-99,5-75,100-199,101-102', ranges('bytes', [0, 75], [90, 149])],
  ['bytes=10-20,0-5,6-9', ranges('bytes', [0, 20])],
  ['bytes=50-60,0-10', ranges('bytes', [50, 60], [0, 10])],
  ['bytes=-1,0-0', ranges('bytes', [149, 149], [0, 0])],
  ['bytes=3-4,0-10,50-60,2-3', ranges('bytes', [0, 10], [50, 60])],
  // a merged range takes the earlier request position only when a range extends it (range-parser 1.2)
  ['bytes=5-8,20-30,0-10', ranges('bytes', [20, 30], [0, 10])],
  ['bytes=20-30,5-8,0-10', ranges('bytes', [20, 30], [0, 10])],
  ['bytes=5-12,20-30,0-10', ranges('bytes', [0, 12], [20, 30])],
  // suffix and open-ended ranges combine after being resolved
  ['bytes=-50,100-', ranges('bytes', [100, 149])],
  ['bytes=0-49,-100', ranges('bytes', [0, 149])],
  // the unit and the failures are as without combine
  ['items=0-1,2-3', ranges('items', [0, 3])],
  ['bytes=0-4', ranges('bytes', [0, 4])],
  ['bytes=200-300', -1],
  ['bytes', -2],
];

describe('rangeParser with combine', () => {
  test('combines overlapping and adjacent ranges, keeping request order', () => {
    for (const [header, expected] of COMBINE) {
      assert.deepEqual(rangeParser(150, header, { combine: true }), expected, header);
    }
  });

  test('without combine, ranges are returned as requested', () => {
    assert.deepEqual(rangeParser(150, 'bytes=0-10,5-20'), ranges('bytes', [0, 10], [5, 20]));
    assert.deepEqual(rangeParser(150, 'bytes=0-10,5-20', { combine: false }), ranges('bytes', [0, 10], [5, 20]));
    assert.deepEqual(rangeParser(150, 'bytes=0-10,5-20', {}), ranges('bytes', [0, 10], [5, 20]));
    assert.deepEqual(rangeParser(150, 'bytes=0-10,5-20', null), ranges('bytes', [0, 10], [5, 20]));
  });

  test('combine is read as truthy', () => {
    assert.deepEqual(
      rangeParser(150, 'bytes=0-10,5-20', { combine: 1 as unknown as boolean }),
      ranges('bytes', [0, 20]),
    );
  });

  test('combined results are new plain objects', () => {
    const result = rangeParser(150, 'bytes=0-10,5-20,30-40', { combine: true }) as Ranges;
    assert.deepEqual(Object.keys(result), ['0', '1', 'type']);
    assert.deepEqual(Object.keys(result[0]!), ['start', 'end']);
  });

  test('equal sizes with an infinite size keep request order', () => {
    assert.deepEqual(rangeParser(Infinity, 'bytes=9-,5-,5-6', { combine: true }), ranges('bytes', [5, Infinity]));
  });
});
