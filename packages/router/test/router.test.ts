// The shared behaviour tables over real HTTP, against @brisk/router mounted on a bare node server.
import Router from '../src/index.js';
import { cases, type Routable } from './cases.js';
import { finalHandler } from './http.js';
import { rewriteCases } from './rewrite-cases.js';
import { runCases, type Case } from './suite.js';

const listener = (c: Case) => {
  const router = Router(c.options);
  c.build(router as Routable, (options) => Router(options));
  return (req: Parameters<typeof router>[0], res: Parameters<typeof router>[1]) =>
    router(req, res, finalHandler(req, res));
};

runCases('@brisk/router behaviours (over HTTP)', cases, listener);
runCases('@brisk/router: handlers that rewrite req.method and req.url (over HTTP)', rewriteCases, listener);
