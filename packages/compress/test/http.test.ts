// Over real HTTP/1.1 (node:http on 127.0.0.1): every case of cases.ts against compression 1.8.2
// and @brisk/compress side by side, on a plain http.createServer as compression's README shows it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from '../src/index.js';
import { serve, type Reply, type TestServer } from '../../../test/support/http.js';
import { DIFFERENT, SAME, type Case, type Outcome } from './cases.js';
import { decode, upstream } from './upstream.js';

type Factory = (
  options?: Record<string, unknown>,
) => (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** One server per implementation; the case to run travels in the URL (its index). */
function server(factory: Factory, cases: ReadonlyArray<Omit<Case, 'expect'>>): Promise<TestServer> {
  const middleware = cases.map((c) => factory(c.options));
  return serve((req: IncomingMessage, res: ServerResponse) => {
    const i = Number(req.url?.slice(1));
    const c = cases[i] as Omit<Case, 'expect'>;
    (middleware[i] as ReturnType<Factory>)(req, res, (err) => {
      if (err) {
        res.statusCode = 500;
        res.end(String(err));
        return;
      }
      c.handler(req, res);
    });
  });
}

function outcome(reply: Reply): Outcome {
  const h = reply.headers;
  return {
    status: reply.status,
    coding: h['content-encoding'],
    vary: h.vary,
    length: h['content-length'],
    chunked: h['transfer-encoding'] === 'chunked',
    etag: h.etag,
    // a body-less status says gzip in upstream's answer with no gzip data (DIFFERENT)
    body:
      reply.bytes.length === 0
        ? ''
        : decode(h['content-encoding'] === 'x-custom' ? undefined : h['content-encoding'], reply.bytes).toString(
            'latin1',
          ),
  };
}

async function ask(target: TestServer, index: number, c: Omit<Case, 'expect'>): Promise<Outcome> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.acceptEncoding !== undefined) headers['accept-encoding'] = c.acceptEncoding;
  return outcome(await target.request(c.method ?? 'GET', `/${index}`, { headers }));
}

function pick(o: Outcome, keys: Partial<Outcome>): Partial<Outcome> {
  return Object.fromEntries(Object.keys(keys).map((k) => [k, o[k as keyof Outcome]]));
}

describe('side by side with compression 1.8.2 over HTTP/1.1', () => {
  let ours: TestServer;
  let theirs: TestServer;
  before(async () => {
    ours = await server(compression as unknown as Factory, SAME);
    theirs = await server(upstream as unknown as Factory, SAME);
  });
  after(() => Promise.all([ours.close(), theirs.close()]));

  for (const [i, c] of SAME.entries()) {
    test(c.name, async () => {
      const [mine, reference] = await Promise.all([ask(ours, i, c), ask(theirs, i, c)]);
      assert.deepEqual(mine, reference);
      assert.deepEqual(pick(mine, c.expect), c.expect);
    });
  }
});

describe('where brisk answers otherwise on purpose (decision 039)', () => {
  let ours: TestServer;
  let theirs: TestServer;
  before(async () => {
    ours = await server(compression as unknown as Factory, DIFFERENT);
    theirs = await server(upstream as unknown as Factory, DIFFERENT);
  });
  after(() => Promise.all([ours.close(), theirs.close()]));

  for (const [i, c] of DIFFERENT.entries()) {
    test(c.name, async () => {
      const [mine, reference] = await Promise.all([ask(ours, i, c), ask(theirs, i, c)]);
      assert.deepEqual(pick(reference, c.upstream), c.upstream, 'compression 1.8.2');
      assert.deepEqual(pick(mine, c.brisk), c.brisk, '@brisk/compress');
    });
  }
});
