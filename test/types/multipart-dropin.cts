// Type fixture: code written for @types/multer's shapes (Express's Request, the global
// Express.Multer.File, a callback typed `(error?: any, ...)`) compiles against @brisk/multipart,
// in a program that also has @types/multer and @types/express (their global declarations merge).
import type * as E from 'express';
import multer = require('@brisk/multipart');

class S3LikeStorage implements multer.StorageEngine {
  _handleFile(
    req: E.Request,
    file: Express.Multer.File,
    // biome-ignore lint/suspicious/noExplicitAny: @types/multer's own callback type, as code written for it has it
    cb: (error?: any, info?: Partial<Express.Multer.File>) => void,
  ): void {
    file.stream.resume();
    file.stream.on('end', () => cb(null, { path: `s3://bucket/${req.ip}/${file.originalname}`, size: 0 }));
  }
  _removeFile(_req: E.Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    void file.path;
    cb(null);
  }
}

function fileFilter(_req: E.Request, file: Express.Multer.File, cb: multer.FileFilterCallback): void {
  cb(null, file.mimetype.startsWith('image/'));
}

const upload = multer({ storage: new S3LikeStorage(), fileFilter });
const handler: E.RequestHandler = upload.single('avatar');
const fields: multer.Field[] = [{ name: 'a', maxCount: 1 }];
void handler;
void fields;
