// `pnpm bench:otel`: what OpenTelemetry tracing costs a request, brisk with @brisk/otel against
// Express 5.3 with @opentelemetry/instrumentation-express, each beside itself untraced, in one
// run. The app is the one the instrumentations are compared on (packages/otel's README): a JSON
// body parser, a named middleware, a router with /items/:id; the request is GET /api/items/42
// (five spans a request when traced). Tracing as an APM user sets it up (servers/otel/tracing.mjs):
// the Node tracer provider, a BatchSpanProcessor, the HTTP instrumentation, an exporter that
// drops the spans. The method of run.mjs: each server its own process on core 0, autocannon on
// core 1, responses (and, traced, the spans made) checked first, CPU time per request from the
// server, contenders in a different order each round, medians over the rounds.
//
//   node bench/otel.mjs [--write]     (--write: put the table into bench/README.md)
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

// contender → [server file, traced]
const SERVERS = {
  express: ['express', false],
  'express-otel': ['express', true],
  brisk: ['brisk', false],
  'brisk-otel': ['brisk', true],
};
const contenders = Object.keys(SERVERS);
const PATH = '/api/items/42';

async function verify(contender, port, traced) {
  const res = await fetch(`http://127.0.0.1:${port}${PATH}`);
  assert.equal(res.status, 200, `${contender}: status`);
  assert.deepEqual(await res.json(), { id: '42' }, `${contender}: body`);
  // The batch processor exports on a timer: wait for this request's spans.
  let exported = 0;
  for (let i = 0; i < 20 && (traced ? exported < 5 : i < 1); i++) {
    await new Promise((resolve) => setTimeout(resolve, traced ? 300 : 0));
    exported = (await (await fetch(`http://127.0.0.1:${port}/spans`)).json()).exported;
  }
  if (traced) assert.ok(exported >= 5, `${contender}: ${exported} spans exported for one request, expected 5`);
  else assert.equal(exported, 0, `${contender}: spans exported untraced`);
}

const load = (port, seconds) =>
  runLoad(path.join(here, 'load.mjs'), { url: `http://127.0.0.1:${port}${PATH}`, connections, duration: seconds });

async function measure(contender) {
  const [file, traced] = SERVERS[contender];
  const server = startServer(path.join(here, 'servers', 'otel', `${file}.mjs`), 'issue-app', {
    name: contender,
    env: { ...env, BENCH_OTEL: traced ? '1' : '' },
  });
  try {
    const port = await server.started;
    await verify(contender, port, traced);
    return await measureLoad(server, (seconds) => load(port, seconds), { warmup, duration, label: contender });
  } finally {
    await server.stop();
  }
}

const started = Date.now();
console.error(
  `bench:otel: ${contenders.length} contenders × ${rounds} rounds, ${duration} s each (+${warmup} s warm-up), ` +
    `${connections} connections, ${isPinned ? 'server on core 0, load on core 1' : 'not pinned'}`,
);
const results = (
  await runRounds({ scenarios: ['issue-app'], contenders, rounds, baseline: 'express', measure: (c) => measure(c) })
)['issue-app'];

const int = (n) => Math.round(n).toLocaleString('en-US');
/** The median over the rounds of a's requests per CPU second over b's, from the same round. */
const per = (a, b) => median(results[a].map((m, i) => m.rpcpu / results[b][i].rpcpu));
/** Microseconds of CPU a request, median over the rounds. */
const micros = (c) => 1e6 / median(results[c].map((m) => m.rpcpu));

const lines = [
  '| contender | req/s | req per CPU-s | CPU µs a request | p99 ms | peak RSS MiB |',
  '| :-- | --: | --: | --: | --: | --: |',
  ...contenders.map((c) => {
    const m = (key) => median(results[c].map((r) => r[key]));
    return `| ${c} | ${int(m('rps'))} | ${int(m('rpcpu'))} | ${micros(c).toFixed(1)} | ${m('p99Ms')} | ${m('rssMiB').toFixed(1)} |`;
  }),
  '',
  '| | express | brisk |',
  '| :-- | --: | --: |',
  `| what tracing adds, CPU µs a request | ${(micros('express-otel') - micros('express')).toFixed(1)} | ${(micros('brisk-otel') - micros('brisk')).toFixed(1)} |`,
  `| traced / untraced, requests per CPU-s | ${per('express-otel', 'express').toFixed(2)} | ${per('brisk-otel', 'brisk').toFixed(2)} |`,
  `| brisk / express, requests per CPU-s | | untraced ${per('brisk', 'express').toFixed(2)}, traced ${per('brisk-otel', 'express-otel').toFixed(2)} |`,
];
const machine = [
  `- Node ${process.version}; briskjs and @brisk/otel (built), express ${version('express')}, ` +
    `@opentelemetry/instrumentation-express ${version('@opentelemetry/instrumentation-express')}, ` +
    `instrumentation-http ${version('@opentelemetry/instrumentation-http')}, sdk-trace-node ${version('@opentelemetry/sdk-trace-node')}`,
  `- ${rounds} rounds × ${duration} s (after ${warmup} s of warm-up), ${connections} connections, ` +
    `${isPinned ? 'server pinned to core 0 and autocannon to core 1' : 'no CPU pinning'}; medians over the rounds`,
  `- Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 1000)} s in all`,
];
const report = [...machine, '', ...lines].join('\n');
console.log(report);
if (write) {
  writeReadmeSection('bench-otel', report);
  console.error('bench:otel: bench/README.md updated');
}
