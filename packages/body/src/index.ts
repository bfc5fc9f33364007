// @brisk/body: json, raw, text and urlencoded body parsers, a drop-in for body-parser 2.4.
/// <reference types="node" preserve="true" />
import { bodyParser } from './body-parser.js';

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
export type BodyParserModule = bodyParser.BodyParserModule;

/** body-parser's module export: the deprecated generic parser, with `json`, `raw`, `text` and `urlencoded`. */
export default bodyParser;
