// brisk.shutdown against clients that misbehave (issue 40, decision 028): the server runs in a
// child process (test/fixtures/shutdown-server.ts), this process is the clients, and the child
// must exit on its own (it never calls process.exit) by the deadline, whatever the clients do:
// connections made before the app saw its first request, upgraded (WebSocket) connections, TLS
// clients that never send a ClientHello, slowloris heads over plain TCP and TLS, idle HTTP/2
// sessions, an HTTP/2 client that ignores GOAWAY and never closes its side, and one that got an
// early 404 and neither finishes its upload nor reads the answer. Connections that sent nothing
// count as drained (decision 028): closed during the drain, they do not hold the promise to
// `false`. Time bounds are generous (a loaded 2-core machine), never a speed claim.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http2 from 'node:http2';
import { connect as netConnect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { connect as tlsConnect } from 'node:tls';
import { fileURLToPath } from 'node:url';

type Kind = 'listen' | 'http' | 'https' | 'h2' | 'h2c';
/** How long past the deadline the child may take to exit: process teardown on a loaded machine. */
const SLACK = 3_000;
const fixture = fileURLToPath(new URL('./fixtures/shutdown-server.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Child {
  port: number;
  /** Sends the shutdown line; resolves once the child exited (or fails past the bound). */
  shutdown(): Promise<{ drained: boolean; after: number; exitedAfter: number; code: number | null }>;
  kill(): void;
}

async function startServer(kind: Kind, tracking: 'track' | 'no', timeout: number): Promise<Child> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@brisk/source', '--import', 'tsx', fixture, kind, tracking, String(timeout)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const next = (): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      // 'close', not 'exit': a child's 'exit' can come before the last line it printed is read
      const onExit = () => reject(new Error('the server process exited early'));
      child.once('close', onExit);
      lines.once('line', (line) => {
        child.off('close', onExit);
        resolve(JSON.parse(line));
      });
    });
  const { port } = (await next()) as { port: number };
  return {
    port,
    kill: () => child.kill('SIGKILL'),
    async shutdown() {
      const exited = once(child, 'exit');
      const started = Date.now();
      const result = next();
      child.stdin!.end('shutdown\n');
      const bound = setTimeout(() => child.kill('SIGKILL'), timeout + SLACK);
      const [code] = (await exited) as [number | null];
      clearTimeout(bound);
      const exitedAfter = Date.now() - started;
      const { drained, after } = (await result) as { drained: boolean; after: number };
      return { drained, after, exitedAfter, code };
    },
  };
}

/** The misbehaving clients, and their cleanup. */
class Clients {
  readonly closers: (() => void)[] = [];

  private keep(socket: { destroy(): void; on(event: 'error', f: () => void): unknown }) {
    socket.on('error', () => undefined);
    this.closers.push(() => socket.destroy());
  }

  private async socket(port: number, tls: boolean, alpn = 'http/1.1'): Promise<Socket> {
    const socket = tls
      ? tlsConnect({ port, host: '127.0.0.1', rejectUnauthorized: false, ALPNProtocols: [alpn] })
      : netConnect(port, '127.0.0.1');
    this.keep(socket);
    await once(socket, tls ? 'secureConnect' : 'connect');
    return socket;
  }

  /** Connects and sends nothing (for TLS: not even a ClientHello). */
  async silent(port: number) {
    await this.socket(port, false);
  }

  /** A WebSocket-style upgrade, answered 101, then held open by both sides. */
  async upgrade(port: number, tls: boolean) {
    const socket = await this.socket(port, tls);
    socket.write('GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    const [data] = (await once(socket, 'data')) as [Buffer];
    assert.match(data.toString(), /^HTTP\/1\.1 101/);
  }

  /** A request head that never ends: a header line every 200 ms. */
  async slowloris(port: number, tls: boolean) {
    const socket = await this.socket(port, tls);
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n');
    const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
    this.closers.push(() => clearInterval(timer));
  }

  /** One ordinary request (HTTP/1.1; HTTP/2 for `h2c`): what starts tracking on a server made elsewhere. */
  async request(port: number, kind: Kind) {
    if (kind === 'h2c') {
      const session = http2.connect(`http://127.0.0.1:${port}`);
      session.on('error', () => undefined);
      const req = session.request({ ':path': '/fast' });
      req.resume();
      await once(req, 'end');
      session.close();
      return;
    }
    const socket = await this.socket(port, kind === 'https' || kind === 'h2');
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    socket.resume();
    await once(socket, 'close');
  }

  /** An HTTP/2 session that opens no stream. */
  async h2Idle(port: number, tls: boolean) {
    const session = http2.connect(`${tls ? 'https' : 'http'}://127.0.0.1:${port}`, { rejectUnauthorized: false });
    this.keep(session);
    await once(session, 'remoteSettings');
  }

  /** An HTTP/2 client that sends its preface and SETTINGS, then ignores everything (GOAWAY too) and never closes. */
  async h2IgnoresGoaway(port: number, tls: boolean) {
    const socket = await this.socket(port, tls, 'h2');
    socket.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
    socket.write(Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0])); // SETTINGS, empty
    socket.pause(); // reads nothing more
    await sleep(50);
  }

  /** An HTTP/2 upload to a missing route that never finishes, whose 404 is never read. */
  async h2Early404(port: number, tls: boolean) {
    const session = http2.connect(`${tls ? 'https' : 'http'}://127.0.0.1:${port}`, { rejectUnauthorized: false });
    this.keep(session);
    const req = session.request({ ':method': 'POST', ':path': '/missing' });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1024, 0x61));
    const [headers] = (await once(req, 'response')) as [http2.IncomingHttpHeaders];
    assert.equal(headers[':status'], 404);
  }

  close() {
    for (const close of this.closers) close();
  }
}

async function run(
  kind: Kind,
  tracking: 'track' | 'no',
  timeout: number,
  clients: (c: Clients, port: number) => Promise<void>,
) {
  const child = await startServer(kind, tracking, timeout);
  const c = new Clients();
  try {
    await clients(c, child.port);
    await sleep(100);
    return await child.shutdown();
  } finally {
    c.close();
    child.kill();
  }
}

function assertExitedByDeadline(result: { after: number; exitedAfter: number; code: number | null }, timeout: number) {
  assert.equal(result.code, 0, 'the process exited on its own');
  assert.ok(result.exitedAfter < timeout + SLACK, `exited ${result.exitedAfter} ms after the shutdown call`);
}

for (const [kind, tracking] of [
  ['listen', 'no'],
  ['http', 'track'],
] as const) {
  test(`${kind === 'listen' ? 'app.listen' : 'http.createServer(app) + shutdown.track'}: a WebSocket, a silent connection and a slowloris from before the first request are gone at the deadline; the process exits`, async () => {
    const result = await run(kind, tracking, 1_000, async (c, port) => {
      await c.upgrade(port, false);
      await c.silent(port);
      await c.slowloris(port, false);
      await c.request(port, kind);
    });
    assert.equal(result.drained, false, 'the slowloris and the WebSocket were cut');
    assertExitedByDeadline(result, 1_000);
  });
}

test('https.createServer(options, app) + shutdown.track: a TLS client that never sends a ClientHello, a WebSocket over TLS and a TLS slowloris are gone at the deadline', async () => {
  const result = await run('https', 'track', 1_000, async (c, port) => {
    await c.silent(port);
    await c.upgrade(port, true);
    await c.slowloris(port, true);
    await c.request(port, 'https');
  });
  assert.equal(result.drained, false);
  assertExitedByDeadline(result, 1_000);
});

test('http2.createSecureServer({ allowHTTP1 }, app) + shutdown.track: no ClientHello, an idle session, an HTTP/1.1 slowloris, a GOAWAY-ignoring client and an unread early 404 are gone at the deadline', async () => {
  const result = await run('h2', 'track', 1_000, async (c, port) => {
    await c.silent(port);
    await c.h2Idle(port, true);
    await c.slowloris(port, true);
    await c.h2IgnoresGoaway(port, true);
    await c.h2Early404(port, true);
    await c.request(port, 'h2');
  });
  assert.equal(result.drained, false, 'the slowloris and the unfinished upload were cut');
  assertExitedByDeadline(result, 1_000);
});

test('http2.createServer(app) (h2c) + shutdown.track: an idle session, a GOAWAY-ignoring client and an unread early 404 are gone by the deadline', async () => {
  const result = await run('h2c', 'track', 1_000, async (c, port) => {
    await c.h2Idle(port, false);
    await c.h2IgnoresGoaway(port, false);
    await c.h2Early404(port, false);
    await c.request(port, 'h2c');
  });
  // the early 404 closed its stream once answered (the final handler does not wait for an upload
  // it will not read, decision 030), so nothing was left unanswered: the idle session and the
  // GOAWAY-ignoring client were closed during the drain
  assert.equal(result.drained, true);
  assertExitedByDeadline(result, 1_000);
});

test('connections that sent nothing, and an HTTP/2 client with no stream that ignores GOAWAY, count as drained: closed during the drain, resolves true well before the deadline', async () => {
  for (const kind of ['http', 'https', 'h2', 'h2c'] as const) {
    const result = await run(kind, 'track', 10_000, async (c, port) => {
      await c.silent(port);
      if (kind === 'h2' || kind === 'h2c') await c.h2IgnoresGoaway(port, kind === 'h2');
      await c.request(port, kind);
    });
    assert.equal(result.drained, true, kind);
    assert.ok(result.after < 5_000, `${kind}: drained after ${result.after} ms`);
    assert.equal(result.code, 0, kind);
  }
});
