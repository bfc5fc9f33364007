// Every req property and method of Express 5 over real HTTP.
import assert from 'node:assert/strict';
import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import brisk, { type Application, type Request } from '../src/index.js';
import { serve, type TestServer } from '../../../test/support/http.js';

/** An app answering every request with `JSON.stringify(fn(req))`. */
function echo(fn: (req: Request) => unknown, setup?: (app: Application) => void): Application {
  const app = brisk();
  setup?.(app);
  app.use((req, res) => {
    let value: unknown;
    try {
      value = fn(req as Request);
    } catch (err) {
      value = { error: (err as Error).message };
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(value === undefined ? null : value));
  });
  return app;
}

/** GET `path` with `headers` from an echo app; the parsed body. */
async function ask(
  app: Application,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<unknown> {
  const s: TestServer = await serve(app);
  try {
    const r = await s.request(method, path, { headers });
    return JSON.parse(r.body);
  } finally {
    await s.close();
  }
}

describe('req.get / req.header', () => {
  it('reads headers case-insensitively; Referer and Referrer are one', async () => {
    const app = echo((req) => [
      req.get('X-Custom'),
      req.header('x-custom'),
      req.get('Referrer'),
      req.get('referer'),
      req.get('missing'),
    ]);
    assert.deepEqual(await ask(app, '/', { 'X-Custom': 'v', Referer: 'http://r/' }), [
      'v',
      'v',
      'http://r/',
      'http://r/',
      null,
    ]);
  });

  it('throws without a name or a string name', async () => {
    const app = echo((req) => (req.get as (n: unknown) => unknown)(undefined));
    assert.deepEqual(await ask(app, '/'), { error: 'name argument is required to req.get' });
    const app2 = echo((req) => (req.get as (n: unknown) => unknown)(42));
    assert.deepEqual(await ask(app2, '/'), { error: 'name must be a string to req.get' });
  });
});

describe('req.accepts*', () => {
  it('accepts: extensions, types, arrays; false when none', async () => {
    const app = echo((req) => [
      req.accepts('html'),
      req.accepts(['json', 'text']),
      req.accepts('image/png'),
      req.accepts('text/*'),
      req.accepts(),
    ]);
    assert.deepEqual(await ask(app, '/', { Accept: 'application/json, text/html;q=0.5' }), [
      'html',
      'json',
      false,
      false,
      ['application/json', 'text/html'],
    ]);
  });

  it('accepts anything without an Accept header', async () => {
    const app = echo((req) => req.accepts('png'));
    assert.deepEqual(await ask(app, '/'), 'png');
  });

  it('acceptsEncodings, acceptsCharsets, acceptsLanguages', async () => {
    const app = echo((req) => [
      req.acceptsEncodings('br', 'gzip'),
      req.acceptsEncodings('compress'),
      req.acceptsCharsets('utf-8', 'latin1'),
      req.acceptsCharsets('ascii'),
      req.acceptsLanguages('fr', 'en'),
      req.acceptsLanguages(),
      req.acceptsLanguages('de'),
    ]);
    assert.deepEqual(
      await ask(app, '/', {
        'Accept-Encoding': 'gzip, br;q=0.5',
        'Accept-Charset': 'latin1, utf-8;q=0.2',
        'Accept-Language': 'en;q=0.8, fr',
      }),
      ['gzip', false, 'latin1', false, 'fr', ['fr', 'en'], false],
    );
  });
});

describe('req.is', () => {
  it('matches the Content-Type of a request with a body; null without a body', async () => {
    const app = echo((req) => [
      req.is('json'),
      req.is('application/*'),
      req.is('html'),
      req.is(['text', 'json']),
      req.is('json', 'html'),
    ]);
    const s = await serve(app);
    try {
      const r = await s.request('POST', '/', {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: '{}',
      });
      assert.deepEqual(JSON.parse(r.body), ['json', 'application/json', false, 'json', 'json']);
      const none = await s.get('/');
      assert.deepEqual(JSON.parse(none.body), [null, null, null, null, null]);
    } finally {
      await s.close();
    }
  });
});

describe('req.range', () => {
  it('parses ranges; -1 unsatisfiable, -2 malformed, undefined without the header; combine', async () => {
    const app = echo((req) => {
      const r = req.range(100, { combine: req.query.combine === '1' });
      return Array.isArray(r) ? { type: r.type, ranges: [...r] } : r;
    });
    assert.deepEqual(await ask(app, '/', { Range: 'bytes=0-9,5-19' }), {
      type: 'bytes',
      ranges: [
        { start: 0, end: 9 },
        { start: 5, end: 19 },
      ],
    });
    assert.deepEqual(await ask(app, '/?combine=1', { Range: 'bytes=0-9,5-19' }), {
      type: 'bytes',
      ranges: [{ start: 0, end: 19 }],
    });
    assert.equal(await ask(app, '/', { Range: 'bytes=200-300' }), -1);
    assert.equal(await ask(app, '/', { Range: 'bytes' }), -2);
    assert.equal(await ask(app, '/'), null);
  });
});

describe('req.query', () => {
  it('is a getter that parses the current url each read', async () => {
    const app = echo((req) => {
      const first = req.query;
      (req as IncomingMessage).url = '/?changed=yes';
      return [first, req.query, Object.isFrozen(req.query) ? 'frozen' : 'fresh', req.query === req.query];
    });
    assert.deepEqual(await ask(app, '/?a=1'), [{ a: '1' }, { changed: 'yes' }, 'fresh', false]);
  });
});

describe('req.path, baseUrl, originalUrl', () => {
  it('inside mounted middleware', async () => {
    const app = brisk();
    app.use('/api/:version', (req, res) => res.end(JSON.stringify([req.path, req.baseUrl, req.originalUrl, req.url])));
    const s = await serve(app);
    try {
      assert.deepEqual(JSON.parse((await s.get('/api/v1/users?x=1')).body), [
        '/users',
        '/api/v1',
        '/api/v1/users?x=1',
        '/users?x=1',
      ]);
    } finally {
      await s.close();
    }
  });
});

describe('req.protocol and req.secure', () => {
  it('http by default; X-Forwarded-Proto only under trust proxy (first value)', async () => {
    const plain = echo((req) => [req.protocol, req.secure]);
    assert.deepEqual(await ask(plain, '/', { 'X-Forwarded-Proto': 'https' }), ['http', false]);
    const trusted = echo(
      (req) => [req.protocol, req.secure],
      (app) => app.set('trust proxy', true),
    );
    assert.deepEqual(await ask(trusted, '/', { 'X-Forwarded-Proto': 'https, http' }), ['https', true]);
    assert.deepEqual(await ask(trusted, '/'), ['http', false]);
    const untrustedHop = echo(
      (req) => req.protocol,
      (app) => app.set('trust proxy', '10.0.0.1'),
    );
    assert.equal(await ask(untrustedHop, '/', { 'X-Forwarded-Proto': 'https' }), 'http');
  });
});

describe('req.ip and req.ips', () => {
  it('the socket address without trust proxy', async () => {
    const app = echo((req) => [req.ip, req.ips]);
    assert.deepEqual(await ask(app, '/', { 'X-Forwarded-For': '1.2.3.4' }), ['127.0.0.1', []]);
  });

  it('trust proxy true: the left-most X-Forwarded-For entry', async () => {
    const app = echo(
      (req) => [req.ip, req.ips],
      (a) => a.set('trust proxy', true),
    );
    assert.deepEqual(await ask(app, '/', { 'X-Forwarded-For': '1.1.1.1, 2.2.2.2, 3.3.3.3' }), [
      '1.1.1.1',
      ['1.1.1.1', '2.2.2.2', '3.3.3.3'],
    ]);
  });

  it('trust proxy as a hop count', async () => {
    const app = echo(
      (req) => [req.ip, req.ips],
      (a) => a.set('trust proxy', 2),
    );
    assert.deepEqual(await ask(app, '/', { 'X-Forwarded-For': '1.1.1.1, 2.2.2.2, 3.3.3.3' }), [
      '2.2.2.2',
      ['2.2.2.2', '3.3.3.3'],
    ]);
  });

  it('trust proxy as named subnets, comma lists and arrays', async () => {
    const named = echo(
      (req) => req.ip,
      (a) => a.set('trust proxy', 'loopback, 10.0.0.0/8'),
    );
    assert.equal(await ask(named, '/', { 'X-Forwarded-For': '8.8.8.8, 10.1.2.3' }), '8.8.8.8');
    const array = echo(
      (req) => req.ip,
      (a) => a.set('trust proxy', ['loopback', 'uniquelocal']),
    );
    assert.equal(await ask(array, '/', { 'X-Forwarded-For': '9.9.9.9, 192.168.0.4' }), '9.9.9.9');
    const narrow = echo(
      (req) => req.ip,
      (a) => a.set('trust proxy', 'loopback'),
    );
    assert.equal(await ask(narrow, '/', { 'X-Forwarded-For': '9.9.9.9, 192.168.0.4' }), '192.168.0.4');
  });

  it('trust proxy as a function', async () => {
    const app = echo(
      (req) => req.ip,
      (a) => a.set('trust proxy', (addr: string) => addr === '127.0.0.1'),
    );
    assert.equal(await ask(app, '/', { 'X-Forwarded-For': '5.5.5.5, 6.6.6.6' }), '6.6.6.6');
  });

  it('rejects an invalid trust proxy address', () => {
    assert.throws(() => brisk().set('trust proxy', 'not-an-ip'), TypeError);
  });
});

describe('req.host and req.hostname', () => {
  it('from Host, with the port; hostname without it; IPv6 literals', async () => {
    const app = echo((req) => [req.host, req.hostname]);
    assert.deepEqual(await ask(app, '/', { Host: 'example.com:3000' }), ['example.com:3000', 'example.com']);
    assert.deepEqual(await ask(app, '/', { Host: '[::1]:3000' }), ['[::1]:3000', '[::1]']);
    assert.deepEqual(await ask(app, '/', { Host: '[::1]' }), ['[::1]', '[::1]']);
  });

  it('X-Forwarded-Host under trust proxy, first value', async () => {
    const plain = echo((req) => req.hostname);
    assert.equal(await ask(plain, '/', { Host: 'inner', 'X-Forwarded-Host': 'outer.com' }), 'inner');
    const trusted = echo(
      (req) => [req.host, req.hostname],
      (a) => a.enable('trust proxy'),
    );
    assert.deepEqual(await ask(trusted, '/', { Host: 'inner', 'X-Forwarded-Host': 'outer.com:8080 , other' }), [
      'outer.com:8080',
      'outer.com',
    ]);
  });
});

describe('req.subdomains', () => {
  it('right to left, after `subdomain offset` parts; none for IP addresses', async () => {
    const app = echo((req) => req.subdomains);
    assert.deepEqual(await ask(app, '/', { Host: 'tobi.ferrets.example.com' }), ['ferrets', 'tobi']);
    assert.deepEqual(await ask(app, '/', { Host: '127.0.0.1' }), []);
    const offset = echo(
      (req) => req.subdomains,
      (a) => a.set('subdomain offset', 3),
    );
    assert.deepEqual(await ask(offset, '/', { Host: 'tobi.ferrets.example.co.uk' }), ['ferrets', 'tobi']);
    assert.deepEqual(await ask(offset, '/', { Host: 'example.co.uk' }), []);
  });
});

describe('req.fresh and req.stale', () => {
  const app = (): Application => {
    const a = brisk();
    a.get('/', (req, res) => {
      res.setHeader('ETag', '"abc"');
      res.end(JSON.stringify([req.fresh, req.stale]));
    });
    a.get('/dated', (req, res) => {
      res.setHeader('Last-Modified', 'Tue, 24 Nov 2026 10:00:00 GMT');
      res.end(JSON.stringify([req.fresh, req.stale]));
    });
    a.post('/', (req, res) => {
      res.setHeader('ETag', '"abc"');
      res.end(JSON.stringify([req.fresh, req.stale]));
    });
    return a;
  };

  it('fresh when If-None-Match matches the ETag; stale otherwise, and for no-cache and POST', async () => {
    const s = await serve(app());
    try {
      assert.equal((await s.get('/', { 'If-None-Match': '"abc"' })).body, '[true,false]');
      assert.equal((await s.get('/', { 'If-None-Match': '"xyz"' })).body, '[false,true]');
      assert.equal((await s.get('/', { 'If-None-Match': '"abc"', 'Cache-Control': 'no-cache' })).body, '[false,true]');
      assert.equal((await s.request('POST', '/', { headers: { 'If-None-Match': '"abc"' } })).body, '[false,true]');
      // without a conditional header nothing is fresh, whatever the response's validators
      assert.equal((await s.get('/')).body, '[false,true]');
      assert.equal((await s.get('/dated')).body, '[false,true]');
      // If-Modified-Since alone is enough to ask (Last-Modified not newer: fresh)
      assert.equal(
        (await s.get('/dated', { 'If-Modified-Since': 'Tue, 24 Nov 2026 10:00:00 GMT' })).body,
        '[true,false]',
      );
      assert.equal(
        (await s.get('/dated', { 'If-Modified-Since': 'Tue, 24 Nov 2026 09:59:59 GMT' })).body,
        '[false,true]',
      );
    } finally {
      await s.close();
    }
  });

  // node parses the QUERY method from 22.2 and 20.13 on (http.METHODS lists it)
  it('QUERY is checked as GET and HEAD are (express 5.3); PUT, DELETE and OPTIONS are never fresh', {
    skip: !METHODS.includes('QUERY') && 'this node does not parse the QUERY method',
  }, async () => {
    const a = brisk();
    a.all('/', (req, res) => {
      res.setHeader('ETag', '"abc"');
      res.end(JSON.stringify([req.method, req.fresh, req.stale]));
    });
    const s = await serve(a);
    try {
      const conditional = { headers: { 'If-None-Match': '"abc"' } };
      assert.equal((await s.request('QUERY', '/', conditional)).body, '["QUERY",true,false]');
      assert.equal(
        (await s.request('QUERY', '/', { headers: { 'If-None-Match': '"x"' } })).body,
        '["QUERY",false,true]',
      );
      assert.equal((await s.request('HEAD', '/', conditional)).status, 200);
      for (const method of ['PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
        assert.equal((await s.request(method, '/', conditional)).body, `["${method}",false,true]`);
      }
    } finally {
      await s.close();
    }
  });

  it('QUERY: the getter itself (every node, whether or not it parses QUERY)', () => {
    const freshOf = (method: string): boolean => {
      const req = Object.create(brisk.request) as Request;
      Object.defineProperty(req, 'method', { value: method });
      Object.defineProperty(req, 'headers', { value: { 'if-none-match': '"abc"' } });
      Object.defineProperty(req, 'res', {
        value: { statusCode: 200, getHeader: (name: string) => (name.toLowerCase() === 'etag' ? '"abc"' : undefined) },
      });
      return req.fresh;
    };
    assert.deepEqual(['GET', 'HEAD', 'QUERY', 'POST', 'query'].map(freshOf), [true, true, true, false, false]);
  });
});

describe('req.xhr', () => {
  it('true for X-Requested-With: XMLHttpRequest, any case', async () => {
    const app = echo((req) => req.xhr);
    assert.equal(await ask(app, '/', { 'X-Requested-With': 'xmlhttprequest' }), true);
    assert.equal(await ask(app, '/', { 'X-Requested-With': 'fetch' }), false);
    assert.equal(await ask(app, '/'), false);
  });
});

describe('req.body, req.cookies, req.route, req.params', () => {
  it('body is undefined until a parser runs, then the parsed body', async () => {
    const app = brisk();
    app.post('/raw', (req, res) => res.end(String(req.body === undefined)));
    app.post('/json', brisk.json(), (req, res) => res.end(JSON.stringify(req.body)));
    const s = await serve(app);
    try {
      assert.equal((await s.request('POST', '/raw', { body: 'x' })).body, 'true');
      assert.equal(
        (await s.request('POST', '/json', { headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' })).body,
        '{"a":1}',
      );
    } finally {
      await s.close();
    }
  });

  it('params is {} in plain middleware, the route params in routes; route is the matched route', async () => {
    const app = brisk();
    app.use((req, _res, next) => {
      (req as unknown as Record<string, unknown>).before = JSON.stringify(req.params);
      next();
    });
    app.get('/u/:id', (req, res) =>
      res.end(`${(req as unknown as Record<string, unknown>).before} ${JSON.stringify(req.params)} ${req.route?.path}`),
    );
    const s = await serve(app);
    try {
      assert.equal((await s.get('/u/7')).body, '{} {"id":"7"} /u/:id');
    } finally {
      await s.close();
    }
  });
});

describe('the request prototype', () => {
  it("Express's members are enumerable on brisk.request", () => {
    const keys: string[] = [];
    for (const key in brisk.request) keys.push(key);
    for (const name of [
      'get',
      'header',
      'accepts',
      'acceptsEncodings',
      'acceptsCharsets',
      'acceptsLanguages',
      'range',
      'is',
      'query',
      'protocol',
      'secure',
      'ip',
      'ips',
      'subdomains',
      'path',
      'host',
      'hostname',
      'fresh',
      'stale',
      'xhr',
    ]) {
      assert.ok(keys.includes(name), name);
    }
  });

  it('a request handled through a plain listener gets the app prototype (fallback path)', async () => {
    const app = brisk();
    app.get('/', (req, res) => res.end(`${req.hostname} ${req.app === app}`));
    const s = await serve((req: IncomingMessage, res: ServerResponse) => app(req, res));
    try {
      assert.equal((await s.get('/', { Host: 'h.example' })).body, 'h.example true');
    } finally {
      await s.close();
    }
  });
});
