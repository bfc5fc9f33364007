// Memory storage: each file's bytes in `file.buffer`. Bound memory with `limits.fileSize` and
// `limits.files`: without them, a client decides how much memory a request takes.
import type { File, MultipartRequest, StorageEngine } from '../types.js';

/** The engine `memoryStorage()` returns: sets `buffer` and `size` on each file. */
export class MemoryStorage implements StorageEngine {
  _handleFile(_req: MultipartRequest, file: File, cb: (error?: unknown, info?: Partial<File>) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = file.stream;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    // multer's engine listens for `end` only: a stream destroyed mid-file never called back
    stream.once('error', (err) => cb(err));
    stream.once('end', () => {
      const buffer = Buffer.concat(chunks, size);
      cb(null, { buffer, size });
    });
  }

  _removeFile(_req: MultipartRequest, file: File, cb: (error: Error | null) => void): void {
    delete (file as Partial<File>).buffer;
    cb(null);
  }
}

/**
 * A storage engine that keeps each file in memory, as a Buffer in `file.buffer` (and its length
 * in `file.size`). Set `limits.fileSize` (and `limits.files`) to bound the memory a request takes.
 *
 * @example
 * const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 1024 * 1024 } });
 */
export function memoryStorage(): StorageEngine {
  return new MemoryStorage();
}
