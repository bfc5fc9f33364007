// Property-based tests of @brisk/path: any pattern either parses or throws a coded PathError;
// parse/stringify round-trip; compile then match gives the parameters back; matching throws only
// the documented 400 URIError; parse, stringify and match grow linearly with hostile input.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, match, parse, path9, PathError, pathToRegexp, stringify, TokenData, type Token } from '@brisk/path';
import { anyText, assertLinear, check, fc, hostile, word } from './support/fuzz.js';

/** Codes a syntax error may carry (docs/errors.md, @brisk/path). */
const SYNTAX_CODES = new Set([
  'BRISK_ERR_PATH_MISSING_NAME',
  'BRISK_ERR_PATH_UNTERMINATED_QUOTE',
  'BRISK_ERR_PATH_UNTERMINATED_ESCAPE',
  'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
  'BRISK_ERR_PATH_UNEXPECTED_TOKEN',
  'BRISK_ERR_PATH_UNBALANCED_BRACES',
]);
/** Codes `match()` / `pathToRegexp()` add to those of `parse()`. */
const MATCH_CODES = new Set([...SYNTAX_CODES, 'BRISK_ERR_PATH_MISSING_TEXT', 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS']);

/** Asserts `err` is a PathError with one of `codes`, naming the pattern and its docs section. */
function assertPathError(err: unknown, codes: Set<string>, pattern: string): void {
  assert.ok(err instanceof PathError, `not a PathError: ${String(err)}`);
  assert.ok(err instanceof TypeError);
  assert.ok(codes.has(err.code as string), `code ${err.code}`);
  assert.equal(err.originalPath, pattern);
  assert.match(err.message, /; visit https:\/\/github\.com\/briskjs\/brisk\/blob\/main\/docs\/errors\.md#[a-z0-9-]+$/);
}

/** Calls `fn`, which may throw only the documented 400 URIError of a malformed parameter. */
function matchOrMalformed<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    assert.ok(err instanceof URIError, `not a URIError: ${String(err)}`);
    const e = err as URIError & Record<string, unknown>;
    assert.equal(e.message, 'URI malformed');
    assert.equal(e.code, 'BRISK_ERR_PATH_MALFORMED_ENCODING');
    assert.equal(e.status, 400);
    assert.equal(e.statusCode, 400);
    assert.equal(e.expose, true);
    return undefined;
  }
}

/** The syntax characters of patterns, with names, quotes, escapes and delimiters. */
const PATTERN_SPECIALS = [
  '/',
  '/',
  ':',
  ':a',
  ':id',
  '*',
  '*rest',
  '{',
  '}',
  '{/',
  '(',
  ')',
  '[',
  ']',
  '+',
  '?',
  '!',
  '\\',
  '"',
  ':"x y"',
  '-',
  '.',
  'a',
  '%',
  '%2F',
  'é',
];
const patterns = hostile(PATTERN_SPECIALS, { maxParts: 20, maxRun: 12 });

/** Inputs for matchers: paths with separators, escapes (valid and malformed) and unicode. */
const INPUT_SPECIALS = ['/', '/', '-', '.', 'a', 'x', 'id', '%', '%2F', '%E0%A4%A', '%41', '%zz', '😀', ' ', '//'];
const inputs = hostile(INPUT_SPECIALS, { maxParts: 16, maxRun: 20 });

describe('@brisk/path: any pattern', () => {
  test('parse returns tokens or throws a coded PathError; stringify prints tokens that parse back the same', () => {
    check(
      fc.property(patterns, (pattern) => {
        let data: TokenData;
        try {
          data = parse(pattern);
        } catch (err) {
          assertPathError(err, SYNTAX_CODES, pattern);
          return;
        }
        const printed = stringify(data);
        const again = parse(printed);
        assert.deepEqual(again.tokens, data.tokens, `via ${JSON.stringify(printed)}`);
        assert.equal(stringify(again), printed);
      }),
      250,
    );
  });

  test('match compiles or throws a coded PathError; the matcher returns false or a match, or the 400 URIError', () => {
    check(
      fc.property(patterns, fc.array(inputs, { maxLength: 4 }), (pattern, paths) => {
        let fn: ReturnType<typeof match>;
        try {
          fn = match(pattern);
        } catch (err) {
          assertPathError(err, MATCH_CODES, pattern);
          return;
        }
        for (const path of paths) {
          const result = matchOrMalformed(() => fn(path));
          if (result === undefined || result === false) continue;
          assert.equal(typeof result.path, 'string');
          assert.equal(Object.getPrototypeOf(result.params), null);
          for (const value of Object.values(result.params)) {
            assert.ok(typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string')));
          }
        }
        // The same pattern, prefix-matching and case-sensitive: same contract.
        const loose = match(pattern, { end: false, sensitive: true, trailing: false });
        for (const path of paths) matchOrMalformed(() => loose(path));
      }),
      200,
    );
  });
});

// path-to-regexp 9 (decision 034): the same contract with 9's regexps, and the same set of
// inputs matched as 8 where 9 only changes how a match is split (not the trailing delimiter)
describe('@brisk/path: path9 on any pattern', () => {
  test('match compiles or throws a coded PathError; the matcher returns false or a match, or the 400 URIError', () => {
    check(
      fc.property(patterns, fc.array(inputs, { maxLength: 4 }), (pattern, paths) => {
        let fn: ReturnType<typeof path9.match>;
        try {
          fn = path9.match(pattern);
        } catch (err) {
          assertPathError(err, MATCH_CODES, pattern);
          return;
        }
        const strict8 = match(pattern, { trailing: false });
        const strict9 = path9.match(pattern, { trailing: false });
        for (const path of paths) {
          const result = matchOrMalformed(() => fn(path));
          if (result !== undefined && result !== false) assert.equal(Object.getPrototypeOf(result.params), null);
          // without the trailing delimiter, 8 and 9 accept the same inputs (9 splits them differently)
          const a = matchOrMalformed(() => strict8(path));
          const b = matchOrMalformed(() => strict9(path));
          if (a !== undefined && b !== undefined) assert.equal(a === false, b === false, `${pattern} on ${path}`);
        }
      }),
      200,
    );
  });
});

// --- compile → match round trip ---------------------------------------------------------------

/** A segment of a generated pattern: literal text, a parameter, or the one wildcard. */
type Segment = { kind: 'text'; value: string } | { kind: 'param'; name: string } | { kind: 'wildcard'; name: string };

/** Literal text: any characters but `/`, the syntax characters included (stringify escapes them). */
const literal = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      'a',
      'b',
      'Z',
      '-',
      '.',
      '_',
      '~',
      ':',
      '*',
      '{',
      '}',
      '(',
      ')',
      '[',
      ']',
      '+',
      '?',
      '!',
      '\\',
      '"',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '/'),
  ),
  maxLength: 6,
});
/** A parameter name: an identifier, or any text (printed quoted), control characters included. */
const paramName = fc.oneof(
  word(1, 6),
  anyText(8).filter((s) => s.length > 0),
);
/** A parameter value: any non-empty well-formed text (`/`, `%` and unicode included). */
const value = anyText(10).filter((s) => s.length > 0);

const segments = fc
  .array(
    fc.oneof(
      literal.map((v): Segment => ({ kind: 'text', value: v })),
      paramName.map((name): Segment => ({ kind: 'param', name })),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .chain((list) =>
    fc
      .tuple(fc.boolean(), fc.nat({ max: list.length }), paramName)
      .map(([withWildcard, at, name]) =>
        withWildcard ? [...list.slice(0, at), { kind: 'wildcard', name } as Segment, ...list.slice(at)] : list,
      ),
  )
  // Names are unique (a repeated name would be one parameter matched twice).
  .filter((list) => {
    const names = list.flatMap((s) => (s.kind === 'text' ? [] : [s.name]));
    return new Set(names).size === names.length;
  });

/** Appends to a token list, merging adjacent text (as `parse` does). */
function push(tokens: Token[], token: Token): void {
  const last = tokens[tokens.length - 1];
  if (token.type === 'text' && last?.type === 'text')
    tokens[tokens.length - 1] = { type: 'text', value: last.value + token.value };
  else if (token.type !== 'text' || token.value) tokens.push(token);
}

/** `/`-separated tokens for `segments`, with an optional trailing `{/:name}` group. */
function tokensOf(list: Segment[], optional: string | undefined): Token[] {
  const tokens: Token[] = [];
  for (const segment of list) {
    push(tokens, { type: 'text', value: '/' });
    if (segment.kind === 'text') push(tokens, { type: 'text', value: segment.value });
    else tokens.push({ type: segment.kind, name: segment.name });
  }
  if (optional !== undefined) {
    tokens.push({
      type: 'group',
      tokens: [
        { type: 'text', value: '/' },
        { type: 'param', name: optional },
      ],
    });
  }
  return tokens;
}

describe('@brisk/path: round trips', () => {
  test('stringify(tokens) parses back to the tokens; compile(params) matches back to params', () => {
    check(
      fc.property(
        segments,
        fc.option(paramName, { nil: undefined }),
        fc.array(value, { minLength: 8, maxLength: 8 }),
        fc.array(value, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (list, optionalName, values, wildcard, giveOptional) => {
          const names = list.flatMap((s) => (s.kind === 'text' ? [] : [s.name]));
          // A trailing {/:name} after a wildcard is ambiguous (`/*w/:p{/:o}` splits /a/b/c two ways).
          const hasWildcard = list.some((s) => s.kind === 'wildcard');
          const optional =
            optionalName !== undefined && !hasWildcard && !names.includes(optionalName) ? optionalName : undefined;
          const data = new TokenData(tokensOf(list, optional));
          const pattern = stringify(data);
          assert.deepEqual(parse(pattern).tokens, data.tokens, `pattern ${JSON.stringify(pattern)}`);

          const params: Record<string, string | string[]> = {};
          list.forEach((s, i) => {
            if (s.kind === 'param') params[s.name] = values[i % values.length]!;
            if (s.kind === 'wildcard') params[s.name] = wildcard;
          });
          if (optional !== undefined && giveOptional) params[optional] = values[7]!;

          const path = compile(pattern)(params);
          const result = match(pattern)(path);
          assert.ok(result, `${JSON.stringify(path)} does not match ${JSON.stringify(pattern)}`);
          assert.equal(result.path, path);
          assert.deepEqual({ ...result.params }, params);
          // pathToRegexp's regexp accepts the path too, with one key per capture.
          const { regexp, keys } = pathToRegexp(pattern);
          const m = regexp.exec(path);
          assert.ok(m);
          assert.equal(m.length - 1, keys.length);
        },
      ),
      200,
    );
  });

  test('stringify quotes names with control characters and lone surrogates so that they parse back', () => {
    // path-to-regexp 8.4.1 quotes with JSON.stringify: \t, \u0000, \ud800, read back as t, u0000, ud800.
    const unit = fc
      .oneof(
        fc.integer({ min: 0, max: 0x1f }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
        fc.constantFrom(0x22, 0x5c, 0x7f),
      )
      .map((c) => String.fromCharCode(c));
    check(
      fc.property(
        fc.string({ unit, minLength: 1, maxLength: 4 }),
        fc.constantFrom('param', 'wildcard'),
        (name, type) => {
          const data = new TokenData([
            { type: 'text', value: '/' },
            { type, name },
          ]);
          assert.deepEqual(parse(stringify(data)).tokens, data.tokens);
        },
      ),
      100,
    );
  });

  test('compile refuses a missing required parameter with the documented TypeError', () => {
    check(
      fc.property(segments, (list) => {
        const required = list.filter((s) => s.kind !== 'text');
        fc.pre(required.length > 0);
        const pattern = stringify(new TokenData(tokensOf(list, undefined)));
        assert.throws(() => compile(pattern)({}), {
          name: 'TypeError',
          message: `Missing parameters: ${required.map((s) => s.name).join(', ')}`,
          code: 'BRISK_ERR_PATH_MISSING_PARAMETERS',
        });
      }),
      60,
    );
  });

  test('a parameter named like an Object.prototype property is missing when not given', () => {
    // path-to-regexp 8.4.1 reads it from Object.prototype: compile('/a{/:toString}')({}) throws
    // 'Expected "toString" to be a string' there instead of giving '/a'.
    const names = Object.getOwnPropertyNames(Object.prototype);
    check(
      fc.property(fc.constantFrom(...names), fc.constantFrom(':', '*'), (name, marker) => {
        const printed = stringify({ tokens: [{ type: marker === ':' ? 'param' : 'wildcard', name }] });
        assert.equal(compile(`/a{/${printed}}`)({}), '/a');
        assert.throws(() => compile(`/${printed}`)({}), { message: `Missing parameters: ${name}` });
      }),
      names.length * 2,
    );
  });
});

// --- time -------------------------------------------------------------------------------------

describe('@brisk/path: time grows linearly with hostile input', () => {
  // Wildcards return arrays of segments: those shapes keep the larger input under ~16,000 segments.
  const shapes: Array<[string, (n: number) => string, number?]> = [
    ['/:a-:b-:c', (n) => '/' + '-'.repeat(n) + '/!'],
    ['/:a..:b', (n) => '/' + '.'.repeat(n) + '/'],
    ['/*a/*b/:c', (n) => '/'.repeat(n) + '!', 1024],
    ['/*a-:b-*c-:d', (n) => '/' + '-/'.repeat(n / 2) + '!', 2048],
    ['/*a.html/*b', (n) => '/' + '.html/'.repeat(n / 6) + '.html', 8192],
    ['/users/:id', (n) => '/users/' + '%E0%A4'.repeat(n / 6)],
  ];
  for (const [pattern, build, n] of shapes) {
    test(`match(${pattern})`, () => {
      const fn = match(pattern);
      assertLinear(pattern, build, (input) => matchOrMalformed(() => fn(input)), n ? { n } : {});
    });
  }

  for (const [pattern, build, n] of shapes.slice(0, 5)) {
    test(`path9.match(${pattern})`, () => {
      const fn = path9.match(pattern);
      assertLinear(`path9 ${pattern}`, build, (input) => matchOrMalformed(() => fn(input)), n ? { n } : {});
    });
  }

  test('parse and stringify: long, deeply nested and escaped patterns', () => {
    // A parameter or a group level costs about 2 µs (a token, its position, the stack): smaller sizes;
    // escapes are printed by a replace with a match per character: past V8's ~4,000-match step.
    const patterns: Array<[string, (n: number) => string, number]> = [
      ['many params', (n) => '/:a-'.repeat(n / 4).replace(/:a/g, (_, i: number) => `:p${i}`), 4096],
      ['nested groups', (n) => '{'.repeat(n / 8) + '/:x' + '}'.repeat(n / 8), 8192],
      ['escapes', (n) => '\\:\\*'.repeat(n / 4), 16_384],
      ['unbalanced', (n) => '{'.repeat(n), 2048],
    ];
    for (const [label, build, n] of patterns) {
      assertLinear(
        `parse ${label}`,
        build,
        (p) => {
          try {
            stringify(parse(p));
          } catch (err) {
            assertPathError(err, SYNTAX_CODES, p);
          }
        },
        { n },
      );
    }
  });

  test('compile: long values and many wildcard segments', () => {
    const toPath = compile('/files/*path/:name');
    assertLinear(
      'compile',
      (n) => ({ path: Array.from({ length: n / 8 }, () => 'ség/%'), name: 'x'.repeat(n) }),
      (params) => toPath(params),
    );
  });
});
