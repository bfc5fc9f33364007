// The app tested in-process with app.inject(): no server, no port, no socket. Each call runs one
// request through the app and resolves to what an HTTP client would read.
//   node --test examples/testing/
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { createApp } from './app.mjs';

let app;
beforeEach(() => {
  app = createApp(); // a fresh app (and store) for each test
});

test('status, headers and a JSON body', async () => {
  const res = await app.inject({ method: 'GET', url: '/health' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.deepEqual(res.json(), { ok: true });
});

describe('todos', () => {
  test('GET lists them', async () => {
    const res = await app.inject({ url: '/todos' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), [{ id: 1, title: 'write the tests', done: false }]);
  });

  test('POST with a payload creates one (an object payload is sent as JSON)', async () => {
    const res = await app.inject({ method: 'POST', url: '/todos', payload: { title: ' ship it ' } });
    assert.equal(res.statusCode, 201);
    assert.equal(res.headers.location, '/todos/2');
    assert.deepEqual(res.json(), { id: 2, title: 'ship it', done: false });

    const read = await app.inject({ url: '/todos/2' });
    assert.deepEqual(read.json(), { id: 2, title: 'ship it', done: false });
  });

  test('POST validates: 400 with a JSON error', async () => {
    const res = await app.inject({ method: 'POST', url: '/todos', payload: { title: '' } });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { error: 'title must be a non-empty string' });
  });

  test('POST with malformed JSON (a string payload is sent as it is) is a 400 from the parser', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/todos',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(typeof res.json().error, 'string');
  });

  test('POST over the body limit is a 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/todos', payload: { title: 'x'.repeat(2000) } });
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { error: 'request entity too large' });
  });
});

test('a cookie: Set-Cookie on the response, the cookies option on the request', async () => {
  const set = await app.inject({ method: 'PUT', url: '/theme/dark' });
  assert.equal(set.statusCode, 204);
  assert.deepEqual(set.headers['set-cookie'], ['theme=dark; Path=/; HttpOnly; SameSite=Lax']);

  const read = await app.inject({ url: '/theme', cookies: { theme: 'dark' } });
  assert.deepEqual(read.json(), { theme: 'dark' });
  const none = await app.inject({ url: '/theme' });
  assert.deepEqual(none.json(), { theme: 'light' });
});

test('a 404 for what no route answers', async () => {
  const res = await app.inject({ method: 'DELETE', url: '/todos/1' });
  assert.equal(res.statusCode, 404);
  assert.deepEqual(res.json(), { error: 'nothing at DELETE /todos/1' });
  assert.equal((await app.inject({ url: '/todos/99' })).statusCode, 404);
});

test('timeout: a handler that never answers fails the test instead of hanging it', async () => {
  await assert.rejects(app.inject({ url: '/hang', timeout: 200 }), { code: 'ETIMEDOUT' });
});
