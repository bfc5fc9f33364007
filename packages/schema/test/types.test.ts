// Type tests (checked by `pnpm typecheck`, which compiles packages/*/test): the handlers after
// `validate()` see the schemas' outputs, with zod 4, valibot 1 and arktype 2, through
// `app.METHOD`, `router.METHOD` and `app.route(path).METHOD`; brisk's path inference is unchanged
// where no schema is given. The one runtime test only says the file loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import brisk, {
  Router,
  openapi,
  validate,
  type InferOutput,
  type ParsedQuery,
  type Request,
  type Response,
} from 'briskjs';
import { z } from 'zod';
import * as v from 'valibot';
import { type } from 'arktype';

/** Fails to compile unless `A` and `B` are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<A, B>(_: Equal<A, B>): void {}

function typed(): void {
  const app = brisk();
  const User = z.object({ name: z.string().min(1), age: z.number().int().nonnegative() });

  // zod: params coerced, query enum, body object
  app.post(
    '/users/:id',
    validate({
      params: z.object({ id: z.coerce.number() }),
      query: z.object({ dry: z.enum(['0', '1']).optional() }),
      body: User,
    }),
    (req, res) => {
      expectType<typeof req.params.id, number>(true);
      expectType<typeof req.query.dry, '0' | '1' | undefined>(true);
      expectType<typeof req.body, { name: string; age: number }>(true);
      // @ts-expect-error: not in the body schema
      void req.body.email;
      res.json({ ok: true });
    },
  );

  // no params schema: the path's params as before; no body schema: any
  app.get('/items/:itemId/:rest', validate({ query: z.object({ page: z.coerce.number().default(1) }) }), (req) => {
    expectType<typeof req.params, { itemId: string; rest: string }>(true);
    expectType<typeof req.query.page, number>(true);
  });
  app.get('/x', validate({ body: z.object({ a: z.string() }) }), (req) => {
    expectType<typeof req.query, ParsedQuery>(true);
  });

  // headers: validated to req.validatedHeaders, req.headers stays node's
  app.get('/h', validate({ headers: z.object({ 'x-api-key': z.string() }) }), (req) => {
    expectType<typeof req.validatedHeaders, { 'x-api-key': string }>(true);
    const raw: string | string[] | undefined = req.headers['x-api-key'];
    void raw;
  });

  // several handlers and arrays after validate
  app.put('/multi/:id', validate({ params: z.object({ id: z.coerce.number() }) }), [
    (req, _res, next) => {
      expectType<typeof req.params.id, number>(true);
      next();
    },
    (req) => {
      expectType<typeof req.params.id, number>(true);
    },
  ]);

  // response schemas type res.json
  app.get(
    '/r',
    validate({ response: { 200: z.object({ id: z.number() }), 404: z.object({ error: z.string() }) } }),
    (_req, res) => {
      res.json({ id: 1 });
      res.status(404).json({ error: 'missing' });
      // @ts-expect-error: not a declared response body
      res.json({ id: 'x' });
    },
  );

  // valibot
  app.post(
    '/v/:id',
    validate({
      params: v.object({ id: v.pipe(v.string(), v.transform(Number)) }),
      body: v.object({ tags: v.array(v.string()) }),
    }),
    (req) => {
      expectType<typeof req.params.id, number>(true);
      expectType<typeof req.body.tags, string[]>(true);
    },
  );

  // arktype
  const Item = type({ name: 'string', 'qty?': 'number.integer' });
  app.patch('/a/:id', validate({ params: type({ id: 'string.numeric.parse' }), body: Item }), (req) => {
    expectType<typeof req.params.id, number>(true);
    expectType<typeof req.body, { name: string; qty?: number }>(true);
  });

  // router.METHOD and app.route(path).METHOD
  const router = Router();
  router.delete('/r/:id', validate({ params: z.object({ id: z.coerce.number() }) }), (req) => {
    expectType<typeof req.params.id, number>(true);
  });
  app
    .route('/route/:id')
    .get(validate({ query: z.object({ q: z.string() }) }), (req) => {
      expectType<typeof req.params.id, string>(true);
      expectType<typeof req.query.q, string>(true);
    })
    .post(validate({ body: Item }), (req) => {
      expectType<typeof req.body.name, string>(true);
    });

  // unchanged without validate
  app.get('/plain/:id', (req, res) => {
    expectType<typeof req.params, { id: string }>(true);
    res.send(req.params.id);
  });
  app.get('/annotated', (req: Request<{ a: string }>, res: Response) => res.send(req.params.a));

  // InferOutput and openapi
  expectType<InferOutput<typeof User>, { name: string; age: number }>(true);
  const doc = openapi(app, { info: { title: 't', version: '1' } });
  expectType<typeof doc.openapi, '3.1.0'>(true);
  // @ts-expect-error: not a Standard Schema
  validate({ body: { parse() {} } });
  // misuse that is also a TypeError at setup (validate-hostile.test.ts), for JavaScript callers
  // @ts-expect-error: a bare schema, where { body: schema } was meant
  validate(User);
  // @ts-expect-error: a bare valibot schema
  validate(v.object({ name: v.string() }));
  // @ts-expect-error: a bare arktype schema
  validate(type({ name: 'string' }));
  // @ts-expect-error: fastify's name for the query
  validate({ querystring: User });
  // @ts-expect-error: not an option
  validate({ body: User }, { maxissues: 3 });
  // @ts-expect-error: not an option of openapi()
  openapi(app, { info: { title: 't', version: '1' }, server: [] });
}

test('the type tests compile (pnpm typecheck)', () => {
  assert.equal(typeof typed, 'function');
});
