// examples/validation over real HTTP: validated requests reach the handlers with the schemas'
// output, invalid ones get the problem+json 400, and its OpenAPI document is valid OpenAPI 3.1.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import { serve, type TestServer } from '../../../test/support/http.js';
// @ts-expect-error: a plain JavaScript example, without declarations
import { createApp as create } from '../../../examples/validation/app.mjs';

const createApp = create as () => RequestListener;
let server: TestServer;

before(async () => {
  server = await serve(createApp());
});
after(() => server.close());

const json = { 'content-type': 'application/json' };

test('a valid body is created; the handler got the parsed body', async () => {
  const r = await server.request('POST', '/users', { headers: json, body: JSON.stringify({ name: 'Ada', age: 36 }) });
  assert.equal(r.status, 201);
  assert.deepEqual(JSON.parse(r.body), { id: 1, name: 'Ada', age: 36 });
});

test('params and query are coerced by their schemas (id a number, limit defaulted)', async () => {
  const one = await server.get('/users/1');
  assert.equal(one.status, 200);
  assert.equal(JSON.parse(one.body).name, 'Ada');
  const list = await server.get('/users');
  assert.equal(JSON.parse(list.body).length, 1);
  assert.equal((await server.get('/users/2')).status, 404);
});

test('invalid requests: 400 application/problem+json naming each issue', async () => {
  const body = await server.request('POST', '/users', { headers: json, body: JSON.stringify({ name: '', age: -1 }) });
  assert.equal(body.status, 400);
  assert.equal(body.headers['content-type'], 'application/problem+json; charset=utf-8');
  const problem = JSON.parse(body.body);
  assert.equal(problem.status, 400);
  assert.deepEqual(
    problem.issues.map((i: { in: string; path: string[] }) => [i.in, i.path.join('.')]),
    [
      ['body', 'name'],
      ['body', 'age'],
    ],
  );
  const params = JSON.parse((await server.get('/users/abc')).body);
  assert.equal(params.issues[0].in, 'params');
  const query = await server.get('/users?limit=500');
  assert.equal(query.status, 400);
  assert.equal(JSON.parse(query.body).issues[0].in, 'query');
  const malformed = await server.request('POST', '/users', { headers: json, body: '{"name":' });
  assert.equal(malformed.status, 400); // the JSON parser's own 400, before validation
  assert.notEqual(malformed.headers['content-type'], 'application/problem+json; charset=utf-8');
});

test('GET /openapi.json is a valid OpenAPI 3.1 document of every route', async () => {
  const doc = JSON.parse((await server.get('/openapi.json')).body);
  assert.equal(doc.openapi, '3.1.0');
  assert.deepEqual(Object.keys(doc.paths).sort(), ['/openapi.json', '/users', '/users/{id}']);
  assert.ok(doc.paths['/users'].post.requestBody);
  const result = await new Validator().validate(doc);
  assert.equal(result.valid, true, JSON.stringify(result.errors));
});
