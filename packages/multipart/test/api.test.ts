// The public surface: what `multer()` accepts and refuses at set-up, the shape of `MulterError`,
// of a file and of `req.body`, the storage engines, the options passed to the parser, and the
// request the callbacks see (the caller's async context included).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import multer, { diskStorage, memoryStorage, MulterError, type File, type StorageEngine } from '../src/index.js';
import { field, filePart, form, outcome, request, typeOf, upstream } from './helpers.js';

const B = 'api';
const body = form(B, [field('name', 'Ada'), filePart('avatar', 'me.png', 'PNG', 'image/png')]);
const headers = { 'content-type': typeOf(B), 'content-length': String(body.length) };
type Req = Readable & { headers: object; body?: Record<string, unknown>; file?: File; files?: unknown };
async function through(
  middleware: (req: never, res: never, next: (err?: unknown) => void) => void,
  req: Req = request(body, headers),
) {
  const result = await outcome(middleware, req);
  assert.notEqual(result, 'hang');
  return { req, result: result as Exclude<typeof result, 'hang'> };
}

describe('the module', () => {
  it('is the function, with diskStorage, memoryStorage and MulterError, named as multer names them', () => {
    assert.equal(typeof multer, 'function');
    assert.equal(multer.name, 'multer');
    assert.equal(multer.diskStorage, diskStorage);
    assert.equal(multer.memoryStorage, memoryStorage);
    assert.equal(multer.MulterError, MulterError);
    const upload = multer();
    assert.deepEqual(
      ['single', 'array', 'fields', 'none', 'any'].map((m) => typeof (upload as unknown as Record<string, unknown>)[m]),
      ['function', 'function', 'function', 'function', 'function'],
    );
    assert.equal(upload.single('f').name, 'multerMiddleware');
    assert.equal(upload.constructor.name, 'Multer');
  });

  it('MulterError: own properties as multer sets them, an Error, no status', () => {
    const theirs = new upstream.MulterError('LIMIT_FILE_SIZE', 'avatar');
    const ours = new MulterError('LIMIT_FILE_SIZE', 'avatar');
    assert.deepEqual(Object.keys(ours), Object.keys(theirs));
    assert.deepEqual({ ...ours }, { ...theirs });
    assert.ok(ours instanceof Error);
    assert.equal(String(ours), 'MulterError: File too large');
    assert.equal((ours as unknown as { status?: number }).status, undefined);
    const codes = {
      LIMIT_PART_COUNT: 'Too many parts',
      LIMIT_FILE_SIZE: 'File too large',
      LIMIT_FILE_COUNT: 'Too many files',
      LIMIT_FIELD_KEY: 'Field name too long',
      LIMIT_FIELD_VALUE: 'Field value too long',
      LIMIT_FIELD_COUNT: 'Too many fields',
      LIMIT_UNEXPECTED_FILE: 'Unexpected file field',
      MISSING_FIELD_NAME: 'Field name missing',
      LIMIT_FIELD_NESTING: 'Field name nesting too deep',
      LIMIT_FIELD_ARRAY_INDEX: 'Field name array index too large',
      STREAM_DESTROYED: 'File stream was destroyed',
      INVALID_FIELD_NAME: 'Invalid field name',
    } as const;
    for (const [code, message] of Object.entries(codes)) {
      assert.equal(new MulterError(code as keyof typeof codes).message, message);
      assert.equal(new upstream.MulterError(code).message, message);
    }
    assert.equal(new MulterError('NOPE' as never).message, 'Unknown error: NOPE');
    const withFile = new MulterError('LIMIT_FILE_SIZE', 'f', 'a.txt');
    assert.deepEqual([withFile.field, withFile.filename], ['f', 'a.txt']);
    assert.equal(Object.hasOwn(new MulterError('LIMIT_PART_COUNT', ''), 'field'), false);
  });
});

describe('misuse fails at set-up, naming what is wrong', () => {
  const cases: [string, () => unknown, string][] = [
    ['options that are not an object', () => multer(5 as never), 'Expected object for argument options'],
    ['null options', () => multer(null as never), 'Expected object for argument options'],
    [
      'an unknown option',
      () => multer({ fileSize: 1 } as never),
      'Unknown option "fileSize" (options are dest, storage, limits, fileFilter, preservePath, defParamCharset, defCharset, highWaterMark, fileHwm, streamHandler)',
    ],
    [
      'an unknown limit',
      () => multer({ limits: { maxFileSize: 1 } as never }),
      'Unknown limit "maxFileSize" (limits are fieldNameSize, fieldSize, fields, fileSize, files, parts, headerPairs, fieldNestingDepth, fieldArrayIndexLimit)',
    ],
    [
      'a negative limit',
      () => multer({ limits: { fileSize: -1 } }),
      'Expected limits.fileSize to be a non-negative integer or Infinity',
    ],
    [
      'a NaN limit',
      () => multer({ limits: { files: Number.NaN } }),
      'Expected limits.files to be a non-negative integer or Infinity',
    ],
    [
      'a fractional limit',
      () => multer({ limits: { parts: 1.5 } }),
      'Expected limits.parts to be a non-negative integer or Infinity',
    ],
    [
      'a string limit',
      () => multer({ limits: { fields: '10' as never } }),
      'Expected limits.fields to be a non-negative integer or Infinity',
    ],
    [
      'limits that are a number',
      () => multer({ limits: 10 as never }),
      'Expected limits to be an object or a function',
    ],
    [
      'a storage without _removeFile',
      () => multer({ storage: { _handleFile() {} } as never }),
      'option storage must be a storage engine (an object with _handleFile and _removeFile)',
    ],
    [
      'a fileFilter that is not a function',
      () => multer({ fileFilter: true as never }),
      'option fileFilter must be a function',
    ],
    [
      'a streamHandler that is not a function',
      () => multer({ streamHandler: 'pipe' as never }),
      'Expected streamHandler to be a function',
    ],
    ['a dest that is not a string', () => multer({ dest: 5 as never }), 'option dest must be a string'],
    [
      'a preservePath that is not a boolean',
      () => multer({ preservePath: 'yes' as never }),
      'option preservePath must be a boolean',
    ],
    [
      'a charset node cannot decode',
      () => multer({ defParamCharset: 'no-such' }),
      'option defParamCharset "no-such" is not a charset node can decode',
    ],
    ['a bad highWaterMark', () => multer({ fileHwm: -1 }), 'option fileHwm must be a non-negative integer'],
    ['single() without a name', () => multer().single(undefined as never), 'argument name must be a string'],
    [
      'a string maxCount',
      () => multer().array('f', '3' as never),
      'maxCount of field "f" must be a non-negative integer',
    ],
    [
      'a NaN maxCount',
      () => multer().fields([{ name: 'f', maxCount: Number.NaN }]),
      'maxCount of field "f" must be a non-negative integer',
    ],
    [
      'fields() that is not an array',
      () => multer().fields({ name: 'f' } as never),
      'argument fields must be an array of { name, maxCount }',
    ],
    [
      'a diskStorage filename that is not a function',
      () => diskStorage({ filename: 'x' as never }),
      'diskStorage option filename must be a function',
    ],
  ];
  for (const [what, make, message] of cases) {
    it(what, () => assert.throws(make, { name: 'TypeError', message }));
  }

  it('what multer accepts, brisk accepts', () => {
    for (const options of [
      undefined,
      {},
      { dest: undefined },
      { limits: null },
      { limits: {} },
      { limits: { fileSize: Infinity, files: null } },
      { limits: () => ({}) },
    ])
      assert.doesNotThrow(() => multer(options as never).any());
    assert.doesNotThrow(() => multer().array('f', null as never));
    assert.doesNotThrow(() => multer().fields([{ name: 'a' }, { name: 'b', maxCount: 0 }]));
  });
});

describe('requests the middleware does not read', () => {
  it('another Content-Type, no body, or a malformed Content-Type: next() and nothing touched', async () => {
    const cases = [
      { 'content-type': 'application/json', 'content-length': '2' },
      { 'content-type': typeOf(B) },
      { 'content-length': '2' },
      { 'content-type': `${typeOf(B)};`, 'content-length': '2' },
    ];
    for (const h of cases) {
      const req = request(Buffer.from('{}'), h as Record<string, string>);
      const { result } = await through(multer().any(), req);
      assert.deepEqual(result, { body: '"<undefined>"', file: undefined, files: undefined }, JSON.stringify(h));
      assert.equal(req.readableFlowing, null, 'the body was not read');
    }
  });
});

describe('what a request gets', () => {
  it("req.body without prototype, req.file with multer's keys in its order (memory)", async () => {
    const { req } = await through(multer().single('avatar'));
    assert.equal(Object.getPrototypeOf(req.body), null);
    assert.deepEqual({ ...req.body }, { name: 'Ada' });
    assert.deepEqual(Object.keys(req.file as object), [
      'fieldname',
      'originalname',
      'encoding',
      'mimetype',
      'buffer',
      'size',
    ]);
    assert.equal(req.file?.buffer.toString(), 'PNG');
    assert.equal(Object.getOwnPropertyDescriptor(req.file, 'stream'), undefined);
    assert.equal(req.files, undefined);
  });

  it("disk storage: destination, filename, path, size, in multer's order; a string destination is made", async () => {
    const root = mkdtempSync(join(tmpdir(), 'brisk-multipart-api-'));
    try {
      const dest = join(root, 'a/b');
      const { req } = await through(multer({ dest }).single('avatar'));
      const file = req.file as File;
      assert.deepEqual(Object.keys(file), [
        'fieldname',
        'originalname',
        'encoding',
        'mimetype',
        'path',
        'destination',
        'filename',
        'size',
      ]);
      assert.equal(file.destination, dest);
      assert.equal(readFileSync(file.path, 'utf8'), 'PNG');
      assert.equal(file.size, 3);
      const flushed = await through(
        multer({ storage: diskStorage({ destination: dest, flush: true }) }).single('avatar'),
      );
      assert.equal(readFileSync((flushed.req.file as File).path, 'utf8'), 'PNG');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('array, fields and any put files on req.files; none takes none', async () => {
    const two = form(B, [filePart('a', '1.txt', '1'), filePart('b', '2.txt', '2'), filePart('a', '3.txt', '3')]);
    const h = { 'content-type': typeOf(B), 'content-length': String(two.length) };
    const byField = await through(multer().fields([{ name: 'a', maxCount: 2 }, { name: 'b' }]), request(two, h));
    assert.equal(Object.getPrototypeOf(byField.req.files), null);
    assert.deepEqual(
      Object.entries(byField.req.files as Record<string, File[]>).map(([k, v]) => [k, v.map((f) => f.originalname)]),
      [
        ['a', ['1.txt', '3.txt']],
        ['b', ['2.txt']],
      ],
    );
    const any = await through(multer().any(), request(two, h));
    assert.deepEqual(
      (any.req.files as File[]).map((f) => f.originalname),
      ['1.txt', '2.txt', '3.txt'],
    );
    const empty = await through(
      multer().array('a'),
      request(form(B, []), { 'content-type': typeOf(B), 'content-length': '12' }),
    );
    assert.deepEqual(empty.req.files, []);
  });

  it('files keep the order they were sent in, whatever order their storage finishes in', async () => {
    const slowFirst: StorageEngine = {
      _handleFile(_req, file, cb) {
        const chunks: Buffer[] = [];
        file.stream.on('data', (c: Buffer) => chunks.push(c));
        file.stream.on('end', () =>
          setTimeout(() => cb(null, { size: Buffer.concat(chunks).length }), file.originalname === '1.txt' ? 30 : 0),
        );
      },
      _removeFile: (_req, _file, cb) => cb(null),
    };
    const two = form(B, [filePart('a', '1.txt', '1'), filePart('a', '2.txt', '22')]);
    const { req } = await through(
      multer({ storage: slowFirst }).any(),
      request(two, { 'content-type': typeOf(B), 'content-length': String(two.length) }),
    );
    assert.deepEqual(
      (req.files as File[]).map((f) => [f.originalname, f.size]),
      [
        ['1.txt', 1],
        ['2.txt', 2],
      ],
    );
  });

  it('fileFilter sees the file without size, stream, path or buffer; skipping a file discards its data', async () => {
    const seen: object[] = [];
    const upload = multer({
      fileFilter(_req, file, cb) {
        seen.push({ ...file });
        cb(null, file.mimetype !== 'image/png');
      },
    }).any();
    const { req } = await through(upload);
    assert.deepEqual(seen, [{ fieldname: 'avatar', originalname: 'me.png', encoding: '7bit', mimetype: 'image/png' }]);
    assert.deepEqual(req.files, []);
    assert.deepEqual({ ...req.body }, { name: 'Ada' });
  });

  it('the options reach the parser: fileHwm, highWaterMark, defCharset, defParamCharset, preservePath', async () => {
    let hwm = 0;
    const storage: StorageEngine = {
      _handleFile(_req, file, cb) {
        hwm = file.stream.readableHighWaterMark;
        file.stream.resume();
        file.stream.on('end', () => cb(null, {}));
      },
      _removeFile: (_req, _file, cb) => cb(null),
    };
    await through(multer({ storage, fileHwm: 1024, highWaterMark: 2048 }).any());
    assert.equal(hwm, 1024);
    const latin = form(B, [field('n\xc3\xa4me', '\xe5'), filePart('f', 'dir/\xc3\xa4.txt', 'x')]);
    const h = { 'content-type': typeOf(B), 'content-length': String(latin.length) };
    const { req } = await through(
      multer({ defCharset: 'latin1', defParamCharset: 'utf8', preservePath: true }).any(),
      request(latin, h),
    );
    assert.deepEqual({ ...req.body }, { näme: 'å' });
    assert.equal((req.files as File[])[0]?.originalname, 'dir/ä.txt');
  });

  it('a streamHandler feeds the parser (a body already read, as on Google Cloud Functions)', async () => {
    const upload = multer({
      streamHandler(req, parser) {
        const raw = (req as { rawBody?: Buffer }).rawBody;
        if (raw) parser.end(raw);
        else (req as unknown as Readable).pipe(parser as Writable);
      },
    }).single('avatar');
    const req = Object.assign(Readable.from([]), { headers, rawBody: body });
    const { req: done } = await through(upload, req as Req);
    assert.equal(done.file?.buffer.toString(), 'PNG');
  });

  it('limits given as a function of the request, called once per request', async () => {
    const calls: unknown[] = [];
    const upload = multer({
      limits(req) {
        calls.push(req);
        return { fileSize: 2 };
      },
    }).any();
    const req = request(body, headers);
    const { result } = await through(upload, req);
    assert.equal(result.err?.code, 'LIMIT_FILE_SIZE');
    assert.deepEqual(calls, [req]);
  });

  it('next runs in the async context the middleware was called in', async () => {
    const als = new AsyncLocalStorage<string>();
    const upload = multer().any();
    const store = await new Promise((resolve) => {
      als.run('request-1', () => upload(request(body, headers) as never, {} as never, () => resolve(als.getStore())));
    });
    assert.equal(store, 'request-1');
  });
});
