// path-to-regexp 9.0.0's API as `path9`, beside 8.4.2's top-level functions; written from
// path-to-regexp 9.0.0's Readme and published code (decision 034).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, match, parse, path9, PathError, pathToRegexp, TokenData } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

describe('path9.parse: a plain { tokens, originalPath }', () => {
  test('the tokens of 8, no TokenData class', () => {
    const data = path9.parse('/users{/:id}');
    assert.equal(data instanceof TokenData, false);
    assert.equal(Object.getPrototypeOf(data), Object.prototype);
    assert.deepEqual(data, { tokens: [...parse('/users{/:id}').tokens], originalPath: '/users{/:id}' });
    assert.equal(parse('/a') instanceof TokenData, true, '8.4.2 still returns a TokenData');
  });

  test("syntax errors are 8.4.2's", () => {
    assert.throws(
      () => path9.parse('/:id?'),
      (err: unknown) => err instanceof PathError && /^Unexpected \? at index 4 /.test(err.message),
    );
    assert.equal(path9.PathError, PathError);
  });

  test('stringify prints a parsed object back', () => {
    for (const path of ['/users{/:id}', '/:"a b"/*rest', '/a\\(b\\)'])
      assert.equal(path9.stringify(path9.parse(path)), path);
  });
});

describe('path9.match: earlier captures match lazily', () => {
  const cases: [string, string, false | Record<string, string | string[]>][] = [
    // 8 gives a = x-y, b = z
    ['/:a-:b', '/x-y-z', { a: 'x', b: 'y-z' }],
    ['/:a.:b.:c', '/1.2.3.4', { a: '1', b: '2', c: '3.4' }],
    ['/:name.:ext', '/archive.tar.gz', { name: 'archive', ext: 'tar.gz' }],
    ['/*a/*b', '/x/y/z', { a: ['x'], b: ['y', 'z'] }],
    ['/*a-:b', '/x-y/z-w', { a: ['x-y', 'z'], b: 'w' }],
    ['/:a-:b', '/x-', false],
    ['/:a', '/x', { a: 'x' }],
    ['/:a', '/x/', { a: 'x' }],
  ];
  for (const [path, input, params] of cases) {
    test(`${path} on ${input}`, () => {
      const result = path9.match(path)(input);
      if (params === false) assert.equal(result, false);
      else {
        assert.ok(result);
        assert.deepEqual({ ...result.params }, params);
      }
    });
  }

  test('8.4.2 (match at the top level, what the router uses) is unchanged', () => {
    const result = match('/:a-:b')('/x-y-z');
    assert.ok(result);
    assert.deepEqual({ ...result.params }, { a: 'x-y', b: 'z' });
  });

  test('no optional trailing delimiter after a path that ends with one', () => {
    assert.ok(path9.match('/a/')('/a/'));
    assert.equal(path9.match('/a/')('/a//'), false);
    assert.ok(match('/a/')('/a//'), '8.4.2 allows it');
    assert.ok(path9.match('/a')('/a/'));
    assert.equal(path9.match('/a', { trailing: false })('/a/'), false);
  });

  test('options: end, sensitive, delimiter, decode', () => {
    const prefix = path9.match('/a', { end: false })('/a/b');
    assert.ok(prefix);
    assert.equal(prefix.path, '/a');
    assert.equal(path9.match('/A', { sensitive: true })('/a'), false);
    const dotted = path9.match(':a.:b', { delimiter: '/' })('x.y.z');
    assert.ok(dotted);
    assert.deepEqual({ ...dotted.params }, { a: 'x', b: 'y.z' });
    const raw = path9.match('/:a', { decode: false })('/%20');
    assert.ok(raw);
    assert.equal(raw.params.a, '%20');
  });

  test('the regexp: lazy captures as atomic groups, per-alternative trailing delimiter', () => {
    assert.equal(path9.pathToRegexp('/:a-:b').regexp.source, '^(?:\\/(?=([^\\/]+?)-)(?:\\1)-([^\\/]+)(?:\\/$)?)$');
    assert.equal(path9.pathToRegexp('/a{/b}').regexp.source, '^(?:\\/a\\/b(?:\\/$)?|\\/a(?:\\/$)?)$');
    assert.equal(pathToRegexp('/a{/b}').regexp.source, '^(?:\\/a\\/b|\\/a)(?:\\/$)?$', '8.4.2');
  });

  test('errors of the regexp: missing text, too many combinations', () => {
    assert.throws(() => path9.match('/:a:b'), { code: 'BRISK_ERR_PATH_MISSING_TEXT' });
    assert.throws(() => path9.match('{/:a}{/:b}{/:c}{/:d}{/:e}{/:f}{/:g}{/:h}{/:i}'), {
      code: 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS',
    });
  });

  test('linear time on hostile inputs', () => {
    const shapes: [string, (n: number) => string, number?][] = [
      ['/:a-:b-:c', (n) => '/' + '-'.repeat(n) + '/!'],
      ['/:a..:b', (n) => '/' + '.'.repeat(n) + '/'],
      ['/*a/*b/:c', (n) => '/'.repeat(n) + '!', 1024],
      ['/*a-:b-*c-:d', (n) => '/' + '-/'.repeat(n / 2) + '!', 2048],
      ['/*a.html/*b', (n) => '/' + '.html/'.repeat(n / 6) + '.html', 8192],
    ];
    for (const [pattern, build, n] of shapes) {
      const fn = path9.match(pattern);
      assertLinear(`path9 ${pattern}`, build, (input) => fn(input), n ? { n } : {});
    }
  });
});

describe('path9.compile: no empty parameter', () => {
  test('builds paths as 8 does', () => {
    assert.equal(path9.compile('/users/:id')({ id: 'a b' }), '/users/a%20b');
    assert.equal(path9.compile('/*rest')({ rest: ['a', 'b'] }), '/a/b');
    assert.equal(path9.compile('/a{/:b}')({}), '/a');
  });

  test('an empty string or an empty joined wildcard throws', () => {
    assert.throws(() => path9.compile('/:id')({ id: '' }), {
      name: 'TypeError',
      message: 'Expected "id" to be a non-empty string',
    });
    assert.throws(() => path9.compile('/*rest')({ rest: [''] }), {
      name: 'TypeError',
      message: 'Expected "rest" to be a non-empty array',
    });
    assert.throws(() => path9.compile('/*rest')({ rest: [] }), { message: 'Expected "rest" to be a non-empty array' });
    assert.throws(() => path9.compile('/:id')({ id: 5 as unknown as string }), {
      message: 'Expected "id" to be a non-empty string',
    });
    assert.equal(compile('/:id')({ id: '' }), '/', '8.4.2 writes an empty value');
  });
});
