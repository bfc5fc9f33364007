// The compression benchmark's server (bench/compress.mjs): a plain node:http server with
// compression 1.8.2 or @brisk/compress (COMPRESS=upstream|brisk) at their default options, as
// compression's README shows it. Scenarios: `small-json` (a 43-byte JSON answer, below the
// threshold: what most API answers are), `large` (1 MiB of JSON, compressed with the coding the
// request asks for).
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config, ready } from './common.mjs';

export const COMPRESS_SCENARIOS = ['small-json', 'large'];

/** The large answer: 1 MiB of JSON rows, the same bytes in every server. */
export function largeBody() {
  const rows = [];
  let size = 2;
  for (let i = 0; size < 1024 * 1024; i++) {
    const row = JSON.stringify({
      id: i,
      name: `user ${i}`,
      email: `user${i}@example.com`,
      active: i % 3 === 0,
      score: (i * 7919) % 1000,
    });
    rows.push(row);
    size += row.length + 1;
  }
  return JSON.stringify(rows.map((r) => JSON.parse(r))).slice(0, 1024 * 1024 - 1) + ']';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { scenario, port, host } = config(COMPRESS_SCENARIOS);
  const require = createRequire(import.meta.url);
  const compression = require(process.env.COMPRESS === 'brisk' ? '@brisk/compress' : 'compression');
  const mw = compression();
  const body = Buffer.from(
    scenario === 'small-json' ? JSON.stringify({ message: 'Hello World', id: 42, ok: true }) : largeBody(),
  );
  const server = http.createServer((req, res) =>
    mw(req, res, () => {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', String(body.length));
      res.end(body);
    }),
  );
  server.listen(port, host, () => ready(server));
}
