import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml } from '../src/index.js';

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
    const t0 = performance.now();
    const out = escapeHtml(s);
    assert.ok(performance.now() - t0 < 1000);
    assert.equal(out.length, 20_000 * '&lt;&amp;&gt;&quot;&#39;'.length);
    assert.equal(out.slice(0, 48), '&lt;&amp;&gt;&quot;&#39;'.repeat(2));
  });
});
