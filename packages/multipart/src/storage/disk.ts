// Disk storage: each file written to a folder, under a name. By default the folder is the
// system's temporary folder and the name 32 random hexadecimal digits: nothing the client sent
// reaches the file system. A `filename` function may name the file from the request (never from
// `file.originalname` unchecked); whatever it returns must name a file inside the folder, or the
// request fails (BRISK_ERR_MULTIPART_FILENAME) rather than writing elsewhere (decision 040).
import { randomBytes } from 'node:crypto';
import { close, createWriteStream, fsync, mkdirSync, open, unlink, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { filenameError, MulterError } from '../errors.js';
import type { DiskStorageOptions, File, MultipartRequest, StorageEngine } from '../types.js';

type NameCallback = (error: Error | null, name: string) => void;
type Namer = (req: MultipartRequest, file: File, cb: NameCallback) => void;

/** 16 random bytes as 32 hexadecimal digits. */
function randomName(_req: MultipartRequest, _file: File, cb: NameCallback): void {
  randomBytes(16, (err, raw) => cb(err, err ? '' : raw.toString('hex')));
}

function tmpFolder(_req: MultipartRequest, _file: File, cb: NameCallback): void {
  cb(null, tmpdir());
}

/** Write streams still open, by file, so that `_removeFile` unlinks only once one has closed. */
const openStreams = new WeakMap<File, WriteStream>();
/** Files being flushed (`flush`) through a second descriptor, with what to run once it closes. */
const flushing = new WeakMap<File, { closed?: () => void }>();

function endFlush(file: File): void {
  const flush = flushing.get(file);
  if (flush === undefined) return;
  flushing.delete(file);
  flush.closed?.();
}

/** Calls `fn` at most once. */
function once<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  let called = false;
  return (...args) => {
    if (called) return;
    called = true;
    fn(...args);
  };
}

/**
 * The path of `filename` in `destination`, or an error when it is not a file inside it: not a
 * string, empty, with a NUL, the folder itself, or out of it (`../x`, an absolute path).
 */
function pathIn(destination: unknown, filename: unknown): string | Error {
  if (typeof destination !== 'string' || destination === '' || destination.includes('\0'))
    return new TypeError(`disk storage: the destination ${JSON.stringify(String(destination))} is not a folder path`);
  if (typeof filename !== 'string' || filename.includes('\0')) return filenameError(String(filename));
  const path = join(destination, filename);
  const rel = relative(resolve(destination), resolve(path));
  if (rel === '' || rel === '..' || rel.startsWith('../') || rel.startsWith('..\\') || isAbsolute(rel))
    return filenameError(filename);
  return path;
}

/** The engine `diskStorage()` returns. */
export class DiskStorage implements StorageEngine {
  private readonly getDestination: Namer;
  private readonly getFilename: Namer;
  private readonly flush: boolean;

  constructor(options?: DiskStorageOptions | null) {
    options ??= {};
    if (typeof options !== 'object') throw new TypeError('diskStorage options must be an object');
    const { destination, filename, flush } = options;
    if (filename != null && typeof filename !== 'function')
      throw new TypeError('diskStorage option filename must be a function');
    if (destination != null && typeof destination !== 'string' && typeof destination !== 'function')
      throw new TypeError('diskStorage option destination must be a string or a function');
    this.getFilename = filename ?? randomName;
    this.flush = flush === true;
    if (typeof destination === 'string') {
      mkdirSync(destination, { recursive: true });
      this.getDestination = (_req, _file, cb) => cb(null, destination);
    } else {
      this.getDestination = destination ?? tmpFolder;
    }
  }

  _handleFile(req: MultipartRequest, file: File, callback: (error?: unknown, info?: Partial<File>) => void): void {
    const cb = once(callback);
    // the user's functions may throw, or call back twice: the first answer counts
    const call = (fn: Namer, next: NameCallback): void => {
      try {
        fn(req, file, once(next));
      } catch (err) {
        cb(err);
      }
    };
    call(this.getDestination, (err, destination) => {
      if (err) return cb(err);
      call(this.getFilename, (err, filename) => {
        if (err) return cb(err);
        const path = pathIn(destination, filename);
        if (path instanceof Error) return cb(path);
        this.write(file, destination, filename, path, cb);
      });
    });
  }

  private write(
    file: File,
    destination: string,
    filename: string,
    path: string,
    cb: (error?: unknown, info?: Partial<File>) => void,
  ): void {
    if (file.stream.destroyed) return cb(new MulterError('STREAM_DESTROYED'));
    let out: WriteStream;
    try {
      out = createWriteStream(path);
    } catch (err) {
      return cb(err);
    }
    file.path = path; // before the data: a failed request removes what was written so far
    openStreams.set(file, out);
    out.once('close', () => openStreams.delete(file));
    if (this.flush) flushing.set(file, {});
    pipeline(file.stream, out, (err) => {
      if (err) {
        endFlush(file);
        return cb(err);
      }
      const done = (err?: Error | null): void => {
        if (err) return cb(err);
        cb(null, { destination, filename, path, size: out.bytesWritten });
      };
      if (!this.flush) return done();
      // the write stream's descriptor is closed by now: fsync through a new one
      open(path, 'r+', (err, fd) => {
        if (err) {
          endFlush(file);
          return done(err);
        }
        fsync(fd, (syncErr) =>
          close(fd, (closeErr) => {
            endFlush(file);
            done(syncErr ?? closeErr);
          }),
        );
      });
    });
  }

  _removeFile(_req: MultipartRequest, file: File, cb: (error: Error | null) => void): void {
    const target = file as Partial<File>;
    const path = target.path;
    delete target.destination;
    delete target.filename;
    delete target.path;
    if (typeof path !== 'string') return cb(null);
    const remove = (): void => {
      const flush = flushing.get(file);
      if (flush === undefined) unlink(path, cb);
      else flush.closed = () => unlink(path, cb);
    };
    const out = openStreams.get(file);
    if (out === undefined || out.closed) return remove();
    const released = (): void => {
      out.off('close', released);
      out.off('error', released);
      remove();
    };
    out.once('close', released);
    out.once('error', released);
    out.destroy();
  }
}

/**
 * A storage engine that writes each file to a folder: `destination` (a folder, created if
 * missing, or a function that calls back with one; the system's temporary folder by default)
 * and `filename` (a function that calls back with the file's name; 32 random hexadecimal digits
 * by default). Sets `destination`, `filename`, `path` and `size` on each file.
 *
 * @example
 * const storage = multer.diskStorage({
 *   destination: 'uploads/',
 *   filename: (req, file, cb) => cb(null, `${Date.now()}-${crypto.randomUUID()}.bin`),
 * });
 * const upload = multer({ storage });
 */
export function diskStorage(options?: DiskStorageOptions | null): StorageEngine {
  return new DiskStorage(options);
}
