// Soak run: one brisk server process (bench/soak/server.mjs, the built briskjs) and, from this
// process, at least 100,000 mixed normal and hostile requests to it on 127.0.0.1, from 50
// keep-alive workers plus fresh connections. Reports the server's heap (after a full
// collection), RSS and open file descriptors at start, middle and end, the status codes, the
// client-side outcomes, and fails (exit 1) when the server exits, a bound below is crossed, or a
// prototype was polluted. Bounded in count and in time; stops by itself. Node built-ins only.
//
//   pnpm soak                        (builds, then runs)
//   node bench/soak/soak.mjs         (with the packages already built)
//   SOAK_REQUESTS=20000 node bench/soak/soak.mjs
//
// Not part of CI (bench/soak/README.md has a run's numbers).
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOTAL = Number(process.env.SOAK_REQUESTS) || 100_000;
const CONCURRENCY = 50;
const TIME_LIMIT_MS = Number(process.env.SOAK_TIME_LIMIT_MS) || 170_000;
const REQUEST_TIMEOUT_MS = 15_000;
const HOST = '127.0.0.1';

// Bounds (end against start, both measured idle: no client connection open, after a full GC).
const HEAP_GROWTH_LIMIT = 16 * 2 ** 20; // heap used may grow by at most 16 MiB
const FD_GROWTH_LIMIT = 8; // open file descriptors may grow by at most 8
const RSS_LIMIT = 512 * 2 ** 20; // RSS at most 512 MiB at any measurement

// --- files the server serves ----------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'brisk-soak-'));
const pub = join(work, 'public');
const logFile = join(work, 'access.log');
{
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(pub, 'sub'), { recursive: true });
  writeFileSync(join(pub, 'small.txt'), 'hello, soak\n'.repeat(80)); // ~1 kB (cached by static)
  writeFileSync(join(pub, 'sub', 'page.html'), '<!doctype html><p>page</p>\n');
  writeFileSync(join(pub, 'medium.bin'), Buffer.alloc(256 * 1024, 7)); // 256 kB: streamed, ranges
  writeFileSync(join(pub, 'large.bin'), Buffer.alloc(8 * 2 ** 20, 9)); // 8 MB: aborted downloads
  writeFileSync(logFile, '');
}

// --- the server -------------------------------------------------------------------------------

const serverPath = fileURLToPath(new URL('./server.mjs', import.meta.url));
const child = fork(serverPath, [work, logFile], {
  execArgv: ['--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let exited = null;
child.on('exit', (code, signal) => {
  exited = { code, signal };
});
const port = await new Promise((resolve, reject) => {
  child.once('message', (msg) => (msg?.type === 'listening' ? resolve(msg.port) : reject(new Error('no port'))));
  child.once('exit', () => reject(new Error('the server exited before listening')));
});

let statsId = 0;
/** The server's numbers: memory (after a full GC when `gc`), requests, fds, loop delay. */
function serverStats(gc) {
  const id = ++statsId;
  return new Promise((resolve, reject) => {
    if (exited) return reject(new Error('the server has exited'));
    const onMessage = (msg) => {
      if (msg?.type !== 'stats' || msg.id !== id) return;
      child.off('message', onMessage);
      let fds = null;
      try {
        fds = readdirSync(`/proc/${child.pid}/fd`).length;
      } catch {}
      resolve({ ...msg, fds, at: Date.now() - started });
    };
    child.on('message', onMessage);
    child.send({ type: 'stats', id, gc });
  });
}

// --- the requests -----------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const statuses = new Map(); // "GET /api/users/:id 200" style keys are too many: status → count
const outcomes = new Map(); // client-side: 'aborted by us', 'ECONNRESET', 'timeout', ...
const kinds = new Map(); // request kind → count
const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

/** One request through node:http; resolves with the status (or an error name), never rejects. */
function send(method, path, { headers = {}, body, fresh = false, abortAfterBytes, forbid } = {}) {
  return new Promise((resolve) => {
    const req = http.request({
      host: HOST,
      port,
      method,
      path,
      headers: body === undefined ? headers : { 'content-length': Buffer.byteLength(body), ...headers },
      agent: fresh ? false : agent,
      timeout: REQUEST_TIMEOUT_MS,
    });
    let done = false;
    const finish = (outcome) => {
      if (done) return;
      done = true;
      resolve(outcome);
    };
    req.on('response', (res) => {
      let received = 0;
      let text = '';
      res.on('data', (chunk) => {
        received += chunk.length;
        if (forbid && text.length < 65536) text += chunk.toString('latin1');
        if (abortAfterBytes !== undefined && received >= abortAfterBytes) {
          req.destroy();
          finish({ aborted: 'download aborted by us', status: res.statusCode });
        }
      });
      res.on('end', () =>
        finish(forbid?.test(text) ? { status: res.statusCode, error: 'LEAK' } : { status: res.statusCode }),
      );
      res.on('error', () => finish({ status: res.statusCode, error: 'response error' }));
    });
    req.on('timeout', () => {
      req.destroy();
      finish({ error: 'timeout' });
    });
    req.on('error', (err) => finish({ error: err.code ?? err.message }));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Raw bytes on a fresh connection; resolves with the status line's code, or the outcome. */
function raw(chunks, { gapMs = 0, destroyAfterMs } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, HOST);
    let data = '';
    let done = false;
    const finish = (outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ error: 'timeout' }), REQUEST_TIMEOUT_MS);
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      if (destroyAfterMs !== undefined) {
        setTimeout(() => finish({ aborted: 'upload aborted by us' }), destroyAfterMs);
      }
    });
    socket.on('data', (d) => {
      data += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (m && data.includes('\r\n\r\n')) finish({ status: Number(m[1]) });
    });
    socket.on('error', (err) => finish({ error: err.code ?? err.message }));
    socket.on('close', () =>
      finish(data ? { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]) || 'garbled' } : { error: 'closed' }),
    );
  });
}

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const bigJson = JSON.stringify({ data: 'x'.repeat(200 * 1024) });
const bigHeader = 'x'.repeat(20 * 1024);
const WEIRD_KINDS = [
  'route',
  'router',
  'undefined',
  'null',
  'zero',
  'false',
  'empty',
  'object',
  'null-proto',
  'array',
  'string',
  'number',
  'error',
  'symbol',
  'function',
  'status999',
  'thenable',
  'missing',
];
const pick = (list, i) => list[i % list.length];
/** Paths that must never reach /etc/passwd (a body holding its root line fails the run). */
const TRAVERSALS = [
  '/static/../../../../etc/passwd',
  '/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/static/..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/static/..%5c..%5c..%5c..%5cetc%5cpasswd',
  '/api/files/..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/api/files/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/api/download/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
  '/static/sub/%00.html',
  '/static//etc/passwd',
];

/** The mix: [weight, kind, run(i)], normal requests first, then hostile ones. */
const MIX = [
  [14, 'static small', () => send('GET', '/static/small.txt')],
  [4, 'static 304', () => send('GET', '/static/small.txt', { headers: { 'if-none-match': etagOfSmall } })],
  [
    4,
    'static range',
    (i) => send('GET', '/static/medium.bin', { headers: { range: `bytes=${i % 1000}-${(i % 1000) + 4095}` } }),
  ],
  [2, 'static medium', () => send('GET', '/static/medium.bin')],
  [12, 'api user', (i) => send('GET', `/api/users/${i}?page=${i % 7}&sort=name`)],
  [
    8,
    'api create (json)',
    (i) => send('POST', '/api/users', { headers: json, body: JSON.stringify({ name: `u${i}`, tags: ['a', 'b'] }) }),
  ],
  [5, 'api form (urlencoded)', (i) => send('POST', '/api/form', { headers: form, body: `a=${i}&b[c]=d&e[]=1&e[]=2` })],
  [5, 'cookie', (i) => send('GET', '/api/cookie', { headers: { cookie: `visits=${i % 50}; theme=dark` } })],
  [3, 'sendFile', () => send('GET', '/api/files/sub/page.html')],
  [2, 'download', () => send('GET', '/api/download/small.txt')],
  [3, 'negotiated root', (i) => send('GET', '/', { headers: { accept: i % 2 ? 'text/html' : 'application/json' } })],
  [3, 'fresh connection', (i) => send('GET', `/api/users/${i}`, { fresh: true })],
  // hostile
  [2, 'oversized json', () => send('POST', '/api/users', { headers: json, body: bigJson })],
  [
    3,
    'malformed json',
    (i) =>
      send('POST', '/api/users', { headers: json, body: pick(['{"a":', '{a:1}', '[1,2', '"\\u12"', '{"a":1}}'], i) }),
  ],
  [
    2,
    'bad urlencoded charset',
    () =>
      send('POST', '/api/form', {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=koi8-r' },
        body: 'a=1',
      }),
  ],
  [
    3,
    'bad percent-encoding',
    (i) =>
      send('GET', pick(['/api/users/%E0%A4%A', '/static/%E0%A4%A', '/api/files/%zz', '/api/download/%', '/%C0%AF'], i)),
  ],
  [3, 'path traversal', (i) => send('GET', pick(TRAVERSALS, i), { forbid: /root:[^:\n]*:0:0:/ })],
  [1, 'huge header', () => send('GET', '/api/users/1', { headers: { 'x-big': bigHeader }, fresh: true })],
  [2, 'next(weird value)', (i) => send('GET', `/api/next/${pick(WEIRD_KINDS, i)}`)],
  [2, 'throw / reject', (i) => send('GET', i % 2 ? '/api/throw' : '/api/reject')],
  [
    2,
    'prototype pollution (query)',
    (i) =>
      send(
        'GET',
        `/query?${pick(['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'a[__proto__][x]=1', '__proto__.polluted=1&toString=x', 'a[constructor][prototype][b]=1'], i)}`,
      ),
  ],
  [
    2,
    'prototype pollution (body)',
    (i) =>
      send(
        'POST',
        i % 2 ? '/api/users' : '/api/form',
        i % 2
          ? { headers: json, body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}' }
          : { headers: form, body: '__proto__[polluted]=1&constructor[prototype][a]=1' },
      ),
  ],
  [
    1,
    'aborted upload',
    () =>
      raw(
        [
          `POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"a":"${'y'.repeat(2000)}`,
        ],
        { destroyAfterMs: 5 },
      ),
  ],
  [1, 'aborted download', () => send('GET', '/static/large.bin', { abortAfterBytes: 64 * 1024, fresh: true })],
  [
    1,
    'malformed request',
    (i) =>
      raw([
        pick(
          [
            'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
            'GET /\x00 HTTP/1.1\r\n\r\n',
            'BREW / HTTP/1.1\r\nHost: x\r\n\r\n',
            'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n',
            'GET / HTTP/9.9\r\n\r\n',
          ],
          i,
        ),
      ]),
  ],
  [
    1,
    'slow client',
    (i) => raw(Array.from(`GET /api/users/${i} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), { gapMs: 5 }),
  ],
];
const WEIGHTS = MIX.reduce((sum, [w]) => sum + w, 0);
/** The kind of request number i: a fixed interleaving of the weights (deterministic). */
function kindOf(i) {
  let slot = (i * 7919) % WEIGHTS;
  for (const entry of MIX) {
    if (slot < entry[0]) return entry;
    slot -= entry[0];
  }
  return MIX[0];
}

let etagOfSmall = '"none"';
let issued = 0;
let completed = 0;
const started = Date.now();
const deadline = started + TIME_LIMIT_MS;

async function worker() {
  while (issued < TOTAL && Date.now() < deadline && !exited) {
    const i = issued++;
    const [, kind, run] = kindOf(i);
    count(kinds, kind);
    const outcome = await run(i);
    completed++;
    if (outcome.status !== undefined) count(statuses, outcome.status);
    if (outcome.aborted) count(outcomes, outcome.aborted);
    else if (outcome.error) count(outcomes, `${kind}: ${outcome.error}`);
    if (completed === Math.floor(TOTAL / 2)) middle = serverStats(false);
  }
}

// --- the run ----------------------------------------------------------------------------------

const fmt = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const row = (label, s) =>
  `${label.padEnd(8)} ${String(Math.round(s.at / 1000)).padStart(4)} s  requests ${String(s.requests).padStart(6)}  heap ${fmt(s.heapUsed).padStart(9)}  rss ${fmt(s.rss).padStart(9)}  fds ${String(s.fds).padStart(3)}  connections ${String(s.connections).padStart(3)}  loop delay p99 ${s.delayP99.toFixed(1)} ms, max ${s.delayMax.toFixed(1)} ms`;

let middle;
const idle = await serverStats(true);
// Warm up (JIT, static cache) before the start measurement.
{
  const first = await send('GET', '/static/small.txt');
  if (first.status !== 200) throw new Error(`warm-up failed: ${JSON.stringify(first)}`);
  const head = await new Promise((resolve) =>
    http.get({ host: HOST, port, path: '/static/small.txt', agent: false }, (res) => {
      res.resume();
      resolve(res.headers.etag);
    }),
  );
  etagOfSmall = head ?? etagOfSmall;
  for (let i = 0; i < 2000; i++) await send('GET', `/api/users/${i}`);
}
agent.destroy();
await new Promise((r) => setTimeout(r, 500));
const start = await serverStats(true);
console.log(`soak: ${TOTAL} requests, ${CONCURRENCY} keep-alive workers, server pid ${child.pid} on ${HOST}:${port}`);
console.log(row('idle', idle));
console.log(row('start', start));

await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const middleStats = await middle;
const elapsed = (Date.now() - started) / 1000;
agent.destroy();
await new Promise((r) => setTimeout(r, 2000)); // closed sockets, pending log writes
const end = exited ? null : await serverStats(true);

if (middleStats) console.log(row('middle', middleStats));
if (end) console.log(row('end', end));
console.log(`\n${completed} requests in ${elapsed.toFixed(1)} s (${Math.round(completed / elapsed)}/s)`);
console.log('\nstatus codes:', Object.fromEntries([...statuses].sort((a, b) => Number(a[0]) - Number(b[0]))));
console.log('client-side outcomes:', Object.fromEntries([...outcomes].sort()));
console.log('requests by kind:', Object.fromEntries(kinds));

const logLines = readFileSync(logFile, 'latin1').split('\n').length - 1;
console.log(`access log: ${logLines} lines, ${fmt(statSync(logFile).size)}`);

// --- verdict ----------------------------------------------------------------------------------

const failures = [];
if (exited) failures.push(`the server exited (${JSON.stringify(exited)})`);
if (completed < TOTAL) failures.push(`only ${completed} of ${TOTAL} requests in ${TIME_LIMIT_MS / 1000} s`);
if (end) {
  if (end.heapUsed - start.heapUsed > HEAP_GROWTH_LIMIT) {
    failures.push(`heap grew by ${fmt(end.heapUsed - start.heapUsed)} (limit ${fmt(HEAP_GROWTH_LIMIT)})`);
  }
  if (end.fds - start.fds > FD_GROWTH_LIMIT)
    failures.push(`fds grew from ${start.fds} to ${end.fds} (limit +${FD_GROWTH_LIMIT})`);
  for (const s of [start, middleStats, end])
    if (s && s.rss > RSS_LIMIT) failures.push(`rss ${fmt(s.rss)} over ${fmt(RSS_LIMIT)}`);
  if (end.polluted.length) failures.push(`Object.prototype polluted: ${end.polluted.join(', ')}`);
  if (end.connections !== 0)
    failures.push(`${end.connections} connections still open on the server after the clients closed`);
  // One request, one line: every request that reached the app was logged (the log is written on finish or close).
  if (logLines !== end.requests)
    failures.push(`${end.requests} requests reached the app but the log has ${logLines} lines`);
}
if ([...outcomes.keys()].some((k) => k.endsWith(': timeout'))) failures.push('requests timed out');
if ([...outcomes.keys()].some((k) => k.endsWith(': LEAK'))) failures.push('a path traversal read /etc/passwd');

child.kill('SIGTERM');
await new Promise((r) => (exited ? r() : child.once('exit', r)));
rmSync(work, { recursive: true, force: true });

if (failures.length) {
  console.log(`\nFAIL\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log(
    `\nPASS: bounds held (heap +${fmt(end.heapUsed - start.heapUsed)} ≤ ${fmt(HEAP_GROWTH_LIMIT)}, fds ${start.fds} → ${end.fds} ≤ +${FD_GROWTH_LIMIT}, rss ≤ ${fmt(RSS_LIMIT)}), no crash, no pollution, one log line per request`,
  );
}
