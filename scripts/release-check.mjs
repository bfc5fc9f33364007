// `pnpm release:check`: everything `pnpm release` checks about what users get, without publishing.
// From a clean build (skipped with --built, when dist/ was just built on a fresh clone, as in CI):
// packs every package as `pnpm publish` would, checks each tarball (files, LICENSE, metadata, no
// development-only condition or script), installs all tarballs with npm into a scratch project and
// runs CommonJS, ESM and strict TypeScript (.cts and .mts) programs against them.
// docs/decisions/016-publishing.md.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { functionModule } from './entries.mjs';
import { runInterop } from './interop.mjs';
import { filesOf, packages, REPO, root } from './metadata.mjs';
import { npmInstall, packAll, packPeers, run } from './pack.mjs';

/** Every file under `dir`, relative to it. */
const filesUnder = (dir, base = dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), base) : [join(dir, e.name).slice(base.length + 1)],
  );

const t0 = Date.now();
const step = (s) => console.log(`release-check: ${s} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
const work = join(tmpdir(), `brisk-release-check-${process.pid}`);
const fnPkgs = new Set(
  packages.filter((p) => functionModule(readFileSync(join(p.path, 'src/index.cts'), 'utf8'))).map((p) => p.json.name),
);

try {
  if (!process.argv.includes('--built')) {
    step('clean build');
    for (const p of packages) rmSync(join(p.path, 'dist'), { recursive: true, force: true });
    run('pnpm', ['build'], { cwd: root });
  }
  step('metadata');
  run(process.execPath, [join(root, 'scripts/metadata.mjs'), '--check']);

  step('pack');
  const tarballs = packAll(join(work, 'tarballs'));
  for (const t of tarballs) {
    const pkg = packages.find((p) => p.json.name === t.name);
    // `files`: dist/ without the build's stamp, the subpath manifests, the changelog
    const files = filesOf(pkg.json).filter((f) => f !== 'dist' && !f.startsWith('!'));
    const built = filesUnder(join(pkg.path, 'dist'))
      .filter((f) => f !== '.build-inputs')
      .map((f) => `dist/${f}`);
    const allowed = new Set(['package.json', 'README.md', 'LICENSE', ...files, ...built]);
    const entries = run('tar', ['tzf', t.tgz])
      .split('\n')
      .filter(Boolean)
      .map((e) => e.replace(/^package\//, ''));
    const extra = entries.filter((e) => !allowed.has(e));
    assert.deepEqual(extra, [], `${t.name}: unexpected files in the tarball`);
    for (const f of ['package.json', 'README.md', 'LICENSE', ...built]) {
      assert.ok(entries.includes(f), `${t.name}: ${f} missing from the tarball`);
    }
    const text = run('tar', ['xzOf', t.tgz, 'package/package.json']);
    const m = JSON.parse(text);
    assert.ok(!text.includes('@brisk/source'), `${t.name}: the @brisk/source condition is published`);
    assert.equal(m.scripts, undefined, `${t.name}: scripts are published`);
    assert.equal(m.license, 'MIT', `${t.name}: license`);
    assert.equal(m.repository?.url, `git+${REPO}.git`, `${t.name}: repository.url`);
    assert.ok(m.repository?.directory?.startsWith('packages/'), `${t.name}: repository.directory`);
    assert.ok(m.homepage?.startsWith(REPO) && m.bugs?.url?.startsWith(REPO), `${t.name}: homepage, bugs`);
    assert.ok(m.keywords?.length, `${t.name}: keywords`);
    for (const [d, r] of Object.entries(m.dependencies ?? {})) {
      assert.match(r, /^\^\d/, `${t.name}: dependency ${d} is ${r}, not a caret range`);
    }
    assert.ok(!text.includes('../'), `${t.name}: the manifest points outside the package`);
  }

  step(`npm install of ${tarballs.length} tarballs into a scratch project`);
  const app = join(work, 'app');
  // The peers a user installs beside (@opentelemetry/api for @brisk/otel), packed from the workspace.
  const peers = packPeers(join(work, 'peers'));
  npmInstall(app, [...tarballs.map((t) => t.tgz), ...peers], { offline: true });

  // workspace:^ ranges dedupe: one copy of each package, hence one @brisk/http per process.
  const nested = run('find', [join(app, 'node_modules'), '-mindepth', '2', '-name', 'node_modules']).trim();
  assert.equal(nested, '', 'a package was installed twice (nested node_modules)');

  step('CommonJS and ESM programs');
  writeFileSync(join(app, 'smoke.cjs'), smokeCjs());
  writeFileSync(join(app, 'smoke.mjs'), smokeEsm());
  for (const f of ['smoke.cjs', 'smoke.mjs']) process.stdout.write(run(process.execPath, [f], { cwd: app }));

  step('TypeScript: .cts consumer (commonjs, nodenext), compiled and run');
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const typeRoots = [join(root, 'node_modules/@types')];
  runInterop({
    dir: join(app, 'cts'),
    tsc,
    typeRoots,
    pkgs: packages.map((p) => ({ name: p.json.name, fn: fnPkgs.has(p.json.name) })),
  });
  step('TypeScript: strict .mts consumer (nodenext), compiled and run');
  mkdirSync(join(app, 'mts'), { recursive: true });
  writeFileSync(join(app, 'mts/smoke.mts'), smokeMts());
  writeFileSync(
    join(app, 'mts/tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        target: 'es2022',
        strict: true,
        skipLibCheck: false,
        outDir: 'out',
        types: ['node'],
        typeRoots,
      },
      files: ['smoke.mts'],
    }),
  );
  run(process.execPath, [tsc, '-p', 'mts/tsconfig.json'], { cwd: app });
  process.stdout.write(run(process.execPath, ['mts/out/smoke.mjs'], { cwd: app }));
  step('ok');
} finally {
  rmSync(work, { recursive: true, force: true });
}

// A small app over HTTP with most of the framework: routing with params, json and urlencoded
// bodies, cookies, the logger, static files, errors; then each foundation package on its own.
function smokeCjs() {
  return `'use strict';
const assert = require('node:assert/strict');
const { writeFileSync } = require('node:fs');
const brisk = require('briskjs');
assert.equal(typeof brisk, 'function');
assert.ok(!('__esModule' in require('@brisk/qs')));
assert.deepEqual(require('@brisk/qs').parse('a[b]=1'), { a: { b: '1' } });
assert.equal(require('@brisk/bytes')('1kb'), 1024);
assert.equal(require('@brisk/cookie').parse('a=1').a, '1');
assert.equal(require('@brisk/cors').name, 'middlewareWrapper');
assert.equal(require('@brisk/timeout').name, 'timeout');
assert.equal(require('@brisk/timeout')('5s').length, 3);
assert.equal(brisk.timeout, require('@brisk/timeout'));
assert.equal(require('@brisk/http').parseTimeSpan('1w', '2.0'), undefined);
assert.deepEqual(require('@brisk/cookie-parser').JSONCookie('j:[1]'), [1]);
assert.equal(require('@brisk/compress').name, 'compression');
assert.equal(require('@brisk/compress').filter.name, 'shouldCompress');
assert.equal(require('@brisk/multipart').name, 'multer');
assert.equal(new (require('@brisk/multipart').MulterError)('LIMIT_FILE_SIZE').message, 'File too large');
assert.equal(require('@brisk/mime').lookup('x.json'), 'application/json');
assert.deepEqual(require('@brisk/range')(100, 'bytes=0-9'), Object.assign([{ start: 0, end: 9 }], { type: 'bytes' }));
assert.ok(require('@brisk/path').match('/u/:id')('/u/1'));
assert.equal(require('@brisk/http').isHttpError(require('@brisk/http').createError(404)), true);
assert.equal(require('@brisk/parseurl')({ url: '/a?b' }).pathname, '/a');
assert.equal(require('@brisk/http').parseurl, require('@brisk/parseurl'));
writeFileSync(__dirname + '/hello.txt', 'hello');
const lines = [];
const app = brisk();
app.use(brisk.logger('tiny', { stream: { write: (l) => lines.push(l) } }));
app.use(brisk.json());
app.use('/files', brisk.static(__dirname));
app.get('/users/:id', (req, res) => res.json({ id: req.params.id, q: req.query }));
app.post('/echo', (req, res) => res.status(201).json(req.body));
app.get('/boom', () => { throw require('@brisk/http').createError(418, 'teapot'); });
const server = app.listen(0, async () => {
  try {
    const base = 'http://127.0.0.1:' + server.address().port;
    let r = await fetch(base + '/users/7?a=1');
    assert.deepEqual(await r.json(), { id: '7', q: { a: '1' } });
    r = await fetch(base + '/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    assert.equal(r.status, 201);
    assert.deepEqual(await r.json(), { x: 1 });
    r = await fetch(base + '/files/hello.txt');
    assert.equal(await r.text(), 'hello');
    assert.ok(r.headers.get('etag'));
    r = await fetch(base + '/boom');
    assert.equal(r.status, 418);
    await r.text();
    assert.equal(lines.length, 4);
    console.log('smoke.cjs: ok (' + lines.length + ' requests logged)');
  } catch (e) {
    console.error(e);
    process.exitCode = 1;
  } finally {
    server.closeIdleConnections?.();
    server.close();
  }
});
`;
}

function smokeEsm() {
  const names = packages.map((p) => p.json.name);
  return `import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import brisk, { Router, json, logger } from 'briskjs';
import { parse } from '@brisk/qs';
const require = createRequire(import.meta.url);
for (const name of ${JSON.stringify(names)}) {
  const esm = await import(name);
  assert.equal(esm.default, require(name), name + ': one instance for import and require');
}
assert.equal(typeof Router, 'function');
assert.equal(json, brisk.json);
assert.equal(logger, brisk.logger);
assert.deepEqual(parse('a=1'), { a: '1' });
// briskjs/express4 (decision 031): one instance, and an Express 4 call shape
const { default: express4 } = await import('briskjs/express4');
assert.equal(express4, require('briskjs/express4'), 'briskjs/express4: one instance for import and require');
process.noDeprecation = true;
const app4 = express4();
app4.get('/u/:id?', (req, res) => res.send(200, req.params.id || 'none'));
assert.equal((await app4.inject({ url: '/u' })).body, 'none');
const app = brisk();
app.get('/', (req, res) => res.send('ok'));
const server = app.listen(0);
await new Promise((r) => server.once('listening', r));
const res = await fetch('http://127.0.0.1:' + server.address().port + '/');
assert.equal(await res.text(), 'ok');
server.closeIdleConnections?.();
server.close();
console.log('smoke.mjs: ok (${names.length} packages, import === require)');
`;
}

function smokeMts() {
  return `import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import brisk, { type Request, type Response } from 'briskjs';
import bytes from '@brisk/bytes';
import qs, { parse } from '@brisk/qs';
import { createError, isHttpError } from '@brisk/http';
import { match } from '@brisk/path';

const app = brisk();
app.use(brisk.json());
app.get('/users/:id', (req: Request<{ id: string }>, res: Response) => {
  const id: string = req.params.id;
  res.json({ id });
});
const n: number | null = bytes('1kb');
assert.equal(n, 1024);
assert.equal(qs.parse, parse);
assert.ok(isHttpError(createError(404)));
assert.ok(match('/a/:b')('/a/1'));
const server = app.listen(0);
await new Promise((r) => server.once('listening', r));
const res = await fetch('http://127.0.0.1:' + (server.address() as AddressInfo).port + '/users/3');
assert.deepEqual(await res.json(), { id: '3' });
server.closeIdleConnections();
server.close();
console.log('smoke.mts: ok');
`;
}
