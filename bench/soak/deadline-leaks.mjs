// `node --expose-gc bench/soak/deadline-leaks.mjs`: 100,000 requests of each kind that touches
// req.signal or a deadline (issue 44), each kind on a server of its own in this process, and what
// is left after each: heap used, active handles and resources by type, the listeners on the
// server and the process, after a forced collection. Not part of CI; about three minutes on the
// 2-core development machine. Runs the built packages (see README.md: no tsx in the heap).
//
//   DEADLINE_REQUESTS=20000 node --expose-gc bench/soak/deadline-leaks.mjs   # a shorter run
import http from 'node:http';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

const require = createRequire(import.meta.url);
const brisk = require('briskjs');

if (typeof globalThis.gc !== 'function') {
  console.error('deadline-leaks: run with node --expose-gc');
  process.exit(2);
}
const REQUESTS = Number(process.env.DEADLINE_REQUESTS ?? 100_000);
const CONCURRENCY = 50;

/** The four kinds: an app, how a client sends one request, and what it must see. */
const KINDS = [
  {
    name: 'req.signal read, not aborted',
    app(app) {
      app.get('/', (req, res) => {
        req.signal.addEventListener('abort', () => {
          throw new Error('aborted after a finished response');
        });
        res.end('ok');
      });
    },
    expect: 200,
  },
  {
    name: 'req.signal aborted by the client leaving',
    app(app, seen) {
      app.get('/', (req, res) => {
        req.signal.addEventListener('abort', () => seen.aborts++);
        res.write('x'); // the head goes out; the client leaves on it; the response never finishes
      });
    },
    leave: true,
  },
  {
    name: 'deadline that fires (503)',
    app(app) {
      app.set('response timeout', 1);
      app.get('/', (req) => {
        req.signal.addEventListener('abort', () => {});
      });
    },
    expect: 503,
  },
  {
    name: 'deadline cleared by a finished response',
    app(app) {
      app.set('response timeout', '5s');
      app.get('/', (req, res) => res.end('ok'));
    },
    expect: 200,
  },
];

/** Sends one request; resolves with the status, or 0 once a leaving client has gone. */
function once(port, agent, kind) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      if (kind.leave) {
        req.destroy();
        resolve(0);
        return;
      }
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', (err) => (kind.leave ? resolve(0) : reject(err)));
  });
}

/** `n` requests from CONCURRENCY workers; counts statuses other than the expected one. */
async function send(port, agent, kind, n) {
  let next = 0;
  let wrong = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const status = await once(port, agent, kind);
      if (!kind.leave && status !== kind.expect) wrong++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return wrong;
}

/** Heap, handles and listeners after a full collection (twice, with a turn between). */
async function measure(server) {
  await sleep(200);
  globalThis.gc();
  await sleep(50);
  globalThis.gc();
  const resources = {};
  for (const type of process.getActiveResourcesInfo()) resources[type] = (resources[type] ?? 0) + 1;
  const listeners = {};
  for (const name of server.eventNames()) listeners[`server ${String(name)}`] = server.listenerCount(name);
  for (const name of process.eventNames()) listeners[`process ${String(name)}`] = process.listenerCount(name);
  return { heapUsed: process.memoryUsage().heapUsed, resources, listeners };
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const table = (o) =>
  Object.entries(o)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

console.log(`node ${process.version}, ${REQUESTS} requests of each kind, ${CONCURRENCY} at a time`);
for (const kind of KINDS) {
  const seen = { aborts: 0 };
  const app = brisk();
  app.set('env', 'test');
  kind.app(app, seen);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  // one keep-alive agent, or a fresh connection per request for a client that leaves
  const agent = kind.leave ? false : new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  await send(port, agent, kind, 2000); // warm-up: code compiled, pools filled
  const before = await measure(server);
  const started = Date.now();
  const wrong = await send(port, agent, kind, REQUESTS);
  const seconds = (Date.now() - started) / 1000;
  const after = await measure(server);
  console.log(`\n${kind.name}: ${REQUESTS} in ${seconds.toFixed(1)} s${wrong ? `, ${wrong} WRONG STATUS` : ''}`);
  if (kind.leave) console.log(`  req.signal aborts seen: ${seen.aborts} (warm-up included)`);
  console.log(`  heap used  ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}`);
  console.log(`  resources  ${table(before.resources)} -> ${table(after.resources)}`);
  console.log(`  listeners  ${table(before.listeners)} -> ${table(after.listeners)}`);
  if (agent) agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
