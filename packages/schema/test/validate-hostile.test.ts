// validate() against hostile and careless use (issue 40): whatever a schema throws or rejects
// reaches an error handler as an Error, never a handler that expects validated data; a bare
// schema or a misspelled part name is refused at setup; the 400 answer is bounded in total,
// whatever the shape of the input; path segments are strings and numbers only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import brisk, { type Response } from 'briskjs';
import { validate, type StandardSchemaV1, type ValidationError } from '@brisk/schema';
import { z } from 'zod';
import * as v from 'valibot';
import { type } from 'arktype';
import { serve, type Reply } from '../../../test/support/http.js';

/** A Standard Schema whose `validate` is `fn`, as valibot and arktype meet brisk: by `~standard` alone. */
const standard = (fn: (value: unknown) => unknown): StandardSchemaV1 =>
  ({ '~standard': { version: 1, vendor: 'hostile', validate: fn } }) as unknown as StandardSchemaV1;

/** Values a schema may throw or reject with, none of them an Error. */
function thrownValues(): Array<[string, unknown]> {
  const trap = () => {
    throw new Error('trap');
  };
  return [
    ['undefined', undefined],
    ['null', null],
    ['0', 0],
    ["''", ''],
    ['false', false],
    ['NaN', Number.NaN],
    ["'route'", 'route'],
    ["'router'", 'router'],
    ['a string', 'schema failed'],
    ['a symbol', Symbol('s')],
    ['a null-prototype object', Object.create(null)],
    ['a Proxy whose every trap throws', new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap })],
    [
      'an object whose message, stack and toString throw',
      {
        get message() {
          return trap();
        },
        get stack() {
          return trap();
        },
        toString: trap,
      },
    ],
    ['a plain object with a message', { message: 'not an Error', status: 400 }],
  ];
}

/** How the value comes out of the schema (or of something `validate` calls). */
const WAYS: Array<[string, (x: unknown) => StandardSchemaV1]> = [
  [
    'throws',
    (x) =>
      standard(() => {
        throw x;
      }),
  ],
  ['rejects', (x) => standard(() => Promise.reject(x))],
  [
    'throws from an issues getter',
    (x) =>
      standard(() => ({
        get issues() {
          throw x;
        },
      })),
  ],
  [
    'rejects from an issues getter',
    (x) =>
      standard(async () => ({
        get issues() {
          throw x;
        },
      })),
  ],
  [
    'throws from a then getter',
    (x) =>
      standard(() => ({
        get then() {
          throw x;
        },
      })),
  ],
];

/** A fake request and response for the middleware alone. */
function unitCall(
  mw: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
  body: unknown = { raw: true },
): Promise<{ args: unknown[]; calls: number; ended: string | undefined }> {
  return new Promise((resolve) => {
    let calls = 0;
    let first: unknown[] = [];
    const res = {
      headersSent: false,
      statusCode: 200,
      setHeader() {},
      end(text: string) {
        resolve({ args: [], calls, ended: text });
      },
    };
    // an onError that neither answers nor calls next: what it did is what the test looks at
    setTimeout(() => resolve({ args: first, calls, ended: undefined }), 100);
    const req = { params: {}, query: {}, body, headers: {}, url: '/' };
    mw(req as never, res as never, (...args: unknown[]) => {
      calls++;
      if (calls === 1) first = args;
      // let a second, wrong call to next show up before resolving
      setTimeout(() => resolve({ args: first, calls, ended: undefined }), 20);
    });
  });
}

test('a schema that throws or rejects anything that is not an Error: next(err), an Error with the value as cause', async () => {
  for (const [way, make] of WAYS) {
    for (const [name, value] of thrownValues()) {
      const { args, calls } = await unitCall(validate({ body: make(value) }));
      assert.equal(calls, 1, `${way} ${name}: next called once`);
      assert.equal(args.length, 1, `${way} ${name}: next(err)`);
      const err = args[0];
      assert.ok(err instanceof Error, `${way} ${name}: an Error, got ${typeof err}`);
      assert.ok(Object.is(err.cause, value), `${way} ${name}: the value is the cause`);
      assert.match(err.message, /^validate\(\): the body schema (threw|rejected with) .+, not an Error$/, err.message);
    }
  }
});

test('an Error thrown or rejected goes to next(err) as it is', async () => {
  class Odd extends Error {
    override get message(): string {
      throw new Error('message getter');
    }
  }
  for (const [way, make] of WAYS) {
    for (const value of [new Error('boom'), new TypeError('t'), new Odd()]) {
      const { args } = await unitCall(validate({ query: make(value) }));
      assert.equal(args[0], value, way);
    }
  }
});

test("over HTTP: whatever a schema throws or rejects, the app's error handler answers; no handler sees the raw body", async () => {
  const values = thrownValues();
  const seen: unknown[] = [];
  const app = brisk();
  app.use(brisk.json());
  const router = brisk.Router();
  values.forEach(([, value], i) => {
    for (const [w, [, make]] of WAYS.entries()) {
      router.post(`/${w}/${i}`, validate({ body: make(value) }), (req, res) => {
        seen.push(req.body);
        res.json({ reached: 'handler' });
      });
      // 'route' would land here, 'router' after the router
      router.post(`/${w}/${i}`, (req, res) => {
        seen.push(req.body);
        res.json({ reached: 'next route' });
      });
    }
  });
  app.use(router);
  app.use((req: { body: unknown }, res: Response) => {
    seen.push(req.body);
    res.json({ reached: 'after the router' });
  });
  app.use((err: unknown, _req: unknown, res: Response, _next: unknown) => {
    res.status(500).json({ error: err instanceof Error ? err.message : typeof err, isError: err instanceof Error });
  });
  const s = await serve(app);
  try {
    for (const [i, [name]] of values.entries()) {
      for (const [w, [way]] of WAYS.entries()) {
        const r = await s.request('POST', `/${w}/${i}`, {
          headers: { 'content-type': 'application/json' },
          body: '{"admin":true}',
        });
        assert.equal(r.status, 500, `${way} ${name}: ${r.body}`);
        const body = JSON.parse(r.body);
        assert.equal(body.isError, true, `${way} ${name}`);
        assert.match(body.error, /^validate\(\): the body schema/, `${way} ${name}`);
      }
    }
    assert.deepEqual(seen, []);
  } finally {
    await s.close();
  }
});

test("over HTTP, without an error handler of the app's: a 500 from the final handler", async () => {
  const app = brisk();
  app.use(brisk.json());
  for (const [w, [, make]] of WAYS.entries()) {
    app.post(`/${w}`, validate({ body: make(undefined) }), (_req, res) => res.json({ reached: true }));
  }
  const s = await serve(app);
  try {
    for (const [w, [way]] of WAYS.entries()) {
      const r = await s.request('POST', `/${w}`, { headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(r.status, 500, `${way}: ${r.body}`);
    }
  } finally {
    await s.close();
  }
});

test('an onError function that throws or rejects anything that is not an Error: next(err), an Error with the cause', async () => {
  const bad = standard(() => ({ issues: [{ message: 'no' }] }));
  for (const [name, value] of thrownValues()) {
    for (const onError of [
      () => {
        throw value;
      },
      () => Promise.reject(value),
    ]) {
      const { args, calls } = await unitCall(validate({ body: bad }, { onError }));
      assert.equal(calls, 1, name);
      const err = args[0];
      assert.ok(err instanceof Error, `${name}: an Error`);
      assert.ok(Object.is(err.cause, value), `${name}: the cause`);
      assert.match(err.message, /^validate\(\): onError (threw|rejected with) .+, not an Error$/);
    }
  }
  const boom = new Error('boom');
  const { args } = await unitCall(
    validate(
      { body: bad },
      {
        onError() {
          throw boom;
        },
      },
    ),
  );
  assert.equal(args[0], boom);
});

test('setup: a bare schema is refused with a TypeError that says to wrap it in { body: ... }', () => {
  const bare: Array<[string, unknown]> = [
    ['zod', z.object({ name: z.string() })],
    ['valibot', v.object({ name: v.string() })],
    ['arktype', type({ name: 'string' })],
    ['a Standard Schema object', standard((value) => ({ value }))],
  ];
  for (const [name, schema] of bare) {
    assert.throws(
      () => validate(schema as never),
      (err: unknown) =>
        err instanceof TypeError &&
        /^validate\(\) takes an object of schemas by request part, not a schema: write validate\(\{ body: schema \}\)/.test(
          err.message,
        ),
      name,
    );
  }
});

test('setup: an unknown part name is refused with a TypeError naming it and listing the parts', () => {
  const User = z.object({ name: z.string() });
  const cases: Array<[Record<string, unknown>, string, string | undefined]> = [
    [{ querystring: User }, 'querystring', 'query'],
    [{ bdy: User }, 'bdy', undefined],
    [{ header: User }, 'header', 'headers'],
    [{ Body: User }, 'Body', 'body'],
    [{ PARAMS: User }, 'PARAMS', 'params'],
    [{ param: User }, 'param', 'params'],
    [{ responses: { 200: User } }, 'responses', 'response'],
    [{ body: User, cookies: User }, 'cookies', undefined],
    [{ bdy: undefined }, 'bdy', undefined],
    [{ __proto__: null, constructor: User } as Record<string, unknown>, 'constructor', undefined],
  ];
  for (const [schemas, key, hint] of cases) {
    assert.throws(
      () => validate(schemas as never),
      (err: unknown) => {
        assert.ok(err instanceof TypeError);
        assert.equal(
          err.message,
          `validate(): unknown part "${key}"${hint ? ` (did you mean "${hint}"?)` : ''}: the parts are params, query, body, headers and response`,
        );
        return true;
      },
    );
  }
});

test('setup: an unknown option or options that are not an object are refused', () => {
  const User = z.object({ name: z.string() });
  assert.throws(
    () => validate({ body: User }, { onerror: 'next' } as never),
    /^TypeError: validate\(\): unknown option "onerror" \(did you mean "onError"\?\): the options are onError and maxIssues$/,
  );
  assert.throws(
    () => validate({ body: User }, { maxissues: 3 } as never),
    /unknown option "maxissues" \(did you mean "maxIssues"\?\)/,
  );
  assert.throws(() => validate({ body: User }, { limit: 3 } as never), /unknown option "limit": the options are/);
  assert.throws(
    () => validate({ body: User }, 'next' as never),
    /^TypeError: validate\(\): options must be an object$/,
  );
  for (const maxIssues of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1.5, '5', 0n]) {
    assert.throws(
      () => validate({ body: User }, { maxIssues } as never),
      /^TypeError: option maxIssues ".*" is invalid$/,
    );
  }
  assert.equal(typeof validate({ body: User }, undefined), 'function');
  assert.equal(typeof validate({ body: User }, { onError: undefined, maxIssues: undefined }), 'function');
  assert.equal(typeof validate({ body: undefined }), 'function', 'a part given as undefined has no schema');
});

/** Reads a problem answer. */
function problem(r: Reply): { detail: string; issues: Array<{ in: string; path: unknown[]; message: string }> } {
  assert.equal(r.status, 400, r.body.slice(0, 200));
  assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  return JSON.parse(r.body);
}

const BUDGET = 64 * 1024;

test('the 400 answer is bounded in total: a deep recursive body with long keys and 100 bad leaves (zod)', async () => {
  type Tree = { [key: string]: Tree };
  const Tree: z.ZodType<Tree> = z.lazy(() => z.record(z.string(), Tree));
  // 63 levels of 1,000-character keys, then 100 leaves that are not records
  const leaves: Record<string, number> = {};
  for (let i = 0; i < 100; i++) leaves[`l${i}`] = i;
  let node: unknown = leaves;
  for (let d = 0; d < 63; d++) node = { [String(d % 10).repeat(1000)]: node };
  const body = JSON.stringify(node);
  assert.ok(body.length > 63_000 && body.length < 65_000);
  const app = brisk();
  app.use(brisk.json());
  app.post('/tree', validate({ body: Tree }), (_req, res) => res.json({ reached: true }));
  const s = await serve(app);
  try {
    const r = await s.request('POST', '/tree', { headers: { 'content-type': 'application/json' }, body });
    const p = problem(r);
    assert.ok(r.bytes.length <= BUDGET + 512, `${r.bytes.length} bytes`);
    assert.equal(p.detail, "The request's body is invalid (100 issues, the first one listed)");
    assert.equal(p.issues.length, 1);
    assert.equal(p.issues[0]?.path.length, 64);
    assert.equal(p.issues[0]?.path[63], 'l0');
  } finally {
    await s.close();
  }
});

test('the bound holds for many issues, for escaped and multi-byte text, across parts, and in onError', async () => {
  const many = (message: string, key: string) =>
    standard(() => ({ issues: Array.from({ length: 5000 }, (_, i) => ({ message, path: [key, i] })) }));
  const app = brisk();
  app.use(brisk.json());
  const cases: Record<string, StandardSchemaV1> = {
    ascii: many('m'.repeat(200), 'k'.repeat(200)),
    control: many('\u0001'.repeat(1000), '\u0000'.repeat(1000)),
    multibyte: many('€'.repeat(1000), '😀'.repeat(500)),
    lone: many('\ud800'.repeat(1000), '\udfff'.repeat(1000)),
  };
  for (const [name, schema] of Object.entries(cases)) {
    app.post(`/${name}`, validate({ body: schema }, { maxIssues: 100_000 }), (_req, res) => res.json({}));
  }
  app.post(
    '/parts',
    validate({ params: cases.ascii, query: cases.ascii, body: cases.ascii, headers: cases.ascii }, { maxIssues: 1e6 }),
    (_req, res) => res.json({}),
  );
  const s = await serve(app);
  try {
    for (const name of Object.keys(cases)) {
      const r = await s.request('POST', `/${name}`, { headers: { 'content-type': 'application/json' }, body: '{}' });
      const p = problem(r);
      assert.ok(r.bytes.length <= BUDGET + 512, `${name}: ${r.bytes.length} bytes`);
      assert.ok(p.issues.length >= 1, name);
      assert.match(p.detail, new RegExp(`\\(5000 issues, the first ${p.issues.length} listed\\)$`), name);
      // what is listed is whole: the first issues, in order, uncut
      assert.deepEqual(
        p.issues.map((i) => i.path[1]),
        p.issues.map((_, i) => i),
      );
    }
    const r = await s.request('POST', '/parts', { headers: { 'content-type': 'application/json' }, body: '{}' });
    const p = problem(r);
    assert.ok(r.bytes.length <= BUDGET + 512, `${r.bytes.length} bytes`);
    // the detail names every part with issues, also those none of whose issues are listed
    assert.equal(
      p.detail,
      `The request's params, query, body and headers are invalid (20000 issues, the first ${p.issues.length} listed)`,
    );
    assert.ok(p.issues.every((i) => i.in === 'params'));
  } finally {
    await s.close();
  }
  // the same bound on the error onError gets
  let got: ValidationError | undefined;
  await unitCall(
    validate(
      { body: cases.control as StandardSchemaV1 },
      {
        maxIssues: 100_000,
        onError(err) {
          got = err;
        },
      },
    ),
  );
  assert.ok(got);
  assert.ok(Buffer.byteLength(JSON.stringify(got.issues)) <= BUDGET);
  assert.equal(got.problem.issues, got.issues);
});

test('maxIssues and small answers are as before', async () => {
  const { args } = await unitCall(
    validate(
      { body: standard(() => ({ issues: Array.from({ length: 7 }, (_, i) => ({ message: `m${i}`, path: [i] })) })) },
      { onError: 'next', maxIssues: 3 },
    ),
  );
  const err = args[0] as ValidationError;
  assert.equal(err.problem.detail, "The request's body is invalid (7 issues, the first 3 listed)");
  assert.deepEqual(
    err.issues.map((i) => i.path),
    [[0], [1], [2]],
  );
});

test('path segments: NaN and ±Infinity as strings; __proto__ and constructor keys as plain strings', async () => {
  const { args } = await unitCall(
    validate(
      {
        body: standard(() => ({
          issues: [
            {
              message: 'm',
              path: [
                Number.NaN,
                Number.POSITIVE_INFINITY,
                Number.NEGATIVE_INFINITY,
                { key: Number.NaN },
                -0,
                1.5,
                '__proto__',
                { key: 'constructor' },
              ],
            },
          ],
        })),
      },
      { onError: 'next' },
    ),
  );
  const err = args[0] as ValidationError;
  assert.deepEqual(err.issues[0]?.path, ['NaN', 'Infinity', '-Infinity', 'NaN', 0, 1.5, '__proto__', 'constructor']);
  // zod reports such a path as its refinement gives it
  const Refined = z.object({}).superRefine((_v, ctx) => {
    ctx.addIssue({ code: 'custom', message: 'bad', path: [Number.NaN, Number.POSITIVE_INFINITY, 2] });
  });
  const app = brisk();
  app.use(brisk.json());
  app.post('/refined', validate({ body: Refined }), (_req, res) => res.json({}));
  app.post('/record', validate({ body: z.record(z.string(), z.string()) }), (_req, res) => res.json({}));
  // a schema that reports every own key of the body, as a library might
  const everyKey = standard((value) => ({
    issues: Object.keys(value as object).map((key) => ({ message: 'no', path: [{ key }, key] })),
  }));
  app.post('/keys', validate({ body: everyKey }), (_req, res) => res.json({}));
  const s = await serve(app);
  try {
    const json = { 'content-type': 'application/json' };
    const p = problem(await s.request('POST', '/refined', { headers: json, body: '{}' }));
    assert.deepEqual(p.issues[0]?.path, ['NaN', 'Infinity', 2]);
    const keys = '{"__proto__": 1, "constructor": 2, "toString": 3, "hasOwnProperty": "ok"}';
    // zod leaves __proto__ out of a record
    const r = await s.request('POST', '/record', { headers: json, body: keys });
    assert.deepEqual(
      problem(r).issues.map((i) => i.path),
      [['constructor'], ['toString']],
    );
    const k = await s.request('POST', '/keys', { headers: json, body: keys });
    assert.match(k.body, /"path":\["__proto__","__proto__"\]/);
    const issues = problem(k).issues;
    assert.deepEqual(
      issues.map((i) => i.path),
      ['__proto__', 'constructor', 'toString', 'hasOwnProperty'].map((key) => [key, key]),
    );
    for (const issue of issues) assert.equal(Object.getPrototypeOf(issue.path), Array.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  } finally {
    await s.close();
  }
});

test('detail: "are invalid" for params and headers, "is invalid" for query and body', async () => {
  const bad = standard(() => ({ issues: [{ message: 'no' }] }));
  const detail = async (part: 'params' | 'query' | 'body' | 'headers') =>
    ((await unitCall(validate({ [part]: bad }, { onError: 'next' }))).args[0] as ValidationError).problem.detail;
  assert.equal(await detail('params'), "The request's params are invalid (1 issue)");
  assert.equal(await detail('headers'), "The request's headers are invalid (1 issue)");
  assert.equal(await detail('query'), "The request's query is invalid (1 issue)");
  assert.equal(await detail('body'), "The request's body is invalid (1 issue)");
  const both = (await unitCall(validate({ query: bad, body: bad }, { onError: 'next' }))).args[0] as ValidationError;
  assert.equal(both.problem.detail, "The request's query and body are invalid (2 issues)");
  assert.equal(both.message, both.problem.detail);
});
