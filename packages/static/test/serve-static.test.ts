// serveStatic(root, options) over real HTTP: methods, fallthrough, redirects (and their safety),
// mounting, setHeaders, every option, dotfiles at every depth and traversal attempts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import serveStatic, { SendStream, type ServeStaticOptions } from '../src/index.js';
import {
  A_ETAG,
  createFixture,
  LAST_MODIFIED,
  ownHeaders,
  redirectPage,
  withServer,
  type Fixture,
  type Reply,
} from './helpers.js';

let fx: Fixture;
before(() => {
  fx = createFixture();
});
after(() => fx.remove());

/** What `next` received, as the test server reports it in `X-Next` and the body. */
interface NextReply extends Reply {
  next?: {
    status?: number;
    expose?: boolean;
    message?: string;
    name?: string;
    code?: string;
    headers?: unknown;
  } | null;
}

/**
 * GETs `url` from a server running the middleware. `next()` answers 404 `next()`; `next(err)`
 * answers the error's status with its fields as JSON. `mount` mimics a router: it strips a prefix
 * from `req.url` and keeps `req.originalUrl`.
 */
async function get(
  url: string,
  options?: ServeStaticOptions | null,
  request: { method?: string; headers?: Record<string, string> } = {},
  { root, mount }: { root?: string; mount?: string } = {},
): Promise<NextReply> {
  const mw = serveStatic(root ?? fx.root, options);
  let reply: NextReply | undefined;
  await withServer(
    (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
      if (mount) {
        req.originalUrl = req.url;
        req.url = (req.url as string).slice(mount.length) || '/';
        if (req.url[0] !== '/') req.url = '/' + req.url;
      }
      mw(req, res, (err?: unknown) => {
        res.setHeader('X-Next', err ? 'error' : 'next');
        if (!err) {
          res.statusCode = 404;
          res.end('next()');
          return;
        }
        const e = err as Error & { status?: number; expose?: boolean; code?: string; headers?: unknown };
        res.removeHeader('Content-Length');
        res.statusCode = e.status ?? 500;
        res.end(
          JSON.stringify({
            status: e.status,
            expose: e.expose,
            message: e.message,
            name: e.name,
            code: e.code,
            headers: e.headers,
          }),
        );
      });
    },
    async (server) => {
      const r: NextReply = await server.request(request.method ?? 'GET', url, { headers: request.headers });
      const how = r.headers['x-next'];
      r.next = how === 'error' ? JSON.parse(r.body) : how === 'next' ? null : undefined;
      reply = r;
    },
  );
  return reply as NextReply;
}

describe('serveStatic: serving', () => {
  test('GET a file', async () => {
    const r = await get('/a.txt');
    assert.equal(r.status, 200);
    assert.equal(r.body, 'hello world');
    assert.deepEqual(ownHeaders(r), {
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=0',
      'last-modified': LAST_MODIFIED,
      etag: A_ETAG,
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '11',
    });
    assert.equal(r.next, undefined);
  });

  test('HEAD a file', async () => {
    const r = await get('/a.txt', undefined, { method: 'HEAD' });
    assert.equal(r.status, 200);
    assert.equal(r.body, '');
    assert.equal(r.headers['content-length'], '11');
  });

  test('the query string is ignored', async () => {
    assert.equal((await get('/a.txt?x=1&y=/..')).body, 'hello world');
  });

  test('a relative root resolves against the working directory', async () => {
    const r = await get('/a.txt', undefined, {}, { root: relative(process.cwd(), fx.root) });
    assert.equal(r.body, 'hello world');
  });

  test('a root under a dot directory serves its files', async () => {
    const r = await get('/file.txt', { dotfiles: 'deny' }, {}, { root: fx.dotRoot });
    assert.equal(r.body, 'in a dot root');
  });

  test('a file as large as several reads', async () => {
    const r = await get('/big.bin');
    assert.equal(r.bytes.length, 200_000);
  });

  test('conditional GET → 304, ranges → 206, several ranges → 200', async () => {
    assert.equal((await get('/a.txt', undefined, { headers: { 'if-none-match': A_ETAG } })).status, 304);
    const ranged = await get('/a.txt', undefined, { headers: { range: 'bytes=0-4' } });
    assert.equal(ranged.status, 206);
    assert.equal(ranged.body, 'hello');
    assert.equal((await get('/a.txt', undefined, { headers: { range: 'bytes=0-1,4-5' } })).status, 200);
  });
});

describe('serveStatic: methods', () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
    test(`${method}: next() with fallthrough, 405 without`, async () => {
      const r = await get('/a.txt', undefined, { method });
      assert.equal(r.status, 404);
      assert.equal(r.next, null);
      const r2 = await get('/a.txt', { fallthrough: false }, { method });
      assert.equal(r2.status, 405);
      assert.equal(r2.headers.allow, 'GET, HEAD');
      assert.equal(r2.headers['content-length'], '0');
      assert.equal(r2.body, '');
      assert.equal(r2.next, undefined);
    });
  }
});

describe('serveStatic: fallthrough', () => {
  const clientErrors: [string, number][] = [
    ['/missing.txt', 404],
    ['/dir/sub/', 404],
    ['/.env', 404],
    ['/%2e%2e/secret.txt', 403],
    ['/%00', 400],
    ['/%zz', 400],
  ];
  for (const [path, status] of clientErrors) {
    test(`${path}: next() by default, next(err ${status}) with fallthrough: false`, async () => {
      const r = await get(path);
      assert.equal(r.next, null);
      const r2 = await get(path, { fallthrough: false });
      assert.equal(r2.status, status);
      assert.equal(r2.next?.status, status);
    });
  }

  test('a missing file with fallthrough: false: the fs error, not exposed', async () => {
    const r = await get('/missing.txt', { fallthrough: false });
    assert.equal(r.next?.code, 'ENOENT');
    assert.equal(r.next?.expose, false);
  });

  test('once a file is found, its errors go to next(err) even with fallthrough', async () => {
    const r = await get('/a.txt', undefined, { headers: { 'if-match': '"other"' } });
    assert.equal(r.status, 412);
    assert.equal(r.next?.name, 'PreconditionFailedError');
    const r2 = await get('/a.txt', undefined, { headers: { range: 'bytes=50-' } });
    assert.equal(r2.status, 416);
    assert.deepEqual(r2.next?.headers, { 'Content-Range': 'bytes */11' });
    assert.equal(r2.headers['content-range'], 'bytes */11');
  });

  test('a name too long is a 404 (next())', async () => {
    assert.equal((await get('/' + 'x'.repeat(300) + '/a')).next, null);
  });

  test('server errors always go to next(err)', async () => {
    const r = await get('/loop.txt');
    assert.equal(r.status, 500);
    assert.equal(r.next?.code, 'ELOOP');
    assert.equal(r.next?.expose, false);
  });

  test('a read error after the file was found → next(err 500)', async () => {
    const { writeFileSync, unlinkSync, mkdirSync } = await import('node:fs');
    writeFileSync(join(fx.root, 'becomes-dir.txt'), 'x');
    const r = await get('/becomes-dir.txt', {
      setHeaders: (res, path) => {
        unlinkSync(path);
        mkdirSync(path);
      },
    });
    assert.equal(r.status, 500);
    assert.equal(r.next?.code, 'EISDIR');
  });
});

describe('serveStatic: directories', () => {
  test('redirect to the trailing slash, keeping the query', async () => {
    const r = await get('/dir?q=1&r=%20');
    assert.equal(r.status, 301);
    assert.equal(r.headers.location, '/dir/?q=1&r=%20');
    assert.equal(r.body, redirectPage('/dir/?q=1&amp;r=%20'));
    assert.deepEqual(ownHeaders(r), {
      'content-type': 'text/html; charset=UTF-8',
      'content-length': String(Buffer.byteLength(redirectPage('/dir/?q=1&amp;r=%20'))),
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
      location: '/dir/?q=1&r=%20',
    });
  });

  test('the Location is encoded and the page escapes it', async () => {
    const r = await get("/a&b'%3Cc%3E");
    assert.equal(r.headers.location, "/a&b'%3Cc%3E/");
    assert.equal(r.body, redirectPage('/a&amp;b&#39;%3Cc%3E/'));
  });

  test('a trailing slash serves the index', async () => {
    assert.equal((await get('/dir/')).body, '<p>dir index</p>');
    assert.equal((await get('/')).body, '<p>root index</p>');
  });

  test('redirect: false → a directory is not found', async () => {
    const r = await get('/dir', { redirect: false });
    assert.equal(r.next, null);
    const r2 = await get('/dir', { redirect: false, fallthrough: false });
    assert.equal(r2.status, 404);
    assert.equal(r2.next?.status, 404);
  });

  test('index: false → a directory with a slash is not found', async () => {
    assert.equal((await get('/dir/', { index: false })).next, null);
    assert.equal((await get('/dir/', { index: false, fallthrough: false })).next?.status, 404);
  });

  test('index as a list, and as a string', async () => {
    assert.equal((await get('/dir/', { index: ['none.html', 'index.htm'] })).body, '<p>htm index</p>');
    assert.equal((await get('/dir.d/', { index: 'index.htm' })).body, '<p>only htm</p>');
  });

  test('extensions', async () => {
    assert.equal((await get('/page', { extensions: ['html'] })).body, '<h1>page</h1>');
    assert.equal((await get('/data', { extensions: ['htm', 'json'] })).body, '{"a":1}');
    assert.equal((await get('/page')).next, null);
  });
});

describe('serveStatic: redirects stay on this site', () => {
  const cases: [string, string][] = [
    ['//evil.com/x', '/evil.com/x/'],
    ['///evil.com/x', '/evil.com/x/'],
    ['/\\evil.com/%2e%2e', '/%5Cevil.com/%2e%2e/'],
    ['/%5Cevil.com/%2e%2e', '/%5Cevil.com/%2e%2e/'],
    ['/%2F%2Fevil.com/x', '/%2F%2Fevil.com/x/'],
    // a backslash is encoded by the redirect itself (encodeUrl keeps it, decision 010)
    ['/\\evil.com/..', '/%5Cevil.com/../'],
    ['/\\\\evil.com/..', '/%5C%5Cevil.com/../'],
    ['//evil.com/..', '/evil.com/../'],
    ['/\\/..', '/%5C/../'],
    ['//\\/..', '/%5C/../'],
  ];
  for (const [path, location] of cases) {
    test(`${path} → Location ${location}`, async () => {
      const r = await get(path);
      assert.equal(r.status, 301);
      assert.equal(r.headers.location, location);
      assert.equal(new URL(r.headers.location as string, 'http://site.example/').host, 'site.example');
    });
  }

  test('no directory redirect starts with // or /\\ or leaves the site, whatever slashes the path starts with', async () => {
    const mw = serveStatic(fx.root);
    const starts = ['/', '//', '///', '/\\', '/\\\\', '/\\/', '//\\', '/%5C', '/%5c/', '/%2F', '/./', '/.\\'];
    const rests = ['evil.com/..', 'evil.com/%2e%2e', 'evil.com/x', '..', 'dir', '%2e%2e/dir', 'evil.com/x/..\\..'];
    let redirects = 0;
    await withServer(
      (req, res) =>
        mw(req, res, () => {
          res.statusCode = 404;
          res.end();
        }),
      async (server) => {
        for (const start of starts) {
          for (const rest of rests) {
            const r = await server.get(start + rest);
            if (r.status !== 301) continue;
            redirects++;
            const location = r.headers.location as string;
            assert.doesNotMatch(location, /^[\\/][\\/]/, start + rest);
            assert.doesNotMatch(location, /\\/, start + rest);
            assert.equal(new URL(location, 'http://site.example/a/b').host, 'site.example', start + rest);
          }
        }
      },
    );
    assert.ok(redirects >= 30, String(redirects)); // most of them are directories under the root
  });

  test('under a mount path too', async () => {
    const r = await get('/static//evil.com/x', undefined, {}, { mount: '/static' });
    assert.equal(r.headers.location, '/static//evil.com/x/');
    assert.equal(new URL(r.headers.location as string, 'http://site.example/').host, 'site.example');
    const r2 = await get('//evil.com/x', undefined, {}, { mount: '/' });
    assert.equal(r2.headers.location, '/evil.com/x/');
  });

  test('an absolute-form request target keeps its own origin (as serve-static)', async () => {
    const r = await get('http://site.example/dir');
    assert.equal(r.headers.location, 'http://site.example/dir/');
  });
});

describe('serveStatic: mounted (req.originalUrl)', () => {
  test('the redirect uses the original URL', async () => {
    const r = await get('/static/dir?x=1', undefined, {}, { mount: '/static' });
    assert.equal(r.headers.location, '/static/dir/?x=1');
  });

  test('at the mount point without a slash: redirect to it with one', async () => {
    const r = await get('/static', undefined, {}, { mount: '/static' });
    assert.equal(r.status, 301);
    assert.equal(r.headers.location, '/static/');
    const r2 = await get('/static?x=1', undefined, {}, { mount: '/static' });
    assert.equal(r2.headers.location, '/static/?x=1');
  });

  test('at the mount point with a slash: the index', async () => {
    assert.equal((await get('/static/', undefined, {}, { mount: '/static' })).body, '<p>root index</p>');
  });

  test('files below the mount point', async () => {
    assert.equal((await get('/static/a.txt', undefined, {}, { mount: '/static' })).body, 'hello world');
  });
});

describe('serveStatic: setHeaders', () => {
  test('called with (res, path, stat) and the stream as this, before the headers are sent', async () => {
    const calls: unknown[][] = [];
    const r = await get('/a.txt', {
      setHeaders(this: SendStream, res: ServerResponse, path: string, stat: Stats) {
        calls.push([this instanceof SendStream, typeof res.setHeader, path, stat.size]);
        res.setHeader('X-Custom', 'yes');
        res.setHeader('Cache-Control', 'no-store');
      },
    });
    assert.equal(r.headers['x-custom'], 'yes');
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.deepEqual(calls, [[true, 'function', join(fx.root, 'a.txt'), 11]]);
  });

  test('not called for missing files, redirects or errors before a file', async () => {
    let n = 0;
    const setHeaders = (): void => {
      n++;
    };
    await get('/missing.txt', { setHeaders });
    await get('/dir', { setHeaders });
    await get('/.env', { setHeaders });
    assert.equal(n, 0);
  });

  test('called for the index file', async () => {
    let seen = '';
    await get('/dir/', { setHeaders: (res, path) => (seen = path) });
    assert.equal(seen, join(fx.root, 'dir', 'index.html'));
  });
});

describe('serveStatic: options', () => {
  const cases: [string, ServeStaticOptions, Record<string, string | undefined>][] = [
    ['maxAge in ms', { maxAge: 60_000 }, { 'cache-control': 'public, max-age=60' }],
    ['maxAge string', { maxAge: '1d' }, { 'cache-control': 'public, max-age=86400' }],
    ['maxage (older name)', { maxage: '2h' }, { 'cache-control': 'public, max-age=7200' }],
    ['maxAge over a year', { maxAge: '2 years' }, { 'cache-control': 'public, max-age=31536000' }],
    ['immutable', { maxAge: '30d', immutable: true }, { 'cache-control': 'public, max-age=2592000, immutable' }],
    ['cacheControl: false', { maxAge: '1d', cacheControl: false }, { 'cache-control': undefined }],
    ['etag: false', { etag: false }, { etag: undefined }],
    ['lastModified: false', { lastModified: false }, { 'last-modified': undefined }],
    ['acceptRanges: false', { acceptRanges: false }, { 'accept-ranges': undefined }],
  ];
  for (const [name, options, expected] of cases) {
    test(name, async () => {
      const r = await get('/a.txt', options);
      for (const [h, v] of Object.entries(expected)) assert.equal(r.headers[h], v, h);
    });
  }

  test('options are compiled when the middleware is made', async () => {
    const options: ServeStaticOptions = { maxAge: '1h' };
    const mw = serveStatic(fx.root, options);
    options.maxAge = '2h';
    await withServer(
      (req, res) => mw(req, res, () => res.end('next')),
      async (server) => assert.equal((await server.get('/a.txt')).headers['cache-control'], 'public, max-age=3600'),
    );
  });

  test('the root argument wins over a root option', async () => {
    const r = await get('/a.txt', { root: '/nonexistent' } as ServeStaticOptions);
    assert.equal(r.body, 'hello world');
  });

  test('null options', async () => {
    assert.equal((await get('/a.txt', null)).body, 'hello world');
  });
});

describe('serveStatic: dotfiles at every depth', () => {
  const paths = [
    '/.env',
    '/.git/config',
    '/a/.hidden/b.txt',
    '/.well-known/x.txt',
    '/%2egit/config',
    '/.nothing/a.txt',
  ];
  for (const path of paths) {
    test(path, async () => {
      // ignore (default): as if absent
      assert.equal((await get(path)).next, null);
      assert.equal((await get(path, { fallthrough: false })).next?.status, 404);
      // deny: 403 (a client error: next() with fallthrough)
      assert.equal((await get(path, { dotfiles: 'deny' })).next, null);
      const denied = await get(path, { dotfiles: 'deny', fallthrough: false });
      assert.equal(denied.status, 403);
      assert.equal(denied.next?.name, 'ForbiddenError');
      // allow: served when it exists
      const allowed = await get(path, { dotfiles: 'allow' });
      assert.equal(allowed.status, path === '/.nothing/a.txt' ? 404 : 200);
    });
  }
});

describe('serveStatic: traversal attempts', () => {
  const cases: [string, number][] = [
    ['/../secret.txt', 403],
    ['/%2e%2e/', 403],
    ['/%2e%2e/secret.txt', 403],
    ['/..%2f', 403],
    ['/..%2fsecret.txt', 403],
    ['/..%5csecret.txt', 403],
    ['/a/%2e%2e/%2e%2e/secret.txt', 403],
    ['/\\..\\secret.txt', 403],
    ['/%00', 400],
    ['/a.txt%00', 400],
    ['/%zz', 400],
    ['/%c0%ae%c0%ae/secret.txt', 400],
  ];
  for (const [path, status] of cases) {
    test(`${path} → ${status}, never the file`, async () => {
      const r = await get(path, { fallthrough: false, dotfiles: 'allow' });
      assert.equal(r.status, status);
      assert.ok(!r.body.includes('outside the root'));
      assert.equal((await get(path)).next, null);
    });
  }

  test('an absolute path in the URL stays under the root', async () => {
    const r = await get(fx.outside);
    assert.equal(r.next, null);
  });
});

describe('serveStatic: hand-made requests', () => {
  test('a request without a URL: next(), or next(err 404) without fallthrough', () => {
    const req = { method: 'GET', headers: {} } as IncomingMessage;
    const res = {} as ServerResponse;
    const seen: unknown[] = [];
    serveStatic(fx.root)(req, res, (err) => seen.push(err));
    serveStatic(fx.root, { fallthrough: false })(req, res, (err) => seen.push((err as { status: number }).status));
    assert.deepEqual(seen, [undefined, 404]);
  });
});

describe('serveStatic: set-up errors', () => {
  test('root', () => {
    assert.throws(() => serveStatic(undefined as unknown as string), {
      name: 'TypeError',
      message: 'root path required',
    });
    assert.throws(() => serveStatic(''), { name: 'TypeError', message: 'root path required' });
    assert.throws(() => serveStatic(42 as unknown as string), {
      name: 'TypeError',
      message: 'root path must be a string',
    });
  });

  test('setHeaders must be a function', () => {
    assert.throws(() => serveStatic(fx.root, { setHeaders: 'x' as unknown as () => void }), {
      name: 'TypeError',
      message: 'option setHeaders must be function',
    });
  });

  test('send options are validated now, not per request', () => {
    assert.throws(() => serveStatic(fx.root, { dotfiles: 'maybe' as 'allow' }), {
      name: 'TypeError',
      message: 'dotfiles option must be "allow", "deny", or "ignore"',
    });
    assert.throws(() => serveStatic(fx.root, { index: [1] as unknown as string[] }), {
      message: 'index option must be array of strings or false',
    });
  });

  test('the middleware is named serveStatic', () => {
    assert.equal(serveStatic(fx.root).name, 'serveStatic');
  });
});
