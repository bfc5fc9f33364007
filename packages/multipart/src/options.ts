// Options and limits, checked once when `multer(options)` is called (limits given as a function:
// each time it returns them). multer's own messages where it checks (`Expected object for
// argument options`, `Expected limits.fileSize to be a non-negative integer or Infinity`,
// `Expected streamHandler to be a function`); where multer accepts a value that silently turns
// a check off (an unknown key such as `fileSizeLimit` or a top-level `fileSize`, a string
// `maxCount`, a `fileFilter` that is not a function), a TypeError that names it (decision 040).
import { decoderFor, type Decoder } from './charsets.js';
import type { ParserLimits } from './parser.js';
import type { Limits, MultipartRequest, Options, StorageEngine } from './types.js';

/** The keys `multer(options)` knows. */
const OPTION_KEYS = [
  'dest',
  'storage',
  'limits',
  'fileFilter',
  'preservePath',
  'defParamCharset',
  'defCharset',
  'highWaterMark',
  'fileHwm',
  'streamHandler',
] as const;

/** The keys `limits` knows. */
const LIMIT_KEYS = [
  'fieldNameSize',
  'fieldSize',
  'fields',
  'fileSize',
  'files',
  'parts',
  'headerPairs',
  'fieldNestingDepth',
  'fieldArrayIndexLimit',
] as const;

/** busboy's default `fieldSize` (1 MB), the one limit that is finite by default. */
const DEFAULT_FIELD_SIZE = 1024 * 1024;
/** busboy's (and node's) count of header fields read per part. */
const DEFAULT_HEADER_PAIRS = 2000;

/** Limits as the middleware applies them: every one a number (`Infinity` for none). */
export interface NormalizedLimits extends ParserLimits {
  fieldNestingDepth: number;
  fieldArrayIndexLimit: number;
}

/** A plain object (not an array, a function or `null`). */
function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A limit's value: a non-negative integer or `Infinity`. */
function isCount(value: unknown): value is number {
  return (Number.isInteger(value) && (value as number) >= 0) || value === Number.POSITIVE_INFINITY;
}

/**
 * Checks a `limits` object (multer's `validateLimits`, plus unknown keys) and fills in the
 * defaults. `null` and `undefined` stand for "no limits given".
 *
 * @throws TypeError `Expected limits.<key> to be a non-negative integer or Infinity`,
 *   `Unknown limit "<key>" (limits are ...)`, `Expected limits to be an object`
 */
export function normalizeLimits(given: unknown): NormalizedLimits {
  if (given != null && !isObject(given)) throw new TypeError('Expected limits to be an object or a function');
  const limits: Limits = given ?? {};
  for (const key of Object.keys(limits)) {
    if (!(LIMIT_KEYS as readonly string[]).includes(key))
      throw new TypeError(`Unknown limit "${key}" (limits are ${LIMIT_KEYS.join(', ')})`);
    const value = (limits as Record<string, unknown>)[key];
    if (value != null && !isCount(value))
      throw new TypeError(`Expected limits.${key} to be a non-negative integer or Infinity`);
  }
  const get = (key: (typeof LIMIT_KEYS)[number], fallback: number): number => limits[key] ?? fallback;
  const INF = Number.POSITIVE_INFINITY;
  return {
    fieldNameSize: get('fieldNameSize', INF),
    fieldSize: get('fieldSize', DEFAULT_FIELD_SIZE),
    fields: get('fields', INF),
    fileSize: get('fileSize', INF),
    files: get('files', INF),
    parts: get('parts', INF),
    headerPairs: get('headerPairs', DEFAULT_HEADER_PAIRS),
    fieldNestingDepth: get('fieldNestingDepth', INF),
    fieldArrayIndexLimit: get('fieldArrayIndexLimit', INF),
  };
}

/** `options` once checked: what every middleware of one `multer()` shares. */
export interface Settings {
  storage: StorageEngine | undefined;
  /** The limits, or the function that gives them per request. */
  limits: NormalizedLimits | ((req: MultipartRequest) => Limits | null | undefined);
  fileFilter: NonNullable<Options['fileFilter']> | undefined;
  preservePath: boolean;
  paramDecoder: Decoder;
  defCharset: string;
  highWaterMark: number | undefined;
  fileHwm: number | undefined;
  streamHandler: NonNullable<Options['streamHandler']> | undefined;
}

function charset(options: Options, key: 'defParamCharset' | 'defCharset', fallback: string): string {
  const value = options[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value === '' || decoderFor(value) === null)
    throw new TypeError(`option ${key} "${String(value)}" is not a charset node can decode`);
  return value;
}

function size(options: Options, key: 'highWaterMark' | 'fileHwm'): number | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new TypeError(`option ${key} must be a non-negative integer`);
  return value;
}

/**
 * Checks `multer(options)`'s options once; `storage` stays `undefined` when it is to be made
 * from `dest` (or in memory) by the caller.
 *
 * @throws TypeError for an unknown option, or one of the wrong type (named in the message)
 */
export function checkOptions(options: Options): Settings {
  for (const key of Object.keys(options)) {
    if (!(OPTION_KEYS as readonly string[]).includes(key))
      throw new TypeError(`Unknown option "${key}" (options are ${OPTION_KEYS.join(', ')})`);
  }
  const { storage, dest, limits, fileFilter, preservePath, streamHandler } = options;
  if (
    storage != null &&
    (typeof storage !== 'object' ||
      typeof storage._handleFile !== 'function' ||
      typeof storage._removeFile !== 'function')
  ) {
    throw new TypeError('option storage must be a storage engine (an object with _handleFile and _removeFile)');
  }
  if (dest != null && typeof dest !== 'string') throw new TypeError('option dest must be a string');
  if (fileFilter != null && typeof fileFilter !== 'function')
    throw new TypeError('option fileFilter must be a function');
  if (preservePath != null && typeof preservePath !== 'boolean')
    throw new TypeError('option preservePath must be a boolean');
  if (streamHandler !== undefined && typeof streamHandler !== 'function')
    throw new TypeError('Expected streamHandler to be a function');
  const decoder = decoderFor(charset(options, 'defParamCharset', 'latin1')) as Decoder;
  return {
    storage: storage ?? undefined,
    limits: typeof limits === 'function' ? limits : normalizeLimits(limits),
    fileFilter: fileFilter ?? undefined,
    preservePath: preservePath === true,
    paramDecoder: decoder,
    defCharset: charset(options, 'defCharset', 'utf8'),
    highWaterMark: size(options, 'highWaterMark'),
    fileHwm: size(options, 'fileHwm'),
    streamHandler,
  };
}
