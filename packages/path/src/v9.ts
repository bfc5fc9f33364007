// path-to-regexp 9.0.0's API, as `path9` (decision 034): the same names as path-to-regexp 8, with
// 9's meanings. `parse` returns a plain `{ tokens, originalPath }` (no TokenData class); a
// parameter followed by text in its segment matches lazily, so earlier parameters take the least
// (`/:a-:b` on `/x-y-z`: a = x, b = y-z) and earlier wildcards the least too; the optional
// trailing delimiter is not added after a path that ends with one (`/a/` does not match `/a//`);
// `compile` refuses an empty parameter. Syntax, errors and printing are 8.4.2's, which 9 keeps.
// The package's top-level functions stay path-to-regexp 8's, which Express 5.3's router uses.
//
// Regexps: a lazy capture is written as an atomic group, `(?=(X+?)text)(?:\N)`: the lookahead
// finds the shortest run followed by the text, the backreference consumes exactly it, and no
// other split is tried, so each capture has one way to match and a match attempt stays linear.
// A wildcard followed by another wildcard is locked the same way: the lookahead stays open over
// what follows it up to the next wildcard, then the text is matched again through
// backreferences.

import { compileTokens, type CompileOptions, type PathFunction } from './compile.js';
import { codedTypeError, PathError } from './errors.js';
import { matchRegexp, type MatchFunction, type MatchOptions, type ParamData } from './match.js';
import { parse as parse8, type ParseOptions } from './parse.js';
import {
  escapeRegExp,
  expand,
  forEachPath,
  MAX_ALTERNATIVES,
  type PathToRegexpOptions,
  toTokenData,
  tooMany,
} from './regexp.js';
import { stringify as stringify8 } from './stringify.js';
import { positions, type Key, type Keys, type Token, TokenData } from './tokens.js';

/** What path-to-regexp 9's `parse` returns: a plain object (9 has no TokenData class). */
export interface PathData {
  /** The tokens, as 8's. */
  tokens: Token[];
  /** The path that was parsed. */
  originalPath?: string | undefined;
}

/** A path for path-to-regexp 9: a string or a parsed `{ tokens }` object. */
export type Path9 = string | PathData;

/** One path, or a (possibly nested) array of them. */
export type Paths9 = Path9 | readonly Paths9[];

/**
 * Parses a path as path-to-regexp 9 does: the tokens of 8 (same syntax, same errors) in a plain
 * `{ tokens, originalPath }` object.
 *
 * @throws {PathError} for bad syntax (see `parse`)
 */
function parse(str: string, options: ParseOptions = {}): PathData {
  const data = parse8(str, options);
  return { tokens: data.tokens, originalPath: data.originalPath };
}

/** Writes tokens back as a path string (as 8's `stringify`, which 9 keeps). */
function stringify(data: PathData): string {
  return stringify8(data instanceof TokenData ? data : new TokenData(data.tokens, data.originalPath));
}

/**
 * A regexp atom for one character at which neither `a` nor `b` begins (path-to-regexp 9's
 * `negate`): a class for one-character strings, a lookahead for longer ones.
 */
function negate(a: string, b: string): string {
  if (b.length > a.length) [a, b] = [b, a];
  if (a === b) b = '';
  if (b.length > 1) return `(?:(?!${escapeRegExp(a)}|${escapeRegExp(b)})[^])`;
  if (a.length > 1) return `(?:(?!${escapeRegExp(a)})[^${escapeRegExp(b)}])`;
  return `[^${escapeRegExp(a + b)}]`;
}

/**
 * The text that follows `sequence[from - 1]` up to the next capture, when that capture comes
 * before the end of the segment (`undefined` otherwise: the capture before is then greedy).
 */
function textBeforeNextCapture(sequence: Token[], from: number, delimiter: string): string | undefined {
  let text = '';
  for (let i = from; i < sequence.length; i++) {
    const token = sequence[i]!;
    if (token.type !== 'text') return text;
    if (token.value.includes(delimiter)) return undefined;
    text += token.value;
  }
  return undefined;
}

/** Whether a wildcard comes anywhere after `sequence[from - 1]`. */
function wildcardLater(sequence: Token[], from: number): boolean {
  for (let i = from; i < sequence.length; i++) if (sequence[i]!.type === 'wildcard') return true;
  return false;
}

/** The regexp source of one flat sequence, path-to-regexp 9's way; pushes its keys. */
function sequenceSource9(
  sequence: Token[],
  delimiter: string,
  keys: Key[],
  originalPath: string | undefined,
  trailing: boolean,
): string {
  let source = '';
  let sinceCapture = ''; // literal text since the last capture
  let replay = ''; // what to match again after a locked wildcard's lookahead closes
  let lookaheadOpen = false; // a wildcard's lookahead waits for the next wildcard to close it
  let segmentWildcard = false; // a wildcard earlier in the current segment
  for (let i = 0; i < sequence.length; i++) {
    const token = sequence[i]!;
    if (token.type === 'text') {
      const escaped = escapeRegExp(token.value);
      source += escaped;
      replay += escaped;
      sinceCapture += token.value;
      if (token.value.includes(delimiter)) segmentWildcard = false;
      continue;
    }
    if (token.type !== 'param' && token.type !== 'wildcard') {
      throw codedTypeError(`Unknown token type: ${(token as { type: unknown }).type}`, 'BRISK_ERR_PATH_UNKNOWN_TOKEN');
    }
    if (source && !sinceCapture) {
      const at = positions.get(token);
      throw new PathError(
        `Missing text before "${token.name}" ${token.type}${at === undefined ? '' : ` at index ${at}`} (separate two parameters with text, e.g. /:a-:b, or put them in different segments)`,
        originalPath,
        'BRISK_ERR_PATH_MISSING_TEXT',
      );
    }
    keys.push(token);
    const group = keys.length; // this capture's group number
    if (token.type === 'param') {
      if (segmentWildcard) {
        const atom = negate(delimiter, sinceCapture);
        source += `(${atom}+?|${atom}*${escapeRegExp(sinceCapture)})`;
      } else {
        const text = textBeforeNextCapture(sequence, i + 1, delimiter);
        source += text
          ? `(?=(${negate(delimiter, '')}+?)${escapeRegExp(text)})(?:\\${group})`
          : `(${negate(delimiter, '')}+)`;
      }
    } else {
      if (lookaheadOpen) source += `)${replay}`;
      lookaheadOpen = wildcardLater(sequence, i + 1);
      // earlier wildcards locked to their shortest run; the last one greedy
      source += lookaheadOpen ? '(?=([^]+?)' : '([^]+)';
      segmentWildcard = true;
      replay = '';
    }
    replay += `(?:\\${group})`;
    sinceCapture = '';
  }
  if (trailing && !sinceCapture.endsWith(delimiter)) source += `(?:${escapeRegExp(delimiter)}$)?`;
  return source;
}

/**
 * Turns a path (string, `{ tokens }` object, or nested arrays of them) into a RegExp and its
 * keys, as path-to-regexp 9 does (see the module comment for how 9's regexps differ from 8's).
 *
 * @example
 * path9.pathToRegexp('/:a-:b').regexp.exec('/x-y-z') // ['/x-y-z', 'x', 'y-z']
 */
function pathToRegexp(path: Paths9, options: PathToRegexpOptions & ParseOptions = {}): { regexp: RegExp; keys: Keys } {
  const { delimiter = '/', end = true, sensitive = false, trailing = true } = options;
  const keys: Keys = [];
  let source = '';
  let count = 0;
  forEachPath(path, (item) => {
    const data = toTokenData(item, options);
    const before = count;
    expand(data.tokens, (sequence) => {
      if (count >= MAX_ALTERNATIVES) throw tooMany(data.tokens, before, data.originalPath);
      if (count > 0) source += '|';
      source += sequenceSource9(sequence, delimiter, keys, data.originalPath, trailing);
      count++;
    });
  });
  const pattern = `^(?:${source})${end ? '$' : `(?=${escapeRegExp(delimiter)}|$)`}`;
  return { regexp: new RegExp(pattern, sensitive ? '' : 'i'), keys };
}

/**
 * A match function for a path, as path-to-regexp 9's `match` (9's regexps; decoding as 8's).
 *
 * @example
 * path9.match('/:a-:b')('/x-y-z') // { path: '/x-y-z', params: { a: 'x', b: 'y-z' } }
 */
function match<P extends ParamData>(path: Paths9, options: MatchOptions & ParseOptions = {}): MatchFunction<P> {
  return matchRegexp<P>(pathToRegexp(path, options), options);
}

/**
 * A path builder, as path-to-regexp 9's `compile`: as 8's, except that an empty string for a
 * parameter, or a wildcard whose segments join to nothing, throws.
 *
 * @throws {TypeError} `Expected "id" to be a non-empty string`, `Expected "path" to be a non-empty array`
 */
function compile<P extends ParamData = ParamData>(
  path: Path9,
  options: CompileOptions & ParseOptions = {},
): PathFunction<P> {
  return compileTokens<P>(toTokenData(path, options).tokens, options, true);
}

/**
 * The path-to-regexp 9 module: `import { path9 } from '@brisk/path'`, then
 * `const { match, compile, parse, pathToRegexp, stringify, PathError } = path9`, where code did
 * `import { match, ... } from 'path-to-regexp'` (9.x). The package's own `match`, `compile`, ...
 * stay path-to-regexp 8.4.2's, which Express 5.3's router uses (decision 034).
 */
export const path9: {
  parse: typeof parse;
  stringify: typeof stringify;
  match: typeof match;
  pathToRegexp: typeof pathToRegexp;
  compile: typeof compile;
  PathError: typeof PathError;
} = { parse, stringify, match, pathToRegexp, compile, PathError };
