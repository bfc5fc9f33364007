import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '../../../test/support/http.js';
import { contentDisposition, type ContentDispositionOptions } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const { create, parse, format, encodeExtended, decodeExtended } = contentDisposition;

// Expected values are what content-disposition 1.1.0 (the call), 2.0.1 (create, encodeExtended,
// the same in 3.1.0) and 3.1.0 (parse, format, decodeExtended) return for the same arguments.

describe('contentDisposition(filename, options): content-disposition 1.1.0', () => {
  // [filename, options, expected]
  const cases: [string | undefined, ContentDispositionOptions | undefined, string][] = [
    [undefined, undefined, 'attachment'],
    [undefined, { type: 'inline' }, 'inline'],
    [undefined, { type: 'Form-Data' }, 'form-data'],
    ['plans.pdf', undefined, 'attachment; filename="plans.pdf"'],
    ['plans.pdf', { type: 'inline' }, 'inline; filename="plans.pdf"'],
    ['plans.pdf', { type: '' }, 'attachment; filename="plans.pdf"'],
    // base name only
    ['/path/to/plans.pdf', undefined, 'attachment; filename="plans.pdf"'],
    ['C:\\dir\\plans.pdf', undefined, 'attachment; filename="plans.pdf"'],
    ['dir/', undefined, 'attachment; filename="dir"'],
    ['a/b\\', undefined, 'attachment; filename="b"'],
    ['/', undefined, "attachment; filename*=UTF-8''"],
    ['', undefined, "attachment; filename*=UTF-8''"],
    // quoting
    ['the "quoted" name.txt', undefined, 'attachment; filename="the \\"quoted\\" name.txt"'],
    ["it's (1)*.txt", undefined, 'attachment; filename="it\'s (1)*.txt"'],
    // ISO-8859-1 names stay in filename
    ['r\u00e9sum\u00e9.pdf', undefined, 'attachment; filename="r\u00e9sum\u00e9.pdf"'],
    // others get filename* plus a fallback
    ['\u20ac rates.pdf', undefined, 'attachment; filename="? rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf'],
    [
      '\u65e5\u672c\u8a9e.txt',
      undefined,
      'attachment; filename="???.txt"; filename*=UTF-8\'\'%E6%97%A5%E6%9C%AC%E8%AA%9E.txt',
    ],
    ['\uD83D\uDE00.txt', undefined, 'attachment; filename="??.txt"; filename*=UTF-8\'\'%F0%9F%98%80.txt'],
    ['tab\there.txt', undefined, 'attachment; filename="tab?here.txt"; filename*=UTF-8\'\'tab%09here.txt'],
    ['\x85.txt', undefined, 'attachment; filename="?.txt"; filename*=UTF-8\'\'%C2%85.txt'],
    ['\u20ac "x".txt', undefined, 'attachment; filename="? \\"x\\".txt"; filename*=UTF-8\'\'%E2%82%AC%20%22x%22.txt'],
    // a name with %XX also goes to filename*, so that a decoding client cannot misread it
    ['%41.txt', undefined, 'attachment; filename="%41.txt"; filename*=UTF-8\'\'%2541.txt'],
    ['100%.txt', undefined, 'attachment; filename="100%.txt"'],
    ['%4.txt', undefined, 'attachment; filename="%4.txt"'],
    // fallback: false
    ['\u20ac rates.pdf', { fallback: false }, "attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf"],
    ['plans.pdf', { fallback: false }, 'attachment; filename="plans.pdf"'],
    // fallback: true
    [
      '\u20ac rates.pdf',
      { fallback: true },
      'attachment; filename="? rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
    ],
    // fallback: string (its base name)
    [
      '\u20ac rates.pdf',
      { fallback: 'EUR rates.pdf' },
      'attachment; filename="EUR rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
    ],
    [
      '\u20ac rates.pdf',
      { fallback: 'x/fb.txt' },
      'attachment; filename="fb.txt"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
    ],
    ['plans.pdf', { fallback: 'other.pdf' }, 'attachment; filename="other.pdf"; filename*=UTF-8\'\'plans.pdf'],
    ['plans.pdf', { fallback: 'plans.pdf' }, 'attachment; filename="plans.pdf"'],
    ["it's (1)*.txt", { fallback: 'x' }, 'attachment; filename="x"; filename*=UTF-8\'\'it%27s%20%281%29%2A.txt'],
    ['\u20ac', { fallback: '' }, 'attachment; filename=""; filename*=UTF-8\'\'%E2%82%AC'],
    ['\u20ac', { fallback: '\u00a3' }, 'attachment; filename="\u00a3"; filename*=UTF-8\'\'%E2%82%AC'],
  ];
  for (const [filename, options, expected] of cases) {
    test(`${JSON.stringify(filename)} ${JSON.stringify(options)} -> ${expected}`, () => {
      assert.equal(contentDisposition(filename, options), expected);
    });
  }

  test('filename must be a string', () => {
    for (const filename of [null, 42, {}, ['a']]) {
      assert.throws(() => contentDisposition(filename as never), {
        name: 'TypeError',
        message: 'filename must be a string',
      });
    }
  });

  test('fallback must be a string or boolean', () => {
    for (const fallback of [null, 42, {}]) {
      assert.throws(() => contentDisposition('a', { fallback: fallback as never }), {
        name: 'TypeError',
        message: 'fallback must be a string or boolean',
      });
    }
  });

  test('fallback must be ISO-8859-1 string (every time, whatever came before)', () => {
    for (const fallback of ['\u20ac', 'a\u20ac', '\u20ac', 'a\x7f', 'a\x00', '\x85', 'line\r\nX-Evil: 1']) {
      assert.throws(
        () => contentDisposition('\u20ac', { fallback }),
        {
          name: 'TypeError',
          message: 'fallback must be ISO-8859-1 string',
        },
        JSON.stringify(fallback),
      );
    }
  });

  test('invalid type', () => {
    for (const type of ['inline;', 'in line', 'x"', '\u00e9', 42, {}]) {
      assert.throws(() => contentDisposition('a', { type: type as never }), {
        name: 'TypeError',
        message: 'invalid type',
      });
      assert.throws(() => contentDisposition(undefined, { type: type as never }), {
        name: 'TypeError',
        message: 'invalid type',
      });
    }
  });

  test('filename errors come before type errors', () => {
    assert.throws(() => contentDisposition(42 as never, { type: 'x y' }), { message: 'filename must be a string' });
  });

  test('an unpaired surrogate throws URIError, as upstream', () => {
    assert.throws(() => contentDisposition('\uD800.txt'), { name: 'URIError' });
  });

  test('the header never carries control characters', () => {
    for (const name of ['a\r\nSet-Cookie: x=1', 'a\u0000b', 'a\x7f', '\u2028']) {
      const header = contentDisposition(name);
      assert.match(header, /^[\x20-\x7e\xa0-\xff]*$/, header);
    }
  });

  test('long inputs are handled in linear time', () => {
    assert.equal(contentDisposition('a/'.repeat(20_000) + 'x'), 'attachment; filename="x"');
    assert.equal(contentDisposition('/'.repeat(50_000)), "attachment; filename*=UTF-8''");
    assert.equal(contentDisposition('%'.repeat(50_000)).length, 'attachment; filename=""'.length + 50_000);
    // `%41` at the end sends the name to filename* too, where each `%` becomes `%25`
    assert.equal(
      contentDisposition('%4'.repeat(25_000) + '1').length,
      'attachment; filename=""; filename*=UTF-8\'\''.length + 50_001 + 100_001,
    );
    assert.equal(contentDisposition('"\\'.repeat(25_000)).length, 'attachment; filename=""'.length + 2);
    assert.equal(
      contentDisposition('\u20ac'.repeat(30_000)).length,
      'attachment; filename=""; filename*=UTF-8\'\''.length + 30_000 + 30_000 * 9,
    );
    // time(8n) / time(n) in CPU time, no bound on elapsed time; up to 10n characters out:
    // n = 2048 keeps the outputs under 200 kB
    const shapes: [string, (n: number) => string][] = [
      ['"a/" run', (n) => 'a/'.repeat(n / 2) + 'x'],
      ['"/" run', (n) => '/'.repeat(n)],
      ['"%" run', (n) => '%'.repeat(n)],
      ['"%4" run, then 1', (n) => '%4'.repeat(n / 2) + '1'],
      ['quotes and backslashes', (n) => '"\\'.repeat(n / 2)],
      ['non-Latin-1', (n) => '\u20ac'.repeat(n)],
    ];
    for (const [label, build] of shapes) {
      assertLinear(`contentDisposition: ${label}`, build, (name) => contentDisposition(name), { n: 2048 });
    }
  });
});

describe('contentDisposition.create(filename, options): content-disposition 2.0.1', () => {
  // [filename, options, expected]
  const cases: [string | undefined, ContentDispositionOptions | undefined, string][] = [
    [undefined, undefined, 'attachment'],
    ['plans.pdf', undefined, 'attachment; filename=plans.pdf'],
    ['plans.pdf', { type: 'inline' }, 'inline; filename=plans.pdf'],
    // the type as given
    ['plans.pdf', { type: 'INLINE' }, 'INLINE; filename=plans.pdf'],
    ['plans.pdf', { type: '' }, 'attachment; filename=plans.pdf'],
    // a token goes unquoted, other printable US-ASCII quoted
    ['a b.pdf', undefined, 'attachment; filename="a b.pdf"'],
    ['', undefined, 'attachment; filename=""'],
    ['the "quoted" name.txt', undefined, 'attachment; filename="the \\"quoted\\" name.txt"'],
    ["it's (1)*.txt", undefined, 'attachment; filename="it\'s (1)*.txt"'],
    ['100%.txt', undefined, 'attachment; filename=100%.txt'],
    ['%4.txt', undefined, 'attachment; filename=%4.txt'],
    // no base name is taken
    ['/path/to/plans.pdf', undefined, 'attachment; filename="/path/to/plans.pdf"'],
    ['C:\\dir\\plans.pdf', undefined, 'attachment; filename="C:\\\\dir\\\\plans.pdf"'],
    // anything else: a ? fallback and filename*
    ['r\u00e9sum\u00e9.pdf', undefined, 'attachment; filename="r?sum?.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf'],
    ['\u20ac rates.pdf', undefined, 'attachment; filename="? rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf'],
    [
      '\u65e5\u672c\u8a9e.txt',
      undefined,
      'attachment; filename="???.txt"; filename*=UTF-8\'\'%E6%97%A5%E6%9C%AC%E8%AA%9E.txt',
    ],
    ['\uD83D\uDE00.txt', undefined, 'attachment; filename="??.txt"; filename*=UTF-8\'\'%F0%9F%98%80.txt'],
    ['tab\there.txt', undefined, 'attachment; filename="tab?here.txt"; filename*=UTF-8\'\'tab%09here.txt'],
    ['\x7f', undefined, 'attachment; filename="?"; filename*=UTF-8\'\'%7F'],
    [
      'a\r\nSet-Cookie: x=1',
      undefined,
      'attachment; filename="a??Set-Cookie: x=1"; filename*=UTF-8\'\'a%0D%0ASet-Cookie%3A%20x%3D1',
    ],
    // a %XX sequence too, so that a decoding client cannot misread it
    ['%41.txt', undefined, "attachment; filename=%41.txt; filename*=UTF-8''%2541.txt"],
    // fallback
    ['\u20ac rates.pdf', { fallback: false }, "attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf"],
    ['%41.txt', { fallback: false }, "attachment; filename*=UTF-8''%2541.txt"],
    ['plans.pdf', { fallback: false }, 'attachment; filename=plans.pdf'],
    [
      '\u20ac rates.pdf',
      { fallback: 'EUR rates.pdf' },
      'attachment; filename="EUR rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
    ],
    [
      '\u20ac rates.pdf',
      { fallback: 'x/fb.txt' },
      'attachment; filename="x/fb.txt"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
    ],
    ['plans.pdf', { fallback: 'other.pdf' }, "attachment; filename=other.pdf; filename*=UTF-8''plans.pdf"],
    ['plans.pdf', { fallback: 'plans.pdf' }, 'attachment; filename=plans.pdf'],
    ['\u20ac', { fallback: '' }, 'attachment; filename=""; filename*=UTF-8\'\'%E2%82%AC'],
  ];
  for (const [filename, options, expected] of cases) {
    test(`${JSON.stringify(filename)} ${JSON.stringify(options)} -> ${expected}`, () => {
      assert.equal(create(filename, options), expected);
    });
  }

  // [filename, options, error]
  const errors: [string, ContentDispositionOptions | undefined, { name: string; message: string }][] = [
    ['\u20ac', { fallback: '\u00a3' }, { name: 'TypeError', message: 'Fallback must be valid US-ASCII: \u00a3' }],
    ['a', { fallback: 'a\x7f' }, { name: 'TypeError', message: 'Fallback must be valid US-ASCII: a\x7f' }],
    [
      'a',
      { fallback: 'line\r\nX-Evil: 1' },
      { name: 'TypeError', message: 'Fallback must be valid US-ASCII: line\r\nX-Evil: 1' },
    ],
    ['a', { type: 'in line' }, { name: 'TypeError', message: 'Invalid type: in line' }],
    ['a', { type: 'x"' }, { name: 'TypeError', message: 'Invalid type: x"' }],
    ['a', { type: '\u00e9' }, { name: 'TypeError', message: 'Invalid type: \u00e9' }],
    ['\ud800.txt', undefined, { name: 'URIError', message: 'URI malformed' }],
    // the parameters' errors come first
    ['\ud800.txt', { type: 'a b' }, { name: 'URIError', message: 'URI malformed' }],
    [
      'a',
      { fallback: '\u00e9', type: 'a b' },
      { name: 'TypeError', message: 'Fallback must be valid US-ASCII: \u00e9' },
    ],
  ];
  for (const [filename, options, error] of errors) {
    test(`${JSON.stringify(filename)} ${JSON.stringify(options)} throws ${error.message}`, () => {
      assert.throws(() => create(filename, options), error);
    });
  }

  test('the header is printable US-ASCII only', () => {
    for (const name of ['a\r\nSet-Cookie: x=1', 'a\u0000b', 'a\x7f', '\u2028', 'caf\u00e9', '"\\']) {
      assert.match(create(name), /^[\x20-\x7e]*$/, name);
    }
  });
});

/** Nothing is inherited: no `Object.prototype` in the chain, so no `constructor` or `__proto__` accessor. */
function assertPrototypeLess(object: object): void {
  for (let p = Object.getPrototypeOf(object); p !== null; p = Object.getPrototypeOf(p)) {
    assert.notEqual(p, Object.prototype);
    assert.deepEqual(Reflect.ownKeys(p), []);
  }
  assert.equal('toString' in object, false);
}

describe('contentDisposition.parse(header, options): content-disposition 3.1.0', () => {
  // [header, options, type, parameters]: nothing is rejected
  const cases: [string, { multipart?: boolean; extended?: boolean } | undefined, string, Record<string, string>][] = [
    ['attachment', undefined, 'attachment', {}],
    ['ATTACHMENT', undefined, 'attachment', {}],
    ['inline \t', undefined, 'inline', {}],
    ['  inline', undefined, 'inline', {}],
    ['', undefined, '', {}],
    ['"attachment"', undefined, '"attachment"', {}],
    ['attachment x; a=b', undefined, 'attachment x', { a: 'b' }],
    [';filename=x', undefined, '', { filename: 'x' }],
    ['form-data; name="field"', undefined, 'form-data', { name: 'field' }],
    ['attachment; filename="plans.pdf"', undefined, 'attachment', { filename: 'plans.pdf' }],
    ['attachment;filename=plans.pdf', undefined, 'attachment', { filename: 'plans.pdf' }],
    ['attachment ; filename = "a b.txt" ', undefined, 'attachment', { filename: 'a b.txt' }],
    ['attachment;\tfilename=x', undefined, 'attachment', { filename: 'x' }],
    ['attachment; filename="\\"quoted\\" \\\\ x"', undefined, 'attachment', { filename: '"quoted" \\ x' }],
    ['attachment; filename=""', undefined, 'attachment', { filename: '' }],
    ['attachment; FILENAME="A"', undefined, 'attachment', { filename: 'A' }],
    ['attachment; filename=x y', undefined, 'attachment', { filename: 'x y' }],
    ['attachment; filename=a,b', undefined, 'attachment', { filename: 'a,b' }],
    ['attachment; filename=\u65e5\u672c.pdf', undefined, 'attachment', { filename: '\u65e5\u672c.pdf' }],
    ['attachment; a="b;c"', undefined, 'attachment', { a: 'b;c' }],
    // what is not name=value is skipped; after a quoted-string, up to the next ; is ignored
    ['attachment;', undefined, 'attachment', {}],
    ['attachment; ; ; a=1', undefined, 'attachment', { a: '1' }],
    ['attachment; filename', undefined, 'attachment', {}],
    ['attachment; filename=', undefined, 'attachment', { filename: '' }],
    ['attachment; =x', undefined, 'attachment', { '': 'x' }],
    ['attachment; filename="x', undefined, 'attachment', {}],
    ['attachment; filename="x" y; a=b', undefined, 'attachment', { filename: 'x', a: 'b' }],
    // the first value of a name wins
    ['attachment; filename=x; filename=y', undefined, 'attachment', { filename: 'x' }],
    ['attachment; filename=x; FILENAME=y', undefined, 'attachment', { filename: 'x' }],
    // extended values: decoded into the plain name only (3.1; 2.0.1 also kept the name* as written)
    ["attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf", undefined, 'attachment', { filename: '\u20ac rates.pdf' }],
    ["attachment; filename*=utf-8'en'%E2%82%AC", undefined, 'attachment', { filename: '\u20ac' }],
    ["attachment; filename*=UTF8''x", undefined, 'attachment', { filename: 'x' }],
    ["attachment; filename*=UTF-8''", undefined, 'attachment', { filename: '' }],
    ["attachment; filename*=ISO-8859-1''%A3%20rates", undefined, 'attachment', { filename: '\u00a3 rates' }],
    // not decodable: kept as written only (3.0: an ISO-8859-1 value with a stray % does not decode)
    [
      "attachment; filename*=iso-8859-1''%E2%82%AC%zz",
      undefined,
      'attachment',
      { 'filename*': "iso-8859-1''%E2%82%AC%zz" },
    ],
    ["attachment; filename*=iso-8859-1''100%", undefined, 'attachment', { 'filename*': "iso-8859-1''100%" }],
    ["attachment; filename*=iso-8859-1''100%25", undefined, 'attachment', { filename: '100%' }],
    ["attachment; filename*=UTF-8''%E2%82", undefined, 'attachment', { 'filename*': "UTF-8''%E2%82" }],
    ["attachment; filename*=UTF-16''x", undefined, 'attachment', { 'filename*': "UTF-16''x" }],
    ['attachment; filename*=x', undefined, 'attachment', { 'filename*': 'x' }],
    ['attachment; filename*="UTF-8\'\'x"', undefined, 'attachment', { 'filename*': "UTF-8''x" }],
    // filename* wins over filename, in either order; the first filename* wins
    [
      'attachment; filename="EURO rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
      undefined,
      'attachment',
      { filename: '\u20ac rates.pdf' },
    ],
    [
      'attachment; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf; filename="EURO rates.pdf"',
      undefined,
      'attachment',
      { filename: '\u20ac rates.pdf' },
    ],
    // a name* that does not decode is kept, and the first value of a name wins even then
    [
      "attachment; filename*=UTF-16''x; filename*=UTF-8''y; filename=z",
      undefined,
      'attachment',
      { 'filename*': "UTF-16''x", filename: 'z' },
    ],
    ["attachment; filename*=UTF-8''x; filename*=UTF-8''y", undefined, 'attachment', { filename: 'x' }],
    ["attachment; *=UTF-8''x", undefined, 'attachment', { '': 'x' }],
    ['attachment; a*b*=1', undefined, 'attachment', { 'a*b*': '1' }],
    // extended: false
    [
      'attachment; filename="EURO rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
      { extended: false },
      'attachment',
      { filename: 'EURO rates.pdf', 'filename*': "UTF-8''%E2%82%AC%20rates.pdf" },
    ],
    // multipart: %22, %0D, %0A decoded; a backslash is a character
    ['form-data; name="a%22b%0D%0a"', undefined, 'form-data', { name: 'a%22b%0D%0a' }],
    ['form-data; name="a%22b%0D%0a"', { multipart: true }, 'form-data', { name: 'a"b\r\n' }],
    ['form-data; filename="C:\\\\x\\\\y.txt"', undefined, 'form-data', { filename: 'C:\\x\\y.txt' }],
    ['form-data; filename="C:\\\\x\\\\y.txt"', { multipart: true }, 'form-data', { filename: 'C:\\\\x\\\\y.txt' }],
    ['form-data; name="a%2"; b="%0"', { multipart: true }, 'form-data', { name: 'a%2', b: '%0' }],
    // names that are properties of Object.prototype
    ['attachment; constructor=x; tostring=y', undefined, 'attachment', { constructor: 'x', tostring: 'y' }],
  ];
  for (const [header, options, type, parameters] of cases) {
    test(`${JSON.stringify(header)} ${JSON.stringify(options)}`, () => {
      const parsed = parse(header, options);
      assert.equal(parsed.type, type);
      assert.deepEqual({ ...parsed.parameters }, parameters);
      assert.deepEqual(Object.keys(parsed.parameters), Object.keys(parameters), 'in order');
      assertPrototypeLess(parsed.parameters);
    });
  }

  test('__proto__ is never written (content-disposition 2 keeps it as a key)', () => {
    for (const header of ['attachment; __proto__=x; filename=a', "attachment; __proto__*=UTF-8''x; filename=a"]) {
      const parsed = parse(header);
      assertPrototypeLess(parsed.parameters);
      assert.equal(Object.hasOwn(parsed.parameters, '__proto__'), false);
      assert.equal(parsed.parameters.filename, 'a');
    }
  });

  test('a header that is not a string: TypeError', () => {
    for (const header of [undefined, null, 42, ['a']]) {
      assert.throws(() => parse(header as never), { name: 'TypeError', message: 'argument string is required' });
    }
  });

  test('round-trips what contentDisposition() and create() write', () => {
    for (const name of [
      'plans.pdf',
      '\u20ac rates.pdf',
      'the "quoted" name.txt',
      '%41.txt',
      "it's (1)*.txt",
      '\uD83D\uDE00',
      '',
    ]) {
      assert.equal(parse(contentDisposition(name)).parameters.filename, name);
      assert.equal(parse(contentDisposition(name, { fallback: false })).parameters.filename, name);
      assert.equal(parse(create(name)).parameters.filename, name);
      assert.equal(parse(create(name, { fallback: false })).parameters.filename, name);
    }
  });

  test('long adversarial headers are read in linear time', () => {
    const n = 20_000;
    const many = 'attachment' + Array.from({ length: n }, (_, i) => `; p${i}=v`).join('');
    assert.equal(Object.keys(parse(many).parameters).length, n);
    assert.deepEqual({ ...parse('attachment; filename="' + 'a'.repeat(50_000)).parameters }, {});
    assert.deepEqual({ ...parse('attachment' + '; a="'.repeat(10_000)).parameters }, { a: '; a=' });
    assert.deepEqual({ ...parse('attachment' + ';'.repeat(50_000)).parameters }, {});
    assert.deepEqual({ ...parse('attachment; a' + ' '.repeat(50_000) + '= b').parameters }, { a: 'b' });
    assert.equal(parse('attachment; a=b' + ' '.repeat(50_000) + 'c').parameters.a, 'b' + ' '.repeat(50_000) + 'c');
    assert.equal(parse('attachment' + '; a=b'.repeat(10_000)).parameters.a, 'b');
    assert.equal(
      parse("attachment; filename*=UTF-8''" + '%C3%A9'.repeat(10_000)).parameters.filename,
      '\u00e9'.repeat(10_000),
    );
    assert.equal(parse("attachment; filename*=UTF-8''" + '%C3'.repeat(10_000)).parameters.filename, undefined);
    assert.equal(
      parse('attachment; filename="' + '\\\\'.repeat(25_000) + '"').parameters.filename,
      '\\'.repeat(25_000),
    );
    assert.equal(
      parse('form-data; name="' + '%22'.repeat(20_000) + '"', { multipart: true }).parameters.name,
      '"'.repeat(20_000),
    );
    // many quoted values, and the one backslash or % at the very end
    const quoted = Array.from({ length: 20_000 }, (_, i) => `; p${i}="v"`).join('');
    assert.equal(parse('attachment' + quoted + '; z="\\\\"').parameters.z, '\\');
    assert.equal(parse('form-data' + quoted + '; z="%22"', { multipart: true }).parameters.z, '"');
    // time(8n) / time(n) in CPU time, no bound on elapsed time
    const params = (n: number, quote = '') => Array.from({ length: n }, (_, i) => `; p${i}=${quote}v${quote}`).join('');
    const shapes: [string, (n: number) => string, number?][] = [
      // n parameters: n = 256 keeps the result under 2,048 keys
      ['many parameters', (n) => 'attachment' + params(n), 256],
      ['unterminated quoted filename', (n) => 'attachment; filename="' + 'a'.repeat(n)],
      ['"; a=" run', (n) => 'attachment' + '; a="'.repeat(n / 5)],
      ['";" run', (n) => 'attachment' + ';'.repeat(n)],
      ['spaces before "="', (n) => 'attachment; a' + ' '.repeat(n) + '= b'],
      ['spaces inside a value', (n) => 'attachment; a=b' + ' '.repeat(n) + 'c'],
      ['repeated parameter', (n) => 'attachment' + '; a=b'.repeat(n / 5)],
      ['percent-encoded filename*', (n) => "attachment; filename*=UTF-8''" + '%C3%A9'.repeat(n / 6)],
      ['invalid UTF-8 in filename*', (n) => "attachment; filename*=UTF-8''" + '%C3'.repeat(n / 3)],
      ['escaped backslashes', (n) => 'attachment; filename="' + '\\\\'.repeat(n / 2) + '"'],
      ['many quoted values, then one escape', (n) => 'attachment' + params(n, '"') + '; z="\\\\"', 256],
    ];
    for (const [label, build, n] of shapes) assertLinear(`parse: ${label}`, build, (header) => parse(header), { n });
    assertLinear(
      'parse: "%22" run in a multipart name',
      (n) => 'form-data; name="' + '%22'.repeat(n / 3) + '"',
      (header) => parse(header, { multipart: true }),
    );
  });
});

describe('contentDisposition.format(obj, options): content-disposition 3.1.0', () => {
  test('writes each parameter as a token, a quoted-string or an ext-value, in order', () => {
    assert.equal(format({ type: 'attachment', parameters: { filename: 'a b.txt' } }), 'attachment; filename="a b.txt"');
    assert.equal(format({ type: 'form-data', parameters: { name: '\u20ac' } }), "form-data; name*=UTF-8''%E2%82%AC");
    assert.equal(
      format({ type: 'Inline', parameters: { a: 'x', b: '', c: 'caf\u00e9', d: 5 as unknown as string } }),
      'Inline; a=x; b=""; c="caf\u00e9"; d=5',
    );
    assert.equal(format({ type: 'x', parameters: { 'filename*': "UTF-8''x" } }), "x; filename*=UTF-8''x");
    // an ISO-8859-1 value of a name* is still quoted as it is
    assert.equal(format({ type: 'x', parameters: { 'filename*': 'caf\u00e9' } }), 'x; filename*="caf\u00e9"');
    // what format writes, parse reads back (3.1: the extended value under the plain name)
    assert.deepEqual(
      { ...parse(format({ type: 'attachment', parameters: { filename: '\u20ac rates.pdf', a: 'b c' } })).parameters },
      { filename: '\u20ac rates.pdf', a: 'b c' },
    );
    assert.equal(format({ type: 'attachment' }), 'attachment');
    assert.equal(
      format({ type: 'form-data', parameters: { name: 'a"b\r\n\u20ac' } }, { multipart: true }),
      'form-data; name="a%22b%0D%0A\u20ac"',
    );
  });

  test('throws for what it cannot write', () => {
    const errors: [Parameters<typeof format>[0], Parameters<typeof format>[1], string][] = [
      [{ type: 'form-data', parameters: { name: '\u20ac' } }, { extended: false }, 'Invalid parameter value: \u20ac'],
      [{ type: 'a b' }, undefined, 'Invalid type: a b'],
      [{}, undefined, 'Invalid type: undefined'],
      [{ type: 'x', parameters: { 'a b': '1' } }, undefined, 'Invalid parameter name: a b'],
      [{ type: 'x', parameters: { '': '1' } }, undefined, 'Invalid parameter name: '],
      // 3.0: a name that is already extended is not extended again (2.0.1 wrote `filename**=`)
      [{ type: 'x', parameters: { 'filename*': '\u20ac' } }, undefined, 'Invalid extended parameter value: \u20ac'],
      [{ type: 'x', parameters: { 'filename*': '\u20ac' } }, { extended: false }, 'Invalid parameter value: \u20ac'],
    ];
    for (const [obj, options, message] of errors) {
      assert.throws(() => format(obj, options), { name: 'TypeError', message });
    }
  });
});

describe('contentDisposition.encodeExtended / decodeExtended: content-disposition 3.1.0', () => {
  test('encodeExtended', () => {
    assert.equal(encodeExtended('\u20ac rates.pdf'), "UTF-8''%E2%82%AC%20rates.pdf");
    assert.equal(encodeExtended("it's (1)*.txt"), "UTF-8''it%27s%20%281%29%2A.txt");
    assert.equal(encodeExtended(''), "UTF-8''");
    assert.throws(() => encodeExtended('\ud800'), { name: 'URIError' });
  });

  test('decodeExtended: the value, or undefined', () => {
    const cases: [string, string | undefined][] = [
      ["UTF-8''%E2%82%AC", '\u20ac'],
      ["utf-8'en'%E2%82%AC", '\u20ac'],
      ["UTF-8''a b", 'a b'],
      ["ISO-8859-1''%A3%20x", '\u00a3 x'],
      // 3.0: an ISO-8859-1 value with a % that starts no escape does not decode (2.0.1 kept the %)
      ["ISO-8859-1''%A3%zz%4", undefined],
      ["ISO-8859-1''%4", undefined],
      ["ISO-8859-1''50%", undefined],
      ["UTF-8''%E2%82", undefined],
      ["UTF-16''x", undefined],
      ['x', undefined],
      ["''x", undefined],
      ["UTF-8'", undefined],
    ];
    for (const [value, expected] of cases) assert.equal(decodeExtended(value), expected, value);
  });
});

describe('contentDisposition over HTTP', () => {
  test('a client reads the header back (create)', async () => {
    const server = await serve((_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('Content-Disposition', create('\u20ac rates "2024".pdf'));
      res.end('%PDF');
    });
    try {
      const header = (await server.get('/')).headers['content-disposition'];
      assert.equal(
        header,
        'attachment; filename="? rates \\"2024\\".pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates%20%222024%22.pdf',
      );
      assert.equal(parse(header as string).parameters.filename, '\u20ac rates "2024".pdf');
    } finally {
      await server.close();
    }
  });

  test('a client reads the header back (the call)', async () => {
    const server = await serve((_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('Content-Disposition', contentDisposition('/reports/\u20ac rates "2024".pdf'));
      res.end('%PDF');
    });
    try {
      const header = (await server.get('/')).headers['content-disposition'];
      assert.equal(
        header,
        'attachment; filename="? rates \\"2024\\".pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates%20%222024%22.pdf',
      );
      const parsed = parse(header as string);
      assert.equal(parsed.type, 'attachment');
      assert.equal(parsed.parameters.filename, '\u20ac rates "2024".pdf');
    } finally {
      await server.close();
    }
  });
});
