// Property-based tests of @brisk/http's text codecs: Content-Disposition create → parse round
// trips and parse throws only its documented TypeErrors; encodeUrl never throws, writes only URL
// characters and valid escapes, is idempotent and decodes back; escapeHtml leaves no markup
// character and unescapes back; all linear.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentDisposition, encodeUrl, escapeHtml } from '@brisk/http';
import {
  anyText,
  assertLinear,
  check,
  fc,
  hasLoneSurrogate,
  hostile,
  onlyDocumentedErrors,
  token,
} from './support/fuzz.js';

/** `Object.prototype` is not in the object's prototype chain (a prototype-less dictionary). */
function assertNoObjectPrototype(object: object): void {
  for (let p = Object.getPrototypeOf(object); p !== null; p = Object.getPrototypeOf(p)) {
    assert.notEqual(p, Object.prototype);
  }
}

/** What contentDisposition writes for: the part after the last `/` or `\` (node's basename). */
function basename(name: string): string {
  const trimmed = name.replace(/[/\\]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}

const PARSE_ERRORS = [
  'argument string is required',
  'invalid type format',
  'invalid parameter format',
  'invalid duplicate parameter',
  'invalid extended field value',
  'unsupported charset in extended field',
].map((message) => ({ type: TypeError, message }));

const CREATE_ERRORS = [
  'filename must be a string',
  'fallback must be a string or boolean',
  'fallback must be ISO-8859-1 string',
  'invalid type',
].map((message) => ({ type: TypeError, message }));

const FILE_SPECIALS = [
  '/',
  '\\',
  '"',
  '%',
  '%41',
  '%E2%82%AC',
  ';',
  '=',
  ' ',
  '\t',
  '€',
  'é',
  '😀',
  '.',
  'a',
  "'",
  '*',
];
const fileNames = fc.oneof(anyText(20), hostile(FILE_SPECIALS, { maxParts: 12 }));

const DISPOSITION_SPECIALS = [
  'attachment',
  'inline',
  ';',
  ';',
  '=',
  ' ',
  'filename',
  'filename*',
  '"',
  '\\"',
  "UTF-8''",
  "ISO-8859-1''",
  "utf-16''",
  "en'",
  '%',
  '%E2%82%AC',
  '%zz',
  'FILENAME',
  'é',
  '__proto__',
];

describe('@brisk/http: Content-Disposition', () => {
  test('create → parse gives back the base name, for every fallback and type', () => {
    check(
      fc.property(
        fileNames,
        fc.constantFrom(true, false, 'plain.txt', 'dir/fallback.txt'),
        fc.constantFrom('attachment', 'inline', 'INLINE', 'form-data'),
        (name, fallback, type) => {
          const base = basename(name);
          fc.pre(!hasLoneSurrogate(base) && base !== ''); // see the URIError and the empty-name test below
          const header = contentDisposition(name, { fallback, type });
          assert.match(header, /^[\t\x20-\x7e\u0080-\u00ff]*$/, 'ISO-8859-1 only');
          const parsed = contentDisposition.parse(header);
          assert.equal(parsed.type, type.toLowerCase());
          assert.equal(parsed.parameters.filename, base, header);
          assert.ok(!Object.hasOwn(parsed.parameters, '__proto__'));
        },
      ),
      240,
    );
  });

  // contentDisposition('') writes `attachment; filename*=UTF-8''` (as content-disposition 1.1.0);
  // parse reads it as content-disposition 2 does, an empty filename (decision 022)
  test('an empty base name round-trips too', () => {
    check(
      fc.property(fc.constantFrom('', '/', 'dir/', 'a\\'), (name) => {
        const header = contentDisposition(name);
        assert.equal(contentDisposition.parse(header).parameters.filename, basename(name));
        assert.equal(
          contentDisposition.parse(contentDisposition.create(basename(name))).parameters.filename,
          basename(name),
        );
      }),
      10,
    );
  });

  test('create with hostile arguments: the documented errors only (URIError for a lone surrogate)', () => {
    check(
      fc.property(
        fc.oneof(fileNames, hostile([...FILE_SPECIALS, '\ud800'])),
        fc.oneof(fc.boolean(), fileNames),
        fc.oneof(token(10), hostile(['a', ' ', ';', 'é', '"'])),
        (name, fallback, type) => {
          const allowed = hasLoneSurrogate(name)
            ? [...CREATE_ERRORS, { type: URIError, message: 'URI malformed' }]
            : CREATE_ERRORS;
          onlyDocumentedErrors(() => contentDisposition(name, { fallback, type }), allowed);
        },
      ),
      240,
    );
  });

  // as content-disposition 2 returns them (decision 022)
  test('parse returns its parameters in a prototype-less dictionary (docs/contracts.md)', () => {
    check(
      fc.property(
        fc.oneof(fc.constantFrom('attachment', 'inline; filename="a"'), hostile(DISPOSITION_SPECIALS)),
        (header) => {
          assertNoObjectPrototype(contentDisposition.parse(header).parameters);
        },
      ),
      100,
    );
  });

  test('parse of any header: the documented TypeErrors only; results are prototype-less, names lower-cased', () => {
    check(
      fc.property(hostile(DISPOSITION_SPECIALS, { maxParts: 16 }), (header) => {
        const parsed = onlyDocumentedErrors(() => contentDisposition.parse(header), PARSE_ERRORS);
        if (parsed === undefined) return;
        assert.equal(parsed.type, parsed.type.toLowerCase());
        for (const name of Object.keys(parsed.parameters)) {
          assert.equal(name, name.toLowerCase());
          assert.notEqual(name, '__proto__');
        }
      }),
      300,
    );
  });

  // content-disposition 3 (decision 033): a decoded name* is kept under its plain name only
  test('format → parse gives back every parameter under its own name, nothing more', () => {
    check(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), anyText(20)), {
          selector: ([n]) => n,
          maxLength: 5,
        }),
        (pairs) => {
          fc.pre(pairs.every(([, v]) => !hasLoneSurrogate(v)));
          const parameters = Object.fromEntries(pairs);
          const parsed = contentDisposition.parse(contentDisposition.format({ type: 'attachment', parameters }));
          assert.deepEqual({ ...parsed.parameters }, parameters);
        },
      ),
      200,
    );
  });
});

// --- encodeUrl --------------------------------------------------------------------------------

/** encodeUrl's output: URL characters (reserved ones and `\` kept) and `%XX` escapes only. */
const ENCODED = /^(?:[A-Za-z0-9!#$&'()*+,\-./:;=?@[\\\]^_|~]|%[0-9A-Fa-f]{2})*$/;

const URL_SPECIALS = [
  '%',
  '%',
  '%2',
  '%41',
  '%zz',
  '%%',
  '%E2%82%AC',
  '/',
  '\\',
  '?',
  '#',
  ' ',
  '"',
  '<',
  '>',
  '`',
  '{',
  '}',
  '\u007f',
  '\u0000',
  'é',
  '😀',
  '\ud800',
  '\udc00',
  '\ud800\ud800',
];

describe('@brisk/http: encodeUrl', () => {
  test('never throws; writes only URL characters and %XX; idempotent', () => {
    check(
      fc.property(hostile(URL_SPECIALS, { maxParts: 30 }), (url) => {
        const encoded = encodeUrl(url);
        assert.match(encoded, ENCODED);
        assert.equal(encodeUrl(encoded), encoded);
      }),
      360,
    );
  });

  test('without % or lone surrogates, decodeURI reads the input back', () => {
    check(
      fc.property(anyText(40), (url) => {
        fc.pre(!url.includes('%'));
        assert.equal(decodeURI(encodeUrl(url)), url);
      }),
      240,
    );
  });

  test('valid escapes are kept, a stray % becomes %25', () => {
    check(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('%41', '%e2%82%ac', '%2F'), fc.constantFrom('%', '%4', '%g1', 'a')), {
          maxLength: 12,
        }),
        (parts) => {
          const url = parts.join('');
          const expected = url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
          assert.equal(encodeUrl(url), expected);
        },
      ),
      180,
    );
  });
});

// --- escapeHtml -------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

describe('@brisk/http: escapeHtml', () => {
  test('no < > " \' left, every & starts an entity, and unescaping gives the input', () => {
    check(
      fc.property(hostile(['&', '<', '>', '"', "'", '&amp;', '&#39;', 'a', ' ', 'é']), (text) => {
        const escaped = escapeHtml(text);
        assert.ok(!/[<>"']/.test(escaped));
        assert.ok(!/&(?!amp;|lt;|gt;|quot;|#39;)/.test(escaped));
        assert.equal(
          escaped.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!),
          text,
        );
        if (!/[&<>"']/.test(text)) assert.equal(escaped, text);
      }),
      300,
    );
  });
});

// --- time -------------------------------------------------------------------------------------

describe('@brisk/http: time grows linearly with hostile input', () => {
  const parseOrThrow = (header: string) => {
    try {
      contentDisposition.parse(header);
    } catch {}
  };
  test('Content-Disposition parse', () => {
    assertLinear(
      'many parameters',
      (n) => 'attachment' + Array.from({ length: n / 8 }, (_, i) => `; p${i}=v`).join(''),
      parseOrThrow,
      { n: 2048 },
    );
    assertLinear('quoted escapes', (n) => 'attachment; filename="' + '\\"'.repeat(n / 2) + '"', parseOrThrow);
    assertLinear('unterminated quote', (n) => 'attachment; filename="' + 'a'.repeat(n), parseOrThrow);
    assertLinear(
      'long extended value',
      (n) => "attachment; filename*=UTF-8''" + '%E2%82%AC'.repeat(n / 9),
      parseOrThrow,
    );
  });

  test('Content-Disposition create', () => {
    assertLinear(
      'unicode name',
      (n) => '€ "x"é'.repeat(n / 6),
      (name) => contentDisposition(name),
    );
    assertLinear(
      'many slashes',
      (n) => 'a/'.repeat(n / 2) + 'f.txt',
      (name) => contentDisposition(name),
    );
  });

  test('encodeUrl and escapeHtml', () => {
    assertLinear(
      'encodeUrl % runs',
      (n) => '%'.repeat(n),
      (url) => encodeUrl(url),
    );
    assertLinear(
      'encodeUrl unicode',
      (n) => 'é😀 \ud800'.repeat(n / 5),
      (url) => encodeUrl(url),
    );
    assertLinear(
      'escapeHtml',
      (n) => '<&">\''.repeat(n / 5),
      (text) => escapeHtml(text),
    );
  });
});
