// @brisk/http part 2 (etag, fresh, vary, content-disposition, encodeurl, escape-html, parseurl)
// against the upstream modules. Run after `pnpm build` in packages/http: node micro/run.mjs http.bench
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import { contentDisposition, encodeUrl, escapeHtml, etag, fresh, parseurl, vary } from '@brisk/http';

const require = createRequire(import.meta.url);
const up = {
  etag: require('etag'),
  fresh: require('fresh'),
  vary: require('vary'),
  contentDisposition: require('content-disposition'),
  // content-disposition 2 (what express 5.3 uses): its parse and create are what @brisk/http's are
  contentDisposition2: require('content-disposition-2'),
  encodeUrl: require('encodeurl'),
  escapeHtml: require('escape-html'),
  parseurl: require('parseurl'),
};

const small = '{"id":"42"}!';
const kib = 'x'.repeat(1024);
const kibBuffer = Buffer.from(kib);
const stats = { ctime: new Date(0), mtime: new Date(1_700_000_000_000), ino: 5, size: 1234 };
const conditional = { 'if-none-match': '"a", W/"d-lDpwLQbzRZmu4fjajvn3KWAx1pk"' };
const resHeaders = { etag: '"d-lDpwLQbzRZmu4fjajvn3KWAx1pk"' };
const fakeRes = () => {
  let vary;
  return { getHeader: () => vary, setHeader: (_name, value) => (vary = value) };
};
const cachedBrisk = { url: '/users/42?sort=asc' };
const cachedUpstream = { url: '/users/42?sort=asc' };

compare('@brisk/http vs etag@1.8.1, fresh@2.0.0, vary@1.1.2', [
  { name: 'etag 12 B string', brisk: () => etag(small), upstream: () => up.etag(small) },
  { name: 'etag 1 KiB string', brisk: () => etag(kib), upstream: () => up.etag(kib) },
  { name: 'etag 1 KiB Buffer', brisk: () => etag(kibBuffer), upstream: () => up.etag(kibBuffer) },
  { name: 'etag fs.Stats-like', brisk: () => etag(stats), upstream: () => up.etag(stats) },
  { name: 'fresh unconditional', brisk: () => fresh({}, resHeaders), upstream: () => up.fresh({}, resHeaders) },
  {
    name: 'fresh If-None-Match list',
    brisk: () => fresh(conditional, resHeaders),
    upstream: () => up.fresh(conditional, resHeaders),
  },
  {
    name: 'vary(res, Origin) empty',
    brisk: () => vary(fakeRes(), 'Origin'),
    upstream: () => up.vary(fakeRes(), 'Origin'),
  },
  {
    name: 'vary.append 2 into 2',
    brisk: () => vary.append('Accept-Encoding, Origin', 'origin, Accept-Language'),
    upstream: () => up.vary.append('Accept-Encoding, Origin', 'origin, Accept-Language'),
  },
]);

compare(
  '@brisk/http vs content-disposition@1.1.0 (callable) and 2.0.1 (parse, create), encodeurl@2.0.3, escape-html@1.0.3, parseurl@1.3.3',
  [
    {
      name: 'contentDisposition ascii',
      brisk: () => contentDisposition('plans.pdf'),
      upstream: () => up.contentDisposition('plans.pdf'),
    },
    {
      name: 'contentDisposition unicode',
      brisk: () => contentDisposition('/tmp/\u20ac rates.pdf'),
      upstream: () => up.contentDisposition('/tmp/\u20ac rates.pdf'),
    },
    {
      name: 'cd.create unicode',
      brisk: () => contentDisposition.create('/tmp/\u20ac rates.pdf'),
      upstream: () => up.contentDisposition2.create('/tmp/\u20ac rates.pdf'),
    },
    {
      name: 'cd.parse quoted',
      brisk: () => contentDisposition.parse('attachment; filename="plans.pdf"'),
      upstream: () => up.contentDisposition2.parse('attachment; filename="plans.pdf"'),
    },
    {
      name: 'cd.parse filename*',
      brisk: () => contentDisposition.parse('attachment; filename="? rates"; filename*=UTF-8\'\'%E2%82%AC%20rates'),
      upstream: () =>
        up.contentDisposition2.parse('attachment; filename="? rates"; filename*=UTF-8\'\'%E2%82%AC%20rates'),
    },
    {
      name: 'encodeUrl nothing to do',
      brisk: () => encodeUrl('/users/42?sort=asc&x=%20'),
      upstream: () => up.encodeUrl('/users/42?sort=asc&x=%20'),
    },
    {
      name: 'encodeUrl unicode + space',
      brisk: () => encodeUrl('/caf\u00e9 menu?q=%zz'),
      upstream: () => up.encodeUrl('/caf\u00e9 menu?q=%zz'),
    },
    {
      name: 'escapeHtml nothing to do',
      brisk: () => escapeHtml('Hello, world. Nothing here'),
      upstream: () => up.escapeHtml('Hello, world. Nothing here'),
    },
    {
      name: 'escapeHtml 4 escapes',
      brisk: () => escapeHtml('<a href="x">Tom & Jerry</a>'),
      upstream: () => up.escapeHtml('<a href="x">Tom & Jerry</a>'),
    },
    {
      name: 'parseurl path, uncached',
      brisk: () => parseurl({ url: '/users/42' }),
      upstream: () => up.parseurl({ url: '/users/42' }),
    },
    {
      name: 'parseurl path+query, uncached',
      brisk: () => parseurl({ url: '/users/42?sort=asc' }),
      upstream: () => up.parseurl({ url: '/users/42?sort=asc' }),
    },
    { name: 'parseurl cached', brisk: () => parseurl(cachedBrisk), upstream: () => up.parseurl(cachedUpstream) },
  ],
);
