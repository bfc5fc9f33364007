// The upstream packages the tests compare with, side by side: compression 1.8.2 (a root
// devDependency) and, through it, the very compressible, mime-db and negotiator it runs with.
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const fromCompression = createRequire(require.resolve('compression'));
const fromCompressible = createRequire(fromCompression.resolve('compressible'));

/** compression 1.8.2's `module.exports`. */
export const upstream = require('compression') as typeof import('compression');

/** compressible 2.0.18: `true`, `false` or `undefined` (unknown). */
export const upstreamCompressible = fromCompression('compressible') as (type: unknown) => boolean | undefined;

/** mime-db, the copy compressible reads, and its db.json. */
export const mimeDb = fromCompressible('mime-db') as Record<string, { compressible?: boolean }>;
export const mimeDbJson = fromCompressible.resolve('mime-db/db.json');

/** negotiator 0.6.4, which compression 1.8.2 negotiates Accept-Encoding with. */
const Negotiator = fromCompression('negotiator') as new (req: {
  headers: Record<string, unknown>;
}) => { encoding(available: string[], preferred?: string[]): string | undefined };

/** The coding compression 1.8.2 picks for an Accept-Encoding value (its lists, with Brotli). */
export function upstreamCoding(acceptEncoding: string | undefined): string | undefined {
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return new Negotiator({ headers }).encoding(['br', 'gzip', 'deflate', 'identity'], ['br', 'gzip']);
}

/** Whether this node has Zstandard. */
export const hasZstd = typeof (zlib as { createZstdCompress?: unknown }).createZstdCompress === 'function';

type Decoder = (buf: Buffer) => Buffer;
const decoders: Record<string, Decoder> = {
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
  ...(hasZstd ? { zstd: (zlib as unknown as { zstdDecompressSync: Decoder }).zstdDecompressSync } : {}),
};

/** The body as sent before its content coding (none, `gzip`, `deflate`, `br`, `zstd`). */
export function decode(coding: string | string[] | undefined, body: Buffer): Buffer {
  if (coding === undefined) return body;
  const decoder = decoders[String(coding)];
  if (decoder === undefined) throw new Error(`no decoder for ${String(coding)}`);
  return decoder(body);
}
