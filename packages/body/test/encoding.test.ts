// Content-Encoding over real HTTP: gzip, deflate, br, zstd, inflate: false, corrupt data, bombs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { json, raw, text, urlencoded } from '../src/index.js';
import { send, serve } from './helpers.js';

type Compress = (buf: Buffer) => Buffer;
const zstdCompress = (zlib as unknown as { zstdCompressSync?: Compress }).zstdCompressSync;

const CODINGS: [encoding: string, compress: Compress][] = [
  ['gzip', (b) => zlib.gzipSync(b)],
  ['GZIP', (b) => zlib.gzipSync(b)],
  ['deflate', (b) => zlib.deflateSync(b)],
  ['br', (b) => zlib.brotliCompressSync(b)],
  ['identity', (b) => b],
];
if (zstdCompress) CODINGS.push(['zstd', (b) => zstdCompress(b)]);

describe('compressed bodies are inflated', () => {
  for (const [encoding, compress] of CODINGS) {
    test(`${encoding}: json, text, urlencoded, raw`, async () => {
      const s = await serve([json(), text(), urlencoded(), raw()]);
      try {
        const cases: [contentType: string, body: string, expected: unknown][] = [
          ['application/json', '{"name":"tobi"}', { name: 'tobi' }],
          ['text/plain', 'héllo', 'héllo'],
          ['application/x-www-form-urlencoded', 'a=1&b=2', { a: '1', b: '2' }],
          ['application/octet-stream', 'bytes', { buffer: Buffer.from('bytes').toString('hex') }],
        ];
        for (const [contentType, body, expected] of cases) {
          const r = await send(s, {
            headers: { 'content-type': contentType, 'content-encoding': encoding },
            body: compress(Buffer.from(body)),
          });
          assert.equal(r.status, 200, JSON.stringify(r.error));
          assert.deepEqual(r.body, expected);
        }
      } finally {
        await s.close();
      }
    });
  }

  test('a chunked compressed body', async () => {
    const s = await serve(json());
    try {
      const gz = zlib.gzipSync('{"chunked":true}');
      const parts = [gz.subarray(0, 5), gz.subarray(5, 12), gz.subarray(12)];
      const r = await send(s, {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' },
        body: parts,
      });
      assert.deepEqual(r.body, { chunked: true });
    } finally {
      await s.close();
    }
  });

  test('zstd where the runtime has it, else 415 naming it', async () => {
    const s = await serve(text());
    try {
      const r = await send(s, {
        headers: { 'content-type': 'text/plain', 'content-encoding': 'zstd' },
        body: zstdCompress ? zstdCompress(Buffer.from('z')) : Buffer.from('z'),
      });
      if (zstdCompress) assert.equal(r.body, 'z');
      else {
        assert.equal(r.status, 415);
        assert.equal(r.error?.message, 'unsupported content encoding "zstd"');
      }
    } finally {
      await s.close();
    }
  });
});

describe('content encoding errors', () => {
  test('an unknown encoding is 415 encoding.unsupported naming it', async () => {
    const s = await serve(json());
    try {
      for (const encoding of ['compress', 'x-gzip', 'gzip, br', 'Foo']) {
        const r = await send(s, {
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body: '{}',
        });
        assert.equal(r.status, 415);
        assert.deepEqual(r.error, {
          name: 'UnsupportedMediaTypeError',
          message: `unsupported content encoding "${encoding.toLowerCase()}"`,
          status: 415,
          statusCode: 415,
          expose: true,
          encoding: encoding.toLowerCase(),
          type: 'encoding.unsupported',
        });
      }
    } finally {
      await s.close();
    }
  });

  test('inflate: false rejects a compressed body with 415, accepts identity', async () => {
    const s = await serve(json({ inflate: false }));
    try {
      const r = await send(s, {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: zlib.gzipSync('{}'),
      });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, {
        name: 'UnsupportedMediaTypeError',
        message: 'content encoding unsupported',
        status: 415,
        statusCode: 415,
        expose: true,
        encoding: 'gzip',
        type: 'encoding.unsupported',
      });
      const ok = await send(s, {
        headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
        body: '{"a":1}',
      });
      assert.deepEqual(ok.body, { a: 1 });
    } finally {
      await s.close();
    }
  });

  test("corrupt or truncated compressed data is 400 with zlib's message and code", async () => {
    const s = await serve(json());
    try {
      const cases: [encoding: string, body: Buffer, message: string, code: string][] = [
        ['gzip', Buffer.from('definitely not gzip'), 'incorrect header check', 'Z_DATA_ERROR'],
        ['gzip', zlib.gzipSync('{"a":1}').subarray(0, 12), 'unexpected end of file', 'Z_BUF_ERROR'],
        ['deflate', Buffer.from('nope nope nope'), 'incorrect header check', 'Z_DATA_ERROR'],
      ];
      for (const [encoding, body, message, code] of cases) {
        const r = await send(s, {
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body,
        });
        assert.equal(r.status, 400);
        assert.equal(r.error?.name, 'Error');
        assert.equal(r.error?.message, message);
        assert.equal(r.error?.code, code);
        assert.equal(r.error?.status, 400);
        assert.equal(r.error?.statusCode, 400);
        assert.equal(r.error?.expose, true);
        assert.equal(r.error?.type, undefined);
      }
      const br = await send(s, {
        headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
        body: Buffer.from([0xff, 0xff, 0xff]),
      });
      assert.equal(br.status, 400);
      assert.match(String(br.error?.code), /^ERR_/); // brotli's own code
    } finally {
      await s.close();
    }
  });
});

describe('the limit applies to the inflated size', () => {
  test('a gzip bomb stops at the limit: 413 without inflating it all', async () => {
    const s = await serve(json());
    try {
      const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)); // 64 MiB of spaces, ~64 KiB gzipped
      assert.ok(bomb.length < 200 * 1024);
      const r = await send(s, {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: bomb,
      });
      assert.equal(r.status, 413);
      assert.equal(r.error?.type, 'entity.too.large');
      assert.equal(r.error?.message, 'request entity too large');
      assert.equal(r.error?.limit, 102400);
      assert.ok((r.error?.received as number) > 102400);
      // It stopped inflating within one chunk past the limit (of the 64 MiB): counted, not timed.
      assert.ok((r.error?.received as number) <= 102400 + 64 * 1024, `received ${String(r.error?.received)}`);
      assert.equal('expected' in (r.error as object), false);
    } finally {
      await s.close();
    }
  });

  test('brotli bomb, raw parser with a string limit', async () => {
    const s = await serve(raw({ limit: '1kb' }));
    try {
      const bomb = zlib.brotliCompressSync(Buffer.alloc(8 * 1024 * 1024));
      const r = await send(s, {
        headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'br' },
        body: bomb,
      });
      assert.equal(r.status, 413);
      assert.equal(r.error?.limit, 1024);
    } finally {
      await s.close();
    }
  });

  test('a compressed body larger than the limit that inflates within it is accepted', async () => {
    const s = await serve(raw({ limit: 100 }));
    try {
      const random = Buffer.from(Array.from({ length: 90 }, (_, i) => (i * 7919 + 13) % 256));
      const gz = zlib.gzipSync(random);
      assert.ok(gz.length > 100);
      const r = await send(s, {
        headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' },
        body: gz,
      });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { buffer: random.toString('hex') });
    } finally {
      await s.close();
    }
  });

  test('a small compressed body that inflates past the limit is 413', async () => {
    const s = await serve(text({ limit: 500 }));
    try {
      const r = await send(s, {
        headers: { 'content-type': 'text/plain', 'content-encoding': 'deflate' },
        body: zlib.deflateSync('x'.repeat(1000)),
      });
      assert.equal(r.status, 413);
      assert.equal(r.error?.limit, 500);
      assert.equal(r.error?.received, 1000);
    } finally {
      await s.close();
    }
  });
});

// The answers below are body-parser 2.4.0's on the same requests.
describe('which error comes first: the charset, the Content-Encoding or the size', () => {
  const verify = (): void => {};
  const gz = (s: string): Buffer => zlib.gzipSync(Buffer.from(s));
  const charsetError = (charset: string) => ({
    name: 'UnsupportedMediaTypeError',
    message: `unsupported charset "${charset.toUpperCase()}"`,
    status: 415,
    statusCode: 415,
    expose: true,
    charset,
    type: 'charset.unsupported',
  });
  const encodingError = (encoding: string, message: string) => ({
    name: 'UnsupportedMediaTypeError',
    message,
    status: 415,
    statusCode: 415,
    expose: true,
    encoding,
    type: 'encoding.unsupported',
  });

  test('with verify, an unsupported charset is 415 charset.unsupported before an unknown encoding', async () => {
    const s = await serve([json({ verify }), text({ verify })]);
    try {
      let r = await send(s, {
        headers: { 'content-type': 'text/plain; charset=bogus', 'content-encoding': 'compress' },
        body: 'hello',
      });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, charsetError('bogus'));
      // json: a utf-* name the decoder does not know
      r = await send(s, {
        headers: { 'content-type': 'application/json; charset=UTF-9', 'content-encoding': 'compress' },
        body: '{}',
      });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, charsetError('utf-9'));
      // a known encoding: the charset error as before
      r = await send(s, {
        headers: { 'content-type': 'text/plain; charset=bogus', 'content-encoding': 'gzip' },
        body: gz('hello'),
      });
      assert.deepEqual(r.error, charsetError('bogus'));
    } finally {
      await s.close();
    }
  });

  test('with verify and inflate: false, an unsupported charset is 415 charset.unsupported', async () => {
    const s = await serve([json({ verify, inflate: false }), text({ verify, inflate: false })]);
    try {
      let r = await send(s, {
        headers: { 'content-type': 'text/plain; charset=bogus', 'content-encoding': 'gzip' },
        body: gz('hello'),
      });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, charsetError('bogus'));
      r = await send(s, {
        headers: { 'content-type': 'application/json; charset=utf-9', 'content-encoding': 'compress' },
        body: '{}',
      });
      assert.deepEqual(r.error, charsetError('utf-9'));
      // a charset the decoder knows: still the encoding error
      r = await send(s, {
        headers: { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' },
        body: gz('hello'),
      });
      assert.deepEqual(r.error, encodingError('gzip', 'content encoding unsupported'));
    } finally {
      await s.close();
    }
  });

  test('with verify, an unsupported charset is 415 before a Content-Length over the limit', async () => {
    const s = await serve([json({ verify, limit: 5 }), text({ verify, limit: 5 })]);
    try {
      let r = await send(s, { headers: { 'content-type': 'text/plain; charset=bogus' }, body: 'helloxxxxxxxx' });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, charsetError('bogus'));
      r = await send(s, { headers: { 'content-type': 'application/json; charset=utf-9' }, body: '{"a":1}xxxxxxxx' });
      assert.deepEqual(r.error, charsetError('utf-9'));
      r = await send(s, {
        headers: { 'content-type': 'text/plain; charset=bogus', 'content-encoding': 'gzip' },
        body: gz('helloxxxxxxxx'),
      });
      assert.deepEqual(r.error, charsetError('bogus'));
    } finally {
      await s.close();
    }
  });

  test('without verify, the encoding and the size come first, as before', async () => {
    const s = await serve([
      text(),
      text({ inflate: false, type: 'text/x-plain' }),
      text({ limit: 5, type: 'text/x-small' }),
    ]);
    try {
      let r = await send(s, {
        headers: { 'content-type': 'text/plain; charset=bogus', 'content-encoding': 'compress' },
        body: 'hello',
      });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, encodingError('compress', 'unsupported content encoding "compress"'));
      r = await send(s, {
        headers: { 'content-type': 'text/x-plain; charset=bogus', 'content-encoding': 'gzip' },
        body: gz('hello'),
      });
      assert.deepEqual(r.error, encodingError('gzip', 'content encoding unsupported'));
      r = await send(s, { headers: { 'content-type': 'text/x-small; charset=bogus' }, body: 'helloxxxxxxxx' });
      assert.equal(r.status, 413);
      assert.equal(r.error?.type, 'entity.too.large');
    } finally {
      await s.close();
    }
  });

  test('raw has no charset: with verify and inflate: false a compressed body is 415 encoding.unsupported', async () => {
    const s = await serve(raw({ verify, inflate: false }));
    try {
      const r = await send(s, {
        headers: { 'content-type': 'application/octet-stream; charset=bogus', 'content-encoding': 'gzip' },
        body: gz('hello'),
      });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, encodingError('gzip', 'content encoding unsupported'));
    } finally {
      await s.close();
    }
  });
});
