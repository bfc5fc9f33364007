/// <reference types="node" preserve="true" />
/**
 * @brisk/http: the HTTP primitives every brisk package shares. Each bundled upstream module is
 * exported under one name and shaped like that module's export, so each is a drop-in on its own.
 */

// Status codes and errors (statuses, http-errors)
export { statuses, status } from './statuses.js';
export type { Statuses, StatusMessages, StatusCodes, StatusSet } from './statuses.js';
export { createError, HttpError, isHttpError } from './errors.js';
export type {
  CreateError,
  CreateErrorArg,
  HttpErrorConstructor,
  HttpErrorConstructors,
  HttpErrorNames,
} from './errors.js';

// Request lifecycle (on-finished, on-headers)
export { onFinished, isFinished } from './on-finished.js';
export type { OnFinished, OnFinishedListener } from './on-finished.js';
export { onHeaders } from './on-headers.js';
export type { OnHeadersListener } from './on-headers.js';
export { lingeringClose, LINGER_BYTES, LINGER_IDLE, LINGER_TIME, type LingerOptions } from './linger.js';

// Caching headers (etag, fresh, vary)
export { etag, etag2 } from './etag.js';
export type { EtagOptions, StatsLike, Etag2Options, FileStats } from './etag.js';
export { fresh } from './fresh.js';
export type { FreshRequestHeaders, FreshResponseHeaders } from './fresh.js';
export { vary } from './vary.js';
export type { Vary, VaryResponse } from './vary.js';

// URLs and escaping (encodeurl, escape-html, parseurl)
export { encodeUrl } from './encode-url.js';
export { escapeHtml } from './escape-html.js';
// parseurl is its own package, @brisk/parseurl (decision 047), re-exported here under its name.
import parseurl from '@brisk/parseurl';
export { parseurl };
export type { Parseurl, ParsedUrl, ParseurlRequest } from '@brisk/parseurl';

// Content disposition (content-disposition)
export { contentDisposition } from './content-disposition.js';
export type {
  ContentDisposition,
  ContentDispositionFormatOptions,
  ContentDispositionFunction,
  ContentDispositionOptions,
  ContentDispositionParseOptions,
} from './content-disposition.js';

// Time spans (ms 2.0 and 2.1, strings only)
export { parseTimeSpan } from './time-span.js';
export type { TimeSpanGrammar } from './time-span.js';
