// `pnpm pack:local [package] [--out DIR] [--dry-run]`: before the first release, the one step that
// makes a package installable in an app outside the checkout. Packs the package (default:
// briskjs) and every @brisk/* package it depends on, directly or not, into DIR (default:
// ./brisk-packages, ignored by git), each as `pnpm pack` makes it for npm (prepack builds what is
// stale), then prints the `npm install` line that installs them all in one go; npm then finds
// each dependency among the tarballs given, with no registry. `--dry-run` prints the list and the
// line without packing (test/workspace.test.ts checks it against the packages' dependencies).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packages, root } from './metadata.mjs';

/** The package named `name` and the @brisk/* packages it depends on (transitively), dependencies first. */
export function closureOf(name) {
  const byName = new Map(packages.map((p) => [p.json.name, p]));
  if (!byName.has(name)) {
    throw new Error(`pack:local: no package named ${name} (one of: ${[...byName.keys()].sort().join(', ')})`);
  }
  const order = [];
  const visit = (n) => {
    if (order.includes(n)) return;
    for (const d of Object.keys(byName.get(n).json.dependencies ?? {})) visit(d);
    order.push(n);
  };
  visit(name);
  return order.map((n) => byName.get(n));
}

/** The tarball `pnpm pack` writes for a package. */
export const tarballOf = (json) => `${json.name.replace('@', '').replace('/', '-')}-${json.version}.tgz`;

function main(args) {
  let name = 'briskjs';
  let out = join(root, 'brisk-packages');
  let dry = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--dry-run') dry = true;
    else if (arg === '--out') out = resolve(args[++i] ?? '');
    else if (arg.startsWith('--out=')) out = resolve(arg.slice(6));
    else if (arg.startsWith('-')) throw new Error(`pack:local: unknown option ${arg} (--out DIR, --dry-run)`);
    else name = arg;
  }
  const closure = closureOf(name);
  if (!dry) {
    mkdirSync(out, { recursive: true });
    // one at a time: a prepack that finds dist/ stale builds the package's dependencies too
    for (const p of closure) {
      execFileSync('pnpm', ['pack', '--pack-destination', out], {
        cwd: p.path,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
  }
  const files = closure.map((p) => join(out, tarballOf(p.json)));
  console.log(`${dry ? 'would pack' : 'packed'} ${closure.length} packages into ${out}:`);
  for (const p of closure) console.log(`  ${p.json.name}`);
  console.log('\nIn your app:\n');
  console.log(`npm install ${files.join(' ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
