// Format functions returning objects (morgan 1.12): written as they are to a stream in object
// mode (`stream.writableObjectMode`), without a newline; anything else gets text, as in morgan:
// a string line, or the object as `String(entry) + '\n'` for a stream not in object mode and
// through the `buffer` option. Over real HTTP.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import brisk from 'briskjs';
import logger, { type FormatFn, type ObjectLogStream } from '../src/index.js';
import { serve as serveListener } from '../../../test/support/http.js';
import { capture, deferred, serve, type Handler, type Middleware } from './helpers.js';

/** Middleware as the test server runs it. */
const mw = (m: unknown) => m as Middleware;

const hello: Handler = (_req, res) => {
  res.setHeader('Content-Length', '5');
  res.end('hello');
};

/** A Writable in object mode collecting what it is given; `wait(n)` resolves once `n` arrived. */
function objectCapture() {
  const chunks: unknown[] = [];
  let waiters: Array<() => void> = [];
  const stream = new Writable({
    objectMode: true,
    write(chunk: unknown, _encoding, callback) {
      chunks.push(chunk);
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
      callback();
    },
  });
  async function wait(n = 1): Promise<unknown[]> {
    while (chunks.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    return chunks;
  }
  return { stream, chunks, wait };
}

interface Entry {
  method: string | null | undefined;
  url: string | null | undefined;
  status: number;
}

/** A structured entry from the tokens. */
const entry: FormatFn<IncomingMessage, ServerResponse, Entry> = (tokens, req, res) => ({
  method: tokens.method(req, res),
  url: tokens.url(req, res),
  status: Number(tokens.status(req, res)),
});

describe('format functions returning objects', () => {
  test('an object-mode stream gets the very object, without a newline', async () => {
    const out = objectCapture();
    const returned: object[] = [];
    const format: FormatFn<IncomingMessage, ServerResponse, Entry> = (tokens, req, res) => {
      const e = entry(tokens, req, res) as Entry;
      returned.push(e);
      return e;
    };
    const srv = await serve([mw(logger(format, { stream: out.stream }))], hello);
    try {
      await srv.get('/json?a=1');
      const [chunk] = await out.wait(1);
      assert.deepEqual(chunk, { method: 'GET', url: '/json?a=1', status: 200 });
      assert.equal(chunk, returned[0]);
    } finally {
      await srv.close();
    }
  });

  test("a plain object saying writableObjectMode: true (morgan's README example), on a briskjs app", async () => {
    const entries: unknown[] = [];
    const arrived = deferred();
    const stream: ObjectLogStream<Entry> = {
      writableObjectMode: true,
      write(e) {
        entries.push(e);
        arrived.resolve();
      },
    };
    const app = brisk();
    app.use(logger(entry, { stream }));
    app.get('/users/:id', (req, res) => res.status(201).send(req.params.id));
    const srv = await serveListener(app);
    try {
      await srv.get('/users/7');
      await arrived.promise;
      assert.deepEqual(entries, [{ method: 'GET', url: '/users/7', status: 201 }]);
    } finally {
      await srv.close();
    }
  });

  test('token values inside the object are escaped, as in morgan (the tokens escape)', async () => {
    const out = objectCapture();
    const format: FormatFn<IncomingMessage, ServerResponse, { ua: unknown; raw: unknown }> = (tokens, req, res) => ({
      ua: tokens['user-agent'](req, res),
      raw: req.headers['user-agent'],
    });
    const srv = await serve([mw(logger(format, { stream: out.stream }))], hello);
    try {
      await srv.get('/', { 'user-agent': 'a"b\\c\td' });
      assert.deepEqual(await out.wait(1), [{ ua: 'a\\"b\\\\c\\td', raw: 'a"b\\c\td' }]);
    } finally {
      await srv.close();
    }
  });

  test('a string from the same format function is still a line of text', async () => {
    const out = objectCapture();
    const format: FormatFn<IncomingMessage, ServerResponse, Entry> = (tokens, req, res) =>
      req.url === '/text' ? `${tokens.method(req, res)} ${tokens.url(req, res)}` : entry(tokens, req, res);
    const srv = await serve([mw(logger(format, { stream: out.stream }))], hello);
    try {
      await srv.get('/text');
      await out.wait(1);
      await srv.get('/obj');
      assert.deepEqual(await out.wait(2), ['GET /text\n', { method: 'GET', url: '/obj', status: 200 }]);
    } finally {
      await srv.close();
    }
  });

  test('arrays are objects too; null and undefined write nothing', async () => {
    const out = objectCapture();
    const witness = capture();
    const format = (_t: unknown, req: IncomingMessage) =>
      req.url === '/array' ? ['a', 1] : req.url === '/null' ? null : undefined;
    const srv = await serve(
      [
        mw(logger(format as unknown as FormatFn<IncomingMessage, ServerResponse, unknown[]>, { stream: out.stream })),
        mw(logger(':url', { stream: witness.stream })),
      ],
      hello,
    );
    try {
      await srv.get('/null');
      await srv.get('/undefined');
      await srv.get('/array');
      await witness.wait(3);
      assert.deepEqual(await out.wait(1), [['a', 1]]);
    } finally {
      await srv.close();
    }
  });

  test('a stream not in object mode gets the object as text: "[object Object]\\n", as in morgan', async () => {
    const plain = capture(); // no writableObjectMode
    const text: string[] = [];
    const textMode = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text.push(chunk.toString());
        callback();
      },
    });
    const described = { toString: () => 'custom text' };
    const srv = await serve(
      [
        mw(logger(entry, { stream: plain.stream as never })),
        mw(logger(entry, { stream: textMode })),
        mw(logger(() => described, { stream: plain.stream as never })),
      ],
      hello,
    );
    try {
      await srv.get('/plain');
      assert.deepEqual(await plain.wait(2), ['[object Object]\n', 'custom text\n']);
      assert.equal(textMode.writableObjectMode, false);
      assert.deepEqual(text, ['[object Object]\n']);
    } finally {
      await srv.close();
    }
  });

  test('immediate: the object is written when the request arrives', async () => {
    const out = objectCapture();
    const arrived = deferred();
    const srv = await serve([mw(logger(entry, { stream: out.stream, immediate: true }))], () => arrived.resolve());
    try {
      const req = srv.start('GET', '/now');
      await arrived.promise;
      assert.deepEqual(await out.wait(1), [{ method: 'GET', url: '/now', status: Number.NaN }]);
      req.destroy();
    } finally {
      await srv.close();
    }
  });

  test('skip: a truthy result writes nothing', async () => {
    const out = objectCapture();
    const witness = capture();
    const srv = await serve(
      [
        mw(logger(entry, { stream: out.stream, skip: (req) => req.url === '/skip' })),
        mw(logger(':url', { stream: witness.stream })),
      ],
      hello,
    );
    try {
      await srv.get('/skip');
      await srv.get('/kept');
      await witness.wait(2);
      assert.deepEqual(await out.wait(1), [{ method: 'GET', url: '/kept', status: 200 }]);
    } finally {
      await srv.close();
    }
  });

  test('buffer: lines are joined as text, so objects become "[object Object]\\n", as in morgan', async () => {
    const out = objectCapture();
    // (the types forbid buffer with an object format; at run time it behaves as morgan's)
    const options = { stream: out.stream, buffer: 20 } as unknown as { stream: ObjectLogStream<Entry> };
    const witness = capture();
    const srv = await serve([mw(logger(entry, options)), mw(logger(':url', { stream: witness.stream }))], hello);
    try {
      await srv.get('/b1');
      await witness.wait(1);
      assert.equal(out.chunks.length, 0); // buffered
      assert.deepEqual(await out.wait(1), ['[object Object]\n']);
    } finally {
      await srv.close();
    }
  });
});
