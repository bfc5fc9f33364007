import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeUrl } from '../src/index.js';

describe('encodeUrl', () => {
  // [input, expected]
  const cases: [string, string][] = [
    ['', ''],
    ['/foo/bar', '/foo/bar'],
    ['http://localhost/foo?bar=baz#qux', 'http://localhost/foo?bar=baz#qux'],
    // reserved and allowed characters are kept
    ["!#$&'()*+,-./:;=?@[]^_|~", "!#$&'()*+,-./:;=?@[]^_|~"],
    ['/ABCXYZabcxyz0189', '/ABCXYZabcxyz0189'],
    // characters that may not appear in a URL are encoded
    ['/foo bar', '/foo%20bar'],
    ['/<script>', '/%3Cscript%3E'],
    ['"`{}', '%22%60%7B%7D'],
    ['\x00\x01\x1f\x7f', '%00%01%1F%7F'],
    ['/\r\nSet-Cookie: x=1', '/%0D%0ASet-Cookie:%20x=1'],
    ['\t', '%09'],
    // non-ASCII as UTF-8
    ['/caf\u00e9', '/caf%C3%A9'],
    ['/\u20ac', '/%E2%82%AC'],
    ['/\u0800\uffff', '/%E0%A0%80%EF%BF%BF'],
    ['/\u00ff\u0100', '/%C3%BF%C4%80'],
    ['/\uD83D\uDE00', '/%F0%9F%98%80'],
    ['/\uDBFF\uDFFF', '/%F4%8F%BF%BF'],
    ['http://x/\u00e4? #', 'http://x/%C3%A4?%20#'],
    // valid escapes are kept
    ['/foo%20bar', '/foo%20bar'],
    ['/%2f%2F%aA', '/%2f%2F%aA'],
    ['%25', '%25'],
    // invalid escapes get their % encoded
    ['/%', '/%25'],
    ['/%foo', '/%25foo'],
    ['/%zz', '/%25zz'],
    ['/%2g', '/%252g'],
    ['/%g2', '/%25g2'],
    ['100%', '100%25'],
    ['%zz%2f%', '%25zz%2f%25'],
    // as encodeurl: a lone hex digit ending the string is kept...
    ['%A', '%A'],
    ['/x%f', '/x%f'],
    // ...and the characters consumed with an invalid % are encoded as encodeURI does
    ['%%41', '%25%2541'],
    ['%[', '%25%5B'],
    ['%A[', '%25A%5B'],
    ['%|x', '%25%7Cx'],
    ['%^', '%25%5E'],
    ['%]', '%25%5D'],
    ['%a/', '%25a/'],
    ['%;', '%25;'],
    ['% ', '%25%20'],
    ['%\u00e9', '%25%C3%A9'],
    ['%\uD83D\uDE00', '%25%F0%9F%98%80'],
    ['%A\uD83D\uDE00', '%25A%F0%9F%98%80'],
    // unpaired surrogates become U+FFFD
    ['/\uD800', '/%EF%BF%BD'],
    ['/\uDC00', '/%EF%BF%BD'],
    ['\uD800x', '%EF%BF%BDx'],
    ['\uDC00\uD800', '%EF%BF%BD%EF%BF%BD'],
    ['\uD800\uD800\uDC00', '%EF%BF%BD%F0%90%80%80'],
    ['%\uD800', '%25%EF%BF%BD'],
    // where encodeurl@2.0.0 throws URIError (it misses the second unpaired surrogate)
    ['\uD800\uD800x', '%EF%BF%BD%EF%BF%BDx'],
    ['a\uDC00\uDC00', 'a%EF%BF%BD%EF%BF%BD'],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
      assert.equal(encodeUrl(input), expected);
    });
  }

  describe('difference from encodeurl: \\ is encoded as %5C', () => {
    const backslash: [string, string][] = [
      ['/\\evil.example', '/%5Cevil.example'],
      ['\\\\evil.example', '%5C%5Cevil.example'],
      ['/foo\\bar', '/foo%5Cbar'],
      ['http://a.example\\@evil.example/', 'http://a.example%5C@evil.example/'],
      ['%\\', '%25%5C'],
      ['%A\\', '%25A%5C'],
      ['%5C', '%5C'],
    ];
    for (const [input, expected] of backslash) {
      test(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
        assert.equal(encodeUrl(input), expected);
      });
    }

    test('a redirect to /\\evil.example stays on the site', () => {
      const location = encodeUrl('/\\evil.example');
      assert.equal(new URL(location, 'http://site.example/').host, 'site.example');
      // without the encoding, a browser-style parser leaves the site
      assert.equal(new URL('/\\evil.example', 'http://site.example/').host, 'evil.example');
    });
  });

  test('converts non-strings with String()', () => {
    assert.equal(encodeUrl(42), '42');
    assert.equal(encodeUrl(null), 'null');
    assert.equal(encodeUrl(undefined), 'undefined');
    assert.equal(encodeUrl(new URL('http://x.example/a b')), 'http://x.example/a%20b');
  });

  test('returns the same string when nothing needs encoding', () => {
    const s = '/a/b/c?d=e&f=%20#g';
    assert.equal(encodeUrl(s), s);
  });

  test('never throws and output is plain ASCII', () => {
    const samples = ['\uD800', '%', '%%', '%\uDBFF', '\uDFFF%', '\u0000%\\'];
    for (const s of samples) {
      assert.match(encodeUrl(s), /^[\x21-\x7e]*$/);
    }
  });

  test('long adversarial inputs are handled in linear time', () => {
    const t0 = performance.now();
    assert.equal(encodeUrl('%'.repeat(30_000)), '%25'.repeat(30_000));
    // each `%A%` takes the next `%` with it, which leaves the following `A` alone
    assert.equal(encodeUrl('%A'.repeat(20_000)), '%25A%25A'.repeat(10_000));
    assert.equal(encodeUrl('%A'.repeat(3)), '%25A%25A%A');
    assert.equal(encodeUrl('\uD800'.repeat(20_000)), '%EF%BF%BD'.repeat(20_000));
    assert.equal(encodeUrl(' '.repeat(30_000)), '%20'.repeat(30_000));
    assert.equal(encodeUrl('a'.repeat(100_000)).length, 100_000);
    assert.ok(performance.now() - t0 < 2000);
  });
});
