// @brisk/static: send files and serve directories, a drop-in for send 1.2 + serve-static 2.2.
/// <reference types="node" preserve="true" />
import { serveStatic } from './serve-static.js';

// The middleware (serve-static)
export { serveStatic } from './serve-static.js';
export type { ServeStaticHandler, ServeStaticOptions } from './serve-static-options.js';

// Sending one file (send)
export { send, SendStream } from './send-stream.js';
export type { SendStreamEvents, SendStreamListener } from './send-stream.js';
export type { Dotfiles, HeadersObject, ReadStreamOptions, SendOptions } from './options.js';

// Time spans ('1d', '2 hours') as `maxAge` reads them
export { parseTimeSpan } from '@brisk/http';

/** The module: `serveStatic(root, options)`, with the file sender and its helpers as properties. */
export type ServeStatic = serveStatic.ServeStatic;

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
export default serveStatic;
