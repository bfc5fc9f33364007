/**
 * `multer(options)`: the upload middleware factory, a drop-in for multer 2.5, whose `single`,
 * `array`, `fields`, `none` and `any` make the middleware; `require('@brisk/multipart')` is this
 * function, with `diskStorage`, `memoryStorage` and `MulterError` as properties.
 */
import type { Strategy } from './appender.js';
import * as errors from './errors.js';
import * as fields from './fields.js';
import { makeMiddleware, type Plan } from './middleware.js';
import { checkOptions, type Settings } from './options.js';
import { DiskStorage, diskStorage as makeDiskStorage } from './storage/disk.js';
import { memoryStorage as makeMemoryStorage } from './storage/memory.js';
import * as types from './types.js'; // types only, for the namespace
import type { Field, Middleware, Multer as MulterInstance, Options, StorageEngine } from './types.js';

/** A field's `maxCount`: a non-negative integer or `Infinity`; `undefined`/`null` is `Infinity`. */
function maxCountOf(maxCount: unknown, name: string): number {
  if (maxCount == null) return Number.POSITIVE_INFINITY;
  if ((Number.isInteger(maxCount) && (maxCount as number) >= 0) || maxCount === Number.POSITIVE_INFINITY)
    return maxCount as number;
  throw new TypeError(`maxCount of field "${name}" must be a non-negative integer`);
}

function nameOf(name: unknown): string {
  if (typeof name !== 'string') throw new TypeError('argument name must be a string');
  return name;
}

/** What `multer(options)` returns (the `Multer` interface of types.ts). */
class Multer implements MulterInstance {
  readonly #settings: Settings;
  readonly #storage: StorageEngine;

  /** @param options - see {@link Options}; checked here */
  constructor(options: Options) {
    this.#settings = checkOptions(options);
    this.#storage =
      this.#settings.storage ?? (options.dest ? new DiskStorage({ destination: options.dest }) : makeMemoryStorage());
  }

  #make(strategy: Strategy, fields: Plan['fields']): Middleware {
    return makeMiddleware(this.#settings, this.#storage, { strategy, fields });
  }

  /**
   * One file, from field `name`, in `req.file`; a file in any other field (or a second one) fails
   * the request with `LIMIT_UNEXPECTED_FILE`.
   */
  single(name: string): Middleware {
    return this.#make('VALUE', [{ name: nameOf(name), maxCount: 1 }]);
  }

  /**
   * Files from field `name`, in the array `req.files`; more than `maxCount` (files `fileFilter`
   * skips do not count), or a file in another field, fail the request with `LIMIT_UNEXPECTED_FILE`.
   */
  array(name: string, maxCount?: number): Middleware {
    const field = nameOf(name);
    return this.#make('ARRAY', [{ name: field, maxCount: maxCountOf(maxCount, field) }]);
  }

  /**
   * Files from the fields named, in `req.files` by field name (`req.files.avatar[0]`), at most
   * each field's `maxCount`.
   *
   * @example
   * upload.fields([{ name: 'avatar', maxCount: 1 }, { name: 'gallery', maxCount: 8 }])
   */
  fields(fields: readonly Field[]): Middleware {
    if (!Array.isArray(fields)) throw new TypeError('argument fields must be an array of { name, maxCount }');
    const plan = fields.map((field: unknown) => {
      if (typeof field !== 'object' || field === null)
        throw new TypeError('argument fields must be an array of { name, maxCount }');
      const { name, maxCount } = field as Field;
      return { name: nameOf(name), maxCount: maxCountOf(maxCount, name) };
    });
    return this.#make('OBJECT', plan);
  }

  /** Text fields only: any file fails the request with `LIMIT_UNEXPECTED_FILE`. */
  none(): Middleware {
    return this.#make('NONE', []);
  }

  /**
   * Every file, in the array `req.files`. Use it only on routes that handle whatever files come:
   * never as a global middleware.
   */
  any(): Middleware {
    return this.#make('ARRAY', null);
  }
}

/**
 * Creates the upload middleware factory, a drop-in for multer 2.5: `multer({ dest })`,
 * `multer({ storage, limits, fileFilter })`, or `multer()` (files in memory).
 *
 * @throws TypeError `Expected object for argument options`; for an unknown option or limit, or
 *   one of the wrong type (named in the message)
 * @example
 * const upload = multer({ dest: 'uploads/', limits: { fileSize: 10 * 1024 * 1024, files: 5 } });
 * app.post('/profile', upload.single('avatar'), (req, res) => {
 *   res.json({ name: req.body.name, size: req.file?.size });
 * });
 */
export function multer(options?: Options): MulterInstance {
  if (options === undefined) return new Multer({});
  if (typeof options === 'object' && options !== null) return new Multer(options);
  throw new TypeError('Expected object for argument options');
}

// multer's `module.exports`: `multer`, with these as properties (`require('@brisk/multipart')`,
// src/index.cts; the ESM default export, src/index.ts).
const disk = makeDiskStorage;
const memory = makeMemoryStorage;
const MulterErrorClass = errors.MulterError;
export namespace multer {
  /** A storage engine that writes each file to a folder. */
  export const diskStorage = disk;
  /** A storage engine that keeps each file in memory (`file.buffer`). */
  export const memoryStorage = memory;
  /** The error of a request that breaks a rule of the middleware (`err.code`: `LIMIT_FILE_SIZE`, ...). */
  export const MulterError = MulterErrorClass;
}

/** The types, also reachable from the function (`multer.Options`), as in @types/multer. */
export declare namespace multer {
  export import Options = types.Options;
  export import Limits = types.Limits;
  export import File = types.File;
  export import StorageEngine = types.StorageEngine;
  export import DiskStorageOptions = types.DiskStorageOptions;
  export import Field = types.Field;
  export import FileFilter = types.FileFilter;
  export import FileFilterCallback = types.FileFilterCallback;
  export import Middleware = types.Middleware;
  export import MultipartRequest = types.MultipartRequest;
  export import MultipartWritable = types.MultipartWritable;
  export import Body = types.Body;
  export import ErrorCode = errors.ErrorCode;
  export import BodyValue = fields.BodyValue;
  export import BodyObject = fields.BodyObject;
  /** An instance of `MulterError`. */
  export type MulterError = errors.MulterError;
  export import Multer = types.Multer;
  /** The module's shape. */
  export type MulterModule = typeof multer;
}
