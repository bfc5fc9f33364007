// brisk's cors against cors 2.8.6, side by side: every option set of cases.ts against every
// request, as static options and through an options delegate. What is compared is everything a
// middleware does: each `setHeader` call in order (names, values, the `Vary` merges), the status,
// whether the response was ended, and what `next` got.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import upstream from 'cors';
import cors from '../src/index.js';
import { OPTIONS, REQUESTS } from './cases.js';
import { run } from './support.js';

type AnyMiddleware = Parameters<typeof run>[0];

for (const [name, options] of OPTIONS) {
  describe(`options: ${name}`, () => {
    for (const [label, request] of REQUESTS) {
      it(`${label}: as cors 2.8.6`, async () => {
        const theirs = await run(
          upstream(options() as never) as AnyMiddleware,
          request.method,
          request.headers,
          request.vary,
        );
        const ours = await run(cors(options()) as AnyMiddleware, request.method, request.headers, request.vary);
        assert.deepEqual(ours, theirs);
        assert.equal(ours.nextCalls + (ours.ended ? 1 : 0), 1, 'hands on or answers, once');
      });
    }
    it('through an options delegate: as cors 2.8.6 on every request', async () => {
      for (const [, request] of REQUESTS) {
        const theirs = await run(
          upstream((_req, cb) => cb(null, options() as never)) as AnyMiddleware,
          request.method,
          request.headers,
          request.vary,
        );
        const ours = await run(
          cors((_req, cb) => cb(null, options())) as AnyMiddleware,
          request.method,
          request.headers,
          request.vary,
        );
        assert.deepEqual(ours, theirs);
      }
    });
  });
}
