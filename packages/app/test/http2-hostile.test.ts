// HTTP/2 as an attacker uses it (decision 030), over h2c and TLS: headers HTTP/2 forbids or node
// would send unchecked, methods in any case, uploads over the limit that stall or stream, and a
// Host that contradicts :authority. Each request here crashed the process, bypassed a guard,
// hung or went out unchecked before the fix; the process running these tests is the server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import brisk from '../../brisk/src/index.js';
import { selfSigned } from '../../../test/support/tls.js';

const { key, cert } = selfSigned(['localhost', '127.0.0.1']);

interface Reply {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
  /** The stream's RST_STREAM code as the client saw it when it closed. */
  rstCode: number;
}

/**
 * One request: `send` writes its body, if any. Rejects after `ms` when no answer ends (a hang
 * fails the test, it does not stall it).
 */
function exchange(
  client: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  send: ((stream: http2.ClientHttp2Stream) => void) | undefined,
  ms: number,
  hang: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const stream = client.request(headers, { endStream: send === undefined });
    let response: http2.IncomingHttpHeaders = {};
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no answer to ${headers[':path']} ${hang}`)), ms);
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      response = h;
    });
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    settleOnClose(
      stream,
      timer,
      () => response,
      () => text,
      resolve,
      reject,
    );
    send?.(stream);
  });
}

/** One request, with a whole body or none. */
function request(
  client: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string | Buffer,
  ms = 5000,
): Promise<Reply> {
  return exchange(client, headers, body === undefined ? undefined : (stream) => stream.end(body), ms, `in ${ms} ms`);
}

/**
 * Settles a request when its stream closes, or when the server reset it (RST_STREAM) after a
 * complete answer: node's client then emits 'aborted' but keeps a stream that still has unsent
 * request bytes open, where another client would stop sending.
 */
function settleOnClose(
  stream: http2.ClientHttp2Stream,
  timer: NodeJS.Timeout,
  response: () => http2.IncomingHttpHeaders,
  text: () => string,
  resolve: (reply: Reply) => void,
  reject: (err: Error) => void,
): void {
  let ended = false;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    const h = response();
    if (h[':status'] === undefined) reject(new Error(`stream closed with no answer (${stream.rstCode})`));
    else resolve({ status: Number(h[':status']), headers: h, body: text(), rstCode: stream.rstCode ?? 0 });
  };
  stream.on('end', () => {
    ended = true;
    if (stream.closed) settle();
  });
  stream.on('aborted', () => {
    if (ended) settle();
  });
  stream.on('close', settle);
  stream.on('error', () => {}); // 'close' settles
}

/** A stream that is sending a request body and then stalls (it never ends the body). */
function stalledUpload(
  client: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  sent: Buffer,
  ms = 5000,
): Promise<Reply> {
  return exchange(client, headers, (stream) => stream.write(sent), ms, 'while the client waits');
}

/** The same request over HTTP/1.1, for comparing statuses. */
function h1request(port: number, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode as number, headers: res.headers }));
      })
      .on('error', reject);
  });
}

const CONNECTION_HEADERS: Array<[string, string]> = [
  ['Transfer-Encoding', 'chunked'],
  ['Keep-Alive', 'timeout=5'],
  ['Upgrade', 'h2c'],
  ['Proxy-Connection', 'keep-alive'],
  ['TE', 'gzip'],
  ['Connection', 'keep-alive'],
];

type SetWay = (res: brisk.Response, name: string, value: string) => void;
const SET_WAYS: Record<string, SetWay> = {
  'res.set': (res, name, value) => res.set(name, value).send('ok'),
  'res.set(object)': (res, name, value) => res.set({ [name]: value, 'X-Kept': 'yes' }).send('ok'),
  'res.setHeader': (res, name, value) => {
    res.setHeader(name, value);
    res.end('ok');
  },
  'res.append': (res, name, value) => res.append(name, value).send('ok'),
  'res.writeHead(object)': (res, name, value) => {
    res.writeHead(200, { [name]: value, 'X-Kept': 'yes' });
    res.end('ok');
  },
  'res.writeHead(pairs)': (res, name, value) => {
    res.writeHead(200, [
      [name, value],
      ['X-Kept', 'yes'],
    ] as never);
    res.end('ok');
  },
  'res.writeHead(flat list)': (res, name, value) => {
    res.writeHead(200, [name, value, 'X-Kept', 'yes'] as never);
    res.end('ok');
  },
};

/** Upload streams the server saw close (what a stalled client can no longer hold open). */
let closedStreams = 0;

/** Waits (polling, bounded) until `done()`; fails with `what` after 5 s. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5000) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function makeApp() {
  const app = brisk();
  app.set('env', 'test');
  app.use(['/upload', '/raw'], (req, _res, next) => {
    (req as unknown as http2.Http2ServerRequest).stream.once('close', () => closedStreams++);
    next();
  });
  // a method guard, as apps write them
  app.use((req, res, next) => (req.method === 'DELETE' ? res.status(403).end() : next()));
  app.delete('/item', (req, res) => res.send(`deleted (${req.method})`));
  app.post('/item', (req, res) => res.send(`posted (${req.method})`));
  app.put('/item', (req, res) => res.send(`put (${req.method})`));
  app.get('/item', (req, res) => res.send(`got (${req.method})`));
  app.route('/any').all((req, res) => res.send(req.method));
  app.all('/app-all', (req, res) => res.send(req.method));
  app.get('/set/:way/:header', (req, res) => {
    const header = CONNECTION_HEADERS[Number(req.params.header)] as [string, string];
    (SET_WAYS[req.params.way] as SetWay)(res, header[0], header[1]);
  });
  app.get('/relay', (_req, res) => {
    // an upstream HTTP/1.1 response relayed as it came
    const upstream = new Headers({
      'content-type': 'text/plain',
      'transfer-encoding': 'chunked',
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
      'x-upstream': 'yes',
    });
    res.status(203).set(Object.fromEntries(upstream)).send('relayed');
  });
  app.get('/relay-error', (_req, res, next) => {
    // node's own prototype method, past brisk's check (as middleware written for node:http2
    // might call it), then an error: the final handler must still answer
    http2.Http2ServerResponse.prototype.setHeader.call(res, 'transfer-encoding', 'chunked');
    next(new Error('upstream failed'));
  });
  app.get('/crlf/:way', (req, res) => {
    const value = 'a\r\nSet-Cookie: injected=1';
    if (req.params.way === 'set') res.set('X-Note', value);
    else if (req.params.way === 'setHeader') res.setHeader('X-Note', value);
    else if (req.params.way === 'append') res.append('X-Note', value);
    else if (req.params.way === 'writeHead') res.writeHead(200, { 'X-Note': value });
    else if (req.params.way === 'nul') res.set('X-Note', 'a\0b');
    else if (req.params.way === 'name') res.set('X-Note\r\nSet-Cookie', 'injected=1');
    else if (req.params.way === 'trailer') res.addTrailers({ 'X-Note': value });
    res.send('sent');
  });
  app.get('/host', (req, res) => res.json({ host: req.host, hostname: req.hostname }));
  app.post('/upload', brisk.json({ limit: '100kb' }), (req, res) => res.json({ keys: Object.keys(req.body).length }));
  app.post('/raw', brisk.raw({ limit: '100kb' }), (req, res) => res.send(`read ${(req.body as Buffer).length}`));
  return app;
}

for (const secure of [false, true]) {
  describe(`hostile HTTP/2${secure ? ' over TLS' : ' (h2c)'}`, () => {
    let server: http2.Http2Server;
    let h1server: http.Server;
    let client: http2.ClientHttp2Session;
    let port = 0;
    let h1port = 0;
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => {
      if ((warning as { code?: string }).code === 'BRISK_HTTP2_CONNECTION_HEADER') warnings.push(warning);
    };
    const connect = () => http2.connect(`${secure ? 'https' : 'http'}://localhost:${port}`, secure ? { ca: cert } : {});
    before(async () => {
      process.on('warning', onWarning);
      const app = makeApp();
      server = secure ? http2.createSecureServer({ key, cert, allowHTTP1: true }, app) : http2.createServer({}, app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      h1server = http.createServer(app);
      await new Promise<void>((resolve) => h1server.listen(0, '127.0.0.1', resolve));
      h1port = (h1server.address() as AddressInfo).port;
      client = connect();
    });
    after(async () => {
      process.removeListener('warning', onWarning);
      // destroy: node's client keeps the streams the server reset with request bytes unsent
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => h1server.close(resolve));
    });

    it('connection-specific headers are dropped however they are set, and the answer goes out', async () => {
      for (const way of Object.keys(SET_WAYS)) {
        for (let i = 0; i < CONNECTION_HEADERS.length; i++) {
          const [name] = CONNECTION_HEADERS[i] as [string, string];
          const reply = await request(client, { ':path': `/set/${encodeURIComponent(way)}/${i}` });
          assert.equal(reply.status, 200, `${way} ${name}`);
          assert.equal(reply.body, 'ok', `${way} ${name}`);
          assert.equal(reply.headers[name.toLowerCase()], undefined, `${way} ${name}`);
          if (way.includes('object') || way.includes('pairs') || way.includes('flat'))
            assert.equal(reply.headers['x-kept'], 'yes', `${way} ${name}`);
        }
      }
    });

    it('a relayed upstream response is sent without its HTTP/1 headers', async () => {
      const reply = await request(client, { ':path': '/relay' });
      assert.equal(reply.status, 203);
      assert.equal(reply.body, 'relayed');
      assert.equal(reply.headers['x-upstream'], 'yes');
      assert.equal(reply.headers['content-length'], '7');
      for (const name of ['transfer-encoding', 'connection', 'keep-alive'])
        assert.equal(reply.headers[name], undefined);
    });

    it('the final handler answers whatever headers the response holds', async () => {
      const reply = await request(client, { ':path': '/relay-error' });
      assert.equal(reply.status, 500);
      assert.match(reply.body, /upstream failed/);
      assert.equal(reply.headers['transfer-encoding'], undefined);
    });

    it('a dropped header is reported once per process, with a code', () => {
      // the first describe block's requests warned; this one's did not warn again
      assert.ok(warnings.length <= 1);
      if (!secure) assert.equal(warnings.length, 1);
      if (warnings.length === 1) assert.match(warnings[0]?.message ?? '', /"transfer-encoding" was not sent/);
    });

    it('CR, LF and NUL in a header are refused as over HTTP/1.1 (500), and nothing is injected', async () => {
      for (const way of ['set', 'setHeader', 'append', 'writeHead', 'nul', 'name']) {
        const reply = await request(client, { ':path': `/crlf/${way}` });
        assert.equal(reply.status, 500, way);
        assert.equal(reply.headers['set-cookie'], undefined, way);
        assert.equal(reply.headers['x-note'], undefined, way);
        const h1 = await h1request(h1port, `/crlf/${way}`);
        assert.equal(h1.status, reply.status, `${way}: HTTP/1.1 answers the same`);
      }
      const trailer = await request(client, { ':path': '/crlf/trailer' });
      assert.equal(trailer.status, 500);
    });

    it('a method in another case never reaches that method’s handlers (404), nor its guard’s', async () => {
      assert.equal((await request(client, { ':method': 'DELETE', ':path': '/item' })).status, 403);
      for (const method of ['delete', 'Delete', 'dELETE', 'post', 'Post', 'pUT', 'get', 'Get']) {
        const reply = await request(client, { ':method': method, ':path': '/item' }, method === 'get' ? undefined : '');
        assert.equal(reply.status, 404, method);
        assert.equal(reply.body.includes('(' + method + ')'), false, method);
      }
      // a HEAD in lower case does not run GET's handlers
      assert.equal((await request(client, { ':method': 'head', ':path': '/item' })).status, 404);
      // the exact methods still route
      assert.equal((await request(client, { ':method': 'POST', ':path': '/item' }, '')).body, 'posted (POST)');
      assert.equal((await request(client, { ':method': 'PUT', ':path': '/item' }, '')).body, 'put (PUT)');
      // route.all() runs for any method, seen as it was sent; app.all() is every method node
      // knows (Express 5), which `delete` is not
      assert.equal((await request(client, { ':method': 'delete', ':path': '/any' }, '')).body, 'delete');
      assert.equal((await request(client, { ':method': 'FROB', ':path': '/any' }, '')).body, 'FROB');
      assert.equal((await request(client, { ':method': 'DELETE', ':path': '/app-all' }, '')).status, 403);
      assert.equal((await request(client, { ':method': 'PATCH', ':path': '/app-all' }, '')).body, 'PATCH');
      assert.equal((await request(client, { ':method': 'delete', ':path': '/app-all' }, '')).status, 404);
    });

    it('a declared body over the limit is answered 413 at once, and the stalled stream is closed', async () => {
      const before = closedStreams;
      const reply = await stalledUpload(
        client,
        { ':method': 'POST', ':path': '/upload', 'content-type': 'application/json', 'content-length': '10485760' },
        Buffer.alloc(200 * 1024, 0x20),
      );
      assert.equal(reply.status, 413);
      assert.match(reply.body, /request entity too large/);
      assert.equal(reply.rstCode, http2.constants.NGHTTP2_NO_ERROR);
      await until(() => closedStreams > before, 'the server closed the stream');
    });

    it('a streamed body is refused once it crosses the limit, not after it was read whole', async () => {
      const total = 10 * 1024 * 1024;
      const result = await new Promise<{ status: number; written: number; rstCode: number }>((resolve, reject) => {
        const stream = client.request({
          ':method': 'POST',
          ':path': '/raw',
          'content-type': 'application/octet-stream',
        });
        let status = 0;
        let written = 0;
        let writtenAtAnswer = -1;
        const chunk = Buffer.alloc(16 * 1024);
        const timer = setTimeout(() => reject(new Error('no answer')), 10_000);
        stream.on('response', (h) => {
          status = Number(h[':status']);
          writtenAtAnswer = written;
        });
        stream.resume();
        stream.on('error', () => {});
        const settle = () => {
          clearTimeout(timer);
          resolve({ status, written: writtenAtAnswer, rstCode: stream.rstCode ?? -1 });
        };
        // reset by the server: 'aborted' (node's client keeps a stream with unsent bytes open)
        stream.on('aborted', settle);
        stream.on('close', settle);
        const pump = (): void => {
          while (written < total && !stream.destroyed) {
            written += chunk.length;
            if (!stream.write(chunk)) {
              stream.once('drain', pump);
              return;
            }
          }
          if (!stream.destroyed) stream.end();
        };
        pump();
      });
      assert.equal(result.status, 413);
      // the client had sent a fraction of its 10 MiB when the answer came
      assert.ok(result.written < total / 4, `answered after ${result.written} bytes`);
      assert.equal(result.rstCode, http2.constants.NGHTTP2_NO_ERROR);
    });

    it('200 stalled uploads on one connection are each answered and closed', async () => {
      const session = connect();
      const before = closedStreams;
      try {
        const headers = {
          ':method': 'POST',
          ':path': '/upload',
          'content-type': 'application/json',
          'content-length': '10485760',
        };
        const replies = await Promise.all(
          Array.from({ length: 200 }, () => stalledUpload(session, headers, Buffer.alloc(1024, 0x20), 10_000)),
        );
        assert.deepEqual(new Set(replies.map((reply) => reply.status)), new Set([413]));
        await until(() => closedStreams >= before + 200, 'the server closed all 200 streams');
      } finally {
        session.destroy();
      }
    });

    it('a body within the limit is still read whole', async () => {
      const body = JSON.stringify({ a: 1, b: 'x'.repeat(50_000) });
      const reply = await request(
        client,
        { ':method': 'POST', ':path': '/upload', 'content-type': 'application/json' },
        body,
      );
      assert.equal(reply.status, 200);
      assert.deepEqual(JSON.parse(reply.body), { keys: 2 });
    });

    it('a Host that names another host than :authority is refused (400); the same host is not', async () => {
      const evil = await request(client, { ':path': '/host', ':authority': 'good.example', host: 'evil.example' });
      assert.equal(evil.status, 400);
      assert.match(evil.body, /Host header does not match the :authority/);
      const scheme = secure ? 'https' : 'http';
      const port = secure ? '443' : '80';
      const same: Array<[string, string]> = [
        ['good.example', 'good.example'],
        ['Good.Example', 'good.example'],
        [`good.example:${port}`, 'good.example'],
        ['good.example', `good.example:${port}`],
        ['good.example:8443', 'good.example:8443'],
      ];
      for (const [authority, host] of same) {
        const reply = await request(client, { ':path': '/host', ':authority': authority, ':scheme': scheme, host });
        assert.equal(reply.status, 200, `${authority} / ${host}`);
        assert.equal(JSON.parse(reply.body).hostname, 'good.example');
      }
      const otherPort = await request(client, {
        ':path': '/host',
        ':authority': 'good.example:1',
        host: 'good.example:2',
      });
      assert.equal(otherPort.status, 400);
      const authorityOnly = await request(client, { ':path': '/host', ':authority': 'good.example' });
      assert.equal(JSON.parse(authorityOnly.body).hostname, 'good.example');
    });
  });
}

describe('the router matches methods exactly (RFC 9110 section 9.1)', () => {
  it('a method that is not exactly a routing method’s name runs only all() handlers', async () => {
    const router = brisk.Router();
    const ran: string[] = [];
    router.delete('/x', (_req, _res, next) => {
      ran.push('delete');
      next();
    });
    router.all('/x', (_req, _res, next) => {
      ran.push('all');
      next();
    });
    for (const method of ['delete', 'Delete', 'DELETE', 'constructor', '__proto__', 'toString']) {
      ran.length = 0;
      await new Promise<void>((resolve) => router.handle({ method, url: '/x' } as never, {} as never, () => resolve()));
      assert.deepEqual(ran, method === 'DELETE' ? ['delete', 'all'] : ['all'], method);
    }
  });

  it('route._handlesMethod still takes a name in any case, as router 2', () => {
    const route = brisk.Router().route('/x');
    route.get(() => {});
    assert.equal(route._handlesMethod('get'), true);
    assert.equal(route._handlesMethod('GET'), true);
    assert.equal(route._handlesMethod('head'), true);
  });
});
