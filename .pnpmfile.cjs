// pnpm hooks. beforePacking shapes the package.json that `pnpm pack` and `pnpm publish` (hence
// `changeset publish`) put in a tarball; the repository's package.json files keep what
// development needs. docs/decisions/016-publishing.md.
'use strict';

/** Drops the development-only `@brisk/source` export condition, at any depth of `exports`. */
function stripSource(exports) {
  if (exports === null || typeof exports !== 'object') return exports;
  const out = {};
  for (const [k, v] of Object.entries(exports)) if (k !== '@brisk/source') out[k] = stripSource(v);
  return out;
}

module.exports = {
  hooks: {
    beforePacking(pkg) {
      if (pkg.exports) pkg.exports = stripSource(pkg.exports);
      // `build` points into the repository (../../tsup.config.ts); pnpm already drops prepack.
      delete pkg.scripts;
      return pkg;
    },
  },
};
