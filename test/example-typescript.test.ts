// examples/typescript: compiled by tsc with its own tsconfig.json (strict, NodeNext) against the
// built packages' declarations, as a user's project compiles; the compile fails if a route's
// params stop being inferred (the example's `@ts-expect-error` on req.params.nope would then be
// unused). Then the compiled server runs, and its routes answer over HTTP.
// Needs `pnpm build` first (CI builds before the tests); skipped, with the reason, without it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const example = join(root, 'examples/typescript');
const built = ['brisk', 'app', 'router', 'logger', 'body', 'static'].every((name) =>
  existsSync(join(root, 'packages', name, 'dist/index.d.ts')),
);
const skip = built ? false : 'the packages are not built: run `pnpm build` first (the example compiles against dist/)';

/** Runs `node args` from the root; resolves with the exit code and everything printed. */
function run(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('close', (code) => resolve({ code, out }));
  });
}

let server: ChildProcess | undefined;
let url = '';

before(async () => {
  if (skip) return;
  const tsc = await run([join(root, 'node_modules/typescript/bin/tsc'), '-p', example, '--pretty', 'false']);
  assert.equal(tsc.code, 0, `tsc -p examples/typescript failed:\n${tsc.out}`);
  assert.ok(existsSync(join(example, 'dist/server.js')));

  // the compiled output, with plain node: briskjs's build, as a user's app loads it
  const child = spawn(process.execPath, [join(example, 'dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not listen within 30 s: ${out}`)), 30_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}: ${out}`));
    });
  });
});

after(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

async function json(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url + path, init);
  return { status: res.status, body: await res.json() };
}

test('GET /users/:id: the inferred req.params.id', { skip }, async () => {
  assert.deepEqual(await json('/users/1'), { status: 200, body: { id: '1', name: 'Ada', admin: true } });
  assert.deepEqual(await json('/users/9'), { status: 404, body: { error: 'no user 9' } });
});

test('a wildcard (string[]) and an optional parameter', { skip }, async () => {
  assert.deepEqual(await json('/users/2/files/notes/a.txt'), {
    status: 200,
    body: { user: '2', path: ['notes', 'a.txt'] },
  });
  assert.deepEqual((await json('/teams')).body, { team: 'all' });
  assert.deepEqual((await json('/teams/red')).body, { team: 'red' });
});

test('req.user and res.locals, typed by the global Express namespace', { skip }, async () => {
  const me = await json('/me', { headers: { authorization: 'Bearer 2' } });
  assert.equal(me.status, 200);
  assert.equal((me.body as { name: string }).name, 'Grace');
  assert.match((me.body as { elapsedNs: string }).elapsedNs, /^\d+$/);
  assert.equal((await json('/me')).status, 401);
  assert.equal((await json('/admin/users', { headers: { authorization: 'Bearer 2' } })).status, 403);
  const all = await json('/admin/users', { headers: { authorization: 'Bearer 1' } });
  assert.equal(all.status, 200);
  assert.ok(Array.isArray(all.body));
});

test('POST /users: the typed body', { skip }, async () => {
  const post = (body: string) =>
    json('/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const created = await post('{"name":"Linus"}');
  assert.equal(created.status, 201);
  assert.equal((created.body as { name: string }).name, 'Linus');
  assert.deepEqual(await post('{"name":""}'), { status: 400, body: { error: 'name must be a non-empty string' } });
});
