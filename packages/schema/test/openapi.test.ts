// openapi(app): every route of the app (mounted routers included) in an OpenAPI 3.1 document,
// parameters and request bodies from the schemas' JSON Schema (zod 4, arktype 2, valibot 1
// through @valibot/to-json-schema), checked with an OpenAPI 3.1 schema validator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import brisk from 'briskjs';
import { openapi, validate, type OpenAPIDocument, type StandardSchemaV1 } from '@brisk/schema';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { serve } from '../../../test/support/http.js';

const info = { title: 'Users', version: '1.0.0' };

/** Asserts that `doc` is a valid OpenAPI 3.1 document. */
async function assertValid(doc: unknown): Promise<void> {
  const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
}

type Op = {
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};
const op = (doc: OpenAPIDocument, path: string, method: string) => doc.paths[path]?.[method] as Op | undefined;

function usersApp(): ReturnType<typeof brisk> {
  const app = brisk();
  app.use(brisk.json());
  const User = z.object({ name: z.string().min(1), age: z.number().int().nonnegative() });
  app.post(
    '/users/:id',
    validate({
      params: z.object({ id: z.coerce.number() }),
      query: z.object({ dry: z.enum(['0', '1']).optional() }),
      body: User,
      headers: z.object({ 'x-request-id': z.string().optional() }),
      response: { 201: z.object({ ok: z.boolean() }) },
    }),
    (_req, res) => res.status(201).json({ ok: true }),
  );
  app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
  app.get('/health', (_req, res) => res.send('ok'));
  app.all('/anything', (_req, res) => res.end());
  app.get(/^\/regexp$/, (_req, res) => res.end());
  app.get('/files/*path', (_req, res) => res.end());
  app.get('/opt{/:tab}', (_req, res) => res.end());
  app.get('/openapi.json', async (_req, res) => {
    res.json(await openapi(app, { info }));
  });
  const api = brisk.Router();
  api.patch(
    '/items/:itemId',
    validate({
      params: type({ itemId: 'string' }),
      body: type({ name: 'string', 'qty?': 'number.integer' }),
    }),
    (_req, res) => res.end(),
  );
  api.put(
    '/tags/:tag',
    validate({ body: toStandardJsonSchema(v.object({ tags: v.array(v.string()) })) }),
    (_req, res) => res.end(),
  );
  app.use('/api/:version', api);
  return app;
}

test('openapi(): a valid OpenAPI 3.1 document of every route, with schemas where validate has them', async () => {
  const app = usersApp();
  const doc = openapi(app, { info, servers: [{ url: 'https://api.example.test' }] });
  await assertValid(doc);
  assert.equal(doc.openapi, '3.1.0');
  assert.deepEqual(doc.info, info);
  assert.deepEqual(doc.servers, [{ url: 'https://api.example.test' }]);
  assert.deepEqual(Object.keys(doc.paths).sort(), [
    '/anything',
    '/api/{version}/items/{itemId}',
    '/api/{version}/tags/{tag}',
    '/files/{path}',
    '/health',
    '/openapi.json',
    '/opt',
    '/opt/{tab}',
    '/users/{id}',
  ]);
  // the validated POST: params, query, header, body, 201 and the 400 problem
  const post = op(doc, '/users/{id}', 'post');
  assert.ok(post);
  assert.deepEqual(post.parameters, [
    { name: 'id', in: 'path', required: true, schema: { type: 'number' } },
    { name: 'dry', in: 'query', required: false, schema: { type: 'string', enum: ['0', '1'] } },
    { name: 'x-request-id', in: 'header', required: false, schema: { type: 'string' } },
  ]);
  assert.deepEqual(post.requestBody?.content['application/json']?.schema, {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1 },
      age: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
    },
    required: ['name', 'age'],
  });
  assert.deepEqual(Object.keys(post.responses).sort(), ['201', '400']);
  assert.deepEqual(post.responses['400'], { $ref: '#/components/responses/ValidationProblem' });
  assert.ok(doc.components.responses.ValidationProblem);
  // a route without schemas: its path parameter as a string, a default response
  const get = op(doc, '/users/{id}', 'get');
  assert.deepEqual(get?.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  assert.deepEqual(Object.keys(get?.responses ?? {}), ['default']);
  // app.all() adds every method (as Express's does): the eight OpenAPI has; router.all() the usual five
  assert.deepEqual(Object.keys(doc.paths['/anything'] ?? {}).sort(), [
    'delete',
    'get',
    'head',
    'options',
    'patch',
    'post',
    'put',
    'trace',
  ]);
  const router = brisk.Router();
  router.all('/any', (_req, res) => res.end());
  assert.deepEqual(Object.keys(openapi(router, { info }).paths['/any'] ?? {}), [
    'get',
    'put',
    'post',
    'delete',
    'patch',
  ]);
  // no automatic HEAD for a GET route
  assert.deepEqual(Object.keys(doc.paths['/health'] ?? {}), ['get']);
  // mounted router: the mount path's params come first; arktype and valibot bodies
  const patch = op(doc, '/api/{version}/items/{itemId}', 'patch');
  assert.deepEqual(
    patch?.parameters?.map((p) => [p.name, p.schema]),
    [
      ['version', { type: 'string' }],
      ['itemId', { type: 'string' }],
    ],
  );
  assert.deepEqual(patch?.requestBody?.content['application/json']?.schema, {
    type: 'object',
    properties: { name: { type: 'string' }, qty: { type: 'integer' } },
    required: ['name'],
  });
  const put = op(doc, '/api/{version}/tags/{tag}', 'put');
  assert.deepEqual(put?.requestBody?.content['application/json']?.schema, {
    type: 'object',
    properties: { tags: { type: 'array', items: { type: 'string' } } },
    required: ['tags'],
  });
});

test('openapi() served by the app itself, over HTTP', async () => {
  const s = await serve(usersApp());
  try {
    const r = await s.get('/openapi.json');
    assert.equal(r.status, 200);
    await assertValid(JSON.parse(r.body));
  } finally {
    await s.close();
  }
});

test('$defs of recursive schemas move to components.schemas; the document stays valid', async () => {
  const app = brisk();
  type Node = { name: string; children: Node[] };
  const Node: z.ZodType<Node> = z.object({
    name: z.string(),
    get children() {
      return z.array(Node);
    },
  });
  const Tree = z.object({ root: Node });
  app.post('/tree', validate({ body: Tree }), (_req, res) => res.end());
  app.post('/tree2', validate({ body: z.object({ other: Node }) }), (_req, res) => res.end());
  const doc = openapi(app, { info });
  await assertValid(doc);
  const text = JSON.stringify(doc);
  assert.doesNotMatch(text, /#\/\$defs\//);
  assert.doesNotMatch(text, /"\$schema"/);
});

test('schemas without JSON Schema, or whose conversion throws, still give a valid document', async () => {
  const noJson: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'x', validate: (value) => ({ value }) } };
  const throwing = {
    '~standard': {
      version: 1,
      vendor: 'x',
      validate: (value: unknown) => ({ value }),
      jsonSchema: {
        input() {
          throw new Error('cannot convert');
        },
        output() {
          throw new Error('cannot convert');
        },
      },
    },
  } as StandardSchemaV1;
  const cyclic: Record<string, unknown> = { type: 'object' };
  cyclic.properties = { self: cyclic, __proto__: { type: 'string' } };
  const weird = {
    '~standard': {
      version: 1,
      vendor: 'x',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => cyclic, output: () => 'not an object' },
    },
  } as unknown as StandardSchemaV1;
  const app = brisk();
  app.post(
    '/a/:id',
    validate({ params: noJson, query: throwing, body: weird, response: { 200: weird } }),
    (_req, res) => res.end(),
  );
  const doc = openapi(app, { info });
  await assertValid(doc);
  const post = op(doc, '/a/{id}', 'post');
  assert.deepEqual(post?.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  assert.deepEqual(post?.requestBody?.content['application/json']?.schema, {
    type: 'object',
    properties: { self: {} },
  });
});

test('openapi() of an app with no routes, of a router, and bad arguments', async () => {
  await assertValid(openapi(brisk(), { info }));
  const router = brisk.Router();
  router.get('/x', (_req, res) => res.end());
  assert.deepEqual(Object.keys(openapi(router, { info }).paths), ['/x']);
  assert.throws(() => openapi(brisk(), {} as never), TypeError);
  assert.throws(() => openapi(null, { info }), TypeError);
});

/** A Standard Schema whose JSON Schema converter gives what `make()` returns, for input and output. */
const converted = (make: () => unknown): StandardSchemaV1 =>
  ({
    '~standard': {
      version: 1,
      vendor: 'x',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: make, output: make },
    },
  }) as unknown as StandardSchemaV1;

test('a conversion whose output throws when read is {}; the rest of the document stays', async () => {
  const trap = () => {
    throw new Error('getter threw');
  };
  const getter = converted(() => ({
    type: 'object',
    get properties() {
      return trap();
    },
  }));
  const deepGetter = converted(() => ({
    type: 'object',
    properties: {
      a: {
        type: 'array',
        items: {
          get type() {
            return trap();
          },
        },
      },
    },
  }));
  const defsGetter = converted(() => ({
    $ref: '#/$defs/Node',
    $defs: {
      Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
      get Bad() {
        return trap();
      },
    },
  }));
  const proxy = converted(() => new Proxy({}, { ownKeys: trap, get: trap, getPrototypeOf: trap }));
  const throwsFalsy = converted(() => {
    throw undefined;
  });
  const app = brisk();
  app.post(
    '/a/:id',
    validate({
      params: getter,
      query: deepGetter,
      headers: proxy,
      body: defsGetter,
      response: { 200: throwsFalsy, 201: getter },
    }),
    (_req, res) => res.end(),
  );
  app.put('/b', validate({ body: z.object({ name: z.string() }) }), (_req, res) => res.end());
  const doc = openapi(app, { info });
  await assertValid(doc);
  const post = op(doc, '/a/{id}', 'post');
  assert.deepEqual(post?.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  assert.deepEqual(post?.requestBody?.content['application/json']?.schema, {});
  assert.deepEqual(post?.responses['200'], {
    description: 'Status 200',
    content: { 'application/json': { schema: {} } },
  });
  assert.deepEqual(post?.responses['201'], {
    description: 'Status 201',
    content: { 'application/json': { schema: {} } },
  });
  // nothing of a failed conversion is left in the components
  assert.deepEqual(Object.keys(doc.components.schemas), ['ValidationProblem']);
  assert.deepEqual(op(doc, '/b', 'put')?.requestBody?.content['application/json']?.schema, {
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
  });
});

test('a $ref with a malformed %-escape is left as it is; openapi() does not throw', () => {
  const badRef = converted(() => ({
    type: 'object',
    properties: { a: { $ref: '#/$defs/%E0%A4%A' }, b: { $ref: '#/$defs/B' } },
    $defs: { B: { type: 'string' } },
  }));
  const app = brisk();
  app.patch('/c', validate({ body: badRef }), (_req, res) => res.end());
  const doc = openapi(app, { info });
  assert.deepEqual(op(doc, '/c', 'patch')?.requestBody?.content['application/json']?.schema, {
    type: 'object',
    properties: { a: { $ref: '#/$defs/%E0%A4%A' }, b: { $ref: '#/components/schemas/B' } },
  });
  assert.deepEqual(doc.components.schemas.B, { type: 'string' });
});

test('names that are not data: path parameters and $defs named __proto__, constructor, toString', async () => {
  const defs = converted(() =>
    JSON.parse(
      '{"type":"object","properties":{"a":{"$ref":"#/$defs/constructor"},"b":{"$ref":"#/$defs/toString"},"c":{"$ref":"#/$defs/__proto__"}},' +
        '"$defs":{"constructor":{"type":"string"},"toString":{"type":"number"},"__proto__":{"type":"boolean"}}}',
    ),
  );
  const app = brisk();
  app.post(
    '/a/:constructor/:toString/:__proto__/:hasOwnProperty',
    validate({ params: z.object({ other: z.string() }), body: defs }),
    (_req, res) => res.end(),
  );
  const doc = openapi(app, { info });
  await assertValid(doc);
  const post = op(doc, '/a/{constructor}/{toString}/{__proto__}/{hasOwnProperty}', 'post');
  assert.deepEqual(
    post?.parameters?.map((p) => [p.name, p.schema]),
    ['constructor', 'toString', '__proto__', 'hasOwnProperty'].map((name) => [name, { type: 'string' }]),
  );
  const schemas = doc.components.schemas;
  assert.equal(Object.getPrototypeOf(schemas), Object.prototype);
  assert.deepEqual(schemas.constructor, { type: 'string' });
  assert.deepEqual(schemas.toString, { type: 'number' });
  const body = post?.requestBody?.content['application/json']?.schema as { properties: Record<string, unknown> };
  assert.deepEqual(body.properties, {
    a: { $ref: '#/components/schemas/constructor' },
    b: { $ref: '#/components/schemas/toString' },
    c: { $ref: '#/components/schemas/__proto___2' },
  });
  assert.deepEqual(schemas.__proto___2, { type: 'boolean' });
  assert.equal(({} as Record<string, unknown>).type, undefined);
});

test('openapi(): an unknown option is refused, naming it', () => {
  assert.throws(
    () => openapi(brisk(), { info, server: [{ url: 'https://x.test' }] } as never),
    /^TypeError: openapi\(\): unknown option "server" \(did you mean "servers"\?\): the options are info and servers$/,
  );
  assert.throws(
    () => openapi(brisk(), { info, tags: [] } as never),
    /unknown option "tags": the options are info and servers/,
  );
});
