// The demo (`pnpm demo`, examples/app) driven over real HTTP: it must keep working as the README says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { serve, type TestServer } from './support/http.js';
// @ts-expect-error: a plain JavaScript example, without declarations
import { createApp as create } from '../examples/app/app.mjs';

const createApp = create as (options?: { log?: { write(line: string): unknown }; secret?: string }) => RequestListener;

const lines: string[] = [];
let app: TestServer;

// the dev logger colors its lines; the tests read them without the escapes
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are control characters
const plain = (line: string) => line.replace(/\x1b\[\d+m/g, '').trim();

before(async () => {
  app = await serve(createApp({ log: { write: (line: string) => lines.push(line) }, secret: 'test secret' }));
});

after(() => app.close());

test('GET / renders the index view through the app.engine template engine, inside the layout', async () => {
  const res = await app.get('/?name=%3Cb%3EAda');
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(res.body, /^<!doctype html>/);
  assert.match(res.body, /<title>brisk demo<\/title>/);
  assert.match(res.body, /Hello, &lt;b&gt;Ada!/);
});

test('the dev logger writes one line a request: method, path, status, time, length', async () => {
  await app.get('/api/books?from=logger-test');
  // the line is written when the response finishes, which may be just after the client has it
  const find = () => lines.find((line) => line.includes('/api/books?from=logger-test'));
  for (let i = 0; i < 100 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const line = find() ?? '';
  assert.match(plain(line), /^GET \/api\/books\?from=logger-test 200 \d+\.\d{3} ms - \d+$/);
  assert.ok(line.includes('\u001b[32m200')); // 2xx in green
  assert.ok(line.endsWith('\n'));
});

test('JSON API: list, filter and read by id', async () => {
  const list = await app.get('/api/books');
  assert.equal(list.status, 200);
  assert.equal(list.headers['content-type'], 'application/json; charset=utf-8');
  const books = JSON.parse(list.body) as { id: number; title: string }[];
  assert.ok(books.length >= 2);
  const filtered = JSON.parse((await app.get('/api/books?q=pragmatic')).body) as { title: string }[];
  assert.deepEqual(
    filtered.map((b) => b.title),
    ['The Pragmatic Programmer'],
  );
  const one = await app.get('/api/books/2');
  assert.equal(one.status, 200);
  assert.deepEqual(JSON.parse(one.body), {
    id: 2,
    title: 'Structure and Interpretation of Computer Programs',
    year: 1985,
  });
});

test('JSON API: a bad :id is a 400 with a JSON body, a missing book a 404', async () => {
  const bad = await app.get('/api/books/abc');
  assert.equal(bad.status, 400);
  assert.equal(bad.headers['content-type'], 'application/json; charset=utf-8');
  assert.deepEqual(JSON.parse(bad.body), {
    error: 'invalid id',
    details: [{ field: 'id', message: 'must be a positive integer' }],
  });
  const missing = await app.get('/api/books/999');
  assert.equal(missing.status, 404);
  assert.deepEqual(JSON.parse(missing.body), { error: 'no book with id 999' });
});

test('JSON API: POST parses the JSON body, creates, and validates', async () => {
  const json = { 'content-type': 'application/json' };
  const created = await app.request('POST', '/api/books', {
    headers: json,
    body: JSON.stringify({ title: '  Refactoring ', year: 1999 }),
  });
  assert.equal(created.status, 201);
  const book = JSON.parse(created.body) as { id: number; title: string; year: number };
  assert.equal(book.title, 'Refactoring');
  assert.equal(created.headers.location, `/api/books/${book.id}`);
  assert.deepEqual(JSON.parse((await app.get(`/api/books/${book.id}`)).body), book);

  const invalid = await app.request('POST', '/api/books', {
    headers: json,
    body: JSON.stringify({ title: '', year: 'soon' }),
  });
  assert.equal(invalid.status, 400);
  assert.deepEqual(JSON.parse(invalid.body), {
    error: 'validation failed',
    details: [
      { field: 'title', message: 'must be a non-empty string' },
      { field: 'year', message: 'must be an integer' },
    ],
  });

  const malformed = await app.request('POST', '/api/books', { headers: json, body: '{"title":' });
  assert.equal(malformed.status, 400);
  assert.equal(malformed.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(typeof (JSON.parse(malformed.body) as { error: unknown }).error, 'string');

  const removed = await app.request('DELETE', `/api/books/${book.id}`);
  assert.equal(removed.status, 204);
  assert.equal((await app.get(`/api/books/${book.id}`)).status, 404);
});

test('static files: type, ETag and Last-Modified, 304 when fresh, ranges', async () => {
  const file = readFileSync(new URL('../examples/app/public/notes.txt', import.meta.url), 'utf8');
  const full = await app.get('/notes.txt');
  assert.equal(full.status, 200);
  assert.equal(full.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(full.body, file);
  const tag = full.headers.etag ?? '';
  assert.match(tag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  assert.ok(full.headers['last-modified']);

  const again = await app.get('/notes.txt', { 'if-none-match': tag });
  assert.equal(again.status, 304);
  assert.equal(again.body, '');
  const since = await app.get('/notes.txt', { 'if-modified-since': full.headers['last-modified'] ?? '' });
  assert.equal(since.status, 304);

  const part = await app.get('/notes.txt', { range: 'bytes=0-4' });
  assert.equal(part.status, 206);
  assert.equal(part.body, file.slice(0, 5));

  const css = await app.get('/style.css');
  assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
});

test('res.format: text, HTML or JSON by the Accept header, 406 when none fits', async () => {
  const text = await app.get('/greeting?name=Ada', { accept: 'text/plain' });
  assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(text.body, 'Hello, Ada!');
  assert.equal(text.headers.vary, 'Accept');

  const html = await app.get('/greeting?name=%3Ci%3E', { accept: 'text/html,application/xhtml+xml;q=0.9' });
  assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(html.body, '<p>Hello, &lt;i&gt;!</p>');

  const json = await app.get('/greeting', { accept: 'application/json, text/plain;q=0.5' });
  assert.deepEqual(JSON.parse(json.body), { greeting: 'Hello, world!' });

  const none = await app.get('/greeting', { accept: 'image/png' });
  assert.equal(none.status, 406);
  assert.equal(none.headers['content-type'], 'application/json; charset=utf-8');
});

test('GET /visits counts with a signed cookie and notices tampering', async () => {
  const first = await app.get('/visits');
  assert.deepEqual(JSON.parse(first.body), { visits: 1, tampered: false });
  const setCookie = first.headers['set-cookie']?.[0] ?? '';
  assert.match(setCookie, /^visits=s%3A1\.[\w%]+; Max-Age=3600; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  const cookie = setCookie.split(';')[0] ?? '';

  const second = await app.get('/visits', { cookie });
  assert.deepEqual(JSON.parse(second.body), { visits: 2, tampered: false });

  const forged = await app.get('/visits', { cookie: cookie.replace('s%3A1.', 's%3A9.') });
  assert.deepEqual(JSON.parse(forged.body), { visits: 1, tampered: true });

  // an unsigned cookie of the same name does not count
  const unsigned = await app.get('/visits', { cookie: 'visits=41' });
  assert.deepEqual(JSON.parse(unsigned.body), { visits: 1, tampered: false });
});

test('the error handler: a thrown error is a 500 that does not leak its message; unknown paths 404', async () => {
  const boom = await app.get('/boom');
  assert.equal(boom.status, 500);
  assert.deepEqual(JSON.parse(boom.body), { error: 'internal server error' });
  assert.doesNotMatch(boom.body, /something broke/);

  const nothing = await app.get('/nowhere');
  assert.equal(nothing.status, 404);
  assert.deepEqual(JSON.parse(nothing.body), { error: 'nothing at /nowhere' });
});

test('scripts/demo.mjs listens where PORT says, prints where, and stops cleanly on SIGINT', async () => {
  const { spawn } = await import('node:child_process');
  const script = new URL('../scripts/demo.mjs', import.meta.url).pathname;
  // the same loader as the tests: briskjs from its TypeScript sources
  const child = spawn(process.execPath, ['--conditions=@brisk/source', '--import', 'tsx', script], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const found = /^brisk demo listening on (http:\/\/127\.0\.0\.1:\d+) \(Ctrl-C to stop\)$/m.exec(out);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('close', (code) => reject(new Error(`demo exited with ${code}: ${out}`)));
  });
  const res = await fetch(`${url}/api/books/1`);
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as { id: number }).id, 1);
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.kill('SIGINT');
  assert.equal(await exited, 0);
  assert.match(out, /GET \/api\/books\/1 .*200/);
});
