// `pnpm build` in a package directory (its `build` script): the TypeScript compiler, one output
// file per source file, and nothing after it rewrites what it emitted (decision 036).
//
// - Every src/**/*.ts becomes dist/**/*.js with its declarations (.d.ts) beside it, as CommonJS
//   (dist/package.json says so): a stack frame reads `@brisk/app/dist/response.js:397`, and every
//   function keeps its source name, since nothing is bundled or renamed.
// - src/index.cts, the CommonJS entry, becomes dist/index.cjs and dist/index.d.cts. It is written
//   in the source: `export =` the function of a function-as-module package (with its types as a
//   namespace), or a copy of the named exports without the `__esModule` marker (decision 016).
// - The ESM entry, dist/index.mjs and dist/index.d.mts, re-exports that one CommonJS module, so that
//   `require(pkg) === (await import(pkg)).default` (decision 001). These two files are the only ones
//   the compiler does not write; they are generated from what dist/index.d.ts declares, and checked.
// A subpath export (`briskjs/express4`, scripts/entries.mjs) is built the same way from src/<name>/
// into dist/<name>/.
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { declared } from './dts-exports.mjs';
import { entriesOf } from './entries.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const json = JSON.parse(readFileSync('package.json', 'utf8'));
const fail = (msg) => {
  console.error(`build: ${json.name}: ${msg}`);
  process.exit(1);
};

/** Every TypeScript source under `dir`. */
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.c?ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const files = sources('src');

// The repository's compiler options (tsconfig.base.json), as CommonJS output. `module: commonjs`
// needs the node10 resolver (TypeScript 5.9 pairs `node16`/`nodenext`/`bundler` with other module
// kinds); it finds each @brisk/* dependency's built declarations through their `types`.
// `verbatimModuleSyntax` is for the ESM sources' checking (`pnpm typecheck`), which this is not.
// A package whose sources name no Node type builds without @types/node, so its declarations need
// none (bytes, range, negotiate, path, proxy-addr: test/workspace.test.ts).
const NODE_TYPE_USE = /\bfrom 'node:|\bBuffer\b|\bNodeJS\./;
const usesNode = files.some((f) => NODE_TYPE_USE.test(readFileSync(f, 'utf8')));
const NODE_REFERENCE = '/// <reference types="node" preserve="true" />';
const base = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.base.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  },
);
const options = {
  ...base.options,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  verbatimModuleSyntax: false,
  types: usesNode ? ['node'] : [],
  rootDir: resolve('src'),
  outDir: resolve('dist'),
  declaration: true,
  noEmit: false,
  sourceMap: false,
  newLine: ts.NewLineKind.LineFeed,
};

/** The files that declare what an entry (src/index.ts, src/<name>/index.ts) exports, or a member of its default export. */
function declaringFiles(prog) {
  const checker = prog.getTypeChecker();
  const real = (x) => (x.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(x) : x);
  const out = new Set();
  const add = (x) => {
    for (const d of real(x).declarations ?? []) out.add(resolve(d.getSourceFile().fileName));
  };
  for (const { src } of entriesOf(json)) {
    for (const entry of [`${src}/index.ts`, `${src}/index.cts`]) {
      const mod = checker.getSymbolAtLocation(prog.getSourceFile(entry));
      if (!mod) continue;
      for (const x of checker.getExportsOfModule(mod)) {
        add(x);
        const main = real(x);
        if (main.flags & ts.SymbolFlags.Namespace) for (const m of checker.getExportsOfModule(main)) add(m);
      }
    }
  }
  return out;
}

rmSync('dist', { recursive: true, force: true });
// One checked program emits the JavaScript, without the sources' comments (what runs, and what a
// stack trace points into: the code as written, a line per statement); the declarations come from
// two unchecked programs over the same files (`noCheck`: the first checked it all).
const program = ts.createProgram(files, { ...options, declaration: false, removeComments: true });
const emitted = program.emit();
// A file's declarations keep their doc comments when it declares something the entries export
// (what an editor shows a user); those of the package's internal modules do not need them.
const declarationOptions = { ...options, emitDeclarationOnly: true, noCheck: true };
const withDocs = ts.createProgram({ rootNames: files, options: declarationOptions, oldProgram: program });
const withoutDocs = ts.createProgram({
  rootNames: files,
  options: { ...declarationOptions, removeComments: true },
  oldProgram: program,
});
const publicFiles = declaringFiles(withDocs);
const declarationEmits = files.map((file) => {
  const from = publicFiles.has(resolve(file)) ? withDocs : withoutDocs;
  return from.emit(from.getSourceFile(file));
});
const diagnostics = [
  ...ts.getPreEmitDiagnostics(program),
  ...emitted.diagnostics,
  ...declarationEmits.flatMap((d) => d.diagnostics),
];
if (diagnostics.length) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
  fail(`\n${ts.formatDiagnostics(diagnostics, host)}`);
}
// The .js files are CommonJS; the package itself is `"type": "module"` for its sources and tests.
writeFileSync('dist/package.json', '{\n  "type": "commonjs"\n}\n');

for (const { src, out } of entriesOf(json)) {
  const cjsFile = resolve(out, 'index.cjs');
  if (!existsSync(`${src}/index.cts`)) fail(`${src}/index.cts (the CommonJS entry) is missing`);
  // A consumer whose tsconfig lists no global types (`"types": []`) still gets node's types from
  // the entry declarations of a package that uses them, and none from one that does not.
  for (const file of [`${src}/index.ts`, `${src}/index.cts`]) {
    if (readFileSync(file, 'utf8').includes(NODE_REFERENCE) !== usesNode)
      fail(`${file} must ${usesNode ? '' : 'not '}begin with ${NODE_REFERENCE}`);
  }
  const cjs = createRequire(cjsFile)(cjsFile); // runs the build (and its @brisk/* deps' builds)
  // The ESM surface: what src/index.ts exports, as its emitted declarations say.
  const [{ names }] = declared([resolve(out, 'index.d.ts')]);
  const missing = names.filter((k) => !Object.hasOwn(cjs, k));
  if (missing.length) fail(`${out}/index.cjs lacks the ESM exports ${missing.join(', ')}`);
  if (names.some((k) => !/^[A-Za-z_$][\w$]*$/.test(k))) fail(`export names must be identifiers: ${names}`);

  // Every name goes through a local alias (`_0 as static`): legal for reserved words too.
  const lines = ['// Generated by scripts/build.mjs: the CommonJS module, as ESM.', "import cjs from './index.cjs';"];
  lines.push('export default cjs;');
  if (names.length) {
    lines.push(
      `const {\n${names.map((k, i) => `  ${k}: _${i},\n`).join('')}} = cjs;`,
      `export {\n${names.map((k, i) => `  _${i} as ${k},\n`).join('')}};`,
    );
  }
  writeFileSync(`${out}/index.mjs`, `${lines.join('\n')}\n`);
  // The ESM declarations: src/index.ts's exports, and module.exports as the default export (what
  // Node gives an ESM importer of a CommonJS module).
  writeFileSync(
    `${out}/index.d.mts`,
    [
      '// Generated by scripts/build.mjs: the ESM declarations are the CommonJS ones.',
      "export * from './index.js';",
      "import cjs from './index.cjs';",
      'export default cjs;',
      '',
    ].join('\n'),
  );
  // The generated declarations must type-check and declare what the module has.
  const check = ts.createProgram([resolve(out, 'index.d.mts')], {
    noEmit: true,
    strict: true,
    skipLibCheck: false,
    types: usesNode ? ['node'] : [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const errors = ts.getPreEmitDiagnostics(check);
  if (errors.length) fail(`${out}/index.d.mts: ${ts.flattenDiagnosticMessageText(errors[0].messageText, ' ')}`);
  const [esm] = declared([resolve(out, 'index.d.mts')], true, check);
  if ([...esm.names].sort().join() !== [...names].sort().join())
    fail(`${out}/index.d.mts declares ${esm.names}, index.d.ts ${names}`);
  console.log(
    `build: ${json.name}: ${relative('.', out)}/ from ${files.length} sources; index.mjs = default + ${names.length} named exports`,
  );
}
