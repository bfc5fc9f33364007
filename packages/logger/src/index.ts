// @brisk/logger: HTTP request logging middleware, a drop-in for morgan 1.12.
// `require('@brisk/logger')` is the `logger` function; every named export is also its property.
/// <reference types="node" preserve="true" />

// The middleware factory (default export) and its functions
export { logger as default, format, token } from './logger.js';
export { compile } from './compile.js';
export type { Logger } from './logger.js';

// Types
export type {
  FormatFn,
  FormatName,
  LogStream,
  LoggerMiddleware,
  LoggerOptions,
  LoggerOptionsWithFormat,
  ObjectLoggerOptions,
  ObjectLogStream,
  TokenCallback,
  Tokens,
} from './types.js';
