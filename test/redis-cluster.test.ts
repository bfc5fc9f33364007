// examples/cluster-redis against a real Redis (docs/deploying.md, "Several processes"): a
// redis-server started for this file on a free port (no persistence, killed afterwards), two
// brisk processes of the example, and a node:cluster run of it with two workers. A session made
// on one process is read on the other; the rate limit is counted across both; SIGTERM drains and
// exits 0. Skipped, with the reason, when redis-server is not on PATH (.ci/run installs it).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const example = join(root, 'examples/cluster-redis');

/** The redis-server on PATH, or undefined. */
function findRedis(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(dir, 'redis-server');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

const redisServer = findRedis();
const skip = redisServer
  ? false
  : 'redis-server is not on PATH: install it (Debian: apt-get install -y redis-server) to run this test; .ci/run does';

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves with the first stdout line of `child` that `match` accepts; rejects if it exits first. */
function waitFor<T>(
  child: ChildProcess,
  match: (line: string) => T | undefined,
  what: string,
  ms = 30_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms:\n${output}`)), ms);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        const found = match(line);
        if (found !== undefined) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          child.off('close', onExit);
          resolve(found);
          return;
        }
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${what}: the process exited (${code}) first:\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', onExit);
  });
}

/** Sends SIGTERM and resolves with the exit code (a kill at 15 s if it has not exited). */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code] = await exited;
  clearTimeout(timer);
  return code;
}

interface Brisk {
  child: ChildProcess;
  url: string;
}

/** Starts the example (server.mjs, on the sources) and waits until it listens. */
async function startBrisk(redisUrl: string, workers: number, env: Record<string, string> = {}): Promise<Brisk> {
  const child = spawn(
    process.execPath,
    ['--conditions=@brisk/source', '--import', 'tsx', join(example, 'server.mjs')],
    {
      cwd: example,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        REDIS_URL: redisUrl,
        SESSION_SECRET: 'test secret shared by every process',
        PORT: '0',
        HOST: '127.0.0.1',
        WORKERS: String(workers),
        RATE_LIMIT: '5',
        SHUTDOWN_TIMEOUT: '5000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const port = await waitFor(
    child,
    (line) => {
      try {
        return (JSON.parse(line) as { listening?: number }).listening;
      } catch {
        return undefined;
      }
    },
    'listening line',
  );
  return { child, url: `http://127.0.0.1:${port}` };
}

/** A request on a new connection (so that node:cluster may hand it to any worker). */
async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown>; cookie: string | null }> {
  const res = await fetch(url, { ...init, headers: { connection: 'close', ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, cookie: res.headers.get('set-cookie') };
}

describe('examples/cluster-redis: shared state in a real Redis', () => {
  let redis: ChildProcess;
  let redisUrl: string;

  before(async () => {
    if (skip) return;
    const port = await freePort();
    redis = spawn(
      redisServer as string,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await waitFor(redis, (line) => (line.includes('Ready to accept connections') ? true : undefined), 'redis ready');
    redisUrl = `redis://127.0.0.1:${port}`;
  });

  after(async () => {
    if (redis) await stop(redis);
  });

  test('two brisk processes: a session made on one is read on the other; the rate limit is shared; SIGTERM drains', {
    skip,
  }, async () => {
    const [a, b] = await Promise.all([startBrisk(redisUrl, 1), startBrisk(redisUrl, 1)]);
    try {
      const login = await call(`${a.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'ada' }),
      });
      assert.equal(login.status, 200);
      const cookie = (login.cookie ?? '').split(';')[0];
      assert.match(cookie, /^connect\.sid=/);
      const onB = await call(`${b.url}/me`, { headers: { cookie } });
      assert.deepEqual(onB.body.user, 'ada', 'the session made on A is read on B');
      assert.notEqual(onB.body.pid, login.body.pid, 'two processes');
      assert.equal((await call(`${b.url}/me`)).body.user, null, 'no cookie, no session');

      // RATE_LIMIT=5 a minute, counted in Redis: 3 on A and 2 on B use it up for both
      const statuses: number[] = [];
      for (const url of [a.url, a.url, a.url, b.url, b.url]) statuses.push((await call(`${url}/api/ping`)).status);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200]);
      const limited = await call(`${a.url}/api/ping`);
      assert.equal(limited.status, 429);
      assert.deepEqual(limited.body, { error: 'too many requests' });
      assert.equal((await call(`${b.url}/api/ping`)).status, 429);
    } finally {
      const codes = await Promise.all([stop(a.child), stop(b.child)]);
      assert.deepEqual(codes, [0, 0], 'SIGTERM: drained, Redis closed, exit 0');
    }
  });

  test('node:cluster with two workers on one port: answers from both workers, one session across them', {
    skip,
  }, async () => {
    const server = await startBrisk(redisUrl, 2);
    try {
      const login = await call(`${server.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'grace' }),
      });
      const cookie = (login.cookie ?? '').split(';')[0];
      const pids = new Set<unknown>([login.body.pid]);
      for (let i = 0; i < 6; i++) {
        const me = await call(`${server.url}/me`, { headers: { cookie } });
        assert.equal(me.body.user, 'grace');
        pids.add(me.body.pid);
      }
      assert.equal(pids.size, 2, 'node:cluster handed connections to both workers');
    } finally {
      assert.equal(await stop(server.child), 0);
    }
  });

  test('SIGTERM with SHUTDOWN_DELAY: readiness answers 503 at once, requests are still served during the delay, then the process drains and exits 0', {
    skip,
  }, async () => {
    const server = await startBrisk(redisUrl, 1, { SHUTDOWN_DELAY: '1500' });
    const exited = once(server.child, 'exit') as Promise<[number | null, string | null]>;
    try {
      assert.equal((await call(`${server.url}/healthz`)).status, 200);
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ready = await call(`${server.url}/healthz`);
      assert.equal(ready.status, 503, 'not ready: the load balancer stops sending');
      assert.equal((await call(`${server.url}/me`)).status, 200, 'still serving during the delay');
      const [code] = await exited;
      assert.equal(code, 0);
    } finally {
      await stop(server.child);
    }
  });
});
