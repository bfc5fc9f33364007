// `pnpm build:stale` (what `pnpm demo`, `pnpm bench` and `pnpm soak` run first): builds only the
// packages whose build inputs changed since their last build, so a second `pnpm demo` starts in
// seconds instead of rebuilding fifteen packages. `--record` writes the stamps without building
// (`pnpm build` runs it after its full build).
//
// A package's inputs: its src/ and package.json, the shared build files (base tsconfig, the build
// scripts, the lockfile, which pins the compiler) and the inputs of the workspace packages it
// depends on. Their hash is kept in dist/.build-inputs, which the build itself removes first
// (scripts/build.mjs empties dist/), so a failed build is never taken as fresh. dist/.build-inputs
// is not published (`files` in each package.json excludes it).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED = [
  'tsconfig.base.json',
  'pnpm-lock.yaml',
  'scripts/build.mjs',
  'scripts/entries.mjs',
  'scripts/dts-exports.mjs',
  'scripts/metadata.mjs',
];
const STAMP = 'dist/.build-inputs';

const packages = new Map();
for (const dir of readdirSync(join(root, 'packages'))) {
  const file = join(root, 'packages', dir, 'package.json');
  if (!existsSync(file)) continue;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  if (!manifest.scripts?.build) continue;
  packages.set(manifest.name, { name: manifest.name, dir: join(root, 'packages', dir), manifest });
}

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out.sort();
}

const sharedHash = createHash('sha256');
for (const file of SHARED) sharedHash.update(`${file}\0`).update(readFileSync(join(root, file)));
const shared = sharedHash.digest('hex');

const hashes = new Map();
/** The hash of a package's build inputs, its workspace dependencies' included. */
function inputsOf(pkg) {
  const known = hashes.get(pkg.name);
  if (known !== undefined) return known;
  const hash = createHash('sha256').update(shared);
  for (const dep of Object.keys(pkg.manifest.dependencies ?? {}).sort()) {
    const other = packages.get(dep);
    if (other !== undefined) hash.update(`${dep}\0${inputsOf(other)}`);
  }
  for (const file of [join(pkg.dir, 'package.json'), ...filesUnder(join(pkg.dir, 'src'))]) {
    hash.update(`${relative(pkg.dir, file)}\0`).update(readFileSync(file));
  }
  const digest = hash.digest('hex');
  hashes.set(pkg.name, digest);
  return digest;
}

const record = (pkg) => writeFileSync(join(pkg.dir, STAMP), `${inputsOf(pkg)}\n`);
const fresh = (pkg) =>
  existsSync(join(pkg.dir, 'dist/index.cjs')) &&
  existsSync(join(pkg.dir, STAMP)) &&
  readFileSync(join(pkg.dir, STAMP), 'utf8').trim() === inputsOf(pkg);

/**
 * The packages among `names` (all of them by default), and the workspace packages they depend on,
 * whose build inputs changed since their last build: the one freshness rule, which `pnpm
 * build:stale` and every package's prepack (scripts/prepack.mjs) apply.
 */
export function staleOf(names = [...packages.keys()]) {
  const wanted = new Set();
  const add = (name) => {
    const pkg = packages.get(name);
    if (pkg === undefined || wanted.has(pkg)) return;
    wanted.add(pkg);
    for (const dep of Object.keys(pkg.manifest.dependencies ?? {})) add(dep);
  };
  for (const name of names) add(name);
  return [...wanted].filter((pkg) => !fresh(pkg)).map((pkg) => pkg.name);
}

/** Builds `names` (pnpm orders them by their dependencies) and records their inputs. */
export function buildAndRecord(names) {
  const filters = names.map((name) => `--filter=${name}`);
  const run = spawnSync('pnpm', ['-r', ...filters, 'build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  for (const name of names) record(packages.get(name));
}

const main = () => {
  if (process.argv.includes('--record')) {
    for (const pkg of packages.values()) {
      if (existsSync(join(pkg.dir, 'dist/index.cjs'))) record(pkg);
    }
    return;
  }
  const stale = staleOf();
  if (stale.length === 0) {
    console.log(`build:stale: all ${packages.size} packages are up to date`);
  } else {
    console.log(`build:stale: building ${stale.join(', ')}`);
    buildAndRecord(stale);
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
