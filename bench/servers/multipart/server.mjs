// A node:http server that reads a multipart form with multer 2.5.0 or @brisk/multipart
// (BENCH_MULTIPART=multer|brisk), memory storage, and answers what it read: the form's fields and
// the file's name and size. Both answer the same JSON (bench/multipart.mjs checks it).
import http from 'node:http';
import { createRequire } from 'node:module';
import { config, ready } from '../common.mjs';

const require = createRequire(import.meta.url);
const { port, host } = config(['small']);
const multer = require(process.env.BENCH_MULTIPART === 'multer' ? 'multer' : '@brisk/multipart');
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 1 << 20 } }).single('file');

const server = http.createServer((req, res) => {
  upload(req, res, (err) => {
    if (err) {
      res.statusCode = 500;
      res.end(String(err.message));
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ...req.body, file: req.file && [req.file.originalname, req.file.size] }));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, host, () => ready(server));
