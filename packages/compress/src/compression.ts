/**
 * `compression(options)`: the middleware factory, which is also the module (as compression's
 * `module.exports` is), with the default filter as `compression.filter`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { shouldCompress } from './filter.js';
import { readOptions } from './options.js';
import { compressResponse } from './response.js';
import * as types from './types.js'; // types only, for the namespace
import type { CompressionMiddleware, CompressionOptions, CompressionRequest, CompressionResponse } from './types.js';

/**
 * Makes the compression middleware: responses whose type is compressible (see `filter`), at
 * least `threshold` bytes long, not marked `Cache-Control: no-transform`, not to a HEAD request
 * and with a body (not 1xx, 204 or 304) are compressed with the best coding the request's
 * `Accept-Encoding` allows: `br`, `zstd` (where node has it), `gzip`, then `deflate` at equal
 * q-values. The middleware adds `res.flush()`, which sends what was compressed so far.
 *
 * @throws TypeError when an option is unknown or invalid (the message names it), at once.
 * @example
 * import compression from '@brisk/compress';
 * app.use(compression());
 * app.use(compression({ threshold: '2kb', level: 9, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } } }));
 */
export function compression<
  Req extends CompressionRequest = IncomingMessage,
  Res extends CompressionResponse = ServerResponse,
>(options?: CompressionOptions<Req, Res> | null): CompressionMiddleware<Req, Res> {
  const settings = readOptions(options);
  return function compression(req: Req, res: Res, next: (err?: unknown) => void): void {
    compressResponse(req, res, settings);
    next();
  };
}

// compression's `module.exports`: the function, with `filter` (src/index.cts).
const defaultFilter = shouldCompress;
export namespace compression {
  /** The default filter: `true` when the response's `Content-Type` is compressible. */
  export const filter = defaultFilter;
}

/** The types, also reachable from the function (`compression.CompressionOptions`), as in @types/compression. */
export declare namespace compression {
  export import CompressionOptions = types.CompressionOptions;
  export import CompressionFilter = types.CompressionFilter;
  export import CompressionMiddleware = types.CompressionMiddleware;
  export import CompressionRequest = types.CompressionRequest;
  export import CompressionResponse = types.CompressionResponse;
  export import ZstdOptions = types.ZstdOptions;
  /** The module's shape: the factory, with `filter`. */
  export type Compression = typeof compression;
}

// `res.flush()` in handlers typed for Express or brisk, as @types/compression declares it.
declare global {
  namespace Express {
    interface Response {
      /** Sends what the compressor holds so far (added by `@brisk/compress`; does nothing uncompressed). */
      flush(): void;
    }
  }
}
