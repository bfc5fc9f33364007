// brisk's matcher for the regexps of Express 4 paths (packages/brisk/src/express4/linear.ts):
// the JavaScript engine's results on random regexps (the match and every capture), and the
// analysis that lets the engine run a regexp only when its backtracking is linear, checked by
// counting a backtracking search's steps (deterministic: no clock).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { backtracksLinearly, linearExec } from '../packages/brisk/src/express4/linear.js';
import * as Op from '../packages/brisk/src/express4/regexp-program.js';
import { compile, type Program } from '../packages/brisk/src/express4/regexp-program.js';
import { execProgram } from '../packages/brisk/src/express4/regexp-search.js';
import { translateExpress4 } from '../packages/brisk/src/express4/path.js';
import { assertLinear, check, fc } from './support/fuzz.js';

/** The regexp `source` compiles to, or `undefined` when the engine refuses the source. */
function regexpOf(source: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}

/** What `exec` gives, as a plain array (or null). */
function plain(m: ArrayLike<string | undefined> | null): Array<string | undefined> | null {
  return m === null ? null : Array.from(m);
}

// Random regexps over a few characters: every construct the matcher runs (classes, escapes,
// groups, alternatives, greedy and lazy quantifiers, counted ones, lookaheads, anchors, `\b`),
// nested, so that empty iterations, captures reset by a new iteration and case folding occur.
const CHARS = ['a', 'b', '-', '/', '.', 'k', 's', '\u00b5', '[ab]', '[^/]', '[^-a]', '\\-', '\\d', '\\w', '\\s', '[]'];
const QUANTIFIERS = ['*', '+', '?', '{0,2}', '{1,3}', '{2}', '{1,}', '{0}'];
const { node: regexpSource } = fc.letrec<{ node: string; plainNode: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...CHARS),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => items.join('')),
    fc.tuple(tie('node'), tie('node')).map(([x, y]) => `${x}|${y}`),
    fc.tuple(fc.boolean(), tie('node')).map(([capture, x]) => `(${capture ? '' : '?:'}${x})`),
    // a positive lookahead without captures (one with captures is left to the engine)
    fc
      .tuple(fc.boolean(), tie('node'), tie('plainNode'))
      .map(([negative, x, y]) => (negative ? `(?!${x})` : `(?=${y})`)),
    fc.constantFrom('^', '$', '\\b', '\\B'),
    fc
      .tuple(fc.boolean(), tie('node'), fc.constantFrom(...QUANTIFIERS), fc.boolean())
      .map(([capture, x, q, lazy]) => `(${capture ? '' : '?:'}${x})${q}${lazy ? '?' : ''}`),
  ),
  plainNode: tie('node').map((x) => x.replace(/\((?!\?)/g, '(?:')),
}));
const input = fc
  .array(
    fc.constantFrom('a', 'b', 'A', '-', '/', '.', '1', 'k', 'K', 's', '\u017f', '\u212a', '\u00b5', '\u03bc', ' '),
    {
      maxLength: 10,
    },
  )
  .map((units) => units.join(''));

describe("the engine's results", () => {
  test('on random regexps, with and without `i`: the same match and captures as RegExp#exec', () => {
    let compiled = 0;
    check(
      fc.property(regexpSource, fc.boolean(), fc.array(input, { minLength: 1, maxLength: 8 }), (source, i, inputs) => {
        const regexp = regexpOf(source, i ? 'i' : '');
        if (regexp === undefined) return;
        const program = compile(regexp);
        assert.ok(program, `${regexp} is compiled`);
        compiled++;
        for (const s of inputs) assert.deepEqual(execProgram(program, s), plain(regexp.exec(s)), `${regexp} on ${s}`);
      }),
      3000,
    );
    assert.ok(compiled > 2000, `${compiled} regexps compiled`);
  });

  test('what it does not compile is left to the engine, unchanged', () => {
    const octal = new RegExp(['\\', '01'].join('')); // `/\01/` (TypeScript refuses the literal)
    for (const regexp of [/(a)\1/, /(?<x>a)\k<x>/, /(?<=a)b/, /(?<!a)b/, /(?=(a))a/, octal, /\c1/, /a{20000}/]) {
      assert.equal(compile(regexp), undefined, String(regexp));
      assert.deepEqual(plain(linearExec(regexp)('aab')), plain(regexp.exec('aab')));
    }
  });

  test('a 16,000-character input on an exponential regexp, in linear time', () => {
    const regexp = /^(a|a)+(?:a+)+b$/;
    const program = compile(regexp);
    assert.ok(program);
    assert.equal(backtracksLinearly(program), false);
    assert.equal(execProgram(program, 'a'.repeat(16_000) + '!'), null);
    assertLinear(
      'exponential',
      (n) => 'a'.repeat(n) + '!',
      (s) => execProgram(program, s),
      {
        n: 1000,
        factor: 4,
        maxRatio: 10,
      },
    );
  });
});

/**
 * The steps of a backtracking search of `p` on `s` (the engine's search: the same choice points in
 * the same order), without the table of tried states: what the engine pays. Stops past `cap`.
 */
function backtrackingSteps(p: Program, s: string, cap: number): number {
  let steps = 0;
  const n = s.length;
  const search = (start: number, from: number): number => {
    const stack: number[] = [];
    let pc = start;
    let pos = from;
    let flags = 0;
    for (;;) {
      if (++steps > cap) return -2;
      let ok = true;
      const a = p.a[pc];
      switch (p.op[pc]) {
        case Op.CHAR: {
          const test = p.tests[a];
          const c = s.charCodeAt(pos);
          ok = pos < n && (c < 256 ? test.table[c] === 1 : test.regexp.test(s[pos]!));
          if (ok) {
            pos++;
            flags = -1;
            pc++;
          }
          break;
        }
        case Op.SPLIT:
          stack.push(p.b[pc], pos, flags);
          pc = a;
          break;
        case Op.JMP:
          pc = a;
          break;
        case Op.MARK:
          flags &= ~(1 << a);
          pc++;
          break;
        case Op.CHECK:
          ok = (flags & (1 << a)) !== 0;
          pc++;
          break;
        case Op.BOL:
          ok = pos === 0;
          pc++;
          break;
        case Op.EOL:
          ok = pos === n;
          pc++;
          break;
        case Op.LOOK: {
          const end = search(a, pos);
          if (end === -2) return -2;
          ok = (end === -1) === (p.b[pc] === 1);
          pc++;
          break;
        }
        case Op.MATCH:
        case Op.LOOK_END:
          return pos;
        default: // captures, \b and \B: ways through, for counting
          pc++;
      }
      if (ok) continue;
      if (stack.length === 0) return -1;
      flags = stack.pop()!;
      pos = stack.pop()!;
      pc = stack.pop()!;
    }
  };
  for (let from = 0; from <= (p.anchored ? 0 : n); from++) {
    const end = search(0, from);
    if (end !== -1) break;
  }
  return steps;
}

describe('the engine runs a regexp only when its backtracking is linear', () => {
  test('random regexps it runs: 4 × the input, at most 6 × the steps of a backtracking search', () => {
    let linear = 0;
    const unit = fc.constantFrom('a', 'b', '-', '/', '.');
    check(
      fc.property(
        regexpSource,
        fc.array(fc.tuple(fc.array(unit, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '!', '/!', '-!')), {
          minLength: 4,
          maxLength: 4,
        }),
        (source, texts) => {
          const regexp = regexpOf(source, '');
          const program = regexp && compile(regexp);
          if (!program || !backtracksLinearly(program)) return;
          linear++;
          for (const [word, end] of texts) {
            const text = (n: number) => word.join('').repeat(Math.ceil(n / word.length)) + end;
            const small = backtrackingSteps(program, text(200), 1e7);
            const large = backtrackingSteps(program, text(800), 1e7);
            assert.ok(large !== -2 && large <= 6 * small + 50, `${regexp} on ${text(8)}...: ${small} → ${large}`);
          }
        },
      ),
      1500,
    );
    assert.ok(linear > 300, `${linear} regexps run by the engine`);
  });

  test('the common Express 4 shapes keep the engine (no slower than Express 4); the others get the table', () => {
    const runs = (pattern: string) => backtracksLinearly(compile(translateExpress4(pattern).regexp)!);
    for (const pattern of ['/user/:id?', '/:a-:b-:c', '/:file.:ext?', '*', '/files/*', '/:p*', '/:id(\\d+)', '/v:n'])
      assert.equal(runs(pattern), true, pattern);
    for (const pattern of ['/(:a)?(-:b)?(-:c)?', '/*-*-*/end', '/:a-*-:b', '/:a:b:c', '/*/x/*', '/(a+)+b'])
      assert.equal(runs(pattern), false, pattern);
  });

  test('a search that may start past the first character counts those starts', () => {
    // `^\/a|b(.*)c`: the second alternative is tried at every position, each a scan to the end
    const regexp = translateExpress4('/a|b*c').regexp;
    const program = compile(regexp)!;
    assert.equal(program.anchored, false);
    assert.equal(backtracksLinearly(program), false);
    assert.ok(backtrackingSteps(program, 'b'.repeat(800), 1e8) > 10 * backtrackingSteps(program, 'b'.repeat(200), 1e8));
    assert.deepEqual(execProgram(program, 'xxbyyc'), plain(regexp.exec('xxbyyc')));
  });
});
