// examples/testing: its own node:test suite (app.test.mjs, app.inject() only) run as its README
// says, in a child process; it must pass, every test of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

test('node --test examples/testing/app.test.mjs passes', async () => {
  // the same loader as the tests (briskjs from its TypeScript sources), which node --test hands
  // on to the process it runs the file in; TAP, the reporter node 20 uses for a pipe, whatever the node
  const child = spawn(
    process.execPath,
    ['--conditions=@brisk/source', '--import', 'tsx', '--test', '--test-reporter=tap', 'examples/testing/app.test.mjs'],
    // without NODE_TEST_CONTEXT, set for this file by the runner that runs it: with it, node --test
    // takes itself for a test file calling run() and skips its files
    { cwd: root, env: { ...process.env, NODE_TEST_CONTEXT: undefined }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  assert.equal(code, 0, out);
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(out)?.[1] ?? NaN);
  assert.equal(count('fail'), 0, out);
  assert.equal(count('cancelled'), 0, out);
  assert.ok(count('pass') >= 9, out); // every test of the file: none skipped, none lost
  assert.equal(count('pass'), count('tests'), out);
  // the tests the README promises, each reported ok
  for (const name of ['status, headers and a JSON body', 'POST with a payload', 'a cookie', 'a 404', 'timeout']) {
    assert.match(out, new RegExp(`^\\s*ok \\d+ - ${name}`, 'm'), name);
  }
});
