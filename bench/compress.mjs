// `node bench/compress.mjs`: compression 1.8.2 against @brisk/compress, side by side, on a plain
// node:http server (bench/servers/compress.mjs), both at their default options (gzip level 6,
// Brotli quality 4, zstd level 3). Each server runs as its own process (core 0 where taskset
// exists), autocannon loads it from another (core 1); the contenders take turns, and the medians
// over the rounds are printed as a markdown table:
//   - small JSON (below the threshold, Accept-Encoding: gzip, deflate, br): requests per CPU-second;
//   - 1 MiB of JSON, compressed: MiB of body served per second, and server CPU ms per MiB.
// Each server is warmed up first (requests on one connection). The defaults fit in under 30 s:
// BENCH_ROUNDS=2 BENCH_DURATION=1 (seconds per measurement); BENCH_RUNS=small-json (or large) runs one kind.
//   BENCH_ROUNDS=5 BENCH_DURATION=3 node bench/compress.mjs
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { isPinned, measureLoad, median, runLoad, startServer, version } from './processes.mjs';
import { largeBody } from './servers/compress.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.join(here, 'servers/compress.mjs');
const load = path.join(here, 'load.mjs');
const rounds = Number(process.env.BENCH_ROUNDS) || 2;
const duration = Number(process.env.BENCH_DURATION) || 1;
const hasZstd = typeof zlib.createZstdCompress === 'function';
const CONTENDERS = ['upstream', 'brisk'];
const MIB = largeBody().length / (1024 * 1024);

/** [label, scenario, Accept-Encoding, connections] */
const ALL_RUNS = [
  ['small JSON, not compressed', 'small-json', 'gzip, deflate, br', 32],
  ['1 MiB JSON, gzip', 'large', 'gzip', 4],
  ['1 MiB JSON, br', 'large', 'br', 4],
  ...(hasZstd ? [['1 MiB JSON, zstd (brisk only)', 'large', 'zstd', 4]] : []),
];
const RUNS = process.env.BENCH_RUNS
  ? ALL_RUNS.filter(([, scenario]) => process.env.BENCH_RUNS.split(',').includes(scenario))
  : ALL_RUNS;

/** One GET: its Content-Encoding and body length. Each server must answer what the run expects. */
function check(port, acceptEncoding, agent) {
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', agent, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let length = 0;
        res.on('data', (c) => (length += c.length));
        res.on('end', () => resolve({ coding: res.headers['content-encoding'], length }));
      })
      .on('error', reject);
  });
}

/** Warms a server up (its code optimized) with `count` requests on one keep-alive connection. */
async function warm(port, acceptEncoding, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < count; i++) await check(port, acceptEncoding, agent);
  agent.destroy();
}

const results = new Map(); // label → contender → [measurements]
for (const [label, scenario, acceptEncoding, connections] of RUNS) {
  const contenders = acceptEncoding === 'zstd' ? ['brisk'] : CONTENDERS;
  const servers = new Map();
  for (const name of contenders) {
    const s = startServer(server, scenario, { name, env: { ...process.env, COMPRESS: name } });
    const port = await s.started;
    const answer = await check(port, acceptEncoding);
    if (scenario === 'large') assert.equal(answer.coding, acceptEncoding, `${name}: ${label}`);
    else assert.equal(answer.coding, undefined, `${name}: ${label}`);
    await warm(port, acceptEncoding, scenario === 'large' ? 20 : 1000);
    servers.set(name, { s, port });
  }
  const byContender = new Map(contenders.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...contenders].reverse() : contenders;
    for (const name of order) {
      const { s, port } = servers.get(name);
      const run = (seconds) =>
        runLoad(load, {
          url: `http://127.0.0.1:${port}/`,
          connections,
          duration: seconds,
          headers: { 'accept-encoding': acceptEncoding },
        });
      const m = await measureLoad(s, run, { warmup: 0, duration, label: `${name} ${label}` });
      byContender.get(name).push(m);
    }
  }
  for (const { s } of servers.values()) await s.stop();
  results.set(label, byContender);
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const lines = [
  '| run | measure | compression 1.8.2 | @brisk/compress | brisk / compression |',
  '| :-- | :-- | --: | --: | --: |',
];
for (const [label, byContender] of results) {
  const med = (name, f) => (byContender.has(name) ? median(byContender.get(name).map(f)) : undefined);
  const rows = label.startsWith('small')
    ? [['requests per CPU-second', (m) => m.rpcpu, 0, true]]
    : [
        ['MiB/s served', (m) => m.rps * MIB, 1, true],
        ['CPU ms per MiB', (m) => 1000 / (m.rpcpu * MIB), 2, false],
      ];
  for (const [measure, f, digits, higherIsBetter] of rows) {
    const a = med('upstream', f);
    const b = med('brisk', f);
    const ratio = a === undefined ? '' : `${fmt(higherIsBetter ? b / a : a / b, 2)}x`;
    lines.push(`| ${label} | ${measure} | ${a === undefined ? '—' : fmt(a, digits)} | ${fmt(b, digits)} | ${ratio} |`);
  }
}
console.log(lines.join('\n'));
console.log(
  `\nnode ${process.version}, compression ${version('compression')}, autocannon ${version('autocannon')}, ` +
    `${rounds} rounds of ${duration} s, ${isPinned ? 'server and load pinned to a core each' : 'not pinned'}; ` +
    'the last column: above 1 means brisk is better.',
);
