// @brisk/path: drop-in for path-to-regexp 8.4.2 (parse, compile, match, pathToRegexp, stringify).

// Parsing and printing paths
export { parse } from './parse.js';
export type { ParseOptions } from './parse.js';
export { stringify } from './stringify.js';
export { TokenData } from './tokens.js';
export type { Encode, Decode, Text, Parameter, Wildcard, Group, Key, Keys, Token, Path, Paths } from './tokens.js';

// Matching
export { match } from './match.js';
export type { MatchOptions, MatchResult, Match, MatchFunction, ParamData } from './match.js';
export { pathToRegexp } from './regexp.js';
export type { PathToRegexpOptions } from './regexp.js';

// Building paths
export { compile } from './compile.js';
export type { CompileOptions, PathFunction } from './compile.js';

// Errors
export { PathError } from './errors.js';

// path-to-regexp 9.0.0's API beside 8.4.2's (decision 034)
export { path9 } from './v9.js';
export type { PathData, Path9, Paths9 } from './v9.js';
export type { PathErrorCode } from './errors.js';

// Parameter types inferred from a path literal
export type { Params, ParamKeys } from './params.js';
