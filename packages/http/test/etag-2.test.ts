// etag 2.0.0's `etag`, offered as `etag2` beside etag 1.8.1's `etag` (decision 033); written
// from etag 2.0.0's README and published code.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { etag, etag2 } from '../src/index.js';

/** What etag 2 writes for bytes: the length in base 32, `~`, the SHA-256 in base64url. */
const tagOf = (bytes: Buffer): string =>
  `"${bytes.length.toString(32)}~${createHash('sha256').update(bytes).digest('base64url')}"`;

describe('etag2: strings and ArrayBuffer views', () => {
  test('a strong tag: length in base 32 and SHA-256 base64url', () => {
    assert.equal(etag2('Hello, world!'), '"d~MV9b23bQeMQ7isAGTkoBZGErH853yGk0W_yUx1iU7dM"');
    assert.equal(etag2('Hello, world!'), tagOf(Buffer.from('Hello, world!')));
    assert.equal(etag2('caf\u00e9 \ud83d\ude00'), tagOf(Buffer.from('caf\u00e9 \ud83d\ude00')));
  });

  test('the empty body', () => {
    assert.equal(etag2(''), '"0~47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU"');
    assert.equal(etag2(Buffer.alloc(0)), etag2(''));
    assert.equal(etag2(new Uint8Array(0)), etag2(''));
  });

  test('any typed array or DataView: only the bytes within the view', () => {
    const backing = Buffer.from('..abcdef..');
    assert.equal(etag2(backing.subarray(2, 8)), etag2('abcdef'));
    assert.equal(etag2(new Uint8Array(backing.buffer, backing.byteOffset + 2, 6)), etag2('abcdef'));
    assert.equal(etag2(new DataView(backing.buffer, backing.byteOffset + 2, 6)), etag2('abcdef'));
    const floats = new Float64Array([1.5, -2]);
    assert.equal(etag2(floats), tagOf(Buffer.from(floats.buffer)));
  });

  test('large bodies (the streaming hash) give the same tag as hashing at once', () => {
    const big = 'x'.repeat(300_000);
    assert.equal(etag2(big), tagOf(Buffer.from(big)));
    assert.equal(etag2(Buffer.from(big)), etag2(big));
  });

  test('options.weak', () => {
    assert.equal(etag2('a', { weak: true }), `W/${etag2('a')}`);
    assert.equal(etag2('a', { weak: false }), etag2('a'));
    assert.equal(etag2('a', { weak: 1 as unknown as boolean }), etag2('a'), 'not a boolean: the default');
  });

  test('etag (1.8.1, what Express 5.3 sends) is unchanged', () => {
    assert.equal(etag('Hello, world!'), '"d-lDpwLQbzRZmu4fjajvn3KWAx1pk"');
  });
});

describe('etag2: file stats', () => {
  test('a weak tag: size and mtime in base 32', () => {
    const stat = { mtime: new Date(1_700_000_000_123), size: 1234 };
    assert.equal(etag2(stat), `W/"${(1234).toString(32)}~${(1_700_000_000_123).toString(32)}"`);
    assert.equal(etag2(stat, { weak: false }), `"${(1234).toString(32)}~${(1_700_000_000_123).toString(32)}"`);
  });

  test('fs.Stats and fs.BigIntStats of one file agree when their mtime is whole milliseconds', () => {
    const stat = statSync(new URL(import.meta.url));
    const tag = etag2(stat);
    assert.match(tag, /^W\/"[0-9a-v]+~-?[0-9a-v.]+"$/);
    const big = statSync(new URL(import.meta.url), { bigint: true });
    assert.equal(etag2(big).split('~')[0], tag.split('~')[0]);
  });

  test('odd times and sizes: negative, invalid, the last Date, a bigint size', () => {
    assert.equal(etag2({ mtime: new Date(-1000), size: 0 }), `W/"0~-v8"`);
    assert.equal(etag2({ mtime: new Date(Number.NaN), size: 1 }), 'W/"1~NaN"');
    assert.equal(
      etag2({ mtime: new Date(8.64e15), size: 2n ** 60n }),
      `W/"${(2n ** 60n).toString(32)}~${(8.64e15).toString(32)}"`,
    );
  });

  test('anything else is a TypeError', () => {
    for (const entity of [undefined, null, 5, {}, { mtime: 1, size: 1 }]) {
      assert.throws(() => etag2(entity as never), {
        name: 'TypeError',
        message: 'argument entity must be a string, an ArrayBuffer view or file stats',
      });
    }
  });
});
