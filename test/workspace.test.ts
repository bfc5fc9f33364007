// Repository-wide rules that every package keeps (docs/contracts.md, contracts 1 and 2).
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
    assert.equal(pkg.types, './dist/index.d.cts');
    assert.deepEqual(Object.keys(pkg.exports['.']), ['@brisk/source', 'import', 'require']);
    assert.equal(pkg.exports['.']['@brisk/source'], './src/index.ts');
    assert.equal(pkg.exports['.'].import.default, './dist/index.mjs');
    assert.equal(pkg.engines.node, '>=20');
    assert.equal(pkg.license, 'MIT');
    assert.ok(existsSync(join(root, 'packages', dir, 'README.md')), 'README.md');
    assert.ok(existsSync(join(root, 'packages', dir, 'src/index.ts')), 'src/index.ts');
  });
}

test('the express.X type namespaces are generated from the exported types (pnpm gen:namespaces)', () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts/gen-namespaces.mjs'), '--check'], {
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
});
