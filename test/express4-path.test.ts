// Express 4 path strings through briskjs/express4: what they match and how `req.params` is
// filled, over HTTP and at the matcher, compared with path-to-regexp 0.1.13 (what express 4.22.3
// installs; a devDependency, as `path-to-regexp-0.1`, for this comparison only); and matching
// time linear in the path for every shape, including those 0.1.13 still backtracks on
// (CVE-2024-45296 and CVE-2024-52798 were cubic backtracking in 0.1.7's regexps; issue 40 found
// `/(:a)?(-:b)?(-:c)?`, `/*-*-*/end` and `/:a-*-:b` super-linear in 0.1.13's).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import express from 'briskjs/express4';
import { compile } from '../packages/brisk/src/express4/regexp-program.js';
import { execProgram } from '../packages/brisk/src/express4/regexp-search.js';
import {
  express4Matcher,
  isExpress4Path,
  type LayerMatcher,
  translateExpress4,
} from '../packages/brisk/src/express4/path.js';
import { resetWarnings } from '../packages/brisk/src/express4/warn.js';
import { assertLinear, check, fc, hostile, word } from './support/fuzz.js';
import { serve, type TestServer } from './support/http.js';

/** The CPU time `fn` takes, in ms. */
function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** What the matcher gives for `path` under `pattern` (`end` true: a route), as `[params, matched]`. */
function m(pattern: string, path: string, end = true): [Record<string, unknown>, string] | false {
  const r = express4Matcher(translateExpress4(pattern, { end }))(path);
  return r === false ? false : [{ ...r.params }, r.path];
}

describe('the translation: what Express 4.22 matches, and its params', () => {
  // [pattern, path, params (undefined values included)], as path-to-regexp 0.1.13 gives them
  const routes: Array<[string, string, Record<string, unknown> | false]> = [
    ['/user/:id?', '/user', { id: undefined }],
    ['/user/:id?', '/user/5', { id: '5' }],
    ['/user/:id?', '/user/5/', { id: '5' }],
    ['/file/*', '/file/a/b.txt', { 0: 'a/b.txt' }],
    ['/file/*', '/file', false],
    ['*', '/anything/at/all', { 0: '/anything/at/all' }],
    ['/*/x/*', '/a/x/b/c', { 0: 'a', 1: 'b/c' }],
    ['/:a-:b', '/x-y-z', { a: 'x-y', b: 'z' }],
    ['/:a-:b-:c', '/x-y-z', { a: 'x', b: 'y', c: 'z' }],
    ['/:a-:b-:c', '/x-y-z-w', { a: 'x-y', b: 'z', c: 'w' }],
    ['/:from-:to', '/a-b', { from: 'a', to: 'b' }],
    ['/:file.:ext?', '/a.b.c', { file: 'a.b', ext: 'c' }],
    ['/:file.:ext?', '/readme', { file: 'readme', ext: undefined }],
    ['/:file.:ext', '/a.b', { file: 'a', ext: 'b' }],
    ['/:name.:ext(json|xml)', '/a.json', { name: 'a', ext: 'json' }],
    ['/:name.:ext(json|xml)', '/a.txt', false],
    ['/:id(\\d+)', '/12', { id: '12' }],
    ['/:id(\\d+)', '/ab', false],
    ['/:p*', '/a/b', { p: 'a', 0: '/b' }],
    ['/a(b)?', '/a', { 0: undefined }],
    ['/a(b)?', '/ab', { 0: 'b' }],
    ['/:a(x)(y)/:b', '/xy/z', { a: 'x', 0: 'y', b: 'z' }],
    ['/ab?cd', '/acd', {}],
    ['/ab?cd', '/abcd', {}],
    ['/ab+cd', '/abbbcd', {}],
    ['/ab+cd', '/acd', false],
    ['/a[bc]d', '/acd', {}],
    ['/a[bc]d', '/aed', false],
    ['/u/:id.json', '/u/5.json', { id: '5' }],
    ['/a/:b?/c', '/a/c', { b: undefined }],
    ['/a/:b?/c', '/a/x/c', { b: 'x' }],
    ['/api/v:v', '/api/v1', { v: '1' }],
    ['/:a%20b', '/x%20b', { a: 'x' }],
    ['/:name', '/caf%C3%A9', { name: 'café' }],
    // shapes with several ways to split a path (brisk's own matcher runs them, decision 031)
    ['/:a-*-:b', '/x-y-z-w', { 0: 'y-z', a: 'x', b: 'w' }],
    ['/:a-*-:b', '/x-y', false],
    ['/*-*-*/end', '/a-b-c-d/end', { 0: 'a-b', 1: 'c', 2: 'd' }],
    ['/*-*-*/end', '/--/end', { 0: '', 1: '', 2: '' }],
    [
      '/(:a)?(-:b)?(-:c)?',
      '/x-y-z',
      { 0: undefined, 1: undefined, 2: undefined, 3: undefined, a: 'x-y-z', b: undefined, c: undefined },
    ],
    ['/(:a)?(-:b)?(-:c)?', '/x--y', { 0: '--y', 1: '-', 2: undefined, 3: undefined, a: 'x', b: '-y', c: undefined }],
    ['/:a:b:c', '/wxyz', { a: 'w', b: 'x', c: 'yz' }],
    ['/*/x/*', '/a/x/b/x/c', { 0: 'a/x/b', 1: 'c' }],
    ['/*.*.*', '/a.b.c.d', { 0: 'a.b', 1: 'c', 2: 'd' }],
  ];
  for (const [pattern, path, params] of routes) {
    test(`${pattern} on ${path}`, () => {
      const got = m(pattern, path);
      if (params === false) assert.equal(got, false);
      else {
        assert.ok(got, 'no match');
        assert.deepEqual(got[0], params);
      }
    });
  }
  test('middleware patterns match a prefix ending at a / or the end', () => {
    assert.deepEqual(m('/files/*', '/files/a/b', false), [{ 0: 'a/b' }, '/files/a/b']);
    assert.deepEqual(m('/v:n', '/v2/users', false), [{ n: '2' }, '/v2']);
    assert.deepEqual(m('/v:n', '/v2x/users', false), [{ n: '2x' }, '/v2x']);
    assert.equal(m('/ab?c', '/abcd', false), false);
  });
  test('a malformed escape in a parameter is a 400 URIError', () => {
    assert.throws(
      () => m('/:a-:b', '/x-%E0%A4%A'),
      (err: URIError & { status?: number }) => err.status === 400 && /Failed to decode param/.test(err.message),
    );
  });
  test('case-insensitive unless sensitive; strict keeps the trailing slash meaningful', () => {
    assert.ok(express4Matcher(translateExpress4('/A/:b?'))('/a/x'));
    assert.equal(express4Matcher(translateExpress4('/A/:b?', { sensitive: true }))('/a/x'), false);
    assert.equal(express4Matcher(translateExpress4('/a/:b?', { strict: true }))('/a/x/'), false);
    assert.ok(express4Matcher(translateExpress4('/a/:b?/', { strict: true }))('/a/x/'));
  });
  test('only paths that Express 5 reads differently are translated', () => {
    for (const p of ['/', '/users', '/users/:id', '/a/:b/c/:d', '/caf\u00e9/:x', '/a.b/:c'])
      assert.equal(isExpress4Path(p), false, p);
    for (const p of ['*', '/:id?', '/a+', '/(x)', '/:a-:b', '/:f.:e', '/[ab]', '/{x}', '/:1', '/a\\b'])
      assert.equal(isExpress4Path(p), true, p);
  });
});

describe('over HTTP', () => {
  let server: TestServer;
  const app = express();
  const warnings: string[] = [];
  const onWarning = (w: Error & { code?: string }): void => {
    if (w.code?.startsWith('BRISK_E4_')) warnings.push(`${w.code} ${w.message}`);
  };
  before(async () => {
    resetWarnings();
    process.on('warning', onWarning);
    const show = (req: { params: unknown; route?: { path: unknown } }, res: { json(v: unknown): void }): void =>
      res.json({ params: req.params, route: req.route?.path });
    app.get('/user/:id?', show);
    app.get('/file/*', show);
    app.get('/:a-:b-:c', show);
    app.get('/doc/:name.:ext?', show);
    app.get(['/list/:page(\\d+)', '/list'], show);
    app.get('/split/:a-*-:b', show);
    const router = express.Router({ mergeParams: true });
    router.get('/', (req, res) => res.json({ params: req.params, baseUrl: req.baseUrl, url: req.url }));
    app.use('/v:version(\\d+)', router);
    app.get('*', (req, res) => res.status(404).json({ params: req.params, route: req.route?.path }));
    server = await serve(app);
  });
  after(async () => {
    process.off('warning', onWarning);
    await server.close();
  });
  const get = async (path: string): Promise<unknown> => JSON.parse((await server.get(path)).body);

  test('an optional parameter; req.route.path is the string as written', async () => {
    assert.deepEqual(await get('/user'), { params: {}, route: '/user/:id?' });
    assert.deepEqual(await get('/user/7'), { params: { id: '7' }, route: '/user/:id?' });
  });
  test('* fills numbered params', async () => {
    assert.deepEqual(await get('/file/a/b.txt'), { params: { 0: 'a/b.txt' }, route: '/file/*' });
  });
  test('parameters in one segment', async () => {
    assert.deepEqual(await get('/x-y-z'), { params: { a: 'x', b: 'y', c: 'z' }, route: '/:a-:b-:c' });
    assert.deepEqual(await get('/doc/readme.md'), { params: { name: 'readme', ext: 'md' }, route: '/doc/:name.:ext?' });
  });
  test('a parameter with its own pattern, in an array of paths', async () => {
    assert.deepEqual(await get('/list/3'), { params: { page: '3' }, route: ['/list/:page(\\d+)', '/list'] });
    assert.deepEqual(await get('/list'), { params: {}, route: ['/list/:page(\\d+)', '/list'] });
  });
  test('a shape the engine would backtrack on (brisk runs it): the same params', async () => {
    assert.deepEqual(await get('/split/x-y-z-w'), { params: { a: 'x', 0: 'y-z', b: 'w' }, route: '/split/:a-*-:b' });
  });
  test('middleware on an Express 4 pattern: the matched prefix is stripped, params merged', async () => {
    assert.deepEqual(await get('/v2/'), { params: { version: '2' }, baseUrl: '/v2', url: '/' });
  });
  test("'*' catches the rest", async () => {
    const r = await server.get('/nothing/here');
    assert.equal(r.status, 404);
    assert.deepEqual(JSON.parse(r.body), { params: { 0: '/nothing/here' }, route: '*' });
  });
  test('a BRISK_E4_PATH_SYNTAX warning per path, naming it and the line that registered it', () => {
    const paths = [
      '/user/:id?',
      '/file/*',
      '/:a-:b-:c',
      '/doc/:name.:ext?',
      '/list/:page(\\\\d+)', // the path as JSON writes it: two backslashes
      '/split/:a-*-:b',
      '/v:version(\\\\d+)',
      '*',
    ];
    assert.equal(warnings.length, paths.length, warnings.join('\n'));
    warnings.forEach((w, i) => {
      assert.ok(w.startsWith(`BRISK_E4_PATH_SYNTAX briskjs/express4: an Express 4 path pattern`), w);
      assert.ok(w.includes(`(path '${paths[i]}') at `), w);
      assert.match(w, /at .*express4-path\.test\.ts:\d+:\d+$/);
    });
  });
});

// Shapes on which path-to-regexp 0.1.13's regexps backtrack super-linearly: several unbounded
// captures that can all take the separator between them, `*` wildcards, optional groups around
// parameters, regexp source written in the path. Each: [pattern, a path of n characters that
// ends in a mismatch, a size at which express 4.22.3's route takes seconds when it is cubic or
// worse (so that a backtracking matcher fails the first check in seconds, not minutes; brisk
// takes milliseconds)]. The comments give express 4.22.3's time as a route, for two sizes. Paths
// that end in `\n` (which `.` does not match) cannot come over HTTP; `router.handle` can be given
// any URL.
const superLinear: Array<[string, (n: number) => string, number]> = [
  ['/(:a)?(-:b)?(-:c)?', (n) => '/' + '--'.repeat(n / 2) + '/x', 2000], // 250: 54 ms, 1,000: 477 ms
  ['/(-:a)?(-:b)?(-:c)?(-:d)?', (n) => '/' + '-'.repeat(n) + '/x', 300], // 250: 250 ms, 300: 3.6 s
  ['/*-*-*/end', (n) => '/' + '-'.repeat(n) + '//', 2000], // 250: 28 ms, 1,000: 268 ms
  ['/*.*.*', (n) => '/' + '.'.repeat(n) + '\n', 2000], // 250: 21 ms, 1,000: 273 ms
  ['/:a-*-:b', (n) => '/' + '-'.repeat(n) + '//', 1000], // 4,000: 34 ms, 16,000: 578 ms
  ['/:a:b:c', (n) => '/' + 'a'.repeat(n) + '//', 2000], // 250: 20 ms, 1,000: 201 ms
  ['/:a?:b?:c?', (n) => '/' + 'a'.repeat(n) + '//', 2000], // 250: 112 ms, 1,000: 669 ms
  ['/*/x/*', (n) => '/x'.repeat(n / 2) + '\n', 1000], // 4,000: 8 ms, 16,000: 120 ms
  ['/(a+)+b', (n) => '/' + 'a'.repeat(n) + '!', 27], // 20: 35 ms, 25: 276 ms (exponential)
  ['/:a-x-:b-x-:c', (n) => '/' + '-x-'.repeat(n / 3) + '//', 1000], // linear in express 4.22.3 too
];

describe('matching time grows linearly with the path', () => {
  // Each shape: a pattern and a path built to make a backtracking matcher try every split.
  const shapes: Array<[string, (n: number) => string]> = [
    ['/:a-:b-:c', (n) => '/' + '-'.repeat(n) + '/x'],
    ['/:a-:b-:c', (n) => '/' + 'a-'.repeat(n / 2) + '//'],
    ['/:a-:b-:c-:d', (n) => '/' + 'a-'.repeat(n / 2) + '!'],
    ['/:a.:b.:c', (n) => '/' + 'a.'.repeat(n / 2) + '//'],
    ['/:a-:b.:c', (n) => '/' + 'x-' + 'y.'.repeat(n / 2) + '//'],
    ['/:a-:b', (n) => '/' + '-'.repeat(n) + '//'],
    ['/:file.:ext?', (n) => '/' + '.'.repeat(n) + '//'],
    ['/:a?-:b?-:c?', (n) => '/' + '-'.repeat(n) + '//'],
    ['/x/:a-:b-:c/y', (n) => '/x/' + 'a-'.repeat(n / 2) + '/z'],
  ];
  for (const [pattern, build] of shapes) {
    for (const end of [true, false]) {
      test(`${pattern} (${end ? 'route' : 'middleware'}) on ${JSON.stringify(build(8).slice(0, 12))}...`, () => {
        const match = express4Matcher(translateExpress4(pattern, { end }));
        assertLinear(`${pattern} end=${end}`, build, (path) => match(path));
      });
    }
  }

  for (const [pattern, build, slow] of superLinear) {
    for (const end of [true, false]) {
      test(`${pattern} (${end ? 'route' : 'middleware'}): 4 × the path takes about 4 × the time`, () => {
        const match = express4Matcher(translateExpress4(pattern, { end }));
        const ms = cpuMs(() => match(build(slow)));
        assert.ok(ms < 200, `${pattern} on ${slow} characters: ${ms.toFixed(1)} ms of CPU`);
        assertLinear(`${pattern} end=${end}`, build, (path) => match(path), { n: 1000, factor: 4, maxRatio: 10 });
      });
    }
  }
});

describe("at node's 16 KB limit on a request line, over HTTP", () => {
  for (const [pattern, build] of superLinear) {
    const path = build(16_000);
    if (path.includes('\n')) continue;
    test(`${pattern}: a 16,000-character path that does not match is a 404 in under a second of CPU`, async () => {
      const app = express();
      app.get(pattern, (req, res) => res.send('matched'));
      const server = await serve(app);
      try {
        // CPU time of the process (server and client), not wall time: other processes' load weighs less
        const start = process.cpuUsage();
        const r = await server.get(path);
        const used = process.cpuUsage(start);
        const ms = (used.user + used.system) / 1000;
        assert.equal(r.status, 404);
        assert.ok(ms < 1000, `${ms.toFixed(0)} ms of CPU`);
      } finally {
        await server.close();
      }
    });
  }
});

describe('random Express 4 patterns (fast-check)', () => {
  /** A segment: parameters and literals, a separator between two parameters. */
  const segment = fc
    .array(fc.tuple(fc.constantFrom('-', '.', '~', '-x-', '@', ','), word(1, 3)), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.map(([sep, name], i) => `${i === 0 ? '' : sep}:${name}${i}`).join(''));
  const literal = word(1, 6);
  const pattern = fc
    .array(fc.oneof(segment, literal), { minLength: 1, maxLength: 4 })
    .map((segments) => `/${segments.join('/')}`);

  test('a path built from the pattern matches it, and gives each value back', () => {
    check(
      fc.property(pattern, fc.array(word(1, 6), { minLength: 20, maxLength: 20 }), (p, values) => {
        const given: Record<string, string> = {};
        let k = 0;
        const path = p.replace(/:([a-z]+\d+)/g, (_, name: string) => {
          given[name] = values[k++ % values.length];
          return given[name];
        });
        const got = m(p, path);
        assert.ok(got, `${p} on ${path}`);
        assert.deepEqual(got[0], given);
        assert.equal(got[1], path);
      }),
      300,
    );
  });
  test('hostile paths: a match, no match, or the 400 URIError; never another error', () => {
    check(
      fc.property(pattern, hostile(['/', '-', '.', '%', '~', '_', '@', 'a', '%2F', '%E0']), (p, path) => {
        const match = express4Matcher(translateExpress4(p, { end: p.length % 2 === 0 }));
        try {
          match(path);
        } catch (err) {
          assert.ok(err instanceof URIError && (err as URIError & { status?: number }).status === 400, String(err));
        }
      }),
      300,
    );
  });
});

describe('the same results as path-to-regexp 0.1.13 (express 4.22.3), on random patterns and paths', () => {
  type Key = { name: string | number };
  const ptr = createRequire(import.meta.url)('path-to-regexp-0.1') as (
    path: string,
    keys: Key[],
    options: { end?: boolean; strict?: boolean; sensitive?: boolean },
  ) => RegExp;
  /** Express 4.22's Layer: the params of a match (a group that did not match: `undefined`, unless set). */
  function theirs(p: string, path: string, options: { end: boolean; strict: boolean; sensitive: boolean }) {
    const keys: Key[] = [];
    const m = ptr(p, keys, options).exec(path);
    if (m === null) return false;
    const params: Record<string, string | undefined> = {};
    for (let i = 1; i < m.length; i++) {
      const name = keys[i - 1].name;
      const value = m[i] === undefined ? undefined : decodeURIComponent(m[i]);
      if (value !== undefined || !Object.hasOwn(params, name)) params[name] = value;
    }
    return { params, path: m[0] };
  }
  // Tokens of Express 4's syntax, and regexp source as Express 4 passes it through (groups around
  // parameters, unbalanced ones included: Express 4 refuses some, brisk must refuse the same)
  const token = fc.constantFrom(
    ...['/', '-', '.', '~', 'x', 'y', ':a', ':b', ':c', ':d?', ':e*', ':f(\\d+)', '/:g?', '.:h?', '*'],
    ...['?', '+', '[xy]', '(x|y)', '/(z)?', '\\.', '\\-'],
    ...['(:a)?', '(-:b)?', '(', ')', ')?', '*-*'],
  );
  const pattern = fc.array(token, { minLength: 1, maxLength: 7 }).map((t) => `/${t.join('')}`);
  const path = fc
    .array(fc.constantFrom('/', '-', '.', 'x', 'X', 'y', 'z', '1', '2', '~', '%41'), { maxLength: 12 })
    .map((t) => `/${t.join('')}`);
  /** What a matcher gives: the params and matched text, `false`, or `'400'` for Express 4's URIError. */
  function outcome(match: LayerMatcher, u: string) {
    try {
      const r = match(u);
      return r === false ? false : { params: { ...r.params }, path: r.path };
    } catch (err) {
      assert.equal((err as URIError & { status?: number }).status, 400, String(err));
      return '400';
    }
  }
  test("params, their order and the matched text (brisk's own matcher on every pattern, too)", () => {
    check(
      fc.property(pattern, path, fc.boolean(), fc.boolean(), fc.boolean(), (p, u, end, strict, sensitive) => {
        const options = { end, strict, sensitive };
        try {
          ptr(p, [], options);
        } catch {
          // a pattern Express 4 cannot compile: brisk refuses it too, when it is registered
          assert.throws(() => translateExpress4(p, options));
          return;
        }
        let expected: ReturnType<typeof theirs> | '400';
        try {
          expected = theirs(p, u, options);
        } catch {
          expected = '400'; // a malformed escape in a parameter: Express 4's 400 URIError
        }
        const t = translateExpress4(p, options);
        // as registered (the engine runs the regexps it backtracks linearly on), and brisk's
        // matcher alone, whatever the analysis says
        const program = compile(t.regexp);
        assert.ok(program, `${t.regexp} is compiled`);
        const matchers = [express4Matcher(t), express4Matcher({ ...t, exec: (input) => execProgram(program, input) })];
        for (const match of matchers) {
          const got = outcome(match, u);
          assert.deepEqual(got, expected, `${p} on ${u} ${JSON.stringify(options)}`);
          if (typeof got === 'object' && typeof expected === 'object' && got && expected)
            assert.deepEqual(Object.keys(got.params), Object.keys(expected.params));
        }
      }),
      5000,
    );
  });
});
