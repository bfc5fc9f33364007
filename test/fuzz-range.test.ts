// Property-based tests of @brisk/range: any header gives -2, -1 or ranges inside the resource,
// exactly as range-parser 1.3.0's documented reading (split on ",", cut each spec at its first
// "-", each side trimmed and digits only); printed ranges parse back; `combine` merges into
// disjoint ranges covering the same bytes; parsing is linear in the header.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import rangeParser, { combineRanges, format, parse, type Range } from '@brisk/range';
import { assertLinear, check, fc, hostile } from './support/fuzz.js';

/** A position as range-parser 1.3 reads one: ASCII digits only, else NaN. */
const position = (side: string): number => (/^[0-9]+$/.test(side) ? Number(side) : Number.NaN);

/** The reading the README documents (range-parser 1.3.0's, in its plain form). */
function model(size: number, header: string): -1 | -2 | Range[] {
  const eq = header.indexOf('=');
  if (eq === -1) return -2;
  const out: Range[] = [];
  for (const spec of header.slice(eq + 1).split(',')) {
    const dash = spec.indexOf('-');
    if (dash === -1) return -2;
    const first = spec.slice(0, dash).trim();
    const last = spec.slice(dash + 1).trim();
    let start = position(first);
    let end = position(last);
    if (first === '') {
      start = size - end;
      end = size - 1;
    } else if (last === '') {
      end = size - 1;
    }
    if (end > size - 1) end = size - 1;
    if (Number.isNaN(start) || Number.isNaN(end)) return -2;
    if (start > end || start < 0) continue;
    out.push({ start, end });
  }
  return out.length ? out : -1;
}

const RANGE_SPECIALS = [
  'bytes=',
  '=',
  ',',
  ',',
  '-',
  '-',
  ' ',
  '\t',
  '+',
  '0',
  '1',
  '5',
  '9',
  '10',
  '99999999999999999999',
  '.5',
  'e3',
  '\u00a0',
  '\u2028',
  '\ufeff',
  'x',
];
const headers = hostile(RANGE_SPECIALS, { maxParts: 24, maxRun: 20 });
const sizes = fc.oneof(fc.nat({ max: 2000 }), fc.constantFrom(0, 1, 2 ** 31, 2 ** 53 - 1));

/** The bytes a list of ranges covers, as sorted disjoint [start, end] intervals. */
function union(ranges: Range[]): Array<[number, number]> {
  const sorted = ranges.map((r) => [r.start, r.end] as [number, number]).sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

describe('@brisk/range: any header', () => {
  test('gives what the documented reading gives: -2 without "=", -1 when nothing is satisfiable, else the ranges', () => {
    check(
      fc.property(sizes, headers, (size, header) => {
        const result = rangeParser(size, header);
        const expected = model(size, header);
        if (typeof expected === 'number') {
          assert.equal(result, expected);
          return;
        }
        assert.ok(Array.isArray(result));
        assert.equal(result.type, header.slice(0, header.indexOf('=')));
        assert.deepEqual([...result], expected);
        for (const { start, end } of result) {
          assert.ok(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end < size);
        }
      }),
      360,
    );
  });

  test('combine: disjoint, non-adjacent ranges covering exactly the same bytes', () => {
    check(
      fc.property(sizes, headers, (size, header) => {
        const plain = rangeParser(size, header);
        const combined = rangeParser(size, header, { combine: true });
        if (typeof plain === 'number') {
          assert.equal(combined, plain);
          return;
        }
        assert.ok(Array.isArray(combined));
        assert.equal(combined.type, plain.type);
        assert.deepEqual(union(combined), union(plain));
        assert.equal(union(combined).length, combined.length, 'no two combined ranges overlap or touch');
      }),
      240,
    );
  });

  test('not a string: the documented TypeError', () => {
    check(
      fc.property(fc.oneof(fc.integer(), fc.constant(undefined), fc.constant(null), fc.object()), (header) => {
        assert.throws(() => rangeParser(100, header as never), {
          name: 'TypeError',
          message: 'argument str must be a string',
        });
      }),
      30,
    );
  });
});

describe('@brisk/range: printed ranges parse back', () => {
  test('bytes=a-b,c-,-d within the size read back in order', () => {
    const spec = fc.oneof(
      fc.tuple(fc.nat({ max: 999 }), fc.nat({ max: 999 })).map(([a, b]) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        return { text: `${start}-${end}`, range: { start, end } };
      }),
      fc.nat({ max: 999 }).map((start) => ({ text: `${start}-`, range: { start, end: 999 } })),
      fc.integer({ min: 1, max: 1000 }).map((len) => ({ text: `-${len}`, range: { start: 1000 - len, end: 999 } })),
    );
    check(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 10 }), fc.constantFrom(',', ', ', ' ,\t'), (specs, sep) => {
        const result = rangeParser(1000, 'bytes=' + specs.map((s) => s.text).join(sep));
        assert.ok(Array.isArray(result));
        assert.equal(result.type, 'bytes');
        assert.deepEqual(
          [...result],
          specs.map((s) => s.range),
        );
      }),
      180,
    );
  });
});

// range-parser 2 (decision 033): parse never throws for a valid size, every range it returns is
// one range-parser 1.2 would return for that element, combineRanges covers the same bytes
describe('@brisk/range: range-parser 2 API', () => {
  test('parse: { code, type, ranges }, ranges inside the resource, code 0 to 3', () => {
    check(
      fc.property(sizes, headers, (size, header) => {
        const { code, type, ranges } = parse(size, header);
        assert.ok(code >= 0 && code <= 3);
        assert.equal(type, header.includes('=') ? header.slice(0, header.indexOf('=')).toLowerCase() : '');
        for (const { start, end } of ranges) {
          assert.ok(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end < size);
        }
        if (!header.includes('=')) assert.equal(code, 1);
        // parse, as range-parser 2's, takes any text before `=` as the unit (`,bytes` too); format
        // writes only a token (RFC 9110 §5.6.2) and throws `Invalid range type` for anything else
        const unit = type || 'x';
        if (ranges.length > 0 && /^[!#$%&'*+\-.^_`|~0-9a-z]+$/.test(unit))
          assert.equal(format({ type: unit, ranges }).startsWith(`${unit}=`), true);
      }),
      360,
    );
  });

  test('a unit that is not a token: parse takes it as it is, format refuses it (fast-check found `,bytes=-1`)', () => {
    const { code, type, ranges } = parse(1, ',bytes=-1');
    assert.deepEqual({ code, type, ranges }, { code: 0, type: ',bytes', ranges: [{ start: 0, end: 0 }] });
    assert.throws(() => format({ type, ranges }), { name: 'TypeError', message: 'Invalid range type' });
  });

  test('combineRanges: disjoint, non-adjacent ranges covering the same bytes, each with the smallest index', () => {
    check(
      fc.property(fc.array(fc.tuple(fc.nat(200), fc.nat(50)), { maxLength: 12 }), (pairs) => {
        const ranges = pairs.map(([start, length]) => ({ start, end: start + length }));
        const combined = combineRanges(ranges);
        assert.deepEqual(union([...combined]), union(ranges));
        assert.equal(union([...combined]).length, combined.length);
        for (let i = 1; i < combined.length; i++) assert.ok(combined[i - 1]!.index < combined[i]!.index);
      }),
      240,
    );
  });

  test('format → parse round-trips', () => {
    check(
      fc.property(fc.array(fc.tuple(fc.nat(999), fc.nat(999)), { minLength: 1, maxLength: 8 }), (pairs) => {
        const ranges = pairs.map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));
        assert.deepEqual(parse(1000, format({ type: 'bytes', ranges })), { code: 0, type: 'bytes', ranges });
      }),
      120,
    );
  });

  test('parse is linear', () => {
    assertLinear(
      'parse: "-" runs',
      (n) => 'bytes=' + '-'.repeat(n),
      (h) => parse(1e6, h),
    );
    assertLinear(
      'parse: ", " runs',
      (n) => 'bytes=' + ', '.repeat(n / 2),
      (h) => parse(1e6, h),
    );
    assertLinear(
      'parse: "1," runs then "-"',
      (n) => 'bytes=' + '1,'.repeat(n / 2) + '-',
      (h) => parse(1e6, h),
    );
  });
});

describe('@brisk/range: time grows linearly with hostile input', () => {
  const shapes: Array<[string, (n: number) => string, number?]> = [
    [', runs', (n) => 'bytes=' + ','.repeat(n)],
    ['- runs', (n) => 'bytes=' + '-'.repeat(n)],
    ['long number', (n) => 'bytes=' + '9'.repeat(n) + '-' + '9'.repeat(n)],
    ['whitespace', (n) => 'bytes=' + ' \t\u00a0'.repeat(n / 3) + '1-2'],
    ['many ranges', (n) => 'bytes=' + '0-1,'.repeat(n / 4), 2048],
  ];
  for (const [label, build, n] of shapes) {
    test(label, () => {
      assertLinear(label, build, (h) => rangeParser(1e6, h), n ? { n } : {});
    });
  }

  test('combine: many overlapping ranges', () => {
    assertLinear(
      'combine',
      (n) =>
        'bytes=' + Array.from({ length: n / 8 }, (_, i) => `${(i * 7919) % 1000}-${((i * 7919) % 1000) + 3}`).join(','),
      (h) => rangeParser(1e6, h, { combine: true }),
      { n: 2048 },
    );
  });
});
