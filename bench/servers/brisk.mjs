// brisk (the built briskjs package), written as an Express app would be.
import built from 'briskjs';
import session from 'express-session';
import { config, discard, ready, RESOURCES, STATIC_DIR } from './common.mjs';
import { mountExpressStyle, ORIGIN, SECRET, SESSION_OPTIONS } from './real-api.mjs';

// brisk-base.mjs puts another build of briskjs here
const brisk = globalThis.__briskBench ?? built;
const { scenario, port, host } = config();
const app = brisk();
if (process.env.BRISK_BENCH_LEAN) {
  // brisk-lean.mjs: the headers fastify sends (static files keep their ETag, as @fastify/static's)
  app.set('etag', false);
  app.disable('x-powered-by');
}

switch (scenario) {
  case 'hello':
    app.get('/', (_req, res) => res.send('Hello World'));
    break;
  case 'routing':
    for (let n = 0; n < RESOURCES; n++) {
      app.get(`/api/v1/resource${n}/:id`, (req, res) => res.json({ id: req.params.id }));
      app.post(`/api/v1/resource${n}`, (_req, res) => res.status(201).json({ created: true }));
      app.put(`/api/v1/resource${n}/:id`, (req, res) => res.json({ id: req.params.id, updated: true }));
    }
    break;
  case 'json-body':
    app.post('/echo', brisk.json(), (req, res) => res.json(req.body));
    break;
  case 'static':
    app.use(brisk.static(STATIC_DIR));
    break;
  case 'middleware-logger':
    app.use(brisk.logger('combined', { stream: discard }));
    for (let i = 0; i < 10; i++) app.use((_req, _res, next) => next());
    app.get('/hello', (_req, res) => res.send('Hello World'));
    break;
  case 'params-query':
    app.get('/users/:uid/posts/:pid', (req, res) => res.json({ params: req.params, query: req.query }));
    break;
  case 'real-api':
    mountExpressStyle(app, {
      logger: brisk.logger('combined', { stream: discard }),
      cors: brisk.cors({ origin: ORIGIN, credentials: true }),
      cookieParser: brisk.cookieParser(SECRET),
      session: session(SESSION_OPTIONS),
      json: brisk.json(),
      urlencoded: brisk.urlencoded({ extended: false }),
    });
    break;
}

const server = app.listen(port, host, () => ready(server));
