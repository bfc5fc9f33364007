import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter, once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type net from 'node:net';
import { isFinished, onFinished } from '../src/index.js';
import { serve as serveListener, type RequestOptions, type TestServer } from '../../../test/support/http.js';

// --- helpers ---------------------------------------------------------------------------------

/** A fake response: `finished` boolean, optional socket. */
function fakeRes(socket: FakeSocket | null = new FakeSocket()) {
  return Object.assign(new EventEmitter(), { finished: false, socket });
}
class FakeSocket extends EventEmitter {
  writable = true;
  readable = true;
}
const EVENTS = ['end', 'finish', 'socket', 'error', 'close'];
/** Listener counts of the events on-finished uses, as `event:count` for non-zero ones. */
function counts(ee: EventEmitter): string[] {
  return EVENTS.filter((e) => ee.listenerCount(e) > 0).map((e) => `${e}:${ee.listenerCount(e)}`);
}
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** The shared test server (test/support/http.ts) running a typed handler. */
const serve = (handler: Handler): Promise<TestServer> => serveListener(handler);
/** One request to `/`; the status and body of the reply. */
async function get(server: TestServer, method = 'GET', options: RequestOptions = {}) {
  const reply = await server.request(method, '/', options);
  return { status: reply.status, body: reply.body };
}

// --- isFinished ------------------------------------------------------------------------------

describe('isFinished', () => {
  const writable = { writable: true };
  const readable = { readable: true };
  const cases: Array<[string, object, boolean | undefined]> = [
    ['response in progress', { finished: false, socket: writable }, false],
    ['response without socket yet', { finished: false, socket: null }, false],
    ['response ended', { finished: true, socket: writable }, true],
    // on-finished 2.4.2: writableEnded first, the deprecated finished only where it is missing
    ['response with writableEnded', { writableEnded: true, finished: false, socket: writable }, true],
    ['response with writableEnded false', { writableEnded: false, finished: true, socket: writable }, false],
    ['response whose socket is no longer writable', { finished: false, socket: { writable: false } }, true],
    ['request in progress', { complete: false, readable: true, socket: readable }, false],
    ['request complete, body not read yet', { complete: true, readable: true, socket: readable }, false],
    ['request complete and read', { complete: true, readable: false, socket: readable }, true],
    ['request with upgrade', { complete: false, upgrade: true, readable: true, socket: readable }, true],
    ['request without socket', { complete: false, readable: true, socket: null }, true],
    [
      'request whose socket is no longer readable',
      { complete: false, readable: true, socket: { readable: false } },
      true,
    ],
    ['plain object', {}, undefined],
    ['non-boolean finished/complete', { finished: 1, complete: 'no' }, undefined],
  ];
  for (const [title, msg, expected] of cases) test(title, () => assert.equal(isFinished(msg), expected));

  test('is also onFinished.isFinished', () => assert.equal(onFinished.isFinished, isFinished));
});

// --- onFinished with fake messages -----------------------------------------------------------

describe('onFinished (unit)', () => {
  test('returns msg; fires once on finish with (null, msg); removes every listener', () => {
    const res = fakeRes();
    const calls: unknown[][] = [];
    assert.equal(
      onFinished(res, (...args) => calls.push(args)),
      res,
    );
    assert.deepEqual(counts(res), ['end:1', 'finish:1']);
    assert.deepEqual(counts(res.socket as FakeSocket), ['error:1', 'close:1']);
    res.emit('finish');
    assert.deepEqual(calls, [[null, res]]);
    assert.deepEqual(counts(res), []);
    assert.deepEqual(counts(res.socket as FakeSocket), []);
    res.emit('finish');
    res.emit('end');
    (res.socket as FakeSocket).emit('close');
    assert.equal(calls.length, 1);
  });

  test('adds no string-keyed property to the message, and one symbol, kept across attachments', () => {
    const res = fakeRes();
    const keys = Object.keys(res);
    const symbols = Object.getOwnPropertySymbols(res).length; // EventEmitter's own
    onFinished(res, () => {});
    onFinished(res, () => {});
    assert.deepEqual(Object.keys(res), keys);
    assert.equal(Object.getOwnPropertySymbols(res).length, symbols + 1);
    res.emit('finish');
    onFinished(res, () => {});
    assert.equal(Object.getOwnPropertySymbols(res).length, symbols + 1);
    assert.deepEqual(Object.keys(res), keys);
  });

  test('a missing listener throws TypeError and attaches nothing', async () => {
    const res = fakeRes();
    assert.throws(() => onFinished(res, undefined as never), TypeError);
    assert.deepEqual(counts(res), []);
    assert.throws(() => onFinished({}, undefined as never), TypeError);
  });

  test("fires on the message's end", () => {
    const req = Object.assign(new EventEmitter(), { complete: false, readable: true, socket: new FakeSocket() });
    const calls: unknown[][] = [];
    onFinished(req, (...args) => calls.push(args));
    req.emit('end');
    assert.deepEqual(calls, [[null, req]]);
    assert.deepEqual(counts(req.socket), []);
  });

  test("fires on the socket's close with err null", () => {
    const res = fakeRes();
    const calls: unknown[][] = [];
    onFinished(res, (...args) => calls.push(args));
    (res.socket as FakeSocket).emit('close', true);
    assert.deepEqual(calls, [[null, res]]);
  });

  test("fires on the socket's error with that error", () => {
    const res = fakeRes();
    const calls: unknown[][] = [];
    onFinished(res, (...args) => calls.push(args));
    const boom = new Error('ECONNRESET');
    (res.socket as FakeSocket).emit('error', boom);
    assert.deepEqual(calls, [[boom, res]]);
    assert.deepEqual(counts(res.socket as FakeSocket), []);
  });

  test('several listeners share one set of listeners and run in order', () => {
    const res = fakeRes();
    const order: string[] = [];
    onFinished(res, () => order.push('a'));
    onFinished(res, () => order.push('b'));
    onFinished(res, () => order.push('c'));
    assert.deepEqual(counts(res), ['end:1', 'finish:1']);
    assert.deepEqual(counts(res.socket as FakeSocket), ['error:1', 'close:1']);
    res.emit('finish');
    assert.deepEqual(order, ['a', 'b', 'c']);
  });

  test('a listener added by a listener attaches anew when the message is not finished', () => {
    const res = fakeRes();
    const order: string[] = [];
    onFinished(res, () => {
      order.push('first');
      onFinished(res, () => order.push('second'));
    });
    res.emit('finish');
    assert.deepEqual(order, ['first']);
    assert.deepEqual(counts(res), ['end:1', 'finish:1']);
    res.emit('finish');
    assert.deepEqual(order, ['first', 'second']);
  });

  test('without a socket: waits for the socket event, then watches that socket', () => {
    const res = fakeRes(null);
    const calls: unknown[][] = [];
    onFinished(res, (...args) => calls.push(args));
    assert.deepEqual(counts(res), ['end:1', 'finish:1', 'socket:1']);
    const socket = new FakeSocket();
    res.socket = socket;
    res.emit('socket', socket);
    assert.deepEqual(counts(res), ['end:1', 'finish:1']);
    assert.deepEqual(counts(socket), ['error:1', 'close:1']);
    res.emit('socket', new FakeSocket()); // a second socket event changes nothing
    socket.emit('close');
    assert.deepEqual(calls, [[null, res]]);
    assert.deepEqual(counts(socket), []);
  });

  test('without a socket: finishing first also drops the socket listener', () => {
    const res = fakeRes(null);
    let called = 0;
    onFinished(res, () => called++);
    res.emit('finish');
    assert.equal(called, 1);
    assert.deepEqual(counts(res), []);
  });

  test('re-entrant events fire the listeners only once', () => {
    const res = fakeRes();
    const socket = res.socket as FakeSocket;
    res.on('finish', () => socket.emit('close')); // registered before on-finished's own
    let called = 0;
    onFinished(res, () => called++);
    res.emit('finish');
    assert.equal(called, 1);

    const res2 = fakeRes(null);
    res2.on('socket', () => res2.emit('finish')); // finishes before on-finished sees the socket
    onFinished(res2, () => called++);
    const socket2 = new FakeSocket();
    res2.emit('socket', socket2);
    assert.equal(called, 2);
    assert.deepEqual(counts(socket2), []);
  });

  test('an already finished message or a non-message: listener on the next turn', async () => {
    const order: string[] = [];
    const done = { finished: true, socket: null };
    const other = { foo: 1 };
    assert.equal(
      onFinished(done, (err, msg) => order.push(`done ${String(err)} ${msg === done}`)),
      done,
    );
    assert.equal(
      onFinished(other, (err, msg) => order.push(`other ${String(err)} ${msg === other}`)),
      other,
    );
    process.nextTick(() => order.push('nextTick'));
    assert.deepEqual(order, []);
    await tick();
    assert.deepEqual(order, ['nextTick', 'done null true', 'other null true']);
  });

  test('a listener runs in the async context it was added in', async () => {
    const als = new AsyncLocalStorage<string>();
    const res = fakeRes();
    const seen: Array<string | undefined> = [];
    als.run('attached', () => onFinished(res, () => seen.push(als.getStore())));
    als.run('deferred', () => onFinished({}, () => seen.push(als.getStore())));
    als.run('other', () => res.emit('finish'));
    await tick();
    assert.deepEqual(seen, ['attached', 'deferred']);
  });

  test('a listener that throws stops the queue, as upstream', () => {
    const res = fakeRes();
    let second = 0;
    onFinished(res, () => {
      throw new Error('listener failed');
    });
    onFinished(res, () => second++);
    assert.throws(() => res.emit('finish'), /listener failed/);
    assert.equal(second, 0);
    assert.deepEqual(counts(res), []);
  });
});

// --- onFinished over HTTP --------------------------------------------------------------------

describe('onFinished over HTTP', () => {
  test('a normal response: after finish, with (null, res)', async () => {
    const seen: unknown[] = [];
    const srv = await serve((req, res) => {
      assert.equal(isFinished(res), false);
      onFinished(res, (err, msg) => {
        seen.push(err, msg === res, isFinished(res), res.writableFinished);
      });
      res.end('hello');
    });
    try {
      assert.deepEqual(await get(srv), { status: 200, body: 'hello' });
      await tick();
      assert.deepEqual(seen, [null, true, true, true]);
    } finally {
      await srv.close();
    }
  });

  test('a request: once its body was read', async () => {
    const seen: unknown[] = [];
    const srv = await serve((req, res) => {
      seen.push(isFinished(req));
      onFinished(req, (err, msg) => {
        seen.push(err, msg === req, isFinished(req));
        res.end('read');
      });
      req.resume();
    });
    try {
      assert.deepEqual(await get(srv, 'POST', { body: 'x'.repeat(10_000) }), { status: 200, body: 'read' });
      assert.deepEqual(await get(srv), { status: 200, body: 'read' }); // GET: 'end' after resume
      assert.deepEqual(seen, [false, null, true, true, false, null, true, true]);
    } finally {
      await srv.close();
    }
  });

  test('an aborted request: the client destroys the socket', async () => {
    let resolve!: (v: unknown[]) => void;
    const done = new Promise<unknown[]>((r) => (resolve = r));
    const srv = await serve((req, res) => {
      onFinished(res, (err, msg) => resolve([err, msg === res, isFinished(res), res.writableEnded]));
      res.write('partial'); // never ended
    });
    try {
      const client = srv.start('GET', '/');
      client.on('response', (res) => {
        res.once('data', () => client.destroy());
      });
      assert.deepEqual(await done, [null, true, true, false]);
    } finally {
      await srv.close();
    }
  });

  test('keep-alive: two requests on one socket, no listener left behind', async () => {
    const sockets: net.Socket[] = [];
    const baselines: string[][] = [];
    const attached: string[][] = [];
    const after: string[][] = [];
    const srv = await serve((req, res) => {
      const socket = req.socket;
      sockets.push(socket);
      baselines.push(counts(socket));
      onFinished(res, () => {
        setImmediate(() => after.push(counts(socket)));
      });
      onFinished(res, () => {});
      onFinished(req, () => {});
      attached.push(counts(socket));
      req.resume();
      res.end('ok');
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await get(srv, 'GET', { agent })).body, 'ok');
      await tick();
      assert.equal((await get(srv, 'GET', { agent })).body, 'ok');
      await tick();
      await tick();
      assert.equal(sockets.length, 2);
      assert.equal(sockets[0], sockets[1], 'the socket was reused');
      // node's own listeners while a request is in flight: the same for both requests
      assert.deepEqual(baselines[1], baselines[0]);
      // one error + close pair for the response (two callbacks), one for the request
      const plus2 = (list: string[]) =>
        list.map((c) => (/^(error|close):/.test(c) ? c.replace(/\d+$/, (n) => String(Number(n) + 2)) : c));
      assert.deepEqual(attached, [plus2(baselines[0]), plus2(baselines[0])]);
      // after each response: exactly what an idle keep-alive socket has now
      const idle = counts(sockets[0]);
      assert.deepEqual(after, [idle, idle]);
    } finally {
      agent.destroy();
      await srv.close();
    }
  });

  test('an already finished response: the listener runs on the next turn', async () => {
    const order: string[] = [];
    const srv = await serve((req, res) => {
      res.end('done');
      assert.equal(isFinished(res), true);
      onFinished(res, (err, msg) => order.push(`listener ${String(err)} ${msg === res}`));
      order.push('after onFinished');
    });
    try {
      await get(srv);
      await tick();
      assert.deepEqual(order, ['after onFinished', 'listener null true']);
    } finally {
      await srv.close();
    }
  });

  test('a pipelined response without a socket yet waits for it', async () => {
    const seen: unknown[] = [];
    let first: ServerResponse | undefined;
    const srv = await serve((req, res) => {
      if (!first) {
        first = res;
        setTimeout(() => res.end('one'), 20);
        return;
      }
      seen.push(res.socket === null);
      onFinished(res, (err, msg) => seen.push(err, msg === res, res.writableFinished));
      seen.push(res.listenerCount('socket'));
      res.end('two');
    });
    try {
      const socket = await srv.socket();
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.write('GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await once(socket, 'end');
      socket.destroy();
      assert.match(data, /one[\s\S]*two/);
      assert.deepEqual(seen, [true, 1, null, true, true]);
    } finally {
      await srv.close();
    }
  });

  test('a client request before its socket is assigned', async () => {
    const srv = await serve((req, res) => {
      req.resume();
      res.end('ok');
    });
    try {
      const req = http.request({ host: '127.0.0.1', port: srv.port, agent: false, method: 'POST' });
      assert.equal(req.socket, null);
      assert.equal(isFinished(req), false);
      const finished = new Promise<unknown[]>((resolve) => onFinished(req, (err, msg) => resolve([err, msg === req])));
      // the reply is read to its end before the server (and so the connection) closes
      const replied = new Promise<void>((resolve) => req.on('response', (res) => res.resume().on('end', resolve)));
      req.end('body');
      assert.deepEqual(await finished, [null, true]);
      await replied;
    } finally {
      await srv.close();
    }
  });

  test('an upgrade request is finished', async () => {
    const srv = await serve(() => {});
    const seen: unknown[] = [];
    srv.server.on('upgrade', (req: IncomingMessage, socket: net.Socket) => {
      seen.push(isFinished(req));
      onFinished(req, (err) => {
        seen.push(err);
        socket.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: x\r\n\r\n');
      });
    });
    try {
      const req = srv.start('GET', '/', { headers: { Connection: 'Upgrade', Upgrade: 'x' } });
      const [, socket] = (await once(req, 'upgrade')) as [IncomingMessage, net.Socket];
      socket.destroy();
      assert.deepEqual(seen, [true, null]);
    } finally {
      await srv.close();
    }
  });
});
