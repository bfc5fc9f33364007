// content-type 3.x (and 2.x's parse/format): the lenient reader and the order-keeping writer,
// written from content-type 3.1.1's README and published code; decision 033.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  contentType,
  contentType3,
  formatContentType,
  isTokenValid,
  isTypeValid,
  parseContentType,
  type ParseContentTypeOptions,
} from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const { parse, format } = contentType3;

describe('contentType3.parse: nothing is rejected', () => {
  // [header, options, type, index, parameters]
  const cases: [string, ParseContentTypeOptions | undefined, string, number, Record<string, string>][] = [
    ['text/html', undefined, 'text/html', 9, {}],
    ['Text/HTML', undefined, 'text/html', 9, {}],
    ['  text/html \t', undefined, 'text/html', 13, {}],
    ['', undefined, '', 0, {}],
    ['garbage', undefined, 'garbage', 7, {}],
    ['text/plain; charset', undefined, 'text/plain', 19, {}],
    ['text/html; charset=utf-8', undefined, 'text/html', 24, { charset: 'utf-8' }],
    ['text/html;charset=UTF-8;Format=Flowed', undefined, 'text/html', 37, { charset: 'UTF-8', format: 'Flowed' }],
    ['a/b; x = y ', undefined, 'a/b', 11, { x: 'y' }],
    ['a/b; x="a;b"', undefined, 'a/b', 12, { x: 'a;b' }],
    ['a/b; x="\\"q\\" \\\\"', undefined, 'a/b', 17, { x: '"q" \\' }],
    ['a/b; x=""', undefined, 'a/b', 9, { x: '' }],
    ['a/b; x=', undefined, 'a/b', 7, { x: '' }],
    ['a/b; =v', undefined, 'a/b', 7, { '': 'v' }],
    ['a/b; x="unterminated; y=1', undefined, 'a/b', 25, {}],
    ['a/b; x="q" junk; y=1', undefined, 'a/b', 20, { x: 'q', y: '1' }],
    ['a/b; x=1; X=2', undefined, 'a/b', 13, { x: '1' }], // first wins (1.0.5: last)
    ['a/b; x=a b', undefined, 'a/b', 10, { x: 'a b' }],
    ['a/b; ; ;x=1', undefined, 'a/b', 11, { x: '1' }],
    ['a/b, c/d', undefined, 'a/b, c/d', 8, {}],
    // comma: a list of media types
    ['a/b, c/d', { comma: true }, 'a/b', 3, {}],
    ['a/b; q=1, c/d', { comma: true }, 'a/b', 8, { q: '1' }],
    ['a/b; x="1,2", c/d', { comma: true }, 'a/b', 12, { x: '1,2' }],
    ['a/b; x="1" y, c/d', { comma: true }, 'a/b', 12, { x: '1' }],
    ['a/b; x, c/d', { comma: true }, 'a/b', 6, {}],
    ['a/b, c/d; e=f', { comma: true, start: 4 }, 'c/d', 13, { e: 'f' }],
    // parameters: false stops after the type
    ['a/b; x=1', { parameters: false }, 'a/b', 3, {}],
    ['a/b', { parameters: false }, 'a/b', 3, {}],
  ];
  for (const [header, options, type, index, parameters] of cases) {
    test(`${JSON.stringify(header)} ${JSON.stringify(options)}`, () => {
      const parsed = parse(header, options);
      assert.equal(parsed.type, type);
      assert.equal(parsed.index, index);
      assert.deepEqual({ ...parsed.parameters }, parameters);
      assert.deepEqual(Object.keys(parsed.parameters), Object.keys(parameters), 'in order');
      assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(parsed.parameters)), null, 'prototype-less');
    });
  }

  test('reads a whole list through index and start', () => {
    const header = 'text/html; q=0.9, application/json, */*; q="0.1"';
    const types: string[] = [];
    for (let start = 0; start < header.length; ) {
      const parsed = parse(header, { comma: true, start });
      types.push(`${parsed.type} ${parsed.parameters.q ?? ''}`.trim());
      start = parsed.index + 1;
    }
    assert.deepEqual(types, ['text/html 0.9', 'application/json', '*/* 0.1']);
  });

  test('__proto__ and the names of Object.prototype are plain keys, as in content-type 3', () => {
    const parsed = parse('a/b; __proto__=x; constructor=y');
    assert.equal(Object.hasOwn(parsed.parameters, '__proto__'), true);
    assert.equal(parsed.parameters.__proto__, 'x');
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(parsed.parameters)), null); // nothing inherited
    assert.equal(parsed.parameters.constructor, 'y');
    assert.equal(({} as Record<string, unknown>).x, undefined);
    assert.equal(formatContentType({ type: 'a/b', parameters: parsed.parameters }), 'a/b; __proto__=x; constructor=y');
  });

  test('contentType (1.0.5) stays strict', () => {
    assert.throws(() => contentType.parse('text/plain; charset'), TypeError);
    assert.equal(parse('text/plain; charset').type, 'text/plain');
    assert.equal(contentType.parse('a/b; x=1; x=2').parameters.x, '2');
  });

  test('a header that is not a string: TypeError', () => {
    assert.throws(() => parseContentType(undefined as unknown as string), {
      name: 'TypeError',
      message: 'argument header must be a string',
    });
  });

  test('linear time on hostile headers', () => {
    assertLinear(
      'parse: many parameters',
      (n) => `a/b${'; x=1'.repeat(n / 4)}`,
      (s) => parse(s),
    );
    assertLinear(
      'parse: many ";" without "="',
      (n) => `a/b${'; x'.repeat(n / 2)}`,
      (s) => parse(s),
    );
    assertLinear(
      'parse: unterminated quotes',
      (n) => `a/b${'; x="\\'.repeat(n / 4)}`,
      (s) => parse(s),
    );
    assertLinear(
      'parse: long list with comma',
      (n) => 'a/b;q=1, '.repeat(n / 8),
      (s) => parse(s, { comma: true }),
    );
  });
});

describe('contentType3.parse: the index after an unterminated quoted-string is where the scan ended, as content-type 3.1.1 returns it', () => {
  // content-type 3.1.1's results on the same inputs (read side by side)
  const cases: [string, { start?: number }, string, number][] = [
    ['text/plain; a="unterminated', { start: 0.5 }, 'text/plain', 27.5],
    ['text/plain; a="x\\', { start: 0.5 }, 'text/plain', 17.5],
    ['text/plain; a="x', {}, 'text/plain', 16],
    [' text/html; a="b\\"c', { start: 1.5 }, 'text/html', 19.5],
  ];
  for (const [header, options, type, index] of cases) {
    test(`${JSON.stringify(header)} ${JSON.stringify(options)}`, () => {
      const parsed = parse(header, options);
      assert.equal(parsed.type, type);
      assert.equal(parsed.index, index);
      assert.deepEqual({ ...parsed.parameters }, {});
    });
  }
});

describe('contentType3.format: the order kept', () => {
  test('token values as they are, others quoted, in order', () => {
    assert.equal(
      format({ type: 'text/plain', parameters: { foo: 'a b', charset: 'utf-8', e: '', q: 'say "hi"\\' } }),
      'text/plain; foo="a b"; charset=utf-8; e=""; q="say \\"hi\\"\\\\"',
    );
    assert.equal(format({ type: 'Text/HTML' }), 'Text/HTML');
    assert.equal(format({ type: 'a/b', parameters: { t: 'a\tb', l: 'caf\u00e9' } }), 'a/b; t="a\tb"; l="caf\u00e9"');
    // 1.0.5 sorts the names
    assert.equal(contentType.format({ type: 'a/b', parameters: { z: '1', a: '2' } }), 'a/b; a=2; z=1');
    assert.equal(formatContentType({ type: 'a/b', parameters: { z: '1', a: '2' } }), 'a/b; z=1; a=2');
  });

  test('its errors', () => {
    const errors: [Parameters<typeof format>[0], string][] = [
      [{ type: 'text' }, 'Invalid type: text'],
      [{ type: '' }, 'Invalid type: '],
      [{ type: 'a/b/c' }, 'Invalid type: a/b/c'],
      [{ type: 'a b/c' }, 'Invalid type: a b/c'],
      [{ type: 'a/b', parameters: { 'a b': '1' } }, 'Invalid parameter name: a b'],
      [{ type: 'a/b', parameters: { '': '1' } }, 'Invalid parameter name: '],
      [{ type: 'a/b', parameters: { x: 'a\nb' } }, 'Invalid parameter value: a\nb'],
      [{ type: 'a/b', parameters: { x: '\u20ac' } }, 'Invalid parameter value: \u20ac'],
      [{ type: 'a/b', parameters: { x: '\x7f' } }, 'Invalid parameter value: \x7f'],
    ];
    for (const [obj, message] of errors) assert.throws(() => format(obj), { name: 'TypeError', message });
  });

  test('format → parse round-trips', () => {
    const obj = { type: 'multipart/form-data', parameters: { boundary: '--a b;c"d', charset: 'utf-8' } };
    assert.deepEqual({ ...parse(format(obj)).parameters }, obj.parameters);
  });
});

describe('isTypeValid and isTokenValid', () => {
  test('isTypeValid: two tokens around one "/"', () => {
    for (const valid of ['text/html', 'application/vnd.api+json', '*/*', 'a/b']) assert.equal(isTypeValid(valid), true);
    for (const invalid of ['', 'text', '/html', 'text/', 'a/b/c', 'a b/c', 'a/b;', 'caf\u00e9/x']) {
      assert.equal(isTypeValid(invalid), false, invalid);
    }
    assert.equal(isTypeValid('x text/html y', 2, 11), true);
    assert.equal(isTypeValid('text/html', 0, 5), false);
  });

  test('isTokenValid: one or more tchar', () => {
    assert.equal(isTokenValid('charset'), true);
    assert.equal(isTokenValid("!#$%&'*+-.^_`|~09azAZ"), true);
    for (const invalid of ['', 'a b', 'a=b', 'a/b', '"a"', '\u00e9'])
      assert.equal(isTokenValid(invalid), false, invalid);
    assert.equal(isTokenValid('a b', 2), true);
    assert.equal(isTokenValid('ab', 1, 1), false);
  });
});
