// fastify 5, in its own idiom: its router, its JSON parser, @fastify/static, hooks for the
// middleware and its own logger (pino) writing to a stream that discards.
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifySession from '@fastify/session';
import fastifyStatic from '@fastify/static';
import { config, discard, ready, RESOURCES, STATIC_DIR } from './common.mjs';
import { mountFastify } from './real-api.mjs';

const { scenario, port, host } = config();
const logged = scenario === 'middleware-logger' || scenario === 'real-api';
const app = Fastify({ logger: logged ? { stream: discard } : false });

switch (scenario) {
  case 'hello':
    app.get('/', async () => 'Hello World');
    break;
  case 'routing':
    for (let n = 0; n < RESOURCES; n++) {
      app.get(`/api/v1/resource${n}/:id`, async (req) => ({ id: req.params.id }));
      app.post(`/api/v1/resource${n}`, async (_req, reply) => reply.code(201).send({ created: true }));
      app.put(`/api/v1/resource${n}/:id`, async (req) => ({ id: req.params.id, updated: true }));
    }
    break;
  case 'json-body':
    app.post('/echo', async (req) => req.body);
    break;
  case 'static':
    app.register(fastifyStatic, { root: STATIC_DIR });
    break;
  case 'middleware-logger':
    for (let i = 0; i < 10; i++) app.addHook('onRequest', (_req, _reply, done) => done());
    app.get('/hello', async () => 'Hello World');
    break;
  case 'params-query':
    app.get('/users/:uid/posts/:pid', async (req) => ({ params: req.params, query: req.query }));
    break;
  case 'real-api':
    await mountFastify(app, { cookie: fastifyCookie, session: fastifySession, cors: fastifyCors });
    break;
}

app.listen({ port, host }).then(
  () => ready(app.server),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
