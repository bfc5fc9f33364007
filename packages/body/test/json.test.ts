// json() over real HTTP: parsing, strict mode, reviver, Unicode charsets, type matching, errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { json } from '../src/index.js';
import { send, serve, type TestServer } from './helpers.js';

const JSON_TYPE = { 'content-type': 'application/json' };
/** V8 words JSON.parse errors differently from Node 20 on. */
const MODERN = Number(process.versions.node.split('.')[0]) >= 20;

/** What JSON.parse itself says about `text`: invalid JSON is reported in the runtime's words. */
function jsonParseMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('valid JSON');
}

describe('json() defaults', () => {
  let s: TestServer;
  before(async () => (s = await serve(json())));
  after(() => s.close());

  const OK: [title: string, contentType: string, body: string, expected: unknown][] = [
    ['an object', 'application/json', '{"user":"tobi","n":[1,2]}', { user: 'tobi', n: [1, 2] }],
    ['an array', 'application/json', '[1,"2",{"3":null}]', [1, '2', { 3: null }]],
    ['leading whitespace', 'application/json', ' \t\r\n{"a":1}', { a: 1 }],
    ['charset=utf-8', 'application/json; charset=utf-8', '{"a":"é"}', { a: 'é' }],
    ['charset=UTF-8 quoted', 'application/json; charset="UTF-8"', '{"a":1}', { a: 1 }],
    ['upper-case type', 'APPLICATION/JSON', '{"a":1}', { a: 1 }],
    ['type with other parameters', 'application/json; foo=bar; charset=utf-8', '{"a":1}', { a: 1 }],
    ['a UTF-8 BOM is dropped', 'application/json', '\ufeff{"a":1}', { a: 1 }],
    ['the empty body is {}', 'application/json', '', {}],
    [
      'an own __proto__ key stays data',
      'application/json',
      '{"__proto__":{"x":1}}',
      JSON.parse('{"__proto__":{"x":1}}'),
    ],
  ];
  for (const [title, contentType, body, expected] of OK) {
    test(`parses ${title}`, async () => {
      const r = await send(s, { headers: { 'content-type': contentType }, body });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, expected);
    });
  }

  test('parses a chunked body', async () => {
    const r = await send(s, {
      headers: { ...JSON_TYPE, 'transfer-encoding': 'chunked' },
      body: ['{"a"', ':', '[1,', '2]}'],
    });
    assert.deepEqual(r.body, { a: [1, 2] });
  });

  test('a request without a body passes through, req.body undefined', async () => {
    const r = await send(s, { method: 'GET', headers: JSON_TYPE });
    assert.equal(r.status, 200);
    assert.equal(r.body, undefined);
    assert.equal(r.bodyType, 'undefined');
    assert.equal(r.hasBody, true);
  });

  test('another Content-Type passes through unread', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'invalid']) {
      const r = await send(s, { headers: { 'content-type': contentType }, body: '{"a":1}' });
      assert.equal(r.status, 200, contentType);
      assert.equal(r.bodyType, 'undefined', contentType);
    }
    const r = await send(s, { body: '{"a":1}' }); // no Content-Type at all
    assert.equal(r.bodyType, 'undefined');
  });

  test('strict: a top-level primitive is 400, worded as JSON.parse words its first token', async () => {
    const cases: [body: string, modern: string, legacy: string][] = [
      [' true', `Unexpected token 't', " true" is not valid JSON`, 'Unexpected token t in JSON at position 1'],
      ['"foo"', `Unexpected token '"', ""foo"" is not valid JSON`, 'Unexpected token " in JSON at position 0'],
      ['1', `Unexpected token '1', "1" is not valid JSON`, 'Unexpected token 1 in JSON at position 0'],
      [
        '  ' + '1'.repeat(60),
        `Unexpected token '1', "  1111111111"... is not valid JSON`,
        'Unexpected token 1 in JSON at position 2',
      ],
      [
        ' '.repeat(30) + 'nul',
        `Unexpected token 'n', ..."          nul" is not valid JSON`,
        'Unexpected token n in JSON at position 30',
      ],
      ['   ', 'Unexpected end of JSON input', 'Unexpected end of JSON input'],
    ];
    for (const [body, modern, legacy] of cases) {
      const r = await send(s, { headers: JSON_TYPE, body });
      assert.equal(r.status, 400);
      assert.deepEqual(r.error, {
        name: 'SyntaxError',
        message: MODERN ? modern : legacy,
        status: 400,
        statusCode: 400,
        expose: true,
        body,
        type: 'entity.parse.failed',
      });
    }
  });

  test("invalid JSON is 400 entity.parse.failed with JSON.parse's message and the body", async () => {
    for (const body of ['{"a":', '{bad}', '[1,]', '{"a":1}x', '["\\u12"]']) {
      const r = await send(s, { headers: JSON_TYPE, body });
      assert.equal(r.status, 400);
      assert.deepEqual(r.error, {
        name: 'SyntaxError',
        message: jsonParseMessage(body),
        status: 400,
        statusCode: 400,
        expose: true,
        body,
        type: 'entity.parse.failed',
      });
    }
  });

  test('a charset that is not utf-* is 415 charset.unsupported, before reading', async () => {
    for (const [charset, upper] of [
      ['latin1', 'LATIN1'],
      ['iso-8859-1', 'ISO-8859-1'],
      ['utf8', 'UTF8'],
      ['koi8-r', 'KOI8-R'],
    ]) {
      const r = await send(s, { headers: { 'content-type': `application/json; charset=${charset}` }, body: '{}' });
      assert.equal(r.status, 415);
      assert.deepEqual(r.error, {
        name: 'UnsupportedMediaTypeError',
        message: `unsupported charset "${upper}"`,
        status: 415,
        statusCode: 415,
        expose: true,
        charset,
        type: 'charset.unsupported',
      });
    }
  });

  test('an unknown utf-* charset is 415 charset.unsupported', async () => {
    const r = await send(s, { headers: { 'content-type': 'application/json; charset=UTF-9' }, body: '{}' });
    assert.equal(r.status, 415);
    assert.equal(r.error?.message, 'unsupported charset "UTF-9"');
    assert.equal(r.error?.charset, 'utf-9');
    assert.equal(r.error?.type, 'charset.unsupported');
  });
});

describe('json() Unicode charsets', () => {
  let s: TestServer;
  before(async () => (s = await serve(json())));
  after(() => s.close());

  const value = { a: 'é€😀', b: [1, true, null] };
  const text = JSON.stringify(value);
  const be16 = (str: string): Buffer => Buffer.from(str, 'utf16le').swap16();
  const le32 = (str: string): Buffer => {
    const cps = [...str].map((c) => c.codePointAt(0) as number);
    const buf = Buffer.alloc(cps.length * 4);
    cps.forEach((cp, i) => buf.writeUInt32LE(cp, i * 4));
    return buf;
  };
  const be32 = (str: string): Buffer => le32(str).swap32();
  const BOM = '\ufeff';

  const CASES: [charset: string, body: Buffer][] = [
    ['utf-8', Buffer.from(text)],
    ['utf-16le', Buffer.from(text, 'utf16le')],
    ['UTF-16LE', Buffer.from(BOM + text, 'utf16le')],
    ['utf-16be', be16(text)],
    ['utf-16be', be16(BOM + text)],
    ['utf-16', Buffer.from(BOM + text, 'utf16le')],
    ['utf-16', be16(BOM + text)],
    ['utf-16', be16(text)], // no BOM: the zero bytes say big-endian
    ['utf-16', Buffer.from(text, 'utf16le')],
    ['utf-32le', le32(text)],
    ['utf-32be', be32(text)],
    ['utf-32', le32(BOM + text)],
    ['utf-32', be32(BOM + text)],
    ['utf-32', be32(text)],
    ['utf-32', le32(text)],
    ['utf-7', Buffer.from('{"a":"+AOkgrNg93gA-","b":[1,true,null]}')],
  ];
  for (const [charset, body] of CASES) {
    test(`charset=${charset} (${body.subarray(0, 4).toString('hex')}...)`, async () => {
      const r = await send(s, { headers: { 'content-type': `application/json; charset=${charset}` }, body });
      assert.equal(r.status, 200, JSON.stringify(r.error));
      assert.deepEqual(r.body, value);
    });
  }

  test('defaultCharset applies when the Content-Type names none', async () => {
    const t = await serve(json({ defaultCharset: 'utf-16le' }));
    try {
      const r = await send(t, { headers: JSON_TYPE, body: Buffer.from(text, 'utf16le') });
      assert.deepEqual(r.body, value);
    } finally {
      await t.close();
    }
  });
});

describe('json() options', () => {
  test('strict: false accepts any JSON value', async () => {
    const s = await serve(json({ strict: false }));
    try {
      for (const [body, expected] of [
        ['"foo"', 'foo'],
        [' 12.5', 12.5],
        ['true', true],
        ['null', null],
        ['{"a":1}', { a: 1 }],
        ['', {}],
      ] as const) {
        const r = await send(s, { headers: JSON_TYPE, body });
        assert.equal(r.status, 200);
        assert.deepEqual(r.body, expected);
      }
      const r = await send(s, { headers: JSON_TYPE, body: 'tru' });
      assert.equal(r.status, 400);
      assert.equal(r.error?.message, jsonParseMessage('tru'));
    } finally {
      await s.close();
    }
  });

  test('reviver is passed to JSON.parse', async () => {
    const s = await serve(json({ reviver: (key, val) => (key === 'n' ? (val as number) * 2 : val) }));
    try {
      const r = await send(s, { headers: JSON_TYPE, body: '{"n":21,"m":1}' });
      assert.deepEqual(r.body, { n: 42, m: 1 });
    } finally {
      await s.close();
    }
  });

  test('reviver throwing is 400 entity.parse.failed with its error', async () => {
    const s = await serve(
      json({
        reviver: () => {
          throw new RangeError('no way');
        },
      }),
    );
    try {
      const r = await send(s, { headers: JSON_TYPE, body: '{"n":1}' });
      assert.equal(r.status, 400);
      assert.equal(r.error?.name, 'RangeError');
      assert.equal(r.error?.message, 'no way');
      assert.equal(r.error?.type, 'entity.parse.failed');
      assert.equal(r.error?.body, '{"n":1}');
    } finally {
      await s.close();
    }
  });

  test('type: extension names, media types, wildcards, +suffix, arrays, functions', async () => {
    const CASES: [type: Parameters<typeof json>[0], contentType: string | undefined, parsed: boolean][] = [
      [{ type: 'json' }, 'application/json', true],
      [{ type: 'application/vnd.api+json' }, 'application/vnd.api+json; charset=utf-8', true],
      [{ type: 'application/vnd.api+json' }, 'application/json', false],
      [{ type: '*/*' }, 'foo/bar', true],
      [{ type: '*/*' }, undefined, false],
      [{ type: '*/json' }, 'text/json', true],
      [{ type: 'text/*' }, 'text/plain', true],
      [{ type: 'text/*' }, 'application/json', false],
      [{ type: '+json' }, 'application/ld+json', true],
      [{ type: '*/*+json' }, 'application/ld+json', true],
      [{ type: ['text/plain', 'json'] }, 'application/json', true],
      [{ type: ['text/plain', 'json'] }, 'text/plain', true],
      [{ type: ['text/plain'] }, 'text/html', false],
      [{ type: [] }, 'foo/bar', true], // an empty list: any valid type
      [{ type: 'nonsense-extension' }, 'application/json', false],
      [{ type: (req) => req.headers['x-parse'] === 'yes' }, undefined, false],
    ];
    for (const [options, contentType, parsed] of CASES) {
      const s = await serve(json(options));
      try {
        const headers = contentType === undefined ? {} : { 'content-type': contentType };
        const r = await send(s, { headers, body: '{"t":1}' });
        assert.equal(r.status, 200);
        assert.deepEqual(r.body, parsed ? { t: 1 } : undefined, `${String(options?.type)} / ${contentType}`);
      } finally {
        await s.close();
      }
    }
  });

  test('type as a function gets the request; a truthy result parses, whatever the Content-Type', async () => {
    const seen: string[] = [];
    const s = await serve(
      json({
        type: (req) => {
          seen.push(req.method as string);
          return req.headers['x-parse'];
        },
      }),
    );
    try {
      assert.deepEqual(
        (await send(s, { headers: { 'x-parse': '1', 'content-type': 'text/plain' }, body: '[1]' })).body,
        [1],
      );
      assert.deepEqual(
        (await send(s, { headers: { 'content-type': 'application/json' }, body: '[1]' })).body,
        undefined,
      );
      assert.deepEqual(seen, ['POST', 'POST']);
    } finally {
      await s.close();
    }
  });

  test('verify gets req, res, the raw Buffer and the charset; returning parses', async () => {
    const calls: [string, string, string | null][] = [];
    const s = await serve(
      json({
        verify: (req, res, buf, encoding) => {
          calls.push([req.url as string, typeof res.setHeader, encoding]);
          assert.ok(Buffer.isBuffer(buf));
          assert.equal(buf.toString('utf16le'), '{"v":1}');
        },
      }),
    );
    try {
      const r = await send(s, {
        path: '/v',
        headers: { 'content-type': 'application/json; charset=utf-16le' },
        body: Buffer.from('{"v":1}', 'utf16le'),
      });
      assert.deepEqual(r.body, { v: 1 });
      assert.deepEqual(calls, [['/v', 'function', 'utf-16le']]);
    } finally {
      await s.close();
    }
  });

  test('verify throwing is 403 entity.verify.failed with the raw body', async () => {
    const s = await serve(
      json({
        verify: () => {
          throw new Error('bad signature');
        },
      }),
    );
    try {
      const r = await send(s, { headers: JSON_TYPE, body: '{"v":1}' });
      assert.equal(r.status, 403);
      assert.deepEqual(r.error, {
        name: 'Error',
        message: 'bad signature',
        status: 403,
        statusCode: 403,
        expose: true,
        body: { buffer: Buffer.from('{"v":1}').toString('hex') },
        type: 'entity.verify.failed',
      });
    } finally {
      await s.close();
    }
  });

  test('verify throwing an error with its own status and type keeps them', async () => {
    const s = await serve(
      json({
        verify: () => {
          throw Object.assign(new Error('who are you'), { status: 401, type: 'auth.failed' });
        },
      }),
    );
    try {
      const r = await send(s, { headers: JSON_TYPE, body: '{}' });
      assert.equal(r.status, 401);
      assert.equal(r.error?.status, 401);
      assert.equal(r.error?.statusCode, 401);
      assert.equal(r.error?.expose, true);
      assert.equal(r.error?.type, 'auth.failed');
      assert.equal(r.error?.message, 'who are you');
    } finally {
      await s.close();
    }
  });

  test('verify throwing a non-Error still gives a 403', async () => {
    for (const thrown of ['just a string', null]) {
      const s = await serve(
        json({
          verify: () => {
            throw thrown;
          },
        }),
      );
      try {
        const r = await send(s, { headers: JSON_TYPE, body: '{}' });
        assert.equal(r.status, 403);
        assert.equal(r.error?.type, 'entity.verify.failed');
      } finally {
        await s.close();
      }
    }
  });

  test("a defaultCharset that is not utf-* makes every charset-less request 415 (body-parser's quirk)", async () => {
    const s = await serve(json({ defaultCharset: 'UTF-8' }));
    try {
      const r = await send(s, { headers: JSON_TYPE, body: '{}' });
      assert.equal(r.status, 415);
      assert.equal(r.error?.message, 'unsupported charset "UTF-8"');
      assert.equal(r.error?.charset, 'UTF-8');
    } finally {
      await s.close();
    }
  });
});
