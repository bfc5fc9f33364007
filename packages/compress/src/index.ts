// @brisk/compress: response compression middleware (br, zstd, gzip, deflate), a drop-in for
// compression 1.8. `require('@brisk/compress')` is the `compression` function; `filter` is also
// its property.
/// <reference types="node" preserve="true" />

// The middleware factory (default export) and the default filter
export { compression as default } from './compression.js';
export { shouldCompress as filter } from './filter.js';

// Types
export type {
  CompressionFilter,
  CompressionMiddleware,
  CompressionOptions,
  CompressionRequest,
  CompressionResponse,
  ZstdOptions,
} from './types.js';
/** The module's shape: the factory, with `filter`. */
export type Compression = import('./compression.js').compression.Compression;
