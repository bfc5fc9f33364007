// Which coding a request gets: the same as compression 1.8.2 for every coding it knows (its
// negotiator 0.6.4, side by side, on a table and on generated headers), zstd placed between br
// and gzip, enforceEncoding, and a time linear in the Accept-Encoding header.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseCoding, hasZstd } from '../src/codings.js';
import { assertLinear, check, fc, inTurn } from '../../../test/support/fuzz.js';
import { NEGOTIATION } from './cases.js';
import { upstreamCoding } from './upstream.js';

const request = (acceptEncoding: string | undefined) => ({
  headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
});
/** `undefined` for "no compression", whichever way it was said. */
const compressed = (coding: string | undefined) => (coding === 'identity' ? undefined : coding);
const ours = (acceptEncoding: string | undefined, enforce = 'identity') =>
  compressed(chooseCoding(request(acceptEncoding) as never, enforce));

describe('chooseCoding', () => {
  test('the table: as compression 1.8.2', () => {
    for (const [header, coding] of NEGOTIATION) {
      assert.equal(ours(header), coding, String(header));
      assert.equal(compressed(upstreamCoding(header)), coding, `upstream: ${String(header)}`);
    }
  });

  test('generated headers without zstd: as compression 1.8.2', () => {
    const coding = fc.constantFrom('gzip', 'deflate', 'br', 'identity', '*', 'GZIP', 'Br', 'bogus', 'x-gzip', '');
    const q = fc.oneof(
      fc.constant(''),
      fc.constantFrom(';q=0', ';q=1', ';q=0.5', ';q=0.001', ';q=1.0', ';q=0.50', ';q=.5', ';level=1'),
    );
    const space = fc.constantFrom('', ' ', '  ');
    const element = fc.tuple(space, coding, q, space).map((parts) => parts.join(''));
    const header = fc.array(element, { maxLength: 6 }).map((elements) => elements.join(','));
    check(
      fc.property(header, (h) => {
        const mine = ours(h);
        // "*" covers zstd too, where node has it: zstd before gzip, as for a header naming it
        if (hasZstd && mine === 'zstd' && h.includes('*')) return;
        assert.equal(mine, compressed(upstreamCoding(h)), JSON.stringify(h));
      }),
      3000,
    );
  });

  test('three malformed headers read as Express 5 reads them (negotiator 1.1), not as negotiator 0.6.4', () => {
    // [header, brisk (and req.acceptsEncodings() in Express 5), compression 1.8.2]
    const table: Array<[string, string, string]> = [
      ['gzip;Q=0.5, deflate', 'deflate', 'gzip'], // "q" is case-insensitive (RFC 9110 §12.4.2)
      ['gzip;x="a,b";q=0.1, deflate', 'deflate', 'gzip'], // a quoted comma does not split the list
      ['gzip; q = 0.1, deflate', 'deflate', 'gzip'], // spaces around "=" tolerated
    ];
    for (const [header, brisk, compression] of table) {
      assert.equal(ours(header), brisk, header);
      assert.equal(compressed(upstreamCoding(header)), compression, `upstream: ${header}`);
    }
  });

  test('enforceEncoding applies only without an Accept-Encoding (or with an empty one)', () => {
    assert.equal(ours(undefined, 'gzip'), 'gzip');
    assert.equal(ours('', 'br'), 'br');
    assert.equal(ours('deflate', 'br'), 'deflate');
    assert.equal(ours('identity', 'gzip'), undefined);
    assert.equal(ours(undefined, 'bogus'), undefined);
    assert.equal(ours(undefined, 'GZIP'), undefined); // compression compares exactly
    assert.equal(ours(undefined, '*'), undefined);
    assert.equal(ours(undefined, 'zstd'), hasZstd ? 'zstd' : undefined);
  });

  test('zstd goes between br and gzip at equal q-values; q-values decide first', () => {
    const zstd = hasZstd ? 'zstd' : undefined;
    const table: Array<[string, string | undefined]> = [
      ['zstd', zstd],
      ['gzip, deflate, br, zstd', 'br'], // what Chrome and Firefox send: compression's answer
      ['zstd, br', 'br'],
      ['zstd, gzip', zstd ?? 'gzip'],
      ['gzip, zstd', zstd ?? 'gzip'],
      ['deflate, zstd', zstd ?? 'deflate'],
      ['zstd;q=1, br;q=0.9', zstd ?? 'br'],
      ['zstd;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
      ['br;q=0, *', zstd ?? 'gzip'],
      ['ZSTD', zstd],
    ];
    for (const [header, coding] of table) assert.equal(ours(header), coding, header);
  });

  test('a header of thousands of elements takes time linear in its length', () => {
    const codings = ['gzip;q=0.5', 'deflate;q=0.4', 'br;q=0.3', 'x-bogus', 'identity;q=0.1', '*;q=0.2', 'zstd;q=0.45'];
    const { build, run } = inTurn(
      (n: number, k: number) => Array.from({ length: n / 16 }, (_, i) => codings[(i + k) % codings.length]).join(', '),
      (h: string) => chooseCoding(request(h) as never, 'identity'),
    );
    assertLinear('chooseCoding(long Accept-Encoding)', build, run, { n: 16384 });
    const { build: spaces, run: runSpaces } = inTurn(
      (n: number, k: number) => `gzip;q=0.${k + 1}${' '.repeat(n)},br`,
      (h: string) => chooseCoding(request(h) as never, 'identity'),
    );
    assertLinear('chooseCoding(spaces)', spaces, runSpaces);
  });
});
