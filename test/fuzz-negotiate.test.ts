// Property-based tests of @brisk/negotiate: Accept-* negotiation never throws on a header, picks
// only offered values and orders them by q; Content-Type format → parse round-trips and parse /
// format throw only content-type's documented TypeErrors; every reader is linear.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { accepts, charsetOf, contentType, contentType3, Negotiator, TypeIs, typeis } from '@brisk/negotiate';
import { assertLinear, check, fc, hostile, inTurn, onlyDocumentedErrors, token, word } from './support/fuzz.js';

const HEADER_SPECIALS = [
  ',',
  ',',
  ';',
  '=',
  ' ',
  '\t',
  'q=',
  'q=0',
  'q=1',
  'q=0.5',
  'q=abc',
  ';q=0.001',
  '"',
  '\\',
  '"a,b;c"',
  '*',
  '/',
  '*/*',
  'text/*',
  'text/html',
  'application/json',
  'level=1',
  'gzip',
  'br',
  'identity',
  'en',
  'en-US',
  '-',
  'utf-8',
  'é',
  'constructor',
  '__proto__',
];
const headerValues = hostile(HEADER_SPECIALS, { maxParts: 24, maxRun: 20 });

const OFFERED_TYPES = ['text/html', 'application/json', 'text/plain', 'image/png', 'TEXT/HTML', '*/*', 'x/y;level=1'];
const OFFERED_CODINGS = ['gzip', 'br', 'identity', 'deflate', 'GZIP', '*', 'constructor'];
const OFFERED_LANGS = ['en', 'en-US', 'fr', 'de-CH', 'EN', '*', '__proto__'];
const OFFERED_CHARSETS = ['utf-8', 'iso-8859-1', 'UTF-8', '*', 'toString'];

/** The four negotiations of a Negotiator, each with its header name and offered values. */
const KINDS = [
  { header: 'accept', many: 'mediaTypes', one: 'mediaType', offered: OFFERED_TYPES },
  { header: 'accept-encoding', many: 'encodings', one: 'encoding', offered: OFFERED_CODINGS },
  { header: 'accept-language', many: 'languages', one: 'language', offered: OFFERED_LANGS },
  { header: 'accept-charset', many: 'charsets', one: 'charset', offered: OFFERED_CHARSETS },
] as const;

type Many = (available?: string[]) => string[];
type One = (available?: string[]) => string | undefined;

describe('@brisk/negotiate: Accept-* negotiation', () => {
  test('any header: no throw; results are offered values, each once; the single pick is the first', () => {
    check(
      fc.property(
        headerValues,
        fc.constantFrom(...KINDS),
        fc.subarray([...KINDS[0].offered, ...KINDS[1].offered, ...KINDS[2].offered, ...KINDS[3].offered]),
        (header, kind, extra) => {
          const negotiator = new Negotiator({ headers: { [kind.header]: header } });
          const many = (negotiator[kind.many] as Many).bind(negotiator);
          const one = (negotiator[kind.one] as One).bind(negotiator);
          const available = [...new Set([...kind.offered, ...extra])];
          const picked = many(available);
          for (const value of picked) assert.ok(available.includes(value), `${value} was not offered`);
          assert.equal(new Set(picked).size, picked.length, 'no value twice');
          assert.equal(one(available), picked[0]);
          const all = many();
          for (const value of all) assert.equal(typeof value, 'string');
          assert.equal(one(), all[0]);
        },
      ),
      300,
    );
  });

  test('values with distinct q-values come out best first', () => {
    const qs = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 });
    check(
      fc.property(
        fc.constantFrom('encodings', 'charsets', 'mediaTypes', 'languages'),
        fc.uniqueArray(word(2, 6), { minLength: 6, maxLength: 6 }),
        qs,
        (method, words, qValues) => {
          const values = qValues.map((_, i) =>
            method === 'mediaTypes' ? `${words[i]}/x` : method === 'languages' ? `${words[i]}-zz` : `${words[i]}z`,
          );
          const header = values.map((v, i) => `${v};q=${(qValues[i]! / 1000).toFixed(3)}`).join(', ');
          const headerName = {
            encodings: 'accept-encoding',
            charsets: 'accept-charset',
            mediaTypes: 'accept',
            languages: 'accept-language',
          }[method];
          const negotiator = new Negotiator({ headers: { [headerName]: header } });
          const shuffled = [...values].reverse();
          const expected = values
            .map((v, i) => ({ v, q: qValues[i]! }))
            .sort((a, b) => b.q - a.q)
            .map((x) => x.v);
          const picked = (negotiator[method] as Many).call(negotiator, shuffled);
          // Without an explicit identity, negotiator also accepts identity (at the lowest q): not offered here.
          assert.deepEqual(picked, expected, header);
        },
      ),
      180,
    );
  });

  test('q=0 excludes; accepts() returns an offered value as given, or false', () => {
    check(
      fc.property(headerValues, fc.subarray(['json', 'html', 'text/plain', 'png', '.css', 'nope']), (header, types) => {
        const req = { headers: { accept: header } };
        const result = accepts(req).types(types);
        if (types.length === 0) return;
        assert.ok(result === false || types.includes(result as string), String(result));
        const excluded = new Negotiator({ headers: { accept: `${header}, text/plain;q=0` } });
        if (!/text\/plain/i.test(header)) assert.ok(!excluded.mediaTypes(['text/plain']).includes('text/plain'));
      }),
      180,
    );
  });

  test('typeis.is: false, an offered type as given, or the actual media type for a wildcard', () => {
    check(
      fc.property(
        headerValues,
        fc.subarray(['json', 'text/*', '+json', '*/*', 'urlencoded', 'multipart', 'application/json', 'html']),
        (value, types) => {
          const result = typeis.is(value, types);
          if (result === false || result === null) return;
          if (!types.includes(result)) assert.equal(result, contentType.parse(value.split(';')[0]!.trim()).type);
        },
      ),
      180,
    );
  });
});

// --- Content-Type -----------------------------------------------------------------------------

const PARSE_ERRORS = [
  { type: TypeError, message: 'invalid media type' },
  { type: TypeError, message: 'invalid parameter format' },
];
const FORMAT_ERRORS = [
  { type: TypeError, message: 'invalid type' },
  { type: TypeError, message: 'invalid parameter name' },
  { type: TypeError, message: 'invalid parameter value' },
];

/** Characters format can quote: VT, SP, VCHAR, obs-text (U+0080-U+00FF); not HTAB, as content-type 1.0.5. */
const quotable = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u000b', ' ', '"', '\\', ';', '=', ',', 'é', '\u00ff', '\u0080'),
    fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 20,
});

const CT_SPECIALS = [
  'text/html',
  'application/json',
  '/',
  ';',
  ';',
  '=',
  ' ',
  '\t',
  '"',
  '\\',
  '\\"',
  'charset',
  'utf-8',
  'boundary',
  'a',
  'é',
  '\u0100',
  '\u007f',
  '\u000b',
];

describe('@brisk/negotiate: Content-Type', () => {
  test('format → parse round trip: the type and parameter names lower-cased, values as given', () => {
    check(
      fc.property(
        token(8),
        token(8),
        fc.dictionary(token(8), quotable, { maxKeys: 5, noNullPrototype: true }),
        (type, subtype, parameters) => {
          const header = contentType.format({ type: `${type}/${subtype}`, parameters });
          const parsed = contentType.parse(header);
          assert.equal(parsed.type, `${type}/${subtype}`.toLowerCase());
          const expected: Record<string, string> = {};
          // format sorts names; a name given in two cases keeps the last value parse reads.
          for (const name of Object.keys(parameters).sort()) expected[name.toLowerCase()] = parameters[name]!;
          assert.deepEqual({ ...parsed.parameters }, expected, header);
          assert.equal(Object.getPrototypeOf(parsed.parameters), null);
        },
      ),
      240,
    );
  });

  test('parse of any string: the documented TypeErrors only; what parses formats and parses back the same', () => {
    check(
      fc.property(hostile(CT_SPECIALS, { maxParts: 16 }), (value) => {
        fc.pre(value.length > 0);
        const parsed = onlyDocumentedErrors(() => contentType.parse(value), PARSE_ERRORS);
        if (parsed === undefined) return;
        const again = contentType.parse(contentType.format(parsed));
        assert.equal(again.type, parsed.type);
        assert.deepEqual({ ...again.parameters }, { ...parsed.parameters });
      }),
      300,
    );
  });

  test('format of hostile objects: the documented TypeErrors only, and output that parses', () => {
    check(
      fc.property(
        hostile(CT_SPECIALS, { maxParts: 6 }),
        fc.dictionary(hostile(['a', '=', ' ', ';', 'é', 'Z']), hostile(CT_SPECIALS, { maxParts: 6 }), {
          maxKeys: 4,
          noNullPrototype: true,
        }),
        (type, parameters) => {
          const header = onlyDocumentedErrors(() => contentType.format({ type, parameters }), FORMAT_ERRORS);
          if (header !== undefined) contentType.parse(header);
        },
      ),
      240,
    );
  });

  test('charsetOf: any header gives a lower-case string or undefined', () => {
    check(
      fc.property(hostile(CT_SPECIALS), (value) => {
        const charset = charsetOf(value);
        assert.ok(charset === undefined || charset === charset.toLowerCase());
      }),
      180,
    );
  });
});

/** Characters content-type 3's format can quote: HTAB, SP, VCHAR, obs-text (no VT, unlike 1.0.5). */
const quotable3 = quotable.map((v) => v.replaceAll('\u000b', '\t'));

describe('@brisk/negotiate: contentType3 (content-type 3, lenient)', () => {
  test('parse never throws on a string; prototype-less parameters; index within the header; a later start reads on', () => {
    check(
      fc.property(hostile([...CT_SPECIALS, ','], { maxParts: 16 }), fc.boolean(), fc.nat(20), (value, comma, start) => {
        const parsed = contentType3.parse(value, { comma, start });
        assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(parsed.parameters)), null);
        assert.equal(Object.getPrototypeOf({}), Object.prototype); // a __proto__ parameter set nothing
        assert.equal(parsed.type, parsed.type.toLowerCase());
        assert.ok(parsed.index >= Math.min(start, value.length) || parsed.index === start);
        assert.ok(parsed.index <= Math.max(value.length, start));
      }),
      300,
    );
  });

  test('format → parse gives back the type (lower-cased) and the parameters, in order', () => {
    check(
      fc.property(
        token(8),
        token(8),
        fc.uniqueArray(fc.tuple(token(8), quotable3), { selector: ([n]) => n.toLowerCase(), maxLength: 5 }),
        (type, subtype, pairs) => {
          fc.pre(pairs.every(([n]) => n.toLowerCase() !== '__proto__'));
          const header = contentType3.format({ type: `${type}/${subtype}`, parameters: Object.fromEntries(pairs) });
          const parsed = contentType3.parse(header);
          assert.equal(parsed.type, `${type}/${subtype}`.toLowerCase());
          // in order (an integer-like name goes first in any object, as in the one written)
          const expected = Object.fromEntries(pairs.map(([n, v]) => [n.toLowerCase(), v]));
          assert.deepEqual(Object.entries(parsed.parameters), Object.entries(expected));
        },
      ),
      240,
    );
  });

  test('parse is linear', () => {
    assertLinear(
      'contentType3.parse: ";x" runs',
      (n) => `a/b${';x'.repeat(n / 2)}`,
      (s) => contentType3.parse(s),
    );
    assertLinear(
      'contentType3.parse: quotes',
      (n) => `a/b;x="${'\\"'.repeat(n / 3)}`,
      (s) => contentType3.parse(s),
    );
  });
});

describe('@brisk/negotiate: TypeIs (type-is 3)', () => {
  const matchers = [
    new TypeIs(['json', 'urlencoded', 'multipart', '+json', 'text/*', '*/html', 'text/plain; charset=utf-8']),
    new TypeIs(['*/*']),
  ];
  test('is of any string: a configured type or undefined, never a throw; the same as the parsed form', () => {
    check(
      fc.property(hostile([...CT_SPECIALS, '+json', 'text/', 'multipart/'], { maxParts: 16 }), (value) => {
        for (const matcher of matchers) {
          const result = matcher.is(value);
          assert.ok(result === undefined || typeof result === 'string');
          assert.equal(matcher.contentType(contentType3.parse(value)), result);
        }
      }),
      300,
    );
  });

  test('is is linear', () => {
    assertLinear(
      'TypeIs.is: many parameters',
      (n) => `text/plain${'; a=1'.repeat(n / 5)}`,
      (s) => matchers[0]!.is(s),
    );
    assertLinear(
      'TypeIs.is: a long subtype',
      (n) => `application/${'x'.repeat(n)}+json`,
      (s) => matchers[0]!.is(s),
    );
  });
});

// --- time -------------------------------------------------------------------------------------

describe('@brisk/negotiate: time grows linearly with hostile input', () => {
  const offered = ['text/html', 'application/json', 'image/png'];
  const acceptShapes: Array<[string, (n: number) => string, number?]> = [
    ['many elements', (n) => 'text/html;q=0.5,'.repeat(n / 16), 2048],
    ['many parameters', (n) => 'text/html' + ';a=b'.repeat(n / 4), 4096],
    // n = 1024: at the default 8192 the empty elements' array crosses a V8 cost step (a loaded run
    // on node 24 read 47; 8-12 at this size)
    [', runs', (n) => ','.repeat(n), 1024],
    ['unterminated quote', (n) => 'text/html;a="' + 'x,'.repeat(n / 2)],
    ['= runs', (n) => 'text/html;a' + '='.repeat(n)],
  ];
  // The Accept-* readers keep the last header read: each call gets another header (a distinct first element).
  for (const [label, build, n] of acceptShapes) {
    test(`Accept: ${label}`, () => {
      const turn = inTurn(
        (size: number, k: number) => `x/${k},${build(size)}`,
        (header: string) => {
          const negotiator = new Negotiator({ headers: { accept: header, 'accept-encoding': header } });
          negotiator.mediaTypes(offered);
          negotiator.encodings(['gzip']);
        },
      );
      assertLinear(label, turn.build, turn.run, n ? { n } : {});
    });
  }

  test('Content-Type parse, format and charsetOf', () => {
    const runParse = (value: string) => {
      try {
        contentType.parse(value);
      } catch {}
      charsetOf(value);
    };
    assertLinear('many parameters', (n) => 'text/plain' + '; a=b'.repeat(n / 6), runParse, { n: 4096 });
    assertLinear('quoted escapes', (n) => 'text/plain; a="' + '\\"'.repeat(n / 2) + '"', runParse);
    assertLinear('unterminated quote', (n) => 'text/plain; a="' + '\\x'.repeat(n / 2), runParse);
    assertLinear(
      'format a long value',
      (n) => ({ type: 'text/plain', parameters: { a: 'x "\\'.repeat(n / 4) } }),
      (obj) => contentType.format(obj),
      // one replace match in two characters: past V8's ~4,000-match step at both sizes
      { n: 16_384 },
    );
  });
});
