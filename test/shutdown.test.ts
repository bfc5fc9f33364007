// brisk.shutdown(server, { timeout, delay }) over real HTTP (decision 028): the three runs of
// issue 31, drain, hung request and steady pooled traffic, on servers made by app.listen and by
// http.createServer(app); HTTP/2 with allowHTTP1; bad input; and http-terminator on a brisk server.
// Time bounds are generous (a loaded 2-core machine): "soon" means well before node's 5 s
// keep-alive timeout, never a speed claim.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createHttpTerminator } from 'http-terminator';
import brisk, { shutdown as briskShutdown } from 'briskjs';
import app_, { shutdown as appShutdown } from '@brisk/app';
import { selfSigned } from './support/tls.js';

type App = ReturnType<typeof brisk>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SLOW = 300;
/** How soon after the last answer the drain must be over: far below keep-alive's 5 s. */
const SOON = 2_000;

/** An app with the routes the runs use. */
function makeApp(): App {
  const app = brisk();
  app.get('/fast', (_req, res) => {
    res.send('fast');
  });
  app.get('/slow', (_req, res) => {
    setTimeout(() => res.send(`slow ${'x'.repeat(1000)}`), SLOW);
  });
  // a download: head sent at once (keep-alive promised), ten chunks 40 ms apart
  app.get('/download', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(10 * 1024) });
    let n = 0;
    const timer = setInterval(() => {
      res.write(Buffer.alloc(1024, 0x61 + n));
      if (++n === 10) {
        clearInterval(timer);
        res.end();
      }
    }, 40);
    res.on('close', () => clearInterval(timer));
  });
  // reads the whole body, then answers its length
  app.post('/upload', (req, res) => {
    let length = 0;
    req.on('data', (chunk: Buffer) => (length += chunk.length));
    req.on('end', () => res.send(`received ${length}`));
  });
  app.get('/hang', () => undefined);
  return app;
}

async function listen(app: App, how: 'listen' | 'createServer'): Promise<{ server: http.Server; port: number }> {
  const server = how === 'listen' ? app.listen(0, '127.0.0.1') : http.createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

interface Got {
  status: number;
  connection: string | undefined;
  body: string;
  /** When the body ended (Date.now()). */
  endedAt: number;
  socket: Socket;
}

/** One request; resolves with the answer once its body ended. */
function request(
  port: number,
  path: string,
  options: { agent?: http.Agent; method?: string; body?: Buffer[]; gap?: number } = {},
): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', agent: options.agent });
    req.on('error', reject);
    req.on('response', (res) => {
      const socket = res.socket; // detached from the response once the agent takes it back
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body,
          endedAt: Date.now(),
          socket,
        }),
      );
    });
    const parts = options.body;
    if (!parts) {
      req.end();
      return;
    }
    req.setHeader(
      'Content-Length',
      parts.reduce((n, part) => n + part.length, 0),
    );
    let i = 0;
    const next = (): void => {
      if (i === parts.length - 1) req.end(parts[i]);
      else {
        req.write(parts[i++]);
        setTimeout(next, options.gap ?? 50);
      }
    };
    next();
  });
}

/**
 * Resolves when `socket` is closed; with when. A keep-alive agent unrefs its idle sockets, so a
 * timer keeps the event loop alive meanwhile (and fails the wait after 10 s).
 */
function closedAt(socket: Socket): Promise<number> {
  if (socket.destroyed) return Promise.resolve(Date.now());
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error('the socket was not closed within 10 s')), 10_000);
    socket.once('close', () => {
      clearTimeout(guard);
      resolve(Date.now());
    });
  });
}

/** A new connection's fate: 'connected' or its error code. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve('connected');
    });
    s.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)));
  });
}

for (const how of ['listen', 'createServer'] as const) {
  describe(`shutdown of a server made by ${how === 'listen' ? 'app.listen' : 'http.createServer(app)'}`, () => {
    test('(a) drain: idle keep-alive closed at once, answers in flight complete with Connection: close, a download ends then closes, new connections refused, resolves true soon', async () => {
      const app = makeApp();
      const { server, port } = await listen(app, how);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
      try {
        // idle keep-alive connections: two requests at once, then nothing
        const warm = await Promise.all([request(port, '/fast', { agent }), request(port, '/fast', { agent })]);
        const idle = warm.map((r) => r.socket);
        assert.notEqual(idle[0], idle[1]);
        assert.ok(warm.every((r) => r.connection === 'keep-alive'));
        // in flight: three slow answers, a download whose head is out, a slow upload
        const slow = [1, 2, 3].map(() => request(port, '/slow', { agent }));
        const download = request(port, '/download', { agent });
        const uploadParts = Array.from({ length: 6 }, () => Buffer.alloc(1000, 0x62));
        const upload = request(port, '/upload', { agent, method: 'POST', body: uploadParts, gap: 60 });
        // a connection whose request head is half sent when shutdown is called
        const raw = connect(port, '127.0.0.1');
        await once(raw, 'connect');
        let rawReceived = '';
        raw.on('data', (chunk: Buffer) => (rawReceived += chunk.toString('latin1')));
        raw.write('GET /fast HTTP/1.1\r\nHost: x\r\n');
        await sleep(100); // the slow ones are in their handlers, the download's head is sent

        const started = Date.now();
        const drained = briskShutdown(server, { timeout: 10_000 });
        assert.equal(briskShutdown(server, { timeout: 1 }), drained, 'a second call returns the same promise');
        assert.equal(await tryConnect(port), 'ECONNREFUSED', 'new connections are refused');
        // the request that arrives on an open connection during the drain is served, told to close
        raw.write('\r\n');
        const rawClosed = closedAt(raw);

        const idleClosed = await Promise.all(idle.map(closedAt));
        for (const at of idleClosed) assert.ok(at - started < SOON, `idle socket closed after ${at - started} ms`);

        const answers = await Promise.all(slow);
        for (const r of answers) {
          assert.equal(r.status, 200);
          assert.equal(r.body, `slow ${'x'.repeat(1000)}`);
          assert.equal(r.connection, 'close');
        }
        const up = await upload;
        assert.equal(up.body, 'received 6000');
        assert.equal(up.connection, 'close');
        const down = await download;
        assert.equal(down.status, 200);
        assert.equal(down.body.length, 10 * 1024, 'the download completes');
        assert.equal(down.connection, 'keep-alive', 'its head went out before the shutdown');
        const downClosed = await closedAt(down.socket);
        assert.ok(
          downClosed - down.endedAt < SOON,
          `download's connection closed ${downClosed - down.endedAt} ms after it ended`,
        );

        await rawClosed;
        assert.match(rawReceived, /^HTTP\/1\.1 200 OK\r\n/);
        assert.match(rawReceived, /\r\nConnection: close\r\n/i);
        assert.ok(rawReceived.endsWith('\r\n\r\nfast'));

        const result = await drained;
        const last = Math.max(...answers.map((r) => r.endedAt), up.endedAt, down.endedAt);
        assert.equal(result, true);
        assert.ok(Date.now() - last < SOON, `resolved ${Date.now() - last} ms after the last answer`);
        assert.equal(server.listening, false);
      } finally {
        agent.destroy();
        server.closeAllConnections();
        server.close();
      }
    });

    test('(b) hung request: cut at timeout, resolves false', async () => {
      const app = makeApp();
      const { server, port } = await listen(app, how);
      try {
        const hung = request(port, '/hang').then(
          () => 'answered',
          (err: NodeJS.ErrnoException) => err.code ?? err.message,
        );
        await sleep(100);
        const started = Date.now();
        const result = await briskShutdown(server, { timeout: 400 });
        const took = Date.now() - started;
        assert.equal(result, false);
        assert.ok(took >= 350 && took < 4_000, `resolved after ${took} ms`);
        assert.equal(await hung, 'ECONNRESET');
      } finally {
        server.closeAllConnections();
        server.close();
      }
    });

    test('(c) steady pooled traffic: clients on keep-alive agents are told to close, and the server closes promptly', async () => {
      const app = makeApp();
      const { server, port } = await listen(app, how);
      const clients = [1, 2, 3, 4].map(() => new http.Agent({ keepAlive: true, maxSockets: 2 }));
      const seen: { connection: string | undefined; at: number }[] = [];
      const errors: string[] = [];
      let stop = false;
      /** A request; a request on a reused socket that the server closed is retried once (node's docs' pattern). */
      const send = (agent: http.Agent, retried = false): Promise<void> =>
        new Promise((resolve) => {
          const req = http.get({ host: '127.0.0.1', port, path: '/fast', agent }, (res) => {
            res.resume();
            res.on('end', () => {
              seen.push({ connection: res.headers.connection, at: Date.now() });
              resolve();
            });
          });
          req.on('error', (err: NodeJS.ErrnoException) => {
            if (err.code === 'ECONNREFUSED') stop = true;
            else if (req.reusedSocket && !retried && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
              send(agent, true).then(resolve);
              return;
            } else errors.push(err.code ?? err.message);
            resolve();
          });
        });
      const loops = clients.map(async (agent) => {
        while (!stop) {
          await send(agent);
          await sleep(50);
        }
      });
      try {
        await sleep(400);
        const before = seen.length;
        assert.ok(before > 4, 'traffic is flowing');
        assert.ok(seen.every((s) => s.connection === 'keep-alive'));
        const started = Date.now();
        const result = await briskShutdown(server, { timeout: 10_000 });
        const took = Date.now() - started;
        assert.equal(result, true);
        assert.ok(took < SOON, `closed after ${took} ms`);
        await Promise.all(loops);
        assert.deepEqual(errors, []);
        for (const s of seen.slice(before)) {
          if (s.at >= started) assert.equal(s.connection, 'close', 'answers during the drain say close');
        }
      } finally {
        stop = true;
        for (const agent of clients) agent.destroy();
        server.closeAllConnections();
        server.close();
      }
    });
  });
}

test('a server whose listener wraps the app (tracking starts at the call): in-flight answers complete, their connections close soon after, resolves true', async () => {
  const app = makeApp();
  const server = http.createServer((req, res) => app(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const idle = (await request(port, '/fast', { agent })).socket;
    const slow = request(port, '/slow', { agent });
    await sleep(100);
    const drained = briskShutdown(server, { timeout: 10_000 });
    await closedAt(idle);
    const answer = await slow;
    assert.equal(answer.body, `slow ${'x'.repeat(1000)}`);
    // its head could not be found before it was sent (decision 028): keep-alive, then closed
    const closed = await closedAt(answer.socket);
    assert.ok(closed - answer.endedAt < SOON, `closed ${closed - answer.endedAt} ms after its answer`);
    assert.equal(await drained, true);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    server.close();
  }
});

test("an upgraded connection (WebSocket) is the app's to close: destroyed at the deadline, resolves false", async () => {
  const { server, port } = await listen(makeApp(), 'listen');
  const held: Socket[] = [];
  server.on('upgrade', (_req, socket: Socket) => {
    held.push(socket);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: Upgrade\r\n\r\n');
  });
  try {
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write('GET / HTTP/1.1\r\nHost: x\r\nUpgrade: x\r\nConnection: Upgrade\r\n\r\n');
    await once(client, 'data');
    const result = await briskShutdown(server, { timeout: 300 });
    assert.equal(result, false);
    assert.ok(held[0].destroyed);
    await closedAt(client);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('delay: the server keeps accepting during the delay, then stops', async () => {
  const { server, port } = await listen(makeApp(), 'listen');
  try {
    const started = Date.now();
    const drained = briskShutdown(server, { delay: 300, timeout: 5_000 });
    assert.equal(await tryConnect(port), 'connected');
    assert.equal((await request(port, '/fast')).body, 'fast');
    assert.equal(await drained, true);
    assert.ok(Date.now() - started >= 280);
    assert.equal(await tryConnect(port), 'ECONNREFUSED');
  } finally {
    server.close();
  }
});

test('bad input: a TypeError at call time for timeout or delay that is negative, NaN or not a number', () => {
  const server = http.createServer();
  for (const value of [-1, Number.NaN, '1000', null, Number.POSITIVE_INFINITY, {}]) {
    assert.throws(
      () => briskShutdown(server, { timeout: value as number }),
      (err: Error) =>
        err instanceof TypeError && /option timeout must be a finite number of milliseconds >= 0/.test(err.message),
    );
    assert.throws(
      () => briskShutdown(server, { delay: value as number }),
      (err: Error) => err instanceof TypeError && /option delay/.test(err.message),
    );
  }
  assert.throws(() => briskShutdown({} as http.Server), TypeError);
  assert.throws(() => briskShutdown(server, 5 as never), TypeError);
});

test('shutdown.track(server) returns the server; a TypeError for anything else', () => {
  const server = http.createServer(makeApp());
  assert.equal(briskShutdown.track(server), server);
  assert.equal(briskShutdown.track(server), server, 'twice is fine');
  for (const bad of [undefined, null, {}, 'server', makeApp()]) {
    assert.throws(
      () => briskShutdown.track(bad as never),
      (err: Error) => err instanceof TypeError && /shutdown\.track: server must be a server/.test(err.message),
    );
  }
  assert.equal(brisk.shutdown.track, appShutdown.track);
  assert.equal(briskShutdown.track.name, 'track');
});

test('a server that is not listening resolves true at once; closed or never started', async () => {
  const never = http.createServer();
  assert.equal(await briskShutdown(never, { timeout: 60_000 }), true);
  const { server } = await listen(makeApp(), 'listen');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const started = Date.now();
  assert.equal(await briskShutdown(server, { timeout: 60_000 }), true);
  assert.ok(Date.now() - started < 1_000);
});

test('brisk.shutdown, the named export and @brisk/app are one function', () => {
  assert.equal(typeof brisk.shutdown, 'function');
  assert.equal(brisk.shutdown, briskShutdown);
  assert.equal(app_.shutdown, appShutdown);
  assert.equal(brisk.shutdown, appShutdown);
});

test('https.createServer(options, app): in-flight answers complete with Connection: close, resolves true', async () => {
  const { key, cert } = selfSigned();
  const server = https.createServer({ key, cert }, makeApp());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ keepAlive: true, ca: cert });
  const get = (path: string) =>
    new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c));
          res.on('end', () => resolve({ body, connection: res.headers.connection }));
        })
        .on('error', reject);
    });
  try {
    await get('/fast'); // an idle keep-alive TLS connection
    const slow = get('/slow');
    await sleep(100);
    const drained = briskShutdown(server, { timeout: 10_000 });
    const answer = await slow;
    assert.equal(answer.connection, 'close');
    assert.ok(answer.body.startsWith('slow '));
    assert.equal(await drained, true);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    server.close();
  }
});

test('HTTP/2 (createSecureServer, allowHTTP1): sessions get GOAWAY, open streams finish, HTTP/1.1 connections close, resolves true', async () => {
  const { key, cert } = selfSigned();
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, makeApp() as never);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `https://localhost:${port}`;
  const sessions = [http2.connect(origin, { ca: cert }), http2.connect(origin, { ca: cert })];
  const goaway = sessions.map((s) => once(s, 'goaway').then(() => true));
  for (const s of sessions) s.on('error', () => undefined);
  const stream = (session: http2.ClientHttp2Session, path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = session.request({ ':path': path });
      let status = 0;
      let body = '';
      req.on('response', (headers) => (status = Number(headers[':status'])));
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => resolve({ status, body }));
      req.on('error', reject);
    });
  const agent = new https.Agent({ keepAlive: true, ca: cert });
  try {
    // both sessions served a request (one stays idle); HTTP/1.1 on the same port, kept alive
    await Promise.all(sessions.map((s) => stream(s, '/fast')));
    const h1 = await new Promise<Socket>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/fast', agent }, (res) => {
          const socket = res.socket;
          res.resume();
          res.on('end', () => resolve(socket));
        })
        .on('error', reject);
    });
    const open = [stream(sessions[0], '/slow'), stream(sessions[0], '/download')];
    await sleep(100);
    const started = Date.now();
    const drained = briskShutdown(server, { timeout: 10_000 });
    assert.deepEqual(await Promise.all(goaway), [true, true]);
    const [slow, download] = await Promise.all(open);
    assert.equal(slow.status, 200);
    assert.equal(slow.body, `slow ${'x'.repeat(1000)}`);
    assert.equal(download.body.length, 10 * 1024);
    await closedAt(h1);
    assert.equal(await drained, true);
    assert.ok(Date.now() - started < SOON + SLOW);
    assert.ok(sessions.every((s) => s.closed || s.destroyed));
  } finally {
    agent.destroy();
    for (const s of sessions) s.destroy();
    server.close();
  }
});

test('HTTP/2 without TLS (h2c, http2.createServer): the session gets GOAWAY, its open stream finishes, resolves true', async () => {
  const server = http2.createServer(makeApp() as never);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const session = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  session.on('error', () => undefined);
  const goaway = once(session, 'goaway');
  try {
    const body = new Promise<string>((resolve, reject) => {
      const req = session.request({ ':path': '/slow' });
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (text += c));
      req.on('end', () => resolve(text));
      req.on('error', reject);
    });
    await sleep(100);
    const drained = briskShutdown(server, { timeout: 10_000 });
    await goaway;
    assert.equal(await body, `slow ${'x'.repeat(1000)}`);
    assert.equal(await drained, true);
  } finally {
    session.destroy();
    server.close();
  }
});

test('http-terminator terminates a brisk server as it does an Express one', async () => {
  const { server, port } = await listen(makeApp(), 'listen');
  const agent = new http.Agent({ keepAlive: true });
  try {
    // made with the server, as its README says: it tracks connections from then on
    const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: 5_000 });
    const idle = (await request(port, '/fast', { agent })).socket;
    const slow = request(port, '/slow', { agent });
    await sleep(100);
    const terminated = terminator.terminate();
    await closedAt(idle);
    const answer = await slow;
    assert.equal(answer.status, 200);
    assert.equal(answer.connection, 'close');
    await terminated;
    assert.equal(server.listening, false);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    server.close();
  }
});
