import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '../../../test/support/http.js';
import { vary, type VaryResponse } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

/** A minimal response: a header map with getHeader/setHeader. */
function fakeRes(initial?: string | number | string[]): VaryResponse & { headers: Map<string, unknown>; sets: number } {
  const headers = new Map<string, unknown>();
  if (initial !== undefined) headers.set('vary', initial);
  const res = {
    headers,
    sets: 0,
    getHeader: (name: string) => headers.get(name.toLowerCase()) as string | undefined,
    setHeader: (name: string, value: string) => {
      res.sets++;
      headers.set(name.toLowerCase(), value);
    },
  };
  return res;
}

describe('vary.append', () => {
  // [header, field, expected]
  const cases: [string, string | string[], string][] = [
    ['', 'Accept', 'Accept'],
    ['', 'Accept, Origin', 'Accept, Origin'],
    ['', ['Accept', 'Origin'], 'Accept, Origin'],
    ['', '  Accept  ,Origin ', 'Accept, Origin'],
    ['Accept', 'Origin', 'Accept, Origin'],
    ['Accept', 'accept', 'Accept'],
    ['accept', 'Accept', 'accept'],
    ['Accept, Origin', 'origin, User-Agent', 'Accept, Origin, User-Agent'],
    ['Accept', ['Origin', 'ORIGIN', 'origin'], 'Accept, Origin'],
    ['Accept', 'Origin, origin', 'Accept, Origin'],
    ['Accept,Origin', 'User-Agent', 'Accept,Origin, User-Agent'],
    ['', [], ''],
    ['Accept', [], 'Accept'],
    // * (unspecified)
    ['*', 'Accept', '*'],
    ['*', ['Accept', 'Origin'], '*'],
    ['Accept', '*', '*'],
    ['Accept', 'Origin, *', '*'],
    ['', ['*'], '*'],
    ['Accept, *', 'Origin', '*'],
    ['Accept,*', 'Accept', '*'],
    ['*, Accept', 'Origin', '*'],
    // tchar coverage
    ['', "!#$%&'*+-.^_`|~09AZaz", "!#$%&'*+-.^_`|~09AZaz"],
  ];
  for (const [header, field, expected] of cases) {
    test(`${JSON.stringify(header)} + ${JSON.stringify(field)} -> ${JSON.stringify(expected)}`, () => {
      assert.equal(vary.append(header, field), expected);
    });
  }

  test('header argument is required', () => {
    for (const header of [undefined, null, 42, ['Accept']]) {
      assert.throws(() => vary.append(header as never, 'Accept'), {
        name: 'TypeError',
        message: 'header argument is required',
      });
    }
  });

  test('field argument is required', () => {
    for (const field of [undefined, null, '', 0]) {
      assert.throws(() => vary.append('', field as never), {
        name: 'TypeError',
        message: 'field argument is required',
      });
    }
  });

  test('field argument contains an invalid header name', () => {
    const invalid: (string | string[])[] = [
      'invalid:header',
      'invalid header',
      'a,,b',
      'Accept, ',
      ',',
      'a\u00e9',
      'a\r\nX: y',
      ['Accept', ''],
      ['a b'],
      ['Accept, Origin'],
      'a"b',
      'a(b)',
      'a/b',
      'a@b',
    ];
    for (const field of invalid) {
      assert.throws(
        () => vary.append('', field),
        {
          name: 'TypeError',
          message: 'field argument contains an invalid header name',
        },
        JSON.stringify(field),
      );
    }
    // checked before the `*` shortcut
    assert.throws(() => vary.append('*', 'a b'), { message: 'field argument contains an invalid header name' });
  });

  test('a non-string non-array field is converted with String()', () => {
    assert.equal(vary.append('', 123 as unknown as string), '123');
  });

  test('long adversarial inputs are handled in linear time', () => {
    const names = Array.from({ length: 10_000 }, (_, i) => 'X-' + i);
    assert.equal(vary.append('', names).length, names.join(', ').length);
    assert.equal(vary.append(names.join(', '), names.join(',')), names.join(', '));
    assert.equal(vary.append(' '.repeat(50_000), 'Accept'), ' '.repeat(50_000) + ', Accept');
    assert.throws(() => vary.append('', 'a'.repeat(50_000) + ' b'), {
      message: 'field argument contains an invalid header name',
    });
    assert.throws(() => vary.append('', 'a'.repeat(50_000) + '\u0000'), {
      message: 'field argument contains an invalid header name',
    });
    // time(8n) / time(n) in CPU time, no bound on elapsed time
    const list = (n: number) => Array.from({ length: n }, (_, i) => 'X-' + i);
    const invalid = (field: string) => {
      try {
        return vary.append('', field);
      } catch (err) {
        return err;
      }
    };
    // n names, kept in a Set past 32: n = 128 keeps it under 1,024 names, below where a Set's cost
    // per name steps up
    assertLinear('vary.append: many names', list, (names) => vary.append('', names), { n: 128 });
    assertLinear(
      'vary.append: names already there',
      (n) => list(n).join(', '),
      (header) => vary.append(header, header),
      { n: 128 },
    );
    assertLinear(
      'vary.append: spaces',
      (n) => ' '.repeat(n),
      (header) => vary.append(header, 'Accept'),
    );
    assertLinear('vary.append: long name, then a space', (n) => 'a'.repeat(n) + ' b', invalid);
    assertLinear('vary.append: long name, then NUL', (n) => 'a'.repeat(n) + '\u0000', invalid);
  });
});

describe('vary(res, field)', () => {
  test('sets Vary when absent', () => {
    const res = fakeRes();
    vary(res, 'Origin');
    assert.equal(res.headers.get('vary'), 'Origin');
  });

  test('appends to an existing value', () => {
    const res = fakeRes('Accept');
    vary(res, ['Origin', 'accept']);
    assert.equal(res.headers.get('vary'), 'Accept, Origin');
  });

  test('joins an array header value', () => {
    const res = fakeRes(['Accept', 'Origin']);
    vary(res, 'User-Agent');
    assert.equal(res.headers.get('vary'), 'Accept, Origin, User-Agent');
  });

  test('converts a non-string header value', () => {
    const res = fakeRes(42);
    vary(res, 'Origin');
    assert.equal(res.headers.get('vary'), '42, Origin');
  });

  test('keeps *', () => {
    const res = fakeRes('*');
    vary(res, 'Origin');
    assert.equal(res.headers.get('vary'), '*');
  });

  test('sets nothing when the result is empty', () => {
    const res = fakeRes();
    vary(res, []);
    assert.equal(res.sets, 0);
    assert.equal(res.headers.has('vary'), false);
  });

  test('res argument is required', () => {
    const bad: unknown[] = [undefined, null, {}, { getHeader() {} }, { setHeader() {} }];
    for (const res of bad) {
      assert.throws(() => vary(res as never, 'Origin'), { name: 'TypeError', message: 'res argument is required' });
    }
  });

  test('field errors come from append', () => {
    assert.throws(() => vary(fakeRes(), ''), { name: 'TypeError', message: 'field argument is required' });
    assert.throws(() => vary(fakeRes(), 'a b'), {
      name: 'TypeError',
      message: 'field argument contains an invalid header name',
    });
  });

  test('is the callable with append as a property', () => {
    assert.equal(typeof vary, 'function');
    assert.equal(typeof vary.append, 'function');
    assert.equal(vary.name, 'vary');
  });

  test('over HTTP: the Vary header reaches the client', async () => {
    const server = await serve((_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('Vary', 'Accept-Encoding');
      vary(res, 'Origin');
      vary(res, ['accept-encoding', 'Accept-Language']);
      res.end('ok');
    });
    try {
      const header = (await server.get('/')).headers.vary;
      assert.equal(header, 'Accept-Encoding, Origin, Accept-Language');
    } finally {
      await server.close();
    }
  });
});
