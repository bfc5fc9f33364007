// Every error: class, exact message, code, originalPath. (docs/errors.md is kept in step with the
// codes by the repository's test/errors.test.ts.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, match, parse, PathError, pathToRegexp, stringify, TokenData, type Token } from '../src/index.js';
import type { PathErrorCode } from '../src/errors.js';

interface ErrorCase {
  path: string;
  message: string;
  code: PathErrorCode;
}

/** Syntax errors, as thrown by parse() (and so by match, compile and pathToRegexp). */
const PARSE_ERRORS: ErrorCase[] = [
  {
    path: '/:',
    code: 'BRISK_ERR_PATH_MISSING_NAME',
    message:
      'Missing parameter name at index 2 (write a name after ":", e.g. :id or :"user-id"): /:; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-parameter-name',
  },
  {
    path: '/:-x',
    code: 'BRISK_ERR_PATH_MISSING_NAME',
    message:
      'Missing parameter name at index 2 (write a name after ":", e.g. :id or :"user-id"): /:-x; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-parameter-name',
  },
  {
    path: '/:1st',
    code: 'BRISK_ERR_PATH_MISSING_NAME',
    message:
      'Missing parameter name at index 2 (write a name after ":", e.g. :id or :"user-id"): /:1st; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-parameter-name',
  },
  {
    path: '/:""/x',
    code: 'BRISK_ERR_PATH_MISSING_NAME',
    message:
      'Missing parameter name at index 4 (write a name after ":", e.g. :id or :"user-id"): /:""/x; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-parameter-name',
  },
  {
    path: '/😀/:',
    code: 'BRISK_ERR_PATH_MISSING_NAME',
    message:
      'Missing parameter name at index 4 (write a name after ":", e.g. :id or :"user-id"): /😀/:; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-parameter-name',
  },
  {
    path: '/:"id',
    code: 'BRISK_ERR_PATH_UNTERMINATED_QUOTE',
    message:
      'Unterminated quote at index 2 (close the name with "): /:"id; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unterminated-quote',
  },
  {
    path: '/:"id\\"',
    code: 'BRISK_ERR_PATH_UNTERMINATED_QUOTE',
    message:
      'Unterminated quote at index 2 (close the name with "): /:"id\\"; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unterminated-quote',
  },
  {
    path: '/*"a\\',
    code: 'BRISK_ERR_PATH_UNTERMINATED_QUOTE',
    message:
      'Unterminated quote at index 2 (close the name with "): /*"a\\; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unterminated-quote',
  },
  {
    path: '/a\\',
    code: 'BRISK_ERR_PATH_UNTERMINATED_ESCAPE',
    message:
      'Unexpected end after \\ at index 3 (a "\\" must be followed by the character it escapes, e.g. \\\\ for a backslash): /a\\; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unterminated-escape',
  },
  {
    path: '/users/:id?',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      "Unexpected ? at index 10 (Express 4's optional /:id? is gone: write {/:id} instead): /users/:id?; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax",
  },
  {
    path: '/file.:ext?',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      "Unexpected ? at index 10 (Express 4's optional :ext? is gone: write {:ext} instead): /file.:ext?; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax",
  },
  {
    path: '/files/:path+',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      "Unexpected + at index 12 (Express 4's one-or-more /:path+ is gone: write /*path instead): /files/:path+; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax",
  },
  {
    path: '/files/:path*',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      "Missing parameter name at index 13 (Express 4's zero-or-more /:path* is gone: write {/*path} instead): /files/:path*; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax",
  },
  {
    path: ':id*',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      "Missing parameter name at index 4 (Express 4's zero-or-more :id* is gone: write {*id} instead): :id*; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax",
  },
  {
    path: '/*',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      'Missing parameter name at index 2 (Express 4\'s bare "*" is gone: name the wildcard, e.g. /*splat, or /{*splat} to match "/" too): /*; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax',
  },
  {
    path: '/:id(\\d+)',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      'Unexpected ( at index 4 (regular expressions are not supported: remove the (...) after :id and check the value in the handler, or write \\( to match "(" literally): /:id(\\d+); visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax',
  },
  {
    path: '/foo(x)',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      'Unexpected ( at index 4 (regular expressions are not supported: write \\( to match "(" literally): /foo(x); visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax',
  },
  {
    path: '/what?',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      'Unexpected ? at index 5 ("?" is reserved: write \\? to match it literally, or {...} around an optional part): /what?; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax',
  },
  {
    path: '/a+b',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      'Unexpected + at index 2 ("+" is reserved: write \\+ to match it literally, or *name for one or more segments): /a+b; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax',
  },
  {
    path: '/a[b]',
    code: 'BRISK_ERR_PATH_UNEXPECTED_TOKEN',
    message:
      'Unexpected [ at index 2 ("[" is reserved: write \\[ to match it literally): /a[b]; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unexpected-token',
  },
  {
    path: '/a{/b)}',
    code: 'BRISK_ERR_PATH_UNEXPECTED_TOKEN',
    message:
      'Unexpected ) at index 5 (")" is reserved: write \\) to match it literally): /a{/b)}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unexpected-token',
  },
  {
    path: '/hey!',
    code: 'BRISK_ERR_PATH_UNEXPECTED_TOKEN',
    message:
      'Unexpected ! at index 4 ("!" is reserved: write \\! to match it literally): /hey!; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unexpected-token',
  },
  {
    path: '/a}',
    code: 'BRISK_ERR_PATH_UNBALANCED_BRACES',
    message:
      'Unexpected } at index 2 (no "{" to close: remove it or write \\} to match "}" literally): /a}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unbalanced-braces',
  },
  {
    path: '/{a{b}',
    code: 'BRISK_ERR_PATH_UNBALANCED_BRACES',
    message:
      'Unexpected end at index 6, expected } (the "{" at index 1 is never closed: add "}" or write \\{ to match "{" literally): /{a{b}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unbalanced-braces',
  },
  // Precedence as path-to-regexp 8.4.2 (one scan): the first error from the left, so a reserved
  // character before a name error, an unclosed brace or a trailing backslash is reported first.
  // (8.4.1 read every name first: /(: was "Missing parameter name at index 3".)
  {
    path: '/(:',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      'Unexpected ( at index 1 (regular expressions are not supported: write \\( to match "(" literally): /(:; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax',
  },
  {
    path: '/:a?/:',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      "Unexpected ? at index 3 (Express 4's optional /:a? is gone: write {/:a} instead): /:a?/:; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax",
  },
  {
    path: '/{(}[',
    code: 'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    message:
      'Unexpected ( at index 2 (regular expressions are not supported: write \\( to match "(" literally): /{(}[; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#express-4-syntax',
  },
  {
    path: '/{[\\',
    code: 'BRISK_ERR_PATH_UNEXPECTED_TOKEN',
    message:
      'Unexpected [ at index 2 ("[" is reserved: write \\[ to match it literally): /{[\\; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#unexpected-token',
  },
];

/** Errors found when the path is turned into a regexp (match, pathToRegexp). */
const REGEXP_ERRORS: ErrorCase[] = [
  {
    path: '/:a:b',
    code: 'BRISK_ERR_PATH_MISSING_TEXT',
    message:
      'Missing text before "b" param at index 4 (separate two parameters with text, e.g. /:a-:b, or put them in different segments): /:a:b; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-text-between-parameters',
  },
  {
    path: '/:a*b',
    code: 'BRISK_ERR_PATH_MISSING_TEXT',
    message:
      'Missing text before "b" wildcard at index 4 (separate two parameters with text, e.g. /:a-:b, or put them in different segments): /:a*b; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-text-between-parameters',
  },
  {
    path: '/:a{:b}',
    code: 'BRISK_ERR_PATH_MISSING_TEXT',
    message:
      'Missing text before "b" param at index 5 (separate two parameters with text, e.g. /:a-:b, or put them in different segments): /:a{:b}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-text-between-parameters',
  },
  {
    path: '{/:a}{/:b}{/:c}{/:d}{/:e}{/:f}{/:g}{/:h}{/:i}',
    code: 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS',
    message:
      'Too many path combinations at index 41 (the optional groups expand to more than 256 alternatives: use fewer {...} groups or several paths): {/:a}{/:b}{/:c}{/:d}{/:e}{/:f}{/:g}{/:h}{/:i}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#too-many-path-combinations',
  },
  {
    path: '/x{{/:a}{/:b}{/:c}{/:d}{/:e}{/:f}{/:g}{/:h}}',
    code: 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS',
    message:
      'Too many path combinations at index 3 (the optional groups expand to more than 256 alternatives: use fewer {...} groups or several paths): /x{{/:a}{/:b}{/:c}{/:d}{/:e}{/:f}{/:g}{/:h}}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#too-many-path-combinations',
  },
];

function assertPathError(fn: () => unknown, c: ErrorCase): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof PathError);
    assert.ok(err instanceof TypeError);
    assert.equal(err.name, 'TypeError');
    assert.equal(err.message, c.message);
    assert.equal(err.code, c.code);
    assert.equal(err.originalPath, c.path);
    return true;
  });
}

describe('syntax errors', () => {
  for (const c of PARSE_ERRORS) {
    test(c.path, () => {
      assertPathError(() => parse(c.path), c);
      assertPathError(() => match(c.path), c);
      assertPathError(() => compile(c.path), c);
      assertPathError(() => pathToRegexp(c.path), c);
    });
  }
});

describe('regexp errors', () => {
  for (const c of REGEXP_ERRORS) {
    test(c.path, () => {
      parse(c.path); // valid syntax
      assertPathError(() => match(c.path), c);
      assertPathError(() => pathToRegexp(c.path), c);
    });
  }

  test('an alternative that fails comes before the limit, as upstream generates them', () => {
    const path = '/:a:b{/x}{/x}{/x}{/x}{/x}{/x}{/x}{/x}{/x}';
    assert.throws(() => match(path), { code: 'BRISK_ERR_PATH_MISSING_TEXT' });
  });

  test('hand-made tokens: no index, no path', () => {
    const data = {
      tokens: [
        { type: 'param', name: 'a' },
        { type: 'wildcard', name: 'b' },
      ] as Token[],
    };
    assert.throws(() => match(data), {
      name: 'TypeError',
      code: 'BRISK_ERR_PATH_MISSING_TEXT',
      message:
        'Missing text before "b" wildcard (separate two parameters with text, e.g. /:a-:b, or put them in different segments); visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-text-between-parameters',
      originalPath: undefined,
    });
  });

  test('256 alternatives in total over an array of paths', () => {
    const paths = Array.from({ length: 256 }, (_, i) => `/p${i}`);
    assert.equal(match(paths)('/p255')?.constructor, Object);
    assert.throws(() => match([...paths, '/one-too-many']), {
      name: 'TypeError',
      code: 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS',
      message:
        'Too many path combinations (the optional groups expand to more than 256 alternatives: use fewer {...} groups or several paths): /one-too-many; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#too-many-path-combinations',
    });
    // Exactly 256: 8 optional groups.
    assert.equal(pathToRegexp('{/:a}{/:b}{/:c}{/:d}{/:e}{/:f}{/:g}{/:h}').keys.length, 1024);
    // The group that crosses the limit, counting the paths before it.
    assert.throws(() => match([...paths.slice(0, 254), '/x{/:a}{/:b}']), {
      message: /^Too many path combinations at index 8 \(/,
    });
  });

  test('an array that contains itself is bounded', () => {
    const paths: unknown[] = ['/a'];
    paths.push(paths);
    assert.throws(() => match(paths as string[]), { code: 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS' });
  });

  test('a huge array of empty arrays is bounded too', () => {
    const empties = Array.from({ length: 20000 }, () => []);
    assert.throws(() => pathToRegexp(empties), {
      code: 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS',
      message:
        'Too many path combinations (more than 256 alternatives); visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#too-many-path-combinations',
    });
  });
});

describe('invalid input', () => {
  for (const [value, type] of [
    [undefined, 'undefined'],
    [null, 'null'],
    [42, 'number'],
    [{}, 'object'],
  ] as const) {
    test(`path ${type}`, () => {
      const expected = {
        name: 'TypeError',
        code: 'BRISK_ERR_PATH_INVALID_PATH',
        message: `Expected a string path or TokenData, got ${type}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#invalid-path`,
      };
      assert.throws(() => match(value as unknown as string), expected);
      assert.throws(() => compile(value as unknown as string), expected);
      if (typeof value !== 'object' || value === null) {
        assert.throws(() => parse(value as unknown as string), {
          ...expected,
          message: `Expected a string path, got ${type}; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#invalid-path`,
        });
      }
    });
  }

  test('unknown token types', () => {
    const data = new TokenData([{ type: 'text', value: '/' }, { type: 'regex' } as unknown as Token]);
    const expected = { name: 'TypeError', message: 'Unknown token type: regex', code: 'BRISK_ERR_PATH_UNKNOWN_TOKEN' };
    assert.throws(() => match(data), expected);
    assert.throws(() => compile(data), expected);
    assert.throws(() => stringify(data), expected);
    assert.throws(() => compile(new TokenData([{ type: 'group', tokens: [{ type: 'x' } as unknown as Token] }])), {
      ...expected,
      message: 'Unknown token type: x',
    });
  });
});

describe('compile errors', () => {
  test('TypeErrors with upstream messages and a code', () => {
    assert.throws(() => compile('/:a/:b')({}), {
      name: 'TypeError',
      message: 'Missing parameters: a, b',
      code: 'BRISK_ERR_PATH_MISSING_PARAMETERS',
    });
    assert.throws(() => compile('/:a')({ a: 1 } as never), {
      message: 'Expected "a" to be a string',
      code: 'BRISK_ERR_PATH_INVALID_PARAMETER',
    });
    assert.throws(() => compile('/*a')({ a: [] }), {
      message: 'Expected "a" to be a non-empty array',
      code: 'BRISK_ERR_PATH_INVALID_PARAMETER',
    });
    assert.throws(() => compile('/*a')({ a: ['x', null] } as never), {
      message: 'Expected "a/1" to be a string',
      code: 'BRISK_ERR_PATH_INVALID_PARAMETER',
    });
    // No params at all is an empty object.
    assert.throws(() => compile('/:a')(), { message: 'Missing parameters: a' });
  });
});

describe('malformed percent-encoding', () => {
  for (const [path, input] of [
    ['/user/:id', '/user/%E0%A4%A'],
    ['/files/*path', '/files/ok/%zz'],
    ['/:a-:b', '/x-%'],
  ]) {
    test(`${path} ← ${input}`, () => {
      assert.throws(
        () => match(path)(input),
        (err: unknown) => {
          assert.ok(err instanceof URIError);
          assert.equal(err.message, 'URI malformed');
          assert.deepEqual(
            { code: (err as URIError & { code: string }).code, status: (err as URIError & { status: number }).status },
            { code: 'BRISK_ERR_PATH_MALFORMED_ENCODING', status: 400 },
          );
          assert.equal((err as URIError & { statusCode: number }).statusCode, 400);
          assert.equal((err as URIError & { expose: boolean }).expose, true);
          return true;
        },
      );
      // Explicitly passing decodeURIComponent behaves the same.
      assert.throws(() => match(path, { decode: decodeURIComponent })(input), {
        code: 'BRISK_ERR_PATH_MALFORMED_ENCODING',
      });
    });
  }

  test('a custom decoder’s errors pass through untouched', () => {
    const boom = new URIError('mine');
    assert.throws(
      () =>
        match('/:a', {
          decode: () => {
            throw boom;
          },
        })('/x'),
      (err) => err === boom && !('code' in boom),
    );
  });
});

describe('PathError', () => {
  test('constructed by hand, like upstream’s (message, originalPath)', () => {
    const err = new PathError('Something', '/p');
    assert.equal(
      err.message,
      'Something: /p; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#briskpath',
    );
    assert.equal(err.originalPath, '/p');
    assert.equal(err.code, undefined);
    assert.equal(
      new PathError('Something', undefined).message,
      'Something; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#briskpath',
    );
    assert.equal(
      new PathError('Something', '', 'BRISK_ERR_PATH_MISSING_NAME').message,
      'Something; visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#missing-parameter-name',
    );
  });
});
