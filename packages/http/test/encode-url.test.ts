import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encodeUrl } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

// The encodeurl the bench workspace installs, when it is there (for the comparison below).
let encodeurl: { encode: (url: string) => string; version: string } | undefined;
try {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const fromBench = createRequire(join(root, 'bench/package.json'));
  encodeurl = {
    encode: fromBench('encodeurl') as (url: string) => string,
    version: (fromBench('encodeurl/package.json') as { version: string }).version,
  };
} catch {
  encodeurl = undefined;
}
// encodeurl 3.0.1, the newest release (an ES module), when the bench workspace installs it.
let encodeurl3: ((url: string) => string) | undefined;
try {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const file = createRequire(join(root, 'bench/package.json')).resolve('encodeurl-3');
  encodeurl3 = ((await import(pathToFileURL(file).href)) as { encodeUrl: (url: string) => string }).encodeUrl;
} catch {
  encodeurl3 = undefined;
}

/** Each unpaired surrogate replaced by U+FFFD (`String.prototype.toWellFormed`, not in Node 18). */
function wellFormed(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
      } else out += '\uFFFD';
    } else if (c >= 0xdc00 && c <= 0xdfff) out += '\uFFFD';
    else out += s[i];
  }
  return out;
}

/** The characters a URL keeps as they are (`%` apart): printable ASCII but `"`, `<`, `>`, `` ` ``, `{`, `}`. */
const KEPT = /^[!#-;=?-_a-z|~]$/;
const ESCAPE = /^%[0-9A-Fa-f]{2}/;

/**
 * What encodeurl does, said as plainly as possible: one code point at a time, on the string with
 * its unpaired surrogates made U+FFFD.
 */
function model(input: string): string {
  const s = wellFormed(input);
  let out = '';
  for (let i = 0; i < s.length; ) {
    if (ESCAPE.test(s.slice(i, i + 3))) {
      out += s.slice(i, i + 3);
      i += 3;
      continue;
    }
    const ch = String.fromCodePoint(s.codePointAt(i) as number);
    out += ch === '%' ? '%25' : KEPT.test(ch) ? ch : encodeURI(ch);
    i += ch.length;
  }
  return out;
}

/** `count` strings of up to 23 pieces each, the same on every run (mulberry32). */
function* randomStrings(count: number, pieces: readonly string[], seed = 0x29041): Generator<string> {
  const random = (n: number): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  for (let n = 0; n < count; n++) {
    let s = '';
    for (let k = random(24); k > 0; k--) s += pieces[random(pieces.length)];
    yield s;
  }
}

// pieces that meet every branch: escapes valid and not, hex digits next to %, \ and the
// characters encodeURI treats apart, controls, non-ASCII of each UTF-8 length, surrogates paired
// and not
// biome-ignore format: a table
const PIECES = [
  'a', 'Z', '0', '9', 'f', 'F', 'g', '%', '%', '%', '%2', '%e', '%41', '\\', '\\', '/', '[', ']',
  '^', '|', ' ', '"', '<', '>', '`', '{', '}', '#', '?', '@', ':', '~', "'", '+', '\x00', '\t',
  '\x1f', '\x7f', '\x80', '\u00e9', '\u07ff', '\u0800', '\u20ac', '\uffff', '\uD800', '\uDBFF',
  '\uDC00', '\uDFFF', '\uD83D\uDE00', '\uDBFF\uDFFF',
];

// Long runs of each kind, so that a string crosses from the per-character loops to the regular
// expressions that take over past 32 characters (and encodeurl's 1024-run groups), mid-run too.
// biome-ignore format: a table
const LONG_PIECES = [
  ...PIECES,
  'a'.repeat(31), 'b'.repeat(33), '%'.repeat(33), '%'.repeat(40), '%41'.repeat(12), '%4'.repeat(17),
  ' '.repeat(33), '\u00e9'.repeat(40), '\u20ac '.repeat(20), '\uD83D\uDE00'.repeat(20),
  '\uD800'.repeat(33), '\uDC00\uD800'.repeat(17), '\uD83D'.repeat(3) + '\uDE00', 'x\u00e9%'.repeat(15),
  '<>'.repeat(520),
];

describe('encodeUrl', () => {
  // [input, expected]
  const cases: [string, string][] = [
    ['', ''],
    ['/foo/bar', '/foo/bar'],
    ['http://localhost/foo?bar=baz#qux', 'http://localhost/foo?bar=baz#qux'],
    // reserved and allowed characters are kept, \ included
    ["!#$&'()*+,-./:;=?@[\\]^_|~", "!#$&'()*+,-./:;=?@[\\]^_|~"],
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
    // a % that starts no escape becomes %25, and what follows it is read on its own
    ['/%', '/%25'],
    ['/%foo', '/%25foo'],
    ['/%zz', '/%25zz'],
    ['/%2g', '/%252g'],
    ['/%g2', '/%25g2'],
    ['100%', '100%25'],
    ['%zz%2f%', '%25zz%2f%25'],
    ['%A', '%25A'],
    ['/x%f', '/x%25f'],
    ['%%41', '%25%41'],
    ['%%%', '%25%25%25'],
    ['%[', '%25['],
    ['%A[', '%25A['],
    ['%|x', '%25|x'],
    ['%^', '%25^'],
    ['%]', '%25]'],
    ['%\\', '%25\\'],
    ['%A\\', '%25A\\'],
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
    // where encodeurl 2.0.0 threw URIError (it missed the second unpaired surrogate)
    ['\uD800\uD800x', '%EF%BF%BD%EF%BF%BDx'],
    ['a\uDC00\uDC00', 'a%EF%BF%BD%EF%BF%BD'],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
      assert.equal(encodeUrl(input), expected);
    });
  }

  describe('\\ is kept, as encodeurl keeps it (decision 007)', () => {
    const backslash: [string, string][] = [
      ['/\\evil.example', '/\\evil.example'],
      ['\\\\evil.example', '\\\\evil.example'],
      ['/foo\\bar', '/foo\\bar'],
      ['http://google.com\\@apple.com', 'http://google.com\\@apple.com'],
      ['http://google.com\\ @apple.com', 'http://google.com\\%20@apple.com'],
      ['\\\u0000\\\u00e9', '\\%00\\%C3%A9'],
      ['%5C', '%5C'],
    ];
    for (const [input, expected] of backslash) {
      test(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
        assert.equal(encodeUrl(input), expected);
      });
    }

    test('the host a browser goes to is the host of the URL before encoding', () => {
      // what CVE-2024-29041 is about: encoding the \ moves the host from google.com to apple.com
      for (const url of [
        'http://google.com\\@apple.com',
        'http://a.example\\b@c.example/x',
        'https://a.example\\\\@b',
      ]) {
        assert.equal(new URL(encodeUrl(url)).host, new URL(url).host, url);
      }
      assert.equal(new URL('http://google.com\\@apple.com').host, 'google.com');
      assert.equal(new URL('http://google.com%5C@apple.com').host, 'apple.com');
    });
  });

  // encodeurl 3.0.1 (decision 033): the same named export and output for every string; it throws
  // a TypeError for a non-string (`url.search is not a function`), where 2.0.3, and so
  // res.location, converts it: brisk keeps the conversion
  test('encodeurl 3.0.1: a named export with the same output for strings', () => {
    const cases: [string, string][] = [
      ['http://localhost/\ud83d\ude00', 'http://localhost/%F0%9F%98%80'],
      ['http://localhost/\ud83d', 'http://localhost/%EF%BF%BD'],
      ['/%zz%%41%', '/%25zz%25%41%25'],
      ['/a b"<>`{}\x7f', '/a%20b%22%3C%3E%60%7B%7D%7F'],
      ['x'.repeat(3000) + ' ', 'x'.repeat(3000) + '%20'],
      [' '.repeat(2000), '%20'.repeat(2000)],
    ];
    for (const [url, expected] of cases) assert.equal(encodeUrl(url), expected);
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
    assert.equal(encodeUrl('%'.repeat(30_000)), '%25'.repeat(30_000));
    assert.equal(encodeUrl('%A'.repeat(20_000)), '%25A'.repeat(20_000));
    assert.equal(encodeUrl('%%41'.repeat(10_000)), '%25%41'.repeat(10_000));
    assert.equal(encodeUrl('\uD800'.repeat(20_000)), '%EF%BF%BD'.repeat(20_000));
    assert.equal(encodeUrl(' '.repeat(30_000)), '%20'.repeat(30_000));
    assert.equal(encodeUrl('a'.repeat(100_000)).length, 100_000);
    // time(8n) / time(n) in CPU time, no bound on elapsed time; n characters in, up to 9n out:
    // n = 2048 keeps the outputs under 150 kB
    const shapes: [string, (n: number) => string][] = [
      ['"%" run', (n) => '%'.repeat(n)],
      ['"%A" run', (n) => '%A'.repeat(n / 2)],
      ['"%%41" run', (n) => '%%41'.repeat(n / 4)],
      ['lone surrogates', (n) => '\uD800'.repeat(n)],
      ['spaces', (n) => ' '.repeat(n)],
      ['plain', (n) => 'a'.repeat(n)],
    ];
    for (const [label, build] of shapes) assertLinear(`encodeUrl: ${label}`, build, encodeUrl, { n: 2048 });
  });

  test('gives the model encoding on 300,000 random strings', () => {
    let changed = 0;
    for (const input of randomStrings(300_000, PIECES)) {
      const expected = model(input);
      if (expected !== input) changed++;
      if (encodeUrl(input) !== expected) assert.equal(encodeUrl(input), expected, JSON.stringify(input));
    }
    assert.ok(changed > 200_000, String(changed)); // most inputs have something to encode
  });

  test('gives the model encoding on 20,000 random strings of long runs', () => {
    for (const input of randomStrings(20_000, LONG_PIECES, 0x42)) {
      if (encodeUrl(input) !== model(input)) assert.equal(encodeUrl(input), model(input), JSON.stringify(input));
    }
  });

  test('gives the model encoding on 256 KB inputs of one kind (the benchmark inputs)', () => {
    const K = 256 * 1024;
    for (const piece of [
      '%',
      '\u00e9\u20ac\uD83D\uDE00\u00fc',
      '\u65e5\u672c\u8a9e',
      '%20%C3%A9',
      '/a?x=1&y',
      'a b ',
      '\uD800x',
      '\uD800',
      '%%41',
      '/caf\u00e9 menu?q=%zz&r=%41\uD83D\uDE00<>',
    ]) {
      const input = piece.repeat(Math.floor(K / piece.length));
      assert.ok(encodeUrl(input) === model(input), JSON.stringify(piece));
    }
  });

  test("gives encodeurl 3.0.1's output (the newest release)", {
    skip: encodeurl3 ? false : 'encodeurl 3 not installed',
  }, () => {
    const encode = encodeurl3 as NonNullable<typeof encodeurl3>;
    for (const input of [...randomStrings(100_000, PIECES), ...randomStrings(20_000, LONG_PIECES, 0x42)]) {
      if (encodeUrl(input) !== encode(input)) assert.equal(encodeUrl(input), encode(input), JSON.stringify(input));
    }
    const K = 256 * 1024;
    for (const piece of ['%', '\u00e9\uD83D\uDE00', '\uD800x', '%%41', '/caf\u00e9 menu?q=%zz\uD83D\uDE00<>']) {
      const input = piece.repeat(Math.floor(K / piece.length));
      assert.ok(encodeUrl(input) === encode(input), JSON.stringify(piece));
    }
  });

  // encodeurl 2.0.2 and later (and 3.x) read a % that starts no escape as %25 alone; 2.0.0 and
  // 2.0.1 passed the character(s) after it through encodeURI too, and 2.0.0 threw on some adjacent
  // unpaired surrogates. With an older encodeurl installed, only the inputs on which all agree
  // (no %, surrogates made U+FFFD) are compared.
  test('gives the output of the encodeurl installed with the benchmarks', {
    skip: encodeurl ? false : 'encodeurl not installed',
  }, () => {
    const { encode, version } = encodeurl as NonNullable<typeof encodeurl>;
    const [major, minor, patch] = version.split('.').map(Number);
    const current = major > 2 || (major === 2 && (minor > 0 || patch >= 2));
    for (const raw of [...randomStrings(300_000, PIECES), ...randomStrings(20_000, LONG_PIECES, 0x42)]) {
      const input = current ? raw : wellFormed(raw.replace(/%/g, ''));
      if (encodeUrl(input) !== encode(input)) assert.equal(encodeUrl(input), encode(input), JSON.stringify(input));
    }
  });
});
