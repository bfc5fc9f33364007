import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { etag } from '../src/index.js';

describe('etag', () => {
  describe('strings and Buffers: strong "<length hex>-<sha1 base64>"', () => {
    const cases: [string | Buffer, string][] = [
      ['', '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'],
      [Buffer.alloc(0), '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'],
      ['Hello, world!', '"d-lDpwLQbzRZmu4fjajvn3KWAx1pk"'],
      ['beep boop', '"9-fINXV39R1PCo05OqGqr7KIY9lCE"'],
      // the length is in bytes (UTF-8), not characters
      ['h\u00e9llo', '"6-NbXqRcXkH3i0apN8x01B3+qSCJA"'],
      // a lone surrogate is hashed and counted as U+FFFD, 3 bytes
      ['\uD800', '"3-m9t3J2wYUuH7BnggRygS/PYIQCQ"'],
      ['a'.repeat(1000), '"3e8-KR6abGaZSUm1e6XmUDYemPw2sbo"'],
      [Buffer.from([0, 1, 2, 255]), '"4-xiwnkk9Mln9e3bGFDAkdVMeiq1g"'],
      [Buffer.from('Hello, world!'), '"d-lDpwLQbzRZmu4fjajvn3KWAx1pk"'],
    ];
    for (const [entity, expected] of cases) {
      const label = Buffer.isBuffer(entity) ? `Buffer(${entity.length})` : JSON.stringify(entity.slice(0, 20));
      test(`${label} -> ${expected}`, () => {
        assert.equal(etag(entity), expected);
        assert.equal(etag(entity, {}), expected);
        assert.equal(etag(entity, { weak: false }), expected);
        assert.equal(etag(entity, { weak: true }), 'W/' + expected);
      });
    }
  });

  describe('fs.Stats: weak W/"<size hex>-<mtime ms hex>"', () => {
    const stats = { ctime: new Date(0), mtime: new Date(1_700_000_000_000), ino: 5, size: 1234 };

    test('a duck-typed stats object', () => {
      assert.equal(etag(stats), 'W/"4d2-18bcfe56800"');
      assert.equal(etag(stats, { weak: true }), 'W/"4d2-18bcfe56800"');
      assert.equal(etag(stats, { weak: false }), '"4d2-18bcfe56800"');
    });

    test('a real fs.Stats', () => {
      const st = statSync(fileURLToPath(import.meta.url));
      const expected = `W/"${st.size.toString(16)}-${st.mtime.getTime().toString(16)}"`;
      assert.equal(etag(st), expected);
      assert.equal(etag(st, { weak: false }), expected.slice(2));
    });

    test('a non-boolean weak option keeps the default', () => {
      assert.equal(etag(stats, { weak: 1 as unknown as boolean }), 'W/"4d2-18bcfe56800"');
      assert.equal(etag('beep boop', { weak: 'yes' as unknown as boolean }), '"9-fINXV39R1PCo05OqGqr7KIY9lCE"');
    });

    test('objects that only look partly like stats are rejected', () => {
      const partial: object[] = [
        { mtime: new Date(0), ino: 1, size: 1 },
        { ctime: new Date(0), mtime: 0, ino: 1, size: 1 },
        { ctime: new Date(0), mtime: new Date(0), ino: '1', size: 1 },
        { ctime: new Date(0), mtime: new Date(0), ino: 1 },
        { ctime: new Date(0), mtime: new Date(0), ino: 1, size: 1n },
      ];
      for (const obj of partial) {
        assert.throws(() => etag(obj as never), {
          name: 'TypeError',
          message: 'argument entity must be string, Buffer, or fs.Stats',
        });
      }
    });
  });

  test('the same tags with createHash, where crypto.hash is missing (node < 20.12)', () => {
    const script = `
      import crypto from 'node:crypto';
      import { syncBuiltinESMExports } from 'node:module';
      delete crypto.hash;
      syncBuiltinESMExports();
      const { etag } = await import(${JSON.stringify(new URL('../src/etag.ts', import.meta.url).href)});
      console.log(typeof (await import('node:crypto')).hash, etag('Hello, world!'), etag('h\\u00e9llo'), etag(Buffer.from([0, 1, 2, 255])));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('.', import.meta.url)),
    });
    assert.equal(
      out.trim(),
      'undefined "d-lDpwLQbzRZmu4fjajvn3KWAx1pk" "6-NbXqRcXkH3i0apN8x01B3+qSCJA" "4-xiwnkk9Mln9e3bGFDAkdVMeiq1g"',
    );
  });

  describe('errors', () => {
    test('argument entity is required', () => {
      for (const value of [undefined, null]) {
        assert.throws(() => etag(value as never), { name: 'TypeError', message: 'argument entity is required' });
      }
    });
    test('argument entity must be string, Buffer, or fs.Stats', () => {
      for (const value of [42, true, {}, [], new Uint8Array(2), () => 'x']) {
        assert.throws(() => etag(value as never), {
          name: 'TypeError',
          message: 'argument entity must be string, Buffer, or fs.Stats',
        });
      }
    });
  });
});
