// Prototype pollution and adversarial input: nothing reaches Object.prototype, every scan is linear.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { json, urlencoded } from '../src/index.js';
import { charsetOf } from '@brisk/negotiate';
import { decoderFor } from '../src/charset.js';
import { send, serve } from './helpers.js';

const FORM = 'application/x-www-form-urlencoded';
const protoNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

/** Runs `fn` and fails if it takes more than `ms` (a hang guard, not a performance assertion). */
function quick<T>(fn: () => T, ms = 1500): T {
  const started = process.hrtime.bigint();
  const out = fn();
  const took = Number(process.hrtime.bigint() - started) / 1e6;
  assert.ok(took < ms, `took ${took.toFixed(0)} ms`);
  return out;
}

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

describe('adversarial input finishes quickly', () => {
  test('Content-Type parameters: long, unterminated, escaped, repeated', () => {
    const n = 100_000;
    const cases = [
      'text/plain' + ';'.repeat(n),
      'text/plain; a="' + '\\"'.repeat(n),
      'text/plain; ' + 'a=b; '.repeat(n / 5) + 'charset=utf-8',
      'text/plain; charset="' + 'x'.repeat(n),
      'text/plain; ' + '='.repeat(n),
      'text/plain; ' + ' '.repeat(n) + 'charset = latin1 ',
    ];
    const expected = [undefined, undefined, 'utf-8', undefined, undefined, 'latin1'];
    cases.forEach((header, i) =>
      assert.equal(
        quick(() => charsetOf(header)),
        expected[i],
      ),
    );
  });

  test('charset names: long and odd', () => {
    for (const name of ['u'.repeat(100_000), 'utf-8' + ':1234'.repeat(20_000), '-'.repeat(100_000) + 'utf8']) {
      quick(() => decoderFor(name));
    }
    assert.equal(quick(() => decoderFor('-'.repeat(1000) + 'utf8'))?.(Buffer.from('é')), 'é');
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
    quick(() => utf7(Buffer.from('+'.repeat(200_000))));
    quick(() => utf7(Buffer.from('+' + 'A'.repeat(400_000))));
    const utf32 = decoderFor('utf-32') as (b: Buffer) => string;
    assert.equal(quick(() => utf32(Buffer.alloc(400_004, 0xff))).length, 100_001);
  });
});
