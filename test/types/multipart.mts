// Type fixture: @brisk/multipart from an ES module (its default export is `multer`).
import multer, { type MulterError, type File, type Options, type StorageEngine } from '@brisk/multipart';
import brisk from 'briskjs';

const options: Options = { limits: { fileSize: 1024 } };
const upload = multer(options);
const app = brisk();
app.post('/upload', upload.single('file'), (req, res) => {
  const file: File | undefined = req.file;
  res.json({ size: file?.size ?? 0 });
});
const engine: StorageEngine = multer.memoryStorage();
const error: MulterError = new multer.MulterError('LIMIT_PART_COUNT');
void engine;
void error;
