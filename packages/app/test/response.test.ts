// The res methods that set headers, redirect, negotiate, set cookies and render, and the
// response's properties, over real HTTP. Expected values are what express 5.3.0 sends.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs';
import { describe, it } from 'node:test';
import brisk, { type Application, type Engine, type Response } from '../src/index.js';
import { serve } from '../../../test/support/http.js';
import { call, callRaw, reported, VIEWS, type Handler } from './fixtures/response/app.js';

/** Runs `fn(res)` in a handler, then ends the response; the reply. */
function withRes(fn: (res: Response) => unknown, options?: Parameters<typeof call>[1]): ReturnType<typeof call> {
  return call((_req, res) => {
    fn(res);
    res.end();
  }, options);
}

describe('res.status', () => {
  it('sets the status code and returns the response', async () => {
    let returned: unknown;
    let response: unknown;
    const r = await call((_q, res) => {
      response = res;
      returned = res.status(201);
      res.end();
    });
    assert.equal(r.status, 201);
    assert.equal(returned, response);
  });

  it('accepts any integer from 100 to 999', async () => {
    assert.equal((await withRes((res) => res.status(599))).status, 599);
    assert.equal((await withRes((res) => res.status(999))).status, 999);
  });

  // value → error class and message (Express 5.2's)
  const invalid: Array<[value: unknown, name: string, message: string]> = [
    ['200', 'TypeError', 'Invalid status code: "200". Status code must be an integer.'],
    [200.5, 'TypeError', 'Invalid status code: 200.5. Status code must be an integer.'],
    [undefined, 'TypeError', 'Invalid status code: undefined. Status code must be an integer.'],
    [NaN, 'TypeError', 'Invalid status code: null. Status code must be an integer.'],
    [99, 'RangeError', 'Invalid status code: 99. Status code must be greater than 99 and less than 1000.'],
    [1000, 'RangeError', 'Invalid status code: 1000. Status code must be greater than 99 and less than 1000.'],
    [-200, 'RangeError', 'Invalid status code: -200. Status code must be greater than 99 and less than 1000.'],
  ];
  for (const [value, name, message] of invalid) {
    it(`throws ${name} for ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`, async () => {
      const r = await call((_q, res) => res.status(value as number).end());
      assert.deepEqual(reported(r), { name, message });
    });
  }
});

describe('res.set / res.header / res.get', () => {
  it('sets one header (as a string) or several from an object; arrays give one line each', async () => {
    const r = await withRes((res) => res.set('X-Num', 1).header({ 'X-A': 'a', 'X-List': ['a', 2] }));
    assert.equal(r.headers['x-num'], '1');
    assert.equal(r.headers['x-a'], 'a');
    assert.deepEqual(
      r.rawHeaders.filter((_, i, all) => i % 2 === 1 && all[i - 1] === 'X-List'),
      ['a', '2'],
    );
  });

  it('adds the charset of a text type to Content-Type, and reads a value without / as an extension', async () => {
    const cases: Array<[value: string, expected: string]> = [
      ['text/x-foo', 'text/x-foo; charset=utf-8'],
      ['application/json', 'application/json; charset=utf-8'],
      ['text/plain; charset=latin1', 'text/plain; charset=latin1'],
      ['image/png', 'image/png'],
      ['json', 'application/json; charset=utf-8'],
    ];
    for (const [value, expected] of cases) {
      const r = await withRes((res) => res.set('content-type', value));
      assert.equal(r.headers['content-type'], expected, value);
    }
  });

  it('throws TypeError for a Content-Type array', async () => {
    const r = await call((_q, res) => res.set('Content-Type', ['text/html']));
    assert.deepEqual(reported(r), { name: 'TypeError', message: 'Content-Type cannot be set to an Array' });
  });

  it('res.header is res.set; res.get reads any case', async () => {
    assert.equal(brisk.response.header, brisk.response.set);
    let got: unknown[] = [];
    await withRes((res) => {
      res.set('X-Case', 'v');
      got = [res.get('x-case'), res.get('X-CASE'), res.get('missing')];
    });
    assert.deepEqual(got, ['v', 'v', undefined]);
  });
});

describe('res.append', () => {
  it('creates, then adds values (strings or arrays)', async () => {
    const r = await withRes((res) =>
      res.append('X-L', 'a').append('X-L', ['b', 'c']).append('X-M', ['1']).append('X-M', '2'),
    );
    assert.equal(r.headers['x-l'], 'a, b, c');
    assert.equal(r.headers['x-m'], '1, 2');
  });

  it('is reset by a later res.set', async () => {
    const r = await withRes((res) => res.append('X-L', 'a').append('X-L', 'b').set('X-L', 'z'));
    assert.equal(r.headers['x-l'], 'z');
  });

  it('adds to Set-Cookie written by res.cookie', async () => {
    const r = await withRes((res) => res.cookie('a', '1').append('Set-Cookie', 'b=2; Path=/'));
    assert.deepEqual(r.headers['set-cookie'], ['a=1; Path=/', 'b=2; Path=/']);
  });
});

describe('res.links', () => {
  it('joins links into Link, one per URL of an array, adding to links set earlier', async () => {
    const r = await withRes((res) => res.links({ next: '/n', pages: ['/1', '/2'] }).links({ last: '/l' }));
    assert.equal(r.headers.link, '</n>; rel="next", </1>; rel="pages", </2>; rel="pages", </l>; rel="last"');
  });

  it('writes valid links as Express does: URLs with their query, `,` and `;`, and relation lists or URIs', async () => {
    const r = await withRes((res) =>
      res.links({
        next: 'http://api.example.com/users?page=2&sort=a,b;c',
        last: 'http://api.example.com/users?page=5#%20x',
        'preload prefetch': '/app.js',
        'http://example.com/rel/item': ['https://x.example/a', 'https://x.example/b'],
      }),
    );
    assert.equal(
      r.headers.link,
      '<http://api.example.com/users?page=2&sort=a,b;c>; rel="next", <http://api.example.com/users?page=5#%20x>; rel="last", ' +
        '</app.js>; rel="preload prefetch", <https://x.example/a>; rel="http://example.com/rel/item", ' +
        '<https://x.example/b>; rel="http://example.com/rel/item"',
    );
  });

  it('percent-encodes a URL that would end its <...> or hold CR/LF, so it adds no link (decision 019)', async () => {
    const r = await withRes((res) =>
      res.links({
        next: 'http://x.example/>; rel="evil", <http://evil.example',
        prev: ['/a\r\nSet-Cookie: x=1', '/caf\u00e9 <b>'],
      }),
    );
    assert.equal(
      r.headers.link,
      '<http://x.example/%3E;%20rel=%22evil%22,%20%3Chttp://evil.example>; rel="next", ' +
        '</a%0D%0ASet-Cookie:%20x=1>; rel="prev", </caf%C3%A9%20%3Cb%3E>; rel="prev"',
    );
    assert.equal(r.headers['set-cookie'], undefined);
    assert.equal(r.status, 200);
  });

  it('percent-encodes a relation that would end its quotes or add a link (decision 019)', async () => {
    const r = await withRes((res) =>
      res.links({
        'next", <http://evil.example>; rel="evil': '/a',
        'a,b;c\\d\te\u00e9\ud800': '/b',
      }),
    );
    assert.equal(
      r.headers.link,
      '</a>; rel="next%22%2C %3Chttp://evil.example%3E%3B rel=%22evil", ' +
        '</b>; rel="a%2Cb%3Bc%5Cd%09e%C3%A9%EF%BF%BD"',
    );
    // one quoted relation per link: the header splits into exactly the links given
    assert.equal((r.headers.link as string).split('; rel="').length, 3);
  });
});

describe('res.type / res.contentType', () => {
  it('sets Content-Type from an extension or a media type', async () => {
    const cases: Array<[type: string, expected: string]> = [
      ['.html', 'text/html; charset=utf-8'],
      ['json', 'application/json; charset=utf-8'],
      ['png', 'image/png'],
      ['application/json', 'application/json; charset=utf-8'],
      ['foo/bar', 'foo/bar'],
      ['no-such-extension', 'application/octet-stream'],
    ];
    for (const [type, expected] of cases) {
      const r = await withRes((res) => res.type(type));
      assert.equal(r.headers['content-type'], expected, type);
    }
  });

  it('res.contentType is res.type', async () => {
    assert.equal(brisk.response.contentType, brisk.response.type);
    const r = await withRes((res) => res.contentType('txt'));
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
  });
});

describe('res.attachment', () => {
  // Content-Disposition as express 5.3.0 writes it: content-disposition 2's create, of the base name
  it('sets Content-Disposition: attachment, with the file name and its type', async () => {
    const bare = await withRes((res) => res.attachment());
    assert.equal(bare.headers['content-disposition'], 'attachment');
    assert.equal(bare.headers['content-type'], undefined);
    const named = await withRes((res) => res.attachment('/reports/2024.pdf'));
    assert.equal(named.headers['content-disposition'], 'attachment; filename=2024.pdf');
    assert.equal(named.headers['content-type'], 'application/pdf');
    const noExtension = await withRes((res) => res.attachment('README'));
    assert.equal(noExtension.headers['content-type'], 'application/octet-stream');
  });

  // file name → Content-Disposition, Content-Type (express 5.3.0)
  const names: Array<[name: string, disposition: string, type: string | undefined]> = [
    ['logo.png', 'attachment; filename=logo.png', 'image/png'],
    ['a/b/c.pdf', 'attachment; filename=c.pdf', 'application/pdf'],
    ['a/b/', 'attachment; filename=b', 'application/octet-stream'],
    ['my file.txt', 'attachment; filename="my file.txt"', 'text/plain; charset=utf-8'],
    ['a"b c.txt', 'attachment; filename="a\\"b c.txt"', 'text/plain; charset=utf-8'],
    ["it's (1)*.txt", 'attachment; filename="it\'s (1)*.txt"', 'text/plain; charset=utf-8'],
    ['..', 'attachment; filename=..', 'application/octet-stream'],
    // a %XX sequence goes to filename* too, so that a decoding client cannot misread it
    ['%41.txt', "attachment; filename=%41.txt; filename*=UTF-8''%2541.txt", 'text/plain; charset=utf-8'],
    // not printable US-ASCII: a ? fallback plus filename*
    ['caf\u00e9.txt', 'attachment; filename="caf?.txt"; filename*=UTF-8\'\'caf%C3%A9.txt', 'text/plain; charset=utf-8'],
    [
      '\u20ac rates.pdf',
      'attachment; filename="? rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
      'application/pdf',
    ],
    ['\u0001.txt', 'attachment; filename="?.txt"; filename*=UTF-8\'\'%01.txt', 'text/plain; charset=utf-8'],
    // an empty base name: filename="" and no type
    ['', 'attachment; filename=""', undefined],
    ['/', 'attachment; filename=""', undefined],
  ];
  for (const [name, disposition, type] of names) {
    it(`${JSON.stringify(name)} → ${disposition}`, async () => {
      const r = await withRes((res) => res.attachment(name));
      assert.equal(r.headers['content-disposition'], disposition);
      assert.equal(r.headers['content-type'], type);
    });
  }

  it('takes the base name as path.basename does: a backslash is no separator on POSIX systems', async () => {
    const r = await withRes((res) => res.attachment('dir\\win.txt'));
    assert.equal(
      r.headers['content-disposition'],
      process.platform === 'win32' ? 'attachment; filename=win.txt' : 'attachment; filename="dir\\\\win.txt"',
    );
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('gives a name outside US-ASCII as filename*, beside a ? fallback', async () => {
    const r = await withRes((res) => res.attachment('\u65e5\u672c.txt'));
    assert.equal(
      r.headers['content-disposition'],
      'attachment; filename="??.txt"; filename*=UTF-8\'\'%E6%97%A5%E6%9C%AC.txt',
    );
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('throws as path.basename and encodeURIComponent do for a name that is no string or has a lone surrogate', async () => {
    const number = await call((_q, res) => res.attachment(123 as unknown as string));
    assert.equal(reported(number).name, 'TypeError');
    assert.match(reported(number).message, /The "path" argument must be of type string/);
    const surrogate = await call((_q, res) => res.attachment('\ud800.txt'));
    assert.deepEqual(reported(surrogate), { name: 'URIError', message: 'URI malformed' });
  });
});

describe('res.vary', () => {
  it('adds fields to Vary once, case-insensitively', async () => {
    const r = await withRes((res) => res.vary('Origin').vary(['accept', 'origin', 'X-Y']));
    assert.equal(r.headers.vary, 'Origin, accept, X-Y');
  });
});

describe('res.location', () => {
  it('percent-encodes what needs it and keeps valid escapes', async () => {
    const r = await withRes((res) => res.location('/f\u00f6o bar?x=%20&y=%zz#h'));
    assert.equal(r.headers.location, '/f%C3%B6o%20bar?x=%20&y=%25zz#h');
  });

  it("takes 'back' literally (Express 5 dropped its meaning)", async () => {
    const r = await withRes((res) => res.location('back'), { headers: { Referer: '/from' } });
    assert.equal(r.headers.location, 'back');
  });

  it('keeps a backslash in an absolute URL, as Express 5.3 (encodeurl 2) does', async () => {
    const r = await withRes((res) => res.location('http://google.com\\@apple.com'));
    assert.equal(r.headers.location, 'http://google.com\\@apple.com');
    const path = await withRes((res) => res.location('/a\\b/\\c'));
    assert.equal(path.headers.location, '/a\\b/\\c');
  });

  it('keeps a location that starts with / a path on this site: a backslash after it is sent as %5C (decision 030)', async () => {
    // browsers read `/\evil.example` as `//evil.example`, an off-site URL; Express 5.3 sends it as is
    const cases: Array<[string, string]> = [
      ['/\\evil.example', '/%5Cevil.example'],
      ['/\\\\evil.example/', '/%5C\\evil.example/'],
      ['/\\/evil.example', '/%5C/evil.example'],
      ['/\\evil.example?next=/\\x', '/%5Cevil.example?next=/\\x'],
    ];
    for (const [to, sent] of cases) {
      const r = await call(
        (req, res) => {
          const target = String(req.query.to);
          // the app's on-site check: one leading slash
          if (!target.startsWith('/') || target.startsWith('//')) return res.sendStatus(400);
          res.redirect(target);
        },
        { path: `/?to=${encodeURIComponent(to)}` },
      );
      assert.equal(r.status, 302, to);
      assert.equal(r.headers.location, sent, to);
      // what a browser makes of it: a URL on this site
      assert.equal(new URL(sent, 'http://site.example/x/').host, 'site.example', to);
      assert.notEqual(new URL(to, 'http://site.example/x/').host, 'site.example', to);
    }
  });
});

describe('res.redirect', () => {
  it('redirects with 302 and a text body by default', async () => {
    const r = await call((_q, res) => res.redirect('/a<b>"c&d'));
    assert.equal(r.status, 302);
    assert.equal(r.headers.location, '/a%3Cb%3E%22c&d');
    assert.equal(r.headers.vary, 'Accept');
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(r.body, 'Found. Redirecting to /a%3Cb%3E%22c&d');
    assert.equal(r.headers['content-length'], String(r.body.length));
  });

  it('sends the address escaped in a small HTML document for HTML (bytes as express 5.3.0)', async () => {
    const bytes = await callRaw(
      (_q, res) => res.redirect('/a<b>"c&d'),
      'GET / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n',
    );
    const text = bytes.toString('latin1');
    const body =
      '<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to /a%3Cb%3E%22c&amp;d</p></body>';
    assert.ok(text.includes('\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 109\r\n'), text);
    assert.ok(text.endsWith('\r\n\r\n' + body), text);
    const moved = await call((_q, res) => res.redirect(301, "http://e.example/\u00e9'"), {
      headers: { Accept: 'text/html' },
    });
    assert.equal(
      moved.body,
      '<!DOCTYPE html><head><title>Moved Permanently</title></head><body><p>Moved Permanently. Redirecting to http://e.example/%C3%A9&#39;</p></body>',
    );
  });

  it('sends no HTML body for HEAD, with the length of the one for GET', async () => {
    const r = await call((_q, res) => res.redirect('/a'), { method: 'HEAD', headers: { Accept: 'text/html' } });
    assert.equal(r.headers['content-length'], '92');
    assert.equal(r.body, '');
  });

  it('sends an empty body for other types', async () => {
    const r = await call((_q, res) => res.redirect('/x'), { headers: { Accept: 'application/json' } });
    assert.equal(r.status, 302);
    assert.equal(r.headers['content-type'], undefined);
    assert.equal(r.headers['content-length'], '0');
    assert.equal(r.body, '');
  });

  it('takes a status first', async () => {
    const r = await call((_q, res) => res.redirect(301, 'http://example.com/'));
    assert.equal(r.status, 301);
    assert.equal(r.body, 'Moved Permanently. Redirecting to http://example.com/');
  });

  it('sends no body for HEAD', async () => {
    const r = await call((_q, res) => res.redirect('/x'), { method: 'HEAD' });
    assert.equal(r.status, 302);
    assert.equal(r.headers['content-length'], '24');
    assert.equal(r.body, '');
  });

  it("throws for Express 4's (url, status) order, as the status is then not a number", async () => {
    const r = await call((_q, res) => (res.redirect as (a: unknown, b: unknown) => void)('/x', 301));
    assert.deepEqual(reported(r), {
      name: 'TypeError',
      message: 'Invalid status code: "/x". Status code must be an integer.',
    });
  });

  it('goes through res.location (so a wrapped location sees redirects)', async () => {
    const r = await call((_q, res) => res.redirect('/x'), {
      setup: (app) => {
        app.response.location = function (this: Response, url: string) {
          return this.set('Location', 'https://proxy.example' + url);
        };
      },
    });
    assert.equal(r.headers.location, 'https://proxy.example/x');
  });
});

describe('res.format', () => {
  const handlers = (res: Response): Record<string, () => void> => ({
    text: () => res.send('text'),
    'application/json': () => res.send({ json: true }),
  });

  it('runs the handler of the best type, with its Content-Type and Vary: Accept', async () => {
    const json = await call((_q, res) => res.format(handlers(res)), { headers: { Accept: 'application/json' } });
    assert.equal(json.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(json.headers.vary, 'Accept');
    assert.equal(json.body, '{"json":true}');
    const text = await call((_q, res) => res.format(handlers(res)), {
      headers: { Accept: 'text/*;q=0.9, application/json;q=0.5' },
    });
    assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(text.body, 'text');
  });

  it("runs the first handler without Accept, typed without the key's parameters", async () => {
    const r = await call((_q, res) =>
      res.format({ 'text/html; q=0.5': () => res.send('h'), json: () => res.send('j') }),
    );
    assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(r.body, 'h');
  });

  it('passes 406 Not Acceptable to next, listing the offered types', async () => {
    const r = await call(
      (_q, res) =>
        res.format({
          text: () => res.send('t'),
          'Application/JSON ; x=1': () => res.send('j'),
          nope: () => res.send('n'),
        }),
      { headers: { Accept: 'image/png' } },
    );
    assert.equal(r.status, 406);
    assert.equal(r.headers.vary, 'Accept');
    assert.deepEqual(reported(r), {
      name: 'NotAcceptableError',
      message: 'Not Acceptable',
      status: 406,
      types: ['text/plain', 'Application/JSON', 'application/octet-stream'],
    });
  });

  it('runs default when nothing matches, or when it is the only handler', async () => {
    const r = await call(
      (_q, res) => res.format({ text: () => res.send('t'), default: () => res.status(406).send('d') }),
      {
        headers: { Accept: 'image/png' },
      },
    );
    assert.equal(r.status, 406);
    assert.equal(r.body, 'd');
    const only = await call((_q, res) => res.format({ default: () => res.send('d') }));
    assert.equal(only.body, 'd');
  });

  it('calls handlers with (req, res, req.next) and returns the response', async () => {
    let seen: unknown[] = [];
    const handler: Handler = (req, res) => {
      const returned = res.format({
        html: (a: unknown, b: unknown, c: unknown) => (seen = [a === req, b === res, c === req.next]),
      });
      seen.push(returned === res);
      res.end();
    };
    await call(handler);
    assert.deepEqual(seen, [true, true, true, true]);
  });
});

describe('res.cookie', () => {
  it('sets a cookie; an object as j: + JSON; other values as strings', async () => {
    const r = await withRes((res) => res.cookie('a', 'b c').cookie('o', { x: 1 }).cookie('n', null).cookie('five', 5));
    assert.deepEqual(r.headers['set-cookie'], [
      'a=b%20c; Path=/',
      'o=j%3A%7B%22x%22%3A1%7D; Path=/',
      'n=j%3Anull; Path=/',
      'five=5; Path=/',
    ]);
  });

  it('writes the attributes of the options', async () => {
    const r = await withRes((res) =>
      res.cookie('o', 'v', {
        httpOnly: true,
        domain: 'example.com',
        path: '/p',
        secure: true,
        sameSite: 'lax',
        priority: 'high',
        partitioned: true,
      }),
    );
    assert.deepEqual(r.headers['set-cookie'], [
      'o=v; Domain=example.com; Path=/p; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax',
    ]);
  });

  it('turns maxAge (milliseconds) into Expires and Max-Age (seconds)', async () => {
    const before = Date.now();
    const r = await withRes((res) =>
      res.cookie('a', 'b', { maxAge: 90_500 }).cookie('s', 'b', { maxAge: '2000' as unknown as number }),
    );
    const [first, second] = r.headers['set-cookie'] as string[];
    const match = /^a=b; Max-Age=90; Path=\/; Expires=(.+)$/.exec(first as string);
    assert.ok(match, first);
    const expires = Date.parse(match[1]);
    assert.ok(
      expires >= Math.floor((before + 90_500) / 1000) * 1000 - 1000 && expires <= Date.now() + 90_500,
      match[1],
    );
    assert.match(second as string, /^s=b; Max-Age=2; Path=\/; Expires=/);
  });

  it('uses the encode option', async () => {
    const r = await withRes((res) => res.cookie('a', 'x y', { encode: (v) => v.replace(' ', '+') }));
    assert.deepEqual(r.headers['set-cookie'], ['a=x+y; Path=/']);
  });

  it('signs with req.secret', async () => {
    const r = await withRes((res) => res.cookie('a', 'b', { signed: true }).cookie('o', { x: 1 }, { signed: true }), {
      setup: (app) =>
        app.use((req, _res, next) => {
          req.secret = 'sec';
          next();
        }),
    });
    assert.deepEqual(r.headers['set-cookie'], [
      'a=s%3Ab.3OUwJ%2BmX9FDwxmL26TdO8L2MbPD0LrpS0pKFHcbFbag; Path=/',
      'o=s%3Aj%3A%7B%22x%22%3A1%7D.xF3aT3BA7Rzv9rlS98I6iI1sAkLCF3IIZAtJIYxdphI; Path=/',
    ]);
  });

  it('throws without a secret for a signed cookie, and for what serialize refuses', async () => {
    const unsigned = await call((_q, res) => res.cookie('a', 'b', { signed: true }));
    assert.deepEqual(reported(unsigned), {
      name: 'Error',
      message: 'cookieParser("secret") required for signed cookies',
    });
    const badName = await call((_q, res) => res.cookie('a;b', 'c'));
    assert.deepEqual(reported(badName), { name: 'TypeError', message: 'argument name is invalid' });
    const badValue = await call((_q, res) => res.cookie('a', 'b c', { encode: String }));
    assert.deepEqual(reported(badValue), { name: 'TypeError', message: 'argument val is invalid' });
  });

  it('leaves the options object unchanged', async () => {
    const options = { maxAge: 1000 };
    await withRes((res) => res.cookie('a', 'b', options));
    assert.deepEqual(options, { maxAge: 1000 });
  });
});

describe('res.clearCookie', () => {
  it('sets the cookie empty and expired, keeping path and domain, ignoring maxAge and expires', async () => {
    const r = await withRes((res) =>
      res
        .clearCookie('a')
        .clearCookie('b', { path: '/x', domain: 'example.com', maxAge: 1000, expires: new Date(5e12) }),
    );
    assert.deepEqual(r.headers['set-cookie'], [
      'a=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
      'b=; Domain=example.com; Path=/x; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
  });
});

describe('res.render', () => {
  /** `{{key}}` → options[key]. */
  const engine: Engine = (path, options, callback) => {
    readFile(path, 'utf8', (err, text) => {
      if (err) return callback(err);
      callback(
        null,
        text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(options[key])),
      );
    });
  };
  const views = (app: Application): void => {
    app.engine('tpl', engine);
    app.set('views', VIEWS);
    app.set('view engine', 'tpl');
    app.locals.from = 'app';
  };

  it('sends the HTML rendered with app.locals, res.locals and the options, in that order of precedence', async () => {
    const r = await call(
      (_q, res) => {
        res.locals.name = 'res';
        res.render('hello', { from: 'options' });
      },
      { setup: views },
    );
    assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(r.body, 'Hello res from options');
    const locals = await call(
      (_q, res) => {
        res.locals.name = 'res';
        res.render('hello');
      },
      { setup: views },
    );
    assert.equal(locals.body, 'Hello res from app');
  });

  it('with a callback, hands it the HTML and sends nothing', async () => {
    const r = await call(
      (_q, res) => res.render('hello', { name: 'cb' }, (err, html) => res.send(`[${String(err)}] ${String(html)}`)),
      { setup: views },
    );
    assert.equal(r.body, '[null] Hello cb from app');
    const second = await call((_q, res) => res.render('hello', (_err, html) => res.type('txt').send(html)), {
      setup: views,
    });
    assert.equal(second.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(second.body, 'Hello undefined from app');
  });

  it('passes an error to next without a callback', async () => {
    const r = await call((_q, res) => res.render('missing'), { setup: views });
    const err = reported(r);
    assert.equal(err.status, undefined);
    assert.match(err.message, /^Failed to lookup view "missing" in views directory "/);
  });

  it('adds res.locals to the options as _locals', async () => {
    let seen: unknown;
    await call(
      (_q, res) => {
        res.locals.x = 1;
        const options = { y: 2 };
        res.render('hello', options, () => {
          seen = (options as Record<string, unknown>)._locals === res.locals;
          res.end();
        });
      },
      { setup: views },
    );
    assert.equal(seen, true);
  });
});

describe('res.render with request data as options (decision 019)', () => {
  /** An app that renders `page.ejs` with real ejs and the query (nested: `extended`) as options. */
  const ejsApp = async (): Promise<Application> => {
    const ejs = await import('ejs');
    const app = brisk();
    app.set('env', 'test');
    app.set('query parser', 'extended');
    app.engine('ejs', ejs.renderFile as unknown as Engine);
    app.set('views', VIEWS);
    app.get('/page', (req, res) => res.render('page.ejs', req.query as Record<string, unknown>));
    return app;
  };

  it("ejs never sees `settings[view options]` from the query (CVE-2022-29078's path)", async () => {
    const s = await serve(await ejsApp());
    try {
      const plain = await s.get('/page?name=x');
      assert.equal(plain.body, 'name=x hook=undefined\n');
      // with the option, ejs would declare `var hook = __append;` in the compiled template
      const hooked = await s.get('/page?name=x&settings[view%20options][outputFunctionName]=hook');
      assert.equal(hooked.status, 200);
      assert.equal(hooked.body, 'name=x hook=undefined\n');
      // code in the option (which ejs 3.1.7+ refuses, and older ejs ran) does not even reach ejs
      const code = await s.get(
        '/page?name=y&settings[view%20options][outputFunctionName]=x%3Bprocess.exitCode%3D7%3Bx&settings[view%20options][client]=1',
      );
      assert.equal(code.status, 200);
      assert.equal(code.body, 'name=y hook=undefined\n');
      assert.notEqual(process.exitCode, 7);
    } finally {
      await s.close();
    }
  });

  it("the engine's settings are the app's, whatever the options and locals say", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const app = brisk();
    app.set('env', 'test');
    app.set('view options', { safe: true });
    app.engine('tpl', (_path, options, callback) => {
      seen.push(options);
      callback(null, 'ok');
    });
    app.set('views', VIEWS);
    app.locals.settings = { 'view options': { from: 'app.locals' } };
    app.get('/', (_req, res) => {
      res.locals.settings = { 'view options': { from: 'res.locals' } };
      res.render('hello.tpl', { settings: { 'view options': { from: 'options' } } });
    });
    const s = await serve(app);
    try {
      assert.equal((await s.get('/')).body, 'ok');
      assert.equal(seen.length, 1);
      assert.equal(seen[0].settings, app.settings);
      assert.deepEqual((seen[0].settings as Record<string, unknown>)['view options'], { safe: true });
    } finally {
      await s.close();
    }
  });

  it('`cache` counts only as a boolean: a string from the query falls back to the `view cache` setting', async () => {
    const seen: unknown[] = [];
    const app = brisk();
    app.set('env', 'test');
    app.set('query parser', 'extended');
    app.engine('tpl', (_path, options, callback) => {
      seen.push(options.cache);
      callback(null, 'ok');
    });
    app.set('views', VIEWS);
    app.get('/query', (req, res) => res.render('hello.tpl', req.query as Record<string, unknown>));
    app.get('/code', (_req, res) => res.render('hello.tpl', { cache: true }));
    const s = await serve(app);
    try {
      await s.get('/query?cache=1');
      app.enable('view cache');
      await s.get('/query?cache=');
      await s.get('/query?cache[]=0');
      app.disable('view cache');
      await s.get('/code');
      assert.deepEqual(seen, [false, true, true, true]);
    } finally {
      await s.close();
    }
  });
});

describe('response properties', () => {
  it('app, req, locals (per request, prototype-less) and headersSent', async () => {
    const seen: unknown[] = [];
    const app = brisk();
    app.use((req, res) => {
      seen.push(
        res.app === app,
        res.req === req,
        req.res === res,
        Object.getPrototypeOf(res.locals),
        res.locals.previous,
      );
      res.locals.previous = true;
      seen.push(res.headersSent);
      res.write('x');
      seen.push(res.headersSent);
      res.end();
    });
    const server = await serve(app);
    try {
      await server.get('/');
      await server.get('/');
    } finally {
      await server.close();
    }
    assert.deepEqual(seen, [
      true,
      true,
      true,
      null,
      undefined,
      false,
      true,
      true,
      true,
      true,
      null,
      undefined,
      false,
      true,
    ]);
  });

  it('are methods of brisk.response, enumerable as in Express, and each app can add its own', async () => {
    const names = [];
    for (const name in brisk.response) names.push(name);
    for (const method of [
      'append',
      'attachment',
      'clearCookie',
      'contentType',
      'cookie',
      'download',
      'format',
      'get',
      'header',
      'json',
      'jsonp',
      'links',
      'location',
      'redirect',
      'render',
      'send',
      'sendFile',
      'sendStatus',
      'set',
      'status',
      'type',
      'vary',
    ]) {
      assert.equal(typeof (brisk.response as unknown as Record<string, unknown>)[method], 'function', method);
      assert.ok(names.includes(method), method);
    }
    const r = await call((_q, res) => (res as unknown as { hello(): void }).hello(), {
      setup: (app) => {
        (app.response as unknown as { hello(this: Response): void }).hello = function () {
          this.send('hello from app.response');
        };
      },
    });
    assert.equal(r.body, 'hello from app.response');
  });
});
