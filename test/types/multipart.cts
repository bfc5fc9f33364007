// Type fixture: @brisk/multipart as a CommonJS TypeScript user writes it with briskjs, compiled
// against the built declarations with no @types package but node's (test/types/multipart: alone;
// test/types/nodenext: beside @types/multer, whose global declarations merge with these).
import express = require('briskjs');
import multer = require('@brisk/multipart');
import { MulterError, diskStorage, memoryStorage } from '@brisk/multipart';
import type { IncomingMessage } from 'node:http';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T>(): <V>(value: V) => Equal<T, V> {
  return () => true as never;
}

const app = express();
const upload = multer({ dest: 'uploads/', limits: { fileSize: 1024, files: 2, fieldNestingDepth: 3 } });
app.post('/profile', upload.single('avatar'), (req, res) => {
  expectType<Express.Multer.File | undefined>()(req.file) satisfies true;
  expectType<multer.File | undefined>()(req.file) satisfies true;
  res.json({ name: req.file?.originalname, size: req.file?.size, path: req.file?.path });
});
app.post('/photos', upload.array('photos', 12), (req, res) => {
  const files = req.files;
  if (Array.isArray(files)) res.json(files.map((f) => f.buffer.length));
  else if (files) res.json(Object.keys(files).map((name) => files[name]?.[0]?.fieldname));
});
app.post('/form', upload.none(), upload.any(), upload.fields([{ name: 'a', maxCount: 1 }, { name: 'b' }] as const));

// options as multer documents them
multer();
multer({
  storage: memoryStorage(),
  preservePath: true,
  defParamCharset: 'utf8',
  defCharset: 'latin1',
  highWaterMark: 65536,
  fileHwm: 65536,
  limits: (req) => ({ fileSize: req.headers['x-plan'] === 'pro' ? 1e8 : 1e6 }),
  fileFilter(req, file, cb) {
    if (file.mimetype !== 'image/png') return cb(new MulterError('LIMIT_UNEXPECTED_FILE', file.fieldname));
    cb(null, true);
  },
  streamHandler(req, parser) {
    if (req.rawBody) parser.end(req.rawBody);
  },
});
multer({
  storage: diskStorage({
    destination: (_req, _file, cb) => cb(null, '/tmp'),
    filename: (_req, file, cb) => cb(null, `${file.fieldname}-${Date.now()}`),
    flush: true,
  }),
});

// a storage engine, typed with node's request (a method: its parameters are checked bivariantly)
class Counting implements multer.StorageEngine {
  _handleFile(
    _req: IncomingMessage,
    file: Express.Multer.File,
    cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ) {
    let size = 0;
    file.stream.on('data', (c: Buffer) => (size += c.length));
    file.stream.on('end', () => cb(null, { size }));
  }
  _removeFile(_req: IncomingMessage, _file: Express.Multer.File, cb: (error: Error | null) => void) {
    cb(null);
  }
}
multer({ storage: new Counting() });

// errors
app.use((err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (err instanceof multer.MulterError) {
    expectType<multer.ErrorCode>()(err.code) satisfies true;
    expectType<string | undefined>()(err.field) satisfies true;
    return res.status(err.code === 'LIMIT_FILE_SIZE' ? 413 : 400).send(err.message);
  }
  next(err);
});

// misuse that the types refuse, as the runtime does
// @ts-expect-error an unknown option (a typo of a limit)
multer({ fileSize: 10 });
// @ts-expect-error an unknown limit
multer({ limits: { fileSizeLimit: 10 } });
// @ts-expect-error maxCount is a number
upload.array('photos', '12');
// @ts-expect-error a storage engine needs _removeFile
multer({ storage: { _handleFile() {} } });
