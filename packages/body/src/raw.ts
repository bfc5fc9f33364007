// raw([options]): the body as a Buffer (body-parser 2.4 `raw`).
import { normalizeOptions, type Loose, type Options } from './options.js';
import { charsetCache, read, type ReadOptions } from './read.js';
import type { BodyParser } from './json.js';

/**
 * Returns a middleware that puts the body of matching requests (Content-Type
 * `application/octet-stream` by default) on `req.body` as a Buffer, inflated.
 *
 * @throws TypeError `option limit "<value>" is invalid`, `option verify must be function`
 * @example
 * app.post('/upload', raw({ type: 'image/*', limit: '5mb' }), (req, res) => res.send(req.body.length + ' bytes'));
 */
export function raw(options?: Options): BodyParser {
  const o: ReadOptions = {
    ...normalizeOptions(options as Loose, 'application/octet-stream'),
    raw: true,
    isValidCharset: null,
    parse: unused,
  };
  const cache = charsetCache();
  return function rawParser(req, res, next) {
    read(req, res, next, o, cache);
  };
}

/* c8 ignore next 3 */
function unused(): never {
  throw new Error('raw bodies are not parsed');
}
