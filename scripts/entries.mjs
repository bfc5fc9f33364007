// The entry points of a package, read from its `exports`: `.` (built from src/index.ts into
// dist/index.*) and each subpath `./<name>` whose `@brisk/source` is `./src/<name>/index.ts`
// (built from src/<name>/ into dist/<name>.*): briskjs's `briskjs/express4` (decision 031).
// The build (tsup.config.ts, esm-wrapper.mjs), `files` (metadata.mjs) and the checks
// (check-dist, prepack, release-check) all take them from here.

/** One entry point: its export subpath, its output name in dist/, and its source directory. */
/** @typedef {{ subpath: string, name: string, src: string }} Entry */

/** The entry points of a package.json, `.` first. @returns {Entry[]} */
export function entriesOf(json) {
  const entries = [{ subpath: '.', name: 'index', src: 'src' }];
  for (const [subpath, target] of Object.entries(json.exports ?? {})) {
    const m = /^\.\/src\/([\w-]+)\/index\.ts$/.exec(target?.['@brisk/source'] ?? '');
    if (subpath === '.' || !m) continue;
    if (subpath !== `./${m[1]}`)
      throw new Error(`${json.name}: export ${subpath} must be built from src${subpath.slice(1)}/`);
    entries.push({ subpath, name: m[1], src: `src/${m[1]}` });
  }
  return entries;
}

/** The built files of one entry, relative to the package. */
export function distFiles(name) {
  return [`dist/${name}.cjs`, `dist/${name}.mjs`, `dist/${name}.d.ts`, `dist/${name}.d.cts`];
}

/**
 * The manifest of a subpath's directory (`express4/package.json`), for resolvers that do not
 * read `exports` (node10, older bundlers): `require('briskjs/express4')` finds the same build.
 */
export function stubManifest(name) {
  return `${JSON.stringify({ main: `../dist/${name}.cjs`, types: `../dist/${name}.d.cts` }, null, 2)}\n`;
}
