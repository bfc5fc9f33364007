// The public types of @brisk/multipart, by @types/multer's names and shapes, so that code typed
// for multer compiles against them; the global `Express.Multer.File` and `Express.Request`'s
// `file`/`files` are declared exactly as @types/multer declares them, so that a project with
// both merges the two declarations into one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { Readable, Writable } from 'node:stream';
import type { BodyObject } from './fields.js';

declare global {
  namespace Express {
    namespace Multer {
      /** A file of a multipart request, as the middleware gives it (`req.file`, `req.files`). */
      interface File {
        /** The form field the file came in. */
        fieldname: string;
        /** The file's name on the client: untrusted input, never a path to write to. */
        originalname: string;
        /** The part's `Content-Transfer-Encoding` (`7bit` when none; RFC 7578 deprecates it). */
        encoding: string;
        /** The part's `Content-Type` (`text/plain` when none). */
        mimetype: string;
        /** The file's size in bytes (once stored). */
        size: number;
        /** The file's data: set only while a storage engine's `_handleFile` reads it. */
        stream: Readable;
        /** Disk storage: the folder the file was written to. */
        destination: string;
        /** Disk storage: the file's name in `destination`. */
        filename: string;
        /** Disk storage: `destination` and `filename` joined. */
        path: string;
        /** Memory storage: the file's bytes. */
        buffer: Buffer;
      }
    }

    interface Request {
      /** The file `upload.single(name)` read. */
      file?: Multer.File | undefined;
      /** The files `upload.array()` / `upload.any()` (an array) or `upload.fields()` (by field name) read. */
      files?:
        | {
            [fieldname: string]: Multer.File[];
          }
        | Multer.File[]
        | undefined;
    }
  }
}

/** A file of a multipart request (`Express.Multer.File`). */
export type File = Express.Multer.File;

/**
 * The request the callbacks of the options get: node's request, with the global `Express.Request`
 * properties (what middleware types add there, `req.file` and `req.files` among them) and the
 * `req.body` the middleware fills. An Express or brisk request is one; so is an HTTP/2 request in
 * a brisk app, whose prototype has the same methods (decision 026).
 */
export type MultipartRequest = IncomingMessage & Express.Request & { body?: unknown };

/** A function typed `(...args) => R` whose parameters are checked bivariantly, as a method's are. */
type Bivariant<F extends (...args: never[]) => unknown> = { fn(...args: Parameters<F>): ReturnType<F> }['fn'];

/**
 * The callback of `fileFilter`: `callback(null, true)` takes the file, `callback(null, false)`
 * skips it (its data is discarded), `callback(err)` fails the request with `err`.
 */
export interface FileFilterCallback {
  (error: Error): void;
  (error: null, acceptFile: boolean): void;
}

/** Decides whether a file is taken; `file` has no `size`, `stream`, `path` or `buffer` yet. */
export type FileFilter = Bivariant<(req: MultipartRequest, file: File, callback: FileFilterCallback) => void>;

/**
 * The limits of one request: a limit passed fails it with a `MulterError` (`LIMIT_FILE_SIZE`,
 * ...). Each is a non-negative integer or `Infinity`; `null` or `undefined` is the default.
 */
export interface Limits {
  /** The longest field name, in characters. @default Infinity (the 16 KB of a part's headers bound it) */
  fieldNameSize?: number | null | undefined;
  /** The longest field value, in bytes. @default 1048576 (1 MB) */
  fieldSize?: number | null | undefined;
  /** The most text fields. @default Infinity */
  fields?: number | null | undefined;
  /** The largest file, in bytes. @default Infinity */
  fileSize?: number | null | undefined;
  /** The most files. @default Infinity */
  files?: number | null | undefined;
  /** The most parts (fields and files). @default Infinity */
  parts?: number | null | undefined;
  /** How many header fields of a part are read (the others are skipped). @default 2000 */
  headerPairs?: number | null | undefined;
  /** The deepest field name (`a[b][c]` is 2). @default Infinity */
  fieldNestingDepth?: number | null | undefined;
  /** The largest array index in a field name (`a[3]` is 3). @default Infinity */
  fieldArrayIndexLimit?: number | null | undefined;
}

/**
 * Where files go: `_handleFile` reads `file.stream` and calls back with the properties to add
 * to the file (`{ path, size }`), or an error; `_removeFile` removes a stored file when the
 * request fails, and calls back.
 */
export interface StorageEngine {
  /** Stores `file` (its data is `file.stream`), then calls `callback(null, info)` or `callback(err)`. */
  _handleFile(req: MultipartRequest, file: File, callback: (error?: unknown, info?: Partial<File>) => void): void;
  /** Removes a file `_handleFile` stored (`file` has what it called back with), then calls back. */
  _removeFile(req: MultipartRequest, file: File, callback: (error: Error | null) => void): void;
}

/** Where `diskStorage` writes a file, and under which name. */
export interface DiskStorageOptions {
  /**
   * The folder, or a function that calls back with it. A string folder is created (recursively)
   * when the storage is made; a folder from a function must exist. @default os.tmpdir()
   */
  destination?:
    | string
    | Bivariant<
        (req: MultipartRequest, file: File, callback: (error: Error | null, destination: string) => void) => void
      >
    | undefined;
  /**
   * A function that calls back with the file's name in the folder. It must name a file inside the
   * folder (no `..` out of it, no NUL): the request fails otherwise. Never pass
   * `file.originalname` unchecked. @default 32 random hexadecimal digits, no extension
   */
  filename?:
    | Bivariant<(req: MultipartRequest, file: File, callback: (error: Error | null, filename: string) => void) => void>
    | undefined;
  /** `fsync` each file before the request goes on. @default false */
  flush?: boolean | undefined;
}

/** A field of `upload.fields()`: its name and how many files it may hold. */
export interface Field {
  /** The field name. */
  name: string;
  /** The most files the field takes. @default Infinity */
  maxCount?: number | undefined;
}

/**
 * What `streamHandler` gets: the parser, a Writable to pipe the body into (`req.pipe(parser)`)
 * or to end with it (`parser.end(req.rawBody)`).
 */
export type MultipartWritable = Writable;

/** Options of `multer(options)`. */
export interface Options {
  /** A folder to store files in (as `diskStorage({ destination: dest })`); ignored when `storage` is set. */
  dest?: string | undefined;
  /** Where files go. @default memoryStorage(), or diskStorage({ destination: dest }) with `dest` */
  storage?: StorageEngine | undefined;
  /** The limits of each request, or a function of the request that returns them (called once per request). */
  limits?: Limits | Bivariant<(req: MultipartRequest) => Limits | null | undefined> | undefined;
  /** Decides which files are taken. @default every file */
  fileFilter?: FileFilter | undefined;
  /** Keep the client's whole path in `file.originalname` (untrusted: never a path to write to). @default false */
  preservePath?: boolean | undefined;
  /** The charset of header parameters (field and file names) that are not RFC 5987 extended values. @default 'latin1' */
  defParamCharset?: string | undefined;
  /** The charset of field values whose part names none. @default 'utf8' */
  defCharset?: string | undefined;
  /** `highWaterMark` of the parser's writable side. @default node's */
  highWaterMark?: number | undefined;
  /** `highWaterMark` of each `file.stream`. @default node's */
  fileHwm?: number | undefined;
  /**
   * Feeds the body to the parser. @default `(req, parser) => req.pipe(parser)`
   * @example
   * streamHandler(req, parser) { if (req.rawBody) parser.end(req.rawBody); else req.pipe(parser); }
   */
  streamHandler?:
    | Bivariant<(req: MultipartRequest & { rawBody?: Buffer }, parser: MultipartWritable) => void>
    | undefined;
}

/** The middleware `single`, `array`, `fields`, `none` and `any` return. */
export type Middleware = (
  req: IncomingMessage | Http2ServerRequest,
  res: ServerResponse | Http2ServerResponse,
  next: (err?: unknown) => void,
) => void;

/**
 * What `multer(options)` returns: makes the middleware for a route. Each middleware reads a
 * `multipart/form-data` request (others go straight to `next()`): text fields into `req.body`,
 * files through `fileFilter` to the storage engine, then onto the request.
 */
export interface Multer {
  /**
   * One file, from field `name`, in `req.file`; a file in any other field (or a second one) fails
   * the request with `LIMIT_UNEXPECTED_FILE`.
   */
  single(name: string): Middleware;
  /**
   * Files from field `name`, in the array `req.files`; more than `maxCount` (files `fileFilter`
   * skips do not count), or a file in another field, fail the request with `LIMIT_UNEXPECTED_FILE`.
   */
  array(name: string, maxCount?: number): Middleware;
  /**
   * Files from the fields named, in `req.files` by field name (`req.files.avatar[0]`), at most
   * each field's `maxCount`.
   */
  fields(fields: readonly Field[]): Middleware;
  /** Text fields only: any file fails the request with `LIMIT_UNEXPECTED_FILE`. */
  none(): Middleware;
  /** Every file, in the array `req.files`: only on routes that handle whatever files come. */
  any(): Middleware;
}

/** The text fields of a request, as `req.body` holds them (no prototype). */
export type Body = BodyObject;
