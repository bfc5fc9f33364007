// Middleware over HTTP, side by side: each contender (a request listener made by the calling
// bench file) runs in a child process of its own; keep-alive clients from 127.0.0.1 send the same
// request to each in turn, for a bounded number of requests per round, rounds interleaved; each
// server reports the CPU time (user + system) it spent. Printed: requests per CPU-second and CPU
// µs per request (medians), and the ratio to the first contender (usually bare node:http).
// Used by cors.bench.mjs and cookie-parser.bench.mjs; BENCH_REQUESTS (3000) and BENCH_ROUNDS (3)
// tune it.
import { fork } from 'node:child_process';
import http from 'node:http';

/**
 * In a child started by {@link cpuPerRequest}: serves `listeners[kind]` and answers the parent's
 * start/stop/exit messages. Returns true when this process is such a child.
 * @param {Record<string, http.RequestListener>} listeners
 */
export function serveIfChild(listeners) {
  if (process.argv[2] !== '--server') return false;
  const server = http.createServer(listeners[process.argv[3]]);
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
  return true;
}

async function start(file, kind) {
  const child = fork(file, ['--server', kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)));
  const ask = (msg) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(msg);
    });
  return { child, port, ask };
}

/** `count` requests, `concurrency` at a time over keep-alive connections; checks each status (one, or a list). */
async function load(port, { method, path, headers, status }, count, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent++;
      await new Promise((resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
            if (![status].flat().includes(res.statusCode))
              reject(new Error(`${method} ${path}: status ${res.statusCode}`));
            res.resume();
            res.on('end', resolve);
          })
          .on('error', reject)
          .end();
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Runs every contender on every request and prints one table per request.
 * @param {{ file: string, title: string, kinds: [string, string][], requests: { name: string, method: string, path: string, headers: object, status: number }[] }} spec
 */
export async function cpuPerRequest({ file, title, kinds, requests: cases }) {
  const count = Number(process.env.BENCH_REQUESTS) || 3000;
  const rounds = Number(process.env.BENCH_ROUNDS) || 3;
  const servers = {};
  for (const [kind] of kinds) servers[kind] = await start(file, kind);
  try {
    for (const c of cases) {
      const cpu = Object.fromEntries(kinds.map(([k]) => [k, []]));
      for (const [kind] of kinds) await load(servers[kind].port, c, 300, 4); // warm-up
      for (let r = 0; r < rounds; r++) {
        for (const [kind] of kinds) {
          const s = servers[kind];
          await s.ask('start');
          await load(s.port, c, count, 4);
          const { cpu: us } = await s.ask('stop');
          cpu[kind].push(us / count);
        }
      }
      console.log(`\n### ${title}: ${c.name} (${count} requests x ${rounds} rounds, 4 keep-alive connections)\n`);
      console.log('| server | requests per CPU-second | CPU µs/request | vs first |\n|:--|--:|--:|--:|');
      const base = median(cpu[kinds[0][0]]);
      for (const [kind, label] of kinds) {
        const us = median(cpu[kind]);
        console.log(`| ${label} | ${Math.round(1e6 / us)} | ${us.toFixed(1)} | ${(base / us).toFixed(2)}x |`);
      }
    }
  } finally {
    for (const [kind] of kinds) servers[kind].child.send('exit');
  }
}
