// match(): a path → a function that matches inputs and returns their decoded parameters.

import { malformedEncoding } from './errors.js';
import type { ParseOptions } from './parse.js';
import { pathToRegexp, type PathToRegexpOptions } from './regexp.js';
import type { Decode, Keys, Paths } from './tokens.js';

/** Options of `match()`. */
export interface MatchOptions extends PathToRegexpOptions {
  /**
   * Decodes each matched parameter (each segment of a wildcard), or `false` to keep the raw
   * text (a wildcard is then one string, not split). With the default, a malformed escape
   * (`%E0%A4%A`) throws a `URIError` with `code: 'BRISK_ERR_PATH_MALFORMED_ENCODING'` and
   * `status: 400`.
   * @default decodeURIComponent
   */
  decode?: Decode | false;
}

/** Parameter values: a string per `:param`, an array of segments per `*wildcard`. */
export type ParamData = Partial<Record<string, string | string[]>>;

/** A successful match: the matched part of the input and the decoded parameters. */
export interface MatchResult<P extends ParamData> {
  /** The matched text (the whole input, or with `end: false` the matched prefix). */
  path: string;
  /** The decoded parameters, in a prototype-less object. */
  params: P;
}

/** A match is either `false` (no match) or a match result. */
export type Match<P extends ParamData> = false | MatchResult<P>;

/** Matches one input against the path. */
export type MatchFunction<P extends ParamData> = (path: string) => Match<P>;

/** decodeURIComponent, skipped when there is nothing to decode; marks malformed input. */
function decodeParam(value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    throw malformedEncoding(err);
  }
}

/** `value.split(delimiter)`, by index scanning (about twice as fast for a few segments). */
function split(value: string, delimiter: string): string[] {
  if (!delimiter) return value.split(delimiter);
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const end = value.indexOf(delimiter, start);
    if (end === -1) break;
    parts.push(value.slice(start, end));
    start = end + delimiter.length;
  }
  parts.push(value.slice(start));
  return parts;
}

/** The segments of a wildcard value, each decoded. */
function decodeSegments(value: string, delimiter: string): string[] {
  const parts = split(value, delimiter);
  if (value.indexOf('%') !== -1) {
    for (let i = 0; i < parts.length; i++) parts[i] = decodeParam(parts[i]);
  }
  return parts;
}

/**
 * Compiles a path (string, `TokenData`, or an array of them) into a function that returns
 * `false` or `{ path, params }` for an input.
 *
 * @example
 * const fn = match('/users/:id{/*rest}');
 * fn('/users/42/a/b'); //=> { path: '/users/42/a/b', params: { id: '42', rest: ['a', 'b'] } }
 * fn('/posts');        //=> false
 */
export function match<P extends ParamData>(path: Paths, options: MatchOptions & ParseOptions = {}): MatchFunction<P> {
  return matchRegexp<P>(pathToRegexp(path, options), options);
}

/** The match function of a regexp and its keys (`match`, and path-to-regexp 9's in v9.ts). */
export function matchRegexp<P extends ParamData>(
  { regexp, keys }: { regexp: RegExp; keys: Keys },
  options: MatchOptions,
): MatchFunction<P> {
  const { decode = decodeURIComponent, delimiter = '/', end = true } = options;
  const count = keys.length;
  const names = keys.map((key) => key.name);
  const wildcard = keys.map((key) => key.type === 'wildcard');

  if (count === 0 && end) {
    // No captures and anchored at both ends: the match, when there is one, is the whole input, so
    // `RegExp#test` does and no match array is built (28 ns a literal route against 35 through
    // the closure below; bench/README.md, "@brisk/path: one matcher closure").
    return function match(input: string): Match<P> {
      if (typeof input === 'string') {
        return regexp.test(input) ? { path: input, params: Object.create(null) as P } : false;
      }
      const m = regexp.exec(input);
      return m ? { path: m[0], params: Object.create(null) as P } : false;
    };
  }

  // One closure for every other path, whatever the decoder. One closure per kind (raw, parameters
  // only, with wildcards, custom decoder) was measured against it and gained nothing: 136 against
  // 139 ns a match over six kinds of routes, 113 against 113 with three decoders mixed, 106
  // against 104 with a custom decoder, and the shared harness even ran wildcards 4x slower that
  // way (bench/README.md, "@brisk/path: one matcher closure").
  const raw = decode === false;
  const builtin = decode === decodeURIComponent;
  const custom = decode || decodeURIComponent;
  return function match(input: string): Match<P> {
    const m = regexp.exec(input);
    if (!m) return false;
    const params = Object.create(null);
    for (let i = 0; i < count; i++) {
      const value = m[i + 1];
      if (value === undefined) continue;
      params[names[i]] = raw
        ? value
        : wildcard[i]
          ? builtin
            ? decodeSegments(value, delimiter)
            : split(value, delimiter).map(custom)
          : builtin
            ? decodeParam(value)
            : custom(value);
    }
    return { path: m[0], params };
  };
}
