// Runs the behaviour tables of cases.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, match, parse, stringify, TokenData } from '../src/index.js';
import { COMPILE_TESTS, MATCH_TESTS, PARSER_TESTS, STRINGIFY_TESTS } from './cases.js';

const show = (value: unknown) => JSON.stringify(value);

describe('parse', () => {
  for (const c of PARSER_TESTS) {
    test(`${show(c.path)}${c.options ? ' (options)' : ''}`, () => {
      const data = parse(c.path, c.options);
      assert.ok(data instanceof TokenData);
      assert.deepStrictEqual(data.tokens, c.expected);
      assert.equal(data.originalPath, c.path);
    });
  }
});

describe('stringify', () => {
  for (const c of STRINGIFY_TESTS) {
    test(show(c.expected), () => {
      assert.equal(stringify(new TokenData(c.tokens)), c.expected);
      assert.equal(stringify({ tokens: c.tokens }), c.expected);
    });
  }
  // Every parsed path prints back to a path that parses to the same tokens.
  for (const c of PARSER_TESTS.filter((c) => !c.options)) {
    test(`round trip ${show(c.path)}`, () => {
      const printed = stringify(parse(c.path));
      assert.deepStrictEqual(parse(printed).tokens, c.expected);
    });
  }
});

describe('compile', () => {
  for (const c of COMPILE_TESTS) {
    test(`${show(c.path)} ${show(c.params)}${c.options ? ` ${show(c.options)}` : ''}`, () => {
      const toPath = compile(c.path, c.options);
      const params = c.params as Record<string, string> | undefined;
      if (typeof c.expected === 'string') {
        assert.equal(toPath(params), c.expected);
      } else {
        assert.throws(() => toPath(params), { name: 'TypeError', message: c.expected.error });
      }
    });
  }
});

describe('match', () => {
  for (const c of MATCH_TESTS) {
    test(`${show(c.path)} ← ${show(c.input)}${c.options ? ` ${show(c.options)}` : ''}`, () => {
      const fn = match(c.path, c.options);
      const expected = c.expected;
      if (expected && 'error' in expected) {
        assert.throws(() => fn(c.input), { name: expected.name, message: expected.error });
        return;
      }
      const result = fn(c.input);
      if (expected === false) {
        assert.equal(result, false);
        return;
      }
      // params is a prototype-less object.
      assert.deepStrictEqual(result, {
        path: expected.path,
        params: Object.assign(Object.create(null), expected.params),
      });
    });
  }
});
