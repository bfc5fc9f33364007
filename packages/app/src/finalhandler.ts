// The final handler: what answers when no middleware did (404), or when an error reached the end
// of the stack (a drop-in for finalhandler 2.1, the one Express 5 uses).
//
// Differences (decisions 014 and 019):
// - finalhandler 2 waits for the request body to be read to its end before it answers. When the
//   response is already marked `Connection: close` (as @brisk/body does when it rejects a body
//   for its declared size, before reading it), brisk answers at once: the connection closes after
//   the answer, so the unread body need not be waited for.
// - Any value can reach it as the error (a string, a prototype-less object, a Proxy whose traps
//   throw, an object whose getters throw). Every read of the error is guarded, so a value that
//   throws when read is answered as one that lacks that field; the handler itself never throws.
// - Of `err.headers`, only the headers node accepts (valid names, values without CR/LF) are set, and never those that frame the message or belong to the connection:
//   an error cannot crash the process with `ERR_INVALID_CHAR`, nor send `Transfer-Encoding`
//   beside the page's `Content-Length`.

import { validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import { encodeUrl, escapeHtml, isFinished, lingeringClose, onFinished, parseurl, statuses } from '@brisk/http';
import { cutResponse } from './http2.js';

/** Options of `finalhandler(req, res, options)`. */
export interface FinalHandlerOptions {
  /** `production` hides error stacks. @default process.env.NODE_ENV || 'development' */
  env?: string | undefined;
  /** Called (later) with each error: `onerror(err, req, res)`. */
  onerror?: ((err: unknown, req: IncomingMessage, res: ServerResponse) => void) | undefined;
}

/** The handler `finalhandler` returns: `done(err?)`. */
export type FinalHandler = (err?: unknown) => void;

/** The HTML page of an answer: the message escaped, its line breaks and double spaces kept. */
function htmlDocument(message: string): string {
  const body = escapeHtml(message).replaceAll('\n', '<br>').replaceAll('  ', ' &nbsp;');
  return (
    '<!DOCTYPE html>\n' +
    '<html lang="en">\n' +
    '<head>\n' +
    '<meta charset="utf-8">\n' +
    '<title>Error</title>\n' +
    '</head>\n' +
    '<body>\n' +
    '<pre>' +
    body +
    '</pre>\n' +
    '</body>\n' +
    '</html>\n'
  );
}

/** `obj[key]`, or undefined when reading it throws (a getter, a Proxy trap, a revoked Proxy). */
function read(obj: unknown, key: string): unknown {
  try {
    return (obj as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** An error's own status: `status` or `statusCode` when it is a number from 400 to 599. */
function errorStatus(err: unknown): number | undefined {
  const status = read(err, 'status');
  if (typeof status === 'number' && status >= 400 && status < 600) return status;
  const statusCode = read(err, 'statusCode');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600) return statusCode;
  return undefined;
}

/** The response's status when it is an error status, else 500. */
function responseStatus(res: ServerResponse): number {
  const status = res.statusCode;
  return typeof status !== 'number' || status < 400 || status > 599 ? 500 : status;
}

/**
 * Fields about one connection (RFC 9110 section 7.6.1, lower case): what node writes to frame and
 * keep the connection. An error page may not set them; `app.fetch` leaves them out of a
 * `Response` and `fromFetch` out of what it copies from one (a `Response` cannot mean them).
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Headers an error may not set (lower case): those that frame the message (the page sets its
 * own `Content-Length`), the connection's own (hop-by-hop), and the content headers the page
 * removes because they would misdescribe it.
 */
const FORBIDDEN_HEADERS: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP,
  'content-encoding',
  'content-length',
  'content-range',
]);

/**
 * One header value as the string node would write (`String(value)`), when node accepts it (no
 * CR/LF or other control); undefined for `undefined`, `null`, a symbol, a function, an array, a
 * value whose conversion throws, and a value node would refuse.
 */
function headerString(name: string, value: unknown): string | undefined {
  if (value == null || typeof value === 'symbol' || typeof value === 'function' || Array.isArray(value))
    return undefined;
  try {
    const str = typeof value === 'string' ? value : String(value);
    validateHeaderValue(name, str);
    return str;
  } catch {
    return undefined;
  }
}

/** A header value (or list of values) as strings node accepts; undefined when any is refused. */
function headerValue(name: string, value: unknown): string | string[] | undefined {
  if (!Array.isArray(value)) return headerString(name, value);
  const values: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const item = headerString(name, value[i]);
    if (item === undefined) return undefined;
    values.push(item);
  }
  return values;
}

/** `Content-Range` of a 416 (RFC 9110 15.5.17): the length of the representation, no range. */
const UNSATISFIED_RANGE = /^bytes \*\/\d+$/;

/**
 * The headers of an error's `headers` object that may be set: valid names and values (converted
 * to strings once, so a value cannot change between the check and the write), without the
 * {@link FORBIDDEN_HEADERS}, but with a 416's unsatisfied-range `Content-Range` (`bytes`, a star,
 * a slash and the length: what send puts on its 416 error, and what RFC 9110 asks a 416 to
 * carry). Undefined when there is no such object; the headers read so far when listing its keys throws.
 */
function errorHeaders(err: unknown, status: number): Array<[string, string | string[]]> | undefined {
  const headers = read(err, 'headers');
  if (!headers || typeof headers !== 'object') return undefined;
  const out: Array<[string, string | string[]]> = [];
  try {
    const names = Object.keys(headers);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      const lower = name.toLowerCase();
      if (FORBIDDEN_HEADERS.has(lower) && !(lower === 'content-range' && status === 416)) continue;
      try {
        validateHeaderName(name);
      } catch {
        continue;
      }
      const value = headerValue(name, read(headers, name));
      if (lower === 'content-range' && (typeof value !== 'string' || !UNSATISFIED_RANGE.test(value))) continue;
      if (value !== undefined) out.push([name, value]);
    }
  } catch {
    // a Proxy whose ownKeys trap throws: the headers read so far
  }
  return out;
}

/** `'' + value` (as escape-html converts), or undefined when that throws or gives nothing. */
function text(value: unknown): string | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') return value;
  try {
    return '' + (value as string) || undefined;
  } catch {
    return undefined;
  }
}

/** The stack (outside production), else `toString()`, else the status's text. */
function errorMessage(err: unknown, status: number, env: string): string {
  let msg: string | undefined;
  if (env !== 'production') {
    msg = text(read(err, 'stack'));
    if (msg === undefined) {
      const toText = read(err, 'toString');
      if (typeof toText === 'function') {
        try {
          msg = text(toText.call(err));
        } catch {
          msg = undefined;
        }
      }
    }
  }
  return msg || (statuses.message[status] as string);
}

/** The path of the original URL, for `Cannot GET /path`. */
function resourceName(req: IncomingMessage): string {
  try {
    return parseurl.original(req)?.pathname ?? 'resource';
  } catch {
    return 'resource';
  }
}

/** The connection closes after this response (`Connection: close` was set). */
function closing(res: ServerResponse): boolean {
  const connection = res.getHeader('connection');
  return typeof connection === 'string' && connection.toLowerCase() === 'close';
}

/** Writes the answer. */
function write(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Array<[string, string | string[]]> | undefined,
  message: string,
): void {
  const body = htmlDocument(message);
  res.statusCode = status;
  if (req.httpVersionMajor < 2) res.statusMessage = statuses.message[status] as string;
  res.removeHeader('Content-Encoding');
  res.removeHeader('Content-Language');
  res.removeHeader('Content-Range');
  if (headers) for (let i = 0; i < headers.length; i++) res.setHeader(headers[i][0], headers[i][1]);
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.end(body, 'utf8');
}

/**
 * Writes the answer, never throwing: when node refuses to send a header the response holds (an
 * invalid value set past node's checks, a header HTTP/2 forbids), the answer is written again
 * without the response's headers, and when even that fails the response is destroyed. This runs
 * in an `onFinished` callback, where a throw would end the process.
 */
function writeSafely(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Array<[string, string | string[]]> | undefined,
  message: string,
): void {
  try {
    write(req, res, status, headers, message);
    return;
  } catch {
    // node refused the head: try once more with only the answer's own headers
  }
  try {
    if (res.headersSent) throw new Error('headers sent');
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    write(req, res, status, undefined, message);
  } catch {
    res.destroy();
  }
}

/**
 * Makes the handler that ends a request no middleware ended: `404 Cannot METHOD /path` without
 * an error; with one, its status (`err.status`/`err.statusCode` from 400 to 599, else the
 * response's error status, else 500), its `headers`, and its stack (the status text in
 * production), in a small HTML page with `Content-Security-Policy: default-src 'none'` and
 * `X-Content-Type-Options: nosniff`. After headers were sent, an error destroys the socket.
 *
 * @example
 * http.createServer((req, res) => router(req, res, finalhandler(req, res, { env: 'production' })));
 */
export function finalhandler(req: IncomingMessage, res: ServerResponse, options?: FinalHandlerOptions): FinalHandler {
  const opts = options || {};
  const env = opts.env || process.env.NODE_ENV || 'development';
  const onerror = opts.onerror;
  return (err?: unknown): void => {
    let headers: Array<[string, string | string[]]> | undefined;
    let message: string;
    let status: number | undefined;
    if (!err && res.headersSent) return; // cannot 404 after headers were sent
    if (err) {
      status = errorStatus(err);
      if (status === undefined) status = responseStatus(res);
      else headers = errorHeaders(err, status);
      message = errorMessage(err, status, env);
    } else {
      status = 404;
      message = 'Cannot ' + req.method + ' ' + encodeUrl(resourceName(req));
    }
    if (err && onerror) setImmediate(onerror, err, req, res);
    if (res.headersSent) {
      cutResponse(req, res);
      return;
    }
    const answer = (): void => writeSafely(req, res, status as number, headers, message);
    // HTTP/2 answers at once: the stream, not the connection, ends, and a body still arriving
    // is refused with RST_STREAM NO_ERROR after the answer (lingeringClose)
    if (isFinished(req) || closing(res) || (req.httpVersionMajor === 2 && lingeringClose(req, res))) {
      answer();
      return;
    }
    req.unpipe();
    onFinished(req, answer);
    req.resume();
  };
}
