// briskjs/express4 over HTTP: body-parser 1's behaviour (req.body {} when nothing was parsed,
// urlencoded extended by default with its notice, a body already read is a 500), res.sendfile
// with send 0.19's rules (a relative path, `..` refused with 403, the path decoded once), and the
// headers of file responses as 4.22 writes them (charset=UTF-8, a quoted file name). Expected
// values are express 4.22.3's answers to the same app and requests.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import express from 'briskjs/express4';
import brisk from 'briskjs';
import { resetWarnings } from '../packages/brisk/src/express4/warn.js';
import { serve, type TestServer } from './support/http.js';

// biome-ignore lint/suspicious/noExplicitAny: Express 4 call shapes, typed in test/types/express4
type Loose = any;

const root = mkdtempSync(join(tmpdir(), 'brisk-e4-'));
const dir = join(root, 'files');
const cwd = process.cwd();
let server: TestServer;
const warnings: string[] = [];
const onWarning = (w: Error & { code?: string }): void => {
  if (w.code?.startsWith('BRISK_E4_')) warnings.push(w.code);
};

before(async () => {
  mkdirSync(dir);
  writeFileSync(join(dir, 'a.txt'), 'hello\n');
  writeFileSync(join(dir, 'page.html'), '<p>x</p>');
  writeFileSync(join(dir, 'data.json'), '{}');
  writeFileSync(join(dir, 'with space.txt'), 'sp');
  writeFileSync(join(root, 'secret.txt'), 'secret');
  // send 0.19 resolves a relative path against the working directory
  process.chdir(root);
  resetWarnings();
  process.on('warning', onWarning);
  const app: Loose = express();
  const echo = (req: Loose, res: Loose) => res.json({ body: req.body });
  app.post('/json', express.json(), echo);
  app.post('/text', express.text(), echo);
  app.post('/url', express.urlencoded(), echo);
  app.post('/url-simple', express.urlencoded({ extended: false }), echo);
  app.post('/twice', express.json(), express.json(), echo);
  app.post(
    '/read',
    (req: Loose, res: Loose, next: () => void) => {
      req.resume();
      req.on('end', next);
    },
    express.json(),
    echo,
  );
  app.get('/sendfile/:name', (req: Loose, res: Loose) => res.sendfile(`files/${req.params.name}`));
  app.get('/sendfile-up', (req: Loose, res: Loose) => res.sendfile('files/../secret.txt'));
  app.get('/sendfile-encoded', (req: Loose, res: Loose) => res.sendfile('files/with%20space.txt'));
  app.get('/sendfile-root', (req: Loose, res: Loose) => res.sendfile('a.txt', { root: dir }));
  app.get('/sendfile-cb', (req: Loose, res: Loose) =>
    res.sendfile('files/missing', (err: Loose) => res.status(299).send(`cb ${err.status}`)),
  );
  app.get('/sendFile', (req: Loose, res: Loose) => res.sendFile(join(dir, 'page.html')));
  app.get('/download', (req: Loose, res: Loose) => res.download(join(dir, 'a.txt')));
  app.get('/download-named', (req: Loose, res: Loose) => res.download(join(dir, 'a.txt'), 'report 2024.txt'));
  app.get('/download-cb', (req: Loose, res: Loose) =>
    res.download(join(dir, 'missing'), (err: Loose) => res.status(298).send(`cb ${err.status}`)),
  );
  app.get('/download-options-cb', (req: Loose, res: Loose) =>
    res.download('a.txt', { root: dir, headers: { 'X-Mine': '1', 'content-disposition': 'inline' } }, (err: Loose) => {
      if (err) res.status(500).end();
    }),
  );
  app.get('/download-all', (req: Loose, res: Loose) =>
    res.download('a.txt', 'b.txt', { root: dir }, (err: Loose) => {
      if (err) res.status(500).end();
    }),
  );
  app.get('/sendfile-malformed', (req: Loose, res: Loose) => res.sendfile('files/%E0%A4%A'));
  app.get('/sendFile-callback', (req: Loose, res: Loose) =>
    res.sendFile(join(dir, 'missing'), (err: Loose) => res.status(297).send(`cb ${err.status}`)),
  );
  app.get('/attachment', (req: Loose, res: Loose) => res.attachment('x.pdf').send('x'));
  app.use('/static', express.static(dir));
  app.use((err: Loose, req: Loose, res: Loose, next: Loose) =>
    res.status(err.status || 500).json({ status: err.status, type: err.type, message: err.message }),
  );
  server = await serve(app);
});
after(async () => {
  process.off('warning', onWarning);
  process.chdir(cwd);
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const post = (path: string, type: string | undefined, body?: string) =>
  server.request('POST', path, { headers: type ? { 'content-type': type } : {}, body });

describe('body-parser 1', () => {
  test('req.body is {} when the parser ran and parsed nothing', async () => {
    assert.equal((await post('/json', undefined)).body, '{"body":{}}');
    assert.equal((await post('/json', 'text/plain', 'x')).body, '{"body":{}}');
    assert.equal((await post('/text', 'application/json', '{}')).body, '{"body":{}}');
    assert.equal((await post('/json', 'application/json', '{"a":1}')).body, '{"body":{"a":1}}');
  });
  test("the default entry keeps Express 5's undefined", async () => {
    const app5 = brisk();
    app5.post('/', brisk.json(), (req, res) => res.json({ defined: req.body !== undefined }));
    const s = await serve(app5);
    try {
      assert.equal((await s.request('POST', '/')).body, '{"defined":false}');
    } finally {
      await s.close();
    }
  });
  test('urlencoded() is extended unless extended: false, with the notice when not given', async () => {
    const r = await post('/url', 'application/x-www-form-urlencoded', 'a[b]=1&c=2');
    assert.deepEqual(JSON.parse(r.body), { body: { a: { b: '1' }, c: '2' } });
    const s = await post('/url-simple', 'application/x-www-form-urlencoded', 'a[b]=1');
    assert.deepEqual(JSON.parse(s.body), { body: { 'a[b]': '1' } });
    assert.ok(warnings.includes('BRISK_E4_URLENCODED_EXTENDED'));
  });
  test('a second parser skips a body the first parsed', async () => {
    assert.equal((await post('/twice', 'application/json', '{"a":1}')).body, '{"body":{"a":1}}');
  });
  test('a body something else already read is a 500', async () => {
    const r = await post('/read', 'application/json', '{"a":1}');
    assert.equal(r.status, 500);
    assert.deepEqual(JSON.parse(r.body), {
      status: 500,
      type: 'stream.not.readable',
      message: 'stream is not readable',
    });
  });
});

describe('res.sendfile (send 0.19)', () => {
  test('a relative path, from the working directory, with charset=UTF-8', async () => {
    const r = await server.get('/sendfile/a.txt');
    assert.equal(r.status, 200);
    assert.equal(r.body, 'hello\n');
    assert.equal(r.headers['content-type'], 'text/plain; charset=UTF-8');
    assert.equal((await server.get('/sendfile/page.html')).headers['content-type'], 'text/html; charset=UTF-8');
    assert.equal((await server.get('/sendfile/data.json')).headers['content-type'], 'application/json; charset=UTF-8');
    assert.ok(warnings.includes('BRISK_E4_SENDFILE'));
  });
  test('a .. segment is refused with 403, even when it stays inside', async () => {
    const r = await server.get('/sendfile-up');
    assert.equal(r.status, 403);
    assert.equal(JSON.parse(r.body).message, 'Forbidden');
  });
  test('the path is decoded once', async () => {
    const r = await server.get('/sendfile-encoded');
    assert.equal(r.status, 200);
    assert.equal(r.body, 'sp');
  });
  test('the root option; a missing file is a 404; a callback gets the error', async () => {
    assert.equal((await server.get('/sendfile-root')).body, 'hello\n');
    assert.equal((await server.get('/sendfile/missing')).status, 404);
    const cb = await server.get('/sendfile-cb');
    assert.equal(cb.status, 299);
    assert.equal(cb.body, 'cb 404');
  });
});

describe('file responses as 4.22 writes them', () => {
  test('res.sendFile and express.static: charset=UTF-8', async () => {
    assert.equal((await server.get('/sendFile')).headers['content-type'], 'text/html; charset=UTF-8');
    const s = await server.get('/static/a.txt');
    assert.equal(s.body, 'hello\n');
    assert.equal(s.headers['content-type'], 'text/plain; charset=UTF-8');
    assert.equal((await server.get('/static/data.json')).headers['content-type'], 'application/json; charset=UTF-8');
  });
  test('res.download and res.attachment: a quoted file name', async () => {
    const d = await server.get('/download');
    assert.equal(d.headers['content-disposition'], 'attachment; filename="a.txt"');
    assert.equal(d.headers['content-type'], 'text/plain; charset=UTF-8');
    assert.equal(d.body, 'hello\n');
    const n = await server.get('/download-named');
    assert.equal(n.headers['content-disposition'], 'attachment; filename="report 2024.txt"');
    const a = await server.get('/attachment');
    assert.equal(a.headers['content-disposition'], 'attachment; filename="x.pdf"');
    assert.equal(a.headers['content-type'], 'application/pdf; charset=utf-8');
  });
  test("res.download's argument forms, as 4.22 reads them", async () => {
    const cb = await server.get('/download-cb');
    assert.equal(cb.status, 298);
    assert.equal(cb.body, 'cb 404');
    const o = await server.get('/download-options-cb');
    assert.equal(o.status, 200);
    assert.equal(o.headers['x-mine'], '1');
    assert.equal(o.headers['content-disposition'], 'attachment; filename="a.txt"');
    const all = await server.get('/download-all');
    assert.equal(all.headers['content-disposition'], 'attachment; filename="b.txt"');
    assert.equal(all.body, 'hello\n');
  });
  test('res.sendfile: a malformed escape is a 400; res.sendFile(path, callback)', async () => {
    assert.equal((await server.get('/sendfile-malformed')).status, 400);
    const cb = await server.get('/sendFile-callback');
    assert.equal(cb.status, 297);
    assert.equal(cb.body, 'cb 404');
  });
  test("the default entry keeps content-disposition 2's unquoted token", async () => {
    const app5 = brisk();
    app5.get('/', (req, res) => res.attachment('x.pdf').send('x'));
    const s = await serve(app5);
    try {
      assert.equal((await s.get('/')).headers['content-disposition'], 'attachment; filename=x.pdf');
    } finally {
      await s.close();
    }
  });
});
