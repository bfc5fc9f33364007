// raw() over real HTTP: the body as a Buffer.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { raw } from '../src/index.js';
import { send, serve } from './helpers.js';

const OCTETS = { 'content-type': 'application/octet-stream' };

describe('raw()', () => {
  test('puts the body on req.body as a Buffer, bytes untouched', async () => {
    const s = await serve(raw());
    try {
      const bytes = Buffer.from([0, 1, 2, 0xef, 0xbb, 0xbf, 0xff]);
      const r = await send(s, { headers: OCTETS, body: bytes });
      assert.equal(r.status, 200);
      assert.equal(r.bodyType, 'buffer');
      assert.deepEqual(r.body, { buffer: bytes.toString('hex') });
    } finally {
      await s.close();
    }
  });

  test('the empty body is an empty Buffer', async () => {
    const s = await serve(raw());
    try {
      const r = await send(s, { headers: OCTETS, body: '' });
      assert.equal(r.bodyType, 'buffer');
      assert.deepEqual(r.body, { buffer: '' });
    } finally {
      await s.close();
    }
  });

  test('a charset parameter is ignored, even an unknown one', async () => {
    const s = await serve(raw());
    try {
      const r = await send(s, {
        headers: { 'content-type': 'application/octet-stream; charset=nonsense' },
        body: 'x',
      });
      assert.deepEqual(r.body, { buffer: '78' });
    } finally {
      await s.close();
    }
  });

  test('a body in many chunks is joined', async () => {
    const s = await serve(raw());
    try {
      const r = await send(s, {
        headers: { ...OCTETS, 'transfer-encoding': 'chunked' },
        body: ['ab', Buffer.from([0]), 'cd'],
      });
      assert.deepEqual(r.body, { buffer: Buffer.from('ab\0cd').toString('hex') });
    } finally {
      await s.close();
    }
  });

  test('verify gets a null encoding', async () => {
    const seen: unknown[] = [];
    const s = await serve(raw({ verify: (_req, _res, buf, encoding) => void seen.push(encoding, buf.length) }));
    try {
      await send(s, { headers: OCTETS, body: 'abc' });
      assert.deepEqual(seen, [null, 3]);
    } finally {
      await s.close();
    }
  });

  test('type: a function decides', async () => {
    const s = await serve(raw({ type: (req) => req.headers['content-type'] === 'image/png' }));
    try {
      assert.equal((await send(s, { headers: { 'content-type': 'image/png' }, body: 'png' })).bodyType, 'buffer');
      assert.equal((await send(s, { headers: OCTETS, body: 'bin' })).bodyType, 'undefined');
    } finally {
      await s.close();
    }
  });

  test('type: image/*', async () => {
    const s = await serve(raw({ type: 'image/*' }));
    try {
      assert.equal((await send(s, { headers: { 'content-type': 'image/jpeg' }, body: 'jpg' })).bodyType, 'buffer');
      assert.equal((await send(s, { headers: { 'content-type': 'text/plain' }, body: 'txt' })).bodyType, 'undefined');
    } finally {
      await s.close();
    }
  });
});
