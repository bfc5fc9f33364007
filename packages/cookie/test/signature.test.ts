import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSecretKey } from 'node:crypto';
import { sign, unsign, type Secret } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const MAC_HELLO = 'DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI'; // HMAC-SHA256('hello', 'tobiiscool')

// [value, secret, signed]
const SIGN: [string, Secret, string][] = [
  ['hello', 'tobiiscool', `hello.${MAC_HELLO}`],
  ['hello', Buffer.from('tobiiscool'), `hello.${MAC_HELLO}`],
  ['hello', new TextEncoder().encode('tobiiscool'), `hello.${MAC_HELLO}`],
  ['hello', createSecretKey(Buffer.from('tobiiscool')), `hello.${MAC_HELLO}`],
  ['hello', Buffer.from([0, 1, 2, 255]), 'hello.dRpogpuOkRlHoHDjOWPrnJOMaDpRSCBd+j1sYqwnvC8'],
  ['hello', new Uint8Array([1, 2, 3]), 'hello.oobs/1O0m+RXMAMb0+1F4VjNYjRIIqw7j7W3hce0WMs'],
  ['hello', '', 'hello.Q1KybjP+DXaaiSKmuikAQQnwFojiasyebLNH5aWvxNo'],
  ['hello', Buffer.alloc(0), 'hello.Q1KybjP+DXaaiSKmuikAQQnwFojiasyebLNH5aWvxNo'],
  ['', 'k', '.i7mQxAp9YcuXWXqUISUCW+UKyL63RDbjc1uYiTp/ZiA'],
  ['a.b', 'k', 'a.b.j+64Xf4O5ZEXP+qQsHKDtNnvAIHe3v1wxoNRgirN2JQ'],
  ['s:42', 'keyboard cat', 's:42.cs7IBmDvTn5XDbFS2xq8UvWzPnGqREP4H7zCruvjBnI'],
  ['héllo ✓', 'secret', 'héllo ✓.Ash3NbS46ilDuAZWHEQs9sc4r9qqaOSBoZiBBAM+KTg'],
];

describe('sign', () => {
  for (const [value, secret, signed] of SIGN) {
    test(`${JSON.stringify(value)} with a ${secret.constructor.name} secret`, () => {
      assert.equal(sign(value, secret), signed);
    });
  }

  test('the MAC is unpadded base64 of 43 characters', () => {
    for (let i = 0; i < 50; i++) {
      const mac = sign(`value${i}`, `secret${i}`).slice(`value${i}`.length + 1);
      assert.match(mac, /^[A-Za-z0-9+/]{43}$/);
    }
  });

  test('errors', () => {
    for (const value of [undefined, null, 42, {}, Buffer.from('x')]) {
      assert.throws(() => sign(value as unknown as string, 'k'), {
        name: 'TypeError',
        message: 'Cookie value must be provided as a string.',
      });
    }
    for (const secret of [undefined, null]) {
      assert.throws(() => sign('v', secret as unknown as string), {
        name: 'TypeError',
        message: 'Secret key must be provided.',
      });
    }
    // the value is checked first
    assert.throws(() => sign(1 as unknown as string, null as unknown as string), {
      message: 'Cookie value must be provided as a string.',
    });
    // other secret types are refused by crypto.createHmac
    assert.throws(() => sign('v', 5 as unknown as string), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  });
});

describe('unsign', () => {
  for (const [value, secret, signed] of SIGN) {
    test(`round trip of ${JSON.stringify(value)} with a ${secret.constructor.name} secret`, () => {
      assert.equal(unsign(signed, secret), value);
      assert.equal(unsign(sign(value, secret), secret), value);
    });
  }

  // [input, secret, expected]
  const UNSIGN: [string, Secret, string | false][] = [
    [`hello.${MAC_HELLO}`, 'tobiiscool', 'hello'],
    [`hello.${MAC_HELLO}`, 'tobiiscoo1', false], // wrong secret
    [`hello.${MAC_HELLO}`, '', false],
    [`hellO.${MAC_HELLO}`, 'tobiiscool', false], // tampered value
    [`hello.${MAC_HELLO.slice(0, -1)}R`, 'tobiiscool', false], // tampered MAC
    [`hello.${MAC_HELLO.slice(0, -1)}`, 'tobiiscool', false], // MAC one character short
    [`hello.${MAC_HELLO}=`, 'tobiiscool', false], // padded MAC
    [`hello.${MAC_HELLO}A`, 'tobiiscool', false], // MAC one character long
    [`hello.${MAC_HELLO.slice(0, -1)}é`, 'tobiiscool', false], // same length, more bytes
    [`hello.${MAC_HELLO.slice(0, -1)}\u0151`, 'tobiiscool', false], // its low byte is "Q"
    [`hello.${MAC_HELLO.slice(0, -2)}\ud83d\ude00`, 'tobiiscool', false],
    [`hello.x.${MAC_HELLO}`, 'tobiiscool', false], // the MAC covers everything before the last "."
    [`hello.${MAC_HELLO}.${MAC_HELLO}`, 'tobiiscool', false],
    [`.${MAC_HELLO}`, 'tobiiscool', false],
    ['hello', 'tobiiscool', false], // no "."
    ['', 'tobiiscool', false],
    ['.', 'tobiiscool', false],
    ['hello.', 'tobiiscool', false],
    [`hello.${'A'.repeat(43)}`, 'tobiiscool', false],
    ['.i7mQxAp9YcuXWXqUISUCW+UKyL63RDbjc1uYiTp/ZiA', 'k', ''], // empty value
  ];

  for (const [input, secret, expected] of UNSIGN) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(unsign(input, secret), expected);
    });
  }

  test('a Buffer secret verifies a string-secret signature and vice versa', () => {
    assert.equal(unsign(sign('v', 'k'), Buffer.from('k')), 'v');
    assert.equal(unsign(sign('v', Buffer.from('k')), 'k'), 'v');
    assert.equal(unsign(sign('v', 'k'), createSecretKey(Buffer.from('k'))), 'v');
  });

  test('errors', () => {
    for (const input of [undefined, null, 42, {}, Buffer.from('x')]) {
      assert.throws(() => unsign(input as unknown as string, 'k'), {
        name: 'TypeError',
        message: 'Signed cookie string must be provided.',
      });
    }
    for (const secret of [undefined, null]) {
      assert.throws(() => unsign(`hello.${MAC_HELLO}`, secret as unknown as string), {
        name: 'TypeError',
        message: 'Secret key must be provided.',
      });
    }
    assert.throws(() => unsign(`hello.${MAC_HELLO}`, 5 as unknown as string), {
      name: 'TypeError',
      code: 'ERR_INVALID_ARG_TYPE',
    });
  });

  // The results at a million characters, and time growing linearly with the length (a ratio of
  // CPU times, no bound on elapsed time).
  test('long inputs take linear time', () => {
    const value = 'x'.repeat(1_000_000);
    const signed = sign(value, 'k');
    assert.equal(unsign(signed, 'k'), value);
    assert.equal(unsign(`${value}.${'y'.repeat(1_000_000)}`, 'k'), false);
    assert.equal(unsign('.'.repeat(1_000_000), 'k'), false);
    assertLinear(
      'sign then unsign',
      (n) => 'x'.repeat(n),
      (v) => unsign(sign(v, 'k'), 'k'),
    );
    // 2n characters: n = 4096 keeps them between 8 and 64 kB.
    assertLinear(
      'unsign: a wrong signature',
      (n) => `${'x'.repeat(n)}.${'y'.repeat(n)}`,
      (s) => unsign(s, 'k'),
      { n: 4096 },
    );
    assertLinear(
      'unsign: "." run',
      (n) => '.'.repeat(n),
      (s) => unsign(s, 'k'),
    );
  });
});
