// The final handler: what answers when no middleware did (404), or when an error reached the end
// of the stack (a drop-in for finalhandler 2.1, the one Express 5 uses).
//
// One difference: finalhandler 2 waits for the request body to be read to its end before it
// answers. When the response is already marked `Connection: close` (as @brisk/body does when it
// rejects a body for its declared size, before reading it), brisk answers at once: the
// connection closes after the answer, so the unread body need not be waited for.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeUrl, escapeHtml, isFinished, onFinished, parseurl, statuses } from '@brisk/http';

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

/** An error's own status: `status` or `statusCode` when it is a number from 400 to 599. */
function errorStatus(err: { status?: unknown; statusCode?: unknown }): number | undefined {
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 600) return err.status;
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600) return err.statusCode;
  return undefined;
}

/** The response's status when it is an error status, else 500. */
function responseStatus(res: ServerResponse): number {
  const status = res.statusCode;
  return typeof status !== 'number' || status < 400 || status > 599 ? 500 : status;
}

/** A copy of an error's `headers` when it is an object. */
function errorHeaders(err: { headers?: unknown }): Record<string, unknown> | undefined {
  return err.headers && typeof err.headers === 'object' ? { ...(err.headers as Record<string, unknown>) } : undefined;
}

/** The stack (outside production), else the status's text. */
function errorMessage(err: { stack?: unknown; toString?: unknown }, status: number, env: string): string {
  let msg: unknown;
  if (env !== 'production') {
    msg = err.stack;
    if (!msg && typeof err.toString === 'function') msg = (err.toString as () => string)();
  }
  return (msg as string) || (statuses.message[status] as string);
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
  const connection = res.getHeader('Connection');
  return typeof connection === 'string' && connection.toLowerCase() === 'close';
}

/** Writes the answer. */
function write(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, unknown> | undefined,
  message: string,
): void {
  const body = htmlDocument(message);
  res.statusCode = status;
  if (req.httpVersionMajor < 2) res.statusMessage = statuses.message[status] as string;
  res.removeHeader('Content-Encoding');
  res.removeHeader('Content-Language');
  res.removeHeader('Content-Range');
  if (headers) for (const [key, value] of Object.entries(headers)) res.setHeader(key, value as string);
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
    let headers: Record<string, unknown> | undefined;
    let message: string;
    let status: number | undefined;
    if (!err && res.headersSent) return; // cannot 404 after headers were sent
    if (err) {
      const e = err as Record<string, unknown>;
      status = errorStatus(e);
      if (status === undefined) status = responseStatus(res);
      else headers = errorHeaders(e);
      message = errorMessage(e, status, env);
    } else {
      status = 404;
      message = 'Cannot ' + req.method + ' ' + encodeUrl(resourceName(req));
    }
    if (err && onerror) setImmediate(onerror, err, req, res);
    if (res.headersSent) {
      req.socket?.destroy();
      return;
    }
    const answer = (): void => write(req, res, status as number, headers, message);
    if (isFinished(req) || closing(res)) {
      answer();
      return;
    }
    req.unpipe();
    onFinished(req, answer);
    req.resume();
  };
}
