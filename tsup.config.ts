import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { entriesOf } from './scripts/entries.mjs';
import { restoreNames, sourceNames } from './scripts/restore-names.mjs';

// tsup builds the CommonJS code only; scripts/esm-wrapper.mjs then writes the
// ESM entry (dist/index.mjs) as a re-export of it: one implementation per
// process (docs/decisions/001). Why each option is here: docs/decisions/013.
// Node's types are referenced from every declaration file, so that a consumer whose tsconfig
// lists no global types (`"types": []`) still resolves `node:http` & co. (from @types/node, which a
// TypeScript project on node installs; brisk has no dependency on it).
// A package whose source names no Node type (bytes, range, negotiate, path, proxy-addr) ships
// declarations without it, so that it needs no @types/node (test/workspace.test.ts checks both).
const NODE_TYPES = '/// <reference types="node" />';
const NODE_TYPE_USE = /\bfrom 'node:|\bBuffer\b|\bNodeJS\./;
const usesNodeTypes = (): boolean =>
  readdirSync('src').some((file) => file.endsWith('.ts') && NODE_TYPE_USE.test(readFileSync(`src/${file}`, 'utf8')));

const common: Options = {
  outDir: 'dist',
  target: 'node18',
  platform: 'node',
  // Packages have no tsconfig of their own; the root one is for editors and typecheck.
  tsconfig: '../../tsconfig.base.json',
  // The package's version, for code that reports it (@brisk/otel's instrumentation version).
  define: { __BRISK_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
};

// src/cjs.ts (`export { default } from './index.js'`) marks a function-as-module package. Its
// declarations come from that file (`cjsInterop` makes them `export =`); its JavaScript is built
// from `export = main`, which esbuild writes as `module.exports = main`. Built from the ESM file
// as written, the bundle carried esbuild's export helpers and a namespace object that a footer
// then replaced: ~770 bytes of every such package (decision 013).
const CJS_ENTRY = "export { default } from './index.js';";
const cjsEntry: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'brisk-cjs-entry',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/](?:[\w-]+[\\/])?cjs\.ts$/ }, ({ path }) => {
      if (readFileSync(path, 'utf8').trim() !== CJS_ENTRY) throw new Error(`${path}: expected ${CJS_ENTRY}`);
      return { contents: "import main from './index.js';\nexport = main;\n", loader: 'ts' };
    });
  },
};

// esbuild numbers a nested name that an enclosing scope of the bundle also uses (`const app =
// function app()` becomes `function app2`), and `fn.name` is behaviour: router layer names, which
// express-promise-router and OpenTelemetry read, and stack traces. This gives function and class
// expressions their source names back, or fails the build where that would change what a name
// refers to (scripts/restore-names.mjs, decision 016).
const names: NonNullable<Options['plugins']>[number] = {
  name: 'brisk-restore-names',
  renderChunk(code, { path }) {
    if (!path.endsWith('.cjs')) return;
    return { code: restoreNames(code, sourceNames('src'), path).code };
  },
};

export default defineConfig((): Options[] => {
  rmSync('dist', { recursive: true, force: true }); // a clean dist/ (esm-wrapper adds to it afterwards)
  const cjs: Options = existsSync('src/cjs.ts')
    ? { entry: { index: 'src/cjs.ts' }, cjsInterop: true, esbuildPlugins: [cjsEntry] }
    : { entry: { index: 'src/index.ts' } };
  // A subpath export (`briskjs/express4`) is one more entry, built from src/<name>/ the same way:
  // function-as-module when it has a cjs.ts (scripts/entries.mjs, decision 031).
  for (const { name, src } of entriesOf(JSON.parse(readFileSync('package.json', 'utf8'))).slice(1)) {
    if (!existsSync(`${src}/cjs.ts`) || !cjs.cjsInterop) throw new Error(`${src}: a subpath entry needs a cjs.ts`);
    (cjs.entry as Record<string, string>)[name] = `${src}/cjs.ts`;
  }
  return [
    // No source map: it would embed src/ (most of a tarball) or point at sources that are not
    // published. check-dist reads the bundle's inputs from the metafile. docs/decisions/016.
    // Not minified: a stack trace points at a readable line, and no name is dropped or renamed
    // (minifySyntax drops the name of a function expression that nothing references, such as
    // `return function jsonParser()`). Not minifyIdentifiers + keepNames: keepNames redefines
    // `name` on every closure each time it is made, per request on the hot path (decision 016).
    {
      ...common,
      ...cjs,
      format: ['cjs'],
      dts: usesNodeTypes() ? { banner: NODE_TYPES } : true,
      metafile: true,
      plugins: [names],
    }, // index.cjs, .d.cts (and <subpath>.cjs, .d.cts), metafile-cjs.json
  ];
});
