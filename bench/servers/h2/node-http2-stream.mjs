// Bare node:http2 through its core stream API (`server.on('stream')`, `stream.respond`), with no
// compatibility request and response objects: what the compatibility layer itself costs, beside
// node-http2.mjs. An optional contender (BENCH_CONTENDERS=brisk,fastify,node-http2-stream).
import http2 from 'node:http2';
import { config, H2_JSON, H2_SCENARIOS, ready } from '../common.mjs';

const { scenario, port, host } = config(H2_SCENARIOS);
const path = scenario === 'hello' ? '/' : '/json';

function send(stream, status, type, body) {
  stream.respond({ ':status': status, 'content-type': type, 'content-length': Buffer.byteLength(body) });
  stream.end(body);
}

const server = http2.createServer();
server.on('stream', (stream, headers) => {
  if (headers[':method'] !== 'GET' || headers[':path'] !== path) {
    send(stream, 404, 'text/plain; charset=utf-8', 'Not Found');
  } else if (scenario === 'hello') {
    send(stream, 200, 'text/plain; charset=utf-8', 'Hello World');
  } else {
    send(stream, 200, 'application/json; charset=utf-8', JSON.stringify(H2_JSON));
  }
});
server.listen(port, host, () => ready(server));
