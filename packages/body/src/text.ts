// text([options]): the body as a string (body-parser 2.4 `text`).
import { normalizeOptions, type Loose, type Options } from './options.js';
import { charsetCache, read, type ReadOptions } from './read.js';
import type { BodyParser } from './json.js';

/** Options of {@link text}. */
export interface OptionsText extends Options {
  /**
   * The charset of bodies whose Content-Type names none.
   * @default 'utf-8'
   */
  defaultCharset?: string | undefined;
}

/**
 * Returns a middleware that puts the body of matching requests (Content-Type `text/plain` by
 * default) on `req.body` as a string, decoded with the Content-Type's `charset` (or
 * `defaultCharset`): any Unicode encoding, ISO-8859-1, windows-1252, US-ASCII, and every other
 * charset the runtime's `TextDecoder` knows; anything else is 415 `charset.unsupported`.
 *
 * @throws TypeError `option limit "<value>" is invalid`, `option verify must be function`
 * @example
 * app.post('/notes', text({ type: 'text/*' }), (req, res) => res.send(req.body.toUpperCase()));
 */
export function text(options?: OptionsText): BodyParser {
  const o: ReadOptions = {
    ...normalizeOptions(options as Loose, 'text/plain'),
    raw: false,
    isValidCharset: null,
    parse: identity,
  };
  const cache = charsetCache();
  return function textParser(req, res, next) {
    read(req, res, next, o, cache);
  };
}

function identity(body: string): string {
  return body;
}
