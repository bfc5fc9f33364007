// @brisk/cors's own Vary merge (src/vary.ts) against the `vary` 1.1.2 module that cors 2.8.6
// calls, and against @brisk/http's `vary`, the general one: the same value and the same
// `setHeader` calls for every existing header of the table and both names cors adds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { vary as briskVary } from '@brisk/http';
import { vary } from '../src/vary.js';
import { RecordingResponse } from './support.js';

// the copy of vary that cors 2.8.6 itself loads
const require = createRequire(import.meta.url);
const upstreamVary = createRequire(require.resolve('cors'))('vary') as (res: unknown, field: string) => void;

const EXISTING: (string | number | string[] | undefined)[] = [
  undefined,
  '',
  '*',
  'Accept',
  'accept-encoding, origin',
  'ORIGIN',
  'Accept,Origin',
  '  Accept ,  Origin  ',
  'Accept\t, Origin',
  'Origin\t',
  'Accept, *',
  'a b, origin c',
  ',,,',
  ', Origin,',
  ['Accept', 'Origin'],
  ['Accept-Language'],
  [],
  0,
  42,
];

describe('Vary, as vary 1.1.2 merges one name', () => {
  for (const name of ['Origin', 'Access-Control-Request-Headers']) {
    for (const existing of EXISTING) {
      it(`${name} into ${JSON.stringify(existing)}`, () => {
        const run = (fn: (res: never, field: string) => void) => {
          const res = new RecordingResponse();
          if (existing !== undefined) res.setHeader('Vary', existing);
          const before = res.calls.length;
          fn(res as never, name);
          return res.calls.slice(before);
        };
        const ours = run(vary);
        assert.deepEqual(ours, run(upstreamVary));
        assert.deepEqual(ours, run(briskVary));
      });
    }
  }
});
