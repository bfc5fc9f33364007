// typeis (type-is 2.1.0): typeis(req, types), typeis.is, typeis.hasBody, typeis.normalize,
// typeis.match; extension names, urlencoded / multipart, wildcards, +suffix, invalid types.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hasBody, typeis } from '../src/index.js';

const withBody = (contentType: string | undefined) => ({
  headers:
    contentType === undefined ? { 'content-length': '1' } : { 'content-type': contentType, 'content-length': '1' },
});

const TYPEIS: [contentType: string, types: string[], expected: string | false][] = [
  ['application/json', [], 'application/json'],
  ['application/json; charset=utf-8', [], 'application/json'],
  ['APPLICATION/JSON; charset=utf-8', [], 'application/json'],
  ['text/html', ['html'], 'html'],
  ['text/html; charset=utf-8', ['html'], 'html'],
  ['text/html', ['text/html'], 'text/html'],
  ['text/html', ['text/*'], 'text/html'],
  ['text/html', ['*/*'], 'text/html'],
  ['text/html', ['*/html'], 'text/html'],
  ['text/html', ['application/*'], false],
  ['text/html', ['json', 'html'], 'html'],
  ['application/json', ['json', 'urlencoded'], 'json'],
  ['application/json', ['html', 'application/*'], 'application/json'],
  ['application/json', ['html'], false],
  ['application/vnd.api+json', ['+json'], 'application/vnd.api+json'],
  ['application/vnd.api+json', ['application/*+json'], 'application/vnd.api+json'],
  ['application/vnd.api+json', ['*/*+json'], 'application/vnd.api+json'],
  ['application/vnd.api+json', ['json'], false],
  ['application/vnd.api+json', ['+xml'], false],
  ['image/svg+xml', ['*/*+xml', 'svg'], 'image/svg+xml'],
  ['image/svg+xml', ['svg'], 'svg'],
  ['application/x-www-form-urlencoded', ['urlencoded'], 'urlencoded'],
  ['application/x-www-form-urlencoded', ['json', 'urlencoded', 'multipart'], 'urlencoded'],
  ['multipart/form-data; boundary=x', ['multipart'], 'multipart'],
  ['multipart/form-data; boundary=x', ['multipart/*'], 'multipart/form-data'],
  ['multipart/form-data', ['urlencoded', 'multipart'], 'multipart'],
  ['text/html', ['TEXT/HTML'], false],
  ['TEXT/HTML', ['text/html'], 'text/html'],
  ['text/html', ['foo'], false],
  ['text/html', [''], false],
  ['text/html', ['*'], false],
  ['invalid', ['json'], false],
  ['invalid', [], false],
  ['text/', [], false],
  ['/html', [], false],
  ['text/html/x', [], false],
  [' text/html ; charset=utf-8', [], 'text/html'],
  ['text/html;', [], 'text/html'],
  ['a!#$&^_-/b.+x', [], 'a!#$&^_-/b.+x'],
  ['.a/b', [], false],
  ['a/.b', [], false],
  ['a.b/c', [], false],
  ['a/b c', [], false],
  ['x'.repeat(127) + '/y', [], 'x'.repeat(127) + '/y'],
  ['x'.repeat(128) + '/y', [], false],
  ['text/hé', [], false],
];

const HAS_BODY: [headers: Record<string, string>, expected: boolean][] = [
  [{}, false],
  [{ 'content-length': '0' }, true],
  [{ 'content-length': '10' }, true],
  [{ 'content-length': '' }, true],
  [{ 'content-length': 'abc' }, false],
  [{ 'content-length': ' 5 ' }, true],
  [{ 'transfer-encoding': 'chunked' }, true],
  [{ 'transfer-encoding': '' }, true],
  [{ 'transfer-encoding': 'chunked', 'content-length': 'x' }, true],
];

const NORMALIZE: [type: string, expected: string | false][] = [
  ['json', 'application/json'],
  ['html', 'text/html'],
  ['urlencoded', 'application/x-www-form-urlencoded'],
  ['multipart', 'multipart/*'],
  ['+json', '*/*+json'],
  ['text/html', 'text/html'],
  ['TEXT/HTML', 'TEXT/HTML'],
  ['foo', false],
  ['', false],
  ['application/*', 'application/*'],
  ['.png', 'image/png'],
  ['file.txt', 'text/plain'],
];

const MATCH: [expected: string | false, actual: string, result: boolean][] = [
  ['text/html', 'text/html', true],
  ['text/html', 'text/plain', false],
  ['text/*', 'text/plain', true],
  ['*/*', 'image/png', true],
  ['*/html', 'text/html', true],
  ['application/*+json', 'application/vnd.api+json', true],
  ['application/*+json', 'application/json', false],
  ['*/*+json', 'text/x+json', true],
  ['application/*+json', 'application/+json', true],
  ['text/html', 'text/html/x', false],
  ['text', 'text', false],
  [false, 'text/html', false],
  ['TEXT/html', 'text/html', false],
  ['*/*', 'a/b/c', false],
];

describe('typeis(req, types)', () => {
  for (const [contentType, types, expected] of TYPEIS) {
    test(`${JSON.stringify(contentType).slice(0, 60)} ${JSON.stringify(types)}`, () => {
      const req = withBody(contentType);
      assert.equal(typeis(req, types), expected, 'array');
      if (types[0]) assert.equal(typeis(req, types[0], ...types.slice(1)), expected, 'arguments');
      assert.equal(typeis.is(contentType, types), expected, 'is(value, array)');
      assert.equal(typeis.is(req, types), expected, 'is(req, array)');
    });
  }

  test('null when the request has no body, whatever the types', () => {
    const req = { headers: { 'content-type': 'application/json' } };
    assert.equal(typeis(req, ['json']), null);
    assert.equal(typeis(req), null);
    assert.equal(typeis.is(req, ['json']), 'json', 'is() does not look at the body');
  });

  test('false without a Content-Type', () => {
    assert.equal(typeis(withBody(undefined), ['json']), false);
    assert.equal(typeis(withBody(undefined)), false);
    assert.equal(typeis.is(undefined, ['json']), false);
    assert.equal(typeis.is('', ['json']), false);
    assert.equal(typeis.is(null), false);
  });

  test('no types, an empty array or a single falsy type: the media type', () => {
    const req = withBody('text/HTML; charset=utf-8');
    assert.equal(typeis(req), 'text/html');
    assert.equal(typeis(req, []), 'text/html');
    assert.equal(typeis(req, ''), 'text/html');
    assert.equal(typeis.is('text/html', ''), 'text/html');
  });

  test('typeis(req, ...) reads every argument after req; is(value, ...) only when the first is truthy', () => {
    const req = withBody('text/html');
    assert.equal(typeis(req, undefined, 'json'), false);
    assert.equal(typeis(req, undefined, 'html'), 'html');
    assert.equal(typeis.is('text/html', undefined, 'json'), 'text/html');
  });

  test('several arguments after an array: the array is one (never matching) type', () => {
    const req = withBody('application/json');
    assert.equal((typeis as (...args: unknown[]) => unknown)(req, ['json'], 'html'), false);
    assert.equal((typeis as (...args: unknown[]) => unknown)(req, ['html'], 'json'), 'json');
  });

  test('types that are not strings never match', () => {
    assert.equal(typeis.is('application/json', [5, null, 'json'] as unknown as string[]), 'json');
    assert.equal(typeis.is('application/json', [5] as unknown as string[]), false);
  });

  test('a Content-Type that is not a string is no type', () => {
    assert.equal(typeis.is(5 as unknown as string, ['json']), false);
    assert.equal(typeis({ headers: { 'content-type': ['application/json'], 'content-length': '1' } }, ['json']), false);
  });
});

describe('typeis.hasBody / hasBody', () => {
  for (const [headers, expected] of HAS_BODY) {
    test(JSON.stringify(headers), () => {
      assert.equal(typeis.hasBody({ headers }), expected);
      assert.equal(hasBody({ headers }), expected);
    });
  }
  test('hasBody is typeis.hasBody', () => assert.equal(hasBody, typeis.hasBody));
});

describe('typeis.normalize', () => {
  for (const [type, expected] of NORMALIZE)
    test(JSON.stringify(type), () => assert.equal(typeis.normalize(type), expected));
  test('a non-string is false', () => {
    assert.equal(typeis.normalize(undefined), false);
    assert.equal(typeis.normalize(5), false);
  });
});

describe('typeis.match', () => {
  for (const [expected, actual, result] of MATCH)
    test(`${JSON.stringify(expected)} ~ ${JSON.stringify(actual)}`, () =>
      assert.equal(typeis.match(expected, actual), result));
  test('non-strings never match', () => {
    assert.equal(typeis.match('text/html', undefined as unknown as string), false);
    assert.equal(typeis.match(null as unknown as string, 'text/html'), false);
  });
});

describe('typeis export shape', () => {
  test('callable, with is, hasBody, normalize and match', () => {
    assert.equal(typeof typeis, 'function');
    assert.deepEqual(Object.keys(typeis).sort(), ['hasBody', 'is', 'match', 'normalize']);
  });
});
