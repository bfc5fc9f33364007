import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

describe('escapeHtml', () => {
  const cases: [unknown, string][] = [
    ['', ''],
    ['plain text', 'plain text'],
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#39;'],
    ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
    ['a & b', 'a &amp; b'],
    ["it's", 'it&#39;s'],
    ['&amp;', '&amp;amp;'],
    ['<<>>', '&lt;&lt;&gt;&gt;'],
    ['x<', 'x&lt;'],
    ['<x', '&lt;x'],
    ['caf\u00e9 \u20ac =?;:', 'caf\u00e9 \u20ac =?;:'],
    [42, '42'],
    [null, 'null'],
    [undefined, 'undefined'],
    [true, 'true'],
    [{ toString: () => '<b>' }, '&lt;b&gt;'],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(String(input))} -> ${JSON.stringify(expected)}`, () => {
      assert.equal(escapeHtml(input), expected);
    });
  }

  test('returns the same string when nothing needs escaping', () => {
    const s = 'nothing to see here '.repeat(10);
    assert.equal(escapeHtml(s), s);
  });

  test('long inputs are handled in linear time', () => {
    const s = '<&>"\''.repeat(20_000);
    const out = escapeHtml(s);
    assert.equal(out.length, 20_000 * '&lt;&amp;&gt;&quot;&#39;'.length);
    assert.equal(out.slice(0, 48), '&lt;&amp;&gt;&quot;&#39;'.repeat(2));
    // time(8n) / time(n) in CPU time, no bound on elapsed time; the output is ~5n characters, so
    // n = 2048 keeps it between 10 and 80 kB
    assertLinear('escapeHtml: specials only', (n) => '<&>"\''.repeat(n / 5), escapeHtml, { n: 2048 });
  });
});
