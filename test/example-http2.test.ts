// examples/http2: one app on one port, HTTP/2 for clients that speak it and HTTP/1.1 for the
// others (`allowHTTP1: true`). The same route is asked over both, with a certificate made by
// test/support/tls.ts: the answers are the same, only `req.httpVersion` differs. Then server.mjs,
// as its README runs it, with the key and certificate read from files.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfSigned } from './support/tls.js';
// @ts-expect-error: a plain JavaScript example, without declarations
import { createServer as create } from '../examples/http2/app.mjs';

const createServer = create as (tls: { key: string; cert: string }) => http2.Http2SecureServer;

const { key, cert } = selfSigned(['localhost', '127.0.0.1']);
let server: http2.Http2SecureServer;
let origin: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over HTTP/2 (node:http2's client), trusting the test certificate. */
function overH2(url: string, path: string, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(url, { ca: cert });
    session.on('error', reject);
    const headers: http2.OutgoingHttpHeaders = { ':path': path, ':method': method };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const stream = session.request(headers);
    let status = 0;
    let received: http2.IncomingHttpHeaders = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      status = Number(h[':status']);
      received = h;
    });
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status, headers: received, body: text });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

/** A request over HTTP/1.1 (node:https, which offers no h2), trusting the test certificate. */
function overH1(url: string, path: string, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    const req = https.request(new URL(path, url), { method, headers, ca: cert, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

before(async () => {
  server = createServer({ key, cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the same route over HTTP/2 and HTTP/1.1: req.httpVersion differs, the rest is equal', async () => {
  const h2 = await overH2(origin, '/protocol');
  const h1 = await overH1(origin, '/protocol');
  assert.equal(h2.status, 200);
  assert.equal(h1.status, 200);
  assert.deepEqual(JSON.parse(h2.body), { httpVersion: '2.0', secure: true, hostname: '127.0.0.1' });
  assert.deepEqual(JSON.parse(h1.body), { httpVersion: '1.1', secure: true, hostname: '127.0.0.1' });
  assert.equal(h2.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(h1.headers['content-type'], 'application/json; charset=utf-8');
});

test('a route answers the same bytes and headers over both protocols', async () => {
  const h2 = await overH2(origin, '/hello/ada');
  const h1 = await overH1(origin, '/hello/ada');
  assert.equal(h2.status, 200);
  assert.equal(h2.body, '{"greeting":"Hello, ada!"}');
  assert.equal(h1.body, h2.body);
  for (const name of ['content-type', 'content-length', 'etag', 'cache-control']) {
    assert.equal(h2.headers[name], h1.headers[name], name);
  }
  // HTTP/2 has no connection-specific headers (RFC 9113 8.2.2); HTTP/1.1 keeps its own
  assert.equal(h2.headers.connection, undefined);
  assert.equal(h1.headers.connection, 'close');
});

test('a JSON body is parsed over both protocols (HTTP/2 sends it without Content-Length)', async () => {
  const payload = JSON.stringify({ n: 1, list: ['a', 'b'] });
  const h2 = await overH2(origin, '/echo', 'POST', payload);
  const h1 = await overH1(origin, '/echo', 'POST', payload);
  assert.equal(h2.status, 201);
  assert.equal(h1.status, 201);
  assert.deepEqual(JSON.parse(h2.body), { received: { n: 1, list: ['a', 'b'] } });
  assert.equal(h1.body, h2.body);
});

test('server.mjs reads the key and certificate from TLS_KEY and TLS_CERT, listens where PORT says', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brisk-http2-'));
  try {
    writeFileSync(join(dir, 'key.pem'), key);
    writeFileSync(join(dir, 'cert.pem'), cert);
    const script = fileURLToPath(new URL('../examples/http2/server.mjs', import.meta.url));
    // the same loader as the tests: briskjs from its TypeScript sources
    const child = spawn(process.execPath, ['--conditions=@brisk/source', '--import', 'tsx', script], {
      env: { ...process.env, PORT: '0', TLS_KEY: join(dir, 'key.pem'), TLS_CERT: join(dir, 'cert.pem') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server.mjs did not listen within 30 s: ${out}`)), 30_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        const found = /^listening on (https:\/\/127\.0\.0\.1:\d+) /m.exec(out);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server.mjs exited with ${code}: ${out}`));
      });
    });
    const h2 = await overH2(url, '/hello/grace');
    const h1 = await overH1(url, '/hello/grace');
    assert.equal(h2.body, '{"greeting":"Hello, grace!"}');
    assert.equal(h1.body, h2.body);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('server.mjs without the key and certificate files says how to make one and exits 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brisk-http2-'));
  try {
    const script = fileURLToPath(new URL('../examples/http2/server.mjs', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=@brisk/source', '--import', 'tsx', script], {
      env: { ...process.env, PORT: '0', TLS_KEY: join(dir, 'key.pem'), TLS_CERT: join(dir, 'cert.pem') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    assert.equal(code, 1);
    assert.ok(
      err.includes(`cannot read the key (${join(dir, 'key.pem')}) or certificate (${join(dir, 'cert.pem')})`),
      err,
    );
    assert.match(err, /examples\/http2\/README\.md/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
