// @brisk/body: json, raw, text and urlencoded body parsers, a drop-in for body-parser 2.4.
import { json, type BodyParser as Middleware, type OptionsJson as JsonOptions } from './json.js';
import { raw } from './raw.js';
import { text, type OptionsText as TextOptions } from './text.js';
import { urlencoded, type OptionsUrlencoded as UrlencodedOptions } from './urlencoded.js';
import type { Options as CommonOptions, Verify as VerifyFunction } from './options.js';
import type { NextFunction as Next } from './read.js';

// Parsers
export { json } from './json.js';
export { raw } from './raw.js';
export { text } from './text.js';
export { urlencoded } from './urlencoded.js';

// Types
export type { BodyParser, OptionsJson } from './json.js';
export type { OptionsText } from './text.js';
export type { OptionsUrlencoded } from './urlencoded.js';
export type { Options, Verify } from './options.js';
export type { NextFunction } from './read.js';

/** `require('@brisk/body')`: the deprecated generic parser, with the four parsers as properties. */
export interface BodyParserModule {
  /**
   * The generic `bodyParser()` of body-parser 1.x is gone, as in body-parser 2.
   * @throws Error always: use `json()`, `raw()`, `text()` or `urlencoded()`.
   * @deprecated
   */
  (): never;
  /** JSON bodies (see {@link json}). */
  json: typeof json;
  /** Bodies as a Buffer (see {@link raw}). */
  raw: typeof raw;
  /** Bodies as a string (see {@link text}). */
  text: typeof text;
  /** HTML form bodies (see {@link urlencoded}). */
  urlencoded: typeof urlencoded;
}

/**
 * `require('@brisk/body')` is this function, with `json`, `raw`, `text` and `urlencoded` as
 * properties, as `require('body-parser')` is. Calling it throws, as in body-parser 2.
 *
 * @example
 * const bodyParser = require('@brisk/body');
 * app.use(bodyParser.json());
 * app.use(bodyParser.urlencoded({ extended: true }));
 */
const bodyParser: BodyParserModule = Object.assign(
  function bodyParser(): never {
    throw new Error('The bodyParser() generic has been split into individual middleware to use instead.');
  },
  { json, raw, text, urlencoded },
);

/** The types, also reachable from the function (`bodyParser.OptionsJson`), as in @types/body-parser. */
declare namespace bodyParser {
  export type { BodyParserModule };
  /** A body-parsing middleware. */
  export type BodyParser = MiddlewareType;
  /** Options of every parser. */
  export type Options = CommonOptionsType;
  /** Options of `json`. */
  export type OptionsJson = JsonOptionsType;
  /** Options of `text`. */
  export type OptionsText = TextOptionsType;
  /** Options of `urlencoded`. */
  export type OptionsUrlencoded = UrlencodedOptionsType;
  /** The `verify` option. */
  export type Verify = VerifyType;
  /** The `next` a middleware is called with. */
  export type NextFunction = NextType;
}
// Top-level aliases with names of their own: the declaration bundler renames imported types to
// their exported names, so a namespace member `BodyParser = Middleware` would become the
// circular `BodyParser = BodyParser` (docs/decisions/013-toolchain.md, "Building").
type MiddlewareType = Middleware;
type CommonOptionsType = CommonOptions;
type JsonOptionsType = JsonOptions;
type TextOptionsType = TextOptions;
type UrlencodedOptionsType = UrlencodedOptions;
type VerifyType = VerifyFunction;
type NextType = Next;

export default bodyParser;
