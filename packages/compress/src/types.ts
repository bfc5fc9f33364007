/**
 * The public types of `@brisk/compress`: the options, the filter and the middleware, shaped as
 * `@types/compression` 1.8 shapes them (`CompressionOptions`, `CompressionFilter`), so that code
 * typed against those compiles against these.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';

/** A request the middleware accepts: node's HTTP/1.1 request or its HTTP/2 compatibility request. */
export type CompressionRequest = IncomingMessage | Http2ServerRequest;

/** A response the middleware accepts: node's HTTP/1.1 response or its HTTP/2 compatibility response. */
export type CompressionResponse = ServerResponse | Http2ServerResponse;

/**
 * Decides whether a response is considered for compression, called as `filter(req, res)` when its
 * headers are about to be written (so `res.getHeader('Content-Type')` is known). Returning `false`
 * leaves the response as it is, without a `Vary` header.
 */
export type CompressionFilter<
  Req extends CompressionRequest = IncomingMessage,
  Res extends CompressionResponse = ServerResponse,
> = (req: Req, res: Res) => boolean;

/**
 * Options of node's Zstandard compressor (`zlib.createZstdCompress`, node 22.15 and 23.8 or
 * later), as node documents `ZstdOptions`. Declared here because the oldest node brisk supports
 * (and its types) has no Zstandard.
 */
export interface ZstdOptions {
  /** @default zlib.constants.ZSTD_e_continue */
  flush?: number | undefined;
  /** @default zlib.constants.ZSTD_e_end */
  finishFlush?: number | undefined;
  /** @default 16 * 1024 */
  chunkSize?: number | undefined;
  /**
   * Compression parameters: each key is a `zlib.constants.ZSTD_c_*` constant
   * (`ZSTD_c_compressionLevel`, `ZSTD_c_windowLog`, ...).
   */
  params?: { [key: number]: number | boolean } | undefined;
  /** Limits the output size of node's one-shot functions (not used by streams). */
  maxOutputLength?: number | undefined;
  /** Whether node's one-shot functions also return the engine (not used by streams). */
  info?: boolean | undefined;
}

/**
 * What `compression(options)` accepts: compression 1.8's options, node's zlib options (used for
 * `gzip` and `deflate`), `brotli` options, and brisk's `zstd` options. Any other key is refused.
 */
export interface CompressionOptions<
  Req extends CompressionRequest = IncomingMessage,
  Res extends CompressionResponse = ServerResponse,
> extends ZlibOptions {
  /**
   * Decides whether a response is considered for compression.
   * @default compression.filter: a compressible `Content-Type`, as the `compressible` package decides
   */
  filter?: CompressionFilter<Req, Res> | undefined;
  /**
   * The smallest body that is compressed: a number of bytes, or a string such as `'1kb'` (read by
   * `@brisk/bytes`). A response whose size is not known when its headers are written (no
   * `Content-Length`, streamed with `res.write`) is compressed whatever its size.
   * @default 1024
   */
  threshold?: number | string | undefined;
  /**
   * The coding used when the request has no `Accept-Encoding` header (or an empty one): `gzip`,
   * `deflate`, `br`, `zstd` (where node has it) or `identity`; anything else means `identity`.
   * @default 'identity'
   */
  enforceEncoding?: string | undefined;
  /**
   * Options of node's Brotli compressor. `params` are merged over brisk's (and compression's)
   * default, `{ [zlib.constants.BROTLI_PARAM_QUALITY]: 4 }`.
   * @default { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }
   */
  brotli?: BrotliOptions | undefined;
  /**
   * Options of node's Zstandard compressor, where node has one (22.15, 23.8 or later). A level
   * above 19, or long-distance matching, without a `ZSTD_c_windowLog` gets a window of 8 MB
   * (`windowLog` 23), the most a `zstd` content coding may use (RFC 9659); a larger `windowLog` is
   * refused.
   * @default {} (node's default level, 3)
   */
  zstd?: ZstdOptions | undefined;
}

/**
 * The middleware `compression()` returns: it replaces `res.write`, `res.end`, `res.on` (for
 * `'drain'`) and adds `res.flush()`, then calls `next()`.
 */
export type CompressionMiddleware<
  Req extends CompressionRequest = IncomingMessage,
  Res extends CompressionResponse = ServerResponse,
> = (req: Req, res: Res, next: (err?: unknown) => void) => void;
