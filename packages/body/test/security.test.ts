// Prototype pollution and adversarial input: nothing reaches Object.prototype, every scan is linear.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { json, urlencoded } from '../src/index.js';
import { charsetOf } from '@brisk/negotiate';
import { decoderFor } from '../src/charset.js';
import { send, serve } from './helpers.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const FORM = 'application/x-www-form-urlencoded';
const protoNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

describe('nothing is written onto Object.prototype', () => {
  test('JSON bodies with __proto__ / constructor.prototype at any depth', async () => {
    const before = protoNames();
    const s = await serve(json());
    try {
      const bodies = [
        '{"__proto__":{"polluted":1}}',
        '{"a":{"b":{"__proto__":{"polluted":2}}}}',
        '{"constructor":{"prototype":{"polluted":3}}}',
        '[{"__proto__":{"polluted":4}},{"x":{"constructor":{"prototype":{"polluted":5}}}}]',
      ];
      for (const body of bodies) {
        const r = await send(s, { headers: { 'content-type': 'application/json' }, body });
        assert.equal(r.status, 200);
      }
      assert.equal(({} as { polluted?: unknown }).polluted, undefined);
      assert.deepEqual(protoNames(), before);
    } finally {
      await s.close();
    }
  });

  test('JSON: __proto__ is an own data key of the parsed object, its prototype untouched', async () => {
    let body: unknown;
    const s = await serve([
      json(),
      (req, _res, next) => {
        body = (req as { body?: unknown }).body;
        next();
      },
    ]);
    try {
      await send(s, { headers: { 'content-type': 'application/json' }, body: '{"__proto__":{"isAdmin":true}}' });
      assert.equal(Object.getPrototypeOf(body), Object.prototype);
      assert.ok(Object.hasOwn(body as object, '__proto__'));
      assert.equal((body as { isAdmin?: unknown }).isAdmin, undefined);
    } finally {
      await s.close();
    }
  });

  for (const extended of [false, true]) {
    test(`urlencoded (extended: ${extended}) with __proto__ / constructor[prototype] keys`, async () => {
      const before = protoNames();
      let body: unknown;
      const s = await serve([
        urlencoded({ extended }),
        (req, _res, next) => {
          body = (req as { body?: unknown }).body;
          next();
        },
      ]);
      try {
        const forms = [
          '__proto__[polluted]=1',
          '__proto__=x',
          'a[__proto__][polluted]=2',
          'constructor[prototype][polluted]=3',
          'a[b][constructor][prototype][polluted]=4',
          '__proto__.polluted=5',
          'a[__proto__]=6&a[b]=1',
        ];
        for (const form of forms) {
          const r = await send(s, { headers: { 'content-type': FORM }, body: form });
          assert.equal(r.status, 200, form);
          assert.notEqual(Object.getPrototypeOf(body), null);
          assert.equal(Object.getPrototypeOf(body), Object.prototype, form);
        }
        assert.equal(({} as { polluted?: unknown }).polluted, undefined);
        assert.deepEqual(protoNames(), before);
      } finally {
        await s.close();
      }
    });
  }
});

// Each hostile shape: its result on a large input, and time growing linearly with its size
// (time(8n) / time(n), measured in CPU time: no bound on elapsed time).
describe('adversarial input', () => {
  test('Content-Type parameters: long, unterminated, escaped, repeated', () => {
    const shapes: [label: string, build: (n: number) => string, expected: string | undefined, n?: number][] = [
      ['";" run', (n) => 'text/plain' + ';'.repeat(n), undefined],
      // 2n characters: n = 4096 keeps them between 8 and 64 kB.
      ['unterminated escapes', (n) => 'text/plain; a="' + '\\"'.repeat(n), undefined, 4096],
      ['repeated parameter', (n) => 'text/plain; ' + 'a=b; '.repeat(Math.floor(n / 5)) + 'charset=utf-8', 'utf-8'],
      ['unterminated quoted charset', (n) => 'text/plain; charset="' + 'x'.repeat(n), undefined],
      ['"=" run', (n) => 'text/plain; ' + '='.repeat(n), undefined],
      ['spaces before the charset', (n) => 'text/plain; ' + ' '.repeat(n) + 'charset = latin1 ', 'latin1'],
    ];
    for (const [label, build, expected, n] of shapes) {
      assert.equal(charsetOf(build(100_000)), expected, label);
      assertLinear(`charsetOf: ${label}`, build, charsetOf, { n });
    }
  });

  test('charset names: long and odd', () => {
    const shapes: [label: string, build: (n: number) => string][] = [
      ['long name', (n) => 'u'.repeat(n)],
      ['":1234" run', (n) => 'utf-8' + ':1234'.repeat(Math.floor(n / 5))],
      ['"-" run', (n) => '-'.repeat(n) + 'utf8'],
    ];
    for (const [, build] of shapes) decoderFor(build(100_000));
    assert.equal(decoderFor('-'.repeat(1000) + 'utf8')?.(Buffer.from('é')), 'é');
    // decoderFor keeps up to 128 names: fill its cache so that every timed call resolves its name.
    for (let i = 0; i < 128; i++) decoderFor(`filler-${i}`);
    for (const [label, build] of shapes) assertLinear(`decoderFor: ${label}`, build, decoderFor);
  });

  test('a long header over HTTP', async () => {
    const s = await serve(json());
    try {
      const r = await send(s, {
        headers: { 'content-type': 'application/json; x="' + '\\'.repeat(8000) },
        body: '{"a":1}',
      });
      assert.deepEqual(r.body, { a: 1 });
    } finally {
      await s.close();
    }
  });

  test('strict JSON error on a large body', async () => {
    const s = await serve(json({ limit: '1mb' }));
    try {
      const body = ' '.repeat(500_000) + 'x'.repeat(400_000);
      const r = await send(s, { headers: { 'content-type': 'application/json' }, body });
      assert.equal(r.status, 400);
      assert.equal(r.error?.type, 'entity.parse.failed');
      assert.equal(String(r.error?.body).length, body.length);
    } finally {
      await s.close();
    }
  });

  test('a form of 500k "&" is counted up to the limit only', async () => {
    const s = await serve(urlencoded({ limit: '1mb' }));
    try {
      const r = await send(s, { headers: { 'content-type': FORM }, body: '&'.repeat(500_000) });
      assert.equal(r.status, 413);
      assert.equal(r.error?.type, 'parameters.too.many');
    } finally {
      await s.close();
    }
  });

  test('deeply nested extended keys are refused, not recursed into', async () => {
    const s = await serve(urlencoded({ extended: true, limit: '1mb' }));
    try {
      const r = await send(s, { headers: { 'content-type': FORM }, body: 'a' + '[a]'.repeat(50_000) + '=1' });
      assert.equal(r.status, 400);
      assert.equal(r.error?.type, 'querystring.parse.rangeError');
    } finally {
      await s.close();
    }
  });

  test('UTF-7 and UTF-32 decoding of large odd input', () => {
    const utf7 = decoderFor('utf-7') as (b: Buffer) => string;
    const plusRun = (n: number) => Buffer.from('+'.repeat(n));
    const base64Run = (n: number) => Buffer.from('+' + 'A'.repeat(n));
    utf7(plusRun(200_000));
    utf7(base64Run(400_000));
    assertLinear('utf-7: "+" run', plusRun, utf7);
    assertLinear('utf-7: base64 run', base64Run, utf7);
    const utf32 = decoderFor('utf-32') as (b: Buffer) => string;
    const invalid = (n: number) => Buffer.alloc(4 * n + 4, 0xff);
    assert.equal(utf32(invalid(100_000)).length, 100_001);
    // n code points: up to 8,192 (16 kB of text), below where its array and string cost steps.
    assertLinear('utf-32: invalid code points', invalid, utf32, { n: 1024 });
  });
});
