// Robustness: every parser is linear (10k+ char adversarial headers finish quickly; the limit is a
// generous hang guard, not a performance assertion) and never writes to a prototype.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Negotiator, accepts, contentType, typeis } from '../src/index.js';

const N = 20_000;
const HEADERS: [name: string, header: string][] = [
  ['many parameters', 'text/html;' + 'a=b;'.repeat(N / 4)],
  ['many q parameters', 'a/b;' + 'q=1;'.repeat(N / 4)],
  ['stars', '*'.repeat(N)],
  ['commas', ','.repeat(N)],
  ['many elements', 'text/html,'.repeat(N / 10)],
  ['many elements with parameters', 'text/html;q=0.5;a="x,y",'.repeat(N / 24)],
  ['backslashes in a quoted-string', 'text/html;a="' + '\\'.repeat(N) + '"'],
  ['escaped quotes, unterminated', 'text/html;a="' + '\\"'.repeat(N / 2)],
  ['quotes', '"'.repeat(N)],
  ['spaces', 'text/html;' + ' '.repeat(N) + 'a=b'],
  ['tabs', '\t'.repeat(N) + 'x'],
  ['semicolons', ';'.repeat(N)],
  ['equals signs', 'a/b;' + '='.repeat(N)],
  ['slashes', '/'.repeat(N)],
  ['spaces then ";"', 'text/html' + ' '.repeat(N) + ';'],
  ['U+0130', '\u0130'.repeat(N)],
  ['long type', 'a'.repeat(N) + '/' + 'b'.repeat(N)],
];

describe('adversarial headers finish quickly', () => {
  for (const [name, header] of HEADERS) {
    test(`${name} (${header.length} chars)`, () => {
      const req = {
        headers: {
          accept: header,
          'accept-language': header,
          'accept-charset': header,
          'accept-encoding': header,
          'content-type': header,
          'content-length': '1',
        },
      };
      const offers = ['text/html', 'application/json', 'a/b;a=b', 'en', 'gzip', 'utf-8'];
      const start = process.hrtime.bigint();
      const n = new Negotiator(req);
      n.mediaTypes();
      n.mediaTypes(offers);
      n.mediaTypes([header]);
      n.languages();
      n.languages(offers);
      n.languages([header]);
      n.charsets();
      n.charsets(offers);
      n.encodings();
      n.encodings(offers, { preferred: ['gzip'] });
      accepts(req).types('json', 'html');
      typeis(req, ['json', '+json', 'text/*']);
      typeis.is('text/html', [header]);
      typeis.match(header, header);
      try {
        contentType.parse(header);
      } catch (err) {
        assert.ok(err instanceof TypeError);
      }
      try {
        contentType.parse('text/html; a=' + header);
      } catch (err) {
        assert.ok(err instanceof TypeError);
      }
      try {
        contentType.format({ type: 'text/html', parameters: { a: header } });
      } catch (err) {
        assert.ok(err instanceof TypeError);
      }
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      assert.ok(ms < 2000, `${ms} ms`);
    });
  }

  test('a long valid quoted parameter parses whole', () => {
    const value = 'x\\"'.repeat(N / 3);
    assert.equal(contentType.parse(`text/plain; a="${value}"`).parameters.a, 'x"'.repeat(N / 3));
  });
});

describe('no prototype pollution', () => {
  test('parameter names __proto__, constructor and prototype stay plain keys', () => {
    const header = 'text/html; __proto__=a; constructor=b; prototype=c';
    const parsed = contentType.parse(header);
    assert.equal(Object.getPrototypeOf(parsed.parameters), null);
    assert.deepEqual({ ...parsed.parameters }, { ['__proto__']: 'a', constructor: 'b', prototype: 'c' });
    const n = new Negotiator({ headers: { accept: 'text/html;__proto__=x;constructor=y' } });
    assert.deepEqual(n.mediaTypes(['text/html;__proto__=x;constructor=y', 'text/html']), [
      'text/html;__proto__=x;constructor=y',
    ]);
    assert.equal(({} as Record<string, unknown>).a, undefined);
    assert.equal(Object.hasOwn(Object.prototype, 'x'), false);
  });

  test('offer parameters named like Object.prototype members do not match by inheritance', () => {
    const n = new Negotiator({ headers: { accept: 'text/html;constructor=x;q=0.5, text/plain' } });
    assert.deepEqual(n.mediaTypes(['text/html', 'text/plain']), ['text/plain']);
  });

  test('many distinct parameter names are handled (bounded name cache)', () => {
    for (let i = 0; i < 2000; i++) {
      assert.equal(contentType.parse(`text/plain; p${i}=v`).parameters[`p${i}`], 'v');
    }
    assert.equal(
      contentType.parse('text/plain; averyveryverylongparametername=1').parameters.averyveryverylongparametername,
      '1',
    );
  });

  test('many distinct offers are handled (bounded offer cache)', () => {
    const n = new Negotiator({ headers: { accept: 'text/*', 'accept-language': 'en' } });
    for (let i = 0; i < 1000; i++) {
      assert.equal(n.mediaType([`text/x${i}`]), `text/x${i}`);
      assert.equal(n.language([`en-x${i}`]), `en-x${i}`);
    }
  });
});
