// `prepack` of every package (pnpm runs it before `pnpm pack` and `pnpm publish`): a tarball can
// never lack dist/ or carry an old one. Builds the package and the @brisk/* packages it depends on
// whose build inputs changed since their last build, by the rule `pnpm build:stale` applies
// (scripts/build-stale.mjs: a hash of the sources, package.json, the shared build files and the
// dependencies' inputs). docs/decisions/016-publishing.md.
import { readFileSync } from 'node:fs';
import { buildAndRecord, staleOf } from './build-stale.mjs';

const { name } = JSON.parse(readFileSync('package.json', 'utf8'));
const stale = staleOf([name]);
if (stale.length === 0) {
  console.log(`prepack: ${name}: dist/ is up to date`);
} else {
  console.log(`prepack: ${name}: building ${stale.join(', ')}`);
  buildAndRecord(stale);
}
