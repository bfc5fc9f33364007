// The demo (`pnpm demo`) driven over real HTTP: it must keep working as the README says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
// @ts-expect-error: a plain JavaScript example, without declarations
import { createServer as create } from '../examples/primitives/server.mjs';

const createServer = create as (log?: (line: string) => void) => Server;

const lines: string[] = [];
let server: Server;
let base = '';

before(async () => {
  server = createServer((line) => lines.push(line));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeIdleConnections?.();
  server.close();
});

test('GET / serves the index page as HTML', async () => {
  const res = await fetch(`${base}/`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(await res.text(), /brisk primitives demo/);
  assert.match(lines.at(-1) ?? '', /^GET \/ 200 OK /);
});

test('GET /hello escapes the name', async () => {
  const res = await fetch(`${base}/hello?name=${encodeURIComponent('<b>&"x"')}`);
  assert.equal(await res.text(), '<!doctype html><p>Hello, &lt;b&gt;&amp;&quot;x&quot;!</p>');
});

test('GET /visits counts with a signed cookie and notices tampering', async () => {
  const first = await fetch(`${base}/visits`);
  assert.deepEqual(await first.json(), { visits: 1, tampered: false });
  const setCookie = first.headers.get('set-cookie') ?? '';
  assert.match(setCookie, /^visits=1\.[\w%]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
  const cookie = setCookie.split(';')[0];
  const second = await fetch(`${base}/visits`, { headers: { cookie } });
  assert.deepEqual(await second.json(), { visits: 2, tampered: false });
  const forged = await fetch(`${base}/visits`, { headers: { cookie: cookie.replace('visits=1', 'visits=9') } });
  assert.deepEqual(await forged.json(), { visits: 1, tampered: true });
});

test('GET /size parses and formats byte sizes; bad input is a 400', async () => {
  const res = await fetch(`${base}/size?value=1.5mb`);
  assert.deepEqual(await res.json(), { value: '1.5mb', bytes: 1572864, formatted: '1.5 MB' });
  const bad = await fetch(`${base}/size?value=lots`);
  assert.equal(bad.status, 400);
  assert.equal(await bad.text(), '<!doctype html><p>400: invalid byte size: lots</p>');
});

test('GET /files/notes.txt: type, ETag, 304 when fresh, ranges, 416', async () => {
  const full = await fetch(`${base}/files/notes.txt`);
  assert.equal(full.status, 200);
  assert.equal(full.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.equal(full.headers.get('accept-ranges'), 'bytes');
  const body = await full.text();
  const tag = full.headers.get('etag') ?? '';
  assert.match(tag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);

  // fetch adds `Cache-Control: no-cache` (which forces a full response) unless one is given
  const again = await fetch(`${base}/files/notes.txt`, {
    headers: { 'if-none-match': tag, 'cache-control': 'max-age=0' },
  });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), '');

  const part = await fetch(`${base}/files/notes.txt`, { headers: { range: 'bytes=0-4' } });
  assert.equal(part.status, 206);
  assert.equal(part.headers.get('content-range'), `bytes 0-4/${Buffer.byteLength(body)}`);
  assert.equal(await part.text(), body.slice(0, 5));

  const none = await fetch(`${base}/files/notes.txt`, { headers: { range: 'bytes=999999-' } });
  assert.equal(none.status, 416);
  assert.equal(none.headers.get('content-range'), `bytes */${Buffer.byteLength(body)}`);
  await none.arrayBuffer();
});

test('GET /files/notes.txt?download sets Content-Disposition', async () => {
  const res = await fetch(`${base}/files/notes.txt?download`);
  assert.equal(res.headers.get('content-disposition'), 'attachment; filename="notes.txt"');
  await res.arrayBuffer();
});

test('unknown paths are 404s, other methods 405 with Allow, bad escapes 400, no traversal', async () => {
  const missing = await fetch(`${base}/nope`);
  assert.equal(missing.status, 404);
  assert.equal(await missing.text(), '<!doctype html><p>404: Cannot GET /nope</p>');
  const post = await fetch(`${base}/`, { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD');
  await post.arrayBuffer();
  const bad = await fetch(`${base}/files/%E0%A4%A`);
  assert.equal(bad.status, 400);
  await bad.arrayBuffer();
  const up = await fetch(`${base}/files/..%2f..%2fpackage.json`);
  assert.equal(up.status, 403);
  await up.arrayBuffer();
});
