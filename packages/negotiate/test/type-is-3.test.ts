// type-is 3.0.0's API (TypeIs, hasBody, normalize, match, DEFAULT_LOOKUP, DEFAULT_PARAMETER_VALUE),
// offered as typeis3 and the TypeIs class beside type-is 2.1.0's typeis; written from type-is
// 3.0.0's README and published code (decision 033).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lookup } from '@brisk/mime';
import { hasBody, TypeIs, typeis, typeis3 } from '../src/index.js';

const { match, normalize, DEFAULT_LOOKUP, DEFAULT_PARAMETER_VALUE } = typeis3;

const request = (headers: Record<string, string | string[] | undefined>) => ({ headers });

describe('match(expected): a compiled matcher', () => {
  const cases: [string, string, boolean][] = [
    ['text/html', 'text/html', true],
    ['text/html', 'text/plain', false],
    ['text/html', 'TEXT/HTML', false], // case-sensitive: parsed types are lower-case
    ['*/html', 'text/html', true],
    ['*/html', 'texthtml', false],
    ['text/*', 'text/html', true],
    ['text/*', 'text/', false],
    ['text/*', 'image/png', false],
    ['*/*', 'text/html', true],
    ['*/*', 'foo', false],
    ['*/*', 'a/b/c', false],
    ['*/*+json', 'application/x-custom+json', true],
    ['*/*+json', 'application/+json', false],
    ['*/*+json', 'application/json', false],
    ['application/*+json', 'application/vnd.api+json', true],
    ['application/*+json', 'text/vnd.api+json', false],
    ['application/*+json', 'application/+json', false],
  ];
  for (const [expected, actual, result] of cases) {
    test(`${expected} ~ ${actual}: ${result}`, () => assert.equal(match(expected)(actual), result));
  }

  test('an invalid expected type throws', () => {
    for (const expected of ['text', '', 'a/b/c', 'text/', '/html', 'a b/c']) {
      assert.throws(() => match(expected), { name: 'TypeError', message: `Invalid mime type: ${expected}` });
    }
  });

  test('typeis.match (type-is 2.1, two arguments) is unchanged', () => {
    assert.equal(typeis.match('text/*', 'text/html'), true);
    assert.equal(typeis.match(false, 'text/html'), false);
  });
});

describe('normalize, DEFAULT_LOOKUP, DEFAULT_PARAMETER_VALUE', () => {
  test('normalize', () => {
    assert.equal(normalize('text/html'), 'text/html');
    assert.equal(normalize('+json'), '*/*+json');
    assert.equal(normalize('json'), 'application/json');
    assert.equal(normalize('multipart'), 'multipart/*');
    assert.equal(normalize('urlencoded'), 'application/x-www-form-urlencoded');
    assert.equal(normalize('html'), 'html', 'no extension table by default (type-is 2 looked it up)');
    assert.equal(normalize('html', { lookup: (v) => lookup(v) || undefined }), 'text/html');
    assert.deepEqual(normalize('x', { lookup: () => ['a/b', 'c/d'] }), ['a/b', 'c/d']);
    assert.equal(typeis.normalize('html'), 'text/html', 'type-is 2.1 is unchanged');
  });

  test('DEFAULT_LOOKUP and DEFAULT_PARAMETER_VALUE', () => {
    assert.equal(DEFAULT_LOOKUP('json'), 'application/json');
    assert.equal(DEFAULT_LOOKUP('png'), undefined);
    assert.equal(DEFAULT_PARAMETER_VALUE('charset', 'UTF-8'), 'utf-8');
    assert.equal(DEFAULT_PARAMETER_VALUE('boundary', 'AbC'), 'AbC');
  });

  test('hasBody', () => {
    assert.equal(typeis3.hasBody, hasBody);
    assert.equal(hasBody(request({ 'transfer-encoding': 'chunked' })), true);
    assert.equal(hasBody(request({ 'content-length': '0' })), true);
    assert.equal(hasBody(request({ 'content-length': 'x' })), false);
    assert.equal(hasBody(request({})), false);
  });
});

describe('new TypeIs(types, options)', () => {
  test('is: the first configured type that matches, as configured, or undefined', () => {
    const isJson = new TypeIs(['application/json', 'application/*+json']);
    assert.equal(isJson.is('application/json'), 'application/json');
    assert.equal(isJson.is('Application/JSON; charset=utf-8'), 'application/json');
    assert.equal(isJson.is('application/vnd.api+json'), 'application/*+json');
    assert.equal(isJson.is('text/html'), undefined);
    assert.equal(isJson.is(''), undefined);
    assert.equal(isJson.is('garbage'), undefined);
    assert.equal(new TypeIs(['json', 'urlencoded']).is('application/x-www-form-urlencoded'), 'urlencoded');
    assert.equal(new TypeIs(['+json']).is('application/ld+json'), '+json');
    assert.equal(new TypeIs(['multipart']).is('multipart/form-data; boundary=x'), 'multipart');
    assert.equal(new TypeIs(['*/*']).is('text/plain'), '*/*');
  });

  test('parameters in a configured type must match; charset compared in any case', () => {
    const isUtf8Html = new TypeIs(['text/html; charset=UTF-8']);
    assert.equal(isUtf8Html.is('text/html; charset=utf-8'), 'text/html; charset=UTF-8');
    assert.equal(isUtf8Html.is('text/html;Charset="Utf-8"; level=1'), 'text/html; charset=UTF-8');
    assert.equal(isUtf8Html.is('text/html; charset=latin1'), undefined);
    assert.equal(isUtf8Html.is('text/html'), undefined);
    const v1 = new TypeIs(['application/json; version=1', 'application/json']);
    assert.equal(v1.is('application/json; version=1'), 'application/json; version=1');
    assert.equal(v1.is('application/json; version=V1'), 'application/json', 'other values are case-sensitive');
  });

  test('options.parameterValue and options.lookup', () => {
    const loose = new TypeIs(['a/b; v=X'], { parameterValue: (_key, value) => value.toLowerCase() });
    assert.equal(loose.is('a/b; v=x'), 'a/b; v=X');
    const withMime = new TypeIs(['html', 'png'], { lookup: (value) => lookup(value) || undefined });
    assert.equal(withMime.is('image/png'), 'png');
    const several = new TypeIs(['doc'], { lookup: () => ['application/msword', 'text/plain'] });
    assert.equal(several.is('text/plain'), 'doc');
  });

  test('a type that is not type/subtype once normalized throws', () => {
    assert.throws(() => new TypeIs(['html']), { name: 'TypeError', message: 'Invalid mime type: html' });
    assert.throws(() => new TypeIs(['text/']), { name: 'TypeError', message: 'Invalid mime type: text/' });
  });

  test('request: undefined without a body or a Content-Type, else is(header)', () => {
    const isJson = new TypeIs(['json']);
    assert.equal(isJson.request(request({ 'content-type': 'application/json', 'content-length': '2' })), 'json');
    assert.equal(
      isJson.request(request({ 'content-type': ['application/json'], 'transfer-encoding': 'chunked' })),
      'json',
    );
    assert.equal(isJson.request(request({ 'content-type': 'application/json' })), undefined, 'no body');
    assert.equal(isJson.request(request({ 'content-length': '2' })), undefined, 'no Content-Type');
    assert.equal(isJson.request(request({ 'content-type': 'text/html', 'content-length': '2' })), undefined);
  });

  test('contentType: an already parsed { type, parameters }', () => {
    assert.equal(new TypeIs(['text/*']).contentType({ type: 'text/css', parameters: {} }), 'text/*');
  });
});
