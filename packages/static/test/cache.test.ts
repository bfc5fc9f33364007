// The small-file cache over real HTTP: a quiet file is read once and then sent with only a stat
// (counted as node's file-system requests, FSREQCALLBACK: stat, open, read, close); a file whose
// stat changed, a just-written file, ranges, deletion, failed reads and the byte bound.
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHook, executionAsyncId } from 'node:async_hooks';
import {
  mkdirSync,
  mkdtempSync,
  ReadStream,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { send, type SendOptions, type SendStream } from '../src/index.js';
import {
  CACHE_BYTES,
  clearFileCache,
  ENTRY_OVERHEAD,
  fileCacheState,
  isQuiet,
  QUIET_MS,
  setQuietMs,
} from '../src/file-cache.js';
import { serve, type Reply, type TestServer } from './helpers.js';

/** The largest file that is cached (send-stream.ts's SMALL_FILE). */
const SMALL_FILE = 64 * 1024;
/** A modification time well in the past. */
const PAST = new Date('2024-01-02T03:04:05Z');

let dir: string;
let server: TestServer;
/** The options of the next request's `send`, and what to do to its stream before `pipe`. */
let current: { options: SendOptions; setup?: (stream: SendStream, res: ServerResponse) => void } = { options: {} };

/**
 * File-system requests started on behalf of the served requests (stat, open, read, close each
 * count one). Only those descending from a request handler's async context count: the test
 * runner's loader may write its cache files in the background of the same process.
 */
let fsRequests = 0;
/** Async ids of the request handlers and of everything they started. */
const served = new Set<number>();
const hook = createHook({
  init(id, type, triggerId) {
    if (!served.has(triggerId) && !served.has(executionAsyncId())) return;
    served.add(id);
    if (type === 'FSREQCALLBACK') fsRequests++;
  },
  destroy(id) {
    served.delete(id);
  },
});

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brisk-static-cache-'));
  server = await serve((req: IncomingMessage, res: ServerResponse) => {
    served.add(executionAsyncId());
    const stream = send(req, req.url as string, { root: dir, ...current.options });
    current.setup?.(stream, res);
    stream.pipe(res);
  });
  hook.enable();
});
after(async () => {
  hook.disable();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

let quietBefore: number;
beforeEach(() => {
  clearFileCache();
  current = { options: {} };
  quietBefore = setQuietMs(QUIET_MS);
});
afterEach(() => {
  setQuietMs(quietBefore);
  clearFileCache();
});

/** From now on, every file counts as quiet (as one last changed long ago would). */
function everyFileQuiet(): void {
  setQuietMs(Number.NEGATIVE_INFINITY);
}

/** Writes `name` under the served directory with `content` and an mtime in the past; returns its path. */
function write(name: string, content: string | Buffer, mtime: Date = PAST): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  utimesSync(path, mtime, mtime);
  return path;
}

/** Sends a request and returns the reply with the number of file-system requests it cost. */
async function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Reply & { fsCalls: number }> {
  const start = fsRequests;
  const reply = await server.request(method, url, { headers });
  return { ...reply, fsCalls: fsRequests - start };
}

/** The headers of a reply without the ones that change per request. */
function fileHeaders(reply: Reply): Record<string, string | string[] | undefined> {
  const { date, connection, 'keep-alive': keepAlive, ...rest } = reply.headers;
  void date;
  void connection;
  void keepAlive;
  return rest;
}

describe('the small-file cache: hits', () => {
  test('a quiet file is read once; the next request makes no file-system call but the stat', async () => {
    everyFileQuiet();
    write('once.txt', 'read me once');
    const first = await get('/once.txt');
    assert.equal(first.status, 200);
    assert.equal(first.body, 'read me once');
    assert.equal(first.fsCalls, 4); // stat, open, read, close
    assert.deepEqual(fileCacheState().paths, [join(dir, 'once.txt')]);

    const second = await get('/once.txt');
    assert.equal(second.status, 200);
    assert.equal(second.body, 'read me once');
    assert.equal(second.fsCalls, 1); // stat
    assert.deepEqual(fileHeaders(second), fileHeaders(first));

    const head = await get('/once.txt', {}, 'HEAD');
    assert.equal(head.body, '');
    assert.deepEqual(fileHeaders(head), fileHeaders(first));
  });

  test('a cached file still gets its 304 and 412 from the fresh stat', async () => {
    everyFileQuiet();
    write('cond.txt', 'conditional');
    const first = await get('/cond.txt');
    const etag = first.headers.etag as string;
    const notModified = await get('/cond.txt', { 'If-None-Match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, '');
    assert.equal(notModified.fsCalls, 1);
    const failed = await get('/cond.txt', { 'If-Match': '"other"' });
    assert.equal(failed.status, 412);
  });

  test('the `end` event is emitted for a cached file, after the body', async () => {
    everyFileQuiet();
    write('events.txt', 'events');
    await get('/events.txt');
    const seen: string[] = [];
    current.setup = (stream, res) => {
      stream.on('file', () => seen.push('file'));
      stream.on('headers', () => seen.push('headers'));
      stream.on('end', () => seen.push(`end ${res.writableEnded}`));
    };
    const r = await get('/events.txt');
    assert.equal(r.body, 'events');
    assert.equal(r.fsCalls, 1);
    assert.deepEqual(seen, ['file', 'headers', 'end true']);
  });

  test('a client gone before a cached file is sent gets nothing, and no `end` is emitted', async () => {
    everyFileQuiet();
    write('gone.txt', 'never sent');
    await get('/gone.txt');
    let closed!: () => void;
    const responseClosed = new Promise<void>((resolve) => (closed = resolve));
    const seen: string[] = [];
    current.setup = (stream, res) => {
      // the socket goes away while the headers are set, in the stat's callback
      stream.on('headers', () => res.socket?.destroy());
      stream.on('end', () => seen.push('end'));
      res.on('close', () => closed());
    };
    await assert.rejects(get('/gone.txt'));
    await responseClosed;
    await sleep(20);
    assert.deepEqual(seen, []);
  });

  test('ranges and the start/end options are cut from the cached bytes', async () => {
    everyFileQuiet();
    write('range.txt', '0123456789abcdef');
    // a range on a miss reads (and caches) the whole file
    const firstRange = await get('/range.txt', { Range: 'bytes=2-5' });
    assert.equal(firstRange.status, 206);
    assert.equal(firstRange.body, '2345');
    assert.equal(firstRange.fsCalls, 4);
    assert.equal(fileCacheState().paths.length, 1);

    const whole = await get('/range.txt');
    assert.equal(whole.body, '0123456789abcdef');
    assert.equal(whole.fsCalls, 1);

    const range = await get('/range.txt', { Range: 'bytes=10-' });
    assert.equal(range.status, 206);
    assert.equal(range.headers['content-range'], 'bytes 10-15/16');
    assert.equal(range.headers['content-length'], '6');
    assert.equal(range.body, 'abcdef');
    assert.equal(range.fsCalls, 1);

    const suffix = await get('/range.txt', { Range: 'bytes=-3' });
    assert.equal(suffix.headers['content-range'], 'bytes 13-15/16');
    assert.equal(suffix.body, 'def');

    current.options = { start: 4, end: 11 };
    const window = await get('/range.txt');
    assert.equal(window.status, 200);
    assert.equal(window.headers['content-length'], '8');
    assert.equal(window.body, '456789ab');
    assert.equal(window.fsCalls, 1);

    const windowRange = await get('/range.txt', { Range: 'bytes=1-3' });
    assert.equal(windowRange.status, 206);
    assert.equal(windowRange.headers['content-range'], 'bytes 1-3/8');
    assert.equal(windowRange.body, '567');
    assert.equal(windowRange.fsCalls, 1);

    current.options = { start: 100 };
    const past = await get('/range.txt');
    assert.equal(past.status, 200);
    assert.equal(past.headers['content-length'], '0');
    assert.equal(past.body, '');
  });

  test('an empty file is cached too', async () => {
    everyFileQuiet();
    write('empty.txt', '');
    assert.equal((await get('/empty.txt')).fsCalls, 3); // stat, open, close
    const r = await get('/empty.txt');
    assert.equal(r.status, 200);
    assert.equal(r.body, '');
    assert.equal(r.headers['content-length'], '0');
    assert.equal(r.fsCalls, 1);
  });
});

describe('the small-file cache: what is not served from it', () => {
  test('a file rewritten with the same size and new times is served fresh, then cached again', async () => {
    everyFileQuiet();
    const path = write('changes.txt', 'version one');
    assert.equal((await get('/changes.txt')).body, 'version one');
    assert.equal((await get('/changes.txt')).fsCalls, 1);

    writeFileSync(path, 'version two');
    utimesSync(path, new Date('2025-05-06T07:08:09Z'), new Date('2025-05-06T07:08:09Z'));
    const fresh = await get('/changes.txt');
    assert.equal(fresh.body, 'version two');
    assert.equal(fresh.fsCalls, 4);
    const again = await get('/changes.txt');
    assert.equal(again.body, 'version two');
    assert.equal(again.fsCalls, 1);
  });

  test('a rewrite that keeps size and mtime (as tar or rsync -t do) is noticed by its ctime', async () => {
    everyFileQuiet();
    const path = write('same-mtime.txt', 'AAAA');
    await get('/same-mtime.txt');
    const before = statSync(path);
    await sleep(30); // past the kernel's timestamp tick, so that the ctime can move
    writeFileSync(path, 'BBBB');
    utimesSync(path, PAST, PAST);
    const after = statSync(path);
    assert.equal(after.mtimeMs, before.mtimeMs);
    assert.equal(after.size, before.size);
    assert.notEqual(after.ctimeMs, before.ctimeMs);
    const r = await get('/same-mtime.txt');
    assert.equal(r.body, 'BBBB');
    assert.equal(r.fsCalls, 4);
  });

  test('a file replaced by a rename (another inode) is served fresh', async () => {
    everyFileQuiet();
    write('replaced.txt', 'old file');
    await get('/replaced.txt');
    write('replaced.tmp', 'new file');
    renameSync(join(dir, 'replaced.tmp'), join(dir, 'replaced.txt'));
    const r = await get('/replaced.txt');
    assert.equal(r.body, 'new file');
    assert.equal(r.fsCalls, 4);
  });

  test('a just-written file is not cached: a same-size rewrite is served at once', async () => {
    // the real quiet time: this file's ctime is now
    const path = write('new.txt', 'first');
    const first = await get('/new.txt');
    assert.equal(first.body, 'first');
    assert.deepEqual(fileCacheState().paths, []);
    writeFileSync(path, 'other'); // same size, most likely within the same timestamp tick
    utimesSync(path, PAST, PAST);
    const second = await get('/new.txt');
    assert.equal(second.body, 'other');
    assert.equal(second.fsCalls, 4);
    assert.deepEqual(fileCacheState().paths, []);
  });

  test('the quiet rule: mtime and ctime both at least QUIET_MS old', () => {
    const stat = (mtimeMs: number, ctimeMs: number): Stats => ({ mtimeMs, ctimeMs }) as Stats;
    assert.equal(QUIET_MS, 2000);
    assert.equal(isQuiet(stat(1000, 5000), 5000 + QUIET_MS - 1), false);
    assert.equal(isQuiet(stat(1000, 5000), 5000 + QUIET_MS), true);
    // an mtime set into the future by utimes counts too
    assert.equal(isQuiet(stat(9000, 5000), 5000 + QUIET_MS), false);
    assert.equal(isQuiet(stat(9000, 5000), 9000 + QUIET_MS), true);
  });

  test('a deleted cached file is a 404', async () => {
    everyFileQuiet();
    const path = write('deleted.txt', 'here for now');
    await get('/deleted.txt');
    assert.equal((await get('/deleted.txt')).fsCalls, 1);
    unlinkSync(path);
    const r = await get('/deleted.txt');
    assert.equal(r.status, 404);
    assert.equal(r.fsCalls, 1);
  });

  test('a `stream` listener gets a real file stream, not the cached bytes', async () => {
    everyFileQuiet();
    write('streamed.txt', 'streamed');
    await get('/streamed.txt');
    let stream: unknown;
    current.setup = (s) => s.on('stream', (fileStream) => (stream = fileStream));
    const r = await get('/streamed.txt');
    assert.equal(r.body, 'streamed');
    assert.ok(stream instanceof ReadStream);
    assert.ok(r.fsCalls > 1);
  });

  test('a small range of a file larger than 64 KiB is read, never cached', async () => {
    everyFileQuiet();
    write('large.bin', Buffer.alloc(SMALL_FILE + 1, 'x'));
    for (let i = 0; i < 2; i++) {
      const r = await get('/large.bin', { Range: 'bytes=0-9' });
      assert.equal(r.status, 206);
      assert.equal(r.body, 'xxxxxxxxxx');
      assert.equal(r.fsCalls, 4);
    }
    assert.deepEqual(fileCacheState().paths, []);
  });

  test('a failed read caches nothing (the file became a directory after its stat)', async () => {
    everyFileQuiet();
    write('becomes-dir.txt', 'x');
    current.setup = (stream) =>
      stream.on('headers', (_res, path) => {
        unlinkSync(path);
        mkdirSync(path);
      });
    const r = await get('/becomes-dir.txt');
    assert.equal(r.status, 500);
    assert.deepEqual(fileCacheState().paths, []);
  });

  test('a short read caches nothing (the file shrank after its stat)', async () => {
    everyFileQuiet();
    write('shrinks.txt', 'hello world');
    current.setup = (stream) => stream.on('headers', (_res, path) => writeFileSync(path, 'hel'));
    await get('/shrinks.txt').catch(() => undefined); // less than Content-Length: the client may reject
    assert.deepEqual(fileCacheState().paths, []);
  });
});

describe('the small-file cache: its bound', () => {
  test(`at most ${CACHE_BYTES / 1024 / 1024} MiB: the oldest files are dropped first`, async () => {
    everyFileQuiet();
    const count = 130; // 130 × 64 KiB: more than 8 MiB
    const names = Array.from({ length: count }, (_, i) => `bound-${String(i).padStart(3, '0')}.bin`);
    for (const [i, name] of names.entries()) write(name, Buffer.alloc(SMALL_FILE, i));
    for (const name of names) assert.equal((await get(`/${name}`)).fsCalls, 4);

    const perFile = SMALL_FILE + join(dir, names[0]!).length + ENTRY_OVERHEAD;
    const fits = Math.floor(CACHE_BYTES / perFile);
    const state = fileCacheState();
    assert.ok(fits < count);
    assert.ok(state.bytes <= CACHE_BYTES);
    assert.equal(state.bytes, fits * perFile);
    assert.deepEqual(
      state.paths,
      names.slice(count - fits).map((name) => join(dir, name)),
    );

    const newest = await get(`/${names[count - 1]}`);
    assert.equal(newest.fsCalls, 1);
    assert.ok(newest.bytes.equals(Buffer.alloc(SMALL_FILE, count - 1)));
    const oldest = await get(`/${names[0]}`);
    assert.equal(oldest.fsCalls, 4);
    assert.ok(oldest.bytes.equals(Buffer.alloc(SMALL_FILE, 0)));
    // caching the oldest again dropped the then-oldest entry, and the total still fits
    const after = fileCacheState();
    assert.ok(after.bytes <= CACHE_BYTES);
    assert.equal(after.paths.at(-1), join(dir, names[0]!));
    assert.equal(after.paths.includes(join(dir, names[count - fits]!)), false);
  });

  test('caching a path again replaces its entry instead of counting it twice', async () => {
    everyFileQuiet();
    const path = write('twice.txt', 'one');
    await get('/twice.txt');
    const once = fileCacheState().bytes;
    writeFileSync(path, 'two');
    utimesSync(path, new Date('2025-01-01T00:00:00Z'), new Date('2025-01-01T00:00:00Z'));
    await get('/twice.txt');
    assert.equal(fileCacheState().bytes, once);
    assert.deepEqual(fileCacheState().paths, [path]);
  });
});
