import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { formats, parse, stringify, type Format } from '../src/index.js';
import { STRINGIFY_CASES } from './stringify-cases.js';

const label = (value: unknown): string => {
  const text = inspect(value, { breakLength: Infinity });
  return text.length > 80 ? text.slice(0, 77) + '...' : text;
};

for (const [group, cases] of Object.entries(STRINGIFY_CASES)) {
  describe(`stringify: ${group}`, () => {
    for (const [input, options, expected] of cases) {
      test(`${label(input)}${options ? ' ' + label(options) : ''}`, () => {
        assert.equal(stringify(input, options), expected);
      });
    }
  });
}

describe('stringify: encoding of long and malformed strings', () => {
  test('a string past 1024 code units with a pair across the boundary', () => {
    assert.equal(stringify({ a: 'a'.repeat(1023) + '\uD83D\uDE00b' }).slice(-20), 'aaaaaaa%F0%9F%98%80b');
  });

  test('lone surrogates are encoded as U+FFFD (qs 6.17), chunk boundaries included', () => {
    assert.equal(stringify({ a: 'x\uD800' }), 'a=x%EF%BF%BD');
    assert.equal(stringify({ a: 'a'.repeat(1023) + '\uDC00z' }).slice(-20), 'aaaaaaaaaa%EF%BF%BDz');
    assert.equal(stringify({ a: 'a'.repeat(1022) + '\uDC00\uD800x' }).slice(-30), 'aaaaaaaaaaa%EF%BF%BD%EF%BF%BDx');
    assert.equal(stringify({ a: 'a'.repeat(1023) + '😀' }).slice(-14), 'aa%F0%9F%98%80');
  });

  test('long strings that need no encoding are returned as they are', () => {
    const long = 'abc-._~'.repeat(1000);
    assert.equal(stringify({ a: long }), 'a=' + long);
  });

  test('ISO-8859-1 with the sentinel and a prefix', () => {
    assert.equal(
      stringify({ '☺': 'é' }, { charset: 'iso-8859-1', charsetSentinel: true, addQueryPrefix: true }),
      '?utf8=%26%2310003%3B&%26%239786%3B=%E9',
    );
  });
});

describe('stringify: callbacks', () => {
  test('encoder receives the value, the default encoder, the charset, the kind and the format', () => {
    const calls: unknown[] = [];
    stringify(
      { a: ['b'], c: null, d: new Date(0) },
      {
        strictNullHandling: true,
        encoder(str, defaultEncoder, charset, type, format) {
          calls.push([String(str), charset, type, format]);
          return defaultEncoder(str, defaultEncoder, charset, type, format);
        },
      },
    );
    assert.deepStrictEqual(calls, [
      ['a[0]', 'utf-8', 'key', 'RFC3986'],
      ['b', 'utf-8', 'value', 'RFC3986'],
      ['c', 'utf-8', 'key', 'RFC3986'],
      ['d', 'utf-8', 'key', 'RFC3986'],
      ['1970-01-01T00:00:00.000Z', 'utf-8', 'value', 'RFC3986'],
    ]);
  });

  test('the default encoder keeps parentheses for RFC1738 and converts non-strings', () => {
    const out: string[] = [];
    stringify(
      { x: 1 },
      {
        encoder(str, defaultEncoder) {
          out.push(
            defaultEncoder('(a b)', undefined, 'utf-8', 'value', 'RFC1738'),
            defaultEncoder('(a b)'),
            defaultEncoder('é☺', undefined, 'iso-8859-1'),
            defaultEncoder(Symbol('s')),
            defaultEncoder(12n),
          );
          return String(str);
        },
      },
    );
    assert.deepStrictEqual(out.slice(0, 5), ['(a%20b)', '%28a%20b%29', '%E9%26%239786%3B', 'Symbol%28s%29', '12']);
  });

  test('filter is called with each key path, the whole object first', () => {
    const prefixes: string[] = [];
    stringify(
      { a: [1, { b: 2 }], c: null },
      {
        filter(prefix, value) {
          prefixes.push(prefix);
          return value;
        },
      },
    );
    assert.deepStrictEqual(prefixes, ['', 'a', 'a[0]', 'a[1]', 'a[1][b]', 'c']);
  });

  test('callbacks are called without a receiver', () => {
    const receivers: unknown[] = [];
    stringify(
      { a: new Date(0) },
      {
        serializeDate(this: unknown, d: Date) {
          receivers.push(this);
          return String(d.getTime());
        },
      },
    );
    stringify(
      { a: 1 },
      {
        filter(this: unknown, _p: string, v: unknown) {
          receivers.push(this);
          return v;
        },
      },
    );
    assert.deepStrictEqual(receivers, [undefined, undefined, undefined]);
  });

  test("sort orders a copy of a filter array, not the caller's (qs 6.17)", () => {
    const keys = ['c', 'a', 'b'];
    assert.equal(stringify({ a: 1, b: 2, c: 3 }, { filter: keys, sort: (x, y) => x.localeCompare(y) }), 'a=1&b=2&c=3');
    assert.deepStrictEqual(keys, ['c', 'a', 'b']);
  });
});

describe('formats', () => {
  test("has qs's shape", () => {
    assert.deepStrictEqual(Object.keys(formats), ['default', 'formatters', 'RFC1738', 'RFC3986', 'WHATWG']);
    assert.equal(formats.default, 'RFC3986');
    assert.equal(formats.RFC1738, 'RFC1738');
    assert.equal(formats.RFC3986, 'RFC3986');
    assert.deepStrictEqual(Object.keys(formats.formatters), ['RFC1738', 'RFC3986', 'WHATWG']);
    assert.equal(formats.WHATWG, 'WHATWG');
  });

  test('formatters', () => {
    assert.equal(formats.formatters.RFC1738('a%20b%20c'), 'a+b+c');
    assert.equal(formats.formatters.RFC1738('abc'), 'abc');
    assert.equal(formats.formatters.RFC1738(Buffer.from('a%20b') as unknown as string), 'a+b');
    assert.equal(formats.formatters.RFC3986('a%20b'), 'a%20b');
    assert.equal(formats.formatters.RFC3986(5 as unknown as string), '5');
    assert.throws(() => formats.formatters.RFC1738(null as unknown as string), TypeError);
  });

  test('a formatter added at run time is a usable format', () => {
    formats.formatters.Upper = (value) => String(value).toUpperCase();
    try {
      assert.equal(stringify({ a: 'b c' }, { format: 'Upper' as Format }), 'A=B%20C');
    } finally {
      delete formats.formatters.Upper;
    }
    assert.throws(() => stringify({ a: 'b' }, { format: 'Upper' as Format }), {
      message: 'Unknown format option provided.',
    });
  });
});

describe('round trips', () => {
  const objects: Record<string, unknown>[] = [
    { a: { b: ['c', { d: 'e' }] }, f: 'g h' },
    { é: ['1', '☺'], x: { y: { z: '&=?' } } },
    { a: ['b'], c: 'd' },
  ];
  for (const object of objects) {
    test(label(object), () => {
      assert.deepStrictEqual(parse(stringify(object)), object);
      assert.deepStrictEqual(parse(stringify(object, { allowDots: true }), { allowDots: true }), object);
      assert.deepStrictEqual(parse(stringify(object, { arrayFormat: 'brackets' })), object);
      assert.deepStrictEqual(parse(stringify(object, { format: 'RFC1738' })), object);
      assert.deepStrictEqual(
        parse(stringify(object, { charset: 'iso-8859-1' }), { charset: 'iso-8859-1', interpretNumericEntities: true }),
        object,
      );
    });
  }

  test('comma round trip keeps one-element arrays', () => {
    const object = { a: ['b'], c: ['d', 'e'] };
    const str = stringify(object, { arrayFormat: 'comma', commaRoundTrip: true, encodeValuesOnly: true });
    assert.equal(str, 'a[]=b&c=d,e');
    assert.deepStrictEqual(parse(str, { comma: true }), object);
    // Encoded, the joining comma is `%2C`: values are split before they are decoded.
    assert.deepStrictEqual(parse(stringify(object, { arrayFormat: 'comma', commaRoundTrip: true }), { comma: true }), {
      a: ['b'],
      c: 'd,e',
    });
  });

  test('numeric entities are interpreted in values only', () => {
    const str = stringify({ '☺': '☺' }, { charset: 'iso-8859-1' });
    assert.deepStrictEqual(parse(str, { charset: 'iso-8859-1', interpretNumericEntities: true }), { '&#9786;': '☺' });
  });
});
