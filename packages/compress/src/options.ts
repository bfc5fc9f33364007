/**
 * `compression(options)`'s options, read once when the middleware is made: every key checked
 * (compression 1.8 passed any object on to node and failed at the first compressed response, or
 * never), the compressors' options prepared and frozen, so a request only reads them.
 */
import zlib, { type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { parse as parseBytes } from '@brisk/bytes';
import { createCompressor, hasZstd, type CompressorOptions } from './codings.js';
import { shouldCompress } from './filter.js';
import type { CompressionFilter, CompressionRequest, CompressionResponse, ZstdOptions } from './types.js';

/** What a request reads: the options, checked and frozen (with the compressors' options). */
export interface Settings extends CompressorOptions {
  readonly filter: CompressionFilter<CompressionRequest, CompressionResponse>;
  /** Responses known to be smaller than this many bytes are sent as they are. */
  readonly threshold: number;
  /** The coding for a request without `Accept-Encoding` (`identity`: none). */
  readonly enforceEncoding: string;
}

/** compression 1.8's own options (with brisk's `zstd`). */
const OWN_KEYS = ['filter', 'threshold', 'enforceEncoding', 'brotli', 'zstd'] as const;

/** node's zlib options (`ZlibOptions`), which compression 1.8 passes to `createGzip`/`createDeflate`. */
const ZLIB_KEYS = [
  'level',
  'memLevel',
  'strategy',
  'windowBits',
  'chunkSize',
  'dictionary',
  'flush',
  'finishFlush',
  'maxOutputLength',
  'info',
] as const;

const KNOWN = new Set<string>([...OWN_KEYS, ...ZLIB_KEYS]);

/** The default threshold: 1 KiB, compression's. */
const DEFAULT_THRESHOLD = 1024;

/** Brotli's quality by default: 4 (of 0 to 11), compression 1.8's balance of speed and size. */
const DEFAULT_BROTLI_QUALITY = 4;

/**
 * The largest window a `zstd` content coding may use: 8 MB, `windowLog` 23 (RFC 9659 §3:
 * encoders MUST NOT generate frames requiring a larger Window_Size). zstd picks `windowLog` 23
 * for level 19 and larger ones above (27 at level 22), and 27 for long-distance matching.
 */
const ZSTD_MAX_WINDOW_LOG = 23;
const ZSTD_MAX_PLAIN_LEVEL = 19;

/** The integer zlib options compression 1.8 documents, with node's ranges. */
const ZLIB_RANGES: ReadonlyArray<
  readonly [key: 'level' | 'memLevel' | 'strategy' | 'windowBits', min: number, max: number]
> = [
  ['level', zlib.constants.Z_MIN_LEVEL, zlib.constants.Z_MAX_LEVEL],
  ['memLevel', zlib.constants.Z_MIN_MEMLEVEL, zlib.constants.Z_MAX_MEMLEVEL],
  ['strategy', zlib.constants.Z_DEFAULT_STRATEGY, zlib.constants.Z_FIXED],
  // 8 is deflate's smallest window but not gzip's, and the options serve both
  ['windowBits', zlib.constants.Z_MIN_WINDOWBITS + 1, zlib.constants.Z_MAX_WINDOWBITS],
];

/** A TypeError for an option whose value is wrong, naming the key and the value. */
function invalid(key: string, value: unknown, expected: string): TypeError {
  let shown: string;
  try {
    shown = typeof value === 'string' ? value : String(value);
  } catch {
    shown = Object.prototype.toString.call(value);
  }
  return new TypeError(`option ${key} "${shown}" is invalid: ${expected}`);
}

/** Own enumerable keys must all be options: a typo or another package's name for one is refused. */
function checkKeys(options: object): void {
  for (const key of Object.keys(options)) {
    if (KNOWN.has(key)) continue;
    const hint =
      key === 'params' ? ' (Brotli parameters go in `brotli: { params }`, zstd ones in `zstd: { params }`)' : '';
    throw new TypeError(`option ${key} is unknown${hint}; the options are ${[...OWN_KEYS, ...ZLIB_KEYS].join(', ')}`);
  }
}

/** `threshold`: a number of bytes >= 0 or a byte size string; absent or `null`: 1024. */
function readThreshold(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_THRESHOLD;
  const expected = 'a number of bytes >= 0, or a size such as "1kb"';
  if (typeof value !== 'number' && typeof value !== 'string') throw invalid('threshold', value, expected);
  const bytes = parseBytes(value);
  if (bytes === null || Number.isNaN(bytes) || bytes < 0) throw invalid('threshold', value, expected);
  return bytes;
}

/** An options object given as a sub-option (`brotli`, `zstd`): absent or `null` is `{}`. */
function readObject(key: string, value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(key, value, 'an object of options');
  return value as Record<string, unknown>;
}

/** The `params` of a `brotli` or `zstd` option, as a fresh object (or a TypeError). */
function readParams(key: string, value: unknown): Record<number, number | boolean> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid(`${key}.params`, value, 'an object of parameters');
  return { ...(value as Record<number, number | boolean>) };
}

/** node's zlib options for gzip and deflate: the documented integers checked, the rest left to node. */
function readZlib(options: Record<string, unknown>): ZlibOptions {
  const out: Record<string, unknown> = {};
  for (const key of ZLIB_KEYS) if (options[key] !== undefined) out[key] = options[key];
  for (const [key, min, max] of ZLIB_RANGES) {
    const value = out[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)) {
      throw invalid(key, value, `an integer from ${min} to ${max}`);
    }
  }
  const chunk = out.chunkSize;
  if (chunk !== undefined && !(Number.isSafeInteger(chunk) && (chunk as number) >= zlib.constants.Z_MIN_CHUNK)) {
    throw invalid('chunkSize', chunk, `an integer >= ${zlib.constants.Z_MIN_CHUNK}`);
  }
  return Object.freeze(out as ZlibOptions);
}

/** The `brotli` option over compression's default quality. */
function readBrotli(value: unknown): BrotliOptions {
  const given = readObject('brotli', value);
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: DEFAULT_BROTLI_QUALITY,
    ...readParams('brotli', given.params),
  };
  return Object.freeze({ ...given, params: Object.freeze(params) } as BrotliOptions);
}

/** The numbers node gives the Zstandard parameters brisk reads (node 22.15+ only). */
interface ZstdConstants {
  ZSTD_c_compressionLevel: number;
  ZSTD_c_windowLog: number;
  ZSTD_c_enableLongDistanceMatching: number;
}

/** The `zstd` option, its window kept within what the `zstd` coding allows; `undefined` without zstd. */
function readZstd(value: unknown): ZstdOptions | undefined {
  const given = readObject('zstd', value);
  if (!hasZstd) return undefined; // accepted, so that one configuration runs on every node
  const params = readParams('zstd', given.params);
  const c = zlib.constants as unknown as ZstdConstants;
  const windowLog = params[c.ZSTD_c_windowLog];
  if (windowLog !== undefined) {
    if (typeof windowLog === 'number' && windowLog > ZSTD_MAX_WINDOW_LOG) {
      throw invalid(
        'zstd.params[ZSTD_c_windowLog]',
        windowLog,
        `at most ${ZSTD_MAX_WINDOW_LOG}: the zstd content coding allows an 8 MB window (RFC 9659)`,
      );
    }
  } else {
    const level = params[c.ZSTD_c_compressionLevel];
    if ((typeof level === 'number' && level > ZSTD_MAX_PLAIN_LEVEL) || params[c.ZSTD_c_enableLongDistanceMatching]) {
      params[c.ZSTD_c_windowLog] = ZSTD_MAX_WINDOW_LOG;
    }
  }
  return Object.freeze({ ...given, params: Object.freeze(params) } as ZstdOptions);
}

/** The key node's error names (`The value of "options.flush" is out of range...`), if any. */
function keyOf(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : '';
  return /"options\.(\w+)"/.exec(message)?.[1];
}

/** Makes each compressor once and closes it: node's own checks of the options, here rather than per request. */
function tryCompressors(settings: Settings): void {
  const trials: Array<[key: string | undefined, make: () => { close(): void }]> = [
    [undefined, () => zlib.createGzip(settings.zlib)],
    [undefined, () => zlib.createDeflate(settings.zlib)],
    ['brotli', () => zlib.createBrotliCompress(settings.brotli)],
  ];
  if (settings.zstd !== undefined) trials.push(['zstd', () => createCompressor('zstd', settings)]);
  for (const [key, make] of trials) {
    try {
      make().close();
    } catch (err) {
      const inner = keyOf(err);
      const name = key === undefined ? (inner ?? 'zlib options') : inner === undefined ? key : `${key}.${inner}`;
      throw new TypeError(`option ${name} is invalid: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }
}

/** Reads `compression(options)`'s options; throws a TypeError naming the first bad one. */
export function readOptions(options: unknown): Settings {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('argument options must be an object');
  }
  const given = options as Record<string, unknown>;
  checkKeys(given);
  const filter = given.filter;
  if (filter !== undefined && filter !== null && typeof filter !== 'function') {
    throw new TypeError('option filter must be function');
  }
  const enforce = given.enforceEncoding;
  if (enforce !== undefined && enforce !== null && typeof enforce !== 'string') {
    throw invalid('enforceEncoding', enforce, 'a content coding such as "gzip"');
  }
  const settings: Settings = Object.freeze({
    filter: (filter ?? shouldCompress) as Settings['filter'],
    threshold: readThreshold(given.threshold),
    enforceEncoding: enforce || 'identity',
    zlib: readZlib(given),
    brotli: readBrotli(given.brotli),
    zstd: readZstd(given.zstd),
  });
  tryCompressors(settings);
  return settings;
}
