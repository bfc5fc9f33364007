// @brisk/multipart: multipart/form-data uploads with a streaming parser of its own, a drop-in for
// multer 2.5. `require('@brisk/multipart')` is the `multer` function; every named export is
// also its property.
/// <reference types="node" preserve="true" />

// The middleware factory (default export) and its properties
export { multer as default } from './multer.js';
export { diskStorage } from './storage/disk.js';
export { memoryStorage } from './storage/memory.js';
export { MulterError } from './errors.js';

// Types
export type { ErrorCode } from './errors.js';
export type { BodyObject, BodyValue } from './fields.js';
export type {
  Body,
  DiskStorageOptions,
  Field,
  File,
  FileFilter,
  FileFilterCallback,
  Limits,
  Middleware,
  Multer,
  MultipartRequest,
  MultipartWritable,
  Options,
  StorageEngine,
} from './types.js';
