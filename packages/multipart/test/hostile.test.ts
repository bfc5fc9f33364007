// Hostile requests and hostile user code: multer's four 2025 advisories, bodies that end or go
// wrong anywhere, names that are not data, and fileFilter / storage engines that throw, fail, or
// answer twice. Each must end in exactly one `next()` call, with the error upstream gives, and
// never in an uncaught exception (node:test fails a test on one).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import { PassThrough } from 'node:stream';
import multer, { type File, type StorageEngine } from '../src/index.js';
import { serve } from '../../../test/support/http.js';
import { field, filePart, form, outcome, request, typeOf, type Middleware } from './helpers.js';

const B = 'hostile';
const headers = (body: Buffer) => ({ 'content-type': typeOf(B), 'content-length': String(body.length) });
/** Runs `middleware` over `body` (in `chunk`-byte writes); fails the test on a hang. */
async function run(middleware: Middleware, body: Buffer, chunk = 0) {
  const result = await outcome(middleware, request(body, headers(body), chunk));
  assert.notEqual(result, 'hang', 'the middleware never called next');
  return result as Exclude<typeof result, 'hang'>;
}
/** Calls `middleware` and counts its `next` calls until `ms` after the first. */
function nextCalls(middleware: Middleware, req: object, ms = 30): Promise<unknown[]> {
  return new Promise((resolve) => {
    const calls: unknown[] = [];
    (middleware as (req: unknown, res: unknown, next: (err?: unknown) => void) => void)(req, {}, (err) => {
      calls.push(err);
      if (calls.length === 1) setTimeout(() => resolve(calls), ms);
    });
  });
}

describe("multer's 2025 advisories, as classes of input", () => {
  it('CVE-2025-47935 (streams left open on error): a request that errors mid-file closes the file stream', async () => {
    let fileStream: NodeJS.ReadableStream | undefined;
    const storage: StorageEngine = {
      _handleFile(_req, file, cb) {
        fileStream = file.stream;
        file.stream.on('data', () => {});
        file.stream.on('error', (err) => cb(err));
      },
      _removeFile: (_req, _file, cb) => cb(null),
    };
    const req = Object.assign(new PassThrough(), {
      headers: { 'content-type': typeOf(B), 'content-length': '100000' },
    });
    const calls = nextCalls(multer({ storage }).single('f'), req);
    req.write(`--${B}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n${'x'.repeat(1000)}`);
    await new Promise((resolve) => setImmediate(resolve));
    req.destroy(new Error('connection reset'));
    const [err, ...more] = await calls;
    assert.equal((err as Error).message, 'connection reset');
    assert.deepEqual(more, [], 'next is called once');
    assert.ok(fileStream, 'the engine got the file');
    assert.equal((fileStream as unknown as { destroyed: boolean }).destroyed, true, 'the file stream is closed');
    for (const event of ['error', 'aborted', 'close', 'data', 'end'])
      assert.equal(req.listenerCount(event), 0, `a '${event}' listener was left on the request`);
  });

  it('CVE-2025-47944 (malformed multipart): a body that makes two parse errors gives the first, once', async () => {
    // headers end where the closing delimiter begins: a malformed header, then an unfinished form
    const body = Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="f"; filename="t.txt"\r\n\r\n--${B}--\r\n`,
    );
    for (const chunk of [0, 1, 7]) {
      const req = request(body, headers(body), chunk);
      const calls = await nextCalls(multer().single('f'), req);
      assert.equal(calls.length, 1);
      assert.equal((calls[0] as Error).message, 'Malformed part header');
    }
  });

  it('CVE-2025-48997 (empty field name): a field or file with name="" is MISSING_FIELD_NAME', async () => {
    for (const part of [
      field('', 'v'),
      filePart('', 'a.txt', 'data'),
      { headers: ['Content-Disposition: form-data'], body: 'v' },
    ]) {
      const result = await run(multer().any(), form(B, [part]));
      assert.deepEqual(result.err, {
        name: 'MulterError',
        message: 'Field name missing',
        code: 'MISSING_FIELD_NAME',
        field: undefined,
        filename: undefined,
      });
    }
  });

  it('CVE-2025-7338 (malformed request): a server answers every malformed request and stays up', async () => {
    const upload = multer().any();
    const server = await serve((req: http.IncomingMessage, res: http.ServerResponse) =>
      upload(req, res, (err) => {
        res.statusCode = err ? 500 : 200;
        res.end(err ? (err as Error).message : 'ok');
      }),
    );
    try {
      const cases: [string, string, string][] = [
        [
          typeOf(B),
          `--${B}\r\nContent-Disposition: form-data; name="f"; filename="t"\r\n\r\n--${B}--\r\n`,
          'Malformed part header',
        ],
        ['multipart/form-data', 'test', 'Multipart: Boundary not found'],
        [`multipart/mixed; boundary=${B}`, 'x', `Unsupported content type: multipart/mixed; boundary=${B}`],
        [typeOf(B), `--${B}\r\n\r\n\r\n--${B}--`, 'Malformed part header'],
        [typeOf(B), `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end`, 'Unexpected end of form'],
        [typeOf(B), '\0\0\0\0', 'Unexpected end of form'],
        [typeOf(B), '', 'Unexpected end of form'],
      ];
      for (const [type, body, message] of cases) {
        const reply = await server.request('POST', '/', { headers: { 'content-type': type }, body });
        assert.deepEqual([reply.status, reply.body], [500, message], body);
      }
      assert.equal(
        (await server.request('POST', '/', { headers: { 'content-type': typeOf(B) }, body: form(B, []) })).body,
        'ok',
      );
    } finally {
      await server.close();
    }
  });
});

describe('bodies that end or go wrong anywhere', () => {
  const full = form(B, [field('a', 'value'), filePart('f', 'a.txt', 'file data'), field('b', 'c')]);
  it('a body cut at every byte: one next(err) each, never a hang', async () => {
    const messages = new Set<string>();
    for (let cut = 0; cut < full.length - 2; cut++) {
      const body = full.subarray(0, cut);
      const result = await run(multer().any(), body);
      assert.ok(result.err, `cut at ${cut}: ${JSON.stringify(result)}`);
      messages.add(result.err.message);
    }
    assert.deepEqual([...messages].sort(), ['Unexpected end of form']);
  });

  it('a boundary that never comes: the body is read to its end, then Unexpected end of form', async () => {
    const body = Buffer.alloc(4 << 20, '-');
    const result = await run(multer().any(), body, 65536);
    assert.equal(result.err?.message, 'Unexpected end of form');
  });

  it('a part header that never ends: Malformed part header once it passes 16 KB', async () => {
    for (const header of [
      `X-Long: ${'a'.repeat(1 << 20)}`,
      `Content-Disposition: form-data; name="${'n'.repeat(20000)}"`,
    ]) {
      const body = Buffer.from(`--${B}\r\n${header}\r\n\r\nvalue\r\n--${B}--\r\n`);
      assert.equal((await run(multer().any(), body, 4096)).err?.message, 'Malformed part header');
    }
    // a header block of 16 KB is still read
    const name = 'n'.repeat(16 * 1024 - 60);
    const body = form(B, [field(name, 'v')]);
    assert.equal((await run(multer().any(), body)).body, JSON.stringify({ [name]: 'v' }));
  });

  it('10,000 empty parts, 10,000 empty delimiters, 10,000 parts without headers', async () => {
    const fields = form(
      B,
      Array.from({ length: 10_000 }, () => field('a', '')),
    );
    const parsed = await run(multer().none(), fields);
    assert.equal((JSON.parse(parsed.body as string) as { a: string[] }).a.length, 10_000);
    // limited, they stop at the limit
    assert.equal((await run(multer({ limits: { parts: 100 } }).none(), fields)).err?.code, 'LIMIT_PART_COUNT');
    assert.equal((await run(multer({ limits: { fields: 100 } }).none(), fields)).err?.code, 'LIMIT_FIELD_COUNT');
    const delimiters = Buffer.from(`--${B}\r\n`.repeat(10_000) + `--${B}--`);
    assert.deepEqual(await run(multer().none(), delimiters), { body: '{}', file: undefined, files: undefined });
    assert.equal((await run(multer({ limits: { parts: 10 } }).none(), delimiters)).err?.code, 'LIMIT_PART_COUNT');
    const headerless = Buffer.from(`--${B}\r\n\r\n\r\n`.repeat(10_000) + `--${B}--`);
    assert.equal((await run(multer().none(), headerless)).err?.message, 'Malformed part header');
  });

  it('an empty, a long and a 1 MB field name', async () => {
    assert.equal((await run(multer().none(), form(B, [field('', 'v')]))).err?.code, 'MISSING_FIELD_NAME');
    const long = 'n'.repeat(200);
    assert.equal((await run(multer().none(), form(B, [field(long, 'v')]))).body, JSON.stringify({ [long]: 'v' }));
    assert.equal(
      (await run(multer({ limits: { fieldNameSize: 100 } }).none(), form(B, [field(long, 'v')]))).err?.code,
      'LIMIT_FIELD_KEY',
    );
    assert.equal(
      (await run(multer().none(), form(B, [field('n'.repeat(1 << 20), 'v')]), 65536)).err?.message,
      'Malformed part header',
    );
  });
});

describe('keys that are not data', () => {
  const names = [
    '__proto__[polluted]',
    '__proto__',
    'a[__proto__][polluted]',
    'constructor[prototype][polluted]',
    'a[constructor][prototype][polluted]',
    'prototype[polluted]',
    'hasOwnProperty',
    'toString[]',
    'a[0][__proto__][polluted]',
    'valueOf[0]',
  ];
  it('nothing is polluted; every object of req.body is prototype-less and owns what it shows', async () => {
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort().join();
    const body = form(
      B,
      names.map((name) => field(name, 'yes')),
    );
    const req = request(body, headers(body)) as unknown as { body: Record<string, unknown> };
    await new Promise<void>((resolve, reject) =>
      multer().none()(req as never, {} as never, (err) => (err ? reject(err as Error) : resolve())),
    );
    assert.equal(Object.getOwnPropertyNames(Object.prototype).sort().join(), protoBefore);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(([] as unknown as Record<string, unknown>).polluted, undefined);
    const walk = (value: unknown): void => {
      if (value === null || typeof value !== 'object') return;
      if (!Array.isArray(value)) assert.equal(Object.getPrototypeOf(value), null);
      else assert.equal(Object.getPrototypeOf(value), Array.prototype);
      for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key]);
    };
    walk(req.body);
    assert.deepEqual(Object.keys(req.body), [
      '__proto__',
      'a',
      'constructor',
      'prototype',
      'hasOwnProperty',
      'toString',
      'valueOf',
    ]);
    assert.equal(Object.getPrototypeOf(req.body.__proto__), null);
    assert.deepEqual({ ...(req.body.__proto__ as object) }, { polluted: 'yes', '': 'yes' });
    assert.deepEqual(req.body.toString, ['yes']);
  });
});

describe('user code that fails', () => {
  const body = form(B, [filePart('f', 'a.txt', 'data'), field('x', 'y')]);
  const thrown: [string, unknown, string][] = [
    ['an Error', new Error('filter broke'), 'filter broke'],
    ['undefined', undefined, 'fileFilter failed with undefined'],
    ['null', null, 'fileFilter failed with null'],
    ['0', 0, 'fileFilter failed with 0'],
    ["'route'", 'route', 'fileFilter failed with "route"'],
    ["'router'", 'router', 'fileFilter failed with "router"'],
  ];
  for (const [what, value, message] of thrown) {
    it(`a fileFilter that throws ${what}: next(err), never "no error" or a skip`, async () => {
      const fileFilter = () => {
        throw value;
      };
      assert.equal((await run(multer({ fileFilter }).any(), body)).err?.message, message);
      const rejects = async () => {
        throw value;
      };
      assert.equal((await run(multer({ fileFilter: rejects }).any(), body)).err?.message, message);
    });
  }

  it('a fileFilter that calls back an error, a string, or twice', async () => {
    const err = new Error('nope');
    assert.equal((await run(multer({ fileFilter: (_r, _f, cb) => cb(err) }).any(), body)).err?.message, 'nope');
    const filterString = (_r: unknown, _f: unknown, cb: (e: unknown) => void) => cb('bad file');
    const stringResult = await nextCalls(
      multer({ fileFilter: filterString as never }).any(),
      request(body, headers(body)),
    );
    assert.deepEqual(stringResult, ['bad file']);
    const twice = (_r: unknown, _f: unknown, cb: (e: null, ok: boolean) => void) => {
      cb(null, true);
      cb(null, true);
    };
    const calls = await nextCalls(multer({ fileFilter: twice as never }).any(), request(body, headers(body)));
    assert.deepEqual(calls, [undefined]);
  });

  const engines: [string, StorageEngine, string][] = [
    [
      'calls back an error',
      {
        _handleFile: (_r, f, cb) => (f.stream.resume(), cb(new Error('disk full'))),
        _removeFile: (_r, _f, cb) => cb(null),
      },
      'disk full',
    ],
    [
      'throws',
      {
        _handleFile() {
          throw new Error('engine threw');
        },
        _removeFile: (_r, _f, cb) => cb(null),
      },
      'engine threw',
    ],
    [
      'rejects',
      {
        async _handleFile() {
          throw new Error('engine rejected');
        },
        _removeFile: (_r, _f, cb) => cb(null),
      },
      'engine rejected',
    ],
    [
      'destroys the stream',
      { _handleFile: (_r, f, _cb) => f.stream.destroy(new Error('gone')), _removeFile: (_r, _f, cb) => cb(null) },
      'gone',
    ],
  ];
  for (const [what, storage, message] of engines) {
    it(`a storage engine that ${what}`, async () => {
      assert.equal((await run(multer({ storage }).any(), body)).err?.message, message);
    });
  }

  it('a storage engine that answers twice: once counts', async () => {
    const storage: StorageEngine = {
      _handleFile(_r, f, cb) {
        f.stream.resume();
        f.stream.on('end', () => {
          cb(null, { size: 4 });
          cb(new Error('late'));
        });
      },
      _removeFile: (_r, _f, cb) => cb(null),
    };
    const calls = await nextCalls(multer({ storage }).any(), request(body, headers(body)));
    assert.deepEqual(calls, [undefined]);
  });

  it('a _removeFile that fails or throws: err.storageErrors names the file, next(err) still comes', async () => {
    const removals: Array<(cb: (e: Error | null) => void) => void> = [
      (cb) => cb(new Error('remove failed')),
      () => {
        throw new Error('remove threw');
      },
    ];
    for (const remove of removals) {
      const storage: StorageEngine = {
        _handleFile: (_r, f, cb) => (f.stream.resume(), f.stream.on('end', () => cb(null, { size: 4 }))),
        _removeFile: (_r, _f, cb) => remove(cb),
      };
      const twoFiles = form(B, [filePart('f', 'a.txt', 'data'), filePart('g', 'b.txt', 'data')]);
      const req = request(twoFiles, headers(twoFiles));
      const [err] = (await nextCalls(multer({ storage }).single('f'), req)) as [
        Error & { code: string; storageErrors: (Error & { field: string; file: File })[] },
      ];
      assert.equal(err.code, 'LIMIT_UNEXPECTED_FILE');
      assert.equal(err.storageErrors.length, 1);
      assert.equal(err.storageErrors[0]?.field, 'f');
      assert.equal(err.storageErrors[0]?.file.originalname, 'a.txt');
    }
  });

  it('a limits function that throws, returns a promise, or returns a bad limit: next(err)', async () => {
    const cases: [() => unknown, string][] = [
      [
        () => {
          throw new Error('no limits');
        },
        'no limits',
      ],
      [async () => ({ fileSize: 1 }), 'option limits must return the limits, not a promise'],
      [() => ({ fileSize: -1 }), 'Expected limits.fileSize to be a non-negative integer or Infinity'],
      [
        () => ({ fileSizeLimit: 1 }),
        'Unknown limit "fileSizeLimit" (limits are fieldNameSize, fieldSize, fields, fileSize, files, parts, headerPairs, fieldNestingDepth, fieldArrayIndexLimit)',
      ],
    ];
    for (const [limits, message] of cases) {
      assert.equal((await run(multer({ limits: limits as never }).any(), body)).err?.message, message);
    }
  });

  it('a streamHandler that throws, or never feeds the parser but destroys it', async () => {
    const throws = multer({
      streamHandler() {
        throw new Error('handler threw');
      },
    }).any();
    assert.equal((await run(throws, body)).err?.message, 'handler threw');
    const destroys = multer({ streamHandler: (_req, parser) => parser.destroy(new Error('parser destroyed')) }).any();
    assert.equal((await run(destroys, body)).err?.message, 'parser destroyed');
  });
});
