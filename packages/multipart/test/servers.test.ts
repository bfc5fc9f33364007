// The middleware where apps run it: a plain node:http server, Express 5 itself, a brisk app over
// HTTP/1.1, over HTTP/2 (h2c, and TLS with `allowHTTP1`), with and without a Content-Length, and
// through `app.inject()`. Every one gets the same form and must answer the same JSON.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import brisk from 'briskjs';
import multer from '../src/index.js';
import { serve, type TestServer } from '../../../test/support/http.js';
import { selfSigned } from '../../../test/support/tls.js';
import { field, filePart, form, typeOf, upstream } from './helpers.js';

// Express 5 as the bench package installs it (never a dependency of this package)
const express = createRequire(fileURLToPath(new URL('../../../bench/package.json', import.meta.url)))(
  'express',
) as () => http.RequestListener & { post: (...args: unknown[]) => void; use: (...args: unknown[]) => void };

const BOUNDARY = '----brisk0123';
const BODY = form(BOUNDARY, [
  field('name', 'Ada'),
  field('tags[]', 'a'),
  field('tags[]', 'b'),
  filePart('file', 'notes.txt', 'hello, world', 'text/plain'),
]);
const TOO_LARGE = form(BOUNDARY, [filePart('file', 'big.bin', Buffer.alloc(2048, 0x61))]);
const EXPECTED = {
  body: { name: 'Ada', tags: ['a', 'b'] },
  file: {
    fieldname: 'file',
    originalname: 'notes.txt',
    encoding: '7bit',
    mimetype: 'text/plain',
    size: 12,
    text: 'hello, world',
  },
};

type Req = http.IncomingMessage & { body?: unknown; file?: Express.Multer.File };
type Res = http.ServerResponse;

/** The answer every server gives: the fields and the file, or the error. */
function answer(req: Req, res: Res, err?: unknown): void {
  res.setHeader('content-type', 'application/json');
  if (err) {
    const e = err as { code?: string; message: string; field?: string };
    res.statusCode = err instanceof multer.MulterError ? 413 : 500;
    res.end(
      JSON.stringify({
        code: e.code,
        message: e.message,
        field: e.field,
        multerError: err instanceof multer.MulterError,
      }),
    );
    return;
  }
  const f = req.file;
  res.end(
    JSON.stringify({
      body: req.body,
      file: f && {
        fieldname: f.fieldname,
        originalname: f.originalname,
        encoding: f.encoding,
        mimetype: f.mimetype,
        size: f.size,
        text: f.buffer.toString(),
      },
    }),
  );
}

/** The routes of an Express-style app (Express or brisk). */
function routes(app: { post: (...args: never[]) => unknown; use: (...args: never[]) => unknown }): void {
  const upload = multer({ limits: { fileSize: 1024 } });
  const post = (app.post as (...args: unknown[]) => void).bind(app);
  const use = (app.use as (...args: unknown[]) => void).bind(app);
  post('/upload', upload.single('file'), (req: Req, res: Res) => answer(req, res));
  use((err: unknown, req: Req, res: Res, _next: unknown) => answer(req, res, err));
}

const ERROR = { code: 'LIMIT_FILE_SIZE', message: 'File too large', field: 'file', multerError: true };

async function post(server: TestServer, body: Buffer): Promise<{ status: number; json: unknown }> {
  const reply = await server.request('POST', '/upload', { headers: { 'content-type': typeOf(BOUNDARY) }, body });
  return { status: reply.status, json: JSON.parse(reply.body) };
}

describe('HTTP/1.1 servers', () => {
  const servers: Record<string, TestServer> = {};
  before(async () => {
    const upload = multer({ limits: { fileSize: 1024 } }).single('file');
    servers.node = await serve((req: http.IncomingMessage, res: http.ServerResponse) =>
      upload(req, res, (err) => answer(req as Req, res, err)),
    );
    const ex = express();
    routes(ex as never);
    servers.express = await serve(ex);
    const app = brisk();
    routes(app as never);
    servers.brisk = await serve(app);
  });
  after(async () => {
    for (const server of Object.values(servers)) await server.close();
  });

  for (const name of ['node', 'express', 'brisk']) {
    it(`${name}: fields and a file, then an error to the error handler`, async () => {
      const server = servers[name] as TestServer;
      assert.deepEqual(await post(server, BODY), { status: 200, json: EXPECTED });
      assert.deepEqual(await post(server, TOO_LARGE), { status: 413, json: ERROR });
    });
  }

  it('a chunked body (no Content-Length) is read as one with it', async () => {
    const reply = await (servers.brisk as TestServer).request('POST', '/upload', {
      headers: { 'content-type': typeOf(BOUNDARY) },
      body: [BODY.subarray(0, 100), BODY.subarray(100)],
    });
    assert.deepEqual(JSON.parse(reply.body), EXPECTED);
  });
});

describe('app.inject()', () => {
  const app = brisk();
  routes(app as never);

  it('answers as over HTTP', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': typeOf(BOUNDARY) },
      payload: BODY,
    });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), EXPECTED);
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': typeOf(BOUNDARY) },
      payload: TOO_LARGE,
    });
    assert.equal(tooLarge.statusCode, 413);
    assert.deepEqual(tooLarge.json(), ERROR);
  });
});

interface H2Reply {
  status: number;
  json: unknown;
}

/** POSTs `body` on an HTTP/2 session; `length` adds a Content-Length. */
function h2post(session: http2.ClientHttp2Session, body: Buffer, length: boolean, path = '/upload'): Promise<H2Reply> {
  return new Promise((resolve, reject) => {
    const headers: http2.OutgoingHttpHeaders = { ':method': 'POST', ':path': path, 'content-type': typeOf(BOUNDARY) };
    if (length) headers['content-length'] = body.length;
    const stream = session.request(headers);
    let status = 0;
    const chunks: Buffer[] = [];
    stream.on('response', (h) => {
      status = Number(h[':status']);
    });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve({ status, json: JSON.parse(Buffer.concat(chunks).toString()) }));
    stream.on('error', reject);
    // two writes, so that the body is not known to end with its headers
    stream.write(body.subarray(0, 50));
    stream.end(body.subarray(50));
  });
}

describe('HTTP/2', () => {
  const app = brisk();
  routes(app as never);
  // multer itself, on the same app: its type-is check sees no body over HTTP/2 without a Content-Length
  const post = (app.post as (...args: unknown[]) => void).bind(app);
  post('/multer', upstream().single('file'), (req: Req, res: Res) =>
    res.end(JSON.stringify({ body: req.body ?? null })),
  );
  let server: http2.Http2Server;
  let session: http2.ClientHttp2Session;
  before(async () => {
    server = http2.createServer({}, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    session = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  after(async () => {
    session.close();
    await new Promise((resolve) => server.close(resolve));
  });

  for (const length of [true, false]) {
    it(`h2c ${length ? 'with' : 'without'} a Content-Length: fields, a file, an error`, async () => {
      assert.deepEqual(await h2post(session, BODY, length), { status: 200, json: EXPECTED });
      assert.deepEqual(await h2post(session, TOO_LARGE, length), { status: 413, json: ERROR });
    });
  }

  it('(multer itself reads nothing over HTTP/2 without a Content-Length: decision 040)', async () => {
    assert.deepEqual(await h2post(session, BODY, false, '/multer'), { status: 200, json: { body: null } });
    assert.deepEqual((await h2post(session, BODY, true, '/multer')).json, { body: EXPECTED.body });
  });
});

describe('HTTP/2 over TLS with allowHTTP1', () => {
  const { key, cert } = selfSigned(['localhost', '127.0.0.1']);
  const app = brisk();
  routes(app as never);
  let server: http2.Http2SecureServer;
  let port = 0;
  before(async () => {
    server = http2.createSecureServer({ key, cert, allowHTTP1: true }, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('an HTTP/2 client, without a Content-Length', async () => {
    const session = http2.connect(`https://localhost:${port}`, { ca: cert });
    try {
      assert.deepEqual(await h2post(session, BODY, false), { status: 200, json: EXPECTED });
    } finally {
      session.close();
    }
  });

  it('an HTTP/1.1 client on the same server', async () => {
    const reply = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const req = https.request(
        { host: '127.0.0.1', servername: 'localhost', port, method: 'POST', path: '/upload', ca: cert, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      req.on('error', reject);
      req.setHeader('content-type', typeOf(BOUNDARY));
      req.end(BODY);
    });
    assert.deepEqual(reply, { status: 200, json: EXPECTED });
  });
});
