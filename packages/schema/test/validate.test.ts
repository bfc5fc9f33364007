// validate() over real HTTP with zod 4, valibot 1 and arktype 2: parsed values reach the handler,
// invalid parts get one problem+json answer naming every issue, async and throwing schemas, the
// body parser's own 400 first, onError, and hostile schemas and bodies that must not crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import brisk, { type Response } from 'briskjs';
import { validate, type StandardSchemaV1, type ValidationError } from '@brisk/schema';
import { z } from 'zod';
import * as v from 'valibot';
import { type } from 'arktype';
import { serve, type Reply } from '../../../test/support/http.js';

const User = z.object({ name: z.string().min(1), age: z.number().int().nonnegative() });

/** An app with a JSON body parser, an error handler that answers `{ error, status }` and the given routes. */
function makeApp(routes: (app: ReturnType<typeof brisk>) => void): ReturnType<typeof brisk> {
  const app = brisk();
  app.use(brisk.json());
  routes(app);
  app.use(
    (err: { status?: number; message?: string; issues?: unknown }, _req: unknown, res: Response, _next: unknown) => {
      res.status(err.status ?? 500).json({ error: err.message, status: err.status ?? 500, issues: err.issues });
    },
  );
  return app;
}

const postJson = (s: Awaited<ReturnType<typeof serve>>, path: string, body: unknown, headers = {}) =>
  s.request('POST', path, {
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

function problem(r: Reply): {
  type: string;
  title: string;
  status: number;
  detail: string;
  issues: Array<{ in: string; path: unknown[]; message: string }>;
} {
  assert.equal(r.status, 400, r.body);
  assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  return JSON.parse(r.body);
}

test('zod: valid params, query and body reach the handler as the schemas output them', async () => {
  const app = makeApp((app) => {
    app.post(
      '/users/:id',
      validate({
        params: z.object({ id: z.coerce.number() }),
        query: z.object({ dry: z.enum(['0', '1']).optional(), page: z.coerce.number().default(1) }),
        body: User,
      }),
      (req, res) => {
        res.json({ id: req.params.id, idType: typeof req.params.id, query: req.query, body: req.body });
      },
    );
  });
  const s = await serve(app);
  try {
    const r = await postJson(s, '/users/42?dry=1', { name: 'Ada', age: 36, extra: true });
    assert.equal(r.status, 200, r.body);
    assert.deepEqual(JSON.parse(r.body), {
      id: 42,
      idType: 'number',
      query: { dry: '1', page: 1 },
      body: { name: 'Ada', age: 36 },
    });
  } finally {
    await s.close();
  }
});

test('zod: every issue of every part in one problem+json answer', async () => {
  const app = makeApp((app) => {
    app.post(
      '/users/:id',
      validate({
        params: z.object({ id: z.coerce.number().int() }),
        query: z.object({ dry: z.enum(['0', '1']).optional() }),
        body: User,
        headers: z.object({ 'x-api-key': z.string().min(3) }),
      }),
      (_req, res) => res.json({ reached: true }),
    );
  });
  const s = await serve(app);
  try {
    const p = problem(await postJson(s, '/users/abc?dry=2', { name: '', age: -1 }, { 'x-api-key': 'k' }));
    assert.equal(p.type, 'about:blank');
    assert.equal(p.title, 'Bad Request');
    assert.equal(p.status, 400);
    assert.match(p.detail, /params, query, body and headers are invalid \(5 issues\)/);
    assert.deepEqual(
      p.issues.map((i) => [i.in, i.path]),
      [
        ['params', ['id']],
        ['query', ['dry']],
        ['body', ['name']],
        ['body', ['age']],
        ['headers', ['x-api-key']],
      ],
    );
    for (const i of p.issues) assert.equal(typeof i.message, 'string');
    // a HEAD-free GET-less answer: the body is the whole problem, nothing else ran
    const ok = await postJson(s, '/users/7', { name: 'A', age: 1 }, { 'x-api-key': 'key' });
    assert.equal(ok.status, 200, ok.body);
  } finally {
    await s.close();
  }
});

test('headers: validated output in req.validatedHeaders, req.headers unchanged', async () => {
  const app = makeApp((app) => {
    app.get('/h', validate({ headers: z.object({ 'x-count': z.coerce.number() }) }), (req, res) => {
      res.json({ validated: req.validatedHeaders, raw: req.headers['x-count'], get: req.get('x-count') });
    });
  });
  const s = await serve(app);
  try {
    const r = await s.get('/h', { 'x-count': '3' });
    assert.deepEqual(JSON.parse(r.body), { validated: { 'x-count': 3 }, raw: '3', get: '3' });
    const p = problem(await s.get('/h', { 'x-count': 'three' }));
    assert.deepEqual(p.issues[0]?.in, 'headers');
  } finally {
    await s.close();
  }
});

test('req.query: the validated value for this request only; other routes and apps parse as before', async () => {
  const app = makeApp((app) => {
    app.get(
      '/q',
      validate({ query: z.object({ n: z.coerce.number() }) }),
      (req, _res, next) => {
        // read twice: the same validated object
        assert.equal(req.query, req.query);
        next();
      },
      (req, res) => res.json({ n: req.query.n, type: typeof req.query.n }),
    );
    app.get('/plain', (req, res) => res.json(req.query));
  });
  const s = await serve(app);
  try {
    assert.deepEqual(JSON.parse((await s.get('/q?n=5')).body), { n: 5, type: 'number' });
    assert.deepEqual(JSON.parse((await s.get('/plain?n=5')).body), { n: '5' });
    assert.ok(!Object.hasOwn(app.request, 'query'), 'the prototype getter stays');
  } finally {
    await s.close();
  }
});

test('valibot and arktype: parsed values and issues with their locations', async () => {
  const app = makeApp((app) => {
    app.post(
      '/v/:id',
      validate({
        params: v.object({ id: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)) }),
        body: v.object({ tags: v.array(v.string()) }),
      }),
      (req, res) => res.json({ id: req.params.id, tags: req.body.tags }),
    );
    app.post(
      '/a/:id',
      validate({
        params: type({ id: 'string.numeric.parse' }),
        body: type({ name: 'string', 'qty?': 'number.integer' }),
      }),
      (req, res) => res.json({ id: req.params.id, body: req.body }),
    );
  });
  const s = await serve(app);
  try {
    assert.deepEqual(JSON.parse((await postJson(s, '/v/12', { tags: ['a'] })).body), { id: 12, tags: ['a'] });
    let p = problem(await postJson(s, '/v/x', { tags: ['a', 2] }));
    assert.deepEqual(
      p.issues.map((i) => [i.in, i.path]),
      [
        ['params', ['id']],
        ['body', ['tags', 1]],
      ],
    );
    assert.deepEqual(JSON.parse((await postJson(s, '/a/9', { name: 'n', qty: 2 })).body), {
      id: 9,
      body: { name: 'n', qty: 2 },
    });
    p = problem(await postJson(s, '/a/nine', { name: 1, qty: 1.5 }));
    assert.deepEqual(
      p.issues.map((i) => [i.in, i.path]).sort(),
      [
        ['body', ['name']],
        ['body', ['qty']],
        ['params', ['id']],
      ].sort(),
    );
  } finally {
    await s.close();
  }
});

test('async schemas: awaited, in order, with their issues', async () => {
  const slowId = z.object({
    id: z.coerce.number().refine(async (n) => {
      await new Promise((r) => setTimeout(r, 5));
      return n > 0;
    }, 'id must be positive'),
  });
  const app = makeApp((app) => {
    app.post('/a/:id', validate({ params: slowId, body: User }), (req, res) =>
      res.json({ id: req.params.id, name: req.body.name }),
    );
  });
  const s = await serve(app);
  try {
    assert.deepEqual(JSON.parse((await postJson(s, '/a/3', { name: 'x', age: 1 })).body), { id: 3, name: 'x' });
    const p = problem(await postJson(s, '/a/0', { name: 'x' }));
    assert.deepEqual(
      p.issues.map((i) => [i.in, i.path, i.in === 'params' ? i.message : '']),
      [
        ['params', ['id'], 'id must be positive'],
        ['body', ['age'], ''],
      ],
    );
  } finally {
    await s.close();
  }
});

test('a schema that throws (sync or async) goes to next(err); malformed JSON gets the parser 400 first', async () => {
  const throwing: StandardSchemaV1 = {
    '~standard': {
      version: 1,
      vendor: 'test',
      validate() {
        throw new Error('schema exploded');
      },
    },
  };
  const rejecting: StandardSchemaV1 = {
    '~standard': { version: 1, vendor: 'test', validate: async () => Promise.reject(new Error('async exploded')) },
  };
  let reached = false;
  const app = makeApp((app) => {
    app.post('/throw', validate({ body: throwing }), () => {
      reached = true;
    });
    app.post('/reject', validate({ body: rejecting }), () => {
      reached = true;
    });
    app.post('/json', validate({ body: User }), (_req, res) => res.json({ ok: true }));
  });
  const s = await serve(app);
  try {
    assert.deepEqual(JSON.parse((await postJson(s, '/throw', {})).body), { error: 'schema exploded', status: 500 });
    assert.deepEqual(JSON.parse((await postJson(s, '/reject', {})).body), { error: 'async exploded', status: 500 });
    const bad = await postJson(s, '/json', '{"name": ');
    assert.equal(bad.status, 400);
    assert.notEqual(bad.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.match(JSON.parse(bad.body).error, /JSON/);
    assert.equal(reached, false);
  } finally {
    await s.close();
  }
});

test("onError: 'next' hands the app's error handler a 400 with the issues; a function answers itself", async () => {
  const app = makeApp((app) => {
    app.post('/next', validate({ body: User }, { onError: 'next' }), (_req, res) => res.json({}));
    app.post(
      '/own',
      validate(
        { body: User },
        {
          onError(err: ValidationError, _req, res) {
            res
              .status(422)
              .json({ fields: err.issues.map((i) => i.path.join('.')), type: err.type, problem: err.problem.status });
          },
        },
      ),
      (_req, res) => res.json({}),
    );
    app.post(
      '/own-async',
      validate(
        { body: User },
        {
          async onError() {
            throw new Error('handler failed');
          },
        },
      ),
      (_req, res) => res.json({}),
    );
  });
  const s = await serve(app);
  try {
    const r = await postJson(s, '/next', { name: 'x' });
    assert.equal(r.status, 400);
    const body = JSON.parse(r.body);
    assert.equal(body.status, 400);
    assert.deepEqual(body.issues[0].path, ['age']);
    assert.equal(body.issues[0].in, 'body');
    const own = await postJson(s, '/own', {});
    assert.equal(own.status, 422);
    assert.deepEqual(JSON.parse(own.body), {
      fields: ['name', 'age'],
      type: 'request.validation.failed',
      problem: 400,
    });
    const failed = await postJson(s, '/own-async', {});
    assert.deepEqual(JSON.parse(failed.body), { error: 'handler failed', status: 500 });
  } finally {
    await s.close();
  }
});

test('briskjs re-exports validate and openapi, as named exports and properties of brisk', async () => {
  const briskjs = await import('briskjs');
  const schema = await import('@brisk/schema');
  assert.equal(briskjs.validate, schema.validate);
  assert.equal(briskjs.openapi, schema.openapi);
  assert.equal(brisk.validate, schema.validate);
  assert.equal(brisk.openapi, schema.openapi);
});

test('setup errors are TypeErrors', () => {
  assert.throws(() => validate(null as never), TypeError);
  assert.throws(() => validate({ body: {} as never }), /body is not a Standard Schema/);
  assert.throws(() => validate({ body: User }, { onError: 'throw' as never }), TypeError);
  assert.throws(() => validate({ body: User }, { maxIssues: 0 }), TypeError);
  assert.throws(() => validate({ response: { 99: User } as never }), /not a status code/);
  assert.equal(typeof validate({ body: User }).schemas.body, 'object');
});

/** A Standard Schema whose validate returns `result` (or what `make()` gives). */
const fake = (make: () => unknown): StandardSchemaV1 =>
  ({ '~standard': { version: 1, vendor: 'hostile', validate: make } }) as unknown as StandardSchemaV1;

test('hostile schemas and bodies never crash the process', async () => {
  const sym = Symbol('s');
  const huge = Array.from({ length: 100_000 }, (_, i) => ({ message: `m${i}`, path: [i] }));
  const cases: Record<string, StandardSchemaV1> = {
    garbage: fake(() => 42),
    null: fake(() => null),
    stringIssues: fake(() => ({ issues: 'bad' })),
    emptyIssues: fake(() => ({ issues: [] })),
    garbageIssues: fake(() => ({ issues: [null, 7, { message: { toString: () => 'x' }, path: 'nope' }] })),
    keys: fake(() => ({
      issues: [{ message: 'k', path: [{ key: 'a' }, { key: 3 }, sym, { key: sym }, 10n, { key: { no: 1 } }, null] }],
    })),
    throwingGetter: fake(() => ({
      get issues() {
        throw new Error('getter threw');
      },
    })),
    throwingPathGetter: fake(() => ({
      issues: [
        {
          message: 'x',
          path: [
            {
              get key() {
                throw new Error('key getter threw');
              },
            },
          ],
        },
      ],
    })),
    huge: fake(() => ({ issues: huge })),
    longMessage: fake(() => ({ issues: [{ message: 'x'.repeat(100_000) }] })),
    thenableGarbage: fake(() => Promise.resolve('nothing')),
  };
  const app = makeApp((app) => {
    for (const [name, schema] of Object.entries(cases))
      app.post(`/${name}`, validate({ body: schema }), (_req, res) => res.json({ reached: name }));
    app.post('/proto', validate({ body: z.record(z.string(), z.unknown()) }), (req, res) => {
      res.json({ keys: Object.keys(req.body), polluted: ({} as Record<string, unknown>).polluted ?? null });
    });
    app.post('/proto-object', validate({ body: z.looseObject({ a: z.number() }) }), (req, res) => {
      res.json({
        proto: Object.getPrototypeOf(req.body) === Object.prototype,
        polluted: ({} as Record<string, unknown>).polluted ?? null,
      });
    });
  });
  const s = await serve(app);
  try {
    const status = async (name: string) => (await postJson(s, `/${name}`, { a: 1 })).status;
    assert.equal(await status('garbage'), 500);
    assert.equal(await status('null'), 500);
    assert.equal(await status('thenableGarbage'), 500);
    assert.equal(await status('throwingGetter'), 500);
    assert.equal(await status('throwingPathGetter'), 500);
    assert.deepEqual(problem(await postJson(s, '/stringIssues', {})).issues, [
      { in: 'body', path: [], message: 'Invalid value' },
    ]);
    assert.deepEqual(problem(await postJson(s, '/emptyIssues', {})).issues, [
      { in: 'body', path: [], message: 'Invalid value' },
    ]);
    assert.deepEqual(problem(await postJson(s, '/garbageIssues', {})).issues, [
      { in: 'body', path: [], message: 'Invalid value' },
      { in: 'body', path: [], message: 'Invalid value' },
      { in: 'body', path: [], message: 'Invalid value' },
    ]);
    assert.deepEqual(problem(await postJson(s, '/keys', {})).issues[0]?.path, ['a', 3, 's', 's', '10', '', '']);
    const h = problem(await postJson(s, '/huge', {}));
    assert.equal(h.issues.length, 100);
    assert.match(h.detail, /100000 issues, the first 100 listed/);
    const long = problem(await postJson(s, '/longMessage', {}));
    assert.ok((long.issues[0]?.message.length ?? 0) <= 1001);

    const proto = await postJson(s, '/proto', '{"__proto__": {"polluted": "yes"}, "a": 1}');
    assert.equal(proto.status, 200, proto.body);
    assert.equal(JSON.parse(proto.body).polluted, null);
    const protoObject = await postJson(s, '/proto-object', '{"__proto__": {"polluted": "yes"}, "a": 1}');
    assert.equal(protoObject.status, 200, protoObject.body);
    assert.deepEqual(JSON.parse(protoObject.body), { proto: true, polluted: null });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  } finally {
    await s.close();
  }
});

test('a validated route still answers HEAD and works through app.route() and mounted routers', async () => {
  const app = makeApp((app) => {
    const router = brisk.Router({ mergeParams: true });
    router.get('/items/:n', validate({ params: z.object({ id: z.string(), n: z.coerce.number() }) }), (req, res) =>
      res.json({ id: req.params.id, n: req.params.n }),
    );
    app.use('/users/:id', router);
    app
      .route('/r/:n')
      .get(validate({ params: z.object({ n: z.coerce.number() }) }), (req, res) => res.json({ n: req.params.n }));
  });
  const s = await serve(app);
  try {
    assert.deepEqual(JSON.parse((await s.get('/users/u1/items/2')).body), { id: 'u1', n: 2 });
    assert.deepEqual(JSON.parse((await s.get('/r/5')).body), { n: 5 });
    const head = await s.request('HEAD', '/r/x');
    assert.equal(head.status, 400);
    assert.equal(head.body, '');
  } finally {
    await s.close();
  }
});

test('app.inject() gives the same answers', async () => {
  const app = makeApp((app) => {
    app.post('/u', validate({ body: User }), (req, res) => res.status(201).json(req.body));
  });
  const ok = await app.inject({ method: 'POST', url: '/u', payload: { name: 'a', age: 2 } });
  assert.equal(ok.statusCode, 201);
  const bad = await app.inject({ method: 'POST', url: '/u', payload: { name: 'a' } });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.headers['content-type'], 'application/problem+json; charset=utf-8');
  assert.deepEqual((bad.json() as { issues: unknown }).issues, [
    { in: 'body', path: ['age'], message: 'Invalid input: expected number, received undefined' },
  ]);
});

test('over HTTP/2 (h2c): the same outputs, and the same problem answer', async () => {
  const http2 = await import('node:http2');
  const app = makeApp((app) => {
    app.post(
      '/users/:id',
      validate({ params: z.object({ id: z.coerce.number() }), query: z.object({ n: z.coerce.number() }), body: User }),
      (req, res) => res.json({ id: req.params.id, n: req.query.n, name: req.body.name }),
    );
  });
  const server = http2.createServer({}, app as never);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  const client = http2.connect(`http://127.0.0.1:${port}`);
  const send = (path: string, body: unknown) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = client.request({ ':method': 'POST', ':path': path, 'content-type': 'application/json' });
      let status = 0;
      let type = '';
      let text = '';
      req.on('response', (h) => {
        status = Number(h[':status']);
        type = String(h['content-type']);
      });
      req.setEncoding('utf8');
      req.on('data', (d: string) => (text += d));
      req.on('end', () => resolve({ status, type, body: text }));
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  try {
    const ok = await send('/users/5?n=2', { name: 'a', age: 1 });
    assert.equal(ok.status, 200, ok.body);
    assert.deepEqual(JSON.parse(ok.body), { id: 5, n: 2, name: 'a' });
    const bad = await send('/users/x?n=y', { name: '' });
    assert.equal(bad.status, 400);
    assert.equal(bad.type, 'application/problem+json; charset=utf-8');
    assert.deepEqual(
      JSON.parse(bad.body).issues.map((i: { in: string; path: unknown[] }) => [i.in, i.path]),
      [
        ['params', ['id']],
        ['query', ['n']],
        ['body', ['name']],
        ['body', ['age']],
      ],
    );
  } finally {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
