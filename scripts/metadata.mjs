// Writes the published metadata of every package from ONE source, the root package.json's
// `repository` (the project's public repository): `repository` (with `directory`), `homepage`,
// `bugs`, `license`, `files`, the `build`/`prepack` scripts, and a copy of the root LICENSE.
// `node scripts/metadata.mjs` rewrites; `--check` only reports (release:check runs it).
// Why each field is what it is: docs/decisions/016-publishing.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entriesOf, functionModule, stubManifest } from './entries.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** `https://github.com/<owner>/<name>`, from the root package.json (the one place it is written). */
export const REPO = rootJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const license = readFileSync(join(root, 'LICENSE'), 'utf8');

/** Named-exports-only packages whose CommonJS build keeps `__esModule`, as their upstream's does. */
export const ES_MODULE_MARKED = ['@brisk/path'];

/**
 * A package's `files`: what runs and its types (dist/, without the build's stamp), the manifest of
 * each subpath export's directory (scripts/entries.mjs), and the changelog. README, LICENSE and
 * package.json are always packed.
 */
export const filesOf = (json) => [
  'dist',
  '!dist/.build-inputs',
  ...entriesOf(json)
    .slice(1)
    .map((e) => `${e.name}/package.json`),
  'CHANGELOG.md',
];
const SCRIPTS = {
  build: 'node ../../scripts/build.mjs',
  prepack: 'node ../../scripts/prepack.mjs',
};

/**
 * `main`, `types` and `exports` of a package, from its entries: the CommonJS entry (dist/index.cjs)
 * for `require`, the ESM wrapper for `import`, the sources for the workspace's `@brisk/source`
 * condition. The CommonJS declarations are index.d.cts for a function module (`export =`) and the
 * compiler's index.d.ts for named exports (scripts/build.mjs, decision 036).
 */
function entryFields(path, json) {
  const exports = {};
  let top;
  for (const e of entriesOf(json)) {
    const cts = join(path, e.src, 'index.cts');
    if (!existsSync(cts)) throw new Error(`${cts}: a package's CommonJS entry (decision 036) is missing`);
    const fn = functionModule(readFileSync(cts, 'utf8'));
    const require = { types: `./${e.out}/index.${fn ? 'd.cts' : 'd.ts'}`, default: `./${e.out}/index.cjs` };
    top ??= require;
    exports[e.subpath] = {
      '@brisk/source': `./${e.src}/index.ts`,
      import: { types: `./${e.out}/index.d.mts`, default: `./${e.out}/index.mjs` },
      require,
    };
  }
  exports['./package.json'] = './package.json';
  return { main: top.default, types: top.types, exports };
}

export const packages = readdirSync(join(root, 'packages'))
  .map((d) => ({ dir: d, path: join(root, 'packages', d) }))
  .filter((p) => existsSync(join(p.path, 'package.json')))
  .map((p) => ({ ...p, json: JSON.parse(readFileSync(join(p.path, 'package.json'), 'utf8')) }));

/** The package.json a package should have: its own fields, the shared ones, in a fixed order. */
function expected(dir, path, json) {
  const { name, version, description, keywords, dependencies, ...rest } = json;
  for (const k of ['homepage', 'bugs', 'repository', 'license', 'files', 'scripts']) delete rest[k];
  Object.assign(rest, entryFields(path, json));
  return {
    name,
    version,
    description,
    keywords,
    homepage: `${REPO}/tree/main/packages/${dir}#readme`,
    bugs: { url: `${REPO}/issues` },
    repository: { type: 'git', url: `git+${REPO}.git`, directory: `packages/${dir}` },
    license: 'MIT',
    ...rest,
    files: filesOf(json),
    scripts: SCRIPTS,
    ...(dependencies && { dependencies }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const problems = [];
  for (const { dir, path, json } of packages) {
    const want = `${JSON.stringify(expected(dir, path, json), null, 2)}\n`;
    const file = join(path, 'package.json');
    if (!json.keywords?.length) problems.push(`${file}: no keywords`);
    if (readFileSync(file, 'utf8') !== want) {
      if (check) problems.push(`${file}: metadata out of date (run node scripts/metadata.mjs)`);
      else writeFileSync(file, want);
    }
    // a subpath's directory manifest, for resolvers that do not read `exports` (scripts/entries.mjs)
    for (const e of entriesOf(json).slice(1)) {
      const stub = join(path, e.name, 'package.json');
      if (existsSync(stub) && readFileSync(stub, 'utf8') === stubManifest(e.name)) continue;
      if (check) problems.push(`${stub}: missing or out of date (run node scripts/metadata.mjs)`);
      else {
        mkdirSync(join(path, e.name), { recursive: true });
        writeFileSync(stub, stubManifest(e.name));
      }
    }
    const lic = join(path, 'LICENSE');
    if (!existsSync(lic) || readFileSync(lic, 'utf8') !== license) {
      if (check) problems.push(`${lic}: missing or not the root LICENSE`);
      else writeFileSync(lic, license);
    }
    for (const dep of Object.values(json.dependencies ?? {})) {
      if (dep !== 'workspace:^') problems.push(`${file}: internal dependencies are "workspace:^" (got ${dep})`);
    }
    // Links in a README must work on npm and GitHub alike: no relative links out of the package.
    const readme = readFileSync(join(path, 'README.md'), 'utf8');
    for (const m of readme.matchAll(/\]\((\.\.?\/[^)]*)\)/g)) problems.push(`${dir}/README.md: relative link ${m[1]}`);
    if (!readme.includes('@types/node')) problems.push(`${dir}/README.md: install section does not name @types/node`);
    // The repository URL is written here once: links into the repository elsewhere must use it.
    for (const m of readme.matchAll(/https:\/\/github\.com\/[\w.-]+\/brisk\b[^)\s]*/g)) {
      if (!m[0].startsWith(`${REPO}/`)) problems.push(`${dir}/README.md: ${m[0]} is not under ${REPO}`);
    }
  }
  // @brisk/path's error messages link to docs/errors.md; the runtime cannot read this script.
  const pathErrors = join(root, 'packages', 'path', 'src', 'errors.ts');
  if (!readFileSync(pathErrors, 'utf8').includes(`const DOCS = '${REPO}/blob/main/docs/errors.md';`)) {
    problems.push(`${pathErrors}: DOCS is not ${REPO}/blob/main/docs/errors.md`);
  }
  for (const p of problems) console.error(`metadata: ${p}`);
  if (problems.length) process.exitCode = 1;
  else console.log(`metadata: ${packages.length} packages ${check ? 'up to date' : 'written'} (${REPO})`);
}
