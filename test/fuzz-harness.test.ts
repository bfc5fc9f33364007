// The fuzz files' own tools (test/support/fuzz.ts) can fail: the time-growth check rejects a
// quadratic function and accepts a linear one, and the error check rejects undocumented errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertLinear, hasLoneSurrogate, onlyDocumentedErrors } from './support/fuzz.js';

/** Counts, for every position, the `x`s after it: quadratic in the input's length. */
function quadratic(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) for (let j = i; j < s.length; j++) if (s.charCodeAt(j) === 120) count++;
  return count;
}

/** Counts the `x`s: linear. */
function linear(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 120) count++;
  return count;
}

test('assertLinear rejects a quadratic function', () => {
  assert.throws(() => assertLinear('quadratic', (n) => 'x'.repeat(n), quadratic, { n: 300, minMs: 0.2 }), /time\(8n\)/);
});

test('assertLinear accepts a linear function', () => {
  const ratio = assertLinear('linear', (n) => 'x'.repeat(n), linear, { n: 20_000 });
  assert.ok(ratio > 1, `ratio ${ratio}`);
});

test('onlyDocumentedErrors passes results and documented errors, fails on others', () => {
  const allowed = [{ type: TypeError, message: 'bad' }];
  assert.equal(
    onlyDocumentedErrors(() => 1, allowed),
    1,
  );
  assert.equal(
    onlyDocumentedErrors(() => {
      throw new TypeError('bad');
    }, allowed),
    undefined,
  );
  assert.throws(() =>
    onlyDocumentedErrors(() => {
      throw new RangeError('bad');
    }, allowed),
  );
  assert.throws(() =>
    onlyDocumentedErrors(() => {
      throw new TypeError('other');
    }, allowed),
  );
});

test('hasLoneSurrogate', () => {
  assert.equal(hasLoneSurrogate('a😀b'), false);
  assert.equal(hasLoneSurrogate('a\uD800b'), true);
  assert.equal(hasLoneSurrogate('\uDC00'), true);
  assert.equal(hasLoneSurrogate('\uD800'), true);
});
