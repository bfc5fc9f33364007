// The options and the middleware type of serveStatic (serve-static.ts): send's options (options.ts)
// and three of serve-static's own, one of which is called with the send stream as `this`.
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpError } from '@brisk/http';
import type { SendOptions } from './options.js';
import type { SendStream } from './send-stream.js';

/** Options of {@link serveStatic}: send's options (except `root`, the first argument) and three more. */
export interface ServeStaticOptions<R extends ServerResponse = ServerResponse> extends Omit<SendOptions, 'root'> {
  /**
   * `true`: a client error (bad path, missing file, method other than GET/HEAD) calls `next()`,
   * so a later middleware can answer. `false`: it calls `next(err)` (404s included) and other
   * methods get `405 Method Not Allowed`.
   * @default true
   */
  fallthrough?: boolean | undefined;
  /**
   * Redirect a directory path without a trailing `/` to the same path with it (301).
   * With `false` such a path is a 404.
   * @default true
   */
  redirect?: boolean | undefined;
  /**
   * Sets custom headers before a file is sent; changes must be made synchronously. `path` is
   * the file being sent, `stat` its `fs.Stats`.
   * @example setHeaders(res, path) { if (path.endsWith('.pdf')) res.setHeader('Content-Disposition', 'attachment'); }
   */
  setHeaders?: ((this: SendStream, res: R, path: string, stat: Stats) => void) | undefined;
}

/** The middleware {@link serveStatic} returns: `(req, res, next)`; `next` gets an `HttpError`, or nothing. */
export type ServeStaticHandler<R extends ServerResponse = ServerResponse> = (
  req: IncomingMessage,
  res: R,
  next: (err?: HttpError) => void,
) => void;
