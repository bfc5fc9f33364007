// Type fixture: @brisk/compress's built declarations as a CommonJS TypeScript user sees them, and
// code typed with @types/compression's shapes compiling against them.
import compression = require('@brisk/compress');
import upstream = require('compression');
import express = require('briskjs');
import http = require('node:http');

const app = express();
app.use(compression());
app.use(compression({ threshold: '1kb', level: 6, brotli: { params: {} }, zstd: { params: {} } }));
const filter: compression.CompressionFilter = (req, res) => compression.filter(req, res);
const options: compression.CompressionOptions = { filter, enforceEncoding: 'gzip' };
app.use(compression(options));
app.get('/events', (_req, res) => {
  res.write('data: 1\n\n');
  res.flush();
});

// @types/compression's shapes
const typed: upstream.CompressionOptions = {
  threshold: 512,
  filter: (req, res) => upstream.filter(req, res),
  level: 9,
};
app.use(compression(typed));
const typedFilter: upstream.CompressionFilter = (req, res) => compression.filter(req, res);
app.use(compression({ filter: typedFilter }));

const mw: compression.CompressionMiddleware = compression();
http.createServer((req, res) => mw(req, res, () => res.end()));
// @ts-expect-error: an unknown option
compression({ treshold: 0 });
