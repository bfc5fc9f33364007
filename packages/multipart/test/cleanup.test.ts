// What a request leaves behind: files on disk, open descriptors, listeners, memory. Uploads that
// fail (a limit, a client that goes away mid-file over HTTP/1.1 and HTTP/2, an abort while the
// storage names the file) leave nothing; file names from the client never become paths; memory
// stays bounded however large the upload.
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import brisk from 'briskjs';
import multer, { type File, type StorageEngine } from '../src/index.js';
import { serve, type TestServer } from '../../../test/support/http.js';
import { field, filePart, form, outcome, request, typeOf } from './helpers.js';

const B = 'cleanup';
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'brisk-multipart-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Descriptors of this process open on files under `folder` (Linux: /proc/self/fd). */
function openIn(folder: string): string[] {
  if (!existsSync('/proc/self/fd')) return [];
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(folder)) open.push(target);
    } catch {
      // closed meanwhile
    }
  }
  return open;
}

/** Waits until `check` holds (polling), or fails with its last state. */
async function eventually(check: () => unknown, what: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value === true) return;
    if (Date.now() > end) assert.fail(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const emptyDir =
  (folder = dir) =>
  () =>
    readdirSync(folder).length === 0 ? true : readdirSync(folder);
const noDescriptors =
  (folder = dir) =>
  () =>
    openIn(folder).length === 0 ? true : openIn(folder);

const post = (body: Buffer) => ({ 'content-type': typeOf(B), 'content-length': String(body.length) });

describe('file names from the client never become paths', () => {
  it('the default name is random: ../ and NUL in the client name reach originalname only', async () => {
    const body = form(B, [
      filePart('f', '../../../etc/passwd', 'one'),
      { headers: [`Content-Disposition: form-data; name="f"; filename*=utf-8''..%2F..%2Fa%00b`], body: 'two' },
    ]);
    const req = request(body, post(body)) as unknown as { files: File[] };
    const result = await outcome(multer({ dest: dir }).array('f'), req as never);
    assert.equal(typeof result === 'object' && result.err, undefined);
    assert.deepEqual(
      req.files.map((f) => f.originalname),
      ['passwd', 'a\0b'],
    );
    for (const file of req.files) {
      assert.match(file.filename, /^[0-9a-f]{32}$/);
      assert.equal(file.path, join(dir, file.filename));
      assert.equal(file.destination, dir);
    }
    assert.equal(readFileSync((req.files[1] as File).path, 'utf8'), 'two');
    assert.equal(readdirSync(dir).length, 2);
  });

  it('a filename function that returns a path out of the folder, or a NUL, fails the request', async () => {
    // an absolute name is joined under the folder, as path.join does (its folder does not exist)
    const cases: [string, string, string][] = [
      ['../escape.txt', `filename="../escape.txt"`, 'BRISK_ERR_MULTIPART_FILENAME'],
      ['a/../../escape.txt', `filename="a/../../escape.txt"`, 'BRISK_ERR_MULTIPART_FILENAME'],
      ['a\0b.txt', `filename*=utf-8''a%00b.txt`, 'BRISK_ERR_MULTIPART_FILENAME'],
      ['.', `filename="."`, 'BRISK_ERR_MULTIPART_FILENAME'],
      ['/tmp/abs.txt', `filename="/tmp/abs.txt"`, 'ENOENT'],
    ];
    for (const [name, param, code] of cases) {
      // preservePath keeps the client's path; the function returns it unchecked (what not to do)
      const storage = multer.diskStorage({
        destination: dir,
        filename: (_req, file, cb) => cb(null, file.originalname),
      });
      const body = form(B, [{ headers: [`Content-Disposition: form-data; name="f"; ${param}`], body: 'x' }]);
      const result = await outcome(multer({ storage, preservePath: true }).single('f'), request(body, post(body)));
      assert.ok(typeof result === 'object' && result.err, name);
      assert.equal(result.err.code, code, name);
      assert.deepEqual(readdirSync(dir), [], name);
    }
    assert.equal(existsSync(join(dir, '..', 'escape.txt')), false, 'nothing was written beside the folder');
  });

  it('a filename function may name a file in a subfolder of the destination', async () => {
    mkdirSync(join(dir, 'sub'));
    const storage = multer.diskStorage({ destination: dir, filename: (_req, _file, cb) => cb(null, 'sub/./x.txt') });
    const body = form(B, [filePart('f', 'a.txt', 'inside')]);
    const req = request(body, post(body)) as unknown as { file: File };
    await outcome(multer({ storage }).single('f'), req as never);
    assert.equal(req.file.path, join(dir, 'sub/x.txt'));
    assert.equal(readFileSync(join(dir, 'sub/x.txt'), 'utf8'), 'inside');
  });
});

describe('failed requests leave no file (disk storage)', () => {
  const tooLarge = () =>
    form(B, [
      filePart('f', 'a.txt', 'small'),
      filePart('f', 'b.txt', 'x'.repeat(5000)),
      filePart('f', 'c.txt', 'small'),
    ]);
  const cases: [string, object, () => Buffer, string][] = [
    ['LIMIT_FILE_SIZE on the second file', { limits: { fileSize: 100 } }, tooLarge, 'LIMIT_FILE_SIZE'],
    [
      'LIMIT_FIELD_COUNT after a file',
      { limits: { fields: 0 } },
      () => form(B, [filePart('f', 'a', 'x'), field('x', 'y')]),
      'LIMIT_FIELD_COUNT',
    ],
    [
      'LIMIT_FILE_COUNT',
      { limits: { files: 1 } },
      () => form(B, [filePart('f', 'a', 'x'), filePart('f', 'b', 'y')]),
      'LIMIT_FILE_COUNT',
    ],
    [
      'LIMIT_PART_COUNT',
      { limits: { parts: 1 } },
      () => form(B, [filePart('f', 'a', 'x'), field('x', 'y')]),
      'LIMIT_PART_COUNT',
    ],
    ['a body cut mid-file', {}, () => tooLarge().subarray(0, 400), 'Unexpected end of form'],
  ];
  for (const [what, options, body, code] of cases) {
    it(what, async () => {
      for (const chunk of [0, 64]) {
        const result = await outcome(
          multer({ dest: dir, ...options }).array('f'),
          request(body(), post(body()), chunk),
        );
        assert.ok(typeof result === 'object' && result.err);
        assert.equal(result.err.code ?? result.err.message, code);
        assert.deepEqual(readdirSync(dir), []);
        await eventually(noDescriptors(), 'descriptors left open');
      }
    });
  }

  it('an abort while the engine is still naming the file (an async filename) leaves no file', async () => {
    const storage = multer.diskStorage({
      destination: dir,
      filename: (_req, _file, cb) => setTimeout(() => cb(null, 'late.bin'), 50),
    });
    const req = Object.assign(new Readable({ read() {} }), {
      headers: { 'content-type': typeOf(B), 'content-length': '99999' },
    });
    const done = outcome(multer({ storage }).single('f'), req);
    req.push(
      `--${B}\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n${'a'.repeat(4096)}\r\n--${B}\r\n`,
    );
    setTimeout(() => req.destroy(), 10);
    const result = await done;
    assert.ok(typeof result === 'object' && result.err?.message === 'Request closed');
    await eventually(emptyDir(), 'files left');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the late name arrives: still removed
    assert.deepEqual(readdirSync(dir), []);
  });
});

describe('a client that goes away mid-file', () => {
  const uploads = mkdtempSync(join(tmpdir(), 'brisk-multipart-abort-'));
  let server: TestServer;
  let h2: http2.Http2Server;
  const results: unknown[] = [];
  const listeners: number[] = [];
  before(async () => {
    const app = brisk();
    app.set('env', 'test'); // the final handler logs no error
    const upload = multer({ dest: uploads }).any();
    app.post('/upload', (req, res, next) =>
      upload(req, res, (err) => {
        results.push(err);
        listeners.push(['error', 'aborted', 'close', 'data', 'end'].reduce((n, e) => n + req.listenerCount(e), 0));
        if (err) next(err);
        else res.end('ok');
      }),
    );
    server = await serve(app);
    h2 = http2.createServer({}, app);
    await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await server.close();
    await new Promise((resolve) => h2.close(resolve));
    rmSync(uploads, { recursive: true, force: true });
  });

  const head = `--${B}\r\nContent-Disposition: form-data; name="done"; filename="done.bin"\r\n\r\n${'d'.repeat(1000)}\r\n--${B}\r\nContent-Disposition: form-data; name="f"; filename="big.bin"\r\n\r\n`;

  it('HTTP/1.1: the partial file and the finished one are removed, no descriptor stays open', async () => {
    for (let i = 0; i < 5; i++) {
      results.length = 0;
      const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/upload', agent: false });
      req.on('error', () => {});
      req.setHeader('content-type', typeOf(B));
      req.setHeader('content-length', String(head.length + 1_000_000));
      req.write(head);
      req.write(Buffer.alloc(65536, 0x61));
      await eventually(() => readdirSync(uploads).length >= 2 || readdirSync(uploads), 'the files were being written');
      req.destroy();
      await eventually(() => results.length === 1 || results, 'next was called once');
      await eventually(emptyDir(uploads), 'files left');
      await eventually(noDescriptors(uploads), 'descriptors left open');
    }
    assert.deepEqual(listeners.slice(-1), [0], 'listeners left on the request');
    assert.equal(
      (await server.request('POST', '/upload', { headers: { 'content-type': typeOf(B) }, body: form(B, []) })).body,
      'ok',
    );
  });

  it('HTTP/2: a stream reset mid-file removes the files', async () => {
    const session = http2.connect(`http://127.0.0.1:${(h2.address() as AddressInfo).port}`);
    try {
      results.length = 0;
      const stream = session.request({ ':method': 'POST', ':path': '/upload', 'content-type': typeOf(B) });
      stream.on('error', () => {});
      stream.write(head);
      stream.write(Buffer.alloc(65536, 0x61));
      await eventually(() => readdirSync(uploads).length >= 2 || readdirSync(uploads), 'the files were being written');
      stream.close(http2.constants.NGHTTP2_CANCEL);
      await eventually(() => results.length === 1 || results, 'next was called once');
      await eventually(emptyDir(uploads), 'files left');
      await eventually(noDescriptors(uploads), 'descriptors left open');
    } finally {
      session.close();
    }
  });
});

describe('app.inject(): a request aborted mid-file', () => {
  it('removes the partial file, as over a socket', async () => {
    const app = brisk();
    app.set('env', 'test'); // the final handler logs no error
    app.post('/upload', multer({ dest: dir }).single('f'), (_req, res) => res.end('ok'));
    const payload = new Readable({ read() {} });
    payload.push(`--${B}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n`);
    payload.push(Buffer.alloc(65536, 0x61));
    const controller = new AbortController();
    const reply = app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': typeOf(B) },
      payload,
      signal: controller.signal,
    });
    await eventually(() => readdirSync(dir).length === 1 || readdirSync(dir), 'the file was being written');
    controller.abort();
    await assert.rejects(reply, { name: 'AbortError' });
    await eventually(emptyDir(), 'files left');
    await eventually(noDescriptors(), 'descriptors left open');
  });
});

describe('bounded memory', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;

  /** A request of one `size`-byte file, made as it is read; `sample` runs every 64 chunks. */
  function upload(size: number, sample: () => void): Readable & { headers: Record<string, string> } {
    const head = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="f"; filename="big.bin"\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${B}--\r\n`);
    const chunk = Buffer.alloc(65536, 0x62);
    let sent = -1;
    const req = new Readable({
      read() {
        if (sent === -1) {
          sent = 0;
          this.push(head);
        } else if (sent < size) {
          const n = Math.min(chunk.length, size - sent);
          sent += n;
          if ((sent / chunk.length) % 64 === 0) sample();
          this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
        } else {
          this.push(tail);
          this.push(null);
        }
      },
    });
    return Object.assign(req, {
      headers: { 'content-type': typeOf(B), 'content-length': String(head.length + size + tail.length) },
    });
  }

  /** The most memory (heap and buffers, after a collection) a `size` upload held above the start. */
  async function peak(size: number, storage: StorageEngine): Promise<number> {
    gc();
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const base = used();
    let most = 0;
    const req = upload(size, () => {
      gc();
      most = Math.max(most, used() - base);
    });
    const result = await outcome(multer({ storage }).single('f'), req, 30_000);
    assert.ok(typeof result === 'object' && !result.err, JSON.stringify(result));
    return most;
  }

  it('a 48 MB upload to disk holds no more than a 6 MB one (a few chunks), whatever the size', async () => {
    const small = await peak(6 << 20, multer.diskStorage({ destination: dir }));
    const large = await peak(48 << 20, multer.diskStorage({ destination: dir }));
    assert.ok(large < 4 << 20, `48 MB upload held ${(large / 1048576).toFixed(1)} MB`);
    assert.ok(large < small + (2 << 20), `6 MB: ${small} bytes, 48 MB: ${large} bytes`);
  });

  it('a consumer slower than the client holds the request back (backpressure), not the data', async () => {
    const slow: StorageEngine = {
      _handleFile(_req, file, cb) {
        let size = 0;
        file.stream.on('data', (c: Buffer) => {
          size += c.length;
          file.stream.pause();
          setImmediate(() => file.stream.resume());
        });
        file.stream.on('end', () => cb(null, { size }));
      },
      _removeFile: (_req, _file, cb) => cb(null),
    };
    const held = await peak(16 << 20, slow);
    assert.ok(held < 4 << 20, `a slow consumer made the upload hold ${(held / 1048576).toFixed(1)} MB`);
  });
});
