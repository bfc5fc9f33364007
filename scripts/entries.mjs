// The entry points of a package, read from its `exports`: `.` (built from src/ into dist/) and
// each subpath `./<name>` whose `@brisk/source` is `./src/<name>/index.ts` (built from src/<name>/
// into dist/<name>/): briskjs's `briskjs/express4` (decision 031). The build (scripts/build.mjs),
// `files` (metadata.mjs) and the checks (check-dist, prepack, release-check) all take them from here.

/** One entry point: its export subpath, its name (`index` for `.`), its source and output directories. */
/** @typedef {{ subpath: string, name: string, src: string, out: string }} Entry */

/** The entry points of a package.json, `.` first. @returns {Entry[]} */
export function entriesOf(json) {
  const entries = [{ subpath: '.', name: 'index', src: 'src', out: 'dist' }];
  for (const [subpath, target] of Object.entries(json.exports ?? {})) {
    const m = /^\.\/src\/([\w-]+)\/index\.ts$/.exec(target?.['@brisk/source'] ?? '');
    if (subpath === '.' || !m) continue;
    if (subpath !== `./${m[1]}`)
      throw new Error(`${json.name}: export ${subpath} must be built from src${subpath.slice(1)}/`);
    entries.push({ subpath, name: m[1], src: `src/${m[1]}`, out: `dist/${m[1]}` });
  }
  return entries;
}

/** The entry files of one entry's output directory (`dist` or `dist/<name>`), relative to the package. */
export function distFiles(out) {
  return [`${out}/index.cjs`, `${out}/index.mjs`, `${out}/index.d.cts`, `${out}/index.d.mts`];
}

/**
 * The manifest of a subpath's directory (`express4/package.json`), for resolvers that do not
 * read `exports` (node10, older bundlers): `require('briskjs/express4')` finds the same build.
 */
export function stubManifest(name) {
  return `${JSON.stringify({ main: `../dist/${name}/index.cjs`, types: `../dist/${name}/index.d.cts` }, null, 2)}\n`;
}

/**
 * Whether an entry's CommonJS module is a function (`export =` a function, with its types as a
 * namespace) rather than named exports. A named-exports entry's src/index.cts copies
 * `import mod = require('./index.js')`; its CommonJS declarations are then dist/index.d.ts.
 */
export function functionModule(cts) {
  return !/^import mod = require\('\.\/index\.js'\);$/m.test(cts);
}
