// Property-based tests of @brisk/cookie: parse never throws on a string and never touches a
// prototype; serialize → parse round-trips; serialize throws only its documented TypeErrors and
// writes only header-safe text; unsign(sign(v)) is v and nothing else verifies; all linear.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parse,
  parseCookie,
  parseSetCookie,
  serialize,
  sign,
  stringifyCookie,
  stringifySetCookie,
  unsign,
  type SerializeOptions,
} from '@brisk/cookie';
import {
  anyText,
  assertLinear,
  check,
  fc,
  hasLoneSurrogate,
  hostile,
  onlyDocumentedErrors,
  token,
} from './support/fuzz.js';

const PROTO_SNAPSHOT = Object.getOwnPropertyNames(Object.prototype).sort().join();

const COOKIE_SPECIALS = [
  ';',
  ';',
  '=',
  ' ',
  '\t',
  '"',
  '%',
  '%20',
  '%E0%A4%A',
  '%zz',
  ',',
  'a',
  'sid',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toString',
  '=;',
  '; ',
];
const headers = hostile(COOKIE_SPECIALS, { maxParts: 30, maxRun: 40 });

/** serialize's documented errors (README, Errors). */
const SERIALIZE_ERRORS = [
  'option encode is invalid',
  'argument name is invalid',
  'argument val is invalid',
  'option maxAge is invalid',
  'option domain is invalid',
  'option path is invalid',
  'option expires is invalid',
  'option priority is invalid',
  'option sameSite is invalid',
].map((message) => ({ type: TypeError, message }));

describe('@brisk/cookie: parse', () => {
  test('any header: no throw, a prototype-less dictionary of strings, Object.prototype untouched', () => {
    check(
      fc.property(headers, (header) => {
        const cookies = parse(header);
        const proto = Object.getPrototypeOf(cookies);
        assert.ok(proto === null || Object.getPrototypeOf(proto) === null, 'no Object.prototype in the chain');
        for (const name of Object.keys(cookies)) {
          assert.equal(typeof cookies[name], 'string');
          assert.ok(header.includes(name), 'names are taken from the header as they are');
        }
        assert.equal(Object.getOwnPropertyNames(Object.prototype).sort().join(), PROTO_SNAPSHOT);
        assert.equal(({} as Record<string, unknown>).sid, undefined);
      }),
      300,
    );
  });

  test('a custom decode that throws keeps the raw value; one that returns anything is kept', () => {
    check(
      fc.property(headers, (header) => {
        const raw = parse(header, {
          decode: () => {
            throw new Error('no');
          },
        });
        const plain = parse(header, { decode: (v) => v });
        assert.deepEqual({ ...raw }, { ...plain });
      }),
      120,
    );
  });
});

/** Cookie names: tokens, hostile names among them. */
const names = fc.oneof(token(10), fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'toString', '$Path'));

describe('@brisk/cookie: serialize → parse', () => {
  test('distinct cookies written by serialize read back from one Cookie header', () => {
    check(
      fc.property(fc.uniqueArray(fc.tuple(names, anyText(30)), { selector: ([n]) => n, maxLength: 8 }), (pairs) => {
        const header = pairs.map(([n, v]) => serialize(n, v)).join('; ');
        const cookies = parse(header);
        assert.deepEqual(Object.keys(cookies).sort(), pairs.map(([n]) => n).sort());
        for (const [n, v] of pairs) assert.equal(cookies[n], v, `${n} via ${JSON.stringify(header)}`);
      }),
      180,
    );
  });

  test('the first of a repeated name wins', () => {
    check(
      fc.property(names, anyText(), anyText(), (name, first, second) => {
        assert.equal(parse(`${serialize(name, first)}; ${serialize(name, second)}`)[name], first);
      }),
      60,
    );
  });

  test('a Set-Cookie line with attributes reads its own pair back', () => {
    const options: fc.Arbitrary<SerializeOptions> = fc.record(
      {
        maxAge: fc.integer({ min: -1e9, max: 1e9 }),
        domain: fc.constantFrom('example.com', '.example.com', 'a-b.c.example'),
        path: fc.constantFrom('/', '/a/b', '/x y'),
        expires: fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }),
        httpOnly: fc.boolean(),
        secure: fc.boolean(),
        partitioned: fc.boolean(),
        priority: fc.constantFrom('low', 'Medium', 'HIGH'),
        sameSite: fc.constantFrom(true, false, 'lax', 'Strict', 'none'),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<SerializeOptions>;
    check(
      fc.property(token(10), anyText(20), options, (name, value, opts) => {
        const line = serialize(name, value, opts);
        assert.match(line, /^[\t\x20-\x7e]*$/, 'printable ASCII only');
        assert.equal(parse(line)[name], value);
      }),
      120,
    );
  });
});

describe('@brisk/cookie: serialize with hostile input', () => {
  const hostileText = hostile([';', '=', ' ', '\r\n', '\n', '"', ',', '\\', '%', 'é', 'a', '.', '/', '<'], {
    maxParts: 12,
  });
  test('only documented TypeErrors (a lone surrogate: the default encoder’s URIError); output is header-safe', () => {
    check(
      fc.property(
        hostileText,
        hostileText,
        fc.record(
          {
            domain: hostileText,
            path: hostileText,
            maxAge: fc.oneof(fc.double(), fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY)),
            priority: hostileText,
            sameSite: fc.oneof(hostileText, fc.boolean()),
            encode: fc.constantFrom((v: string) => v, encodeURIComponent),
          },
          { requiredKeys: [] },
        ),
        (name, value, opts) => {
          const encodeIsDefault = opts.encode === undefined || opts.encode === encodeURIComponent;
          // encodeURIComponent throws on a lone surrogate (as with cookie 0.7.2): not in the README's table.
          const allowed =
            encodeIsDefault && hasLoneSurrogate(value)
              ? [...SERIALIZE_ERRORS, { type: URIError, message: 'URI malformed' }]
              : SERIALIZE_ERRORS;
          const line = onlyDocumentedErrors(() => serialize(name, value, opts as SerializeOptions), allowed);
          if (line === undefined) return;
          assert.match(line, /^[\t\x20-\x7e]*$/, `printable ASCII only: ${JSON.stringify(line)}`);
          assert.ok(line.startsWith(`${name}=`));
        },
      ),
      240,
    );
  });
});

describe('@brisk/cookie: cookie 2 API', () => {
  test('parseCookie and parseSetCookie: no throw on any header, prototype-less, no prototype touched', () => {
    check(
      fc.property(headers, (header) => {
        const cookies = parseCookie(header);
        assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(cookies)), null);
        // parse (0.7) differs only by removing one pair of quotes: the same names
        assert.deepEqual(Object.keys(cookies), Object.keys(parse(header)));
        const set = parseSetCookie(header);
        assert.equal(typeof set.name, 'string');
        assert.equal(Object.getOwnPropertyNames(Object.prototype).sort().join(), PROTO_SNAPSHOT);
      }),
      300,
    );
  });

  test('stringifyCookie → parseCookie round-trips distinct names', () => {
    check(
      fc.property(fc.uniqueArray(fc.tuple(names, anyText(30)), { selector: ([n]) => n, maxLength: 8 }), (pairs) => {
        if (pairs.some(([, v]) => hasLoneSurrogate(v))) return;
        const cookies = parseCookie(stringifyCookie(Object.fromEntries(pairs)));
        for (const [n, v] of pairs) assert.equal(cookies[n], v);
      }),
      180,
    );
  });

  test('stringifySetCookie: only its "cookie <x> is invalid" TypeErrors; output header-safe', () => {
    const hostileText = hostile([';', '=', ' ', '\r\n', '"', '%', 'é', 'a', '.', '/'], { maxParts: 12 });
    check(
      fc.property(hostileText, hostileText, hostileText, hostileText, (name, value, domain, path) => {
        let line: string;
        try {
          line = stringifySetCookie({ name, value, domain, path, maxAge: 1 });
        } catch (err) {
          if (err instanceof URIError && hasLoneSurrogate(value)) return;
          assert.ok(
            err instanceof TypeError && /^cookie (name|domain|path) is invalid: /.test(err.message),
            String(err),
          );
          return;
        }
        assert.match(line, /^[\t\x20-\x7e]*$/);
        assert.equal(parseSetCookie(line).value, value);
      }),
      240,
    );
  });

  test('linear time', () => {
    assertLinear(
      'parseCookie: "a;" × n then "="',
      (n) => `${'a;'.repeat(n)}=`,
      (s) => parseCookie(s),
    );
    assertLinear(
      'parseSetCookie: "; x" × n',
      (n) => `a=b${'; x'.repeat(n)}`,
      (s) => parseSetCookie(s),
    );
  });
});

/** A secret as HMAC-SHA256 uses it (at most 32 bytes here): its bytes without trailing zeros. */
function hmacKey(secret: string | Buffer): Buffer {
  const bytes = Buffer.from(secret);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

describe('@brisk/cookie: sign / unsign', () => {
  const secrets = fc.oneof(
    anyText(16),
    fc.uint8Array({ maxLength: 32 }).map((b) => Buffer.from(b)),
  );

  test('unsign(sign(v, s), s) is v; another secret or a changed value gives false', () => {
    check(
      fc.property(fc.oneof(anyText(40), hostile(['.', '=', '+', '/'])), secrets, secrets, (value, secret, other) => {
        const signed = sign(value, secret);
        assert.ok(signed.startsWith(`${value}.`));
        assert.equal(unsign(signed, secret), value);
        // HMAC pads a key with zero bytes to its block size: keys that differ only by trailing
        // zero bytes ('' and '\0') are the same key (as for cookie-signature)
        if (Buffer.compare(hmacKey(secret), hmacKey(other)) !== 0) assert.equal(unsign(signed, other), false);
        assert.equal(unsign(`${value}x${signed.slice(value.length)}`, secret), false);
        assert.equal(unsign(signed.slice(0, -1), secret), false);
      }),
      120,
    );
  });

  test('unsign of any text is false or the part before the last dot, never a throw', () => {
    check(
      fc.property(hostile(['.', '=', '+', '/', 'a', 'A', '0']), anyText(8), (input, secret) => {
        const result = unsign(input, secret);
        if (result !== false) assert.equal(result, input.slice(0, input.lastIndexOf('.')));
      }),
      180,
    );
  });
});

describe('@brisk/cookie: time grows linearly with hostile input', () => {
  const shapes: Array<[string, (n: number) => string, number?]> = [
    ['; runs', (n) => ';'.repeat(n)],
    ['segments without =', (n) => 'a;'.repeat(n / 2) + 'b=c'],
    ['spaces', (n) => 'a=' + ' '.repeat(n) + 'b' + ' '.repeat(n)],
    ['bad escapes', (n) => 'a=' + '%E0%A4%A'.repeat(n / 8)],
    ['quotes', (n) => 'a="' + '"'.repeat(n)],
    ['distinct names', (n) => Array.from({ length: n / 8 }, (_, i) => `c${i}=v`).join('; '), 2048],
  ];
  for (const [label, build, n] of shapes) {
    test(`parse: ${label}`, () => {
      assertLinear(label, build, (h) => parse(h), n ? { n } : {});
    });
  }

  test('serialize and unsign: long values', () => {
    // encodeURIComponent itself costs ~4× more per character once its output is past ~100 kB.
    assertLinear(
      'serialize',
      (n) => 'é; "'.repeat(n / 4),
      (v) => serialize('a', v),
      { n: 2048 },
    );
    assertLinear(
      'serialize path',
      (n) => '/' + 'a'.repeat(n),
      (p) => serialize('a', 'b', { path: p }),
    );
    assertLinear(
      'serialize domain',
      (n) => 'a.'.repeat(n / 2) + 'com',
      (d) => {
        try {
          serialize('a', 'b', { domain: d });
        } catch {}
      },
    );
    const signed = (n: number) => sign('v'.repeat(n), 'secret');
    assertLinear('unsign', signed, (s) => unsign(s, 'secret'));
  });
});
