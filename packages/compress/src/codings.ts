/**
 * The content codings brisk compresses with, which one a request gets, and the compressor for it.
 *
 * Order of preference (at equal q-values; a higher q-value always wins):
 * `br`, `zstd`, `gzip`, then `deflate` and `identity` in the header's order. compression 1.8
 * prefers `br` to `gzip` (its PREFERRED_ENCODING); brisk keeps that, so a client offering `br`
 * gets what compression gives it, and puts `zstd`, which compression does not know, between the
 * two: at brisk's defaults Zstandard (level 3) compresses text about as small as gzip (level 6)
 * in about a third of the CPU time, Brotli (quality 4) smaller still (decision 039).
 */
import zlib, { type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Transform } from 'node:stream';
import { Negotiator } from '@brisk/negotiate';
import type { CompressionRequest, ZstdOptions } from './types.js';

/** A content coding brisk offers. */
export type Coding = 'br' | 'zstd' | 'gzip' | 'deflate' | 'identity';

/** What every compressor is: a Transform with zlib's `flush` and `close`. */
export type CompressorStream = zlib.Zlib & Transform;

/** node's Zstandard compressor factory (node 22.15 and 23.8 or later; not in node 20's types). */
type CreateZstd = (options?: ZstdOptions) => CompressorStream;

/** node's zlib, with Zstandard where it has it. */
const withZstd = zlib as unknown as { createZstdCompress?: CreateZstd };

/** Whether this node compresses with Zstandard (`zlib.createZstdCompress`). */
export const hasZstd = typeof withZstd.createZstdCompress === 'function';

/** The codings offered; among those the server does not prefer, ties keep the header's order. */
const AVAILABLE: readonly Coding[] = hasZstd
  ? ['br', 'zstd', 'gzip', 'deflate', 'identity']
  : ['br', 'gzip', 'deflate', 'identity'];

/** Preferred at equal q-values, in this order. */
const PREFERRED: readonly string[] = hasZstd ? ['br', 'zstd', 'gzip'] : ['br', 'gzip'];

/** The `enforceEncoding` values that apply (compression's list, with `zstd` where node has it). */
const ENFORCEABLE: ReadonlySet<string> = new Set(
  hasZstd ? ['gzip', 'deflate', 'identity', 'br', 'zstd'] : ['gzip', 'deflate', 'identity', 'br'],
);

/**
 * The coding a request gets: the best of {@link AVAILABLE} for its `Accept-Encoding`, or, when
 * it has none (or an empty one), `enforceEncoding` if brisk can apply it; `identity` (or
 * `undefined`, nothing acceptable) means no compression.
 */
export function chooseCoding(req: CompressionRequest, enforceEncoding: string): Coding | undefined {
  if (!req.headers['accept-encoding'])
    return ENFORCEABLE.has(enforceEncoding) ? (enforceEncoding as Coding) : 'identity';
  return new Negotiator(req).encoding(AVAILABLE, { preferred: PREFERRED }) as Coding | undefined;
}

/** The compressors' options, as the middleware's settings hold them (options.ts). */
export interface CompressorOptions {
  /** node's zlib options, for `gzip` and `deflate`. */
  readonly zlib: Readonly<ZlibOptions>;
  readonly brotli: Readonly<BrotliOptions>;
  /** `undefined` where node has no Zstandard. */
  readonly zstd: Readonly<ZstdOptions> | undefined;
}

/** A compressor for `coding`, made with the settings' options. */
export function createCompressor(coding: Exclude<Coding, 'identity'>, settings: CompressorOptions): CompressorStream {
  switch (coding) {
    case 'gzip':
      return zlib.createGzip(settings.zlib);
    case 'br':
      return zlib.createBrotliCompress(settings.brotli);
    case 'zstd':
      return (withZstd.createZstdCompress as CreateZstd)(settings.zstd);
    default:
      return zlib.createDeflate(settings.zlib);
  }
}
