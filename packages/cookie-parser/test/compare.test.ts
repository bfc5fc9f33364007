// brisk's cookie parser against cookie-parser 1.4.7, side by side: every Cookie header of cases.ts
// with every secret setting (req.cookies, req.signedCookies and req.secret, keys in order), and
// the exported functions on every value of cases.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import upstream from 'cookie-parser';
import cookieParser, { JSONCookie, JSONCookies, signedCookie, signedCookies } from '../src/index.js';
import { HEADERS, OTHER, SECRET, SECRETS, VALUES } from './cases.js';
import { entries, parseWith } from './support.js';

type AnyMiddleware = Parameters<typeof parseWith>[0];

for (const [secretName, secret] of SECRETS) {
  describe(`secret: ${secretName}`, () => {
    for (const [headerName, header] of HEADERS) {
      it(`${headerName}: as cookie-parser 1.4.7`, () => {
        const ours = parseWith(cookieParser(secret) as AnyMiddleware, header);
        const theirs = parseWith(upstream(secret as string) as AnyMiddleware, header);
        assert.deepEqual(entries(ours.cookies), entries(theirs.cookies));
        assert.deepEqual(entries(ours.signedCookies), entries(theirs.signedCookies));
        assert.equal(ours.secret, theirs.secret);
        assert.equal(ours.hasSecret, theirs.hasSecret);
        assert.deepEqual(ours.next, theirs.next);
        // brisk's objects never inherit: no Object.prototype behind req.cookies or req.signedCookies
        assert.ok(!(ours.cookies instanceof Object));
        assert.ok(!(ours.signedCookies instanceof Object));
      });
    }
  });
}

describe('the exported functions, as cookie-parser 1.4.7', () => {
  it('JSONCookie', () => {
    for (const value of VALUES)
      assert.deepEqual(JSONCookie(value), upstream.JSONCookie(value as string), String(value));
  });

  it('signedCookie, with one secret, an array, and none', () => {
    for (const secret of [SECRET, [SECRET, OTHER], [OTHER], [], '', undefined]) {
      for (const value of VALUES) {
        assert.equal(
          signedCookie(value, secret),
          upstream.signedCookie(value as string, secret as string),
          `${String(value)} ${secret}`,
        );
      }
    }
  });

  it('JSONCookies and signedCookies: the same results and the same changes to the object', () => {
    const make = () => Object.fromEntries(VALUES.map((v, i) => [`k${i}`, v]));
    for (const secret of [SECRET, [OTHER, SECRET], []]) {
      const a = make();
      const b = make();
      assert.deepEqual(
        entries(signedCookies(a, secret)),
        entries(upstream.signedCookies(b as never, secret as string)),
      );
      assert.deepEqual(entries(a), entries(b));
      assert.deepEqual(entries(JSONCookies(a)), entries(upstream.JSONCookies(b as never)));
      assert.deepEqual(entries(a), entries(b));
    }
  });
});
