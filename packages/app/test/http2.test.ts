// The same app over HTTP/2 (h2c and TLS) and, on an `allowHTTP1` server, over HTTP/1.1: node's
// http2 compatibility request and response get the app's methods without losing their own.
// The certificate is a self-signed one for localhost and 127.0.0.1, made by the test
// (test/support/tls.ts, node:crypto only).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import brisk from '../../brisk/src/index.js';
import { selfSigned } from '../../../test/support/tls.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const { key, cert } = selfSigned(['localhost', '127.0.0.1']);
const files = fixture('response/files');

const logLines: string[] = [];
function makeApp() {
  const app = brisk();
  app.set('env', 'test');
  app.use(
    brisk.logger(':method :url HTTP/:http-version :status :res[content-length]', {
      stream: new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk).trim());
          done();
        },
      }),
    }),
  );
  app.use(brisk.json());
  app.get('/users/:id', (req, res) =>
    res.json({
      id: req.params.id,
      query: req.query,
      hostname: req.hostname,
      protocol: req.protocol,
      secure: req.secure,
      ip: req.ip,
      version: req.httpVersion,
    }),
  );
  app.post('/echo', (req, res) => res.status(201).json(req.body));
  app.get('/text', (_req, res) => res.cookie('sid', 'abc', { httpOnly: true }).send('Hello World'));
  app.get('/redirect', (_req, res) => res.redirect('/text'));
  app.get('/file', (_req, res) => res.sendFile('hello.txt', { root: files }));
  app.get('/download', (_req, res) => res.download(`${files}/hello.txt`));
  app.get('/format', (_req, res) => res.format({ text: () => res.send('text'), json: () => res.json({ json: true }) }));
  app.get('/boom', () => {
    throw Object.assign(new Error('teapot'), { status: 418 });
  });
  app.use('/static', brisk.static(files));
  return app;
}

interface H2Reply {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

function h2request(
  client: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<H2Reply> {
  return new Promise((resolve, reject) => {
    const stream = client.request(headers);
    let response: http2.IncomingHttpHeaders = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      response = h;
    });
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.on('end', () => resolve({ status: Number(response[':status']), headers: response, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

const HTTP1_ONLY = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

for (const secure of [false, true]) {
  describe(`over HTTP/2${secure ? ' with TLS' : ' (h2c)'}`, () => {
    const app = makeApp();
    let server: http2.Http2Server;
    let client: http2.ClientHttp2Session;
    const get = (path: string, headers: http2.OutgoingHttpHeaders = {}) =>
      h2request(client, { ':path': path, ...headers });
    before(async () => {
      server = secure ? http2.createSecureServer({ key, cert, allowHTTP1: true }, app) : http2.createServer({}, app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      client = http2.connect(`${secure ? 'https' : 'http'}://localhost:${port}`, secure ? { ca: cert } : {});
    });
    after(async () => {
      client.close();
      await new Promise((resolve) => server.close(resolve));
    });

    it('req: params, query, hostname from :authority, protocol, secure, ip, httpVersion', async () => {
      const { port } = server.address() as AddressInfo;
      const reply = await get('/users/7?sort=desc');
      assert.equal(reply.status, 200);
      assert.deepEqual(JSON.parse(reply.body), {
        id: '7',
        query: { sort: 'desc' },
        hostname: 'localhost',
        protocol: secure ? 'https' : 'http',
        secure,
        ip: '127.0.0.1',
        version: '2.0',
      });
      assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
      assert.match(String(reply.headers.etag), /^W\/"/);
      assert.equal(reply.headers['x-powered-by'], 'Express');
      assert.ok(port > 0);
    });

    it('no HTTP/1-only header is sent', async () => {
      for (const path of ['/text', '/file', '/redirect', '/boom', '/nope', '/static/hello.txt']) {
        const reply = await get(path);
        for (const name of HTTP1_ONLY) assert.equal(reply.headers[name], undefined, `${path}: ${name}`);
      }
    });

    it('a JSON body is parsed', async () => {
      const reply = await h2request(
        client,
        { ':method': 'POST', ':path': '/echo', 'content-type': 'application/json' },
        '{"name":"Ada"}',
      );
      assert.equal(reply.status, 201);
      assert.deepEqual(JSON.parse(reply.body), { name: 'Ada' });
    });

    it('res.send with a cookie, and a conditional GET answered 304', async () => {
      const first = await get('/text');
      assert.equal(first.body, 'Hello World');
      assert.deepEqual(first.headers['set-cookie'], ['sid=abc; Path=/; HttpOnly']);
      const again = await get('/text', { 'if-none-match': String(first.headers.etag) });
      assert.equal(again.status, 304);
      assert.equal(again.body, '');
    });

    it('res.redirect, res.format, the final handler and an error status', async () => {
      const redirect = await get('/redirect', { accept: 'text/plain' });
      assert.equal(redirect.status, 302);
      assert.equal(redirect.headers.location, '/text');
      assert.equal(redirect.body, 'Found. Redirecting to /text');
      assert.deepEqual(JSON.parse((await get('/format', { accept: 'application/json' })).body), { json: true });
      assert.equal((await get('/format', { accept: 'image/png' })).status, 406);
      const missing = await get('/nope');
      assert.equal(missing.status, 404);
      assert.match(missing.body, /Cannot GET \/nope/);
      const boom = await get('/boom');
      assert.equal(boom.status, 418);
      assert.match(boom.body, /teapot/);
    });

    it('res.sendFile, res.download and static: ranges and conditional GET', async () => {
      const whole = await get('/file');
      assert.equal(whole.status, 200);
      assert.equal(whole.headers['accept-ranges'], 'bytes');
      const range = await get('/file', { range: 'bytes=0-4' });
      assert.equal(range.status, 206);
      assert.equal(range.body, whole.body.slice(0, 5));
      assert.match(String(range.headers['content-range']), /^bytes 0-4\/\d+$/);
      const cached = await get('/file', { 'if-none-match': String(whole.headers.etag) });
      assert.equal(cached.status, 304);
      const download = await get('/download');
      assert.equal(download.headers['content-disposition'], 'attachment; filename=hello.txt');
      assert.equal(download.body, whole.body);
      const fromStatic = await get('/static/hello.txt');
      assert.equal(fromStatic.body, whole.body);
    });

    it('the logger reads HTTP/2.0', async () => {
      logLines.length = 0;
      await get('/users/1');
      await new Promise((resolve) => setImmediate(resolve));
      assert.match(logLines.join('\n'), /^GET \/users\/1 HTTP\/2\.0 200 \d+$/m);
    });
  });
}

describe('HTTP/1.1 on an allowHTTP1 server answers as on http.createServer', () => {
  const app = makeApp();
  let tlsServer: http2.Http2SecureServer;
  let plain: http.Server;
  before(async () => {
    tlsServer = http2.createSecureServer({ key, cert, allowHTTP1: true }, app);
    plain = http.createServer(app);
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await new Promise((resolve) => tlsServer.close(resolve));
    await new Promise((resolve) => plain.close(resolve));
  });

  const request = (secure: boolean, path: string, headers: http.OutgoingHttpHeaders) =>
    new Promise<{ status: number; rawHeaders: string[]; body: string }>((resolve, reject) => {
      const { port } = (secure ? tlsServer : plain).address() as AddressInfo;
      const options = { host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers }, agent: false };
      const req = secure ? https.request({ ...options, ca: cert, servername: 'localhost' }) : http.request(options);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode as number, rawHeaders: res.rawHeaders, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const withoutDate = (raw: string[]) => raw.filter((_v, i, all) => all[i - (i % 2)].toLowerCase() !== 'date');

  for (const [path, headers] of [
    ['/text', {}],
    ['/file', { range: 'bytes=1-3' }],
    ['/redirect', { accept: 'text/html' }],
    ['/nope', {}],
    ['/boom', {}],
  ] as const) {
    it(`GET ${path}`, async () => {
      const overTls = await request(true, path, headers);
      const overHttp = await request(false, path, headers);
      assert.equal(overTls.status, overHttp.status);
      assert.equal(overTls.body, overHttp.body.replace(/http:/g, 'https:'));
      assert.deepEqual(withoutDate(overTls.rawHeaders), withoutDate(overHttp.rawHeaders));
    });
  }
});
