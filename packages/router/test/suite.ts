// Runs the behaviour table (cases.ts) over real HTTP against any implementation.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import { serve, type TestServer } from '../../../test/support/http.js';
import type { Case, MakeRouter, Routable } from './cases.js';

/** Makes a request listener from a case: builds the router (or app) the case describes. */
export type MakeListener = (c: Case) => RequestListener;

/** Registers one test per case: each case's requests against its own server. */
export function runCases(title: string, cases: readonly Case[], make: MakeListener): void {
  describe(title, () => {
    for (const c of cases) {
      describe(c.name, () => {
        let server: TestServer;
        before(async () => {
          server = await serve(make(c));
        });
        after(() => server.close());
        for (const e of c.requests) {
          const method = e.method ?? 'GET';
          test(`${method} ${e.path} → ${e.status}`, async () => {
            const reply = await server.request(method, e.path);
            assert.equal(reply.status, e.status, `status (body: ${reply.body})`);
            if (typeof e.body === 'string') assert.equal(reply.body, e.body);
            else if (e.body) assert.match(reply.body, e.body);
            for (const [name, value] of Object.entries(e.headers ?? {}))
              assert.equal(reply.headers[name], value, `header ${name}`);
          });
        }
      });
    }
  });
}

export type { Case, MakeRouter, Routable };
