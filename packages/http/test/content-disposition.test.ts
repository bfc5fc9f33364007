import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '../../../test/support/http.js';
import { contentDisposition, type ContentDispositionOptions } from '../src/index.js';

const { parse } = contentDisposition;

describe('contentDisposition(filename, options)', () => {
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
    const t0 = performance.now();
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
    assert.ok(performance.now() - t0 < 2000);
  });
});

describe('contentDisposition.parse(header)', () => {
  // [header, type, parameters]
  const cases: [string, string, Record<string, string>][] = [
    ['attachment', 'attachment', {}],
    ['ATTACHMENT', 'attachment', {}],
    ['inline', 'inline', {}],
    ['inline \t', 'inline', {}],
    ['form-data; name="field"', 'form-data', { name: 'field' }],
    ['attachment; filename="plans.pdf"', 'attachment', { filename: 'plans.pdf' }],
    ['attachment;filename=plans.pdf', 'attachment', { filename: 'plans.pdf' }],
    ['attachment ; filename = "a b.txt" ', 'attachment', { filename: 'a b.txt' }],
    ['attachment;\tfilename=x', 'attachment', { filename: 'x' }],
    ['attachment; filename="\\"quoted\\" \\\\ x"', 'attachment', { filename: '"quoted" \\ x' }],
    ['attachment; filename="\\a\\b"', 'attachment', { filename: 'ab' }],
    ['attachment; filename=""', 'attachment', { filename: '' }],
    ['attachment; FILENAME="A"', 'attachment', { filename: 'A' }],
    ['attachment; filename="caf\u00e9"', 'attachment', { filename: 'caf\u00e9' }],
    [
      'attachment; creation-date="Wed, 12 Feb 1997 16:29:51 -0500"; size=42',
      'attachment',
      { 'creation-date': 'Wed, 12 Feb 1997 16:29:51 -0500', size: '42' },
    ],
    // extended values
    ["attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf", 'attachment', { filename: '\u20ac rates.pdf' }],
    ["attachment; filename*=utf-8'en'%E2%82%AC", 'attachment', { filename: '\u20ac' }],
    ["attachment; filename*=UTF8''x", 'attachment', { filename: 'x' }],
    ["attachment; filename*=UTF-8'abcdefgh'x", 'attachment', { filename: 'x' }],
    ["attachment; filename*=UTF-8'abc-def-ghi-jkl'x", 'attachment', { filename: 'x' }],
    ["attachment; filename*=UTF-8''!#$&+-.^_`|~", 'attachment', { filename: '!#$&+-.^_`|~' }],
    ["attachment; filename*=ISO-8859-1''%A3%20rates", 'attachment', { filename: '\u00a3 rates' }],
    ["attachment; filename*=iso-8859-1''%E2%82%AC", 'attachment', { filename: '\u00e2?\u00ac' }],
    ["attachment; filename*=ISO-8859-1''plain.txt", 'attachment', { filename: 'plain.txt' }],
    // invalid UTF-8 decodes leniently to U+FFFD
    ["attachment; filename*=UTF-8''%E2%82; x=y", 'attachment', { filename: '\ufffd', x: 'y' }],
    ["attachment; filename*=UTF-8''%C3%28", 'attachment', { filename: '\ufffd(' }],
    ["attachment; filename*=UTF-8''%ff%fe", 'attachment', { filename: '\ufffd\ufffd' }],
    // filename* wins over filename, in either order
    [
      'attachment; filename="EURO rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
      'attachment',
      { filename: '\u20ac rates.pdf' },
    ],
    [
      'attachment; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf; filename="EURO rates.pdf"',
      'attachment',
      { filename: '\u20ac rates.pdf' },
    ],
    // only a single trailing * marks an extended parameter
    ["attachment; *=UTF-8''x", 'attachment', { '': 'x' }],
    ['attachment; a*b*=1', 'attachment', { 'a*b*': '1' }],
    // names that are properties of Object.prototype
    ['attachment; constructor=x; tostring=y', 'attachment', { constructor: 'x', tostring: 'y' }],
  ];
  for (const [header, type, parameters] of cases) {
    test(JSON.stringify(header), () => {
      const parsed = parse(header);
      assert.equal(parsed.type, type);
      assert.deepEqual(parsed.parameters, parameters);
      assert.equal(parsed.constructor.name, 'ContentDisposition');
    });
  }

  test('__proto__ is never written', () => {
    const parsed = parse('attachment; __proto__=x; filename=a');
    assert.deepEqual(parsed.parameters, { filename: 'a' });
    assert.equal(Object.getPrototypeOf(parsed.parameters), Object.prototype);
    assert.equal(Object.hasOwn(parsed.parameters, '__proto__'), false);
    const ext = parse("attachment; __proto__*=UTF-8''x");
    assert.equal(Object.getPrototypeOf(ext.parameters), Object.prototype);
    assert.equal(Object.hasOwn(ext.parameters, '__proto__'), false);
  });

  const errors: [unknown, string][] = [
    ['', 'argument string is required'],
    [undefined, 'argument string is required'],
    [null, 'argument string is required'],
    [42, 'argument string is required'],
    ['"attachment"', 'invalid type format'],
    ['attachment/x', 'invalid type format'],
    ['attachment x', 'invalid type format'],
    [';filename=x', 'invalid type format'],
    [' attachment', 'invalid type format'],
    ['attachment;', 'invalid parameter format'],
    ['attachment; ', 'invalid parameter format'],
    ['attachment; filename', 'invalid parameter format'],
    ['attachment; filename=', 'invalid parameter format'],
    ['attachment; =x', 'invalid parameter format'],
    ['attachment; filename="x', 'invalid parameter format'],
    ['attachment; filename="x\\', 'invalid parameter format'],
    ['attachment; filename=x y', 'invalid parameter format'],
    ['attachment; filename="x" y', 'invalid parameter format'],
    ['attachment; filename=x;', 'invalid parameter format'],
    ['attachment; filename=x;;y=z', 'invalid parameter format'],
    ['attachment; filename="\u20ac"', 'invalid parameter format'],
    ['attachment; filename="a\\\u00e9"', 'invalid parameter format'],
    ['attachment; filename="a\\\u0001"', 'invalid parameter format'],
    ['attachment; filename="a\u0001"', 'invalid parameter format'],
    ['attachment; filename=a,b', 'invalid parameter format'],
    ["attachment; filename*=UTF-8''a b", 'invalid parameter format'],
    ['attachment; filename=x; filename=y', 'invalid duplicate parameter'],
    ['attachment; filename=x; FILENAME=y', 'invalid duplicate parameter'],
    ["attachment; filename*=UTF-8''x; filename*=UTF-8''y", 'invalid duplicate parameter'],
    ['attachment; filename*=x', 'invalid extended field value'],
    ['attachment; filename*="UTF-8\'\'x"', 'invalid extended field value'],
    ["attachment; filename*=UTF-8''", 'invalid extended field value'],
    ["attachment; filename*=UTF-8''a%2", 'invalid extended field value'],
    ["attachment; filename*=UTF-8''a%zz", 'invalid extended field value'],
    ["attachment; filename*=UTF-8''a'b", 'invalid extended field value'],
    ["attachment; filename*=''x", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'e'x", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'abcdefghi'x", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'en-US'x", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'abcd-efg'x", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'en-abc-abc-abc-abc'x", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'en1'x", 'invalid extended field value'],
    ["attachment; filename*=UTF-8'en-ab1'x", 'invalid extended field value'],
    ["attachment; filename*=UTF.8''x", 'invalid extended field value'],
    ["attachment; filename*=UTF-16''x", 'unsupported charset in extended field'],
    ["attachment; filename*=ISO-8859-15''x", 'unsupported charset in extended field'],
    ["attachment; filename*=!#$%&+-^_`~''x", 'unsupported charset in extended field'],
  ];
  for (const [header, message] of errors) {
    test(`${JSON.stringify(header)} throws ${message}`, () => {
      assert.throws(() => parse(header as never), { name: 'TypeError', message });
    });
  }

  test('round-trips what contentDisposition() creates', () => {
    for (const name of [
      'plans.pdf',
      '\u20ac rates.pdf',
      'the "quoted" name.txt',
      '%41.txt',
      "it's (1)*.txt",
      '\uD83D\uDE00',
    ]) {
      assert.equal(parse(contentDisposition(name)).parameters.filename, name);
      assert.equal(parse(contentDisposition(name, { fallback: false })).parameters.filename, name);
    }
  });

  test('long adversarial headers are handled in linear time', () => {
    const t0 = performance.now();
    const n = 20_000;
    const many = 'attachment' + Array.from({ length: n }, (_, i) => `; p${i}=v`).join('');
    assert.equal(Object.keys(parse(many).parameters).length, n);
    const adversarial: [string, string][] = [
      ['attachment; filename="' + 'a'.repeat(50_000), 'invalid parameter format'],
      ['attachment; filename="' + '\\"'.repeat(25_000), 'invalid parameter format'],
      // the first quoted value runs to the next quote: `a="; a="`, then `a` again
      ['attachment' + '; a="'.repeat(10_000), 'invalid duplicate parameter'],
      ['attachment; a="' + '; b'.repeat(20_000), 'invalid parameter format'],
      ['attachment' + ';'.repeat(50_000), 'invalid parameter format'],
      ['attachment' + ' '.repeat(50_000) + 'x', 'invalid type format'],
      ['attachment;' + ' '.repeat(50_000), 'invalid parameter format'],
      ['attachment; a=' + 'b'.repeat(50_000) + ' ' + 'c', 'invalid parameter format'],
      ['attachment' + '; a=b'.repeat(10_000), 'invalid duplicate parameter'],
      ["attachment; filename*=UTF-8''" + '%4'.repeat(25_000), 'invalid extended field value'],
      ["attachment; filename*=UTF-8'" + 'a-'.repeat(25_000) + "'x", 'invalid extended field value'],
      ['attachment; filename*=' + 'U'.repeat(50_000), 'invalid extended field value'],
      ['a'.repeat(50_000) + '"', 'invalid type format'],
    ];
    for (const [header, message] of adversarial) {
      assert.throws(() => parse(header), { message });
    }
    assert.equal(
      parse("attachment; filename*=UTF-8''" + '%C3%A9'.repeat(10_000)).parameters.filename,
      '\u00e9'.repeat(10_000),
    );
    assert.equal(
      parse("attachment; filename*=UTF-8''" + '%C3'.repeat(10_000)).parameters.filename,
      '\ufffd'.repeat(10_000),
    );
    assert.equal(
      parse('attachment; filename="' + '\\\\'.repeat(25_000) + '"').parameters.filename,
      '\\'.repeat(25_000),
    );
    assert.ok(performance.now() - t0 < 2000);
  });
});

describe('contentDisposition over HTTP', () => {
  test('a client reads the header back', async () => {
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
