// `node bench/multipart.mjs`: @brisk/multipart against multer 2.5.0, side by side.
//
// 1. Requests per CPU-second for a small form (two text fields and one 10 KB file, memory
//    storage) on a node:http server: the method of run.mjs (each server its own process on core
//    0, autocannon on core 1, every answer checked first, the server's CPU time per request,
//    contenders in a different order each round, medians over the rounds).
// 2. Throughput for one large file, in-process: a 64 MB file of random bytes (as compressed media
//    is) in 64 KB chunks through the middleware to a storage engine that only counts bytes, MB of
//    body per CPU-second (best of 3).
//
//   node bench/multipart.mjs [--write]     (--write: put the tables into bench/README.md)
//   BENCH_DURATION=3 BENCH_ROUNDS=2 BENCH_WARMUP=1 BENCH_CONNECTIONS=50
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomFillSync } from 'node:crypto';
import { Readable } from 'node:stream';
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
const require = createRequire(import.meta.url);
const env = process.env;
const duration = Number(env.BENCH_DURATION) || 3;
const warmup = env.BENCH_WARMUP === undefined ? 1 : Number(env.BENCH_WARMUP);
const rounds = Number(env.BENCH_ROUNDS) || 2;
const connections = Number(env.BENCH_CONNECTIONS) || 50;
const write = process.argv.includes('--write');
const contenders = ['multer', 'brisk'];
const modules = { multer: require('multer'), brisk: require('@brisk/multipart') };

// the small form, as a browser sends it
const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
const part = (headers, body) => `--${BOUNDARY}\r\n${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
const BODY =
  part(['Content-Disposition: form-data; name="title"'], 'Holiday photos') +
  part(['Content-Disposition: form-data; name="album"'], 'summer-2026') +
  part(
    ['Content-Disposition: form-data; name="file"; filename="notes.txt"', 'Content-Type: text/plain'],
    'x'.repeat(10 * 1024),
  ) +
  `--${BOUNDARY}--\r\n`;
const HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const EXPECTED = { title: 'Holiday photos', album: 'summer-2026', file: ['notes.txt', 10 * 1024] };

async function verify(contender, port) {
  const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: HEADERS, body: BODY });
  assert.equal(res.status, 200, `${contender}: status`);
  assert.deepEqual(await res.json(), EXPECTED, `${contender}: body`);
}

async function measure(contender) {
  const server = startServer(path.join(here, 'servers', 'multipart', 'server.mjs'), 'small', {
    name: contender,
    env: { ...env, BENCH_MULTIPART: contender },
  });
  try {
    const port = await server.started;
    await verify(contender, port);
    const load = (seconds) =>
      runLoad(path.join(here, 'load.mjs'), {
        url: `http://127.0.0.1:${port}/`,
        method: 'POST',
        headers: HEADERS,
        body: BODY,
        connections,
        duration: seconds,
      });
    return await measureLoad(server, load, { warmup, duration, label: contender });
  } finally {
    await server.stop();
  }
}

/** MB of body per CPU-second for one `size`-byte file through `multer`'s middleware, best of 3. */
async function throughput(multer, size) {
  const counting = {
    _handleFile(_req, file, cb) {
      let n = 0;
      file.stream.on('data', (c) => (n += c.length));
      file.stream.on('end', () => cb(null, { size: n }));
    },
    _removeFile: (_req, _file, cb) => cb(null),
  };
  const upload = multer({ storage: counting }).single('file');
  const head = Buffer.from(part(['Content-Disposition: form-data; name="file"; filename="big.bin"'], '').slice(0, -2));
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  // 64 different random chunks, used in turn (a CR in them is where both parsers look closer)
  const pool = Array.from({ length: 64 }, () => randomFillSync(Buffer.alloc(65536)));
  let best = 0;
  for (let run = 0; run < 3; run++) {
    const chunks = [head];
    for (let sent = 0; sent < size; sent += 65536) chunks.push(pool[(sent >> 16) % pool.length]);
    chunks.push(tail);
    const req = Object.assign(Readable.from(chunks), {
      headers: { ...HEADERS, 'content-length': String(head.length + size + tail.length) },
    });
    const start = process.cpuUsage();
    const stored = await new Promise((resolve, reject) =>
      upload(req, {}, (err) => (err ? reject(err) : resolve(req.file.size))),
    );
    const cpu = process.cpuUsage(start);
    assert.equal(stored, size);
    best = Math.max(best, size / 1048576 / ((cpu.user + cpu.system) / 1e6));
  }
  return best;
}

const started = Date.now();
const LARGE = 64 << 20;
const large = {};
for (const c of contenders) large[c] = await throughput(modules[c], LARGE);
console.error(
  `bench:multipart: ${contenders.length} contenders × ${rounds} rounds, ${duration} s each (+${warmup} s warm-up), ` +
    `${connections} connections, ${isPinned ? 'server on core 0, load on core 1' : 'not pinned'}`,
);
const results = (
  await runRounds({ scenarios: ['small'], contenders, rounds, baseline: 'multer', measure: (c) => measure(c) })
).small;

const int = (n) => Math.round(n).toLocaleString('en-US');
const m = (c, key) => median(results[c].map((r) => r[key]));
const lines = [
  '| contender | req/s | req per CPU-s | × multer | CPU µs a request | p99 ms | peak RSS MiB | 64 MB file, MB per CPU-s | × multer |',
  '| :-- | --: | --: | --: | --: | --: | --: | --: | --: |',
  ...contenders.map(
    (c) =>
      `| ${c === 'brisk' ? '@brisk/multipart' : `multer ${version('multer')}`} | ${int(m(c, 'rps'))} | ${int(m(c, 'rpcpu'))} | ` +
      `${(m(c, 'rpcpu') / m('multer', 'rpcpu')).toFixed(2)} | ${(1e6 / m(c, 'rpcpu')).toFixed(1)} | ${m(c, 'p99Ms')} | ` +
      `${m(c, 'rssMiB').toFixed(1)} | ${int(large[c])} | ${(large[c] / large.multer).toFixed(2)} |`,
  ),
];
const report = [
  `- Node ${process.version}; multer ${version('multer')} (busboy 1.6.0), @brisk/multipart (built)`,
  `- small form: ${rounds} rounds × ${duration} s (after ${warmup} s of warm-up), ${connections} connections, ` +
    `${isPinned ? 'server pinned to core 0 and autocannon to core 1' : 'no CPU pinning'}; medians over the rounds`,
  '- large file: in-process, 64 MB of random bytes in 64 KB chunks to a storage engine that counts bytes; best of 3',
  `- Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 1000)} s in all`,
  '',
  ...lines,
].join('\n');
console.log(report);
if (write) {
  writeReadmeSection('bench-multipart', report);
  console.error('bench:multipart: bench/README.md updated');
}
