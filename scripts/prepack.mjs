// `prepack` of every package (pnpm runs it before `pnpm pack` and `pnpm publish`): a tarball can
// never lack dist/. Builds the package and its @brisk/* dependencies unless every one of them has
// a dist/ newer than its sources. docs/decisions/016-publishing.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { distFiles, entriesOf } from './entries.mjs';

const root = resolve('../..');
const newest = (dir) =>
  Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
const dirOf = (name) =>
  readdirSync(join(root, 'packages'))
    .map((d) => join(root, 'packages', d))
    .find((d) => JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')).name === name);
const fresh = (dir) => {
  const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const outs = entriesOf(json).flatMap((e) => distFiles(e.out).map((f) => join(dir, f)));
  if (!outs.every(existsSync)) return false;
  const built = Math.min(...outs.map((f) => statSync(f).mtimeMs));
  if (built < newest(join(dir, 'src')) || built < statSync(join(root, 'scripts/build.mjs')).mtimeMs) return false;
  const deps = Object.keys(json.dependencies ?? {});
  return deps.every((d) => fresh(dirOf(d)));
};

const { name } = JSON.parse(readFileSync('package.json', 'utf8'));
if (fresh(process.cwd())) {
  console.log(`prepack: ${name}: dist/ is up to date`);
} else {
  console.log(`prepack: ${name}: building it and its dependencies`);
  execFileSync('pnpm', ['--filter', `${name}...`, 'run', 'build'], { cwd: root, stdio: 'inherit' });
}
