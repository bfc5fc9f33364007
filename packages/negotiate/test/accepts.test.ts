// accepts(req) (accepts 2.0.0): values as arguments or one array, extension names for types,
// the full list without arguments, the first value without an Accept header, false for none.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { accepts, Negotiator } from '../src/index.js';

type Row = [header: string | undefined, args: unknown[], expected: string | string[] | false];
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const label = (row: Row) => JSON.stringify(row.slice(0, 2)).replace(BROWSER, 'BROWSER');
type Method = (...args: unknown[]) => unknown;
const call = (name: string, header: string | undefined, method: string, args: unknown[]) =>
  (accepts({ headers: header === undefined ? {} : { [name]: header } }) as unknown as Record<string, Method>)[method](
    ...args,
  );

const TYPES: Row[] = [
  [undefined, [], ['*/*']],
  [undefined, ['json', 'html'], 'json'],
  [undefined, [['html', 'json']], 'html'],
  ['', ['json'], 'json'],
  [BROWSER, [], ['text/html', 'application/xhtml+xml', 'image/avif', 'image/webp', 'application/xml', '*/*']],
  [BROWSER, [[]], ['text/html', 'application/xhtml+xml', 'image/avif', 'image/webp', 'application/xml', '*/*']],
  [BROWSER, ['json', 'html'], 'html'],
  [BROWSER, [['json', 'html']], 'html'],
  [BROWSER, ['html'], 'html'],
  [BROWSER, ['text/html'], 'text/html'],
  [BROWSER, ['png'], 'png'],
  ['application/json', ['html', 'json'], 'json'],
  ['application/json', ['html'], false],
  ['application/json', ['application/json'], 'application/json'],
  ['application/json', ['json', 'application/json'], 'json'],
  ['application/json', ['application/json', 'json'], 'application/json'],
  ['text/*, application/json', ['html'], 'html'],
  ['text/*, application/json', ['text/html'], 'text/html'],
  ['text/*, application/json', ['json', 'text'], 'json'],
  ['text/*, application/json', ['image/png'], false],
  ['text/*, application/json', ['png'], false],
  ['text/*;q=.5, application/json', ['html', 'json'], 'json'],
  ['text/*;q=.5, application/json', [['html', 'json']], 'json'],
  ['*/*', ['foo', 'json'], 'json'],
  ['*/*', ['foo'], false],
  ['*/*', ['.json'], '.json'],
  ['*/*', ['JSON'], 'JSON'],
  ['*/*', ['file.html'], 'file.html'],
  ['application/json', ['', 'json'], ['application/json']],
  ['application/json', [undefined, 'json'], ['application/json']],
  ['application/json', [['html', 'json'], 'png'], 'json'],
  ['text/html', ['urlencoded', 'html'], 'html'],
];

const ENCODINGS: Row[] = [
  [undefined, [], ['identity']],
  [undefined, ['gzip'], false],
  [undefined, ['gzip', 'identity'], 'identity'],
  ['gzip, deflate', [], ['gzip', 'deflate', 'identity']],
  ['gzip, deflate', ['deflate', 'gzip'], 'gzip'],
  ['gzip, deflate', [['deflate', 'gzip']], 'gzip'],
  ['gzip, deflate', ['br'], false],
  ['gzip;q=0.2, deflate', ['gzip', 'deflate'], 'deflate'],
  ['*;q=0', ['gzip'], false],
  ['br, *;q=0.1', ['gzip', 'br'], 'br'],
];

const CHARSETS: Row[] = [
  [undefined, [], ['*']],
  [undefined, ['utf-8'], 'utf-8'],
  ['utf-8, iso-8859-1;q=0.2, utf-7;q=0.5', [], ['utf-8', 'utf-7', 'iso-8859-1']],
  ['utf-8, iso-8859-1;q=0.2, utf-7;q=0.5', ['utf-7', 'iso-8859-1'], 'utf-7'],
  ['utf-8, iso-8859-1;q=0.2, utf-7;q=0.5', [['utf-7', 'utf-8']], 'utf-8'],
  ['utf-8', ['latin1'], false],
];

const LANGUAGES: Row[] = [
  [undefined, [], ['*']],
  [undefined, ['en'], 'en'],
  ['en;q=0.8, es, pt', [], ['es', 'pt', 'en']],
  ['en;q=0.8, es, pt', ['en', 'pt'], 'pt'],
  ['en;q=0.8, es, pt', [['en', 'es']], 'es'],
  ['en-US', ['en'], 'en'],
  ['en', ['fr'], false],
  ['en', ['en-GB', 'fr'], 'en-GB'],
];

const groups: [title: string, header: string, methods: string[], rows: Row[]][] = [
  ['types / type (Accept)', 'accept', ['types', 'type'], TYPES],
  ['encodings / encoding (Accept-Encoding)', 'accept-encoding', ['encodings', 'encoding'], ENCODINGS],
  ['charsets / charset (Accept-Charset)', 'accept-charset', ['charsets', 'charset'], CHARSETS],
  [
    'languages / language / langs / lang (Accept-Language)',
    'accept-language',
    ['languages', 'language', 'langs', 'lang'],
    LANGUAGES,
  ],
];

for (const [title, header, methods, rows] of groups) {
  describe(`accepts(req).${title}`, () => {
    for (const row of rows) {
      test(label(row), () => {
        for (const method of methods) assert.deepEqual(call(header, row[0], method, row[1]), row[2], method);
      });
    }
  });
}

describe('accepts(req) object', () => {
  test('works with and without new; keeps the headers and a Negotiator', () => {
    const req = { headers: { accept: 'text/html' } };
    const a = accepts(req);
    const b = new accepts(req);
    assert.ok(a instanceof accepts);
    assert.ok(b instanceof accepts);
    assert.equal(a.headers, req.headers);
    assert.ok(a.negotiator instanceof Negotiator);
    assert.equal(a.negotiator.request, req);
  });

  test('aliases are the same methods', () => {
    const p = accepts.prototype;
    assert.equal(p.type, p.types);
    assert.equal(p.encoding, p.encodings);
    assert.equal(p.charset, p.charsets);
    assert.equal(p.language, p.languages);
    assert.equal(p.langs, p.languages);
    assert.equal(p.lang, p.languages);
  });

  test('an extension name is returned as given, not as its media type', () => {
    assert.equal(accepts({ headers: { accept: 'text/html' } }).type(['json', 'html']), 'html');
    assert.equal(accepts({ headers: { accept: 'application/json' } }).type('json', 'html'), 'json');
  });

  test('types that are not strings are skipped', () => {
    const a = accepts({ headers: { accept: 'application/json' } });
    assert.equal(a.types([5, 'json'] as unknown as string[]), 'json');
  });
});
