// @brisk/qs: drop-in for qs 6.17.1 (parse, stringify, formats).
/// <reference types="node" preserve="true" />

// Query string → object
export { parse } from './parse.js';
export type { ParsedQs } from './parse.js';
export type { IParseOptions, ParseOptions } from './parse-options.js';

// Object → query string
export { stringify } from './stringify.js';
export type { ArrayFormat, IStringifyOptions, StringifyOptions } from './stringify-options.js';

// Output formats, and the default codec's signatures
export { formats } from './formats.js';
export type { Format, Formats, Formatter } from './formats.js';
export type { Charset, DefaultDecoder, DefaultEncoder } from './codec.js';
