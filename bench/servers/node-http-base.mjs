// Bare node:http, shared by two contenders. Each scenario is written as one would by hand, with
// no framework: a lookup table for the routes, JSON.parse for the body, stat + stream for the
// file (with ETag, Last-Modified and 304s), a combined-format log line, URLSearchParams for the
// query.
//   node-http.mjs: the baseline of every ratio; each response carries Content-Type and
//     Content-Length, given to one writeHead.
//   node-http-express.mjs: the same code, sending the headers an Express app sends by default:
//     X-Powered-By (set as each request arrives, as Express does), Content-Type, Content-Length
//     and a weak ETag (the SHA-1 of the body, as Express's default `etag` setting makes it) with
//     setHeader; for the file also Accept-Ranges and Cache-Control (serve-static's defaults).
//     What it costs node:http to keep Express's response contract, with no framework at all.
import { hash as oneShotHash, createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { config, discard, ready, RESOURCES, STATIC_DIR } from './common.mjs';
import { nodeRealApi } from './real-api.mjs';

/** Weak ETag of a body as Express's default `etag fn` makes it: W/"<length hex>-<SHA-1 base64, 27>". */
const sha1 =
  typeof oneShotHash === 'function'
    ? (body) => oneShotHash('sha1', body, 'base64').slice(0, 27)
    : (body) => createHash('sha1').update(body).digest('base64').slice(0, 27);

export function serve({ expressHeaders }) {
  const { scenario, port, host } = config();

  function send(res, status, type, body) {
    if (expressHeaders) {
      const length = Buffer.byteLength(body);
      res.setHeader('Content-Type', type);
      res.setHeader('Content-Length', String(length));
      res.setHeader('ETag', `W/"${length.toString(16)}-${sha1(body)}"`);
      res.statusCode = status;
      res.end(body);
      return;
    }
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  }
  const json = (res, status, value) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
  const notFound = (res) => send(res, 404, 'text/plain; charset=utf-8', 'Not Found');
  // the combined log format, written when the response finishes
  const log = (req, res) => {
    const length = res.getHeader('content-length');
    discard.write(
      `${req.socket.remoteAddress} - - [${new Date().toUTCString()}] "${req.method} ${req.url} HTTP/${req.httpVersion}" ${res.statusCode} ${length ?? '-'} "${req.headers.referer ?? '-'}" "${req.headers['user-agent'] ?? '-'}"\n`,
    );
  };

  const handlers = {
    hello(req, res) {
      if (req.method === 'GET' && req.url === '/') send(res, 200, 'text/plain; charset=utf-8', 'Hello World');
      else notFound(res);
    },

    routing: (() => {
      // "METHOD /api/v1/resourceN" or "METHOD /api/v1/resourceN/:id" → handler
      const routes = new Map();
      for (let n = 0; n < RESOURCES; n++) {
        routes.set(`GET /api/v1/resource${n}/:id`, (_req, res, id) => json(res, 200, { id }));
        routes.set(`POST /api/v1/resource${n}`, (_req, res) => json(res, 201, { created: true }));
        routes.set(`PUT /api/v1/resource${n}/:id`, (_req, res, id) => json(res, 200, { id, updated: true }));
      }
      const pattern = /^(\/api\/v1\/resource\d+)(?:\/([^/?]+))?\/?(?:\?.*)?$/;
      return (req, res) => {
        const m = pattern.exec(req.url);
        const route = m && routes.get(`${req.method} ${m[1]}${m[2] === undefined ? '' : '/:id'}`);
        if (route) route(req, res, m[2] === undefined ? undefined : decodeURIComponent(m[2]));
        else notFound(res);
      };
    })(),

    'json-body'(req, res) {
      if (req.method !== 'POST' || req.url !== '/echo') return notFound(res);
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        let body;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(res, 400, 'text/plain; charset=utf-8', 'Bad Request');
        }
        json(res, 200, body);
      });
    },

    static(req, res) {
      const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const file = path.join(STATIC_DIR, name);
      if (!file.startsWith(STATIC_DIR + path.sep)) return notFound(res);
      fs.stat(file, (err, stats) => {
        if (err || !stats.isFile()) return notFound(res);
        const etag = `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`;
        const lastModified = stats.mtime.toUTCString();
        if (expressHeaders) {
          res.setHeader('Accept-Ranges', 'bytes');
          res.setHeader('Cache-Control', 'public, max-age=0');
        }
        res.setHeader('ETag', etag);
        res.setHeader('Last-Modified', lastModified);
        if (req.headers['if-none-match'] === etag) {
          res.statusCode = 304;
          return res.end();
        }
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': stats.size });
        fs.createReadStream(file).pipe(res);
      });
    },

    'middleware-logger': (() => {
      const noop = (_req, _res, next) => next();
      const chain = Array.from({ length: 10 }, () => noop);
      return (req, res) => {
        res.on('finish', () => log(req, res));
        let i = 0;
        const next = () => {
          if (i < chain.length) return chain[i++](req, res, next);
          if (req.method === 'GET' && req.url === '/hello') send(res, 200, 'text/plain; charset=utf-8', 'Hello World');
          else notFound(res);
        };
        next();
      };
    })(),

    'params-query': (() => {
      const pattern = /^\/users\/([^/?]+)\/posts\/([^/?]+)\/?(?:\?(.*))?$/;
      return (req, res) => {
        const m = req.method === 'GET' && pattern.exec(req.url);
        if (!m) return notFound(res);
        const query = Object.fromEntries(new URLSearchParams(m[3] ?? ''));
        json(res, 200, { params: { uid: decodeURIComponent(m[1]), pid: decodeURIComponent(m[2]) }, query });
      };
    })(),

    'real-api': nodeRealApi({ json, send, log }),
  };

  const handler = handlers[scenario];
  const listener = expressHeaders
    ? (req, res) => {
        res.setHeader('X-Powered-By', 'Express');
        handler(req, res);
      }
    : handler;
  const server = http.createServer(listener).listen(port, host, () => ready(server));
}
