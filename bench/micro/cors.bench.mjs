// @brisk/cors against cors@2.8.6, side by side:
// 1. micro: the middleware on request/response doubles (a GET from an allowed origin, a preflight,
//    the default `*`, an origin list, an origin function, an options delegate);
// 2. over HTTP: a node:http server answering `ok` bare, behind @brisk/cors and behind cors, one
//    process each, requests per CPU-second (cpu-per-request.mjs).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import cors from '@brisk/cors';
import { cpuPerRequest, serveIfChild } from './cpu-per-request.mjs';

const require = createRequire(import.meta.url);
const upstream = require('cors');

const ORIGIN = 'https://app.example';
const LIST = { origin: ['https://a.example', /^https:\/\/([a-z0-9-]+\.)*other\.example$/, ORIGIN], credentials: true };

const ok = (res) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end('ok');
};
const behind = (mw) => (req, res) => mw(req, res, () => ok(res));

if (
  !serveIfChild({
    bare: (_req, res) => ok(res),
    brisk: behind(cors(LIST)),
    upstream: behind(upstream(LIST)),
  })
) {
  await main();
}

async function main() {
  const { compare } = await import('./harness.mjs');
  const sink = { setHeader() {}, getHeader() {}, end() {}, statusCode: 200 };
  const next = () => {};
  const get = { method: 'GET', headers: { origin: ORIGIN } };
  const preflight = {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'content-type',
    },
  };
  const pair = (name, options, req) => {
    const ours = cors(options);
    const theirs = upstream(options);
    return { name, brisk: () => ours(req, sink, next), upstream: () => theirs(req, sink, next) };
  };
  compare('@brisk/cors vs cors@2.8.6: one request through the middleware', [
    pair('default (*), GET', undefined, get),
    pair('default (*), preflight', undefined, preflight),
    pair('origin list + credentials, GET', LIST, get),
    pair('origin list + credentials, preflight', LIST, preflight),
    pair('origin function, GET', { origin: (o, cb) => cb(null, o === ORIGIN) }, get),
    pair('options delegate, GET', (_req, cb) => cb(null, LIST), get),
  ]);

  await cpuPerRequest({
    file: fileURLToPath(import.meta.url),
    title: '@brisk/cors vs cors@2.8.6 over HTTP',
    kinds: [
      ['bare', 'node:http, no CORS'],
      ['brisk', '@brisk/cors (origin list + credentials)'],
      ['upstream', 'cors@2.8.6 (origin list + credentials)'],
    ],
    requests: [
      { name: 'GET from an allowed origin', method: 'GET', path: '/', headers: { origin: ORIGIN }, status: 200 },
      {
        name: 'preflight (the middleware answers 204; bare node:http, 200)',
        method: 'OPTIONS',
        path: '/',
        headers: preflight.headers,
        status: [200, 204],
      },
    ],
  });
}
