// Real Express middleware from npm, unmodified, each doing its job on a briskjs app over HTTP:
// cors, helmet, cookie-parser, express-session, multer, method-override, compression, and ejs
// as an `app.engine` template engine (found by `require('ejs').__express`).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import session from 'express-session';
import helmet from 'helmet';
import methodOverride from 'method-override';
import multer from 'multer';
import brisk from 'briskjs';
import { serve, type TestServer } from './support/http.js';

const views = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures', 'views');

/** Serves `app`, runs `fn`, closes. */
async function withServer(app: ReturnType<typeof brisk>, fn: (s: TestServer) => Promise<void>): Promise<void> {
  const s = await serve(app);
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

describe('cors', () => {
  it('answers preflight requests and marks simple ones', async () => {
    const app = brisk();
    app.use(cors({ origin: 'https://a.example', credentials: true, methods: ['GET', 'PUT'] }));
    app.put('/items/:id', (req, res) => res.json({ id: req.params.id }));
    await withServer(app, async (s) => {
      const pre = await s.request('OPTIONS', '/items/1', {
        headers: {
          Origin: 'https://a.example',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'X-Token',
        },
      });
      assert.equal(pre.status, 204);
      assert.equal(pre.headers['access-control-allow-origin'], 'https://a.example');
      assert.equal(pre.headers['access-control-allow-methods'], 'GET,PUT');
      assert.equal(pre.headers['access-control-allow-headers'], 'X-Token');
      assert.equal(pre.headers['access-control-allow-credentials'], 'true');
      const put = await s.request('PUT', '/items/7', { headers: { Origin: 'https://a.example' } });
      assert.equal(put.body, '{"id":"7"}');
      assert.equal(put.headers['access-control-allow-origin'], 'https://a.example');
      assert.match(String(put.headers.vary), /Origin/);
    });
  });
});

describe('helmet', () => {
  it('sets its security headers and removes X-Powered-By', async () => {
    const app = brisk();
    app.use(helmet());
    app.get('/', (_req, res) => res.send('secure'));
    await withServer(app, async (s) => {
      const r = await s.get('/');
      assert.equal(r.body, 'secure');
      assert.match(String(r.headers['content-security-policy']), /default-src 'self'/);
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.equal(r.headers['x-frame-options'], 'SAMEORIGIN');
      assert.match(String(r.headers['strict-transport-security']), /max-age=/);
      assert.equal(r.headers['x-powered-by'], undefined);
    });
  });
});

describe('cookie-parser', () => {
  it('parses cookies and signed cookies set by res.cookie', async () => {
    const app = brisk();
    app.use(cookieParser('s3cret'));
    app.get('/set', (_req, res) => {
      res.cookie('plain', 'p', { httpOnly: true });
      res.cookie('user', { id: 1 }, { signed: true });
      res.end();
    });
    app.get('/read', (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
    await withServer(app, async (s) => {
      const set = await s.get('/set');
      const cookies = (set.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      assert.match(cookies, /^plain=p; user=s%3Aj%3A/);
      const read = await s.get('/read', { Cookie: cookies + '; bad=s%3Aforged.sig' });
      assert.deepEqual(JSON.parse(read.body), { cookies: { plain: 'p' }, signed: { user: { id: 1 }, bad: false } });
    });
  });
});

describe('express-session', () => {
  it('keeps a session across requests with its cookie', async () => {
    const app = brisk();
    app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));
    app.get('/count', (req, res) => {
      const s = req.session as unknown as { views?: number };
      s.views = (s.views ?? 0) + 1;
      res.json({ views: s.views });
    });
    await withServer(app, async (s) => {
      const first = await s.get('/count');
      assert.equal(first.body, '{"views":1}');
      const cookie = String(first.headers['set-cookie']?.[0]).split(';')[0] as string;
      assert.match(cookie, /^connect\.sid=s%3A/);
      assert.equal((await s.get('/count', { Cookie: cookie })).body, '{"views":2}');
      assert.equal((await s.get('/count', { Cookie: cookie })).body, '{"views":3}');
      assert.equal((await s.get('/count')).body, '{"views":1}');
    });
  });
});

describe('multer', () => {
  it('parses a multipart upload into req.file and req.body', async () => {
    const app = brisk();
    const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 1024 } });
    app.post('/upload', upload.single('doc'), (req, res) => {
      const file = req.file as Express.Multer.File;
      res.json({
        field: (req.body as { title: string }).title,
        name: file.originalname,
        size: file.size,
        text: file.buffer.toString(),
      });
    });
    app.use((err: Error & { code?: string }, _req: unknown, res: import('briskjs').Response, _next: unknown) => {
      res.status(413).json({ code: err.code });
    });
    const boundary = '----brisk' + Date.now();
    const part = (headers: string, body: string): string => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
    const body =
      part('Content-Disposition: form-data; name="title"', 'Report') +
      part(
        'Content-Disposition: form-data; name="doc"; filename="r.txt"\r\nContent-Type: text/plain',
        'file contents',
      ) +
      `--${boundary}--\r\n`;
    await withServer(app, async (s) => {
      const r = await s.request('POST', '/upload', {
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      assert.deepEqual(JSON.parse(r.body), { field: 'Report', name: 'r.txt', size: 13, text: 'file contents' });
      const big =
        part('Content-Disposition: form-data; name="doc"; filename="big.bin"', 'x'.repeat(2048)) +
        `--${boundary}--\r\n`;
      const tooBig = await s.request('POST', '/upload', {
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body: big,
      });
      assert.equal(tooBig.status, 413);
      assert.equal(tooBig.body, '{"code":"LIMIT_FILE_SIZE"}');
    });
  });
});

describe('method-override', () => {
  it('routes by the overridden method (header and query)', async () => {
    const app = brisk();
    app.use(methodOverride('X-HTTP-Method-Override'));
    app.use(methodOverride((req) => (req.url?.includes('_method=PATCH') ? 'PATCH' : '')));
    app.post('/things/:id', (_req, res) => res.send('post'));
    app.delete('/things/:id', (req, res) =>
      res.send(`deleted ${req.params.id} (was ${String((req as { originalMethod?: string }).originalMethod)})`),
    );
    app.patch('/things/:id', (req, res) => res.send(`patched ${req.params.id}`));
    await withServer(app, async (s) => {
      assert.equal(
        (await s.request('POST', '/things/3', { headers: { 'X-HTTP-Method-Override': 'DELETE' } })).body,
        'deleted 3 (was POST)',
      );
      assert.equal((await s.request('POST', '/things/4?_method=PATCH')).body, 'patched 4');
      assert.equal((await s.request('POST', '/things/5')).body, 'post');
    });
  });
});

describe('compression', () => {
  it('gzips responses sent with res.send / res.json when asked', async () => {
    const app = brisk();
    app.use(compression({ threshold: 100 }));
    const text = 'brisk '.repeat(500);
    app.get('/big', (_req, res) => res.type('text').send(text));
    app.get('/small', (_req, res) => res.json({ ok: true }));
    await withServer(app, async (s) => {
      const big = await s.get('/big', { 'Accept-Encoding': 'gzip' });
      assert.equal(big.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(big.bytes).toString(), text);
      assert.match(String(big.headers.vary), /Accept-Encoding/);
      const plain = await s.get('/big');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.body, text);
      const small = await s.get('/small', { 'Accept-Encoding': 'gzip' });
      assert.equal(small.headers['content-encoding'], undefined);
      assert.equal(small.body, '{"ok":true}');
    });
  });
});

describe('ejs (app.engine / view engine)', () => {
  it('renders views with res.render, found by extension', async () => {
    const app = brisk();
    app.set('views', views);
    app.set('view engine', 'ejs');
    app.locals.title = 'from app.locals';
    app.get('/', (_req, res) => {
      res.locals.items = ['a', '<b>'];
      res.render('greeting', { name: 'ejs' });
    });
    app.get('/missing', (_req, res) => res.render('nope'));
    app.set('env', 'test');
    await withServer(app, async (s) => {
      const r = await s.get('/');
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(r.body, /<h1>Hello ejs<\/h1>/);
      assert.match(r.body, /<li>a<\/li><li>&lt;b&gt;<\/li>/);
      assert.match(r.body, /<p>from app.locals<\/p>/);
      const missing = await s.get('/missing');
      assert.equal(missing.status, 500);
      assert.match(missing.body, /Failed to lookup view &quot;nope&quot;/);
    });
  });

  it('works registered explicitly with app.engine', async () => {
    const app = brisk();
    const ejs = await import('ejs');
    app.engine('ejs', ejs.renderFile as never);
    assert.equal(typeof app.engines['.ejs'], 'function');
    app.set('views', views);
    app.get('/', (_req, res) => {
      app.render('greeting.ejs', { name: 'direct', items: [], title: 't' }, (err, html) => {
        if (err) throw err;
        res.send(html);
      });
    });
    await withServer(app, async (s) => assert.match((await s.get('/')).body, /Hello direct/));
  });
});
