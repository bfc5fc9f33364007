// Robustness: every parser is linear (each adversarial header, 10k+ chars, gets its answers, and
// time grows linearly with its length: time(8n) / time(n) in CPU time, no bound on elapsed time)
// and never writes to a prototype.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Negotiator, accepts, contentType, typeis } from '../src/index.js';
import { assertLinear, inTurn } from '../../../test/support/fuzz.js';

const N = 20_000;
/**
 * Each shape, `n` characters or about, and an `n` for assertLinear where the default would put
 * the larger input past one of V8's cost steps (see LinearOptions.n in test/support/fuzz.ts).
 */
const HEADERS: [name: string, build: (n: number) => string, n?: number][] = [
  ['many parameters', (n) => 'text/html;' + 'a=b;'.repeat(n / 4)],
  ['many q parameters', (n) => 'a/b;' + 'q=1;'.repeat(n / 4)],
  ['stars', (n) => '*'.repeat(n)],
  // one (empty) element per character: n = 1024 keeps the list under 16,000 elements
  ['commas', (n) => ','.repeat(n), 1024],
  ['many elements', (n) => 'text/html,'.repeat(n / 10)],
  // two parameters per element: n = 4096 (under ~1,400 elements) reads near 8, the default 16-17
  ['many elements with parameters', (n) => 'text/html;q=0.5;a="x,y",'.repeat(n / 24), 4096],
  ['backslashes in a quoted-string', (n) => 'text/html;a="' + '\\'.repeat(n) + '"'],
  ['escaped quotes, unterminated', (n) => 'text/html;a="' + '\\"'.repeat(n / 2)],
  ['quotes', (n) => '"'.repeat(n)],
  ['spaces', (n) => 'text/html;' + ' '.repeat(n) + 'a=b'],
  ['tabs', (n) => '\t'.repeat(n) + 'x'],
  ['semicolons', (n) => ';'.repeat(n)],
  ['equals signs', (n) => 'a/b;' + '='.repeat(n)],
  ['slashes', (n) => '/'.repeat(n)],
  ['spaces then ";"', (n) => 'text/html' + ' '.repeat(n) + ';'],
  // two-byte characters that lower-case to two each: n = 2048 keeps the strings under 100 kB
  ['U+0130', (n) => '\u0130'.repeat(n), 2048],
  // 2n + 1 characters: n = 2048 keeps the strings under 100 kB
  ['long type', (n) => 'a'.repeat(n) + '/' + 'b'.repeat(n), 2048],
];

const OFFERS = ['text/html', 'application/json', 'a/b;a=b', 'en', 'gzip', 'utf-8'];

/** The Accept-* readers (Negotiator, accepts) on `header`. */
function negotiate(header: string): void {
  const req = {
    headers: { accept: header, 'accept-language': header, 'accept-charset': header, 'accept-encoding': header },
  };
  const n = new Negotiator(req);
  n.mediaTypes();
  n.mediaTypes(OFFERS);
  n.mediaTypes([header]);
  n.languages();
  n.languages(OFFERS);
  n.languages([header]);
  n.charsets();
  n.charsets(OFFERS);
  n.encodings();
  n.encodings(OFFERS, { preferred: ['gzip'] });
  accepts(req).types('json', 'html');
}

/** The Content-Type readers (typeis, contentType) on `header`: only TypeErrors are thrown. */
function readContentType(header: string): void {
  const req = { headers: { 'content-type': header, 'content-length': '1' } };
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
}

describe('adversarial headers take linear time', () => {
  for (const [name, build, n] of HEADERS) {
    test(`${name} (${build(N).length} chars)`, () => {
      negotiate(build(N));
      readContentType(build(N));
      // The Accept-* readers keep the last header read: each call gets another header (a distinct
      // first element).
      const turn = inTurn((size: number, k: number) => `x/${k},${build(size)}`, negotiate);
      assertLinear(`${name}: Accept-*`, turn.build, turn.run, n ? { n } : {});
      assertLinear(`${name}: Content-Type`, build, readContentType, n ? { n } : {});
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
