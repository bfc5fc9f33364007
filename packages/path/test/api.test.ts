// The public surface: exports, TokenData, pathToRegexp's regexp and keys, option plumbing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from '../src/index.js';
import { compile, match, parse, pathToRegexp, stringify, TokenData, type Token } from '../src/index.js';

describe('exports', () => {
  test('the named exports of path-to-regexp 8.4.2, path9 (9.0.0), and no default', () => {
    assert.deepEqual(Object.keys(path).sort(), [
      'PathError',
      'TokenData',
      'compile',
      'match',
      'parse',
      'path9',
      'pathToRegexp',
      'stringify',
    ]);
    assert.deepEqual(Object.keys(path.path9).sort(), [
      'PathError',
      'compile',
      'match',
      'parse',
      'pathToRegexp',
      'stringify',
    ]);
  });
});

describe('TokenData', () => {
  test('holds tokens and the original path', () => {
    const tokens: Token[] = [{ type: 'text', value: '/' }];
    const data = new TokenData(tokens, '/');
    assert.equal(data.tokens, tokens);
    assert.equal(data.originalPath, '/');
    assert.deepEqual(Object.keys(new TokenData([])), ['tokens', 'originalPath']);
    assert.equal(new TokenData([]).originalPath, undefined);
  });
});

describe('pathToRegexp', () => {
  test('regexp source and flags', () => {
    const cases: Array<[string, path.PathToRegexpOptions, string, string]> = [
      ['/users', {}, '^(?:\\/users)(?:\\/$)?$', 'i'],
      ['/users/:id', {}, '^(?:\\/users\\/([^\\/]+))(?:\\/$)?$', 'i'],
      ['/users/:id', { sensitive: true, trailing: false }, '^(?:\\/users\\/([^\\/]+))$', ''],
      ['/users/:id', { end: false }, '^(?:\\/users\\/([^\\/]+))(?:\\/$)?(?=\\/|$)', 'i'],
      ['/:a-:b', {}, '^(?:\\/([^\\/]+)-([^\\/-]+|-))(?:\\/$)?$', 'i'],
      ['/:a..:b', {}, '^(?:\\/([^\\/]+)\\.\\.((?:(?!\\.\\.)[^\\/])+|\\.\\.))(?:\\/$)?$', 'i'],
      ['/*a', {}, '^(?:\\/([^]+))(?:\\/$)?$', 'i'],
      ['/*a/*b', {}, '^(?:\\/([^]+)\\/([^\\/]+))(?:\\/$)?$', 'i'],
      ['/*a.html/*b', {}, '^(?:\\/([^]+)\\.html\\/((?:(?!\\.html\\/)[^])+|[^\\/]+))(?:\\/$)?$', 'i'],
      ['/:a-*b', {}, '^(?:\\/([^\\/-]+)-([^]+))(?:\\/$)?$', 'i'],
      ['/*a-:b', {}, '^(?:\\/([^]+)-([^\\/-]+))(?:\\/$)?$', 'i'],
      ['/*a-*b', {}, '^(?:\\/([^]+)-([^-]+))(?:\\/$)?$', 'i'],
      ['/users{/:id}', {}, '^(?:\\/users\\/([^\\/]+)|\\/users)(?:\\/$)?$', 'i'],
      [':a', { delimiter: '.' }, '^(?:([^\\.]+))(?:\\.$)?$', 'i'],
      ['/:a-:b', { delimiter: '::' }, '^(?:\\/((?:(?!::)[^])+)-((?:(?!::)[^-])+|-))(?:::$)?$', 'i'],
      ['/a', { delimiter: '' }, '^(?:\\/a)(?:$)?$', 'i'],
      ['/:a---:b', { delimiter: '::' }, '^(?:\\/((?:(?!::)[^])+)---((?:(?!---|::)[^])+|---))(?:::$)?$', 'i'],
    ];
    for (const [p, options, source, flags] of cases) {
      const { regexp } = pathToRegexp(p, options);
      assert.equal(regexp.source, source, p);
      assert.equal(regexp.flags, flags, p);
    }
  });

  test('keys: one per capture, per alternative, as the token objects themselves', () => {
    const data = parse('/:a{/:b}');
    const { regexp, keys } = pathToRegexp(data);
    const a = data.tokens[1];
    const b = (data.tokens[2] as path.Group).tokens[1];
    assert.deepEqual(keys, [a, b, a]);
    assert.equal(keys[0], a);
    assert.equal(keys[1], b);
    assert.deepEqual(regexp.exec('/x')?.slice(1), [undefined, undefined, 'x']);
  });

  // path-to-regexp 8.4.2 (what Express 5.3 installs) reads nested arrays depth-first, in document
  // order; 8.4.1 read them breadth-first (['a', 'd', 'b', 'c'] here)
  test('arrays are read depth-first, in document order', () => {
    const { keys, regexp } = pathToRegexp(['/:a', ['/:b', ['/:c']], '/:d']);
    assert.deepEqual(
      keys.map((k) => k.name),
      ['a', 'b', 'c', 'd'],
    );
    const nested = pathToRegexp([['/a/:x'], '/:y', [['/b/:z'], '/c']]);
    assert.equal(nested.regexp.source, '^(?:\\/a\\/([^\\/]+)|\\/([^\\/]+)|\\/b\\/([^\\/]+)|\\/c)(?:\\/$)?$');
    assert.equal(regexp.exec('/x')?.[1], 'x');
  });

  test('parse options reach parse', () => {
    assert.equal(pathToRegexp('/é', { encodePath: encodeURI }).regexp.source, '^(?:\\/%C3%A9)(?:\\/$)?$');
  });
});

describe('match', () => {
  test('takes TokenData, { tokens } objects and mixed arrays', () => {
    const tokens: Token[] = [
      { type: 'text', value: '/' },
      { type: 'param', name: 'x' },
    ];
    assert.deepEqual(match(new TokenData(tokens, '/[x]'))('/1'), {
      path: '/1',
      params: Object.assign(Object.create(null), { x: '1' }),
    });
    assert.deepEqual(match({ tokens })('/2'), { path: '/2', params: Object.assign(Object.create(null), { x: '2' }) });
    assert.deepEqual(match([{ tokens: [{ type: 'text', value: '/t' }] }, '/s/:y'])('/s/q'), {
      path: '/s/q',
      params: Object.assign(Object.create(null), { y: 'q' }),
    });
  });

  test('params is prototype-less: no key can reach Object.prototype', () => {
    const result = match('/:__proto__/:constructor/:toString')('/a/b/c');
    assert.ok(result);
    assert.equal(Object.getPrototypeOf(result.params), null);
    assert.deepEqual(Object.keys(result.params), ['__proto__', 'constructor', 'toString']);
    assert.equal(({} as Record<string, unknown>).a, undefined);
  });

  test('parse options: encodePath', () => {
    const fn = match('/café/:x', { encodePath: encodeURI });
    assert.deepEqual(fn('/caf%C3%A9/1'), {
      path: '/caf%C3%A9/1',
      params: Object.assign(Object.create(null), { x: '1' }),
    });
  });

  test('a custom decoder gets (value) for params, (value, index, segments) per wildcard segment', () => {
    const calls: unknown[][] = [];
    const decode = (...args: unknown[]) => {
      calls.push(args);
      return String(args[0]);
    };
    match('/:a/*b', { decode: decode as path.Decode })('/x/y/z');
    assert.deepEqual(calls, [['x'], ['y', 0, ['y', 'z']], ['z', 1, ['y', 'z']]]);
  });

  test('non-string input is converted as RegExp#exec does', () => {
    assert.deepEqual(match('undefined')(undefined as unknown as string), {
      path: 'undefined',
      params: Object.create(null),
    });
    assert.deepEqual(match(':x')(42 as unknown as string), {
      path: '42',
      params: Object.assign(Object.create(null), { x: '42' }),
    });
  });

  test('the same matcher serves many inputs', () => {
    const fn = match('/users/:id');
    for (let i = 0; i < 100; i++) {
      assert.deepEqual(fn(`/users/${i}`), {
        path: `/users/${i}`,
        params: Object.assign(Object.create(null), { id: String(i) }),
      });
    }
  });
});

describe('compile', () => {
  test('a path without parameters ignores its argument', () => {
    const toPath = compile('/a{/b}');
    assert.equal(toPath(), '/a/b');
    assert.equal(toPath({ x: 'y' }), '/a/b');
  });

  test('takes TokenData and parse options', () => {
    assert.equal(compile(parse('/a/:b'))({ b: 'c d' }), '/a/c%20d');
    assert.equal(compile('/é/:b', { encodePath: encodeURI })({ b: 'é' }), '/%C3%A9/%C3%A9');
  });

  test('reads parameters as properties, inherited ones included (as upstream)', () => {
    class Params {
      get id() {
        return 'from-getter';
      }
    }
    assert.equal(compile('/:id')(new Params() as unknown as { id: string }), '/from-getter');
    assert.equal(compile('/:id')(Object.create({ id: 'from-prototype' })), '/from-prototype');
    assert.equal(compile('/:id')(Object.create(Object.create({ id: 'deeper' }))), '/deeper');
  });

  // path-to-regexp 8.4.1 reads params[name], Object.prototype included: compile('/a{/:toString}')({})
  // throws 'Expected "toString" to be a string' there (decision 008).
  const PROTOTYPE_NAMES = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__proto__'];

  test('a parameter named like an Object.prototype member is missing unless given', () => {
    for (const name of PROTOTYPE_NAMES) {
      assert.equal(compile(`/a{/:${name}}`)({}), '/a', name);
      assert.equal(compile(`/a{/*${name}}`)({}), '/a', name);
      assert.throws(() => compile(`/:${name}`)({}), {
        name: 'TypeError',
        message: `Missing parameters: ${name}`,
        code: 'BRISK_ERR_PATH_MISSING_PARAMETERS',
      });
      // Also on objects made by a class or by Object.create (a class's prototype has its own constructor).
      assert.equal(compile(`/a{/:${name}}`)(Object.create({ other: 'x' })), '/a', name);
      assert.equal(compile(`/a{/:${name}}`)(new (class {})()), '/a', name);
    }
  });

  test('such a parameter is read when given, as an own property', () => {
    for (const name of PROTOTYPE_NAMES) {
      const params = Object.defineProperty({}, name, { value: 'v w', enumerable: true });
      assert.equal(compile(`/a/:${name}`)(params), '/a/v%20w', name);
      assert.equal(compile(`/a/*${name}`)(Object.defineProperty({}, name, { value: ['b', 'c'] })), '/a/b/c', name);
      const nullProto = Object.assign(Object.create(null), { [name]: 'x' });
      assert.equal(compile(`/a/:${name}`)(nullProto), '/a/x', name);
    }
    // Not even a class's own method of that name: the parameter is missing (upstream calls it a bad value).
    class Params {
      toString() {
        return 'not a parameter';
      }
    }
    assert.throws(() => compile('/:toString')(new Params() as never), { message: 'Missing parameters: toString' });
  });
});

describe('stringify', () => {
  // path-to-regexp 8.4.1 quotes with JSON.stringify: '\t' is printed `\t`, which parse reads as `t`
  // (decision 008). Only `"` and `\` are escaped; every other character is printed as it is.
  const NAMES = [
    '\t',
    '\u0000',
    '\n\r',
    '\u001f',
    'a\\b',
    'a"b',
    '\\"',
    '\ud800',
    'x\udc00y',
    '\u2028',
    '\u007f',
    '😀\b',
  ];

  test('quoted names with control characters, backslashes and lone surrogates parse back', () => {
    for (const name of NAMES) {
      for (const type of ['param', 'wildcard'] as const) {
        const data = new TokenData([
          { type: 'text', value: '/' },
          { type, name },
          { type: 'text', value: 'x' },
        ]);
        const printed = stringify(data);
        assert.deepEqual(parse(printed).tokens, data.tokens, JSON.stringify(printed));
      }
    }
  });

  test('prints the characters as they are, escaping only " and \\', () => {
    const printed = (name: string) => stringify({ tokens: [{ type: 'param', name }] });
    assert.equal(printed('\t'), ':"\t"');
    assert.equal(printed('\u0000'), ':"\u0000"');
    assert.equal(printed('a\\b'), ':"a\\\\b"');
    assert.equal(printed('a"b'), ':"a\\"b"');
    assert.equal(printed('\ud800'), ':"\ud800"');
    assert.equal(printed('user id'), ':"user id"');
  });

  test('a compiled path and its matcher agree on such names', () => {
    for (const name of NAMES) {
      const pattern = stringify({
        tokens: [
          { type: 'text', value: '/a/' },
          { type: 'param', name },
        ],
      });
      const path = compile(pattern)({ [name]: 'v' });
      assert.equal(path, '/a/v');
      const result = match(pattern)(path);
      assert.ok(result);
      assert.deepEqual(Object.keys(result.params), [name]);
    }
  });
});
