import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTimeSpan } from '../src/index.js';
import type { TimeSpanGrammar } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

// parseTimeSpan reads as the `ms` package does: 2.1.3 by default (send's, for @brisk/static's
// maxAge), 2.0.0 with '2.0' (connect-timeout's, for @brisk/timeout). Both tables were checked
// against ms 2.1.3 and 2.0.0 themselves on the same inputs.

// [input, milliseconds or undefined], as ms 2.1.3 reads them
const CASES: [string, number | undefined][] = [
  ['1d', 86_400_000],
  ['2h', 7_200_000],
  ['1.5 days', 129_600_000],
  ['1.50 days', 129_600_000],
  ['100ms', 100],
  ['100', 100],
  ['1', 1],
  ['007', 7],
  ['0', 0],
  ['-1', -1],
  ['-.5h', -1_800_000],
  ['.5s', 500],
  ['0.0001ms', 0.0001],
  ['1 ', 1],
  ['1  s', 1000],
  ['1S', 1000],
  ['1 Sec', 1000],
  ['2 secs', 2000],
  ['1 second', 1000],
  ['3 seconds', 3000],
  ['5m', 300_000],
  ['5 min', 300_000],
  ['5 mins', 300_000],
  ['1 MIN', 60_000],
  ['1 minute', 60_000],
  ['2 minutes', 120_000],
  ['1 hr', 3_600_000],
  ['1 hrs', 3_600_000],
  ['1 hour', 3_600_000],
  ['2 hours', 7_200_000],
  ['1 day', 86_400_000],
  ['1w', 604_800_000],
  ['1 week', 604_800_000],
  ['3 weeks', 1_814_400_000],
  ['1y', 31_557_600_000],
  ['1 yr', 31_557_600_000],
  ['1 yrs', 31_557_600_000],
  ['1 year', 31_557_600_000],
  ['2 years', 63_115_200_000],
  ['10 msecs', 10],
  ['1 msec', 1],
  ['1 millisecond', 1],
  ['2 milliseconds', 2],
  ['999999999999999999999y', 3.15576e31],
  // not time spans
  ['', undefined],
  ['1.', undefined],
  ['1.2.3', undefined],
  ['  1s', undefined],
  ['1s ', undefined],
  ['1\n', undefined],
  ['abc', undefined],
  ['d', undefined],
  ['1x', undefined],
  ['1 e3', undefined],
  ['1e3', undefined],
  ['-', undefined],
  ['.', undefined],
  ['-.', undefined],
  ['+1', undefined],
  ['1 ms!', undefined],
  ['NaN', undefined],
  ['Infinity', undefined],
  ['1_000', undefined],
  ['\u0661', undefined], // Arabic-Indic digit one
  ['1\u017f', undefined], // long s: not "s" (no Unicode case folding)
  ['1\u212a', undefined], // Kelvin sign
  ['1 m\u0130n', undefined], // dotted capital I
];

// [input, ms 2.0.0's answer]: where 2.0 differs (no "-", no weeks) and what it shares with 2.1
const CASES_2_0: [string, number | undefined][] = [
  ['100', 100],
  ['1.5', 1.5],
  ['.5s', 500],
  ['5s', 5000],
  ['5 s', 5000],
  ['5  seconds', 5000],
  ['1m', 60_000],
  ['2 MINUTES', 120_000],
  ['1.5h', 5_400_000],
  ['1hr', 3_600_000],
  ['2d', 172_800_000],
  ['1y', 31_557_600_000],
  ['250ms', 250],
  ['3 msecs', 3],
  ['10 secs', 10_000],
  ['0', 0],
  ['', undefined],
  ['-1', undefined],
  ['-1s', undefined],
  ['-.5h', undefined],
  ['5 sec ', undefined],
  ['s', undefined],
  ['1w', undefined],
  ['1 week', undefined],
  ['3 WEEKS', undefined],
  ['1e3', undefined],
  ['0x10', undefined],
  ['1\u017f', undefined],
  ['1'.repeat(101), undefined],
];

describe('parseTimeSpan(str, "2.0") (ms 2.0.0 grammar)', () => {
  for (const [input, expected] of CASES_2_0) {
    test(`${JSON.stringify(input.length > 20 ? `${input.slice(0, 10)}…` : input)} → ${String(expected)}`, () => {
      assert.equal(parseTimeSpan(input, '2.0'), expected);
    });
  }

  test('every 2.1 case without "-" or a week reads the same under 2.0', () => {
    for (const [input, expected] of CASES) {
      if (input.includes('-') || /w/i.test(input)) continue;
      assert.equal(parseTimeSpan(input, '2.0'), expected, input);
    }
  });

  test('"2.1" is the default', () => {
    const grammar: TimeSpanGrammar = '2.1';
    assert.equal(parseTimeSpan('1w', grammar), parseTimeSpan('1w'));
    assert.equal(parseTimeSpan('-1s', grammar), -1000);
  });
});

describe('parseTimeSpan (ms 2.1 grammar)', () => {
  for (const [input, expected] of CASES) {
    test(`${JSON.stringify(input)} → ${String(expected)}`, () => {
      assert.equal(parseTimeSpan(input), expected);
    });
  }

  test('"-0" is negative zero, as parseFloat gives', () => {
    assert.ok(Object.is(parseTimeSpan('-0'), -0));
  });

  test('at most 100 characters are read', () => {
    const hundred = '1'.padStart(100, '0');
    assert.equal(parseTimeSpan(hundred), 1);
    assert.equal(parseTimeSpan('0' + hundred), undefined);
    assert.equal(parseTimeSpan('1' + ' '.repeat(98) + 's'), 1000);
    assert.equal(parseTimeSpan('1' + ' '.repeat(99) + 's'), undefined);
  });

  test('adversarial input takes linear time', () => {
    // [label, the input for size n, n of the large input]
    const shapes: [string, (n: number) => string, number][] = [
      ['digits', (n) => '1'.repeat(n), 20_000],
      ['spaces', (n) => '1 ' + ' '.repeat(n), 20_000],
      ['"." run', (n) => '.'.repeat(n), 20_000],
      ['digits then a letter', (n) => '1'.repeat(n) + 'x', 10_000],
      ['"-" run', (n) => '-'.repeat(n), 20_000],
    ];
    for (const [label, build, large] of shapes) {
      assert.equal(parseTimeSpan(build(large)), undefined, label);
      // time(8n) / time(n) in CPU time, no bound on elapsed time
      assertLinear(`parseTimeSpan: ${label}`, build, parseTimeSpan);
      assertLinear(`parseTimeSpan 2.0: ${label}`, build, (s: string) => parseTimeSpan(s, '2.0'));
    }
  });
});
