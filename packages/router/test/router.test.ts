// The shared behaviour table over real HTTP, against @brisk/router mounted on a bare node server.
import Router from '../src/index.js';
import { cases, type Routable } from './cases.js';
import { finalHandler } from './http.js';
import { runCases } from './suite.js';

runCases('@brisk/router behaviours (over HTTP)', cases, (c) => {
  const router = Router(c.options);
  c.build(router as Routable, (options) => Router(options));
  return (req, res) => router(req, res, finalHandler(req, res));
});
