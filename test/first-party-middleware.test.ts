// The first-party middleware as `require('briskjs')` offers it (decisions 042, 044): each property
// is the package's own function, the Express names are untouched, and an app using the four
// together answers over HTTP as each package alone does; `brisk.timeout` on a route.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import brisk, { compress, cookieParser, cors, multipart, timeout } from 'briskjs';
import corsPackage from '@brisk/cors';
import cookieParserPackage from '@brisk/cookie-parser';
import compressPackage from '@brisk/compress';
import multipartPackage from '@brisk/multipart';
import timeoutPackage from '@brisk/timeout';
import { serve } from './support/http.js';

test('each is the package itself (same object, name and properties), as a property and a named export', () => {
  assert.equal(brisk.cors, corsPackage);
  assert.equal(brisk.cookieParser, cookieParserPackage);
  assert.equal(brisk.compress, compressPackage);
  assert.equal(brisk.multipart, multipartPackage);
  assert.equal(cors, corsPackage);
  assert.equal(cookieParser, cookieParserPackage);
  assert.equal(compress, compressPackage);
  assert.equal(multipart, multipartPackage);
  assert.equal(brisk.timeout, timeoutPackage);
  assert.equal(timeout, timeoutPackage);
  assert.equal(brisk.timeout.name, 'timeout');
  assert.equal(brisk.multipart.diskStorage, multipartPackage.diskStorage);
  assert.equal(brisk.multipart.MulterError, multipartPackage.MulterError);
  assert.equal(typeof brisk.compress.filter, 'function');
  assert.equal(typeof brisk.cookieParser.signedCookie, 'function');
});

test("Express's own names are what they were: json, static, Router and the rest", () => {
  for (const name of ['application', 'request', 'response', 'Router', 'Route', 'json', 'raw', 'text', 'urlencoded']) {
    assert.ok(name in brisk, name);
  }
  assert.equal(typeof brisk.static, 'function');
});

test('an app with the four: CORS headers, signed cookies, a gzip answer, an upload in memory', async () => {
  const app = brisk();
  app.use(brisk.cors({ origin: 'https://app.example', credentials: true }));
  app.use(brisk.cookieParser('s3cret'));
  app.use(brisk.compress({ threshold: 0 }));
  const upload = brisk.multipart({ storage: brisk.multipart.memoryStorage() });
  app.post('/login', (_req, res) => {
    res.cookie('sid', 'abc', { signed: true }).json({ ok: true });
  });
  app.get('/me', (req, res) => res.json({ sid: req.signedCookies.sid ?? null, plain: req.cookies }));
  app.post('/avatar', upload.single('avatar'), (req, res) => {
    const file = (req as typeof req & { file?: { originalname: string; size: number; buffer: Buffer } }).file;
    res.json({ name: file?.originalname, size: file?.size, text: file?.buffer.toString(), who: req.body.who });
  });
  const server = await serve(app);
  try {
    const login = await server.request('POST', '/login', { headers: { origin: 'https://app.example' } });
    assert.equal(login.status, 200);
    assert.equal(login.headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(login.headers['access-control-allow-credentials'], 'true');
    const cookie = (login.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
    assert.match(cookie, /^sid=s%3Aabc\./);

    const me = await server.get('/me', { cookie, 'accept-encoding': 'gzip' });
    assert.equal(me.headers['content-encoding'], 'gzip');
    assert.equal(me.headers.vary, 'Origin, Accept-Encoding');
    assert.deepEqual(JSON.parse(gunzipSync(me.bytes).toString()), { sid: 'abc', plain: {} });

    const tampered = await server.get('/me', { cookie: cookie.replace('abc', 'abd') });
    assert.deepEqual(JSON.parse(tampered.body), { sid: false, plain: {} });

    const boundary = 'brisk-boundary';
    const form = [
      `--${boundary}\r\nContent-Disposition: form-data; name="who"\r\n\r\nada\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const avatar = await server.request('POST', '/avatar', {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: form,
    });
    assert.equal(avatar.status, 200);
    assert.deepEqual(JSON.parse(avatar.body), { name: 'a.txt', size: 5, text: 'hello', who: 'ada' });
  } finally {
    await server.close();
  }
});

test("brisk.timeout on a route: the deadline aborts req.signal, the 503 goes through the app's error handler", async () => {
  const app = brisk();
  app.set('env', 'test');
  const seen: string[] = [];
  app.get('/report', brisk.timeout('30ms'), (req) => {
    req.signal.addEventListener('abort', () => seen.push((req.signal.reason as DOMException).name));
  });
  app.get('/fast', brisk.timeout('5s'), (_req, res) => res.send('fast'));
  app.use(((err: { status: number; code: string }, _req: unknown, res: brisk.Response, _next: unknown) => {
    seen.push(err.code);
    res.status(err.status).send(`handled ${err.status}`);
  }) as brisk.ErrorRequestHandler);
  const server = await serve(app);
  try {
    const slow = await server.get('/report');
    assert.equal(slow.status, 503);
    assert.equal(slow.body, 'handled 503');
    assert.deepEqual(seen, ['TimeoutError', 'ETIMEDOUT']);
    assert.equal((await server.get('/fast')).body, 'fast');
  } finally {
    await server.close();
  }
});
