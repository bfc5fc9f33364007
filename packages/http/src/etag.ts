/**
 * Entity tags, a drop-in for `etag@1.8.1`.
 * @module
 */
import * as crypto from 'node:crypto';
import { Stats } from 'node:fs';

/** Options of {@link etag}. */
export interface EtagOptions {
  /**
   * Make a weak validator (`W/"..."`). Anything but a boolean means the default.
   * @default false for a string or Buffer, true for a `fs.Stats`
   */
  weak?: boolean | undefined;
}

/** The parts of `fs.Stats` an ETag is computed from (a duck-typed stats object is accepted too). */
export interface StatsLike {
  /** Last change of the inode. */
  ctime: Date;
  /** Last change of the content: part of the tag. */
  mtime: Date;
  /** Inode number. */
  ino: number;
  /** Size in bytes: part of the tag. */
  size: number;
}

/** The tag of an empty body: its length `0` and the SHA-1 of nothing. */
const EMPTY_TAG = '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

type OneShotHash = (
  algorithm: string,
  data: string | NodeJS.ArrayBufferView,
  outputEncoding: 'base64' | 'base64url',
) => string;

/** `crypto.hash` where node has it: a function (@types/node 18 does not declare it). */
function isOneShotHash(value: unknown): value is OneShotHash {
  return typeof value === 'function';
}

/**
 * One-shot `crypto.hash` (Node >= 20.12 / 21.7) is about 3x faster than `createHash` for small
 * bodies (182 against 575 ns for 12 bytes: docs/performance.md, rule 5); older Node falls back
 * to `createHash`.
 */
const oneShot = 'hash' in crypto && isOneShotHash(crypto.hash) ? crypto.hash : undefined;

/** SHA-1 of the body, base64, without the trailing `=` (27 characters). */
const sha1: (data: string | Buffer) => string =
  typeof oneShot === 'function'
    ? (data) => oneShot('sha1', data, 'base64').slice(0, 27)
    : (data) => crypto.createHash('sha1').update(data).digest('base64').slice(0, 27);

const objectToString = Object.prototype.toString;

/** A real `fs.Stats`, or an object with `ctime`/`mtime` dates and numeric `ino`/`size`. */
function isStats(obj: unknown): obj is StatsLike {
  if (obj instanceof Stats) return true;
  if (obj === null || typeof obj !== 'object') return false;
  const o = obj as Record<string, unknown>;
  return (
    'ctime' in o &&
    objectToString.call(o.ctime) === '[object Date]' &&
    'mtime' in o &&
    objectToString.call(o.mtime) === '[object Date]' &&
    'ino' in o &&
    typeof o.ino === 'number' &&
    'size' in o &&
    typeof o.size === 'number'
  );
}

/**
 * Create an entity tag for a response body or a file.
 *
 * A string or Buffer gets a strong tag `"<byte length, hex>-<SHA-1, base64, 27 chars>"`; a
 * `fs.Stats` gets a weak tag `W/"<size, hex>-<mtime ms, hex>"`. `options.weak` overrides the
 * strength either way.
 *
 * @param entity - the body (string, Buffer) or the file's `fs.Stats`
 * @param options - `{ weak }`
 * @returns the tag, quoted, ready for the `ETag` header
 * @throws {TypeError} `argument entity is required` when `entity` is null or undefined
 * @throws {TypeError} `argument entity must be string, Buffer, or fs.Stats` for anything else
 * @example
 * etag('Hello, world!') // '"d-lDpwLQbzRZmu4fjajvn3KWAx1pk"'
 * etag(fs.statSync('index.html')) // 'W/"1a2b-18c0e2f1a40"'
 */
export function etag(entity: string | Buffer | StatsLike, options?: EtagOptions): string {
  if (entity == null) {
    throw new TypeError('argument entity is required');
  }

  let tag: string;
  let weak: boolean;
  if (typeof entity === 'string' || Buffer.isBuffer(entity)) {
    weak = false;
    if (entity.length === 0) {
      tag = EMPTY_TAG;
    } else {
      const len = typeof entity === 'string' ? Buffer.byteLength(entity, 'utf8') : entity.length;
      tag = '"' + len.toString(16) + '-' + sha1(entity) + '"';
    }
  } else if (isStats(entity)) {
    weak = true;
    tag = '"' + entity.size.toString(16) + '-' + entity.mtime.getTime().toString(16) + '"';
  } else {
    throw new TypeError('argument entity must be string, Buffer, or fs.Stats');
  }

  if (options && typeof options.weak === 'boolean') weak = options.weak;
  return weak ? 'W/' + tag : tag;
}

// ---------------------------------------------------------------------------------------------
// etag 2.0.0 (decision 033): `etag2`, beside etag 1.8.1's `etag` that Express 5.3 and send use

/** Options of {@link etag2}. */
export interface Etag2Options {
  /**
   * Make a weak validator (`W/"..."`). Anything but a boolean means the default.
   * @default false for a string or ArrayBuffer view, true for file stats
   */
  weak?: boolean | undefined;
}

/** File stats as etag 2 reads them: `fs.Stats` or `fs.BigIntStats` (`fs.stat(path, { bigint: true })`). */
export interface FileStats {
  /** Last change of the content: part of the tag. */
  mtime: Date;
  /** Size in bytes: part of the tag. */
  size: number | bigint;
}

/** The tag of an empty body: length `0` and the SHA-256 of nothing, base64url. */
const EMPTY_TAG_2 = '"0~47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU"';

/** Past this size, one-shot hashing is no faster than a streaming hash (as etag 2). */
const ONE_SHOT_MAX = 100 * 1024;

/** SHA-256 of the bytes, base64url (43 characters). */
function sha256(data: string | NodeJS.ArrayBufferView, length: number): string {
  if (typeof oneShot === 'function' && length <= ONE_SHOT_MAX) {
    return oneShot('sha256', data, 'base64url');
  }
  return crypto.createHash('sha256').update(data).digest('base64url');
}

/**
 * Create an entity tag as etag 2.0.0 does. A string or any ArrayBuffer view (a `Buffer`, another
 * typed array, a `DataView`: the bytes within the view) gets a strong tag
 * `"<byte length, base 32>~<SHA-256, base64url>"`; file stats (`fs.Stats` or `fs.BigIntStats`)
 * get a weak tag `W/"<size, base 32>~<mtime ms, base 32>"`. `options.weak` overrides the strength.
 * etag 1.8.1's tags (what Express 5.3 sends) come from {@link etag}.
 *
 * @param entity - the body, or the file's stats
 * @param options - `{ weak }`
 * @returns the tag, quoted, ready for the `ETag` header
 * @throws {TypeError} `argument entity must be a string, an ArrayBuffer view or file stats` for
 *   anything else (etag 2 fails reading `entity.mtime`)
 * @example
 * etag2('Hello, world!') // '"d~MV9b23bQeMQ7isAGTkoBZGErH853yGk0W_yUx1iU7dM"'
 * etag2(fs.statSync('index.html')) // 'W/"1a2b~1hfgl8t00"'
 */
export function etag2(entity: string | NodeJS.ArrayBufferView | FileStats, options?: Etag2Options): string {
  const body = typeof entity === 'string' || ArrayBuffer.isView(entity);
  let tag: string;
  if (body) {
    const length = Buffer.byteLength(entity as string | NodeJS.ArrayBufferView);
    tag = length === 0 ? EMPTY_TAG_2 : '"' + length.toString(32) + '~' + sha256(entity, length) + '"';
  } else {
    const stat = entity as FileStats | null | undefined;
    const mtime: unknown = stat?.mtime;
    if (stat == null || typeof (mtime as Date | undefined)?.getTime !== 'function') {
      throw new TypeError('argument entity must be a string, an ArrayBuffer view or file stats');
    }
    const ms = (mtime as Date).getTime();
    // BigInt for a safe integer: exact digits, as etag 2 writes them
    const time = Number.isSafeInteger(ms) ? BigInt(ms).toString(32) : ms.toString(32);
    tag = '"' + stat.size.toString(32) + '~' + time + '"';
  }
  const weak = typeof options?.weak === 'boolean' ? options.weak : !body;
  return weak ? 'W/' + tag : tag;
}
