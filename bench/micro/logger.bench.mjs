// @brisk/logger against morgan@1.12.1. Run after `pnpm build` in packages/logger (and packages/http):
//   node micro/run.mjs logger
// 1. Synchronous: building one line (combined, dev, tiny) from fake req/res, and compiling a format.
// 2. Over HTTP: the CPU one request costs with `combined` / `dev` logging to a discarding stream,
//    against the same node:http server without a logger (keep-alive clients on 127.0.0.1, server and
//    clients in this process; interleaved rounds, median). Numbers, never assertions.
import http from 'node:http';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { compare } from './harness.mjs';
import logger from '@brisk/logger';

const require = createRequire(import.meta.url);
const morgan = require('morgan');

// --- 1. one line, and compiling ------------------------------------------------------------

const fakeReq = () => ({
  method: 'GET',
  url: '/users/42?sort=asc',
  httpVersionMajor: 1,
  httpVersionMinor: 1,
  headers: { 'user-agent': 'curl/8.7.1', referer: 'http://localhost/', host: 'localhost' },
  socket: { remoteAddress: '127.0.0.1' },
  connection: { remoteAddress: '127.0.0.1' },
  _startAt: [1000, 500000],
  _remoteAddress: '127.0.0.1',
});
const fakeRes = () => ({
  headersSent: true,
  statusCode: 200,
  _startAt: [1000, 900000],
  getHeader: (name) => (name === 'content-length' ? '2' : undefined),
});
const req = fakeReq();
const res = fakeRes();
const briskCombined = logger.compile(logger.combined);
const morganCombined = morgan.compile(morgan.combined);
const briskTiny = logger.compile(logger.tiny);
const morganTiny = morgan.compile(morgan.tiny);
// A format never seen before, of a shape never seen before (combined + 20 tokens, each with or
// without an argument as the bits of a counter say), so that no cache of either side helps.
let n = 0;
function freshFormat() {
  const k = n++;
  let format = logger.combined;
  for (let bit = 0; bit < 20; bit++) format += (k >> bit) & 1 ? ' :req[x]' : ' :method';
  return format;
}

function oneLine() {
  compare('@brisk/logger vs morgan@1.12.1: one line', [
    {
      name: 'combined line',
      brisk: () => briskCombined(logger, req, res),
      upstream: () => morganCombined(morgan, req, res),
    },
    { name: 'tiny line', brisk: () => briskTiny(logger, req, res), upstream: () => morganTiny(morgan, req, res) },
    { name: 'dev line (200)', brisk: () => logger.dev(logger, req, res), upstream: () => morgan.dev(morgan, req, res) },
    {
      name: 'compile + first line (new format)',
      brisk: () => logger.compile(freshFormat())(logger, req, res),
      upstream: () => morgan.compile(freshFormat())(morgan, req, res),
    },
    {
      name: 'compile combined (same string)',
      brisk: () => logger.compile(logger.combined),
      upstream: () => morgan.compile(morgan.combined),
    },
    {
      name: 'logger("combined") set-up',
      brisk: () => logger('combined', { stream: process.stdout }),
      upstream: () => morgan('combined', { stream: process.stdout }),
    },
  ]);
}

// --- 2. over HTTP ----------------------------------------------------------------------------
// Each server runs in a child process (this file, LOGGER_BENCH_SERVER=<variant>) and reports its
// own CPU time; the keep-alive clients run here.

const VARIANTS = ['no logger', 'brisk combined', 'morgan combined', 'brisk dev', 'morgan dev'];

function middleware(variant) {
  const stream = new Writable({ write: (_chunk, _encoding, callback) => callback() }); // discards
  switch (variant) {
    case 'brisk combined':
      return logger('combined', { stream });
    case 'morgan combined':
      return morgan('combined', { stream });
    case 'brisk dev':
      return logger('dev', { stream });
    case 'morgan dev':
      return morgan('dev', { stream });
    default:
      return null;
  }
}

function runServer(variant) {
  const mw = middleware(variant);
  const server = http.createServer((req, res) => {
    const respond = () => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Length', '2');
      res.end('ok');
    };
    if (mw) mw(req, res, respond);
    else respond();
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system });
  });
  process.on('disconnect', () => process.exit(0));
}

function hit(port, agent) {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: '/users/42?sort=asc', agent, headers: { 'user-agent': 'bench' } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      )
      .on('error', reject);
  });
}

async function overHttp() {
  const { fork } = await import('node:child_process');
  const { once } = await import('node:events');
  const servers = [];
  for (const variant of VARIANTS) {
    const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, LOGGER_BENCH_SERVER: variant } });
    const [{ port }] = await once(child, 'message');
    servers.push({ variant, child, port, agent: new http.Agent({ keepAlive: true, maxSockets: 8 }), samples: [] });
  }
  const cpu = async (child) => {
    child.send('cpu');
    const [{ cpu: micros }] = await once(child, 'message');
    return micros;
  };
  /** µs of server CPU per request, for `count` requests from 8 keep-alive connections. */
  const round = async (server, count) => {
    const before = await cpu(server.child);
    let left = count;
    const client = async () => {
      while (left-- > 0) await hit(server.port, server.agent);
    };
    await Promise.all(Array.from({ length: 8 }, client));
    return ((await cpu(server.child)) - before) / count;
  };
  const count = Number(process.env.BENCH_REQUESTS) || 3000;
  const rounds = Number(process.env.BENCH_ROUNDS) || 7;
  for (const server of servers) await round(server, 1000); // warm-up
  for (let r = 0; r < rounds; r++) for (const server of servers) server.samples.push(await round(server, count));
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const base = median(servers[0].samples);
  console.log(
    `\n### @brisk/logger vs morgan@1.12.1 over HTTP (server CPU per request, median of ${rounds} rounds of ${count})\n`,
  );
  console.log('| server | µs/request | logging cost µs |\n|:--|--:|--:|');
  for (const server of servers) {
    const m = median(server.samples);
    console.log(`| ${server.variant} | ${m.toFixed(1)} | ${server === servers[0] ? '' : (m - base).toFixed(1)} |`);
    server.agent.destroy();
    server.child.disconnect();
  }
}

if (process.env.LOGGER_BENCH_SERVER) runServer(process.env.LOGGER_BENCH_SERVER);
else {
  oneLine();
  await overHttp();
}
