// `pnpm pack:local` (scripts/pack-local.mjs): the one step that installs brisk from a checkout
// before the first release (README, "Installing before the first release"). The packing itself is
// what `pnpm release:check` does in CI; here, what it would pack: each package with exactly the
// @brisk/* packages it depends on, dependencies first, and the npm install line naming them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(new URL('../scripts/pack-local.mjs', import.meta.url));
const manifest = (name: string) => {
  const dir = name === 'briskjs' ? 'brisk' : name.replace('@brisk/', '');
  return JSON.parse(readFileSync(new URL(`../packages/${dir}/package.json`, import.meta.url), 'utf8'));
};
const run = (...args: string[]) => execFileSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8' });

/** What `--dry-run` lists: the package names, in order. */
const listed = (out: string) => [...out.matchAll(/^ {2}(\S+)$/gm)].map((m) => m[1]);

test('briskjs: itself and every @brisk/* package it depends on, transitively, dependencies first', () => {
  const out = run('--dry-run', '--out', '/tmp/brisk-packages-test');
  const names = listed(out);
  assert.equal(names.at(-1), 'briskjs');
  const expected = new Set<string>();
  const visit = (name: string) => {
    for (const dep of Object.keys(manifest(name).dependencies ?? {})) {
      assert.match(dep, /^@brisk\//);
      if (!expected.has(dep)) {
        expected.add(dep);
        visit(dep);
      }
    }
  };
  visit('briskjs');
  assert.deepEqual(new Set(names.slice(0, -1)), expected);
  for (const [i, name] of names.entries()) {
    for (const dep of Object.keys(manifest(name).dependencies ?? {})) {
      assert.ok(names.indexOf(dep) < i, `${dep} before ${name}`);
    }
  }
  const line = /^npm install (.+)$/m.exec(out)?.[1].split(' ') ?? [];
  assert.equal(line.length, names.length);
  assert.ok(line.includes('/tmp/brisk-packages-test/briskjs-0.0.0.tgz'), line.join(' '));
  assert.ok(line.includes('/tmp/brisk-packages-test/brisk-app-0.0.0.tgz'));
});

test('one package: only what it needs; a package with no dependency alone', () => {
  assert.deepEqual(listed(run('@brisk/bytes', '--dry-run')), ['@brisk/bytes']);
  const cookie = listed(run('@brisk/body', '--dry-run'));
  assert.equal(cookie.at(-1), '@brisk/body');
  assert.ok(!cookie.includes('briskjs'));
});

test('an unknown package or option: an error that lists what there is', () => {
  assert.throws(() => run('@brisk/nope', '--dry-run'), /no package named @brisk\/nope \(one of: .*briskjs/s);
  assert.throws(() => run('--outt', 'x'), /unknown option --outt/);
});
