// Bare node:http2 through its compatibility API (`http2.createServer(handler)`, the request and
// response objects brisk and fastify are handed too): the baseline of every HTTP/2 ratio. Each
// response carries Content-Type and Content-Length, given to one writeHead, as node-http.mjs does.
import http2 from 'node:http2';
import { config, H2_JSON, H2_SCENARIOS, ready } from '../common.mjs';

const { scenario, port, host } = config(H2_SCENARIOS);

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
const notFound = (res) => send(res, 404, 'text/plain; charset=utf-8', 'Not Found');

const handlers = {
  hello(req, res) {
    if (req.method === 'GET' && req.url === '/') send(res, 200, 'text/plain; charset=utf-8', 'Hello World');
    else notFound(res);
  },
  json(req, res) {
    if (req.method === 'GET' && req.url === '/json') {
      send(res, 200, 'application/json; charset=utf-8', JSON.stringify(H2_JSON));
    } else notFound(res);
  },
};

const server = http2.createServer(handlers[scenario]).listen(port, host, () => ready(server));
