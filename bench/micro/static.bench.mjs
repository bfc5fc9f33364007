// @brisk/static against send@1.2.1 / serve-static@2.2.1.
// 1. micro: the time-span parser (against ms@2.1, which send uses) and compiling send's options;
// 2. over HTTP: serving a 16 KiB file through the middleware, against serve-static and against a
//    bare node:http server piping fs.createReadStream. Each server runs in its own child process
//    and reports the CPU time (user + system) it spent per request over a bounded number of
//    keep-alive requests from 127.0.0.1; rounds are interleaved and the median is reported.
//    `BENCH_REQUESTS` (default 4000) and `BENCH_ROUNDS` (default 5) tune it.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, createReadStream } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import serveStatic from '@brisk/static';

const require = createRequire(import.meta.url);
const upstreamServe = require('serve-static');
const upstreamSend = require('send');

// ---- child: one server ----------------------------------------------------------------------
if (process.argv[2] === '--server') {
  const [, , , kind, root] = process.argv;
  const file = join(root, 'file.txt');
  const notFound = (req, res) => {
    res.statusCode = 404;
    res.end();
  };
  let handler;
  if (kind === 'bare') {
    handler = (req, res) => {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Content-Length', 16384);
      createReadStream(file).pipe(res);
    };
  } else if (kind === 'brisk') {
    const mw = serveStatic(root);
    handler = (req, res) => mw(req, res, () => notFound(req, res));
  } else if (kind === 'upstream') {
    const mw = upstreamServe(root);
    handler = (req, res) => mw(req, res, () => notFound(req, res));
  } else if (kind === 'brisk-send') {
    handler = (req, res) => serveStatic.send(req, '/file.txt', { root }).pipe(res);
  } else {
    handler = (req, res) => upstreamSend(req, '/file.txt', { root }).pipe(res);
  }
  const server = http.createServer(handler);
  server.keepAliveTimeout = 60_000;
  let start;
  process.on('message', (msg) => {
    if (msg === 'start') {
      start = process.cpuUsage();
      process.send('started');
    } else if (msg === 'stop') {
      const used = process.cpuUsage(start);
      process.send({ cpu: used.user + used.system });
    } else if (msg === 'exit') {
      server.close();
      process.exit(0);
    }
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
} else {
  await main();
}

async function main() {
  const { compare } = await import('./harness.mjs');
  const ms = require(require.resolve('ms', { paths: [require.resolve('send')] }));
  const { parseTimeSpan } = serveStatic;

  compare('@brisk/static parseTimeSpan vs ms@2.1.3 (send maxAge strings)', [
    { name: "'1d'", brisk: () => parseTimeSpan('1d'), upstream: () => ms('1d') },
    { name: "'1.5 hours'", brisk: () => parseTimeSpan('1.5 hours'), upstream: () => ms('1.5 hours') },
    { name: "'100' (no unit)", brisk: () => parseTimeSpan('100'), upstream: () => ms('100') },
    { name: "'soon' (no match)", brisk: () => parseTimeSpan('soon'), upstream: () => ms('soon') },
  ]);

  const req = { headers: {}, method: 'GET' };
  const opts = {
    root: '/srv/www',
    maxAge: '1d',
    index: ['index.html', 'index.htm'],
    extensions: ['html'],
    immutable: true,
  };
  compare('@brisk/static send() vs send@1.2.1: making the stream (option compile)', [
    {
      name: 'send(req, path) no options',
      brisk: () => serveStatic.send(req, '/a.txt'),
      upstream: () => upstreamSend(req, '/a.txt'),
    },
    {
      name: 'send(req, path, 5 options)',
      brisk: () => serveStatic.send(req, '/a.txt', opts),
      upstream: () => upstreamSend(req, '/a.txt', opts),
    },
  ]);

  await httpBench();
}

async function startServer(kind, root) {
  const child = fork(fileURLToPath(import.meta.url), ['--server', kind, root], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)));
  const ask = (msg) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(msg);
    });
  return { child, port, ask };
}

/** `count` GET requests for the file, `concurrency` at a time over keep-alive connections. */
async function load(port, path, count, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent++;
      await new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
            res.on('data', () => {});
            res.on('end', resolve);
          })
          .on('error', reject);
      });
    }
  };
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  return seconds;
}

async function httpBench() {
  const requests = Number(process.env.BENCH_REQUESTS) || 4000;
  const rounds = Number(process.env.BENCH_ROUNDS) || 5;
  const root = mkdtempSync(join(tmpdir(), 'brisk-static-bench-'));
  writeFileSync(join(root, 'file.txt'), Buffer.alloc(16384, 'x'));
  // @brisk/static keeps the bytes of a small file only once it has not changed for 2 s (its
  // ctime, which cannot be set back): wait, so that every round measures what a served site sees
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const kinds = [
    ['bare', 'node:http + fs.createReadStream().pipe(res)'],
    ['brisk', '@brisk/static middleware'],
    ['upstream', 'serve-static@2.2.1 middleware'],
    ['brisk-send', '@brisk/static send(req, path, { root })'],
    ['send', 'send@1.2.1 send(req, path, { root })'],
  ];
  const servers = {};
  for (const [kind] of kinds) servers[kind] = await startServer(kind, root);
  const cpu = Object.fromEntries(kinds.map(([k]) => [k, []]));
  const rps = Object.fromEntries(kinds.map(([k]) => [k, []]));
  try {
    for (const [kind] of kinds) await load(servers[kind].port, '/file.txt', 500, 4); // warm-up
    for (let r = 0; r < rounds; r++) {
      for (const [kind] of kinds) {
        const s = servers[kind];
        await s.ask('start');
        const seconds = await load(s.port, '/file.txt', requests, 4);
        const { cpu: us } = await s.ask('stop');
        cpu[kind].push(us / requests);
        rps[kind].push(requests / seconds);
      }
    }
  } finally {
    for (const [kind] of kinds) servers[kind].child.send('exit');
    rmSync(root, { recursive: true, force: true });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(
    `\n### GET of a 16 KiB file over keep-alive HTTP (${requests} requests x ${rounds} rounds, 4 connections; server CPU per request, median)\n`,
  );
  console.log('| server | CPU µs/request | requests/s | CPU vs bare |\n|:--|--:|--:|--:|');
  const bare = median(cpu.bare);
  for (const [kind, label] of kinds) {
    const c = median(cpu[kind]);
    console.log(`| ${label} | ${c.toFixed(1)} | ${median(rps[kind]).toFixed(0)} | ${(c / bare).toFixed(2)}x |`);
  }
}
