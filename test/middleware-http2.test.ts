// The npm middleware of test/middleware.test.ts on a brisk app served over HTTP/2 (h2c), through
// node's http2 compatibility API.
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import session from 'express-session';
import helmet from 'helmet';
import multer from 'multer';
import brisk from 'briskjs';

interface Reply {
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

describe('npm middleware over HTTP/2', () => {
  const app = brisk();
  app.use(cors(), helmet(), cookieParser('secret'), compression({ threshold: 0 }));
  app.use(session({ secret: 'secret', resave: false, saveUninitialized: true }));
  app.get('/', (req, res) => {
    const s = req.session as unknown as { views?: number };
    s.views = (s.views ?? 0) + 1;
    res.json({ cookies: req.cookies, views: s.views });
  });
  app.post('/upload', multer().single('file'), (req, res) => {
    res.json({ name: req.file?.originalname, size: req.file?.size, field: (req.body as { a?: string }).a });
  });

  let server: http2.Http2Server;
  let client: http2.ClientHttp2Session;
  const request = (headers: http2.OutgoingHttpHeaders, body?: string) =>
    new Promise<Reply>((resolve, reject) => {
      const stream = client.request(headers);
      const chunks: Buffer[] = [];
      let response: http2.IncomingHttpHeaders = {};
      stream.on('response', (h) => {
        response = h;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ headers: response, body: Buffer.concat(chunks) }));
      stream.on('error', reject);
      stream.end(body);
    });
  before(async () => {
    server = http2.createServer({}, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  after(async () => {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('cors, helmet, cookie-parser, compression and express-session', async () => {
    const first = await request({
      ':path': '/',
      cookie: 'theme=dark',
      origin: 'http://a.example',
      'accept-encoding': 'gzip',
    });
    assert.equal(first.headers[':status'], 200);
    assert.equal(first.headers['access-control-allow-origin'], '*');
    assert.match(String(first.headers['content-security-policy']), /default-src 'self'/);
    assert.equal(first.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(first.body).toString()), { cookies: { theme: 'dark' }, views: 1 });
    const sid = String((first.headers['set-cookie'] as string[])[0]).split(';')[0];
    const second = await request({ ':path': '/', cookie: sid });
    assert.equal(JSON.parse(second.body.toString()).views, 2);
  });

  it('multer reads a multipart body that has a Content-Length (type-is sees no body without one)', async () => {
    const boundary = 'b0undary';
    const form =
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n` +
      `--${boundary}--\r\n`;
    const reply = await request(
      {
        ':method': 'POST',
        ':path': '/upload',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': Buffer.byteLength(form),
      },
      form,
    );
    assert.deepEqual(JSON.parse(reply.body.toString()), { name: 't.txt', size: 5, field: '1' });
  });
});
