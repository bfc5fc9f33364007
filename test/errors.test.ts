// Every stable error code brisk raises has a section in docs/errors.md, and every section there
// belongs to a code that is still raised: both directions, for every package.
//
// How a package takes part (packages/path and packages/logger do; the app can join the same way):
// 1. `packages/<dir>/src/errors.ts` exports `ERRORS`, the table of the package's stable codes,
//    each mapped to the anchor of its section in docs/errors.md, as in packages/path/src/errors.ts:
//
//      export const ERRORS = { BRISK_ERR_APP_VIEW_LOOKUP: 'failed-to-look-up-view' } as const;
//
//    The code that raises an error or a warning takes its `code` from that table's keys.
// 2. docs/errors.md has a part `## <package name>` (`## @brisk/app`) with one `### Title` per code,
//    whose anchor (GitHub's: lower case, spaces to "-", other punctuation dropped) is the table's
//    value, and whose text names the code in backticks.
// Packages are found by listing packages/*/src/errors.ts; an errors.ts without `ERRORS` (such as
// @brisk/http's HttpError module) is not a table. A `BRISK_ERR_...` string in a package's sources
// that is missing from its table fails the test, so a new code cannot skip the docs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const docs = readFileSync(join(root, 'docs/errors.md'), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation but "-" and "_" dropped, spaces to "-". */
export function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}

/** The `## ` parts of a Markdown text by title, each split into its `### ` sections by anchor. */
export function parts(markdown: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const [title = '', ...rest] = part.split('\n');
    const sections = new Map<string, string>();
    for (const section of rest.join('\n').split(/^### /m).slice(1)) {
      const [heading = '', ...text] = section.split('\n');
      sections.set(anchor(heading), text.join('\n').trim());
    }
    out.set(title.trim(), sections);
  }
  return out;
}

/** Every `BRISK_ERR_...` string literal in the `.ts` files under `dir`. */
function codesUsedIn(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) for (const code of codesUsedIn(path)) found.add(code);
    else if (entry.endsWith('.ts')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/['"`](BRISK_ERR_[A-Z0-9_]+)['"`]/g))
        found.add(m[1] as string);
    }
  }
  return found;
}

interface Package {
  dir: string;
  name: string;
  /** The package's table of codes, or undefined without one. */
  errors: Readonly<Record<string, string>> | undefined;
}

const packages: Package[] = [];
for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const manifest = join(root, 'packages', dir, 'package.json');
  if (!existsSync(manifest)) continue;
  const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
  const file = join(root, 'packages', dir, 'src/errors.ts');
  const mod = existsSync(file) ? ((await import(pathToFileURL(file).href)) as { ERRORS?: unknown }) : {};
  const table = mod.ERRORS;
  const errors = table && typeof table === 'object' ? (table as Record<string, string>) : undefined;
  packages.push({ dir, name, errors });
}
const documented = parts(docs);

test('the markdown reader', () => {
  assert.equal(anchor('Express 4 syntax'), 'express-4-syntax');
  assert.equal(anchor('Log line failed'), 'log-line-failed');
  const read = parts('# t\n## @brisk/a\nintro\n### One thing\nx `A`\n### Other\ny\n## @brisk/b\n');
  assert.deepEqual([...read.keys()], ['@brisk/a', '@brisk/b']);
  assert.deepEqual([...(read.get('@brisk/a')?.keys() ?? [])], ['one-thing', 'other']);
  assert.equal(read.get('@brisk/a')?.get('one-thing'), 'x `A`');
});

test('at least the packages known to raise codes have a table', () => {
  const withTables = packages.filter((p) => p.errors).map((p) => p.name);
  for (const name of ['@brisk/path', '@brisk/logger']) assert.ok(withTables.includes(name), name);
});

for (const pkg of packages) {
  describe(pkg.name, () => {
    test('every BRISK_ERR_ code in its sources is in its table', () => {
      const table = pkg.errors ?? {};
      const missing = [...codesUsedIn(join(root, 'packages', pkg.dir, 'src'))].filter(
        (code) => !Object.hasOwn(table, code),
      );
      assert.deepEqual(missing, [], `add these codes to packages/${pkg.dir}/src/errors.ts (ERRORS) and docs/errors.md`);
    });

    if (!pkg.errors) return;
    const errors = pkg.errors;
    const sections = documented.get(pkg.name);

    test(`docs/errors.md has a part "## ${pkg.name}"`, () =>
      assert.ok(sections, `no "## ${pkg.name}" in docs/errors.md`));

    test('each code has its own section, which names it', () => {
      for (const [code, slug] of Object.entries(errors)) {
        assert.match(code, /^BRISK_ERR_[A-Z0-9_]+$/, code);
        const text = sections?.get(slug);
        assert.ok(text !== undefined, `${code}: no section "### ..." with anchor #${slug} under ## ${pkg.name}`);
        assert.ok(text.includes(`\`${code}\``), `${code}: its section #${slug} does not name it`);
      }
    });

    test('each section belongs to a live code', () => {
      const live = new Set(Object.values(errors));
      const dead = [...(sections?.keys() ?? [])].filter((slug) => !live.has(slug));
      assert.deepEqual(dead, [], `sections under ## ${pkg.name} without a code in packages/${pkg.dir}/src/errors.ts`);
    });
  });
}

test('every part of docs/errors.md belongs to a package with a table of codes', () => {
  const owners = new Set(packages.filter((p) => p.errors).map((p) => p.name));
  const orphans = [...documented.keys()].filter((title) => !owners.has(title));
  assert.deepEqual(orphans, []);
});
