// Repository-wide rules that every package keeps (docs/contracts.md, contracts 1 and 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const dirs = readdirSync(join(root, 'packages')).filter((d) => existsSync(join(root, 'packages', d, 'package.json')));
const manifest = (dir: string) => JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));

/**
 * Names a package.json lists as runtime dependencies that are not brisk packages. The one
 * exception is @brisk/otel's peer dependency on the user's own OpenTelemetry API
 * (`@opentelemetry/*`, never a dependency).
 */
export function thirdPartyRuntimeDeps(pkg: {
  name?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}): string[] {
  const peers = Object.keys(pkg.peerDependencies ?? {}).filter(
    (name) => !(pkg.name === '@brisk/otel' && name.startsWith('@opentelemetry/')),
  );
  const all = [...Object.keys(pkg.dependencies ?? {}), ...peers, ...Object.keys(pkg.optionalDependencies ?? {})];
  return all.filter((name) => !(name === 'brisk' || name.startsWith('@brisk/')));
}

test('the rule catches third-party runtime dependencies', () => {
  assert.deepEqual(thirdPartyRuntimeDeps({ dependencies: { '@brisk/http': 'workspace:^', debug: '^4' } }), ['debug']);
  assert.deepEqual(thirdPartyRuntimeDeps({ peerDependencies: { express: '5' } }), ['express']);
  assert.deepEqual(thirdPartyRuntimeDeps({ optionalDependencies: { 'iconv-lite': '1' } }), ['iconv-lite']);
  assert.deepEqual(thirdPartyRuntimeDeps({ devDependencies: { tsup: '8' } } as never), []);
  // @brisk/otel may ask for the user's OpenTelemetry as a peer, and nothing else; no one else may.
  const otel = { name: '@brisk/otel', peerDependencies: { '@opentelemetry/api': '^1.3.0' } };
  assert.deepEqual(thirdPartyRuntimeDeps(otel), []);
  assert.deepEqual(thirdPartyRuntimeDeps({ ...otel, dependencies: { '@opentelemetry/api': '^1' } }), [
    '@opentelemetry/api',
  ]);
  assert.deepEqual(thirdPartyRuntimeDeps({ ...otel, name: '@brisk/app' }), ['@opentelemetry/api']);
});

test('there are packages to check', () => {
  assert.ok(dirs.length >= 5, `found ${dirs.join(', ')}`);
});

for (const dir of dirs) {
  test(`packages/${dir}: only @brisk/* runtime dependencies, as workspace:^ (a range that dedupes)`, () => {
    const pkg = manifest(dir);
    assert.deepEqual(thirdPartyRuntimeDeps(pkg), []);
    for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
      assert.equal(range, 'workspace:^', `${name} should be workspace:^`);
    }
  });

  test(`packages/${dir}: manifest follows the one-instance layout`, () => {
    const pkg = manifest(dir);
    assert.equal(pkg.name, dir === 'brisk' ? 'briskjs' : `@brisk/${dir}`);
    assert.equal(pkg.main, './dist/index.cjs');
    // the CommonJS declarations: `export =` (index.d.cts) for a function module, the compiler's
    // index.d.ts for named exports (scripts/build.mjs)
    const named = /^import mod = require\('\.\/index\.js'\);$/m.test(
      readFileSync(join(root, 'packages', dir, 'src/index.cts'), 'utf8'),
    );
    assert.equal(pkg.types, named ? './dist/index.d.ts' : './dist/index.d.cts');
    assert.deepEqual(Object.keys(pkg.exports['.']), ['@brisk/source', 'import', 'require']);
    assert.equal(pkg.exports['.']['@brisk/source'], './src/index.ts');
    assert.deepEqual(pkg.exports['.'].import, { types: './dist/index.d.mts', default: './dist/index.mjs' });
    assert.deepEqual(pkg.exports['.'].require, { types: pkg.types, default: './dist/index.cjs' });
    assert.equal(pkg.engines.node, '>=20');
    assert.equal(pkg.license, 'MIT');
    assert.ok(existsSync(join(root, 'packages', dir, 'README.md')), 'README.md');
    assert.ok(existsSync(join(root, 'packages', dir, 'src/index.ts')), 'src/index.ts');
  });
}

// A function module's CommonJS users reach its types through the namespace merged with the
// function (`express.Request`): each type that src/index.ts exports (the ESM surface) must be a
// member there too, so that a new public type cannot be forgotten in one of the two.
test('every type src/index.ts exports is also a member of the CommonJS namespace', () => {
  const entries = [
    ['app', 'src/index.ts'],
    ['brisk', 'src/index.ts'],
    ['brisk', 'src/express4/index.ts'],
    ['body', 'src/index.ts'],
    ['bytes', 'src/index.ts'],
    ['compress', 'src/index.ts'],
    ['cookie-parser', 'src/index.ts'],
    ['cors', 'src/index.ts'],
    ['logger', 'src/index.ts'],
    ['multipart', 'src/index.ts'],
    ['parseurl', 'src/index.ts'],
    ['proxy-addr', 'src/index.ts'],
    ['range', 'src/index.ts'],
    ['router', 'src/index.ts'],
    ['static', 'src/index.ts'],
    ['timeout', 'src/index.ts'],
  ].map(([dir, file]) => join(root, 'packages', dir, file));
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@brisk/source'],
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const real = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  for (const file of entries) {
    const mod = checker.getSymbolAtLocation(program.getSourceFile(file) as ts.SourceFile) as ts.Symbol;
    const exported = checker.getExportsOfModule(mod);
    const main = exported.find((s) => s.name === 'default') as ts.Symbol;
    const members = new Set(checker.getExportsOfModule(real(main)).map((s) => s.name));
    const types = exported
      .filter((s) => s.name !== 'default' && real(s).flags & ts.SymbolFlags.Type)
      .map((s) => s.name)
      .filter((name) => !members.has(name));
    assert.deepEqual(types, [], `${file}: exported types missing from the namespace of the default export`);
  }
});
