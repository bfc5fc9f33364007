// `require('@brisk/body')`, as `require('body-parser')` is: the deprecated generic parser, with the
// four parsers as properties and the types as a namespace (`bodyParser.OptionsJson`).
import { json as jsonParser } from './json.js';
import { raw as rawParser } from './raw.js';
import { text as textParser } from './text.js';
import { urlencoded as urlencodedParser } from './urlencoded.js';
import * as jsonTypes from './json.js'; // types only, for the namespace
import * as textTypes from './text.js'; // types only, for the namespace
import * as urlencodedTypes from './urlencoded.js'; // types only, for the namespace
import * as options from './options.js'; // types only, for the namespace
import * as read from './read.js'; // types only, for the namespace

/**
 * The generic `bodyParser()` of body-parser 1.x is gone, as in body-parser 2: calling it throws.
 * The module carries `json`, `raw`, `text` and `urlencoded`.
 * @throws Error always: use `json()`, `raw()`, `text()` or `urlencoded()`.
 * @deprecated
 *
 * @example
 * const bodyParser = require('@brisk/body');
 * app.use(bodyParser.json());
 * app.use(bodyParser.urlencoded({ extended: true }));
 */
export function bodyParser(): never {
  throw new Error('The bodyParser() generic has been split into individual middleware to use instead.');
}

export namespace bodyParser {
  /** JSON bodies (see `json`). */
  export const json = jsonParser;
  /** Bodies as a Buffer (see `raw`). */
  export const raw = rawParser;
  /** Bodies as a string (see `text`). */
  export const text = textParser;
  /** HTML form bodies (see `urlencoded`). */
  export const urlencoded = urlencodedParser;
}

/** The types, also reachable from the function (`bodyParser.OptionsJson`), as in @types/body-parser. */
export declare namespace bodyParser {
  /** The module's shape. */
  export type BodyParserModule = typeof bodyParser;
  export import BodyParser = jsonTypes.BodyParser;
  export import Options = options.Options;
  export import OptionsJson = jsonTypes.OptionsJson;
  export import OptionsText = textTypes.OptionsText;
  export import OptionsUrlencoded = urlencodedTypes.OptionsUrlencoded;
  export import Verify = options.Verify;
  export import NextFunction = read.NextFunction;
}
