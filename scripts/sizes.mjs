// `pnpm sizes` (after `pnpm build`; needs the npm registry): what installing each package costs,
// against the upstream packages it replaces. Tarball: the packed size. Install: the bytes npm puts
// in node_modules for the package and its @brisk/* dependencies, against a fresh npm install of the
// upstream packages (the newest version docs/upstream.md says each package tracks) with all their
// dependencies. Prints the Markdown table that the root README shows; exits 1 when a package is
// over its target. docs/decisions/016-publishing.md.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmInstall, packAll, treeBytes } from './pack.mjs';
import { readTable } from './upstream.mjs';

/** What each package replaces: `name@version` of every docs/upstream.md row that names it. */
const UPSTREAM = {};
const table = readTable(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../docs/upstream.md'), 'utf8'));
for (const row of table) {
  // The newest tracked version (what `npm install <name>` gives today): a package that covers two
  // majors replaces either, and its install holds both (@brisk/range: range-parser 1.2 and 2.0).
  for (const pkg of row.brisk.split(',').map((s) => s.trim())) (UPSTREAM[pkg] ??= []).push(`${row.name}@${row.tracks}`);
}

/**
 * Largest install allowed, as a fraction of the upstream install: readable code (not minified,
 * one file per source file: decision 036) matters more than a few kilobytes, so the smallest
 * packages, where a README and declarations weigh most, may be up to a quarter larger than their
 * upstream (parseurl, path, range, and the router since it installs @brisk/parseurl instead of all
 * of @brisk/http: decision 047; bytes 40 %, cors 30 %, logger a tenth: where the per-file build
 * weighs most; cookie-parser 90 %, for the @brisk/cookie it shares with the framework);
 * the framework, which also carries the Express 4 entry and validation with OpenAPI, stays under
 * 50 % of express + morgan; every other package no larger than what it replaces (decision 016).
 */
const TARGET = {
  briskjs: 0.5,
  '@brisk/bytes': 1.4,
  // cors 2.8.6 is one 6 KB file: README and declarations weigh most here (decision 037)
  '@brisk/cors': 1.3,
  // @brisk/cookie, which it builds on, also carries cookie 2's API and serialize (decision 038)
  '@brisk/cookie-parser': 1.9,
  '@brisk/logger': 1.1,
  '@brisk/parseurl': 1.25,
  '@brisk/path': 1.25,
  '@brisk/range': 1.25,
  '@brisk/router': 1.25,
  // connect-timeout's createError, onFinished and onHeaders come from @brisk/http, whose install
  // carries its other jshttp modules too (decision 044)
  '@brisk/timeout': 1.4,
};

/**
 * Packages that replace no upstream package (a feature of brisk's own, decision 032): measured,
 * shown without a ratio, held to no target. Any other package without a docs/upstream.md row is an error.
 */
const OWN = ['@brisk/schema'];

const work = join(tmpdir(), `brisk-sizes-${process.pid}`);
const kb = (n) => (n / 1024).toFixed(1);
const tarballs = packAll(join(work, 'tarballs'));
const byName = new Map(tarballs.map((t) => [t.name, t]));
const rows = [];
for (const t of tarballs) {
  const specs = [t.tgz, ...t.deps.map((d) => byName.get(d).tgz)];
  // Peer dependencies (@brisk/otel's @opentelemetry/api) are the user's own: counted on neither side.
  npmInstall(join(work, 'brisk'), specs, { offline: true, peers: false });
  const ours = treeBytes(join(work, 'brisk/node_modules'));
  const upstream = UPSTREAM[t.name];
  if (!upstream && OWN.includes(t.name)) {
    rows.push({ t, ours, theirs: undefined, ok: true });
    console.error(`sizes: ${t.name}: ${kb(ours)} KB (no upstream package)`);
    continue;
  }
  if (!upstream) throw new Error(`sizes: docs/upstream.md names no upstream package of ${t.name}`);
  npmInstall(join(work, 'upstream'), upstream, { peers: false });
  const theirs = treeBytes(join(work, 'upstream/node_modules'));
  rows.push({ t, ours, theirs, ok: ours <= theirs * (TARGET[t.name] ?? 1) });
  console.error(`sizes: ${t.name}: ${kb(ours)} KB vs ${kb(theirs)} KB`);
}
const order = (r) => (r.t.name === 'briskjs' ? '' : r.t.name);
rows.sort((a, b) => order(a).localeCompare(order(b)));
const lines = [
  '| package | tarball | install (with its @brisk/\\* dependencies) | upstream install (with all its dependencies) | ratio |',
  '| :-- | --: | --: | :-- | --: |',
  ...rows.map((r) =>
    r.theirs === undefined
      ? `| \`${r.t.name}\` | ${kb(r.t.bytes)} KB | ${kb(r.ours)} KB | none: brisk's own | |`
      : `| \`${r.t.name}\` | ${kb(r.t.bytes)} KB | ${kb(r.ours)} KB | ${kb(r.theirs)} KB: ${UPSTREAM[r.t.name].join(', ')} | ${((100 * r.ours) / r.theirs).toFixed(0)} %${r.ok ? '' : ' (over target)'} |`,
  ),
];
console.log(lines.join('\n'));
if (rows.some((r) => !r.ok)) process.exitCode = 1;
