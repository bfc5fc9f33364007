// Each package reads from the bottom up: no file imports (even for types only) a file that imports
// it back, directly or through others. An import circle decides nothing at run time when it is
// type-only, but it makes the reading order of a package a loop (issue 41; docs/contracts.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The package's source files and, for each, the files of the package it imports. */
function graphOf(src: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (/\.c?ts$/.test(entry.name)) files.push(join(dir, entry.name));
    }
  };
  walk(src);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // every import, export-from, import-equals-require and import type, as the compiler reads them
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps: string[] = [];
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(dirname(file), fileName);
      const target = [base.replace(/\.js$/, '.ts'), base.replace(/\.cjs$/, '.cts'), join(base, 'index.ts')].find((f) =>
        files.includes(f),
      );
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The import circles of a graph: its strongly connected parts of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('the check finds a circle, type-only ones included', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  assert.deepEqual(
    circles(graph).map((c) => c.sort()),
    [['a', 'b', 'c']],
  );
  assert.deepEqual(
    circles(
      new Map([
        ['a', ['b']],
        ['b', []],
      ]),
    ),
    [],
  );
});

for (const dir of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', dir, 'src');
  if (!existsSync(src)) continue;
  test(`packages/${dir}: no import circle among its source files`, () => {
    const found = circles(graphOf(src)).map((c) => c.map((f) => f.slice(src.length + 1)).sort());
    assert.deepEqual(found, []);
  });
}
