import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { charset, charsets, contentType, extension, lookup } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

// Expected values are what mime-types 3.0.2 (with mime-db 1.54.0) returns.
const INVALID: unknown[] = [
  undefined,
  null,
  0,
  1,
  true,
  false,
  {},
  [],
  ['text/html'],
  () => 'x',
  Symbol('x'),
  '',
  new String('text/html'),
];

describe('contentType()', () => {
  const cases: [string, string | false][] = [
    // an extension or a path without "/": looked up
    ['html', 'text/html; charset=utf-8'],
    ['.html', 'text/html; charset=utf-8'],
    ['HTML', 'text/html; charset=utf-8'],
    ['file.json', 'application/json; charset=utf-8'],
    ['json', 'application/json; charset=utf-8'],
    ['js', 'text/javascript; charset=utf-8'],
    ['mjs', 'text/javascript; charset=utf-8'],
    ['css', 'text/css; charset=utf-8'],
    ['txt', 'text/plain; charset=utf-8'],
    ['text', 'text/plain; charset=utf-8'],
    ['md', 'text/markdown; charset=utf-8'],
    ['markdown', 'text/markdown; charset=utf-8'],
    ['map', 'application/json; charset=utf-8'],
    ['webmanifest', 'application/manifest+json; charset=utf-8'],
    ['svg', 'image/svg+xml'],
    ['png', 'image/png'],
    ['xml', 'application/xml'],
    ['wasm', 'application/wasm'],
    ['bin', 'application/octet-stream'],
    ['unknown', false],
    ['news-groupinfo', false],
    ['.', false],
    // a media type: kept as given, the default charset appended unless "charset" appears
    ['text/html', 'text/html; charset=utf-8'],
    ['TEXT/HTML', 'TEXT/HTML; charset=utf-8'],
    ['application/json', 'application/json; charset=utf-8'],
    ['Application/JSON', 'Application/JSON; charset=utf-8'],
    ['application/javascript', 'application/javascript; charset=utf-8'],
    ['text/javascript', 'text/javascript; charset=utf-8'],
    ['text/x-foo', 'text/x-foo; charset=utf-8'],
    ['text/', 'text/; charset=utf-8'],
    ['  text/html  ', '  text/html  ; charset=utf-8'],
    ['application/news-groupinfo', 'application/news-groupinfo; charset=us-ascii'],
    ['application/prs.cyn', 'application/prs.cyn; charset=7-bit'],
    ['application/vnd.fdsn.stationxml+xml', 'application/vnd.fdsn.stationxml+xml; charset=xml-based'],
    ['application/x-foo', 'application/x-foo'],
    ['application/ld+json', 'application/ld+json'],
    ['application/octet-stream', 'application/octet-stream'],
    ['image/svg+xml', 'image/svg+xml'],
    ['foo/bar', 'foo/bar'],
    ['a/b c', 'a/b c'],
    ['/', '/'],
    ['path/to/file.html', 'path/to/file.html'], // has "/": taken as a media type, not a path
    ['text/html; charset=iso-8859-1', 'text/html; charset=iso-8859-1'],
    ['text/html;charset=latin1', 'text/html;charset=latin1'],
    ['text/plain; CHARSET=x', 'text/plain; CHARSET=x; charset=utf-8'], // the check is case-sensitive
    ['application/x-charset', 'application/x-charset'],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(contentType(input), expected));
  }
  test('invalid input → false', () => {
    for (const input of INVALID) assert.equal(contentType(input as string), false, String(input));
  });
  test('returns the same string on every call (precomputed)', () => {
    assert.equal(contentType('html'), contentType('html'));
    assert.equal(contentType('text/html'), 'text/html; charset=utf-8');
  });
});

describe('charset()', () => {
  const cases: [string, string | false][] = [
    ['text/html', 'UTF-8'],
    ['text/markdown', 'UTF-8'],
    ['text/xml', 'UTF-8'],
    ['text/x-foo', 'UTF-8'], // any text/* defaults to UTF-8
    ['TEXT/X-FOO', 'UTF-8'],
    ['Text/Plain; charset=latin1', 'UTF-8'], // the default, not the parameter
    ['  text/csv', 'UTF-8'],
    ['\ttext/csv\t;x', 'UTF-8'],
    ['\u00a0text/csv', 'UTF-8'], // any JavaScript whitespace is skipped
    ['text/', 'UTF-8'],
    ['application/json', 'UTF-8'],
    ['application/JSON; x=y', 'UTF-8'],
    ['application/javascript', 'UTF-8'],
    ['application/manifest+json', 'UTF-8'],
    ['application/news-groupinfo', 'US-ASCII'], // charsets of types without extensions are kept
    ['application/news-checkgroups', 'US-ASCII'],
    ['application/prs.cyn', '7-BIT'],
    ['application/vnd.fdsn.stationxml+xml', 'XML-BASED'],
    ['application/vnd.syncml.dm+wbxml', 'UTF-8'],
    ['application/xml', false],
    ['application/ld+json', false],
    ['image/png', false],
    ['text', false],
    ['foo', false],
    [' ', false],
    [';text/html', false],
    ['__proto__', false],
    ['constructor', false],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(charset(input), expected));
  }
  test('invalid input → false', () => {
    for (const input of INVALID) assert.equal(charset(input as string), false, String(input));
  });
  test('charsets.lookup is charset (kept by mime-types for compatibility)', () => {
    assert.equal(charsets.lookup, charset);
    assert.deepEqual(Object.keys(charsets), ['lookup']);
    assert.equal(charsets.lookup('text/html'), 'UTF-8');
  });
});

describe('extension()', () => {
  const cases: [string, string | false][] = [
    ['application/octet-stream', 'bin'],
    ['text/html', 'html'],
    ['TEXT/HTML; charset=utf-8', 'html'],
    ['  text/html ;x', 'html'],
    ['text/html\tx', 'html'],
    ['application/json', 'json'],
    ['text/javascript', 'js'],
    ['application/javascript', 'js'],
    ['image/jpeg', 'jpg'],
    ['image/svg+xml', 'svg'],
    ['audio/mpeg', 'mpga'],
    ['video/mp4', 'mp4'],
    ['application/mp4', 'mp4'], // its first extension, though lookup('mp4') is video/mp4
    ['text/plain', 'txt'],
    ['text/markdown', 'md'],
    ['text/xml', 'xml'],
    ['application/xml', 'xml'],
    ['font/woff2', 'woff2'],
    ['application/x-msdownload', 'exe'],
    ['audio/wave', 'wav'],
    ['application/news-groupinfo', false], // no extensions
    ['text/x-foo', false],
    ['foo/bar', false],
    ['html', false],
    ['__proto__', false],
    ['constructor', false],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(extension(input), expected));
  }
  test('invalid input → false', () => {
    for (const input of INVALID) assert.equal(extension(input as string), false, String(input));
  });
});

describe('adversarial input stays linear', () => {
  // Each shape at 100,000 characters (the four functions answer), and time growing linearly with
  // its length (time(8n) / time(n) in CPU time; no bound on elapsed time).
  const shapes: [label: string, build: (n: number) => string][] = [
    ['spaces', (n) => ' '.repeat(n)],
    ['no-break spaces, then a letter', (n) => '\u00a0'.repeat(n) + 'x'],
    ['letters', (n) => 'a'.repeat(n)],
    ['dots', (n) => '.'.repeat(n)],
    ['slashes', (n) => '/'.repeat(n)],
    ['"a/" run', (n) => 'a/'.repeat(n / 2)],
    ['"a." run', (n) => 'a.'.repeat(n / 2)],
    ['long subtype, then ";"', (n) => 'text/' + 'x'.repeat(n) + ';'],
    ['whitespace, then a type', (n) => ' \t'.repeat(n / 2) + 'text/html'],
    ['"x/" run, then "charset"', (n) => 'x/'.repeat(n / 2) + 'charset'],
  ];
  const all = (input: string) => [lookup(input), contentType(input), charset(input), extension(input)];
  for (const [label, build] of shapes) {
    test(`${label}: linear time`, () => {
      all(build(100_000));
      assertLinear(`mime: ${label}`, build, all);
    });
  }
});
