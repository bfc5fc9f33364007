// Negotiator (negotiator 1.1.0): q-values, specificity, header order, missing headers, identity,
// the `preferred` option. Expected values are literal (checked once against negotiator 1.1.0).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Negotiator, type EncodingsOptions } from '../src/index.js';

type Available = string[] | undefined;
type Row<R> = [header: string | undefined, available: Available, expected: R];
type EncodingRow<R> =
  | [header: string | undefined, available: Available, options: EncodingsOptions, expected: R]
  | Row<R>;

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const negotiator = (name: string, header: string | undefined) =>
  new Negotiator({ headers: header === undefined ? {} : { [name]: header } });
const label = (row: unknown[]) => JSON.stringify(row.slice(0, -1)).replace(BROWSER, 'BROWSER');

const MEDIA_TYPES: Row<string[]>[] = [
  [undefined, undefined, ['*/*']],
  [undefined, ['text/html', 'application/json'], ['text/html', 'application/json']],
  ['', undefined, []],
  ['', ['text/html'], []],
  ['*/*', ['text/html', 'application/json'], ['text/html', 'application/json']],
  [BROWSER, undefined, ['text/html', 'application/xhtml+xml', 'image/avif', 'image/webp', 'application/xml', '*/*']],
  [BROWSER, ['application/json', 'text/html'], ['text/html', 'application/json']],
  [BROWSER, ['image/png', 'application/xml'], ['application/xml', 'image/png']],
  ['text/html;q=0.5, application/json', ['text/html', 'application/json'], ['application/json', 'text/html']],
  ['text/*, text/html;q=0.5', ['text/plain', 'text/html'], ['text/plain', 'text/html']],
  ['text/html, text/plain', ['text/plain', 'text/html'], ['text/html', 'text/plain']],
  ['text/html;q=0.8, text/plain;q=0.8', ['text/plain', 'text/html'], ['text/html', 'text/plain']],
  ['text/*;q=0, */*', ['text/html', 'image/png'], ['image/png']],
  ['application/json;q=0', ['application/json'], []],
  ['TEXT/HTML', ['text/html'], ['text/html']],
  ['text/html', ['TEXT/HTML'], ['TEXT/HTML']],
  ['TEXT/html, Application/JSON;q=0.5', undefined, ['TEXT/html', 'Application/JSON']],
  [
    'text/html;level=1, text/html;q=0.5',
    ['text/html', 'text/html;level=1', 'text/html;level=2'],
    ['text/html;level=1', 'text/html', 'text/html;level=2'],
  ],
  ['text/html;charset=UTF-8', ['text/html;charset=utf-8', 'text/html'], ['text/html;charset=utf-8']],
  ['text/html;level=*', ['text/html;level=3'], ['text/html;level=3']],
  ['text/html;q=0.5;level=1', ['text/html;level=1', 'text/html'], ['text/html;level=1']],
  ['*', undefined, []],
  ['text', ['text'], []],
  ['text/html;a="x,y",image/png', undefined, ['text/html', 'image/png']],
  [', ,text/html,', undefined, ['text/html']],
  ['text/html;q=abc, text/plain', ['text/html', 'text/plain'], ['text/plain']],
  ['text/html;q=, text/plain;q=0.5', undefined, ['text/html', 'text/plain']],
  ['text/html;Q=0.1, text/plain', undefined, ['text/plain', 'text/html']],
  ['text/plain;q=0.5 , text/html ; q = 0.9', undefined, ['text/html', 'text/plain']],
  ['text/html;q=0.5;q=0.9', undefined, ['text/html']],
  ['application/*+json', ['application/vnd.api+json'], []],
  [
    '*/*;q=0.1, application/json',
    ['text/html', 'application/json', 'image/png'],
    ['application/json', 'text/html', 'image/png'],
  ],
  ['text/html', ['foo', 'text/html'], ['text/html']],
];

const MEDIA_TYPE: Row<string | undefined>[] = [
  [BROWSER, ['application/json', 'text/html'], 'text/html'],
  ['application/json', ['text/html'], undefined],
  [undefined, undefined, '*/*'],
  ['', undefined, undefined],
  ['text/html;q=0.1,application/json', undefined, 'application/json'],
];

const CHARSETS: Row<string[]>[] = [
  [undefined, undefined, ['*']],
  [undefined, ['utf-8', 'iso-8859-1'], ['utf-8', 'iso-8859-1']],
  ['', undefined, []],
  ['', ['utf-8'], []],
  ['*', ['utf-8'], ['utf-8']],
  ['utf-8, iso-8859-1;q=0.2, utf-7;q=0.5', undefined, ['utf-8', 'utf-7', 'iso-8859-1']],
  ['utf-8, iso-8859-1;q=0.2, utf-7;q=0.5', ['iso-8859-1', 'utf-7', 'utf-8'], ['utf-8', 'utf-7', 'iso-8859-1']],
  ['UTF-8', ['utf-8'], ['utf-8']],
  ['utf-8', ['UTF-8'], ['UTF-8']],
  ['*, utf-8;q=0', ['utf-8', 'iso-8859-1'], ['iso-8859-1']],
  ['*;q=0.5, utf-8', ['iso-8859-1', 'utf-8'], ['utf-8', 'iso-8859-1']],
  ['utf-8;q=0', ['utf-8'], []],
  ['iso-8859-1, utf-8', ['utf-8', 'iso-8859-1'], ['iso-8859-1', 'utf-8']],
  ['utf-8;q=0.9, iso-8859-1;q=0.9', ['utf-8', 'iso-8859-1'], ['utf-8', 'iso-8859-1']],
];

const CHARSET: Row<string | undefined>[] = [
  ['utf-8, iso-8859-1;q=0.2', undefined, 'utf-8'],
  ['utf-8', ['iso-8859-1'], undefined],
  [undefined, ['iso-8859-1', 'utf-8'], 'iso-8859-1'],
];

const ENCODINGS: EncodingRow<string[]>[] = [
  [undefined, undefined, ['identity']],
  [undefined, ['gzip', 'identity'], ['identity']],
  ['', undefined, ['identity']],
  ['', ['gzip'], []],
  ['', ['gzip', 'identity'], ['identity']],
  ['gzip, deflate, br', undefined, ['gzip', 'deflate', 'br', 'identity']],
  ['gzip, deflate, br', ['br', 'gzip', 'identity'], ['gzip', 'br', 'identity']],
  ['gzip;q=0.5', undefined, ['gzip', 'identity']],
  ['gzip;q=0.5, br;q=0.8', ['identity', 'gzip', 'br'], ['br', 'gzip', 'identity']],
  ['identity;q=0', ['identity'], []],
  ['gzip, identity;q=0', ['identity', 'gzip'], ['gzip']],
  ['*;q=0', ['identity'], []],
  ['*;q=0, gzip', ['identity', 'gzip'], ['gzip']],
  ['*', ['gzip', 'identity'], ['gzip', 'identity']],
  ['*', undefined, ['*']],
  ['GZIP', ['gzip'], ['gzip']],
  ['gzip', ['GZIP'], ['GZIP']],
  ['gzip, br', ['gzip', 'br'], { preferred: ['br', 'gzip'] }, ['br', 'gzip']],
  ['gzip, br;q=0.9', ['gzip', 'br'], { preferred: ['br'] }, ['gzip', 'br']],
  ['gzip, deflate, br', undefined, { preferred: ['br'] }, ['br', 'gzip', 'deflate', 'identity']],
  ['gzip, deflate, br', ['deflate', 'gzip', 'br'], { preferred: ['br', 'gzip'] }, ['br', 'gzip', 'deflate']],
  ['*', ['gzip', 'br', 'identity'], { preferred: ['br'] }, ['br', 'gzip', 'identity']],
];

const ENCODING: EncodingRow<string | undefined>[] = [
  ['gzip, br', undefined, 'gzip'],
  ['gzip, br', ['br', 'gzip'], 'gzip'],
  ['gzip, br', ['gzip', 'br'], { preferred: ['br'] }, 'br'],
  ['deflate', ['gzip'], undefined],
  [undefined, ['gzip'], undefined],
  [undefined, ['gzip', 'identity'], 'identity'],
];

const LANGUAGES: Row<string[]>[] = [
  [undefined, undefined, ['*']],
  [undefined, ['en', 'fr'], ['en', 'fr']],
  ['', undefined, []],
  ['', ['en'], []],
  ['*', ['en'], ['en']],
  ['en-US,en;q=0.9,fr;q=0.8', undefined, ['en-US', 'en', 'fr']],
  ['en-US,en;q=0.9,fr;q=0.8', ['fr', 'en', 'en-US', 'de'], ['en-US', 'en', 'fr']],
  ['en', ['en-US', 'en-GB'], ['en-US', 'en-GB']],
  ['en-US', ['en', 'en-US'], ['en-US', 'en']],
  ['en-US', ['en'], ['en']],
  ['en;q=0.5, en-US', ['en', 'en-US'], ['en-US', 'en']],
  ['EN-us', ['en-US'], ['en-US']],
  ['en-us', ['EN-US'], ['EN-US']],
  ['fr, *;q=0.1', ['de', 'fr'], ['fr', 'de']],
  ['*, fr;q=0', ['fr', 'de'], ['de']],
  ['en;q=0', ['en', 'en-US'], []],
  ['zh-Hant-TW, zh;q=0.5', ['zh', 'zh-Hant', 'zh-Hant-TW'], ['zh-Hant-TW', 'zh', 'zh-Hant']],
  ['en, fr', ['fr', 'en'], ['en', 'fr']],
  ['en;q=0.8, fr;q=0.8', ['fr', 'en'], ['en', 'fr']],
];

const LANGUAGE: Row<string | undefined>[] = [
  ['en-US,en;q=0.9', undefined, 'en-US'],
  ['fr', ['en'], undefined],
  [undefined, ['de', 'en'], 'de'],
];

describe('Negotiator#mediaTypes / #mediaType (Accept)', () => {
  for (const row of MEDIA_TYPES) {
    test(`mediaTypes ${label(row)}`, () => {
      const [header, available, expected] = row;
      assert.deepEqual(negotiator('accept', header).mediaTypes(available), expected);
    });
  }
  for (const row of MEDIA_TYPE) {
    test(`mediaType ${label(row)}`, () => {
      const [header, available, expected] = row;
      assert.equal(negotiator('accept', header).mediaType(available), expected);
    });
  }
});

describe('Negotiator#charsets / #charset (Accept-Charset)', () => {
  for (const row of CHARSETS) {
    test(`charsets ${label(row)}`, () => {
      const [header, available, expected] = row;
      assert.deepEqual(negotiator('accept-charset', header).charsets(available), expected);
    });
  }
  for (const row of CHARSET) {
    test(`charset ${label(row)}`, () => {
      const [header, available, expected] = row;
      assert.equal(negotiator('accept-charset', header).charset(available), expected);
    });
  }
});

describe('Negotiator#encodings / #encoding (Accept-Encoding)', () => {
  for (const row of ENCODINGS) {
    test(`encodings ${label(row)}`, () => {
      const [header, available, options, expected] = row.length === 4 ? row : [row[0], row[1], undefined, row[2]];
      assert.deepEqual(negotiator('accept-encoding', header).encodings(available, options), expected);
    });
  }
  for (const row of ENCODING) {
    test(`encoding ${label(row)}`, () => {
      const [header, available, options, expected] = row.length === 4 ? row : [row[0], row[1], undefined, row[2]];
      assert.equal(negotiator('accept-encoding', header).encoding(available, options), expected);
    });
  }
});

describe('Negotiator#languages / #language (Accept-Language)', () => {
  for (const row of LANGUAGES) {
    test(`languages ${label(row)}`, () => {
      const [header, available, expected] = row;
      assert.deepEqual(negotiator('accept-language', header).languages(available), expected);
    });
  }
  for (const row of LANGUAGE) {
    test(`language ${label(row)}`, () => {
      const [header, available, expected] = row;
      assert.equal(negotiator('accept-language', header).language(available), expected);
    });
  }
});

describe('Accept-* parsing details (as negotiator 1.1.0)', () => {
  const rows: [header: string, available: Available, expected: string[], why: string][] = [
    [
      'text/html;a="x,y",image/png',
      undefined,
      ['text/html', 'image/png'],
      'a comma inside a quoted-string does not split',
    ],
    ['text/html;a="x\\"y,z", */*;q=0.1', undefined, ['text/html', '*/*'], 'a backslash escapes a quote'],
    [
      'text/html;a="unterminated, text/plain',
      undefined,
      ['text/html'],
      'an unterminated quoted-string ends the header',
    ],
    [
      'text/html;q="0.5"x, text/plain',
      undefined,
      ['text/plain', 'text/html'],
      'a quoted q-value; text after the closing quote is ignored',
    ],
    [
      'text/html;q=Infinity, application/json;q=Infinity',
      undefined,
      ['text/html', 'application/json'],
      'equal q-values keep header order',
    ],
    ['a/b;foo;q=0.5, c/d', undefined, ['c/d', 'a/b'], 'a parameter without "=" is skipped'],
    ['a/b;foo, c/d;q=0.5', undefined, ['a/b', 'c/d'], 'a "," ends a parameter without "="'],
    ['text/caf\u00e9;q=0.5, a/b', undefined, ['a/b', 'text/caf\u00e9'], 'non-ASCII values are kept as written'],
    ['a/b;a=1;A=2', ['a/b;a=2', 'a/b;a=1'], ['a/b;a=1'], 'a repeated parameter keeps its first value'],
    [
      'text/html;__proto__=x',
      ['text/html', 'text/html;__proto__=x'],
      ['text/html;__proto__=x'],
      '__proto__ is an ordinary parameter name',
    ],
    [
      'text/\u0130tml, text/html',
      undefined,
      ['text/\u0130tml,', 'text/html'],
      'a value is cut at the length of its lower-cased form (U+0130)',
    ],
    ['\u0130/x;q=0.5, a/b', undefined, ['a/b', '\u0130/x;'], 'idem, with a q-value'],
  ];
  for (const [header, available, expected, why] of rows) {
    test(why, () => assert.deepEqual(negotiator('accept', header).mediaTypes(available), expected));
  }

  test('a header that is not a string reads as empty', () => {
    const req = {
      headers: { accept: 5, 'accept-language': 5, 'accept-charset': 5, 'accept-encoding': 5 },
    } as unknown as { headers: {} };
    const n = new Negotiator(req);
    assert.deepEqual([n.mediaTypes(), n.languages(), n.charsets(), n.encodings()], [[], [], [], ['identity']]);
    // negotiator 1.1.0 throws an internal TypeError for an array; brisk reads it as empty too
    const arrays = new Negotiator({ headers: { accept: ['a/b'], 'accept-language': ['en'] } });
    assert.deepEqual([arrays.mediaTypes(), arrays.languages()], [[], []]);
  });

  test('available values that are not strings never match', () => {
    const n = negotiator('accept', '*/*');
    assert.deepEqual(n.mediaTypes([5, 'text/html'] as unknown as string[]), ['text/html']);
    assert.deepEqual(new Negotiator({ headers: {} }).languages([null, 'en'] as unknown as string[]), ['en']);
    assert.deepEqual(new Negotiator({ headers: {} }).charsets([null, 'utf-8'] as unknown as string[]), ['utf-8']);
    assert.deepEqual(new Negotiator({ headers: {} }).encodings([5, 'identity'] as unknown as string[]), ['identity']);
  });

  test('a header seen again or alternating gives the same results (parse cache)', () => {
    const a = negotiator('accept', 'text/html, application/json;q=0.5');
    const b = negotiator('accept', 'application/json, text/html;q=0.5');
    for (let i = 0; i < 3; i++) {
      assert.equal(a.mediaType(['application/json', 'text/html']), 'text/html');
      assert.equal(b.mediaType(['application/json', 'text/html']), 'application/json');
    }
  });

  test('returned lists are fresh arrays', () => {
    const n = negotiator('accept-encoding', 'gzip, br');
    const list = n.encodings();
    list.push('x');
    assert.deepEqual(n.encodings(), ['gzip', 'br', 'identity']);
  });

  test('a language offer is read up to ";" and trimmed', () => {
    assert.deepEqual(negotiator('accept-language', 'en').languages([' EN ;q=1', '', 'fr']), [' EN ;q=1']);
  });
});

describe('Negotiator class', () => {
  test('works with and without new; instanceof; keeps the request', () => {
    const req = { headers: { accept: 'text/html' } };
    const a = new Negotiator(req);
    const b = Negotiator(req);
    assert.ok(a instanceof Negotiator);
    assert.ok(b instanceof Negotiator);
    assert.equal(a.request, req);
    assert.equal(b.request, req);
    assert.equal(Object.getPrototypeOf(a), Negotiator.prototype);
    assert.equal(Negotiator.prototype.constructor, Negotiator);
    assert.equal(Negotiator.Negotiator, Negotiator);
  });

  test('reads the headers on each call', () => {
    const req: { headers: Record<string, string> } = { headers: { accept: 'text/html' } };
    const n = new Negotiator(req);
    assert.equal(n.mediaType(), 'text/html');
    req.headers.accept = 'application/json';
    assert.equal(n.mediaType(), 'application/json');
  });

  test('negotiator 0.x aliases (preferred*) are the same methods', () => {
    const p = Negotiator.prototype;
    assert.equal(p.preferredCharset, p.charset);
    assert.equal(p.preferredCharsets, p.charsets);
    assert.equal(p.preferredEncoding, p.encoding);
    assert.equal(p.preferredEncodings, p.encodings);
    assert.equal(p.preferredLanguage, p.language);
    assert.equal(p.preferredLanguages, p.languages);
    assert.equal(p.preferredMediaType, p.mediaType);
    assert.equal(p.preferredMediaTypes, p.mediaTypes);
    const n = new Negotiator({ headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(n.preferredEncoding(['gzip', 'br'], { preferred: ['br'] }), 'br');
  });
});
