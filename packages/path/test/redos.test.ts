// ReDoS suite: every shape of pattern, against long inputs built to make a backtracking regexp
// blow up. Each match must answer, and the time of a shape's inputs must grow linearly with their
// length (time(8n) / time(n) in CPU time; no bound on elapsed time).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, match, parse, pathToRegexp, stringify, type Token } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const SHAPES = [
  // params in one segment
  '/:a-:b',
  '/:a-:b-:c',
  '/:a-:b-:c-:d-:e-:f',
  '/:a.:b.:c',
  '/:a--:b--:c',
  '/:a-b:c-b:d',
  '/:a-:b.:c-:d.:e',
  '/x/:a-:b/y/:c.:d/z',
  // wildcards, and params next to them
  '/*a',
  '/*a/*b',
  '/*a/*b/*c/*d',
  '/*a/*b/:c',
  '/*a-*b',
  '/*a-*b-:c',
  '/*a-:b-*c-:d',
  '/*a-:b-*c-:d-*e-:f',
  '/x/*a-:b/*c/y',
  '/:a-*b',
  '/*a-:b',
  '/*a/:b/*c',
  '/*a.html/*b',
  '/*a/x/*b',
  '/*a/x/*b/x/*c/y',
  '/*a-*b-*c-*d/x',
  '/:a/*b-:c/*d-:e',
  '/*a-b*c-b*d-b:e',
  // optional groups, nested and repeated
  '/users{/:id}/edit',
  '/:a{-:b{-:c{-:d}}}',
  '/*a{-:b}{-*c}{.:d}',
  '/{:a-}{:b-}{:c-}{:d-}{:e-}:f',
  '{/*a}{/*b}{/*c}{/:d}',
  '/*a{/x{/y{/z{/w{/v{/u{/t}}}}}}}/*b',
  '{/:a}{/:b}{/:c}{/:d}{/:e}{/:f}{/:g}{/:h}',
  '{/:a-:b}{/:c-:d}{/:e-:f}{/:g-:h}{/:i-:j}{/:k-:l}{/:m-:n}{/:o-:p}',
  '{-*a}{-*b}{-*c}{-*d}{-*e}{-*f}{-*g}{-*h}',
  '{/*a.x}{/*b.x}{/*c.x}{/*d.x}{/*e.x}{/*f.x}{/*g.x}{/*h.x}',
];

/** The literal texts of a pattern (all alternatives), and their characters. */
function fragments(tokens: Token[], out = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'text') {
      out.add(token.value);
      for (const ch of token.value) out.add(ch);
    } else if (token.type === 'group') {
      fragments(token.tokens, out);
    }
  }
  return out;
}

/** Long inputs: runs of the pattern's own separators (with and without filler), bad tails. */
function adversarial(path: string, length: number, few: boolean): string[] {
  const parts = [...fragments(parse(path).tokens), 'a', '/'];
  const tails = few ? ['!', '/!'] : ['', '!', '/', '/!', '-', '.', '/x'];
  const inputs: string[] = [];
  for (const part of parts) {
    for (const unit of [part, `${part}a`, `a${part}`, `${part}${part}a`]) {
      const body = '/' + unit.repeat(Math.ceil(length / unit.length));
      for (const tail of tails) inputs.push(body + tail);
    }
  }
  // Mixed runs of every fragment (deterministic).
  let seed = 42;
  for (let k = 0; k < (few ? 2 : 8); k++) {
    let s = '/';
    while (s.length < length) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      s += parts[seed % parts.length];
    }
    for (const tail of tails) inputs.push(s + tail);
  }
  return inputs;
}

/** Whether a quantified group contains a quantifier: `(a+)+`, the classic ReDoS shape. */
function nestedQuantifier(source: string): boolean {
  const open: Array<{ quantified: boolean }> = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      i++;
    } else if (ch === '[') {
      while (source[++i] !== ']') if (source[i] === '\\') i++;
    } else if (ch === '(') {
      open.push({ quantified: false });
    } else if (ch === ')') {
      const group = open.pop()!;
      const quantifier = source[i + 1] === '+' || source[i + 1] === '*';
      if (quantifier && group.quantified) return true;
      if (open.length && (group.quantified || quantifier)) open[open.length - 1].quantified = true;
    } else if ((ch === '+' || ch === '*') && open.length) {
      open[open.length - 1].quantified = true;
    }
  }
  return false;
}

describe('ReDoS', () => {
  for (const path of SHAPES) {
    test(`${path}: linear time`, () => {
      const { regexp, keys } = pathToRegexp(path);
      assert.ok(!nestedQuantifier(regexp.source), regexp.source);
      const many = regexp.source.split('|').length > 200;
      const optionSets = [{}, { end: false }, { sensitive: true, trailing: false }];
      // one option set is enough for the 256-alternative shapes
      const matchers = (many ? optionSets.slice(0, 1) : optionSets).map((options) => match(path, options));
      const inputs = adversarial(path, many ? 10_000 : 20_000, many);
      for (const matcher of matchers) {
        for (const input of inputs) {
          const result = matcher(input);
          assert.ok(result === false || typeof result.path === 'string');
        }
      }
      assert.ok(keys.length > 0);
      // All the inputs of one length, timed together: a blow-up on any one of them dominates the
      // sum. n = 1024 (512 for the 256-alternative shapes): the batches are large (100 inputs or
      // more), smaller sizes keep the test short.
      assertLinear(
        path,
        (n) => adversarial(path, n, many),
        (batch) => {
          for (const matcher of matchers) for (const input of batch) matcher(input);
        },
        { n: many ? 512 : 1024 },
      );
    });
  }

  test('long inputs that match, match', () => {
    const n = 10_000;
    const a = 'x'.repeat(n);
    assert.deepEqual(match('/:a-:b-:c')(`/${a}-${a}-${a}`), {
      path: `/${a}-${a}-${a}`,
      params: Object.assign(Object.create(null), { a, b: a, c: a }),
    });
    const segments = Array.from({ length: 2000 }, (_, i) => `s${i}`);
    const result = match('/*path/edit')(`/${segments.join('/')}/edit`);
    assert.ok(result && result.params.path?.length === 2000);
    const dashes = '-'.repeat(n);
    assert.deepEqual(match('/:a-:b')(`/${dashes}`), {
      path: `/${dashes}`,
      params: Object.assign(Object.create(null), { a: '-'.repeat(n - 2), b: '-' }),
    });
  });

  // A hang guard (too many combinations must fail fast, not be enumerated): the test's timeout.
  test('deeply nested groups: parse and compile, then a clear limit error', { timeout: 30_000 }, () => {
    const depth = 20_000;
    const path = '{'.repeat(depth) + '/:x' + '}'.repeat(depth);
    const data = parse(path);
    let token = data.tokens[0];
    let levels = 1;
    while (token.type === 'group' && token.tokens[0].type === 'group') {
      token = token.tokens[0];
      levels++;
    }
    assert.equal(levels, depth);
    assert.equal(compile(path)({ x: '1' }), '/1');
    assert.equal(compile(path)({}), '');
    assert.equal(stringify(data), path);
    assert.throws(() => match(path), { code: 'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS' });
  });
});
