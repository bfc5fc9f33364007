// Type-level tests, checked by the repo's `tsc -p .` (typecheck); the runtime test below only
// makes node:test load the file. `@ts-expect-error` lines are what must not compile. Code typed
// with @types/compression's shapes (CompressionOptions, CompressionFilter) compiles against these
// types, in express (@types/express) and brisk apps alike.
import assert from 'node:assert/strict';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { test } from 'node:test';
import zlib from 'node:zlib';
import upstream from 'compression';
import type { Express } from 'express';
import brisk from 'briskjs';
import compression, {
  filter,
  type Compression,
  type CompressionFilter,
  type CompressionMiddleware,
  type CompressionOptions,
  type ZstdOptions,
} from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// Everything below is only type-checked: `checks` is never called.
function checks(expressApp: Express): void {
  type _module = Expect<Equal<Compression, typeof compression>>;
  type _filter = Expect<Equal<typeof compression.filter, typeof filter>>;
  type _namespace = Expect<Equal<compression.CompressionOptions, CompressionOptions>>;

  // every option
  const options: CompressionOptions = {
    filter: (req, res) => req.headers['x-no-compression'] === undefined && compression.filter(req, res),
    threshold: '1kb',
    enforceEncoding: 'gzip',
    level: zlib.constants.Z_BEST_SPEED,
    memLevel: 9,
    strategy: zlib.constants.Z_RLE,
    windowBits: 15,
    chunkSize: 32 * 1024,
    dictionary: Buffer.from('{"id":'),
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    zstd: { params: { 100: 3 } },
  };
  const zstd: ZstdOptions = { chunkSize: 1024, params: { 100: 19 } };
  const made = compression(options);
  type _made = Expect<Equal<typeof made, CompressionMiddleware<IncomingMessage, ServerResponse>>>;
  compression({ zstd, filter });
  compression(null);

  // @types/compression's shapes, as code written for `compression` declares them
  const typed: upstream.CompressionOptions = {
    threshold: 512,
    level: 9,
    filter: (req, res) => upstream.filter(req, res),
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  };
  expressApp.use(compression(typed));
  const typedFilter: upstream.CompressionFilter = (req, res) => !req.query.raw && compression.filter(req, res);
  expressApp.use(compression({ filter: typedFilter }));
  expressApp.use(compression());
  expressApp.get('/events', (_req, res) => {
    res.write('data: 1\n\n');
    res.flush();
  });

  // a brisk app, its handlers' res.flush()
  const app = brisk();
  app.use(compression({ threshold: 0 }));
  app.get('/events', (_req, res) => {
    res.write('data: 1\n\n');
    res.flush();
  });

  // node:http and node:http2 servers
  const mw = compression();
  http.createServer((req, res) => mw(req, res, () => res.end()));
  const mw2 = compression<Http2ServerRequest, Http2ServerResponse>();
  http2.createServer((req, res) => mw2(req, res, () => res.end()));
  const ownFilter: CompressionFilter<Http2ServerRequest, Http2ServerResponse> = (req) => req.httpVersion === '2.0';
  compression({ filter: ownFilter });

  // @ts-expect-error: an option that does not exist (a typo)
  compression({ treshold: 0 });
  // @ts-expect-error: a level is a number
  compression({ level: '6' });
  // @ts-expect-error: a filter is a function
  compression({ filter: 'text/*' });
  // @ts-expect-error: a threshold is a number or a string
  compression({ threshold: true });
}

test('types (checked by tsc)', () => {
  assert.equal(typeof checks, 'function');
});
