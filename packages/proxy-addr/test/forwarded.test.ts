import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { forwarded } from '../src/index.js';
import type { RequestLike } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

/** A request from socket address `remoteAddress` (null: a closed socket, no address). */
function req(xff: string | undefined, remoteAddress: string | null = '127.0.0.1'): RequestLike {
  return {
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    socket: { remoteAddress: remoteAddress ?? undefined },
  };
}

// X-Forwarded-For header -> forwarded(req) with socket address 127.0.0.1 (forwarded 0.2.0 results)
const HEADERS: [string | undefined, string[]][] = [
  [undefined, ['127.0.0.1']],
  ['', ['127.0.0.1']],
  ['10.0.0.1', ['127.0.0.1', '10.0.0.1']],
  ['10.0.0.1, 10.0.0.2', ['127.0.0.1', '10.0.0.2', '10.0.0.1']],
  ['10.0.0.1,10.0.0.2,10.0.0.3', ['127.0.0.1', '10.0.0.3', '10.0.0.2', '10.0.0.1']],
  ['  10.0.0.1  ,   10.0.0.2  ', ['127.0.0.1', '10.0.0.2', '10.0.0.1']],
  // empty entries are skipped
  [',', ['127.0.0.1']],
  [' , ,, ', ['127.0.0.1']],
  [',10.0.0.1,,10.0.0.2,', ['127.0.0.1', '10.0.0.2', '10.0.0.1']],
  // only spaces are trimmed; entries are not validated
  ['a b, c', ['127.0.0.1', 'c', 'a b']],
  ['\t10.0.0.1\t', ['127.0.0.1', '\t10.0.0.1\t']],
  ['unknown, 2001:db8::1, [::1]:80', ['127.0.0.1', '[::1]:80', '2001:db8::1', 'unknown']],
  ['for=192.0.2.60;proto=http', ['127.0.0.1', 'for=192.0.2.60;proto=http']],
];

describe('forwarded()', () => {
  for (const [xff, expected] of HEADERS) {
    test(`X-Forwarded-For: ${JSON.stringify(xff)}`, () => assert.deepEqual(forwarded(req(xff)), expected));
  }

  test('socket address first, undefined when the socket is gone', () => {
    assert.deepEqual(forwarded(req('10.0.0.1', null)), [undefined, '10.0.0.1']);
    assert.deepEqual(forwarded(req(undefined, 'fe80::1')), ['fe80::1']);
  });

  test('reads req.connection when req.socket is not set', () => {
    assert.deepEqual(forwarded({ headers: {}, connection: { remoteAddress: '10.9.9.9' } }), ['10.9.9.9']);
    assert.deepEqual(forwarded({ headers: {}, socket: null, connection: { remoteAddress: '10.9.9.9' } }), ['10.9.9.9']);
  });

  test('a header value that is not a string is ignored', () => {
    assert.deepEqual(
      forwarded({ headers: { 'x-forwarded-for': ['10.0.0.1'] }, socket: { remoteAddress: '1.1.1.1' } }),
      ['1.1.1.1'],
    );
  });

  test('returns a new array each call', () => {
    const r = req('10.0.0.1');
    assert.notEqual(forwarded(r), forwarded(r));
  });

  test('argument req is required', () => {
    for (const value of [undefined, null, 0, '']) {
      assert.throws(() => forwarded(value as unknown as RequestLike), {
        name: 'TypeError',
        message: 'argument req is required',
      });
    }
  });

  test('a 10k-entry header and long junk take linear time', () => {
    const entries = (n: number) => req(Array.from({ length: n }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', '));
    const empty = (n: number) => req(' ,'.repeat(n / 2));
    const long = (n: number) => req('x'.repeat(n));
    const addrs = forwarded(entries(10_000));
    assert.equal(addrs.length, 10_001);
    assert.equal(addrs[1], '10.0.39.15');
    assert.equal(addrs[10_000], '10.0.0.0');
    assert.deepEqual(forwarded(empty(100_000)), ['127.0.0.1']);
    assert.equal(forwarded(long(100_000))[1]!.length, 100_000);
    // time(8n) / time(n) in CPU time, no bound on elapsed time
    // n addresses, all kept in an array: n = 1024 keeps it under 16,000 elements
    assertLinear('forwarded: many entries', entries, forwarded, { n: 1024 });
    assertLinear('forwarded: empty entries', empty, forwarded);
    assertLinear('forwarded: one long entry', long, forwarded);
  });
});
