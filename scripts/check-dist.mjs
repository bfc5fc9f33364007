// Run after `pnpm build`: loads every package as users do; exits 1 on any failure.
// Checks contracts 2 and 3 of docs/contracts.md: require(<dir>) loads the CommonJS build through `main`,
// ESM import gives the same instance, function-as-module packages export the function itself.
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deepStrictEqual } from 'node:assert';
import { declared } from './dts-exports.mjs';
import { runInterop } from './interop.mjs';
import { entriesOf, functionModule } from './entries.mjs';
import { ES_MODULE_MARKED } from './metadata.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json')); // root devDependencies list every package
let ok = 0;
let bad = 0;
const check = (label, fn) => {
  try {
    if (fn() === false) throw new Error('false');
    ok++;
  } catch (e) {
    bad++;
    console.error(`not ok - ${label}: ${String(e.message).split('\n')[0]}`);
  }
};
const same = (a, b) => deepStrictEqual([...a].sort(), [...b].sort());
const within = (a, b) => {
  const out = a.filter((x) => !b.includes(x));
  if (out.length) throw new Error(`missing: ${out}`);
};
const MAX_LINE = 200;
// Packages whose README promises declarations that compile without @types/node.
const NO_NODE_TYPES = ['@brisk/bytes', '@brisk/range'];
const keys = (o) => Object.keys(o).filter((k) => k !== 'default' && k !== '__esModule');
const pkgs = readdirSync(join(root, 'packages'))
  .map((d) => join(root, 'packages', d))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({
    dir,
    json: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
    fn: functionModule(readFileSync(join(dir, 'src/index.cts'), 'utf8')),
  }));
// The declarations each condition resolves to: index.d.mts for `import`; for `require`,
// index.d.cts (`export =`) of a function module, the compiler's index.d.ts of named exports.
const cjsTypes = (p) => join(p.dir, p.fn ? 'dist/index.d.cts' : 'dist/index.d.ts');
const types = declared(
  pkgs.flatMap((p) => [join(p.dir, 'dist/index.d.mts'), cjsTypes(p)]),
  true,
);
/** Every file under `dir`, relative to it. */
const filesUnder = (dir, base = dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), base) : [join(dir, e.name).slice(base.length + 1)],
  );

for (const [i, p] of pkgs.entries()) {
  const name = p.json.name;
  const before = bad;
  const [esmT, cjsT] = types.slice(2 * i, 2 * i + 2);
  let cjs;
  let esm;
  try {
    cjs = require(name);
    esm = await import(name);
  } catch (e) {
    check(`${name}: load`, () => {
      throw e;
    });
    continue;
  }
  const cjsKeys = keys(cjs);
  const names = keys(esm);
  check(`${name}: main is ./dist/index.cjs`, () => p.json.main === './dist/index.cjs');
  check(`${name}: require(dir) === require(name)`, () => require(p.dir) === cjs);
  check(`${name}: (await import(name)).default === require(name)`, () => esm.default === cjs);
  check(`${name}: ESM named exports === index.d.mts value exports`, () => same(names, esmT.names));
  check(`${name}: ESM named exports are the CJS properties`, () => {
    within(names, Object.getOwnPropertyNames(cjs));
    return names.every((k) => esm[k] === cjs[k]);
  });
  if (p.fn) {
    check(
      `${name}: module.exports is a function, no __esModule`,
      () => typeof cjs === 'function' && !Object.hasOwn(cjs, '__esModule'),
    );
    check(
      `${name}: index.d.mts default / index.d.cts export= callable`,
      () => esmT.default.callable && cjsT.exportEquals.callable,
    );
    check(`${name}: ESM names === typed properties of the default`, () => {
      same(names, cjsT.exportEquals.props);
      same(names, esmT.default.props);
    });
  } else {
    check(`${name}: CJS keys === ESM names === index.d.cts names`, () => {
      same(cjsKeys, names);
      same(cjsT.names, names);
      same(esmT.default.props, names);
    });
  }
  // The build emits what was written (decision 036): one .js and one .d.ts per source file, under
  // the source's name, and nothing else but the ESM entry, the CommonJS marker and the stamp.
  const built = filesUnder(join(p.dir, 'dist'));
  check(`${name}: dist/ has one .js and one .d.ts per source file, and nothing else`, () => {
    const want = new Set(['package.json', '.build-inputs']);
    for (const f of filesUnder(join(p.dir, 'src'))) {
      const stem = f.replace(/\.c?ts$/, '');
      const [js, dts] = f.endsWith('.cts') ? ['.cjs', '.d.cts'] : ['.js', '.d.ts'];
      want.add(stem + js).add(stem + dts);
    }
    for (const e of entriesOf(p.json)) {
      const dir = e.out.slice('dist'.length + 1);
      want.add(join(dir, 'index.mjs')).add(join(dir, 'index.d.mts'));
    }
    same(
      built,
      [...want].filter((f) => f !== '.build-inputs' || built.includes(f)),
    );
  });
  check(
    `${name}: dist/package.json makes the .js files CommonJS`,
    () => JSON.parse(readFileSync(join(p.dir, 'dist/package.json'), 'utf8')).type === 'commonjs',
  );
  if (!p.fn) {
    const marked = ES_MODULE_MARKED.includes(name);
    check(`${name}: __esModule ${marked ? 'set, as upstream' : 'absent, as upstream'}`, () =>
      marked ? cjs.__esModule === true : !Object.hasOwn(cjs, '__esModule'),
    );
  }
  // Declarations that name a Node type reference @types/node (for a consumer whose tsconfig lists
  // no global types); those of a package whose README says it needs no @types/node reference none
  // (src/index.ts and src/index.cts say so; scripts/build.mjs checks it).
  for (const f of ['dist/index.d.cts', 'dist/index.d.ts']) {
    const text = readFileSync(join(p.dir, f), 'utf8');
    const referenced = text.includes('/// <reference types="node" />');
    const uses = /from ['"]node:|import\(['"]node:|\bBuffer\b|\bNodeJS\./.test(
      text.replace('/// <reference types="node" />', ''),
    );
    check(`${name}: ${f} references node's types where it uses them`, () => referenced || !uses);
    if (NO_NODE_TYPES.includes(name)) check(`${name}: ${f} needs no @types/node`, () => !referenced && !uses);
  }
  // Every dependency is used, through its package name (a subpath entry's use counts): required
  // by the code, or imported by the published declarations (a dependency for types only, as
  // @brisk/app's on @brisk/schema's Standard Schema types: decision 041).
  const read = (pattern) =>
    built
      .filter((f) => pattern.test(f))
      .map((f) => readFileSync(join(p.dir, 'dist', f), 'utf8'))
      .join('\n');
  const code = read(/\.c?js$/);
  const declarations = read(/\.d\.c?ts$/);
  for (const dep of Object.keys(p.json.dependencies ?? {})) {
    check(
      `${name}: require("${dep}") by name, or its types imported`,
      () => code.includes(`require("${dep}")`) || new RegExp(`from ['"]${dep}['"]`).test(declarations),
    );
  }
  // Readable builds (decision 016): a stack trace's line:column points at one statement, not into
  // a line of 20 KB. Minified code averages several hundred to thousands of characters a line.
  for (const f of built.filter((f) => /\.(c|m)?js$|\.d\.(c|m)?ts$/.test(f)).map((f) => `dist/${f}`)) {
    check(`${name}: ${f} averages at most ${MAX_LINE} characters a line`, () => {
      const text = readFileSync(join(p.dir, f), 'utf8');
      const average = text.length / text.split('\n').length;
      if (average > MAX_LINE) throw new Error(`${average.toFixed(0)} characters a line`);
    });
  }
  const extra = cjsKeys.filter((k) => !names.includes(k));
  console.log(
    `${bad === before ? 'ok' : 'not ok'} - ${name} (${typeof cjs}: ${names.join(', ')}${extra.length ? `; CJS-only: ${extra.join(', ')}` : ''})`,
  );
}
// Subpath exports (`briskjs/express4`, scripts/entries.mjs, decision 031): function-as-module
// entries, checked as the packages are: one instance for require and import, the declared names.
for (const p of pkgs) {
  for (const e of entriesOf(p.json).slice(1)) {
    const id = p.json.name + e.subpath.slice(1);
    const [esmT, cjsT] = declared([join(p.dir, e.out, 'index.d.mts'), join(p.dir, e.out, 'index.d.cts')], true);
    const before = bad;
    let cjs;
    let esm;
    try {
      cjs = require(id);
      esm = await import(id);
    } catch (err) {
      check(`${id}: load`, () => {
        throw err;
      });
      continue;
    }
    const names = keys(esm);
    check(`${id}: (await import(x)).default === require(x)`, () => esm.default === cjs);
    check(
      `${id}: module.exports is a function, no __esModule`,
      () => typeof cjs === 'function' && !Object.hasOwn(cjs, '__esModule'),
    );
    check(`${id}: ESM named exports === ${e.out}/index.d.mts value exports`, () => same(names, esmT.names));
    check(`${id}: ESM named exports are the CJS properties`, () => {
      within(names, keys(cjs));
      return names.every((k) => esm[k] === cjs[k]);
    });
    check(
      `${id}: ${e.out}/index.d.mts default / index.d.cts export= callable`,
      () => esmT.default.callable && cjsT.exportEquals.callable,
    );
    check(`${id}: ESM names === typed properties of the default`, () => {
      same(names, cjsT.exportEquals.props);
      same(names, esmT.default.props);
    });
    console.log(`${bad === before ? 'ok' : 'not ok'} - ${id} (${typeof cjs}: ${names.join(', ')})`);
  }
}

// The names Express and morgan give their functions, which other packages read: express-promise-router
// copies a nested router's stack only when `handler.name === 'router'`, OpenTelemetry names middleware
// spans by layer name, and every router layer's `name` is its handler's. The build compiles each
// file on its own, so no name is renamed; checked on the build users install, through `require('briskjs')`.
{
  const brisk = require('briskjs');
  const app = brisk();
  const router = brisk.Router();
  const expect = (label, actual, wanted) =>
    check(`briskjs names: ${label} is named ${JSON.stringify(wanted)}`, () => {
      if (actual !== wanted) throw new Error(`named ${JSON.stringify(actual)}`);
    });
  expect('express()', app.name, 'app');
  expect('Router()', router.name, 'router');
  expect('json()', brisk.json().name, 'jsonParser');
  expect('urlencoded()', brisk.urlencoded().name, 'urlencodedParser');
  expect('raw()', brisk.raw().name, 'rawParser');
  expect('text()', brisk.text().name, 'textParser');
  expect('static()', brisk.static(root).name, 'serveStatic');
  expect('logger()', brisk.logger('tiny').name, 'logger');
  expect('the module', brisk.name, 'createApplication');
  function named(req, res, next) {
    next();
  }
  const nested = brisk.Router();
  router.use(nested);
  app.use(named);
  app.use((req, res, next) => next());
  app.use(brisk.json());
  app.use(brisk.urlencoded());
  app.use(brisk.static(root));
  app.use(brisk.logger('tiny', { skip: () => true }));
  app.use('/sub', brisk());
  app.use('/r', router);
  app.get('/g', named);
  const want = ['named', '<anonymous>', 'jsonParser', 'urlencodedParser', 'serveStatic', 'logger', 'mounted_app'];
  const layers = app.router.stack;
  check('briskjs names: app layers are named as in Express 5', () =>
    deepStrictEqual(
      layers.map((l) => l.name),
      [...want, 'router', 'handle'],
    ),
  );
  check('briskjs names: each layer is named by its handler', () =>
    layers.every((l) => l.name === (l.handle.name || '<anonymous>')),
  );
  expect("a mounted router's layer.handle", layers.at(-2).handle.name, 'router');
  expect("a nested router's layer", router.stack[0].name, 'router');
  expect("a route's handler layer", layers.at(-1).route.stack[0].name, 'named');
  // briskjs/express4 (Express 4.22's names)
  const express4 = require('briskjs/express4');
  expect('express4: express()', express4().name, 'app');
  expect('express4: Router()', express4.Router().name, 'router');
  expect('express4: json()', express4.json().name, 'jsonParser');
  expect('express4: urlencoded()', express4.urlencoded({ extended: true }).name, 'urlencodedParser');
  expect('express4: raw()', express4.raw().name, 'rawParser');
  expect('express4: text()', express4.text().name, 'textParser');
  expect('express4: the module', express4.name, 'createApplication');
}

// A CommonJS TypeScript consumer (.cts, esModuleInterop), compiled and run (decision 016).
check('.cts consumer (tsc, module commonjs and nodenext) runs', () =>
  runInterop({
    dir: join(root, 'node_modules/.cache/brisk-interop'),
    tsc: join(root, 'node_modules/typescript/bin/tsc'),
    typeRoots: [join(root, 'node_modules/@types')],
    pkgs: pkgs.map((p) => ({ name: p.json.name, fn: p.fn })),
  }),
);
console.log(`check-dist: ${ok} ok, ${bad} not ok (node ${process.version})`);
process.exitCode = bad ? 1 : 0;
