// express 5, in its own idiom (morgan for the logger).
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express from 'express';
import morgan from 'morgan';
import session from 'express-session';
import { config, discard, ready, RESOURCES, STATIC_DIR } from './common.mjs';
import { mountExpressStyle, ORIGIN, SECRET, SESSION_OPTIONS } from './real-api.mjs';

const { scenario, port, host } = config();
const app = express();

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
    app.post('/echo', express.json(), (req, res) => res.json(req.body));
    break;
  case 'static':
    app.use(express.static(STATIC_DIR));
    break;
  case 'middleware-logger':
    app.use(morgan('combined', { stream: discard }));
    for (let i = 0; i < 10; i++) app.use((_req, _res, next) => next());
    app.get('/hello', (_req, res) => res.send('Hello World'));
    break;
  case 'params-query':
    app.get('/users/:uid/posts/:pid', (req, res) => res.json({ params: req.params, query: req.query }));
    break;
  case 'real-api':
    mountExpressStyle(app, {
      logger: morgan('combined', { stream: discard }),
      cors: cors({ origin: ORIGIN, credentials: true }),
      cookieParser: cookieParser(SECRET),
      session: session(SESSION_OPTIONS),
      json: express.json(),
      urlencoded: express.urlencoded({ extended: false }),
    });
    break;
}

const server = app.listen(port, host, () => ready(server));
