// contentType (content-type 1.0.5): parse (string, req, res), format, and every TypeError.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { charsetOf, contentType, type MediaType } from '../src/index.js';

type Parsed = { type: string; parameters: Record<string, string> };

// [header, result or TypeError message]
const PARSE: [header: string, expected: Parsed | string][] = [
  ['text/html', { type: 'text/html', parameters: {} }],
  ['TEXT/HTML', { type: 'text/html', parameters: {} }],
  [' text/html ', { type: 'text/html', parameters: {} }],
  ['text/html; charset=utf-8', { type: 'text/html', parameters: { charset: 'utf-8' } }],
  ['text/html;charset=UTF-8', { type: 'text/html', parameters: { charset: 'UTF-8' } }],
  ['text/html ; charset=utf-8', { type: 'text/html', parameters: { charset: 'utf-8' } }],
  ['text/html;  charset  =  utf-8  ', { type: 'text/html', parameters: { charset: 'utf-8' } }],
  ['text/html; CHARSET=utf-8', { type: 'text/html', parameters: { charset: 'utf-8' } }],
  ['text/html; charset="utf-8"', { type: 'text/html', parameters: { charset: 'utf-8' } }],
  ['text/html; foo="bar baz"', { type: 'text/html', parameters: { foo: 'bar baz' } }],
  ['text/html; foo="a\\"b"', { type: 'text/html', parameters: { foo: 'a"b' } }],
  ['text/html; foo="a\\\\b"', { type: 'text/html', parameters: { foo: 'a\\b' } }],
  ['text/html; foo=""', { type: 'text/html', parameters: { foo: '' } }],
  ['text/html; a=1; b=2', { type: 'text/html', parameters: { a: '1', b: '2' } }],
  ['text/html; a=1; A=2', { type: 'text/html', parameters: { a: '2' } }],
  ['image/svg+xml', { type: 'image/svg+xml', parameters: {} }],
  [
    'application/vnd.api+json; ext="https://jsonapi.org/ext"',
    { type: 'application/vnd.api+json', parameters: { ext: 'https://jsonapi.org/ext' } },
  ],
  [
    'multipart/form-data; boundary="----WebKitFormBoundary7MA4YWxkTrZu0gW"',
    { type: 'multipart/form-data', parameters: { boundary: '----WebKitFormBoundary7MA4YWxkTrZu0gW' } },
  ],
  ['text/html; q="\u00e9"', { type: 'text/html', parameters: { q: '\u00e9' } }],
  ['text/html; q="\\\u007f"', { type: 'text/html', parameters: { q: '\u007f' } }],
  ['text/html; a="\u000bb"', { type: 'text/html', parameters: { a: '\u000bb' } }],
  ['text', 'invalid media type'],
  ['text/', 'invalid media type'],
  ['/html', 'invalid media type'],
  ['text/html/x', 'invalid media type'],
  ['text /html', 'invalid media type'],
  ['text/h\u00e9', 'invalid media type'],
  ['text/html;', 'invalid parameter format'],
  ['text/html; ', 'invalid parameter format'],
  ['text/html;;a=b', 'invalid parameter format'],
  ['text/html; a', 'invalid parameter format'],
  ['text/html; a=', 'invalid parameter format'],
  ['text/html; a=b c', 'invalid parameter format'],
  ['text/html; a="b', 'invalid parameter format'],
  ['text/html; a="b\\', 'invalid parameter format'],
  ['text/html; a=b,c', 'invalid parameter format'],
  ['text/html; a=\u00e9', 'invalid parameter format'],
  ['text/html; a="\t"', 'invalid parameter format'],
  ['text/html; a="\u007f"', 'invalid parameter format'],
  ['text/html; a="\u0100"', 'invalid parameter format'],
  ['text/html;\ta=b', 'invalid parameter format'],
  ['text/html; a=b\t', 'invalid parameter format'],
  ['text/html; =b', 'invalid parameter format'],
  ['text/html; a b=c', 'invalid parameter format'],
  ['text/html; a="x"y', 'invalid parameter format'],
  ['text/html, text/plain', 'invalid media type'],
  ['\ttext/html\n', { type: 'text/html', parameters: {} }],
];

// [object, header or { error: TypeError message }]
const FORMAT: [obj: { type: unknown; parameters?: unknown }, expected: string | { error: string }][] = [
  [{ type: 'text/html' }, 'text/html'],
  [{ type: 'text/html', parameters: { charset: 'utf-8' } }, 'text/html; charset=utf-8'],
  [{ type: 'TEXT/html', parameters: {} }, 'TEXT/html'],
  [{ type: 'text/html', parameters: { b: '2', a: '1', B: '0' } }, 'text/html; B=0; a=1; b=2'],
  [{ type: 'text/html', parameters: { foo: 'bar baz' } }, 'text/html; foo="bar baz"'],
  [{ type: 'text/html', parameters: { foo: '' } }, 'text/html; foo=""'],
  [{ type: 'text/html', parameters: { foo: 'a"b\\c' } }, 'text/html; foo="a\\"b\\\\c"'],
  [{ type: 'text/html', parameters: { foo: 'caf\u00e9' } }, 'text/html; foo="caf\u00e9"'],
  [{ type: 'text/html', parameters: { n: 5, t: true } }, 'text/html; n=5; t=true'],
  [{ type: 'text/html', parameters: { foo: 'a\u000bb' } }, 'text/html; foo="a\u000bb"'],
  [{ type: 'image/svg+xml', parameters: { charset: 'utf-8' } }, 'image/svg+xml; charset=utf-8'],
  [{ type: 'text/html', parameters: null }, 'text/html'],
  [{ type: 'text/html', parameters: 'x' }, 'text/html'],
  [{ type: '' }, { error: 'invalid type' }],
  [{ type: 'text' }, { error: 'invalid type' }],
  [{ type: 'text/html ' }, { error: 'invalid type' }],
  [{ type: 'a/b/c' }, { error: 'invalid type' }],
  [{ type: 'text/h\u00e9' }, { error: 'invalid type' }],
  [{ type: 'text/html', parameters: { 'a b': 'x' } }, { error: 'invalid parameter name' }],
  [{ type: 'text/html', parameters: { '': 'x' } }, { error: 'invalid parameter name' }],
  [{ type: 'text/html', parameters: { foo: '\u0100' } }, { error: 'invalid parameter value' }],
  [{ type: 'text/html', parameters: { foo: '\t' } }, { error: 'invalid parameter value' }],
  [{ type: 'text/html', parameters: { foo: '\u007f' } }, { error: 'invalid parameter value' }],
  [{ type: 'text/html', parameters: { a: '\u0100', 'b c': 'x' } }, { error: 'invalid parameter value' }],
  [{ type: 'text/html', parameters: { 'a b': 'x', b: '\u0100' } }, { error: 'invalid parameter name' }],
];

const plain = (parsed: Parsed): Parsed => ({ type: parsed.type, parameters: { ...parsed.parameters } });

describe('contentType.parse', () => {
  for (const [header, expected] of PARSE) {
    test(JSON.stringify(header), () => {
      if (typeof expected === 'string') {
        assert.throws(() => contentType.parse(header), { name: 'TypeError', message: expected });
      } else {
        assert.deepEqual(plain(contentType.parse(header)), expected);
      }
    });
  }

  test('the result is a ContentType with a prototype-less parameters object', () => {
    const parsed = contentType.parse('text/html; __proto__=x; constructor=y');
    assert.equal(parsed.constructor.name, 'ContentType');
    assert.deepEqual(Object.keys(parsed), ['parameters', 'type']);
    assert.equal(Object.getPrototypeOf(parsed.parameters), null);
    assert.deepEqual(Object.keys(parsed.parameters), ['__proto__', 'constructor']);
    assert.equal(parsed.parameters.__proto__, 'x');
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });

  test('reads the content-type header of a request', () => {
    assert.deepEqual(plain(contentType.parse({ headers: { 'content-type': 'text/html; charset=utf-8' } })), {
      type: 'text/html',
      parameters: { charset: 'utf-8' },
    });
  });

  test('reads getHeader("content-type") of a response', () => {
    const res = {
      getHeader: (name: string) => (name === 'content-type' ? 'application/json' : undefined),
      headers: { 'content-type': 'text/html' },
    };
    assert.deepEqual(plain(contentType.parse(res)), { type: 'application/json', parameters: {} });
  });

  const errors: [label: string, input: unknown, message: string][] = [
    ['undefined', undefined, 'argument string is required'],
    ['null', null, 'argument string is required'],
    ['empty string', '', 'argument string is required'],
    ['0', 0, 'argument string is required'],
    ['a number', 5, 'argument string is required to be a string'],
    ['true', true, 'argument string is required to be a string'],
    ['a function', () => 'text/html', 'argument string is required to be a string'],
    ['an empty object', {}, 'content-type header is missing from object'],
    ['an array', [], 'content-type header is missing from object'],
    ['a request without the header', { headers: {} }, 'content-type header is missing from object'],
    ['headers: null', { headers: null }, 'content-type header is missing from object'],
    ['a non-string header', { headers: { 'content-type': 5 } }, 'content-type header is missing from object'],
    ['a response without the header', { getHeader: () => undefined }, 'content-type header is missing from object'],
    ['a response with a number', { getHeader: () => 5 }, 'content-type header is missing from object'],
    ['an empty request header', { headers: { 'content-type': '' } }, 'invalid media type'],
  ];
  for (const [label, input, message] of errors) {
    test(`${label}: ${message}`, () => {
      assert.throws(() => contentType.parse(input as string), { name: 'TypeError', message });
    });
  }
});

describe('contentType.format', () => {
  for (const [obj, expected] of FORMAT) {
    test(JSON.stringify(obj), () => {
      if (typeof expected === 'string') assert.equal(contentType.format(obj as MediaType), expected);
      else assert.throws(() => contentType.format(obj as MediaType), { name: 'TypeError', message: expected.error });
    });
  }

  for (const input of [undefined, null, '', 0, 'text/html', true]) {
    test(`${JSON.stringify(input)}: argument obj is required`, () => {
      assert.throws(() => contentType.format(input as unknown as MediaType), {
        name: 'TypeError',
        message: 'argument obj is required',
      });
    });
  }

  test('invalid type for a missing or non-string type', () => {
    for (const obj of [{}, { type: 5 }, { type: null }]) {
      assert.throws(() => contentType.format(obj as unknown as MediaType), {
        name: 'TypeError',
        message: 'invalid type',
      });
    }
  });

  test('format(parse(x)) round-trips', () => {
    const header = 'multipart/form-data; boundary="a b"; charset=utf-8';
    assert.equal(contentType.format(contentType.parse(header)), header);
  });
});

describe('charsetOf: the charset a Content-Type names, read leniently', () => {
  const cases: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['', undefined],
    ['application/json', undefined],
    ['text/plain; charset=utf-8', 'utf-8'],
    ['text/plain; CHARSET="UTF-8"', 'utf-8'],
    ['text/plain;charset = " Latin1 "', ' latin1 '],
    ['text/plain; charset=koi8-r; charset=utf-8', 'koi8-r'],
    ['text/plain; charset', undefined],
    ['text/plain; charset="a\\"b"', 'a"b'],
    ['text/plain; charset="unterminated', undefined],
    ['text/plain; q=1; charset=x', 'x'],
    ['text/plain; a="x;y"; charset=z', 'z'],
  ];
  for (const [header, expected] of cases) {
    test(`${JSON.stringify(header)} → ${JSON.stringify(expected)}`, () => assert.equal(charsetOf(header), expected));
  }
});
