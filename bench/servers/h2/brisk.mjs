// brisk (the built briskjs package) over h2c: the app handed to `http2.createServer({}, app)`,
// as docs/decisions/026-http2.md describes; written as an Express app would be.
// BRISK_BENCH_LEAN (brisk-lean.mjs): no ETag and no X-Powered-By, the headers fastify sends.
import http2 from 'node:http2';
import brisk from 'briskjs';
import { config, H2_JSON, H2_SCENARIOS, ready } from '../common.mjs';

const { scenario, port, host } = config(H2_SCENARIOS);
const app = brisk();
if (process.env.BRISK_BENCH_LEAN) {
  app.set('etag', false);
  app.disable('x-powered-by');
}

switch (scenario) {
  case 'hello':
    app.get('/', (_req, res) => res.send('Hello World'));
    break;
  case 'json':
    app.get('/json', (_req, res) => res.json(H2_JSON));
    break;
}

const server = http2.createServer({}, app).listen(port, host, () => ready(server));
