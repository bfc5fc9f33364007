// res.sendFile and res.download over real HTTP: headers, options, conditional and range requests,
// dotfiles, roots, directories, errors (to the callback or to next), and clients that go away.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { inspect } from 'node:util';
import { after, before, describe, it } from 'node:test';
import brisk, { type Response } from '../src/index.js';
import { serve } from '../../../test/support/http.js';
import { call, callRaw, FILES, reported, type Handler } from './fixtures/response/app.js';

const HELLO = join(FILES, 'hello.txt');

/** The weak ETag @brisk/static gives a file: size and mtime in hex. */
function fileETag(path: string): string {
  const stat = statSync(path);
  return `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
}

/** What a file-transfer callback received. */
interface Outcome {
  calls: number;
  err: (Error & { code?: string; status?: number; expose?: boolean }) | undefined;
  headersSent: boolean;
}

/** A handler that transfers with `start(res, done)` and records how `done` was called. */
function recording(start: (res: Response, done: (err?: Error) => void) => void): {
  handler: Handler;
  outcome: Outcome;
  finished: Promise<void>;
} {
  const outcome: Outcome = { calls: 0, err: undefined, headersSent: false };
  let resolve!: () => void;
  const finished = new Promise<void>((r) => (resolve = r));
  const handler: Handler = (_req, res) => {
    start(res, (err) => {
      outcome.calls++;
      outcome.err = err as Outcome['err'];
      outcome.headersSent = res.headersSent;
      if (err && !res.headersSent) res.status(599).end();
      resolve();
    });
  };
  return { handler, outcome, finished };
}

describe('res.sendFile', () => {
  it('sends a file with its type, length and caching headers', async () => {
    const r = await call((_q, res) => res.sendFile(HELLO));
    assert.equal(r.status, 200);
    assert.equal(r.body, 'hello file');
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(r.headers['content-length'], '10');
    assert.equal(r.headers['accept-ranges'], 'bytes');
    assert.equal(r.headers['cache-control'], 'public, max-age=0');
    assert.equal(r.headers['last-modified'], statSync(HELLO).mtime.toUTCString());
    assert.equal(r.headers.etag, fileETag(HELLO));
  });

  it('sends the headers and no body for HEAD', async () => {
    const r = await call((_q, res) => res.sendFile(HELLO), { method: 'HEAD' });
    assert.equal(r.headers['content-length'], '10');
    assert.equal(r.body, '');
  });

  it('sends no ETag when the app disables etag', async () => {
    const r = await call((_q, res) => res.sendFile(HELLO), { setup: (app) => app.set('etag', false) });
    assert.equal(r.headers.etag, undefined);
    assert.equal(r.body, 'hello file');
  });

  it('answers conditional requests: 304 when fresh, 412 through next when a precondition fails', async () => {
    const fresh = await call((_q, res) => res.sendFile(HELLO), { headers: { 'If-None-Match': fileETag(HELLO) } });
    assert.equal(fresh.status, 304);
    assert.equal(fresh.body, '');
    assert.equal(fresh.headers['content-type'], undefined);
    const failed = await call((_q, res) => res.sendFile(HELLO), { headers: { 'If-Match': '"nope"' } });
    assert.deepEqual(reported(failed), {
      name: 'PreconditionFailedError',
      message: 'Precondition Failed',
      status: 412,
    });
  });

  it('answers ranges: 206, and 416 through next', async () => {
    const partial = await call((_q, res) => res.sendFile(HELLO), { headers: { Range: 'bytes=0-3' } });
    assert.equal(partial.status, 206);
    assert.equal(partial.headers['content-range'], 'bytes 0-3/10');
    assert.equal(partial.body, 'hell');
    const outside = await call((_q, res) => res.sendFile(HELLO), { headers: { Range: 'bytes=100-300' } });
    assert.equal(outside.headers['content-range'], 'bytes */10');
    assert.deepEqual(reported(outside), {
      name: 'RangeNotSatisfiableError',
      message: 'Range Not Satisfiable',
      status: 416,
    });
  });

  it('applies the options: headers, maxAge, immutable, lastModified, cacheControl, acceptRanges', async () => {
    const r = await call((_q, res) =>
      res.sendFile(HELLO, {
        headers: { 'X-Extra': '1', 'Content-Type': 'x/y' },
        maxAge: '1d',
        immutable: true,
        lastModified: false,
      }),
    );
    assert.equal(r.headers['x-extra'], '1');
    assert.equal(r.headers['content-type'], 'x/y');
    assert.equal(r.headers['cache-control'], 'public, max-age=86400, immutable');
    assert.equal(r.headers['last-modified'], undefined);
    const bare = await call((_q, res) => res.sendFile(HELLO, { cacheControl: false, acceptRanges: false }), {
      headers: { Range: 'bytes=0-1' },
    });
    assert.equal(bare.status, 200);
    assert.equal(bare.body, 'hello file');
    assert.equal(bare.headers['cache-control'], undefined);
    assert.equal(bare.headers['accept-ranges'], undefined);
  });

  it('resolves a relative path inside root, and refuses one that leaves it (403)', async () => {
    const inside = await call((_q, res) => res.sendFile('dir/../hello.txt', { root: FILES }));
    assert.equal(inside.body, 'hello file');
    const outside = await call((_q, res) => res.sendFile('../app.ts', { root: FILES }));
    assert.deepEqual(reported(outside), { name: 'ForbiddenError', message: 'Forbidden', status: 403 });
  });

  it('serves index.html for a directory path ending in /', async () => {
    const r = await call((_q, res) => res.sendFile(join(FILES, 'dir') + '/'));
    assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(r.body, '<p>index</p>');
  });

  it('passes over a directory without / (next()), or gives the callback EISDIR', async () => {
    const r = await call((_q, res) => res.sendFile(join(FILES, 'dir')));
    assert.equal(r.status, 404);
    assert.match(r.body, /Cannot GET \//);
    const { handler, outcome, finished } = recording((res, done) => res.sendFile(join(FILES, 'dir'), done));
    await call(handler);
    await finished;
    assert.equal(outcome.err?.code, 'EISDIR');
    assert.equal(outcome.err?.message, 'EISDIR, read');
  });

  describe('dotfiles', () => {
    const cases: Array<[name: string, send: Handler, status: number, body?: string]> = [
      ['ignores a dotfile by default (404)', (_q, res) => res.sendFile(join(FILES, '.secret')), 404],
      ['ignores a file in a dot directory (404)', (_q, res) => res.sendFile(join(FILES, '.hidden', 'inside.txt')), 404],
      [
        'denies with dotfiles: deny (403)',
        (_q, res) => res.sendFile(join(FILES, '.secret'), { dotfiles: 'deny' }),
        403,
      ],
      [
        'allows with dotfiles: allow',
        (_q, res) => res.sendFile(join(FILES, '.secret'), { dotfiles: 'allow' }),
        200,
        'dot',
      ],
      [
        'judges only the part below root',
        (_q, res) => res.sendFile('inside.txt', { root: join(FILES, '.hidden') }),
        200,
        'inside hidden',
      ],
      ['judges the part below root', (_q, res) => res.sendFile('.secret', { root: FILES }), 404],
    ];
    for (const [name, handler, status, body] of cases) {
      it(name, async () => {
        const r = await call(handler);
        assert.equal(r.status, status);
        if (body !== undefined) assert.equal(r.body, body);
        else assert.equal(reported(r).status, status);
      });
    }
  });

  describe('errors', () => {
    // argument → message of the TypeError thrown
    const thrown: Array<[path: unknown, options: unknown, message: string]> = [
      ['', undefined, 'path argument is required to res.sendFile'],
      [undefined, undefined, 'path argument is required to res.sendFile'],
      [42, undefined, 'path must be a string to res.sendFile'],
      ['hello.txt', undefined, 'path must be absolute or specify root to res.sendFile'],
      ['hello.txt', () => undefined, 'path must be absolute or specify root to res.sendFile'],
      [HELLO, { dotfiles: 'sometimes' }, 'dotfiles option must be "allow", "deny", or "ignore"'],
    ];
    for (const [path, options, message] of thrown) {
      it(`throws TypeError for (${inspect(path)}, ${inspect(options)}): ${message}`, async () => {
        const r = await call((_q, res) => (res.sendFile as (p: unknown, o: unknown) => void)(path, options));
        assert.deepEqual(reported(r), { name: 'TypeError', message });
      });
    }

    it('passes a missing file to next as a 404 error', async () => {
      const missing = join(FILES, 'missing.txt');
      const r = await call((_q, res) => res.sendFile(missing));
      assert.deepEqual(reported(r), {
        name: 'Error',
        message: `ENOENT: no such file or directory, stat '${missing}'`,
        status: 404,
        code: 'ENOENT',
      });
    });

    it('gives the callback the error instead, before any header is sent', async () => {
      const { handler, outcome, finished } = recording((res, done) => res.sendFile(join(FILES, 'missing.txt'), done));
      const r = await call(handler);
      await finished;
      assert.equal(r.status, 599);
      assert.equal(outcome.calls, 1);
      assert.equal(outcome.err?.status, 404);
      assert.equal(outcome.err?.code, 'ENOENT');
      assert.equal(outcome.headersSent, false);
    });

    it('gives the callback a 500 when headers were sent already', async () => {
      const { handler, outcome, finished } = recording((res, done) => {
        res.write('partial ');
        res.sendFile(HELLO, (err) => {
          done(err);
          res.end('end');
        });
      });
      const r = await call(handler);
      await finished;
      assert.equal(r.body, 'partial end');
      assert.equal(outcome.err?.status, 500);
      assert.equal(outcome.err?.message, "Can't set headers after they are sent.");
      assert.equal(outcome.headersSent, true);
    });
  });

  it('calls the callback once, with no error, after a complete transfer', async () => {
    const { handler, outcome, finished } = recording((res, done) => res.sendFile(HELLO, done));
    const r = await call(handler);
    await finished;
    assert.equal(r.body, 'hello file');
    assert.deepEqual(outcome, { calls: 1, err: undefined, headersSent: true });
  });

  it('accepts options with a callback, and leaves the options unchanged (frozen ones too)', async () => {
    const options = Object.freeze({ root: FILES });
    const { handler, outcome, finished } = recording((res, done) => res.sendFile('hello.txt', options, done));
    const r = await call(handler);
    await finished;
    assert.equal(r.body, 'hello file');
    assert.equal(outcome.err, undefined);
    assert.deepEqual(options, { root: FILES });
  });

  describe('file names that need encoding', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'brisk-sendfile-'));
      for (const name of ['100%.txt', 'a#b.txt', 'a?b.txt', 'with space.txt', 'caf\u00e9.txt'])
        writeFileSync(join(dir, name), name);
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('sends files whose names hold %, #, ?, spaces or non-ASCII characters', async () => {
      for (const name of ['100%.txt', 'a#b.txt', 'a?b.txt', 'with space.txt', 'caf\u00e9.txt']) {
        const absolute = await call((_q, res) => res.sendFile(join(dir, name)));
        assert.equal(absolute.body, name);
        const rooted = await call((_q, res) => res.sendFile(name, { root: dir }));
        assert.equal(rooted.body, name);
      }
    });

    it('writes a Latin-1 Content-Disposition given in the headers option as Latin-1 bytes, for a small file too', async () => {
      // node re-encodes Content-Disposition for a response ended in one call (see onHeaders in
      // response.ts); express 5.3.0 streams the file, and `é` goes out as the byte E9
      const bytes = await callRaw((_q, res) =>
        res.sendFile(HELLO, { headers: { 'Content-Disposition': 'attachment; filename="r\u00e9sum\u00e9.txt"' } }),
      );
      const line = Buffer.from('Content-Disposition: attachment; filename="r\xe9sum\xe9.txt"\r\n', 'latin1');
      assert.ok(bytes.includes(line), bytes.toString('latin1'));
      assert.ok(bytes.toString('latin1').endsWith('\r\n\r\nhello file'));
    });
  });

  describe('a client that goes away', () => {
    let dir: string;
    let big: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'brisk-sendfile-'));
      big = join(dir, 'big.bin');
      writeFileSync(big, Buffer.alloc(16 * 1024 * 1024, 0x61));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    /**
     * Requests `/` from an app running `handler`, and closes the connection when `when` says;
     * resolves once the transfer's outcome is known (or after `waitMs`), with what next got.
     */
    async function abort(
      handler: Handler,
      when: 'first-byte' | 'at-once',
      finished: Promise<void>,
      waitMs = 0,
    ): Promise<unknown[]> {
      const errors: unknown[] = [];
      const app = brisk();
      app.use(handler);
      app.use((err: unknown, _req: unknown, _res: unknown, next: (err?: unknown) => void) => {
        errors.push(err);
        next();
      });
      const server = await serve(app);
      try {
        const socket = await server.socket();
        socket.on('error', () => undefined);
        socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
        if (when === 'first-byte') socket.once('data', () => socket.destroy());
        await finished;
        await new Promise((r) => setTimeout(r, waitMs));
        return errors;
      } finally {
        await server.close();
      }
    }

    it('gives the callback ECONNABORTED when the connection closes during the transfer', async () => {
      const { handler, outcome, finished } = recording((res, done) => res.sendFile(big, done));
      const errors = await abort(handler, 'first-byte', finished);
      assert.equal(outcome.calls, 1);
      assert.equal(outcome.err?.code, 'ECONNABORTED');
      assert.equal(outcome.err?.message, 'Request aborted');
      assert.deepEqual(errors, []);
    });

    it('gives the callback ECONNABORTED when the connection closes before the file is read', async () => {
      // a small file is read in one go (no file stream): close the socket once its headers are set
      const { handler, outcome, finished } = recording((res, done) => {
        const setHeader = res.setHeader;
        res.setHeader = function (this: Response, name: string, value: number | string | readonly string[]) {
          if (name === 'Content-Length') this.socket?.destroy();
          return setHeader.call(this, name, value);
        } as typeof res.setHeader;
        res.sendFile(HELLO, done);
      });
      await abort(handler, 'at-once', finished);
      assert.equal(outcome.calls, 1);
      assert.equal(outcome.err?.code, 'ECONNABORTED');
    });

    it('gives the callback ECONNABORTED when the client left before a cached file is sent', async () => {
      // express 5.3's "should invoke the callback when client aborts": the client is gone before
      // the send starts, and the file's bytes come from @brisk/static's cache (no file-system
      // round trip in which node would notice the closed socket). The send starts once the
      // server's socket has closed: one setImmediate is not always enough for the FIN to arrive.
      let client: import('node:net').Socket | undefined;
      const { handler, outcome, finished } = recording((res, done) => {
        const socket = res.socket;
        if (socket && !socket.destroyed) socket.once('close', () => res.sendFile(HELLO, done));
        else setImmediate(() => res.sendFile(HELLO, done));
        client?.destroy();
      });
      const app = brisk();
      app.get('/warm', (_req, res) => res.sendFile(HELLO));
      app.use(handler);
      const server = await serve(app);
      try {
        assert.equal((await server.get('/warm')).body, 'hello file'); // now cached
        assert.equal((await server.get('/warm')).body, 'hello file');
        client = await server.socket();
        client.on('error', () => undefined);
        client.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await finished;
        assert.equal(outcome.calls, 1);
        assert.equal(outcome.err?.code, 'ECONNABORTED');
      } finally {
        await server.close();
      }
    });

    it('does not call next without a callback', async () => {
      let resolve!: () => void;
      const finished = new Promise<void>((r) => (resolve = r));
      const handler: Handler = (_req, res) => {
        res.on('close', () => resolve());
        res.sendFile(big);
      };
      const errors = await abort(handler, 'first-byte', finished, 100);
      assert.deepEqual(errors, []);
    });
  });
});

describe('res.download', () => {
  // Content-Disposition values are express 5.3.0's (content-disposition 2's create)
  it('sends a file as an attachment named after it', async () => {
    const r = await call((_q, res) => res.download(HELLO));
    assert.equal(r.headers['content-disposition'], 'attachment; filename=hello.txt');
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(r.headers.etag, fileETag(HELLO));
    assert.equal(r.body, 'hello file');
  });

  it('names the attachment after filename (filename* and a ? fallback outside US-ASCII)', async () => {
    const r = await call((_q, res) => res.download(HELLO, '\u65e5\u672c.txt'));
    assert.equal(
      r.headers['content-disposition'],
      'attachment; filename="??.txt"; filename*=UTF-8\'\'%E6%97%A5%E6%9C%AC.txt',
    );
  });

  it('gives a Latin-1 file name a ? fallback and filename*', async () => {
    const r = await call((_q, res) => res.download(HELLO, 'r\u00e9sum\u00e9.txt'));
    assert.equal(
      r.headers['content-disposition'],
      'attachment; filename="r?sum?.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.txt',
    );
    assert.equal(r.body, 'hello file');
  });

  it('names the base name, the POSIX one on POSIX systems (as path.basename)', async () => {
    const named = await call((_q, res) => res.download(HELLO, 'reports/2024/q1 report.pdf'));
    assert.equal(named.headers['content-disposition'], 'attachment; filename="q1 report.pdf"');
    const backslash = await call((_q, res) => res.download(HELLO, 'dir\\win.txt'));
    assert.equal(
      backslash.headers['content-disposition'],
      process.platform === 'win32' ? 'attachment; filename=win.txt' : 'attachment; filename="dir\\\\win.txt"',
    );
  });

  it('adds the headers option, except a Content-Disposition in any case', async () => {
    for (const name of ['content-disposition', 'Content-Disposition', 'CONTENT-disposition']) {
      const r = await call((_q, res) => res.download(HELLO, 'x.txt', { headers: { [name]: 'inline', 'X-Y': 'z' } }));
      assert.equal(r.headers['content-disposition'], 'attachment; filename=x.txt', name);
      assert.equal(r.headers['x-y'], 'z');
    }
  });

  it('resolves a relative path against the working directory, or root', async () => {
    const fromCwd = await call((_q, res) => res.download(relative(process.cwd(), HELLO)));
    assert.equal(fromCwd.body, 'hello file');
    const fromRoot = await call((_q, res) => res.download('hello.txt', { root: FILES }));
    assert.equal(fromRoot.headers['content-disposition'], 'attachment; filename=hello.txt');
    assert.equal(fromRoot.body, 'hello file');
    const outside = await call((_q, res) => res.download('../app.ts', 'x', { root: FILES }));
    assert.equal(reported(outside).status, 403);
  });

  it('refuses a path with a `..` segment without root, as res.sendFile does (403; decision 019)', async () => {
    // route parameters are decoded: `..%2fapp.ts` reaches the handler as `../app.ts`
    const app = brisk();
    app.set('env', 'test');
    app.get('/download/:name', (req, res) => res.download(FILES + '/' + req.params.name));
    app.get('/send/:name', (req, res) => res.sendFile(FILES + '/' + req.params.name));
    app.get('/relative/:name', (req, res) => res.download(relative(process.cwd(), FILES) + '/' + req.params.name));
    const s = await serve(app);
    try {
      const ok = await s.get('/download/hello.txt');
      assert.equal(ok.status, 200);
      assert.equal(ok.body, 'hello file');
      for (const name of ['..%2fapp.ts', '%2e%2e%2fapp.ts', 'dir%2f..%2f..%2fapp.ts', '..%5capp.ts', '..']) {
        for (const route of ['download', 'send', 'relative']) {
          const r = await s.get(`/${route}/${name}`);
          assert.equal(r.status, 403, `${route} ${name}`);
          assert.equal(r.headers['content-disposition'], undefined, `${route} ${name}`);
          assert.doesNotMatch(r.body, /appWith/, `${route} ${name}`);
        }
      }
      // a `..` that stays inside the directory is refused too, as by res.sendFile
      assert.equal((await s.get('/download/dir%2f..%2fhello.txt')).status, 403);
    } finally {
      await s.close();
    }
  });

  it('passes a missing file to next as a 404 error', async () => {
    const r = await call((_q, res) => res.download(join(FILES, 'missing.txt')));
    const err = reported(r);
    assert.equal(err.status, 404);
    assert.equal(err.code, 'ENOENT');
  });

  // every argument form: (path, fn), (path, name, fn), (path, name, options, fn), (path, options, fn)
  const forms: Array<[name: string, start: (res: Response, done: (err?: Error) => void) => void, disposition: string]> =
    [
      ['(path, callback)', (res, done) => res.download(HELLO, done), 'attachment; filename=hello.txt'],
      ['(path, filename, callback)', (res, done) => res.download(HELLO, 'a.txt', done), 'attachment; filename=a.txt'],
      [
        '(path, filename, options, callback)',
        (res, done) => res.download(HELLO, 'b.txt', { maxAge: 1000 }, done),
        'attachment; filename=b.txt',
      ],
      [
        '(path, filename, null, callback)',
        (res, done) => res.download(HELLO, 'c.txt', null, done),
        'attachment; filename=c.txt',
      ],
      [
        '(path, options, callback)',
        (res, done) => res.download('hello.txt', { root: FILES }, done),
        'attachment; filename=hello.txt',
      ],
    ];
  for (const [name, start, disposition] of forms) {
    it(`takes ${name}`, async () => {
      const { handler, outcome, finished } = recording(start);
      const r = await call(handler);
      await finished;
      assert.equal(r.headers['content-disposition'], disposition);
      assert.equal(r.body, 'hello file');
      assert.deepEqual(outcome, { calls: 1, err: undefined, headersSent: true });
    });
  }

  it('gives the callback the error of a missing file', async () => {
    const { handler, outcome, finished } = recording((res, done) =>
      res.download(join(FILES, 'missing.txt'), 'n.txt', done),
    );
    await call(handler);
    await finished;
    assert.equal(outcome.err?.code, 'ENOENT');
  });
});
