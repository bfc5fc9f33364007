// The router's memory is bounded by what was registered, whatever paths the traffic holds.
//
// The dispatch index looks prefixes of the path up by a 30-bit hash. An attacker who knows the
// hash can make prefixes that collide with the registered keys, and with several keys at several
// lengths choose, per request, a different sequence of colliding prefixes. An index that trusted
// the hash (or kept a cache entry per sequence) would grow with every such request. This test
// computes such paths, sends tens of thousands of them, and checks that the heap retained after
// garbage collection stays flat, and that real paths still route.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Router from '../src/index.js';
import { hashKey } from '../src/lookup.js';
import { serve } from '../../../test/support/http.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MOD = 1n << 30n;
const SOLVED = 7; // 31^7 > 2^30: seven free base-31 digits reach every hash value
const LOW = 91; // '[': the 31 codes 91..121 ('[', '\', ']', '^', '_', '`', 'a'..'y') hold no upper-case letter, '/', '%' or '#'

/** The index hash continued over `text` (the index lowercases A-Z first; `text` has none). */
function hashFrom(h: bigint, text: string): bigint {
  for (let i = 0; i < text.length; i++) h = (h * 31n + BigInt(text.charCodeAt(i))) % MOD;
  return h;
}

/** Seven characters that bring the hash from `h` to `target`. */
function solve(h: bigint, target: bigint): string {
  let scale = 1n;
  let lowSum = 0n; // what LOW in every position adds
  for (let i = 0; i < SOLVED; i++) {
    lowSum = (lowSum + BigInt(LOW) * scale) % MOD;
    scale = (scale * 31n) % MOD;
  }
  let v = (((target - h * scale - lowSum) % MOD) + MOD) % MOD;
  const digits: number[] = [];
  for (let i = 0; i < SOLVED; i++) {
    digits.unshift(Number(v % 31n));
    v /= 31n;
  }
  return String.fromCharCode(...digits.map((d) => LOW + d));
}

const LEVELS = 8;
const KEYS_PER_LEVEL = 3;
const STEP = 12; // key lengths 12, 24, ..., 96: room for '/' + 4 free characters + 7 solved ones

/** The mount paths: three per length, at eight lengths. */
const keys: string[][] = Array.from({ length: LEVELS }, (_, level) =>
  Array.from({ length: KEYS_PER_LEVEL }, (_, k) => `/${'abc'[k]}${'m'.repeat(STEP * (level + 1) - 2)}`),
);

const SEED_HASH = BigInt(hashKey(''));

/**
 * A path whose prefix at each level collides with the key `choice[level]` (or with none, for
 * `KEYS_PER_LEVEL`), without being it; `tag` makes the path distinct.
 */
function craft(choices: readonly number[], tag: string): string {
  let path = '';
  let h = SEED_HASH;
  for (let level = 0; level < LEVELS; level++) {
    const free = (path === '' ? '/' : '/') + (level === 0 ? tag.padStart(4, 'z') : 'free');
    const head = path + free;
    const choice = choices[level];
    const tail = choice === KEYS_PER_LEVEL ? 'nothing' : solve(hashFrom(h, free), BigInt(hashKey(keys[level][choice])));
    path = head + tail;
    h = hashFrom(h, free + tail);
  }
  return path + '/end';
}

/** The choices for request number `i`: its digits in base KEYS_PER_LEVEL + 1, one per level. */
function choicesOf(i: number): number[] {
  const out: number[] = [];
  for (let level = 0; level < LEVELS; level++) {
    out.push(i % (KEYS_PER_LEVEL + 1));
    i = Math.floor(i / (KEYS_PER_LEVEL + 1));
  }
  return out;
}

function makeRouter() {
  const router = Router();
  for (const level of keys) {
    for (const key of level) {
      const sub = Router();
      sub.get('/', (req, res) => res.end(`sub ${key.length}`));
      router.use(key, sub);
    }
  }
  router.get('/users/:id', (req, res) => res.end(`user ${String(req.params.id)}`));
  return router;
}

/** Dispatches one request to `router` outside node's http (no socket, no parser): returns what ended it. */
function dispatch(router: ReturnType<typeof Router>, url: string): string {
  let out = '';
  const req = { method: 'GET', url, headers: {} } as unknown as IncomingMessage;
  const res = { end: (body: string) => (out = body), setHeader() {} } as unknown as ServerResponse;
  router(req, res, (err) => {
    out = err ? 'error' : 'fell through';
  });
  return out;
}

test('crafted paths really collide with the registered keys, prefix by prefix', () => {
  const path = craft([0, 1, 2, 0, 1, 2, 0, 1], 'aaaa');
  for (let level = 0; level < LEVELS; level++) {
    const prefix = path.slice(0, STEP * (level + 1));
    const key = keys[level][[0, 1, 2, 0, 1, 2, 0, 1][level]];
    assert.equal(prefix.length, key.length);
    assert.notEqual(prefix, key);
    assert.equal(hashKey(prefix), hashKey(key), `level ${level}: the generator must follow the index's hash`);
  }
});

test('retained heap stays flat under 20,000 distinct crafted paths, and real paths still route', () => {
  const router = makeRouter();
  const REQUESTS = 20_000;
  // Warm up: the index, the real mounts, and the code paths, before the baseline.
  for (let i = 0; i < 500; i++) dispatch(router, craft(choicesOf(i), (i % 7).toString(36)));
  assert.equal(dispatch(router, keys[3][1]), `sub ${keys[3][1].length}`);
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < REQUESTS; i++) {
    const outcome = dispatch(router, craft(choicesOf(i), i.toString(36)));
    if (outcome !== 'fell through') assert.fail(`request ${i} ended with ${outcome}`);
  }
  gc();
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  // An index that kept something per distinct sequence of hits retains several MB here.
  assert.ok(grown < 1_000_000, `retained heap grew by ${grown} bytes over ${REQUESTS} requests`);
  assert.equal(dispatch(router, '/users/5'), 'user 5');
  for (const level of keys) for (const key of level) assert.equal(dispatch(router, `${key}/`), `sub ${key.length}`);
});

test('crafted paths over HTTP are answered 404 like any unknown path', async () => {
  const router = makeRouter();
  const server = await serve((req: IncomingMessage, res: ServerResponse) =>
    router(req, res, () => {
      res.statusCode = 404;
      res.end('none');
    }),
  );
  try {
    for (let i = 0; i < 40; i++) {
      const reply = await server.request('GET', craft(choicesOf(i * 97), `h${i}`));
      assert.equal(reply.status, 404);
      assert.equal(reply.body, 'none');
    }
    assert.equal((await server.request('GET', `${keys[0][2]}/`)).body, `sub ${keys[0][2].length}`);
  } finally {
    await server.close();
  }
});
