// @brisk/cookie-parser against cookie-parser@1.4.7, side by side:
// 1. micro: the middleware on a request double (a few plain cookies; a session cookie signed with
//    the second of two secrets and a JSON cookie; 20 cookies) and the exported functions;
// 2. over HTTP: a node:http server answering `ok` bare, behind @brisk/cookie-parser and behind
//    cookie-parser, one process each, requests per CPU-second (cpu-per-request.mjs).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import cookieParser from '@brisk/cookie-parser';
import { sign } from '@brisk/cookie';
import { cpuPerRequest, serveIfChild } from './cpu-per-request.mjs';

const require = createRequire(import.meta.url);
const upstream = require('cookie-parser');

const SECRETS = ['new secret', 'old secret'];
const session = 's:' + encodeURIComponent(sign('session-0123456789abcdef', 'old secret'));
const HEADERS = {
  plain: 'theme=dark; lang=en; _ga=GA1.2.123456789.1234567890',
  signed: `theme=dark; sid=${session}; cart=${encodeURIComponent('j:{"items":[1,2,3]}')}`,
  twenty: Array.from({ length: 20 }, (_, i) => `cookie_${i}=value%20${i}`).join('; '),
};

const ok = (res) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end('ok');
};
const behind = (mw) => (req, res) => mw(req, res, () => ok(res));

if (
  !serveIfChild({
    bare: (_req, res) => ok(res),
    brisk: behind(cookieParser(SECRETS)),
    upstream: behind(upstream(SECRETS)),
  })
) {
  await main();
}

async function main() {
  const { compare } = await import('./harness.mjs');
  const next = () => {};
  const ours = cookieParser(SECRETS);
  const theirs = upstream(SECRETS);
  const run = (mw, cookie) => () => {
    const req = { headers: { cookie } };
    mw(req, undefined, next);
    return req;
  };
  compare('@brisk/cookie-parser vs cookie-parser@1.4.7: one request through the middleware', [
    ...Object.entries(HEADERS).map(([name, cookie]) => ({
      name: `${name} (${cookie.length} bytes)`,
      brisk: run(ours, cookie),
      upstream: run(theirs, cookie),
    })),
    { name: 'no Cookie header', brisk: run(ours, undefined), upstream: run(theirs, undefined) },
  ]);
  compare('@brisk/cookie-parser vs cookie-parser@1.4.7: the exported functions', [
    {
      name: 'signedCookie, second of two secrets',
      brisk: () => cookieParser.signedCookie(decodeURIComponent(session), SECRETS),
      upstream: () => upstream.signedCookie(decodeURIComponent(session), SECRETS),
    },
    {
      name: 'JSONCookie',
      brisk: () => cookieParser.JSONCookie('j:{"items":[1,2,3],"n":"x"}'),
      upstream: () => upstream.JSONCookie('j:{"items":[1,2,3],"n":"x"}'),
    },
  ]);

  await cpuPerRequest({
    file: fileURLToPath(import.meta.url),
    title: '@brisk/cookie-parser vs cookie-parser@1.4.7 over HTTP',
    kinds: [
      ['bare', 'node:http, no parser'],
      ['brisk', '@brisk/cookie-parser (2 secrets)'],
      ['upstream', 'cookie-parser@1.4.7 (2 secrets)'],
    ],
    requests: [
      {
        name: 'a signed session cookie and a JSON cookie',
        method: 'GET',
        path: '/',
        headers: { cookie: HEADERS.signed },
        status: 200,
      },
    ],
  });
}
