/**
 * The predefined tokens. Each returns a string, or `undefined` for a missing value (printed `-`).
 * Text that comes from the request, the response or other code is escaped (`escapeField`:
 * control characters, U+2028/U+2029, `"`, `\`), as morgan 1.11+ escapes every token. Text made
 * here from numbers (times, dates, the pid, a numeric status, HTTP version or header) has nothing to
 * escape and is not scanned.
 *
 * Times: the middleware stores morgan's fields, so tokens written for morgan keep working:
 * `req._startAt` / `res._startAt` (`process.hrtime()` when the request entered the logger / when
 * the headers were written), `req._startTime` / `res._startTime` (the same as `Date`s) and
 * `req._remoteAddress` (the socket address at arrival).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicUser } from './basic-auth.js';
import { clfDate, isoDate, webDate } from './date.js';
import { escapeField } from './escape.js';
import type { TokenCallback } from './types.js';

/** The request fields the tokens read (morgan's, plus Express's `ip` and `originalUrl`). */
export interface LoggedRequest extends IncomingMessage {
  ip?: string | undefined;
  originalUrl?: string | undefined;
  _startAt?: [number, number] | undefined;
  _startTime?: Date | undefined;
  _remoteAddress?: string | undefined;
}

/** The response fields the tokens read. */
export interface LoggedResponse extends ServerResponse {
  _startAt?: [number, number] | undefined;
  _startTime?: Date | undefined;
  _header?: unknown;
}

/** Whether the response has written its headers (`res.headersSent`, else node 0.8's `_header`). */
export function headersSent(res: LoggedResponse): boolean {
  const sent = res.headersSent as unknown;
  return typeof sent === 'boolean' ? sent : Boolean(res._header);
}

/** `req.ip`, else the socket address saved at arrival, else the socket's address now. */
export function remoteAddress(req: LoggedRequest): string | undefined {
  const socket = req.socket || (req as { connection?: IncomingMessage['socket'] }).connection;
  return req.ip || req._remoteAddress || socket?.remoteAddress || undefined;
}

/**
 * A header value as escaped text: arrays joined with `, `, numbers as digits (nothing to escape),
 * anything else absent.
 */
function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return escapeField(value);
  if (Array.isArray(value)) return escapeField(value.join(', '));
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A token's text escaped for the log line; any other value as it is (as morgan's wrapper does). */
function escaped<T>(value: T): T {
  return typeof value === 'string' ? (escapeField(value) as T) : value;
}

/** Milliseconds between two `process.hrtime()` readings, with `digits` decimals (3). */
function elapsed(from: [number, number], to: [number, number], digits: string | undefined): string {
  const ms = (to[0] - from[0]) * 1e3 + (to[1] - from[1]) * 1e-6;
  // `digits` arrives as text from a format: toFixed reads it as a number, as morgan's does
  return ms.toFixed(digits === undefined ? 3 : Number(digits));
}

type Token = TokenCallback<LoggedRequest, LoggedResponse>;

/** `:url`: `req.originalUrl`, else `req.url`. */
const url: Token = (req) => escaped(req.originalUrl || req.url);

/** `:method`. */
const method: Token = (req) => escaped(req.method);

/** `:response-time[digits]`: from the request entering the logger until the headers were written. */
const responseTime: Token = (req, res, digits) => {
  const start = req._startAt;
  const headers = res._startAt;
  if (!start || !headers) return undefined;
  return elapsed(start, headers, digits);
};

/** `:total-time[digits]`: from the request entering the logger until now (the response finished). */
const totalTime: Token = (req, res, digits) => {
  const start = req._startAt;
  if (!start || !res._startAt) return undefined;
  return elapsed(start, process.hrtime(), digits);
};

/** `:date[clf|iso|web]`: now, in UTC (`web` when no format is given; another name gives `-`). */
const date: Token = (_req, _res, format) => {
  switch (format || 'web') {
    case 'clf':
      return clfDate(Date.now());
    case 'iso':
      return isoDate(Date.now());
    case 'web':
      return webDate(Date.now());
    default:
      return undefined;
  }
};

/** `:status`: the status code once the headers were sent. */
const status: Token = (_req, res) => {
  if (!headersSent(res)) return undefined;
  const code: unknown = res.statusCode;
  // a number's digits need no scan (node makes it an integer when it writes the head)
  return typeof code === 'number' ? String(code) : escapeField(String(code));
};

/** `:referrer`: the `Referer` header, else `Referrer`. */
const referrer: Token = (req) => headerText(req.headers.referer) || headerText(req.headers.referrer);

/** `:remote-addr`. */
const remoteAddr: Token = (req) => escaped(remoteAddress(req));

/** `:remote-user`: the user name of `Authorization: Basic` credentials. */
const remoteUser: Token = (req) => escaped(basicUser(req.headers.authorization));

/** `:pid`: the process id (digits: no scan). */
const pid: Token = () => String(process.pid);

/** `:http-version`: `1.1`. */
const httpVersion: Token = (req) => {
  const major: unknown = req.httpVersionMajor;
  const minor: unknown = req.httpVersionMinor;
  const text = major + '.' + minor;
  // numbers (as node's parser sets them) need no scan
  return typeof major === 'number' && typeof minor === 'number' ? text : escapeField(text);
};

/** `:user-agent`. */
const userAgent: Token = (req) => headerText(req.headers['user-agent']);

/** `:req[header]`: a request header (lists joined with `, `). */
const reqHeader: Token = (req, _res, field) =>
  typeof field === 'string' ? headerText(req.headers[field.toLowerCase()]) : undefined;

/** `:res[header]`: a response header once the headers were sent (lists joined with `, `). */
const resHeader: Token = (_req, res, field) =>
  typeof field === 'string' && headersSent(res) ? headerText(res.getHeader(field)) : undefined;

/** The predefined tokens, in morgan's order of definition. */
export const builtinTokens: ReadonlyArray<readonly [string, Token]> = [
  ['url', url],
  ['method', method],
  ['response-time', responseTime],
  ['total-time', totalTime],
  ['date', date],
  ['status', status],
  ['referrer', referrer],
  ['remote-addr', remoteAddr],
  ['remote-user', remoteUser],
  ['pid', pid],
  ['http-version', httpVersion],
  ['user-agent', userAgent],
  ['req', reqHeader],
  ['res', resHeader],
];
