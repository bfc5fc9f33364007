import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseFormat } from '../src/compile.js';
import logger, { compile, type Tokens } from '../src/index.js';
import { SOURCE_URL, runChild } from './helpers.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const req = {} as IncomingMessage;
const loggerTokens = logger as unknown as Tokens; // the predefined tokens are its properties
const res = {} as ServerResponse;

/** A tokens object whose tokens print their name and arguments: `<name|arg>`. */
function echoTokens(...names: string[]): Tokens {
  const tokens: Record<string, unknown> = {};
  for (const name of names) {
    tokens[name] = (_req: unknown, _res: unknown, ...args: unknown[]) =>
      args.length ? `<${name}|${args.join('|')}>` : `<${name}>`;
  }
  return tokens as unknown as Tokens;
}

describe('parseFormat: the token grammar', () => {
  // [format, literals, names, args]
  const cases: Array<[string, string[], string[], Array<string | undefined>]> = [
    ['', [''], [], []],
    ['plain text', ['plain text'], [], []],
    [':method', ['', ''], ['method'], [undefined]],
    [':method :url', ['', ' ', ''], ['method', 'url'], [undefined, undefined]],
    ['[:date[clf]]', ['[', ']'], ['date'], ['clf']],
    ['HTTP/:http-version', ['HTTP/', ''], ['http-version'], [undefined]],
    [':a :bb', [':a ', ''], ['bb'], [undefined]], // a name has at least 2 characters
    [':a:bb', [':a', ''], ['bb'], [undefined]],
    [':aa:bb', ['', '', ''], ['aa', 'bb'], [undefined, undefined]],
    ['10:30', ['10', ''], ['30'], [undefined]], // digits are name characters (as in morgan)
    ['http://host', ['http://host'], [], []],
    [':under_score-dash', ['', ''], ['under_score-dash'], [undefined]],
    [':aa[]', ['', '[]'], ['aa'], [undefined]], // an empty [] is literal
    [':aa[x', ['', '[x'], ['aa'], [undefined]], // no closing ]
    [':aa[ :bb', ['', '[ ', ''], ['aa', 'bb'], [undefined, undefined]],
    [':aa[[b]', ['', ''], ['aa'], ['[b']],
    [':req[:url]', ['', ''], ['req'], [':url']], // a token inside an argument is text
    [':aa]', ['', ']'], ['aa'], [undefined]],
    [':aa [x]', ['', ' [x]'], ['aa'], [undefined]],
    [':aa[x]]', ['', ']'], ['aa'], ['x']],
    [':aa[x]:bb[y z]', ['', '', ''], ['aa', 'bb'], ['x', 'y z']],
    [':req[a"b\\c\nd]', ['', ''], ['req'], ['a"b\\c\nd']],
    [':é:aa', [':é', ''], ['aa'], [undefined]], // ASCII name characters only
    [':aaé', ['', 'é'], ['aa'], [undefined]],
  ];
  for (const [format, literals, names, args] of cases) {
    test(JSON.stringify(format), () => {
      assert.deepEqual(parseFormat(format), { literals, names, args });
    });
  }
});

describe('compile', () => {
  test('builds the line from literals and token values', () => {
    const fn = compile(':aa and :bb[x] / :aa[y z]');
    assert.equal(fn(echoTokens('aa', 'bb'), req, res), '<aa> and <bb|x> / <aa|y z>');
  });

  test('a token without argument is called with (req, res) only, with this = tokens', () => {
    const seen: unknown[][] = [];
    const tokens = {
      aa(this: unknown, ...args: unknown[]) {
        seen.push([this === tokens, ...args]);
        return 'v';
      },
    };
    compile(':aa :aa[1]')(tokens as unknown as Tokens, req, res);
    assert.deepEqual(seen, [
      [true, req, res],
      [true, req, res, '1'],
    ]);
  });

  test('undefined, null, false, 0 and "" print "-"; other values print as text', () => {
    const values: unknown[] = [undefined, null, false, 0, '', 'x', 1, true, { toString: () => 'obj' }];
    const tokens: Record<string, unknown> = {};
    let format = '';
    values.forEach((value, i) => {
      tokens[`t${i}`] = () => value;
      format += `:t${i} `;
    });
    assert.equal(compile(format)(tokens as unknown as Tokens, req, res), '- - - - - x 1 true obj ');
  });

  test('a format without tokens gives its text', () => {
    assert.equal(compile('just text')({} as Tokens, req, res), 'just text');
    assert.equal(compile('')({} as Tokens, req, res), '');
  });

  test('tokens are looked up when the line is built (defined later, replaced)', () => {
    const tokens: Record<string, unknown> = {};
    const fn = compile('<:late-token>');
    tokens['late-token'] = () => 'one';
    assert.equal(fn(tokens as unknown as Tokens, req, res), '<one>');
    tokens['late-token'] = () => 'two';
    assert.equal(fn(tokens as unknown as Tokens, req, res), '<two>');
  });

  test('the same format string gives the same function', () => {
    assert.equal(compile(':method :url cached'), compile(':method :url cached'));
    assert.notEqual(compile(':method :url a'), compile(':method :url b'));
  });

  test('many formats: the cache stays bounded and every function still works', () => {
    for (let i = 0; i < 600; i++) {
      assert.equal(compile(`:aa ${i}`)(echoTokens('aa'), req, res), `<aa> ${i}`);
    }
  });

  test('a format with more than 64 tokens (built as a loop) gives the same line', () => {
    const names = Array.from({ length: 70 }, (_, i) => `t${i}`);
    const format = names.map((n, i) => (i % 2 ? `:${n}[${i}]` : `:${n}`)).join(',');
    const expected = names.map((n, i) => (i % 2 ? `<${n}|${i}>` : `<${n}>`)).join(',');
    assert.equal(compile(format)(echoTokens(...names), req, res), expected);
    const withEmpty = { ...echoTokens(...names), empty: () => '' } as unknown as Tokens;
    assert.equal(compile(`${format} :empty`)(withEmpty, req, res), `${expected} -`);
    const fewer = compile(`${format},:missing`);
    assert.throws(() => fewer(echoTokens(...names), req, res), {
      name: 'TypeError',
      message: 'token ":missing" is not defined',
    });
    const throwing = echoTokens(...names) as unknown as Record<string, unknown>;
    throwing.t5 = () => {
      throw new RangeError('own error');
    };
    assert.throws(() => compile(format)(throwing as unknown as Tokens, req, res), {
      name: 'RangeError',
      message: 'own error',
    });
  });

  test('argument format must be a string', () => {
    for (const bad of [undefined, null, 42, {}, () => ''] as unknown[]) {
      assert.throws(() => compile(bad as string), { name: 'TypeError', message: 'argument format must be a string' });
    }
  });

  test('is logger.compile, and usable with logger as the tokens object', () => {
    assert.equal(logger.compile, compile);
    const line = compile(':method :url :req[x-a]')(
      loggerTokens,
      { method: 'GET', url: '/a', headers: { 'x-a': '1' } } as never,
      res,
    );
    assert.equal(line, 'GET /a 1');
  });
});

describe('compile: undefined tokens', () => {
  test('a token that is not defined throws TypeError when the line is built', () => {
    const fn = compile(':aa :nope');
    assert.throws(() => fn(echoTokens('aa'), req, res), { name: 'TypeError', message: 'token ":nope" is not defined' });
  });

  test('a value that is not a function is not a token', () => {
    const tokens = { aa: 'text', bb: 42 };
    assert.throws(() => compile(':aa')(tokens as unknown as Tokens, req, res), {
      message: 'token ":aa" is not defined',
    });
    assert.throws(() => compile('x :bb[1]')(tokens as unknown as Tokens, req, res), {
      message: 'token ":bb" is not defined',
    });
  });

  test('inherited names (:toString, :call, :constructor, :__proto__) are tokens only when defined', () => {
    for (const name of ['toString', 'call', 'apply', 'bind', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const fn = compile(`:aa :${name} :${name}[x]`);
      assert.throws(() => fn(echoTokens('aa'), req, res), { message: `token ":${name}" is not defined` }, name);
      assert.throws(
        () => compile(`:${name}`)(loggerTokens, req, res),
        { message: `token ":${name}" is not defined` },
        name,
      );
      const own: Record<string, unknown> = {};
      Object.defineProperty(own, name, { value: () => 'own', enumerable: true });
      own.aa = () => 'a';
      assert.equal(fn(own as unknown as Tokens, req, res), 'a own own', name);
    }
  });

  test('an own property that is not a function is not a token, even for an inherited name', () => {
    const own = Object.defineProperty({}, 'toString', { value: 'text' });
    assert.throws(() => compile(':toString')(own as Tokens, req, res), { message: 'token ":toString" is not defined' });
  });

  test("a token's own TypeError is passed on unchanged", () => {
    const err = new TypeError('inside the token');
    const tokens = {
      aa: () => 'ok',
      bb: () => {
        throw err;
      },
    };
    assert.throws(
      () => compile(':aa :bb')(tokens as unknown as Tokens, req, res),
      (e) => e === err,
    );
    // when a token of the format is also missing, the TypeError names it
    assert.throws(() => compile(':bb :cc')(tokens as unknown as Tokens, req, res), {
      message: 'token ":cc" is not defined',
    });
  });
});

describe('compile: format text is never code (CVE-2019-5413)', () => {
  // Each would run code if spliced into generated source; each must print literally.
  const tokens = echoTokens('method', 'url', 'req');
  const cases: Array<[string, string]> = [
    [':method" + process.exit() + "', '<method>" + process.exit() + "'],
    [":method' + process.exit() + '", "<method>' + process.exit() + '"],
    [':method` + process.exit() + `', '<method>` + process.exit() + `'],
    [':method ${process.exit()}', '<method> ${process.exit()}'],
    [':req[" + process.exit() + "]', '<req|" + process.exit() + ">'],
    [':req[\\"); process.exit(); ("]', '<req|\\"); process.exit(); (">'],
    ['\\" + process.exit() + \\"', '\\" + process.exit() + \\"'],
    ['"); process.exit(); //\n:url', '"); process.exit(); //\n<url>'],
    [':url\u2028" + process.exit() + "\u2029', '<url>\u2028" + process.exit() + "\u2029'],
    ['*/ process.exit() /*:url', '*/ process.exit() /*<url>'],
  ];
  for (const [format, expected] of cases) {
    test(JSON.stringify(format), () => {
      assert.equal(compile(format)(tokens, req, res), expected);
    });
  }

  test('token names cannot carry code either', () => {
    // names are [-\w] only, so nothing but a name can reach a lookup
    const fn = compile(':process-exit :__proto__');
    assert.throws(() => fn(tokens, req, res), { message: 'token ":process-exit" is not defined' });
  });
});

describe('compile: adversarial formats stay linear', () => {
  // [name, the format with n repetitions, n of the large format]
  const cases: Array<[string, (n: number) => string, number]> = [
    ['100k × ":aa["', (n) => ':aa['.repeat(n), 100_000],
    ['100k × ":aa[]"', (n) => ':aa[]'.repeat(n), 100_000],
    ['100k × ":a"', (n) => ':a'.repeat(n), 100_000],
    ['":aa[" then 400k characters', (n) => ':aa[' + 'x'.repeat(n), 400_000],
    ['400k × "-" after a colon', (n) => ':' + '-'.repeat(n) + '[', 400_000],
    ['100k × ":aa[x" then "]"', (n) => ':aa[x'.repeat(n) + ']', 100_000],
  ];
  const tokens = new Proxy({}, { get: () => () => 'v' }) as Tokens;
  for (const [name, build, large] of cases) {
    test(name, () => {
      compile(build(large))(tokens, req, res);
      // Time grows linearly with n (a ratio of CPU times, no bound on elapsed time). compile keeps
      // its functions by format, so each size is compiled once and the timed part is the parse
      // and the line. Up to n tokens: n = 1024 keeps them under 8,192.
      assertLinear(
        `compile: ${name}`,
        (n) => ({ format: build(n), fn: compile(build(n)) }),
        ({ format, fn }) => {
          parseFormat(format);
          return fn(tokens, req, res);
        },
        { n: 1024 },
      );
    });
  }
});

describe('compile without code generation from strings', () => {
  test('falls back to the loop and gives the same lines', async () => {
    const code = `
      import logger from ${JSON.stringify(SOURCE_URL)};
      const tokens = { aa: () => 'A', bb: (q, r, x) => 'B' + x, toString: () => 'T' };
      const lines = [logger.compile(':aa/:bb[1] :aa')(tokens, {}, {}), logger.compile(':aa :toString')(tokens, {}, {})];
      try { logger.compile(':aa :zz')(tokens, {}, {}); } catch (e) { lines.push(e.message); }
      try { logger.compile(':toString')({}, {}, {}); } catch (e) { lines.push(e.message); }
      let evalWorks = true;
      try { new Function('return 1'); } catch { evalWorks = false; }
      console.log(JSON.stringify({ lines, evalWorks }));
    `;
    const { stdout, stderr } = await runChild(code, 30_000, ['--disallow-code-generation-from-strings']);
    assert.deepEqual(
      JSON.parse(stdout),
      {
        lines: ['A/B1 A', 'A T', 'token ":zz" is not defined', 'token ":toString" is not defined'],
        evalWorks: false,
      },
      stderr,
    );
  });
});
