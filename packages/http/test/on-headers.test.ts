import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { onHeaders } from '../src/index.js';
import { serve } from '../../../test/support/http.js';

type Handler = (req: IncomingMessage, res: ServerResponse, log: unknown[]) => void;
interface Reply {
  status: number;
  message: string;
  headers: string[]; // raw, without date/connection/keep-alive/content-length/transfer-encoding
  body: string;
  log: unknown[];
}

/** One request to a fresh server whose handler is `handler`; a handler error becomes a 599 reply. */
async function run(handler: Handler): Promise<Reply> {
  const log: unknown[] = [];
  const server = await serve((req: IncomingMessage, res: ServerResponse) => {
    try {
      handler(req, res, log);
    } catch (err) {
      log.push(`handler threw: ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(599);
      res.end();
    }
  });
  try {
    const res = await server.get('/');
    const skip = /^(date|connection|keep-alive|content-length|transfer-encoding)$/i;
    const headers = res.rawHeaders.filter((_, i, raw) => !skip.test(raw[i - (i % 2)]));
    return { status: res.status, message: res.statusMessage, headers, body: res.body, log };
  } finally {
    await server.close();
  }
}

describe('onHeaders arguments', () => {
  const res = new http.ServerResponse(new http.IncomingMessage(null as never));
  test('res is required', () => {
    for (const bad of [undefined, null, 0, '']) {
      assert.throws(() => onHeaders(bad as unknown as ServerResponse, () => {}), {
        name: 'TypeError',
        message: 'argument res is required',
      });
    }
  });
  test('listener must be a function', () => {
    for (const bad of [undefined, null, 'f', {}]) {
      assert.throws(() => onHeaders(res, bad as unknown as () => void), {
        name: 'TypeError',
        message: 'argument listener must be a function',
      });
    }
  });
  test('replaces writeHead on that response only, keeping its name and length', () => {
    const other = new http.ServerResponse(new http.IncomingMessage(null as never));
    const before = res.writeHead;
    assert.equal(
      onHeaders(res, () => {}),
      undefined,
    );
    assert.notEqual(res.writeHead, before);
    assert.equal(Object.hasOwn(res, 'writeHead'), true);
    assert.equal(res.writeHead.name, 'writeHead');
    assert.equal(res.writeHead.length, 1);
    assert.equal(other.writeHead, http.ServerResponse.prototype.writeHead);
  });
});

describe('onHeaders over HTTP', () => {
  test('implicit headers from end(): the listener sets a header and the status', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, function (this: ServerResponse) {
        log.push(this === res, this.headersSent);
        this.setHeader('X-Set-By', 'listener');
        this.statusCode = 201;
      });
      res.setHeader('X-Before', '1');
      res.end('body');
    });
    assert.deepEqual(reply, {
      status: 201,
      message: 'Created',
      headers: ['X-Before', '1', 'X-Set-By', 'listener'],
      body: 'body',
      log: [true, false],
    });
  });

  test('implicit headers from write()', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, function () {
        log.push('fired');
        this.setHeader('X-Late', 'yes');
      });
      res.write('a');
      log.push('after write', res.headersSent);
      res.end('b');
    });
    assert.deepEqual(reply.headers, ['X-Late', 'yes']);
    assert.equal(reply.body, 'ab');
    assert.deepEqual(reply.log, ['fired', 'after write', true]);
  });

  test('writeHead(status, headers): the listener sees them and can add, change and remove', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, function () {
        log.push(this.statusCode, this.getHeader('x-a'), this.getHeader('x-b'));
        this.setHeader('X-C', 'c');
        this.setHeader('X-A', 'changed');
        this.removeHeader('X-B');
        this.statusCode = 202;
      });
      res.writeHead(200, { 'X-A': 'a', 'X-B': 'b', '': 'ignored' });
      res.end();
    });
    assert.equal(reply.status, 202);
    assert.equal(reply.message, 'Accepted');
    assert.deepEqual(reply.headers, ['X-A', 'changed', 'X-C', 'c']);
    assert.deepEqual(reply.log, [200, 'a', 'b']);
  });

  test('writeHead(status, message, headers): the message is kept when the status is', async () => {
    const reply = await run((req, res) => {
      onHeaders(res, function () {
        this.setHeader('X-A', 'a');
      });
      res.writeHead(299, 'Custom Reason', { 'X-B': 'b' });
      res.end();
    });
    assert.deepEqual([reply.status, reply.message, reply.headers], [299, 'Custom Reason', ['X-B', 'b', 'X-A', 'a']]);
  });

  test('...and dropped when the listener changes the status', async () => {
    const reply = await run((req, res) => {
      onHeaders(res, function () {
        this.statusCode = 404;
      });
      res.writeHead(200, 'Custom Reason');
      res.end();
    });
    assert.deepEqual([reply.status, reply.message], [404, 'Not Found']);
  });

  test('writeHead(status, message) without headers', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, function () {
        log.push(this.statusMessage ?? 'unset');
      });
      res.writeHead(200, 'Fine');
      res.end();
    });
    assert.deepEqual([reply.status, reply.message, reply.log], [200, 'Fine', ['unset']]);
  });

  test('writeHead(status, flat array): repeated names keep every value, replacing earlier ones', async () => {
    const reply = await run((req, res, log) => {
      res.setHeader('X-Multi', 'old');
      res.setHeader('X-Kept', 'kept');
      onHeaders(res, function () {
        log.push(this.getHeader('x-multi'));
      });
      res.writeHead(200, ['X-Multi', '1', 'X-Multi', '2', '', 'skipped']);
      res.end();
    });
    assert.deepEqual(reply.log, [['1', '2']]);
    assert.deepEqual(reply.headers, ['X-Kept', 'kept', 'X-Multi', '1', 'X-Multi', '2']);
  });

  test('writeHead(status, array of pairs)', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, function () {
        log.push(this.getHeader('x-a'));
      });
      res.writeHead(200, [
        ['X-A', 'a'],
        ['', 'skipped'],
        ['X-B', 'b'],
      ]);
      res.end();
    });
    assert.deepEqual(reply.log, ['a']);
    assert.deepEqual(reply.headers, ['X-A', 'a', 'X-B', 'b']);
  });

  test('writeHead(status, []) and writeHead(status, {}): nothing to set', async () => {
    for (const headers of [[], {}]) {
      const reply = await run((req, res, log) => {
        onHeaders(res, () => log.push('fired'));
        res.writeHead(204, headers);
        res.end();
      });
      assert.deepEqual([reply.status, reply.headers, reply.log], [204, [], ['fired']]);
    }
  });

  test('a malformed flat array throws before the listener runs', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, () => log.push('fired'));
      try {
        res.writeHead(200, ['X-A']);
      } catch (err) {
        log.push(`${(err as Error).name}: ${(err as Error).message}`);
      }
      res.end();
    });
    assert.deepEqual(reply.log, ['TypeError: headers array is malformed', 'fired']);
    assert.equal(reply.status, 200);
  });

  test('several listeners run in reverse order of registration, each once', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, function () {
        log.push('first', this.statusCode);
        this.statusCode = 404;
      });
      onHeaders(res, function () {
        log.push('second', this.statusCode);
        this.statusCode = 500;
      });
      onHeaders(res, () => log.push('third'));
      res.writeHead(200, 'OK then');
      res.write('x'); // the headers go out here; end() must not run the listeners again
      res.end();
    });
    assert.deepEqual(reply.log, ['third', 'second', 200, 'first', 500]);
    assert.deepEqual([reply.status, reply.message], [404, 'Not Found']);
  });

  test('a listener that throws: writeHead throws; the listeners not reached run on the next writeHead', async () => {
    const reply = await run((req, res, log) => {
      onHeaders(res, () => log.push('first'));
      onHeaders(res, () => {
        log.push('second');
        throw new Error('listener failed');
      });
      try {
        res.writeHead(200);
      } catch (err) {
        log.push((err as Error).message);
      }
      res.writeHead(203);
      res.end();
    });
    assert.deepEqual(reply.log, ['second', 'listener failed', 'first']);
    assert.equal(reply.status, 203);
  });

  test('writeHead still returns the response (chaining)', async () => {
    const reply = await run((req, res) => {
      onHeaders(res, function () {
        this.setHeader('X-A', 'a');
      });
      res.writeHead(200).end('chained');
    });
    assert.deepEqual([reply.body, reply.headers], ['chained', ['X-A', 'a']]);
  });

  test('a listener added after the headers were written never runs', async () => {
    const reply = await run((req, res, log) => {
      res.writeHead(200);
      onHeaders(res, () => log.push('late'));
      res.end();
    });
    assert.deepEqual(reply.log, []);
  });
});
