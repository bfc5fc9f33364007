// The brisk app of the soak run (bench/soak/soak.mjs starts it as one child process): JSON and
// urlencoded parsers, static files, sendFile and download, cookies, a router with params, the
// combined logger writing to a file, routes that call next() with odd values, and an error
// handler. It listens on 127.0.0.1 only and answers the controller's IPC questions (memory after
// a full collection, requests seen, event-loop delay, whether a prototype was polluted).
//
// argv: <directory of the files to serve> <log file>
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import brisk from 'briskjs';

const [dir, logFile] = process.argv.slice(2);
if (!dir || !logFile || typeof process.send !== 'function') {
  console.error('usage: started by bench/soak/soak.mjs');
  process.exit(2);
}

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let requests = 0;

const app = brisk();
app.set('trust proxy', 'loopback');
app.set('query parser', 'extended');

app.use((req, res, next) => {
  requests++;
  next();
});
const log = createWriteStream(logFile, { flags: 'a' });
app.use(brisk.logger('combined', { stream: log }));
app.use(brisk.json({ limit: '100kb' }));
app.use(brisk.urlencoded({ extended: true, limit: '100kb' }));
app.use('/static', brisk.static(join(dir, 'public'), { maxAge: '1h' }));

// Odd values handed to next(): what Express does with each (next('route'), next('router'),
// falsy values continue, anything else is an error).
const WEIRD = {
  route: 'route',
  router: 'router',
  undefined: undefined,
  null: null,
  zero: 0,
  false: false,
  empty: '',
  object: { status: 418, message: 'teapot' },
  'null-proto': Object.assign(Object.create(null), { status: 400 }),
  array: [1, 2, 3],
  string: 'boom',
  number: 500,
  error: Object.assign(new Error('bad gateway'), { status: 502, expose: true }),
  symbol: Symbol('odd'),
  function: () => {},
  status999: Object.assign(new Error('odd status'), { status: 999 }),
  thenable: { then: (resolve) => resolve(1) },
};

const api = brisk.Router();
api.param('id', (req, res, next, id) => {
  if (!/^\d{1,9}$/.test(id)) return next(Object.assign(new Error('bad id'), { status: 400, expose: true }));
  req.userId = Number(id);
  next();
});
api.get('/users/:id', (req, res) => res.json({ id: req.userId, q: req.query }));
api.post('/users', (req, res) => res.status(201).json({ created: req.body ?? null }));
api.post('/form', (req, res) => res.json({ fields: Object.keys(req.body ?? {}).length }));
api.get('/cookie', (req, res) => {
  const visits = Number(/(?:^|;\s*)visits=(\d+)/.exec(req.get('cookie') ?? '')?.[1] ?? 0);
  res.cookie('visits', String(visits + 1), { httpOnly: true, sameSite: 'lax', maxAge: 60_000 });
  res.json({ visits: visits + 1 });
});
api.get('/files/*path', (req, res, next) => {
  res.sendFile(req.params.path.join('/'), { root: join(dir, 'public') }, (err) => {
    if (err && !res.headersSent) next(err);
  });
});
api.get('/download/:name', (req, res, next) => {
  // With `root`, as a user-supplied name must be sent (joined by hand, `..%2F` walks out of it).
  res.download(req.params.name, `report ${req.params.name}`, { root: join(dir, 'public') }, (err) => {
    if (err && !res.headersSent) next(err);
  });
});
api.get('/next/:kind', (req, res, next) => next(WEIRD[req.params.kind]));
api.get('/next/:kind', (req, res) => res.send(`after next(${req.params.kind})`));
api.get('/throw', () => {
  throw new Error('thrown');
});
api.get('/reject', async () => {
  await new Promise((resolve) => setImmediate(resolve));
  throw Object.assign(new Error('rejected'), { status: 503 });
});
api.get('/slow', (req, res) => setTimeout(() => res.send('late'), 20));
app.use('/api', api);
app.use('/api', (req, res, next) => next()); // after next('router')
app.get('/query', (req, res) => res.json({ keys: Object.keys(req.query).length }));
app.get('/', (req, res) => res.format({ json: () => res.json({ ok: true }), html: () => res.send('<p>ok</p>') }));
app.use((req, res) => res.status(404).json({ error: 'not found' }));
app.use((err, req, res, next) => {
  const status = Number.isInteger(err?.status) && err.status >= 400 && err.status < 600 ? err.status : 500;
  const message = typeof err?.message === 'string' ? err.message : 'error';
  res.status(status).json({ error: status < 500 || err?.expose ? message : 'internal' });
});

const server = app.listen(0, '127.0.0.1', () => {
  process.send({ type: 'listening', port: server.address().port });
});

process.on('message', (msg) => {
  if (msg?.type !== 'stats') return;
  if (msg.gc && typeof globalThis.gc === 'function') globalThis.gc();
  server.getConnections((err, connections) => reply(msg, err ? null : connections));
});

function reply(msg, connections) {
  const memory = process.memoryUsage();
  const probe = {};
  process.send({
    type: 'stats',
    id: msg.id,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    rss: memory.rss,
    external: memory.external,
    requests,
    connections,
    delayP99: delay.percentile(99) / 1e6,
    delayMax: delay.max / 1e6,
    polluted: ['polluted', 'x', 'a', 'b'].filter((k) => probe[k] !== undefined),
  });
  delay.reset();
}

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections?.();
  log.end(() => process.exit(0));
});
