// @brisk/compress against compression 1.8.2: one request through the middleware, in-process (a
// node ServerResponse with no socket: what it writes is kept, not sent), on the paths that do not
// compress, which are synchronous: what the middleware costs every answer. (A compressed answer's
// work is node's zlib, asynchronous, in both; bench/compress.mjs measures it over HTTP.) Run after
// `pnpm --filter @brisk/compress build`: node micro/run.mjs compress
import http from 'node:http';
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import compress from '@brisk/compress';

const require = createRequire(import.meta.url);
const upstream = require('compression');

const small = Buffer.from(JSON.stringify({ message: 'Hello World', id: 42, ok: true }));
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd', host: 'localhost' };

/** One GET through `mw`, answered `body` as `type`; returns the response. */
function exchange(mw, type, body, headers = browser) {
  const req = new http.IncomingMessage(null);
  req.method = 'GET';
  req.url = '/';
  req.headers = headers;
  const res = new http.ServerResponse(req);
  mw(req, res, () => {
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', String(body.length));
    res.end(body);
  });
  return res;
}

const ours = { default: compress() };
const theirs = { default: upstream() };

compare('@brisk/compress vs compression@1.8.2 (per request, in-process)', [
  {
    name: 'small JSON, below the threshold',
    brisk: () => exchange(ours.default, 'application/json', small),
    upstream: () => exchange(theirs.default, 'application/json', small),
  },
  {
    name: 'small JSON, no Accept-Encoding',
    brisk: () => exchange(ours.default, 'application/json', small, { host: 'localhost' }),
    upstream: () => exchange(theirs.default, 'application/json', small, { host: 'localhost' }),
  },
  {
    name: 'an image (filtered out)',
    brisk: () => exchange(ours.default, 'image/png', small),
    upstream: () => exchange(theirs.default, 'image/png', small),
  },
]);
