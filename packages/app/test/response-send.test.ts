// res.send, res.json, res.jsonp and res.sendStatus over real HTTP. Expected ETags, headers and
// bodies are the ones express 5.3.0 sends for the same handlers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import brisk, { type Response } from '../src/index.js';
import { serve } from '../../../test/support/http.js';
import { METHODS } from 'node:http';
import { call, callRaw, reported, type Handler } from './fixtures/response/app.js';

/** `W/"..."` of the UTF-8 body `hi` (express 5.2.1). */
const HI_ETAG = 'W/"2-witfkXg0JglCjW9RssWvTAveakI"';

describe('res.send', () => {
  // body → Content-Type, Content-Length, ETag, body as received
  const bodies: Array<
    [name: string, send: Handler, type: string | undefined, length: string, etag: string | undefined, body: string]
  > = [
    ['a string, as HTML', (_q, r) => r.send('hi'), 'text/html; charset=utf-8', '2', HI_ETAG, 'hi'],
    [
      'a string, length in bytes',
      (_q, r) => r.send('h\u00e9'),
      'text/html; charset=utf-8',
      '3',
      'W/"3-llZREsZn62PmcrVsRAHQVB7q2g4"',
      'h\u00e9',
    ],
    [
      'a Buffer, as bytes',
      (_q, r) => r.send(Buffer.from('bytes')),
      'application/octet-stream',
      '5',
      'W/"5-2vUppzEBwr5ia5n8aTgWPnonYgs"',
      'bytes',
    ],
    [
      'a Uint8Array, as bytes',
      (_q, r) => r.send(new Uint8Array([65, 66])),
      'application/octet-stream',
      '2',
      'W/"2-BtlFlCqiamG+GMPiK/GbvKjdK10"',
      'AB',
    ],
    [
      'an object, as JSON',
      (_q, r) => r.send({ a: 1 }),
      'application/json; charset=utf-8',
      '7',
      'W/"7-n4nHQM60bXQYySSnisV5QdXpZSA"',
      '{"a":1}',
    ],
    [
      'an array, as JSON',
      (_q, r) => r.send([1, 'x']),
      'application/json; charset=utf-8',
      '7',
      'W/"7-DPydW1kFWIDcgHSCktSU9ecGFF8"',
      '[1,"x"]',
    ],
    [
      'a boolean, as JSON',
      (_q, r) => r.send(true),
      'application/json; charset=utf-8',
      '4',
      'W/"4-X/5TO4MPCKAyY0ipFgr6/IraRNs"',
      'true',
    ],
    [
      'a number, as JSON (not a status)',
      (_q, r) => r.send(42),
      'application/json; charset=utf-8',
      '2',
      'W/"2-ks/Os51X2RTtixTQ43ZD3geXrlY"',
      '42',
    ],
    [
      'null, as an empty body without a type',
      (_q, r) => r.send(null),
      undefined,
      '0',
      'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"',
      '',
    ],
    ['nothing: no type, no ETag', (_q, r) => r.send(), undefined, '0', undefined, ''],
  ];
  for (const [name, handler, type, length, etag, body] of bodies) {
    it(`sends ${name}`, async () => {
      const r = await call(handler);
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], type);
      assert.equal(r.headers['content-length'], length);
      assert.equal(r.headers.etag, etag);
      assert.equal(r.body, body);
    });
  }

  it('sends a long string (over 1000 bytes) with its byte length and ETag', async () => {
    const r = await call((_q, res) => res.send('x'.repeat(5000) + '\u00e9'));
    assert.equal(r.headers['content-length'], '5002');
    assert.equal(r.headers.etag, 'W/"138a-UiUm6a2BtCMgUZEj3g2UwSKkvAs"');
    assert.equal(r.body, 'x'.repeat(5000) + '\u00e9');
  });

  describe('a Content-Type set earlier gets charset=utf-8 for a string body (content-type 2.1)', () => {
    // set with setHeader → sent (express 5.3.0): parameters keep their order, the first of a name
    // wins, names are lower-cased, what does not parse as name=value is dropped
    const cases: Array<[set: string, expected: string]> = [
      ['text/plain', 'text/plain; charset=utf-8'],
      ['application/xml', 'application/xml; charset=utf-8'],
      ['TEXT/HTML', 'text/html; charset=utf-8'],
      ['text/plain; charset=iso-8859-1', 'text/plain; charset=utf-8'],
      ['text/plain; foo=bar', 'text/plain; foo=bar; charset=utf-8'],
      ['text/plain; charset=latin1; foo=bar', 'text/plain; charset=utf-8; foo=bar'],
      ['text/plain; b=2; A="x y"', 'text/plain; b=2; a="x y"; charset=utf-8'],
      ['Text/Plain; Foo=Bar; CHARSET=x', 'text/plain; foo=Bar; charset=utf-8'],
      ['text/plain; a=1; a=2', 'text/plain; a=1; charset=utf-8'],
      ['text/plain; charset=a; charset=b', 'text/plain; charset=utf-8'],
      ['text/plain; charset', 'text/plain; charset=utf-8'],
      ['text/plain; ; a=1', 'text/plain; a=1; charset=utf-8'],
      ['text/plain;', 'text/plain; charset=utf-8'],
      ['text/plain; foo=', 'text/plain; foo=""; charset=utf-8'],
      ['text/plain; foo=""', 'text/plain; foo=""; charset=utf-8'],
      ['text/plain; foo="bar', 'text/plain; charset=utf-8'],
      ['text/plain; foo="bar"junk; x=1', 'text/plain; foo=bar; x=1; charset=utf-8'],
      ['text/plain; foo="a b"; bar="c\\"d"', 'text/plain; foo="a b"; bar="c\\"d"; charset=utf-8'],
      ['text/plain; a=b\\c', 'text/plain; a="b\\\\c"; charset=utf-8'],
      ['text/plain; a="x\ty"', 'text/plain; a="x\ty"; charset=utf-8'],
      ['  text/plain ;  foo = bar ', 'text/plain; foo=bar; charset=utf-8'],
      ['text/plain;\tfoo=bar\t;charset=x', 'text/plain; foo=bar; charset=utf-8'],
      // the order of an object's keys: integer-like names first, ascending
      ['text/plain; 2=a; 1=b; z=c', 'text/plain; 1=b; 2=a; z=c; charset=utf-8'],
      ['text/plain; __proto__=x; constructor=y', 'text/plain; __proto__=x; constructor=y; charset=utf-8'],
    ];
    for (const [set, expected] of cases) {
      it(`${JSON.stringify(set)} → ${JSON.stringify(expected)}`, async () => {
        const r = await call((_q, res) => {
          res.setHeader('Content-Type', set);
          res.send('hi');
        });
        assert.equal(r.headers['content-type'], expected);
        assert.equal(r.body, 'hi');
      });
    }

    it('a Latin-1 value is quoted and goes out as Latin-1 bytes', async () => {
      const bytes = await callRaw((_q, res) => {
        res.setHeader('Content-Type', 'text/plain; foo=caf\u00e9');
        res.send('hi');
      });
      assert.ok(bytes.includes(Buffer.from('Content-Type: text/plain; foo="caf\xe9"; charset=utf-8\r\n', 'latin1')));
    });

    it('res.set and res.json keep the parameters in order too', async () => {
      const plain = await call((_q, res) => res.set('Content-Type', 'text/plain; foo=bar').send('x'));
      assert.equal(plain.headers['content-type'], 'text/plain; foo=bar; charset=utf-8');
      const json = await call((_q, res) => res.set('Content-Type', 'application/vnd.api+json; x=1').json({ a: 1 }));
      assert.equal(json.headers['content-type'], 'application/vnd.api+json; x=1; charset=utf-8');
      const bytes = await call((_q, res) => res.type('png').send(Buffer.from('x')));
      assert.equal(bytes.headers['content-type'], 'image/png');
    });

    it('parameters named like Object.prototype are kept, as express 5.3 keeps them', async () => {
      const r = await call((_q, res) => res.type('text/plain; __proto__=x; Constructor=y').send('a'));
      assert.equal(r.headers['content-type'], 'text/plain; __proto__=x; constructor=y; charset=utf-8');
      assert.equal(Object.getPrototypeOf({}), Object.prototype);
    });

    it('a type that is not a string is replaced by text/html; an empty one is sent as false', async () => {
      for (const set of [5, ['text/plain']]) {
        const r = await call((_q, res) => {
          res.setHeader('Content-Type', set);
          res.send('x');
        });
        assert.equal(r.headers['content-type'], 'text/html; charset=utf-8', String(set));
      }
      const empty = await call((_q, res) => {
        res.setHeader('Content-Type', '');
        res.send('x');
      });
      assert.equal(empty.headers['content-type'], 'false');
    });

    // set → the TypeError content-type 2.1's format throws (express 5.3.0)
    const invalid: Array<[set: string, message: string]> = [
      ['garbage', 'Invalid type: garbage'],
      ['TEXT', 'Invalid type: text'],
      ['text/', 'Invalid type: text/'],
      ['text/plain, text/html', 'Invalid type: text/plain, text/html'],
      ['text/plain; a b=1', 'Invalid parameter name: a b'],
      ['text/plain; =x', 'Invalid parameter name: '],
    ];
    for (const [set, message] of invalid) {
      it(`throws TypeError for ${JSON.stringify(set)}: ${message}`, async () => {
        const r = await call((_q, res) => {
          res.setHeader('Content-Type', set);
          res.send('hi');
        });
        assert.deepEqual(reported(r), { name: 'TypeError', message });
      });
    }
  });

  it('sends null without touching a Content-Type set earlier (no charset added)', async () => {
    const plain = await call((_q, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.send(null);
    });
    assert.equal(plain.headers['content-type'], 'text/plain');
    assert.equal(plain.headers['content-length'], '0');
    const octets = await call((_q, res) => res.set('Content-Type', 'application/octet-stream').send(null));
    assert.equal(octets.headers['content-type'], 'application/octet-stream');
    const empty = await call((_q, res) => {
      res.setHeader('Content-Type', '');
      res.send(null);
    });
    assert.equal(empty.headers['content-type'], '');
  });

  describe('Transfer-Encoding set earlier', () => {
    it('sends no Content-Length beside it (bytes as express 5.3.0)', async () => {
      const bytes = await callRaw((_q, res) => res.set('Transfer-Encoding', 'chunked').send('hi'));
      const text = bytes.toString('latin1').replace(/\r\nDate: [^\r]*/, '');
      assert.equal(
        text,
        'HTTP/1.1 200 OK\r\nX-Powered-By: Express\r\nTransfer-Encoding: chunked\r\n' +
          `Content-Type: text/html; charset=utf-8\r\nETag: ${HI_ETAG}\r\nConnection: close\r\n\r\n2\r\nhi\r\n0\r\n\r\n`,
      );
    });

    it('for Buffers, JSON, res.sendStatus and HEAD too; an empty one does not count', async () => {
      const handlers: Array<[name: string, handler: Handler, method?: string]> = [
        ['a Buffer', (_q, res) => res.set('Transfer-Encoding', 'chunked').send(Buffer.from('hi'))],
        ['JSON', (_q, res) => res.set('Transfer-Encoding', 'chunked').json({ a: 1 })],
        ['sendStatus', (_q, res) => res.set('Transfer-Encoding', 'gzip, chunked').sendStatus(201)],
        ['HEAD', (_q, res) => res.set('Transfer-Encoding', 'chunked').send('hi'), 'HEAD'],
      ];
      for (const [name, handler, method] of handlers) {
        const r = await call(handler, { method });
        assert.equal(r.headers['content-length'], undefined, name);
        assert.ok(r.headers['transfer-encoding'], name);
      }
      // read as raw bytes: node 22's client rejects a response with an empty Transfer-Encoding
      const empty = await callRaw((_q, res) => {
        res.setHeader('Transfer-Encoding', '');
        res.send('hi');
      });
      assert.match(empty.toString('latin1'), /\r\nContent-Length: 2\r\n/);
    });

    it('205 still sends Content-Length: 0 without Transfer-Encoding', async () => {
      const r = await call((_q, res) => res.status(205).set('Transfer-Encoding', 'chunked').send('hi'));
      assert.equal(r.headers['content-length'], '0');
      assert.equal(r.headers['transfer-encoding'], undefined);
    });
  });

  describe('the bytes of the head (express 5.3.0)', () => {
    /** Whether the raw response holds `name: value` in the given bytes. */
    function hasLine(bytes: Buffer, line: string, encoding: BufferEncoding): boolean {
      return bytes.includes(Buffer.from(line + '\r\n', encoding));
    }

    // node writes a head that goes out with a string body in the body's encoding (UTF-8), and one
    // that goes out before a Buffer in latin1; Express sends a Buffer when it makes an ETag or
    // the body has 1000 characters or more
    const latin1: Array<[name: string, handler: Handler, method?: string]> = [
      ['res.send, ETag on', (_q, res) => res.set('X-Name', 'caf\u00e9').send('hi')],
      ['a non-ASCII body', (_q, res) => res.set('X-Name', 'caf\u00e9').send('h\u00e9')],
      ['a long non-ASCII body', (_q, res) => res.set('X-Name', 'caf\u00e9').send('\u00e9'.repeat(600))],
      ['res.json', (_q, res) => res.set('X-Name', 'caf\u00e9').json({ a: '\u00e9' })],
      ['res.sendStatus', (_q, res) => res.set('X-Name', 'caf\u00e9').sendStatus(404)],
      ['HEAD', (_q, res) => res.set('X-Name', 'caf\u00e9').send('hi'), 'HEAD'],
      ['a Buffer', (_q, res) => res.set('X-Name', 'caf\u00e9').send(Buffer.from('hi'))],
    ];
    for (const [name, handler, method = 'GET'] of latin1) {
      it(`latin1: ${name}`, async () => {
        const bytes = await callRaw(handler, `${method} / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        assert.ok(hasLine(bytes, 'X-Name: caf\u00e9', 'latin1'), bytes.toString('latin1'));
      });
    }

    it('latin1: 304, strong ETags, an app ETag function', async () => {
      const notModified = await callRaw(
        (_q, res) => res.set('X-Name', 'caf\u00e9').send('hi'),
        `GET / HTTP/1.1\r\nHost: x\r\nIf-None-Match: ${HI_ETAG}\r\nConnection: close\r\n\r\n`,
      );
      assert.match(notModified.toString('latin1'), /^HTTP\/1\.1 304 /);
      assert.ok(hasLine(notModified, 'X-Name: caf\u00e9', 'latin1'));
      const strong = await callRaw(
        (_q, res) => res.set('X-Name', 'caf\u00e9').send('hi'),
        undefined,
        (app) => app.set('etag', 'strong'),
      );
      assert.ok(hasLine(strong, 'X-Name: caf\u00e9', 'latin1'));
      const custom = await callRaw(
        (_q, res) => res.set('X-Name', 'caf\u00e9').send('h\u00e9'),
        undefined,
        (app) => app.set('etag', () => '"c"'),
      );
      assert.ok(hasLine(custom, 'X-Name: caf\u00e9', 'latin1'));
      assert.ok(custom.toString('latin1').endsWith('\r\n\r\nh\xc3\xa9'));
    });

    it('latin1 without an ETag when the body has 1000 characters or more', async () => {
      const ascii = await callRaw(
        (_q, res) => res.set('X-Name', 'caf\u00e9').send('h'.repeat(1000)),
        undefined,
        (app) => app.set('etag', false),
      );
      assert.ok(hasLine(ascii, 'X-Name: caf\u00e9', 'latin1'));
      const other = await callRaw(
        (_q, res) => res.set('X-Name', 'caf\u00e9').send('\u00e9'.repeat(1000)),
        undefined,
        (app) => app.set('etag', false),
      );
      assert.ok(hasLine(other, 'X-Name: caf\u00e9', 'latin1'));
      assert.ok(other.toString('latin1').endsWith('\xc3\xa9'.repeat(1000)));
    });

    it('UTF-8 where Express writes the body as a string: no ETag and under 1000 characters, and res.redirect', async () => {
      const small = await callRaw(
        (_q, res) => res.set('X-Name', 'caf\u00e9').send('hi'),
        undefined,
        (app) => app.set('etag', false),
      );
      assert.ok(hasLine(small, 'X-Name: caf\u00e9', 'utf8'), small.toString('latin1'));
      const redirect = await callRaw((_q, res) => res.set('X-Name', 'caf\u00e9').redirect('/x'));
      assert.ok(hasLine(redirect, 'X-Name: caf\u00e9', 'utf8'), redirect.toString('latin1'));
    });
  });

  it('sends objects through res.json, so a wrapped res.json sees them', async () => {
    const r = await call((_q, res) => res.send({ a: 1 }), {
      setup: (app) => {
        const json = app.response.json;
        app.response.json = function (this: Response, body: unknown) {
          this.setHeader('X-Wrapped', 'yes');
          return json.call(this, body);
        };
      },
    });
    assert.equal(r.headers['x-wrapped'], 'yes');
    assert.equal(r.body, '{"a":1}');
  });

  it('returns the response (chainable)', async () => {
    let returned: unknown;
    let response: unknown;
    const r = await call((_q, res) => {
      response = res;
      returned = res.send('x');
    });
    assert.equal(r.body, 'x');
    assert.equal(returned, response);
  });

  describe('ETag', () => {
    it('strong with etag "strong", none with false', async () => {
      const strong = await call((_q, res) => res.send('h\u00e9'), { setup: (app) => app.set('etag', 'strong') });
      assert.equal(strong.headers.etag, '"3-llZREsZn62PmcrVsRAHQVB7q2g4"');
      const off = await call((_q, res) => res.send('hi'), { setup: (app) => app.set('etag', false) });
      assert.equal(off.headers.etag, undefined);
      assert.equal(off.headers['content-length'], '2');
    });

    it('from an etag function, which gets the body as a Buffer (as in Express)', async () => {
      const seen: unknown[] = [];
      const fn = (body: string | Buffer, encoding?: string): string => {
        seen.push(Buffer.isBuffer(body), encoding, body.toString());
        return '"custom"';
      };
      const r = await call((_q, res) => res.send('h\u00e9'), { setup: (app) => app.set('etag', fn) });
      assert.equal(r.headers.etag, '"custom"');
      assert.deepEqual(seen, [true, undefined, 'h\u00e9']);
      assert.equal(r.body, 'h\u00e9');
    });

    it('none when the etag function returns nothing', async () => {
      const r = await call((_q, res) => res.send('hi'), { setup: (app) => app.set('etag', () => undefined) });
      assert.equal(r.headers.etag, undefined);
    });

    it('keeps an ETag set earlier', async () => {
      const r = await call((_q, res) => res.set('ETag', '"mine"').send('hi'));
      assert.equal(r.headers.etag, '"mine"');
    });
  });

  describe('freshness', () => {
    it('answers 304 without body or content headers when If-None-Match matches', async () => {
      const r = await call((_q, res) => res.send('hi'), { headers: { 'If-None-Match': HI_ETAG } });
      assert.equal(r.status, 304);
      assert.equal(r.body, '');
      assert.equal(r.headers.etag, HI_ETAG);
      assert.equal(r.headers['content-type'], undefined);
      assert.equal(r.headers['content-length'], undefined);
    });

    it('answers 304 by Last-Modified', async () => {
      const r = await call((_q, res) => res.set('Last-Modified', 'Mon, 01 Jan 2024 00:00:00 GMT').send('hi'), {
        headers: { 'If-Modified-Since': 'Tue, 02 Jan 2024 00:00:00 GMT' },
        setup: (app) => app.set('etag', false),
      });
      assert.equal(r.status, 304);
    });

    it('answers 304 to a QUERY request as to GET (express 5.3)', {
      skip: !METHODS.includes('QUERY') && 'this node does not parse the QUERY method',
    }, async () => {
      const bytes = await callRaw(
        (_q, res) => res.send('hi'),
        `QUERY / HTTP/1.1\r\nHost: x\r\nIf-None-Match: ${HI_ETAG}\r\nConnection: close\r\n\r\n`,
      );
      assert.equal(
        bytes.toString('latin1').replace(/\r\nDate: [^\r]*/, ''),
        `HTTP/1.1 304 Not Modified\r\nX-Powered-By: Express\r\nETag: ${HI_ETAG}\r\nConnection: close\r\n\r\n`,
      );
    });

    it('sends the body when stale, for no-cache, for other methods and for non-2xx statuses', async () => {
      const stale = await call((_q, res) => res.send('hi'), { headers: { 'If-None-Match': '"other"' } });
      assert.equal(stale.status, 200);
      assert.equal(stale.body, 'hi');
      const noCache = await call((_q, res) => res.send('hi'), {
        headers: { 'If-None-Match': HI_ETAG, 'Cache-Control': 'no-cache' },
      });
      assert.equal(noCache.status, 200);
      const post = await call((_q, res) => res.send('hi'), { method: 'POST', headers: { 'If-None-Match': HI_ETAG } });
      assert.equal(post.status, 200);
      assert.equal(post.body, 'hi');
      const notFound = await call((_q, res) => res.status(404).send('hi'), { headers: { 'If-None-Match': HI_ETAG } });
      assert.equal(notFound.status, 404);
      assert.equal(notFound.body, 'hi');
    });
  });

  describe('statuses without a body', () => {
    it('204 and 304 remove Content-Type, Content-Length and Transfer-Encoding', async () => {
      for (const status of [204, 304]) {
        const r = await call((_q, res) => res.status(status).set('Transfer-Encoding', 'chunked').send('body'));
        assert.equal(r.status, status);
        assert.equal(r.body, '');
        assert.equal(r.headers['content-type'], undefined);
        assert.equal(r.headers['content-length'], undefined);
        assert.equal(r.headers['transfer-encoding'], undefined);
      }
    });

    it('205 sends Content-Length: 0 and no body', async () => {
      const r = await call((_q, res) => res.status(205).send('body'));
      assert.equal(r.status, 205);
      assert.equal(r.headers['content-length'], '0');
      assert.equal(r.body, '');
    });

    it('HEAD gets the headers of GET and no body', async () => {
      const r = await call((_q, res) => res.send('hello'), { method: 'HEAD' });
      assert.equal(r.headers['content-length'], '5');
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(r.headers.etag, 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"');
      assert.equal(r.body, '');
    });
  });
});

describe('a replaced res.send', () => {
  it('sees what res.json, res.jsonp and res.sendStatus send, with the same headers', async () => {
    const app = brisk();
    app.set('env', 'test');
    const seen: unknown[] = [];
    app.use((_req, res, next) => {
      const send = res.send;
      res.send = function wrapped(this: Response, body?: unknown) {
        seen.push(body);
        return send.call(this, body);
      } as Response['send'];
      next();
    });
    app.get('/json', (_req, res) => res.json({ a: 1 }));
    app.get('/jsonp', (_req, res) => res.jsonp([1]));
    app.get('/status', (_req, res) => res.sendStatus(201));
    const server = await serve(app);
    try {
      const json = await server.get('/json');
      assert.equal(json.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(json.body, '{"a":1}');
      const jsonp = await server.get('/jsonp?callback=cb');
      assert.equal(jsonp.headers['content-type'], 'text/javascript; charset=utf-8');
      const status = await server.get('/status');
      assert.equal(status.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(status.body, 'Created');
      assert.deepEqual(seen, ['{"a":1}', "/**/ typeof cb === 'function' && cb([1]);", 'Created']);
    } finally {
      await server.close();
    }
  });
});

describe('res.json', () => {
  it('sends JSON values with application/json', async () => {
    const cases: Array<[value: unknown, body: string]> = [
      [{ a: '<b>&' }, '{"a":"<b>&"}'],
      [null, 'null'],
      ['s', '"s"'],
      [0, '0'],
      [false, 'false'],
      [[1, [2]], '[1,[2]]'],
    ];
    for (const [value, body] of cases) {
      const r = await call((_q, res) => res.json(value));
      assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(r.body, body);
      assert.equal(r.headers['content-length'], String(Buffer.byteLength(body)));
    }
  });

  it('sends an empty body, still typed, for a value JSON cannot represent', async () => {
    const r = await call((_q, res) => res.json(undefined));
    assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(r.headers['content-length'], '0');
    assert.equal(r.headers.etag, undefined);
    assert.equal(r.body, '');
  });

  it('keeps a Content-Type set earlier', async () => {
    const r = await call((_q, res) => res.type('text').json({ a: 1 }));
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(r.body, '{"a":1}');
  });

  it('uses the json replacer, json spaces and json escape settings', async () => {
    const r = await call((_q, res) => res.json({ a: '<b>&', skip: 1 }), {
      setup: (app) => {
        app.set('json spaces', 2);
        app.set('json escape', true);
        app.set('json replacer', (key: string, value: unknown) => (key === 'skip' ? undefined : value));
      },
    });
    assert.equal(r.body, '{\n  "a": "\\u003cb\\u003e\\u0026"\n}');
    assert.equal(r.headers.etag, 'W/"20-2pVFreH1/TCCNHcI/CP9WMr1R1M"');
    assert.deepEqual(JSON.parse(r.body), { a: '<b>&' });
  });

  it("reads settings from the app that handles the request (a sub-app inherits its parent's)", async () => {
    const parent = brisk();
    parent.set('json spaces', 1);
    const sub = brisk();
    sub.get('/', (_req, res) => res.json({ a: 1 }));
    parent.use('/sub', sub);
    parent.get('/', (_req, res) => res.json({ a: 1 }));
    sub.set('json escape', true);
    sub.get('/esc', (_req, res) => res.json('<'));
    const server = await serve(parent);
    try {
      assert.equal((await server.get('/sub')).body, '{\n "a": 1\n}');
      assert.equal((await server.get('/sub/esc')).body, '"\\u003c"');
      assert.equal((await server.get('/')).body, '{\n "a": 1\n}');
    } finally {
      await server.close();
    }
  });
});

describe('res.jsonp', () => {
  it('sends plain JSON with nosniff without a callback', async () => {
    const r = await call((_q, res) => res.jsonp({ a: 1 }));
    assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.equal(r.body, '{"a":1}');
  });

  it('wraps the JSON in a call of the callback, as text/javascript', async () => {
    const r = await call((_q, res) => res.jsonp({ a: 1 }), { path: '/?callback=handle' });
    assert.equal(r.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.equal(r.body, '/**/ typeof handle === \'function\' && handle({"a":1});');
  });

  it('reduces the callback name to []\\w$. characters and escapes U+2028 and U+2029', async () => {
    const r = await call((_q, res) => res.jsonp({ a: '\u2028\u2029' }), {
      path: '/?callback=foo.bar%3Calert(1)%3E[0]',
    });
    assert.equal(r.body, '/**/ typeof foo.baralert1[0] === \'function\' && foo.baralert1[0]({"a":"\\u2028\\u2029"});');
    assert.equal(r.headers.etag, 'W/"56-jV0Vg9DaUvL2Wu1+aSLLkOEd/IQ"');
  });

  it('uses the first of repeated callbacks, and calls it with no argument for undefined', async () => {
    const repeated = await call((_q, res) => res.jsonp(1), { path: '/?callback=a&callback=b' });
    assert.equal(repeated.body, "/**/ typeof a === 'function' && a(1);");
    const empty = await call((_q, res) => res.jsonp(undefined), { path: '/?callback=cb' });
    assert.equal(empty.body, "/**/ typeof cb === 'function' && cb();");
  });

  it('reads the parameter named by "jsonp callback name"', async () => {
    const r = await call((_q, res) => res.jsonp([1]), {
      path: '/?cb=x&callback=y',
      setup: (app) => app.set('jsonp callback name', 'cb'),
    });
    assert.equal(r.body, "/**/ typeof x === 'function' && x([1]);");
  });

  it('sends plain JSON for an empty callback, and keeps a Content-Type set earlier', async () => {
    const empty = await call((_q, res) => res.jsonp(1), { path: '/?callback=' });
    assert.equal(empty.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(empty.body, '1');
    const typed = await call((_q, res) => res.type('html').jsonp(1));
    assert.equal(typed.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(typed.headers['x-content-type-options'], undefined);
  });

  it('uses the json settings', async () => {
    const r = await call((_q, res) => res.jsonp({ a: '<' }), {
      path: '/?callback=f',
      setup: (app) => app.set('json escape', true),
    });
    assert.equal(r.body, '/**/ typeof f === \'function\' && f({"a":"\\u003c"});');
  });
});

describe('res.sendStatus', () => {
  it('sends the status message as text, or the number for an unknown status', async () => {
    const notFound = await call((_q, res) => res.sendStatus(404));
    assert.equal(notFound.status, 404);
    assert.equal(notFound.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(notFound.body, 'Not Found');
    const unknown = await call((_q, res) => res.sendStatus(599));
    assert.equal(unknown.status, 599);
    assert.equal(unknown.body, '599');
  });

  it('sends no body for 204', async () => {
    const r = await call((_q, res) => res.sendStatus(204));
    assert.equal(r.status, 204);
    assert.equal(r.body, '');
    assert.equal(r.headers['content-type'], undefined);
  });

  it('throws as res.status for an invalid code', async () => {
    const r = await call((_q, res) => res.sendStatus(1000));
    assert.deepEqual(reported(r), {
      name: 'RangeError',
      message: 'Invalid status code: 1000. Status code must be greater than 99 and less than 1000.',
    });
  });
});
