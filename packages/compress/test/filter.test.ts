// The default filter against compressible 2.0.18 (what compression 1.8.2 uses), on every type
// of the mime-db it reads and on the ways a Content-Type is written; and the generator of the
// exceptions list (scripts/gen-compressible.mjs).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression, { filter } from '../src/index.js';
import { compressible } from '../src/filter.js';
import { SOURCE } from '../src/compressible-types.js';
import { assertLinear } from '../../../test/support/fuzz.js';
import { mimeDb, mimeDbJson, upstream, upstreamCompressible } from './upstream.js';

/** A response whose only header is Content-Type (what the filter reads). */
const withType = (type: unknown) => ({ getHeader: (name: string) => (name === 'Content-Type' ? type : undefined) });
const call = (fn: typeof filter | typeof upstream.filter, type: unknown) =>
  fn({} as IncomingMessage as never, withType(type) as unknown as ServerResponse as never);

describe('compression.filter', () => {
  test("is the module function's property and the named export, named as upstream's", () => {
    assert.equal(compression.filter, filter);
    assert.equal(typeof filter, 'function');
    assert.equal(filter.name, upstream.filter.name); // shouldCompress
    assert.equal(filter.length, 2);
  });

  test('answers as compressible 2.0.18 for every type of mime-db', () => {
    const differ: string[] = [];
    for (const type of Object.keys(mimeDb)) {
      for (const written of [type, type.toUpperCase(), `${type}; charset=utf-8`, ` ${type} ;x=y`]) {
        if (compressible(written) !== Boolean(upstreamCompressible(written))) differ.push(written);
        if (call(filter, written) !== call(upstream.filter, written)) differ.push(`filter: ${written}`);
      }
    }
    assert.deepEqual(differ, []);
    assert.ok(Object.keys(mimeDb).length > 2000);
  });

  test('answers as compressible for types mime-db does not know, and for odd values', () => {
    const cases: unknown[] = [
      'text/x-made-up',
      'application/x-bogus',
      'application/vnd.example+json',
      'application/vnd.example+JSON; q=1',
      'image/x-thing+xml',
      'application/problem+text',
      'application/json-seq',
      'foo/bar+jsonx',
      'TEXT/PLAIN',
      '\ttext/html',
      '\u00a0text/html', // JavaScript's \s includes NBSP, as compressible's expression reads it
      'text',
      '/',
      ';text/html',
      '',
      ' ',
      '__proto__',
      'constructor',
      'application/__proto__',
      'hasOwnProperty',
      undefined,
      null,
      42,
      ['text/html'],
      {},
    ];
    for (const type of cases) {
      assert.equal(compressible(type), Boolean(upstreamCompressible(type)), String(type));
      assert.equal(call(filter, type), call(upstream.filter, type), `filter(${String(type)})`);
    }
    // the usual suspects, spelled out
    assert.equal(compressible('application/json; charset=utf-8'), true);
    assert.equal(compressible('text/event-stream'), true);
    assert.equal(compressible('image/svg+xml'), true);
    assert.equal(compressible('application/octet-stream'), true); // mime-db 1.54 marks it so
    assert.equal(compressible('image/png'), false);
    assert.equal(compressible('application/zip'), false);
    assert.equal(compressible('video/mp4'), false);
  });

  test('is linear in the Content-Type length', () => {
    assertLinear('compressible(spaces)', (n) => `${' '.repeat(n)}x`, compressible);
    assertLinear('compressible(long subtype)', (n) => `text/${'a'.repeat(n)} `, compressible);
    assertLinear('compressible(suffix-like)', (n) => `a/${'+json'.repeat(n)}x`, compressible);
  });
});

describe('scripts/gen-compressible.mjs', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const script = join(root, 'scripts/gen-compressible.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'brisk-compressible-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

  test('the committed list is what mime-db 1.54.0 gives (the copy compressible reads)', () => {
    const result = run(mimeDbJson, '--check');
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /up to date \(mime-db 1\.54\.0\)/);
    assert.equal(SOURCE, 'mime-db 1.54.0');
  });

  test('lists the types whose mark the pattern does not give, both ways, and nothing else', () => {
    const sub = join(dir, 'fixture');
    mkdirSync(sub, { recursive: true });
    writeFileSync(
      join(sub, 'db.json'),
      JSON.stringify({
        'application/json': { compressible: true }, // the pattern misses it: listed
        'application/x-plain': { compressible: false }, // the pattern agrees: not listed
        'application/thing+json': { compressible: true }, // the pattern agrees: not listed
        'text/x-binary': { compressible: false }, // the pattern says yes: listed as an exception
        'image/png': {}, // no mark
      }),
    );
    writeFileSync(join(sub, 'package.json'), JSON.stringify({ name: 'mime-db', version: '9.9.9' }));
    const out = join(sub, 'out.ts');
    const result = run(join(sub, 'db.json'), '--out', out);
    assert.equal(result.status, 0, result.stderr);
    const code = readFileSync(out, 'utf8');
    assert.match(code, /^\/\/ Generated by scripts\/gen-compressible\.mjs from mime-db 9\.9\.9; do not edit\./);
    assert.match(code, /COMPRESSIBLE: readonly string\[\] = \[\n {2}'application\/json',\n\];/);
    assert.match(code, /INCOMPRESSIBLE: readonly string\[\] = \[\n {2}'text\/x-binary',\n\];/);
    // a malformed type is refused
    writeFileSync(join(sub, 'db.json'), JSON.stringify({ 'Bad Type': { compressible: true } }));
    assert.notEqual(run(join(sub, 'db.json'), '--out', out).status, 0);
  });
});
