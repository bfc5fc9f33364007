// docs/upstream.md as scripts/upstream.mjs and scripts/sizes.mjs read it: one row per upstream
// package, the major lines each brisk package covers, and the version the app follows (decision 033).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error: a plain .mjs script without declarations
import { compare, line, newestInLine, readTable } from '../scripts/upstream.mjs';

interface Row {
  brisk: string;
  name: string;
  majors: string[];
  tracks: string;
  app: string | undefined;
  behind: string;
}

const rows: Row[] = readTable(readFileSync(new URL('../docs/upstream.md', import.meta.url), 'utf8'));

describe('docs/upstream.md', () => {
  test('one row per upstream package', () => {
    assert.ok(rows.length >= 33);
    assert.equal(new Set(rows.map((r) => r.name)).size, rows.length);
  });

  test('tracked versions: one per major line, oldest first; the app follows one of them', () => {
    for (const row of rows) {
      assert.deepEqual(row.majors.map(line), [...new Set(row.majors.map(line))], `${row.name}: one version per line`);
      assert.deepEqual([...row.majors].sort(compare), row.majors, `${row.name}: oldest first`);
      assert.equal(row.tracks, row.majors.at(-1));
      if (row.app !== undefined) assert.ok(row.majors.includes(row.app), `${row.name}: app ${row.app} is tracked`);
    }
  });

  test("the majors issue 36 added, and the app staying on Express 5.3's", () => {
    const of = (name: string) => rows.find((r) => r.name === name)!;
    assert.deepEqual([of('cookie').majors, of('cookie').app], [['0.7.2', '2.0.2'], '0.7.2']);
    assert.deepEqual([of('type-is').majors, of('type-is').app], [['2.1.0', '3.0.0'], '2.1.0']);
    assert.deepEqual([of('content-type').majors, of('content-type').app], [['1.0.5', '2.1.0', '3.1.1'], '2.1.0']);
    assert.deepEqual([of('range-parser').majors, of('range-parser').app], [['1.3.0', '2.0.0'], '1.3.0']);
    assert.deepEqual([of('etag').majors, of('etag').app], [['1.8.1', '2.0.0'], '1.8.1']);
    assert.deepEqual([of('encodeurl').majors, of('encodeurl').app], [['2.0.3', '3.0.1'], '2.0.3']);
    assert.deepEqual(
      [of('content-disposition').majors, of('content-disposition').app],
      [['1.1.0', '2.0.1', '3.1.0'], '2.0.1'],
    );
    assert.deepEqual([of('path-to-regexp').majors, of('path-to-regexp').app], [['0.1.13', '8.4.2', '9.0.0'], '8.4.2']);
    assert.match(of('raw-body').behind, /decision 035/);
  });

  test('the 4.x lines briskjs/express4 follows, beside the app staying on Express 5.3', () => {
    const of = (name: string) => rows.find((r) => r.name === name)!;
    assert.deepEqual([of('express').majors, of('express').app], [['4.22.3', '5.3.0'], '5.3.0']);
    assert.deepEqual([of('body-parser').majors, of('body-parser').app], [['1.20.9', '2.4.0'], '2.4.0']);
    assert.deepEqual([of('send').majors, of('send').app], [['0.19.2', '1.2.1'], '1.2.1']);
  });
});

describe('scripts/upstream.mjs helpers', () => {
  test('line: a 0.x minor is a major line', () => {
    assert.equal(line('0.7.2'), '0.7');
    assert.equal(line('2.0.2'), '2');
  });

  test("newestInLine: the newest release of a version's line, prereleases skipped", () => {
    const versions = ['0.7.1', '0.7.2', '1.0.2', '2.0.1', '2.0.2', '3.0.0-beta.1'];
    assert.equal(newestInLine(versions, '0.7.1'), '0.7.2');
    assert.equal(newestInLine(versions, '2.0.1'), '2.0.2');
    assert.equal(newestInLine(versions, '3.0.0'), '3.0.0');
  });

  test('readTable reads tracked lists and the app column', () => {
    const [row] = readTable('| `@brisk/x` | `x` | 1.2.3, 2.0.0 | 1.2.3 | why |\n| a | `y` | nope | — | |');
    assert.deepEqual(row, {
      brisk: '@brisk/x',
      name: 'x',
      majors: ['1.2.3', '2.0.0'],
      tracks: '2.0.0',
      app: '1.2.3',
      behind: 'why',
    });
  });
});
