// text() over real HTTP: charsets (Unicode, ISO-8859-1, windows-1252, ASCII, TextDecoder's), defaultCharset.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { text } from '../src/index.js';
import { send, serve, type TestServer } from './helpers.js';

const hex = (h: string): Buffer => Buffer.from(h, 'hex');

describe('text() defaults', () => {
  let s: TestServer;
  before(async () => (s = await serve(text())));
  after(() => s.close());

  test('parses text/plain as a UTF-8 string', async () => {
    const r = await send(s, { headers: { 'content-type': 'text/plain' }, body: 'user is tobi, café' });
    assert.equal(r.status, 200);
    assert.equal(r.body, 'user is tobi, café');
    assert.equal(r.bodyType, 'string');
  });

  test('the empty body is the empty string', async () => {
    const r = await send(s, { headers: { 'content-type': 'text/plain' }, body: '' });
    assert.equal(r.body, '');
    assert.equal(r.bodyType, 'string');
  });

  test('a UTF-8 BOM is dropped; invalid UTF-8 becomes U+FFFD', async () => {
    assert.equal((await send(s, { headers: { 'content-type': 'text/plain' }, body: '\ufeffhi' })).body, 'hi');
    const r = await send(s, { headers: { 'content-type': 'text/plain' }, body: hex('e28241ff') });
    assert.equal(r.body, '\ufffdA\ufffd');
  });

  test('other types pass through', async () => {
    const r = await send(s, { headers: { 'content-type': 'text/html' }, body: '<p>' });
    assert.equal(r.bodyType, 'undefined');
  });

  const CHARSETS: [charset: string, body: Buffer, expected: string][] = [
    ['utf-8', Buffer.from('héllo ✓'), 'héllo ✓'],
    ['UTF8', Buffer.from('héllo'), 'héllo'],
    ['"utf-8"', Buffer.from('héllo'), 'héllo'],
    ['utf-16le', Buffer.from('\ufeffhé', 'utf16le'), 'hé'],
    ['utf-16be', Buffer.from('hé', 'utf16le').swap16(), 'hé'],
    ['ucs-2', Buffer.from('hé', 'utf16le'), 'hé'],
    ['utf-16', Buffer.from('\ufeffhé', 'utf16le').swap16(), 'hé'],
    ['utf-32be', hex('00000068000000e9'), 'hé'],
    ['utf-32le', hex('68000000e9000000ffffff7f'), 'hé\ufffd'], // past U+10FFFF
    ['utf-32', hex('fffe000068000000e900'), 'h\ufffd'], // a partial unit at the end
    ['utf-7', Buffer.from('1 +- 1 = +AOk-'), '1 + 1 = é'],
    ['iso-8859-1', hex('68e980ff'), 'hé\u0080ÿ'],
    ['latin1', hex('68e9'), 'hé'],
    ['ISO_8859-1:1987', hex('68e9'), 'hé'],
    ['l1', hex('e9'), 'é'],
    ['binary', hex('e9'), 'é'],
    ['windows-1252', hex('80819fe9'), '€\ufffdŸé'],
    ['cp1252', hex('8ee9'), 'Žé'],
    ['us-ascii', hex('41e942'), 'A\ufffdB'],
    ['ascii', hex('414243'), 'ABC'],
    ['koi8-r', hex('d0d2c9d7c5d4'), 'привет'],
    ['windows-1251', hex('eff0e8e2e5f2'), 'привет'],
    ['iso-8859-2', hex('b3f364bc'), 'łódź'],
    ['iso-8859-15', hex('a4'), '€'],
    ['macintosh', hex('8e'), 'é'],
    ['shift_jis', hex('93fa967b'), '日本'],
    ['gbk', hex('d6d0cec4'), '中文'],
    ['euc-kr', hex('c7d1b1b9'), '한국'],
    ['big5', hex('c163c5e9'), '繁體'],
  ];
  for (const [charset, body, expected] of CHARSETS) {
    test(`charset=${charset}`, async () => {
      const r = await send(s, { headers: { 'content-type': `text/plain; charset=${charset}` }, body });
      assert.equal(r.status, 200, JSON.stringify(r.error));
      assert.equal(r.body, expected);
    });
  }

  test('an unknown charset is 415 charset.unsupported', async () => {
    for (const [charset, upper] of [
      ['foo', 'FOO'],
      ['Bogus-8', 'BOGUS-8'],
      ['iso-2022-kr', 'ISO-2022-KR'], // TextDecoder's "replacement" encoding
      ['base64', 'BASE64'],
    ]) {
      const r = await send(s, { headers: { 'content-type': `text/plain; charset=${charset}` }, body: 'x' });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, {
        name: 'UnsupportedMediaTypeError',
        message: `unsupported charset "${upper}"`,
        status: 415,
        statusCode: 415,
        expose: true,
        charset: charset.toLowerCase(),
        type: 'charset.unsupported',
      });
    }
  });

  test('the same charset, asked for again, is answered from the cache', async () => {
    for (let i = 0; i < 3; i++) {
      assert.equal(
        (await send(s, { headers: { 'content-type': 'text/plain; charset=koi8-r' }, body: hex('d0') })).body,
        'п',
      );
      assert.equal((await send(s, { headers: { 'content-type': 'text/plain; charset=nope' }, body: 'x' })).status, 415);
    }
  });

  test('many distinct charset names do not grow without bound (and still work)', async () => {
    for (let i = 0; i < 150; i++) {
      const r = await send(s, {
        headers: { 'content-type': `text/plain; charset=u-t-f-8${'-'.repeat(i)}` },
        body: 'é',
      });
      assert.equal(r.body, 'é');
    }
  });
});

describe('text() options', () => {
  test('defaultCharset decodes bodies whose Content-Type names no charset', async () => {
    const s = await serve(text({ defaultCharset: 'iso-8859-1' }));
    try {
      assert.equal((await send(s, { headers: { 'content-type': 'text/plain' }, body: hex('e9') })).body, 'é');
      assert.equal((await send(s, { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'é' })).body, 'é');
      assert.equal((await send(s, { headers: { 'content-type': 'text/plain; charset=' }, body: hex('e9') })).body, 'é');
    } finally {
      await s.close();
    }
  });

  test('an unknown defaultCharset is 415 for charset-less requests', async () => {
    const s = await serve(text({ defaultCharset: 'klingon' }));
    try {
      const r = await send(s, { headers: { 'content-type': 'text/plain' }, body: 'x' });
      assert.equal(r.status, 415);
      assert.equal(r.error?.message, 'unsupported charset "KLINGON"');
    } finally {
      await s.close();
    }
  });

  test('an unknown charset is 415 with verify too', async () => {
    const s = await serve(text({ verify: () => {} }));
    try {
      const r = await send(s, { headers: { 'content-type': 'text/plain; charset=FOO' }, body: 'x' });
      assert.equal(r.status, 415);
      assert.equal(r.error?.charset, 'foo');
    } finally {
      await s.close();
    }
  });

  test('type: text/* takes every text type', async () => {
    const s = await serve(text({ type: 'text/*' }));
    try {
      assert.equal((await send(s, { headers: { 'content-type': 'text/html' }, body: '<p>' })).body, '<p>');
      assert.equal((await send(s, { headers: { 'content-type': 'text/csv' }, body: 'a,b' })).body, 'a,b');
      assert.equal(
        (await send(s, { headers: { 'content-type': 'application/json' }, body: '{}' })).bodyType,
        'undefined',
      );
    } finally {
      await s.close();
    }
  });

  test('verify gets the charset; a throw is 403', async () => {
    const seen: (string | null)[] = [];
    const s = await serve(
      text({
        verify: (_req, _res, buf, encoding) => {
          seen.push(encoding);
          if (buf.toString() === 'bad') throw new Error('rejected');
        },
      }),
    );
    try {
      assert.equal(
        (await send(s, { headers: { 'content-type': 'text/plain; charset=ISO-8859-1' }, body: 'ok' })).body,
        'ok',
      );
      const r = await send(s, { headers: { 'content-type': 'text/plain' }, body: 'bad' });
      assert.equal(r.status, 403);
      assert.equal(r.error?.type, 'entity.verify.failed');
      assert.deepEqual(seen, ['iso-8859-1', 'utf-8']);
    } finally {
      await s.close();
    }
  });
});
