// fastify 5 over h2c (`Fastify({ http2: true })`, which makes its server with node's
// `http2.createServer`, the compatibility API), in its own idiom.
import Fastify from 'fastify';
import { config, H2_JSON, H2_SCENARIOS, ready } from '../common.mjs';

const { scenario, port, host } = config(H2_SCENARIOS);
const app = Fastify({ http2: true, logger: false });

switch (scenario) {
  case 'hello':
    app.get('/', async () => 'Hello World');
    break;
  case 'json':
    app.get('/json', async () => H2_JSON);
    break;
}

app.listen({ port, host }).then(
  () => ready(app.server),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
