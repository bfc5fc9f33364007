// Reading over real HTTP: limits (at once and while streaming), size mismatches, aborted clients,
// leaks, stream misuse, requests already read, stacked parsers, async context.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import * as zlib from 'node:zlib';
import { json, raw, text, urlencoded } from '../src/index.js';
import { rawClient, send, serve, sleep, waitFor, type ErrorFields, type TestServer } from './helpers.js';

const JSON_TYPE = { 'content-type': 'application/json' };

/** Listener counts per event, leaving out node's own `clearIncoming` (added when a response ends before its request was read). */
function listenerCounts(req: IncomingMessage, events: string[]): number[] {
  return events.map((e) => req.listeners(e).filter((l) => l.name !== 'clearIncoming').length);
}

describe('limit', () => {
  test('a body at the limit is read; one byte more is 413 (Content-Length known)', async () => {
    const s = await serve(text({ limit: 10 }));
    try {
      assert.equal(
        (await send(s, { headers: { 'content-type': 'text/plain' }, body: '0123456789' })).body,
        '0123456789',
      );
      const r = await send(s, { headers: { 'content-type': 'text/plain' }, body: '0123456789A' });
      assert.equal(r.status, 413);
      assert.deepEqual(r.error, {
        name: 'PayloadTooLargeError',
        message: 'request entity too large',
        status: 413,
        statusCode: 413,
        expose: true,
        expected: 11,
        length: 11,
        limit: 10,
        type: 'entity.too.large',
      });
    } finally {
      await s.close();
    }
  });

  test('default limit is 100kb; byte-size strings work', async () => {
    for (const [parser, limit] of [
      [json(), 102400],
      [json({ limit: '1kb' }), 1024],
      [json({ limit: '1.5kb' }), 1536],
      [json({ limit: 2048 }), 2048],
    ] as const) {
      const s = await serve(parser);
      try {
        const fits = '[' + '1,'.repeat((limit - 2) / 2 - 1) + '1]';
        assert.equal(Buffer.byteLength(fits), limit - 1);
        assert.equal((await send(s, { headers: JSON_TYPE, body: fits })).status, 200);
        const r = await send(s, { headers: JSON_TYPE, body: fits + '  ' });
        assert.equal(r.status, 413);
        assert.equal(r.error?.limit, limit);
      } finally {
        await s.close();
      }
    }
  });

  test('while streaming (chunked): 413 with limit and received, nothing kept past the limit', async () => {
    const s = await serve(urlencoded({ limit: 100 }));
    try {
      const chunk = 'a=' + 'x'.repeat(58) + '&';
      const r = await send(s, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
        body: [chunk, chunk, chunk, chunk],
      });
      assert.equal(r.status, 413);
      const { received, ...rest } = r.error as ErrorFields & { received: number };
      assert.deepEqual(rest, {
        name: 'PayloadTooLargeError',
        message: 'request entity too large',
        status: 413,
        statusCode: 413,
        expose: true,
        limit: 100,
        type: 'entity.too.large',
      });
      // stopped at the chunk that crossed the limit (122 when each 61-byte chunk arrives whole)
      assert.ok(received > 100 && received <= 122, String(received));
    } finally {
      await s.close();
    }
  });

  test('Content-Length over the limit: 413 at once, before the body is sent; the connection then closes', async () => {
    let requests = 0;
    const s = await serve(json(), () => void requests++);
    try {
      const client = await rawClient(s);
      client.socket.write(
        'POST /upload HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
          'Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n',
      );
      // no body byte sent: the answer must come anyway
      await waitFor(
        () => client.received().includes('\r\n\r\n') && client.received().includes('}'),
        3000,
        '413 response',
      );
      const response = client.received();
      assert.match(response, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
      assert.match(response, /\r\nConnection: close\r\n/i);
      assert.match(response, /"type":"entity.too.large"/);
      assert.match(response, /"expected":10000000/);
      // what would be a second request on a kept-alive connection is never parsed as one
      client.socket.write('GET /second HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await Promise.race([client.closed, sleep(2000)]);
      await sleep(50);
      assert.equal(requests, 1);
      assert.equal((client.received().match(/HTTP\/1\.1 /g) ?? []).length, 1);
      client.socket.destroy();
      assert.equal(s.errors.length, 1);
    } finally {
      await s.close();
    }
  });

  test('a streaming 413 closes the connection once the rest of the body is read off (decision 020)', async () => {
    let requests = 0;
    const s = await serve(text({ limit: 5 }), () => void requests++);
    try {
      const client = await rawClient(s);
      const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n';
      client.socket.write(head + '8\r\n01234567\r\n' + '3\r\nabc\r\n' + '0\r\n\r\n');
      await client.closed;
      const response = client.received();
      assert.match(response, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
      assert.match(response, /\r\nConnection: close\r\n/i);
      assert.match(response, /"received":8/);
      assert.equal((response.match(/HTTP\/1\.1 /g) ?? []).length, 1);
      assert.equal(requests, 1);
    } finally {
      await s.close();
    }
  });
});

describe('request size and aborts', () => {
  test('a body shorter than the declared Content-Length is 400 request.size.invalid', async () => {
    // a middleware in front rewrote Content-Length (node itself never delivers a short body)
    const s = await serve(text(), (req) => {
      if (req.headers['x-claim']) req.headers['content-length'] = req.headers['x-claim'] as string;
    });
    try {
      const r = await send(s, { headers: { 'content-type': 'text/plain', 'x-claim': '5' }, body: 'abc' });
      assert.equal(r.status, 400);
      assert.deepEqual(r.error, {
        name: 'BadRequestError',
        message: 'request size did not match content length',
        status: 400,
        statusCode: 400,
        expose: true,
        expected: 5,
        length: 5,
        received: 3,
        type: 'request.size.invalid',
      });
      const longer = await send(s, { headers: { 'content-type': 'text/plain', 'x-claim': '2' }, body: 'abc' });
      assert.equal(longer.status, 400);
      assert.equal(longer.error?.received, 3);
    } finally {
      await s.close();
    }
  });

  /** Sends headers and part of the body, then destroys the connection. */
  async function abortMidBody(
    server: TestServer,
    headers: Record<string, string | number>,
    part: Buffer | string,
  ): Promise<void> {
    const req = server.start('POST', '/', { headers, body: part, open: true });
    await sleep(30);
    req.destroy();
  }

  test('a client aborting mid-body gives next(400 request.aborted), and the server lives on', async () => {
    const s = await serve(json());
    try {
      await abortMidBody(s, { ...JSON_TYPE, 'content-length': 100 }, '{"a":');
      await waitFor(() => s.errors.length === 1, 3000, 'the abort error');
      const err = s.errors[0] as Error & { [key: string]: unknown };
      assert.equal(err.message, 'request aborted');
      assert.equal(err.name, 'BadRequestError');
      assert.equal(err.status, 400);
      assert.equal(err.expose, true);
      assert.equal(err.type, 'request.aborted');
      assert.equal(err.code, 'ECONNABORTED');
      assert.equal(err.expected, 100);
      assert.equal(err.length, 100);
      assert.equal(err.received, 5);
      assert.deepEqual((await send(s, { headers: JSON_TYPE, body: '{"after":1}' })).body, { after: 1 });
    } finally {
      await s.close();
    }
  });

  test('a client aborting a compressed body mid-way is request.aborted too (no hang)', async () => {
    const s = await serve(text());
    try {
      const gz = zlib.gzipSync(Buffer.alloc(50_000, 'a'));
      await abortMidBody(
        s,
        { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': gz.length },
        gz.subarray(0, 20),
      );
      await waitFor(() => s.errors.length === 1, 3000, 'the abort error');
      const err = s.errors[0] as Error & { [key: string]: unknown };
      assert.equal(err.type, 'request.aborted');
      assert.equal(err.expected, null);
    } finally {
      await s.close();
    }
  });

  test('many aborted requests leave no listener, no connection, no pending request behind', async () => {
    const seen: { req: IncomingMessage; counts: number[] }[] = [];
    const events = ['data', 'end', 'aborted', 'close', 'error'];
    const s = await serve([json(), text()], (req) => seen.push({ req, counts: listenerCounts(req, events) }));
    try {
      const n = 20;
      for (let i = 0; i < n; i++) {
        const gzip = i % 2 === 1;
        const body = gzip ? zlib.gzipSync(Buffer.alloc(10_000, 'x')).subarray(0, 30) : Buffer.from('{"x":');
        const type = gzip ? 'text/plain' : 'application/json';
        await abortMidBody(
          s,
          { 'content-type': type, 'content-length': 5000, ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
          body,
        );
      }
      await waitFor(() => s.errors.length === n, 5000, 'all abort errors');
      assert.ok(s.errors.every((e) => (e as { type?: string }).type === 'request.aborted'));
      let open = -1;
      const poll = setInterval(() => s.server.getConnections((_e, c) => (open = c)), 5);
      try {
        await waitFor(() => open === 0, 3000, 'connections to close');
      } finally {
        clearInterval(poll);
      }
      for (const { req, counts } of seen) {
        assert.deepEqual(
          listenerCounts(req, events),
          counts,
          'listeners on the request are back to what node had put there',
        );
      }
    } finally {
      await s.close();
    }
  });

  test('a finished request leaves no listener behind either', async () => {
    const seen: { req: IncomingMessage; counts: number[] }[] = [];
    const events = ['data', 'end', 'aborted', 'close', 'error'];
    const s = await serve(text(), (req) => seen.push({ req, counts: listenerCounts(req, events) }));
    try {
      await send(s, { headers: { 'content-type': 'text/plain' }, body: 'hello' });
      await send(s, {
        headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
        body: zlib.gzipSync('hello'),
      });
      await send(s, { headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(200_000) }); // 413 at once
      await send(s, {
        headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
        body: ['x'.repeat(70_000), 'y'.repeat(70_000)],
      });
      assert.equal(seen.length, 4);
      for (const [i, { req, counts }] of seen.entries()) {
        assert.deepEqual(
          listenerCounts(req, events),
          counts,
          `request ${i}: ${req.listeners('end').map(String).join(' | ')}`,
        );
      }
    } finally {
      await s.close();
    }
  });
});

describe('stream misuse and requests already read', () => {
  test('a request whose encoding was set is 500 stream.encoding.set (not exposed)', async () => {
    const s = await serve(json(), (req) => req.setEncoding('utf8'));
    try {
      const r = await send(s, { headers: JSON_TYPE, body: '{}' });
      assert.equal(r.status, 500);
      assert.deepEqual(r.error, {
        name: 'InternalServerError',
        message: 'stream encoding should not be set',
        status: 500,
        statusCode: 500,
        expose: false,
        type: 'stream.encoding.set',
      });
    } finally {
      await s.close();
    }
  });

  test('a request stream that is not readable (but not finished) is 500 stream.not.readable', async () => {
    const s = await serve(raw(), (req) => Object.defineProperty(req, 'readable', { value: false, configurable: true }));
    try {
      const client = await rawClient(s);
      client.socket.write(
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 3\r\n\r\n',
      );
      await sleep(50);
      client.socket.write('abc');
      await waitFor(() => client.received().includes('}'), 3000, 'response');
      assert.match(client.received(), /^HTTP\/1\.1 500 /);
      assert.match(client.received(), /"message":"stream is not readable"/);
      assert.match(client.received(), /"type":"stream.not.readable"/);
      client.socket.destroy();
    } finally {
      await s.close();
    }
  });

  test('a body already read by an earlier middleware: passed through, req.body undefined', async () => {
    const s = await serve([
      (req, _res, next) => {
        req.resume();
        req.on('end', () => next());
      },
      json(),
    ]);
    try {
      const r = await send(s, { headers: JSON_TYPE, body: '{"a":1}' });
      assert.equal(r.status, 200);
      assert.equal(r.bodyType, 'undefined');
    } finally {
      await s.close();
    }
  });

  test('stacked parsers: the first that matches reads the body; the others leave req.body alone', async () => {
    const s = await serve([json(), text(), json({ type: '*/*' }), raw({ type: '*/*' })]);
    try {
      assert.deepEqual((await send(s, { headers: JSON_TYPE, body: '{"a":1}' })).body, { a: 1 });
      assert.deepEqual((await send(s, { headers: { 'content-type': 'text/plain' }, body: 'txt' })).body, 'txt');
    } finally {
      await s.close();
    }
  });

  test('req.body set before a parser that does not match stays as it was', async () => {
    const s = await serve([
      (req, _res, next) => {
        (req as { body?: unknown }).body = 'preset';
        next();
      },
      json(),
    ]);
    try {
      const r = await send(s, { headers: { 'content-type': 'text/plain' }, body: 'x' });
      assert.equal(r.body, 'preset');
    } finally {
      await s.close();
    }
  });

  test('next runs in the async context the middleware was called in', async () => {
    const als = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const parsers = [
      json(),
      text({ limit: 3 }),
      raw({
        verify: () => {
          throw new Error('no');
        },
      }),
    ];
    const s = await serve([
      (req, res, next) => {
        const id = req.headers['x-id'] as string;
        const parser = parsers[Number(req.headers['x-parser'])];
        als.run(id, () =>
          parser(req, res, (err?: unknown) => {
            seen.push(als.getStore());
            next(err);
          }),
        );
      },
    ]);
    try {
      await send(s, { headers: { ...JSON_TYPE, 'x-id': 'one', 'x-parser': '0' }, body: '{}' });
      await send(s, {
        headers: { 'content-type': 'text/plain', 'x-id': 'two', 'x-parser': '1', 'transfer-encoding': 'chunked' },
        body: ['ab', 'cd'],
      });
      await send(s, {
        headers: { 'content-type': 'application/octet-stream', 'x-id': 'three', 'x-parser': '2' },
        body: 'x',
      });
      await send(s, {
        headers: { ...JSON_TYPE, 'x-id': 'four', 'x-parser': '0', 'content-encoding': 'gzip' },
        body: zlib.gzipSync('{}'),
      });
      assert.deepEqual(seen, ['one', 'two', 'three', 'four']);
    } finally {
      await s.close();
    }
  });
});
