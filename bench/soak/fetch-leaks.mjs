// Leak run for the fetch edge (decision 045): 100,000 requests of each kind through the built
// briskjs, in this process, and the heap (after a full collection) and the live handles before
// and after each kind:
//
//   1. app.fetch, plain: a GET answered with a small JSON body, read whole;
//   2. app.fetch, aborted: a POST whose Request signal aborts while the app waits (req.signal
//      aborts, the promise rejects);
//   3. fromFetch over HTTP: GET and POST (body echoed) to an app that mounts a fetch handler,
//      on 127.0.0.1 with a keep-alive agent of 8 sockets.
//
//   pnpm --filter "briskjs..." build && node --expose-gc bench/soak/fetch-leaks.mjs
//   FETCH_LEAKS_REQUESTS=20000 node --expose-gc bench/soak/fetch-leaks.mjs
//
// Not part of CI: it takes about a minute. Exits 1 when the heap grows by more than 16 MiB or a
// handle or listener is left over after a kind.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const brisk = require('../../packages/brisk');

const TOTAL = Number(process.env.FETCH_LEAKS_REQUESTS) || 100_000;
const HEAP_GROWTH_LIMIT = 16 * 2 ** 20;
const gc = globalThis.gc;
if (typeof gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(2);
}

/** Heap used after a full collection, and the live handles by kind. */
async function measure() {
  for (let i = 0; i < 3; i++) {
    await new Promise(setImmediate);
    gc();
  }
  const handles = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
  return { heap: process.memoryUsage().heapUsed, handles: handles.length, kinds: handles.sort().join(',') };
}

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
let failed = false;

async function run(name, once) {
  const start = await measure();
  const began = performance.now();
  for (let i = 0; i < TOTAL; i++) await once(i);
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  const end = await measure();
  const growth = end.heap - start.heap;
  const line =
    `${name}: ${TOTAL} requests in ${seconds} s; heap ${mib(start.heap)} -> ${mib(end.heap)} ` +
    `(${growth >= 0 ? '+' : ''}${mib(growth)}); handles ${start.handles} -> ${end.handles}`;
  console.log(line);
  if (growth > HEAP_GROWTH_LIMIT || end.handles > start.handles) {
    console.log(`  FAILED: handles before [${start.kinds}] after [${end.kinds}]`);
    failed = true;
  }
}

// 1 and 2: app.fetch
const app = brisk();
app.use(brisk.json());
app.get('/plain', (req, res) => res.json({ ok: true, ip: req.ip }));
app.post('/wait', (req, res) => {
  req.signal.addEventListener('abort', () => res.destroyed || res.end());
});

await run('app.fetch plain', async () => {
  const response = await app.fetch(new Request('http://localhost/plain'));
  await response.arrayBuffer();
});
await run('app.fetch aborted', async () => {
  const controller = new AbortController();
  const request = new Request('http://localhost/wait', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"a":1}',
    signal: controller.signal,
  });
  const answer = app.fetch(request);
  await new Promise(setImmediate);
  controller.abort();
  await answer.then(
    (response) => response.arrayBuffer(),
    () => undefined,
  );
});

// 3: fromFetch over HTTP
const edge = brisk();
edge.use(
  '/edge',
  brisk.fromFetch(async (request) =>
    request.method === 'POST'
      ? new Response(await request.text())
      : Response.json({ path: new URL(request.url).pathname }),
  ),
);
const server = edge.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address();
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function request(method, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: '/edge/x', agent }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

// the agent's eight sockets opened before measuring (kept alive, they are there after too)
await Promise.all(Array.from({ length: 8 }, () => request('GET')));
await run('fromFetch over HTTP', async (i) => {
  // eight at a time, over the kept-alive sockets
  if (i % 8 !== 0) return;
  const batch = [];
  for (let j = 0; j < 8; j++) batch.push(j % 2 === 0 ? request('GET') : request('POST', 'a posted body'));
  await Promise.all(batch);
});
agent.destroy();
await new Promise((resolve) => server.close(resolve));

process.exitCode = failed ? 1 : 0;
