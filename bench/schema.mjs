// `pnpm bench:schema`: what request validation costs, on brisk. One route, POST /users/:id?dry=0
// with a small JSON body, answered three ways: no check, a hand-written check of the same rules,
// and `validate({ params, query, body })` with zod 4 schemas (servers/schema/brisk.mjs). The
// method of run.mjs: each server its own process on core 0, autocannon on core 1, each answer
// checked first, CPU time per request from the server, contenders in a different order each
// round, medians over the rounds.
//
//   node bench/schema.mjs [--write]     (--write: put the table into bench/README.md)
//   BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_WARMUP=1 BENCH_CONNECTIONS=50
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isPinned,
  measureLoad,
  median,
  runLoad,
  runRounds,
  startServer,
  version,
  writeReadmeSection,
} from './processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const duration = Number(env.BENCH_DURATION) || 3;
const warmup = env.BENCH_WARMUP === undefined ? 1 : Number(env.BENCH_WARMUP);
const rounds = Number(env.BENCH_ROUNDS) || 3;
const connections = Number(env.BENCH_CONNECTIONS) || 50;
const write = process.argv.includes('--write');

const contenders = ['none', 'hand', 'zod'];
const PATH = '/users/42?dry=0';
const BODY = JSON.stringify({ name: 'Ada', age: 36, tags: ['admin', 'ops'] });
const HEADERS = { 'content-type': 'application/json' };
const EXPECTED = { id: 42, dry: '0', name: 'Ada', age: 36 };

async function verify(contender, port) {
  const res = await fetch(`http://127.0.0.1:${port}${PATH}`, { method: 'POST', headers: HEADERS, body: BODY });
  assert.equal(res.status, 200, `${contender}: status`);
  assert.deepEqual(await res.json(), EXPECTED, `${contender}: body`);
  if (contender !== 'none') {
    const bad = await fetch(`http://127.0.0.1:${port}/users/x`, { method: 'POST', headers: HEADERS, body: '{}' });
    assert.equal(bad.status, 400, `${contender}: an invalid request`);
  }
}

const load = (port, seconds) =>
  runLoad(path.join(here, 'load.mjs'), {
    url: `http://127.0.0.1:${port}${PATH}`,
    method: 'POST',
    headers: HEADERS,
    body: BODY,
    connections,
    duration: seconds,
  });

async function measure(contender) {
  const server = startServer(path.join(here, 'servers', 'schema', 'brisk.mjs'), 'users', {
    name: contender,
    env: { ...env, BENCH_SCHEMA: contender },
  });
  try {
    const port = await server.started;
    await verify(contender, port);
    return await measureLoad(server, (seconds) => load(port, seconds), { warmup, duration, label: contender });
  } finally {
    await server.stop();
  }
}

/**
 * In-process, no HTTP: ns a call of the validate middleware on a new request object against the
 * same work written by hand (the three schemas' own `~standard.validate` in a loop, the outputs
 * put where validate puts them), what validate adds being the difference (best of 5 runs of
 * 200,000 calls each).
 */
async function inProcess() {
  const { validate } = await import('briskjs');
  const { z } = await import('zod');
  const schemas = {
    params: z.object({ id: z.coerce.number().int() }),
    query: z.object({ dry: z.enum(['0', '1']).optional() }),
    body: z.object({ name: z.string().min(1), age: z.number().int().nonnegative(), tags: z.array(z.string()) }),
  };
  const mw = validate(schemas);
  const input = { params: { id: '42' }, query: { dry: '0' }, body: JSON.parse(BODY) };
  let calls = 0;
  const next = (err) => {
    if (err) throw err;
    calls++;
  };
  // A request as brisk's: `query` a getter of the prototype, a new request each call.
  class Req {
    constructor() {
      this.headers = {};
      this.params = input.params;
      this.body = input.body;
    }
    get query() {
      return input.query;
    }
  }
  const viaMiddleware = () => mw(new Req(), {}, next);
  // The same work written out: the three schemas in a loop, the outputs put where validate puts them.
  const list = [schemas.params, schemas.query, schemas.body].map((schema) => schema['~standard']);
  const direct = () => {
    const req = new Req();
    const out = [];
    for (let i = 0; i < 3; i++) {
      const result = list[i].validate(i === 0 ? req.params : i === 1 ? req.query : req.body);
      if (result.issues) throw new Error('invalid');
      out.push(result.value);
    }
    req.params = out[0];
    Object.defineProperty(req, 'query', { value: out[1], writable: true, enumerable: true, configurable: true });
    req.body = out[2];
    calls++;
  };
  const N = 200_000;
  const time = (fn) => {
    let best = Infinity;
    for (let run = 0; run < 5; run++) {
      const t = process.hrtime.bigint();
      for (let i = 0; i < N; i++) fn();
      best = Math.min(best, Number(process.hrtime.bigint() - t) / N);
    }
    return best;
  };
  const d = time(direct);
  const m = time(viaMiddleware);
  if (calls !== 10 * N) throw new Error(`bench:schema: ${calls} calls, expected ${10 * N}`);
  return { direct: d, middleware: m };
}

const micro = await inProcess();
const started = Date.now();
console.error(
  `bench:schema: ${contenders.length} contenders × ${rounds} rounds, ${duration} s each (+${warmup} s warm-up), ` +
    `${connections} connections, ${isPinned ? 'server on core 0, load on core 1' : 'not pinned'}`,
);
const results = (
  await runRounds({ scenarios: ['users'], contenders, rounds, baseline: 'none', measure: (c) => measure(c) })
).users;

const int = (n) => Math.round(n).toLocaleString('en-US');
/** Microseconds of CPU a request, median over the rounds. */
const micros = (c) => 1e6 / median(results[c].map((m) => m.rpcpu));
const lines = [
  '| contender | req/s | req per CPU-s | CPU µs a request | over no check, µs | p99 ms | peak RSS MiB |',
  '| :-- | --: | --: | --: | --: | --: | --: |',
  ...contenders.map((c) => {
    const m = (key) => median(results[c].map((r) => r[key]));
    return `| ${c} | ${int(m('rps'))} | ${int(m('rpcpu'))} | ${micros(c).toFixed(1)} | ${(micros(c) - micros('none')).toFixed(1)} | ${m('p99Ms')} | ${m('rssMiB').toFixed(1)} |`;
  }),
];
const machine = [
  `- Node ${process.version}; briskjs and @brisk/schema (built), zod ${version('zod')}`,
  `- ${rounds} rounds × ${duration} s (after ${warmup} s of warm-up), ${connections} connections, ` +
    `${isPinned ? 'server pinned to core 0 and autocannon to core 1' : 'no CPU pinning'}; medians over the rounds`,
  `- Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 1000)} s in all`,
];
const microLines = [
  '',
  '| in-process, no HTTP (best of 5 × 200,000 calls) | ns a call |',
  '| :-- | --: |',
  `| the three zod schemas' \`~standard.validate\` in a loop, outputs put on the request, by hand | ${micro.direct.toFixed(0)} |`,
  `| \`validate({ params, query, body })\` middleware, same schemas and values | ${micro.middleware.toFixed(0)} |`,
  `| what the middleware adds | ${(micro.middleware - micro.direct).toFixed(0)} |`,
];
const report = [...machine, '', ...lines, ...microLines].join('\n');
console.log(report);
if (write) {
  writeReadmeSection('bench-schema', report);
  console.error('bench:schema: bench/README.md updated');
}
