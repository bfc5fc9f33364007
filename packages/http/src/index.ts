/**
 * @brisk/http: the HTTP primitives every brisk package shares. Each bundled upstream module is
 * exported under one name and shaped like that module's export, so each is a drop-in on its own.
 */

// --- part 1: statuses, createError, onFinished, onHeaders ---
export { statuses, status } from './statuses.js';
export type { Statuses, StatusMessages, StatusCodes, StatusSet } from './statuses.js';
export { createError, HttpError, isHttpError } from './errors.js';
export type { CreateError, CreateErrorArg, HttpErrorConstructor, HttpErrorConstructors, HttpErrorNames } from './errors.js';
export { onFinished, isFinished } from './on-finished.js';
export type { OnFinished, OnFinishedListener } from './on-finished.js';
export { onHeaders } from './on-headers.js';
export type { OnHeadersListener } from './on-headers.js';

// --- part 2: etag, fresh, vary, contentDisposition, encodeUrl, escapeHtml, parseurl ---
export { etag } from './etag.js';
export type { EtagOptions, StatsLike } from './etag.js';
export { fresh } from './fresh.js';
export type { FreshRequestHeaders, FreshResponseHeaders } from './fresh.js';
export { vary } from './vary.js';
export type { Vary, VaryResponse } from './vary.js';
export { contentDisposition } from './content-disposition.js';
export type { ContentDisposition, ContentDispositionFunction, ContentDispositionOptions } from './content-disposition.js';
export { encodeUrl } from './encode-url.js';
export { escapeHtml } from './escape-html.js';
export { parseurl } from './parseurl.js';
export type { Parseurl, ParsedUrl, ParseurlRequest } from './parseurl.js';
