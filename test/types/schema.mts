// Type fixture: validate() and openapi() from the built declarations of briskjs and @brisk/schema,
// as an ESM TypeScript user sees them. The schemas are hand-written Standard Schemas (what zod,
// valibot and arktype implement; their own type tests are packages/schema/test/types.test.ts).
import brisk, { Router, validate, openapi, type StandardSchemaV1, type ValidationError } from 'briskjs';
import type * as schema from '@brisk/schema';

/** A Standard Schema from `Input` to `Output` (types only; validate passes the value on). */
function standard<Input, Output>(convert: (value: unknown) => Output): StandardSchemaV1<Input, Output> {
  return { '~standard': { version: 1, vendor: 'fixture', validate: (value) => ({ value: convert(value) }) } };
}
const Id = standard<{ id: string }, { id: number }>((v) => ({ id: Number((v as { id: string }).id) }));
const Body = standard<unknown, { name: string; tags: string[] }>((v) => v as { name: string; tags: string[] });
const Query = standard<unknown, { page: number }>(() => ({ page: 1 }));
const Headers = standard<unknown, { 'x-key': string }>(() => ({ 'x-key': 'k' }));

const app = brisk();
app.post('/users/:id', validate({ params: Id, body: Body, query: Query, headers: Headers }), (req, res) => {
  const id: number = req.params.id;
  const name: string = req.body.name;
  const page: number = req.query.page;
  const key: string = req.validatedHeaders['x-key'];
  // @ts-expect-error: not in the body schema
  void req.body.email;
  res.json({ id, name, page, key });
});
app.get('/items/:itemId', validate({ query: Query }), (req) => {
  const itemId: string = req.params.itemId; // the path's params where no schema is given
  void itemId;
});
Router().put('/r/:id', validate({ params: Id }), (req) => {
  const id: number = req.params.id;
  void id;
});
app.route('/x/:id').patch(brisk.validate({ body: Body }), (req) => {
  const tags: string[] = req.body.tags;
  const id: string = req.params.id;
  void tags;
  void id;
});
app.get('/r', validate({ response: { 200: Body } }), (_req, res) => {
  res.json({ name: 'n', tags: [] });
  // @ts-expect-error: not the declared response body
  res.json({ other: true });
});
validate(
  { body: Body },
  {
    onError(err: ValidationError, _req, res) {
      res.status(422).json(err.problem);
    },
    maxIssues: 10,
  },
);
const doc: schema.OpenAPIDocument = openapi(app, { info: { title: 't', version: '1' } });
const same: typeof schema.validate = validate;
void doc;
void same;
