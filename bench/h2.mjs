// `pnpm bench:h2`: brisk against fastify and bare node:http2 over HTTP/2 (h2c), on this machine,
// in one run. The same method as run.mjs (the HTTP/1.1 benchmark): for every scenario and round,
// each contender's server (bench/servers/h2/<contender>.mjs) starts as its own process (core 0
// where taskset exists), its responses are checked over HTTP/2 before any timing, it is warmed
// up, then loaded from another process (core 1) for BENCH_DURATION seconds; the server reports
// its CPU time and peak RSS over IPC. Ratios are to node-http2 from the same round; medians over
// the rounds.
//
// The load generator is bench/load-h2.mjs (node:http2: BENCH_H2_SESSIONS connections ×
// BENCH_H2_STREAMS concurrent streams each), or h2load (nghttp2's, in C) with BENCH_H2_LOAD=h2load
// where it is installed (Debian: nghttp2-client).
//
//   node bench/h2.mjs [--write]      (--write: put the table into bench/README.md, section HTTP/2)
//   BENCH_DURATION=5 BENCH_ROUNDS=2 BENCH_WARMUP=1 BENCH_SCENARIOS=hello,json BENCH_CONTENDERS=brisk,fastify
//   BENCH_H2_SESSIONS=10 BENCH_H2_STREAMS=10 BENCH_H2_LOAD=h2load BENCH_PROFILE=dir
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isPinned,
  measureLoad,
  median,
  runLoad,
  runRounds,
  startLoad,
  startServer,
  version,
  writeReadmeSection,
} from './processes.mjs';
import { benchNodes } from './nodes.mjs';
import { H2_JSON, H2_SCENARIOS } from './servers/common.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const BASELINE = 'node-http2';
const CONTENDERS = [BASELINE, 'brisk', 'fastify'];
// Run only when asked for (BENCH_CONTENDERS=...): brisk with fastify's headers (no ETag, no
// X-Powered-By), and node:http2's core stream API with no compatibility objects.
const OPTIONAL = ['brisk-lean', 'node-http2-stream'];
const env = process.env;
const duration = Number(env.BENCH_DURATION) || 3;
const warmup = env.BENCH_WARMUP === undefined ? 1 : Number(env.BENCH_WARMUP);
const rounds = Number(env.BENCH_ROUNDS) || 3;
const sessions = Number(env.BENCH_H2_SESSIONS) || 10;
const streams = Number(env.BENCH_H2_STREAMS) || 10;
const tool = env.BENCH_H2_LOAD || 'node';
const profileDir = env.BENCH_PROFILE ? path.resolve(env.BENCH_PROFILE) : undefined;
const pick = (value, all) => {
  const wanted = value ? value.split(',').map((s) => s.trim()) : all;
  for (const name of wanted) if (!all.includes(name)) throw new Error(`unknown ${name}; one of ${all.join(', ')}`);
  return wanted;
};
const scenarios = pick(env.BENCH_SCENARIOS, H2_SCENARIOS);
const contenders = env.BENCH_CONTENDERS ? pick(env.BENCH_CONTENDERS, [...CONTENDERS, ...OPTIONAL]) : CONTENDERS;
if (!contenders.includes(BASELINE)) contenders.unshift(BASELINE); // the baseline of every ratio
const write = process.argv.includes('--write');
const nodes = benchNodes();
if (tool !== 'node' && tool !== 'h2load') throw new Error(`BENCH_H2_LOAD: node or h2load, not ${tool}`);
if (tool === 'h2load' && spawnSync('h2load', ['--version']).status !== 0) {
  throw new Error('BENCH_H2_LOAD=h2load: no h2load on PATH (Debian: apt-get install nghttp2-client)');
}

// ---------------------------------------------------------------------------------------------
// Scenarios: the request under load, and the checks every contender's responses must pass.

const jsonText = JSON.stringify(H2_JSON);
const scenarioSpecs = {
  hello: {
    load: { path: '/', expectBytes: Buffer.byteLength('Hello World') },
    checks: [
      {
        path: '/',
        status: 200,
        body: 'Hello World',
        headers: { 'content-type': /^text\/(plain|html); charset=utf-8$/i },
      },
      { path: '/missing', status: 404 },
    ],
  },
  json: {
    load: { path: '/json', expectBytes: Buffer.byteLength(jsonText) },
    checks: [
      {
        path: '/json',
        status: 200,
        json: H2_JSON,
        headers: { 'content-type': /^application\/json; charset=utf-8$/i },
        length: Buffer.byteLength(jsonText),
      },
      { path: '/missing', status: 404 },
    ],
  },
};

/** One request over an HTTP/2 session: { status, headers, body }. */
function request(session, headers) {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: true });
    let response;
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (response = h));
    stream.on('data', (chunk) => (body += chunk));
    stream.on('end', () => resolve({ status: response[':status'], headers: response, body }));
    stream.on('error', reject);
  });
}

async function verify(contender, scenario, port) {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  try {
    await once(session, 'connect');
    for (const check of scenarioSpecs[scenario].checks) {
      const res = await request(session, { ':method': 'GET', ':path': check.path });
      const where = `${contender} ${scenario}: GET ${check.path} over HTTP/2`;
      assert.equal(res.status, check.status, `${where}: status`);
      if (check.body !== undefined) assert.equal(res.body, check.body, `${where}: body`);
      if (check.json !== undefined) assert.deepEqual(JSON.parse(res.body), check.json, `${where}: JSON body`);
      // under load only the body's length is checked (load-h2.mjs): the same length here
      if (check.length !== undefined) assert.equal(Buffer.byteLength(res.body), check.length, `${where}: length`);
      for (const [name, pattern] of Object.entries(check.headers ?? {})) {
        assert.match(String(res.headers[name] ?? ''), pattern, `${where}: header ${name}`);
      }
    }
  } finally {
    session.close();
  }
}

// ---------------------------------------------------------------------------------------------
// One measurement: start, verify, warm up, load, read the server's CPU time and peak RSS, stop.

/**
 * The load generator for one measurement: load-h2.mjs stays up for the warm-up and the measured
 * run (its JIT warm for the second); h2load is started for each.
 */
async function loader(port, scenario) {
  const { path: urlPath, expectBytes } = scenarioSpecs[scenario].load;
  const options = { origin: `http://127.0.0.1:${port}`, path: urlPath, sessions, streams };
  if (tool === 'h2load') {
    const script = path.join(here, 'load-h2load.mjs');
    return { run: (seconds) => runLoad(script, { ...options, duration: seconds }), stop: async () => {} };
  }
  const generator = startLoad(path.join(here, 'load-h2.mjs'), { ...options, expectBytes });
  await generator.ready;
  return generator;
}

async function measure(contender, scenario, node) {
  const file = path.join(here, 'servers', 'h2', `${contender}.mjs`);
  const server = startServer(file, scenario, {
    name: `${node.label}-h2-${contender}`,
    profileDir,
    execPath: node.execPath,
  });
  let generator;
  try {
    const port = await server.started;
    await verify(contender, scenario, port);
    generator = await loader(port, scenario);
    return await measureLoad(server, (seconds) => generator.run(seconds), {
      warmup,
      duration,
      label: `${contender} ${scenario}`,
    });
  } finally {
    await generator?.stop();
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The rounds, the medians, the table.

if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
for (const node of nodes) {
  const started = Date.now();
  const loadName = tool === 'h2load' ? 'h2load' : 'bench/load-h2.mjs (node:http2)';
  console.error(
    `bench:h2: ${scenarios.length} scenarios × ${contenders.length} contenders × ${rounds} rounds, ${duration} s each ` +
      `(+${warmup} s warm-up), h2c, ${loadName}: ${sessions} sessions × ${streams} streams, ` +
      `${isPinned ? 'server on core 0, load on core 1' : 'not pinned'}`,
  );
  // scenario → contender → [{ rps, rpcpu, rssMiB, p99Ms, rpsRatio, cpuRatio, rssRatio }]
  const results = await runRounds({
    scenarios,
    contenders,
    rounds,
    baseline: BASELINE,
    measure: (contender, scenario) => measure(contender, scenario, node),
  });

  const int = (n) => Math.round(n).toLocaleString('en-US');
  const x = (n) => `${n.toFixed(2)}×`;
  const lines = [
    '| scenario | contender | req/s | vs node-http2 | req per CPU-s | vs node-http2 | peak RSS MiB | vs node-http2 | p99 ms |',
    '| :-- | :-- | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const scenario of scenarios) {
    for (const contender of contenders) {
      const runs = results[scenario][contender];
      const med = (key) => median(runs.map((r) => r[key]));
      lines.push(
        `| ${scenario} | ${contender} | ${int(med('rps'))} | ${x(med('rpsRatio'))} | ${int(med('rpcpu'))} | ` +
          `${x(med('cpuRatio'))} | ${med('rssMiB').toFixed(1)} | ${x(med('rssRatio'))} | ${Number(med('p99Ms').toFixed(1))} |`,
      );
    }
  }

  // brisk against fastify, per server CPU second: the median of the per-round ratios
  const pairs = [
    ['brisk', 'fastify'],
    ['brisk-lean', 'fastify'],
  ].filter(([a, b]) => contenders.includes(a) && contenders.includes(b));
  const versus = [];
  if (pairs.length && scenarios.length) {
    versus.push(
      `| scenario | ${pairs.map(([a, b]) => `${a} / ${b} per CPU-s`).join(' | ')} |`,
      `| :-- |${pairs.map(() => ' --: |').join('')}`,
    );
    for (const scenario of scenarios) {
      const r = results[scenario];
      const ratio = (a, b) => median(r[a].map((m, i) => m.rpcpu / r[b][i].rpcpu)).toFixed(2);
      versus.push(`| ${scenario} | ${pairs.map(([a, b]) => ratio(a, b)).join(' | ')} |`);
    }
  }

  const toolVersion =
    tool === 'h2load'
      ? spawnSync('h2load', ['--version'], { encoding: 'utf8' }).stdout.trim() || 'h2load'
      : `bench/load-h2.mjs on node:http2`;
  const machine = [
    `- Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}`,
    `- **Node ${node.version}** (the servers; the load generator runs on the machine's node ${process.versions.node}); briskjs ${version('briskjs')} (built), fastify ${version('fastify')}; ` +
      `HTTP/2 over cleartext (h2c); load: ${toolVersion}, ${sessions} sessions × ${streams} concurrent streams`,
    `- ${rounds} rounds × ${duration} s per contender and scenario (after ${warmup} s of warm-up), ` +
      `${isPinned ? 'server pinned to core 0 and load generator to core 1 (taskset)' : 'no CPU pinning'}; ` +
      `medians over the rounds; ratios to node-http2 (compatibility API) from the same round`,
    `- Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 1000)} s in all`,
  ];
  const report = [`#### Node ${node.version} (HTTP/2)`, '', ...machine, '', ...lines, '', ...versus].join('\n');
  console.log(`${report}\n`);

  if (write) {
    writeReadmeSection(`bench-h2-${node.label}`, report, 'bench-h2');
    console.error(`bench:h2: bench/README.md updated (node ${node.version})`);
  }
}
