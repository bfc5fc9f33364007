// `pnpm sizes` (after `pnpm build`; needs the npm registry): what installing each package costs,
// against the upstream packages it replaces. Tarball: the packed size. Install: the bytes npm puts
// in node_modules for the package and its @brisk/* dependencies, against a fresh npm install of the
// upstream packages (versions as in bench/package.json) with all their dependencies. Prints the
// Markdown table that the root README shows. docs/decisions/016-publishing.md.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmInstall, packAll, treeBytes } from './pack.mjs';

/** What each package replaces, at the versions the benchmarks and drop-in tests use. */
const UPSTREAM = {
  briskjs: ['express@5.2.1', 'morgan@1.10.1'],
  '@brisk/app': ['express@5.2.1'], // finalhandler 2.1 is one of express's dependencies
  '@brisk/bytes': ['bytes@3.1.2'],
  '@brisk/cookie': ['cookie@0.7.2', 'cookie-signature@1.2.2'],
  '@brisk/range': ['range-parser@1.2.1'],
  '@brisk/mime': ['mime-types@3.0.2'],
  '@brisk/http': [
    'statuses@2.0.2',
    'http-errors@2.0.1',
    'on-finished@2.4.1',
    'on-headers@1.1.0',
    'etag@1.8.1',
    'fresh@2.0.0',
    'vary@1.1.2',
    'content-disposition@1.1.0',
    'encodeurl@2.0.0',
    'escape-html@1.0.3',
    'parseurl@1.3.3',
  ],
  '@brisk/path': ['path-to-regexp@8.4.1'],
  '@brisk/negotiate': ['negotiator@1.1.0', 'accepts@2.0.0', 'type-is@2.1.0', 'content-type@1.0.5'],
  '@brisk/proxy-addr': ['proxy-addr@2.0.8', 'forwarded@0.2.0'],
  '@brisk/qs': ['qs@6.15.4'],
  '@brisk/router': ['router@2.2.0'],
  '@brisk/body': ['body-parser@2.3.0'],
  '@brisk/static': ['send@1.2.1', 'serve-static@2.2.1'],
  '@brisk/logger': ['morgan@1.10.1'],
};

const work = join(tmpdir(), `brisk-sizes-${process.pid}`);
const kb = (n) => (n / 1024).toFixed(1);
const tarballs = packAll(join(work, 'tarballs'));
const byName = new Map(tarballs.map((t) => [t.name, t]));
const rows = [];
for (const t of tarballs) {
  const specs = [t.tgz, ...t.deps.map((d) => byName.get(d).tgz)];
  npmInstall(join(work, 'brisk'), specs, { offline: true });
  const ours = treeBytes(join(work, 'brisk/node_modules'));
  const upstream = UPSTREAM[t.name];
  npmInstall(join(work, 'upstream'), upstream);
  const theirs = treeBytes(join(work, 'upstream/node_modules'));
  const target = t.name === 'briskjs' ? theirs / 4 : theirs;
  rows.push({ t, ours, theirs, ok: ours <= target });
  console.error(`sizes: ${t.name}: ${kb(ours)} KB vs ${kb(theirs)} KB`);
}
const order = (r) => (r.t.name === 'briskjs' ? '' : r.t.name);
rows.sort((a, b) => order(a).localeCompare(order(b)));
const lines = [
  '| package | tarball | install (with its @brisk/\\* dependencies) | upstream install (with all its dependencies) | ratio |',
  '| :-- | --: | --: | :-- | --: |',
  ...rows.map(
    (r) =>
      `| \`${r.t.name}\` | ${kb(r.t.bytes)} KB | ${kb(r.ours)} KB | ${kb(r.theirs)} KB: ${UPSTREAM[r.t.name].join(', ')} | ${((100 * r.ours) / r.theirs).toFixed(0)} %${r.ok ? '' : ' (over target)'} |`,
  ),
];
console.log(lines.join('\n'));
if (rows.some((r) => !r.ok)) process.exitCode = 1;
