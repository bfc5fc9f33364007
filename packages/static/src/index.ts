// @brisk/static: send files and serve directories, a drop-in for send 1.2 + serve-static 2.2.
import type { Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Dotfiles, HeadersObject, ReadStreamOptions, SendOptions } from './options.js';
import { SendStream, send, type SendStreamEvents, type SendStreamListener } from './send-stream.js';
import { serveStatic, type ServeStaticHandler, type ServeStaticOptions } from './serve-static.js';
import { parseTimeSpan } from './time-span.js';

// The middleware (serve-static)
export { serveStatic } from './serve-static.js';
export type { ServeStaticHandler, ServeStaticOptions } from './serve-static.js';

// Sending one file (send)
export { send, SendStream } from './send-stream.js';
export type { SendStreamEvents, SendStreamListener } from './send-stream.js';
export type { Dotfiles, HeadersObject, ReadStreamOptions, SendOptions } from './options.js';

// Time spans ('1d', '2 hours') as `maxAge` reads them
export { parseTimeSpan } from './time-span.js';

/** The module: `serveStatic(root, options)`, with the file sender and its helpers as properties. */
export interface ServeStatic {
  /** Creates the static-file middleware for `root` (see {@link serveStatic}). */
  <R extends ServerResponse = ServerResponse>(
    root: string,
    options?: ServeStaticOptions<R> | null,
  ): ServeStaticHandler<R>;
  /** Creates a stream that sends one file: `send(req, path, options).pipe(res)`. */
  send: typeof send;
  /** The class of the streams `send()` returns. */
  SendStream: typeof SendStream;
  /** The middleware factory itself, also under its own name. */
  serveStatic: typeof serveStatic;
  /** Parses a time-span string (`'1d'`) into milliseconds, as `maxAge` reads it. */
  parseTimeSpan: typeof parseTimeSpan;
}

/**
 * `require('@brisk/static')` is serve-static's `serveStatic(root, options)`, with `send` (the
 * file sender `res.sendFile` and `res.download` use), `SendStream`, `serveStatic` and
 * `parseTimeSpan` as properties.
 *
 * @example
 * const serveStatic = require('@brisk/static');
 * app.use(serveStatic('public', { maxAge: '1d' }));
 * serveStatic.send(req, '/report.pdf', { root: 'files' }).pipe(res);
 */
const main: ServeStatic = Object.assign(serveStatic, { send, SendStream, serveStatic, parseTimeSpan });

/** The types, also reachable from the function (`serveStatic.ServeStaticOptions`) for CommonJS users. */
declare namespace main {
  export type { ServeStatic };
  /** Options of the middleware. */
  export type ServeStaticOptions<R extends ServerResponse = ServerResponse> = MiddlewareOptions<R>;
  /** The middleware `(req, res, next)`. */
  export type ServeStaticHandler<R extends ServerResponse = ServerResponse> = Handler<R>;
  /** Options of `send()`, `res.sendFile()` and `res.download()`. */
  export type SendOptions = FileOptions;
  /** A stream returned by `send()`. */
  export type SendStream = FileStream;
  /** The events of a `SendStream` and their arguments. */
  export type SendStreamEvents = FileStreamEvents;
  /** A listener of a `SendStream` event. */
  export type SendStreamListener<E extends keyof FileStreamEvents> = FileStreamListener<E>;
  /** `'allow' | 'deny' | 'ignore'`. */
  export type Dotfiles = DotfilesOption;
  /** An object of response headers. */
  export type HeadersObject = Headers;
  /** The `fs.createReadStream` options passed through. */
  export type ReadStreamOptions = StreamOptions;
  /** The `fs.Stats` given to `setHeaders` and events. */
  export type FileStats = Stats;
}
// Top-level aliases: a namespace merged with a const cannot re-export imported names.
type MiddlewareOptions<R extends ServerResponse> = ServeStaticOptions<R>;
type Handler<R extends ServerResponse> = ServeStaticHandler<R>;
type FileOptions = SendOptions;
type FileStream = SendStream;
type FileStreamEvents = SendStreamEvents;
type FileStreamListener<E extends keyof SendStreamEvents> = SendStreamListener<E>;
type DotfilesOption = Dotfiles;
type Headers = HeadersObject;
type StreamOptions = ReadStreamOptions;

export default main;
