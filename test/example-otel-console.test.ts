// examples/otel-console, run as its README says (node --require ./tracing.cjs app.cjs) in a child
// process: one request, and the spans the console exporter prints are brisk's (middleware, router,
// request handler) and the HTTP server span named by the route, all in one trace.
// The command is the README's, with plain node: briskjs and @brisk/otel are their builds, as a
// user's app loads them (tracing.cjs, preloaded with --require, runs before any loader that
// --import would register, so the TypeScript sources cannot stand in). Needs `pnpm build` first
// (CI builds before the tests); skipped, with the reason, without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const example = fileURLToPath(new URL('../examples/otel-console', import.meta.url));
const built = ['brisk', 'app', 'router', 'otel'].every((name) =>
  existsSync(join(example, '../../packages', name, 'dist/index.cjs')),
);
const skip = built ? false : 'the packages are not built: run `pnpm build` first (the example loads dist/)';

test('every request prints its spans: middleware, router, request handler, and the route', { skip }, async () => {
  const child = spawn(process.execPath, ['--require', './tracing.cjs', 'app.cjs'], {
    cwd: example,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1', FORCE_COLOR: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));

  /** Resolves once `done(out)` holds; rejects if the process exits first or after 30 s. */
  const until = (what: string, done: (text: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (done(out)) {
          clearInterval(timer);
          clearTimeout(limit);
          resolve();
        }
      }, 20);
      const limit = setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`no ${what} within 30 s:\n${out}\n${err}`));
      }, 30_000);
      void exited.then((code) => {
        clearInterval(timer);
        clearTimeout(limit);
        if (!done(out)) reject(new Error(`the example exited (${code}) before ${what}:\n${out}\n${err}`));
      });
    });

  try {
    await until('listening line', (text) => /^listening on http:\/\/127\.0\.0\.1:\d+$/m.test(text));
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1] ?? '';
    const res = await fetch(`${url}/api/items/2`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: '2', name: 'teapot' });

    // the server span ends with the response; the layer spans end before it or with it
    await until(
      'spans',
      (text) => text.includes(`name: 'GET /api/items/:id'`) && text.includes(`name: 'request handler'`),
    );
    const names = [...out.matchAll(/^ {2}name: '([^']*)',$/gm)].map((m) => m[1]);
    for (const name of [
      'middleware - jsonParser',
      'middleware - requestId',
      'router - /items/:id',
      'request handler',
      'GET /api/items/:id',
    ]) {
      assert.ok(names.includes(name), `no span ${name} in ${JSON.stringify(names)}`);
    }
    // the route, on the server span and the request handler's
    assert.match(out, /'http\.route': '\/api\/items\/:id'/);
    assert.match(out, /'express\.type': 'request_handler'/);
    // one request, one trace
    const traces = new Set([...out.matchAll(/^ {2}traceId: '([0-9a-f]{32})',$/gm)].map((m) => m[1]));
    assert.equal(traces.size, 1, out);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  // tracing.cjs shuts the provider down (flushing what is left) on SIGTERM and exits 0
  assert.equal(await exited, 0, err);
});

test('the example is a workspace package with the OpenTelemetry versions @brisk/otel is tested with', async () => {
  const { readFileSync } = await import('node:fs');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { devDependencies: Record<string, string> };
  const mine = read(join(example, 'package.json')).devDependencies;
  const otel = read(join(example, '../../packages/otel/package.json')).devDependencies;
  for (const [name, version] of Object.entries(mine)) {
    if (name.startsWith('@opentelemetry/')) assert.equal(version, otel[name], name);
  }
  assert.match(readFileSync(join(example, '../../pnpm-workspace.yaml'), 'utf8'), /^ {2}- "examples\/otel-console"$/m);
});
