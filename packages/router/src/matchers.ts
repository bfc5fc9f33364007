// Path matchers: what a layer's path compiles to, once, when the layer is made.
//
// Three shapes are matched without a regexp, because they are most of the paths people write
// and a string comparison is what their regexp would do anyway: a literal whole path (`/users`),
// a literal mount prefix (`/admin`), and literal text with one parameter at the end
// (`/users/:id`). Every other pattern is matched by @brisk/path's `match()`, the one owner of
// "regexp match → params", with router 2's decoder. RegExp paths (which path-to-regexp 8 does
// not take) are matched as router 2 matches them: numbered or named groups into a plain object.
//
// Each compiled path also says what it can start with (`IndexKey`), from which the router
// builds its dispatch index (lookup.ts).

import { match as matchPath, parse, pathToRegexp, type Keys, type Token, type TokenData } from '@brisk/path';
import { ASCII_CASE_OFFSET, SLASH, UPPER_A, UPPER_Z } from './constants.js';
import type { ParamsDictionary } from './types.js';

/** The options a layer is compiled with (router 2's `Layer(path, options, fn)`). */
export interface LayerOptions {
  /** Case-sensitive matching. @default false */
  sensitive?: boolean | undefined;
  /** Strict trailing slash: `/foo/` and `/foo` differ. @default false */
  strict?: boolean | undefined;
  /** Match the whole path (routes) rather than a prefix ending at a `/` (middleware). @default true */
  end?: boolean | undefined;
}

/**
 * What a layer's path can start with, for the dispatch index: `path`, the whole path is `key`
 * (a literal route); `mount`, the path is `key` or continues with a `/` (literal middleware);
 * `dir`, the path continues with a `/` after `key` (a pattern: `key` is its literal text up to
 * its last `/` before a parameter).
 */
export interface IndexKey {
  kind: 'path' | 'mount' | 'dir';
  /** The literal text, ASCII-lowercased. */
  key: string;
}

/** Where a matcher leaves the text it matched (a layer passes itself: `layer.path`). */
export interface Matched {
  path: string | undefined;
}

/** A compiled matcher: the params of a match (and the matched text in `into.path`), or false. */
export type Matcher = (path: string, into: Matched) => ParamsDictionary | false;

/** One compiled element of a layer's path. */
export interface Compiled {
  match: Matcher;
  /** The parameter names every match yields, in `Object.keys` order; undefined when it varies. */
  keys: string[] | undefined;
  /** What the path can start with; undefined when it may match paths of any shape. */
  index: IndexKey[] | undefined;
  /** A match is a prefix of the path that ends at a `/` or at the end (not so for a RegExp). */
  anchored: boolean;
  /**
   * The matcher was given by the router's `pathMatcher` extension (layer.ts): its params are
   * whatever it returns, not a fresh object of string keys made here.
   */
  foreign?: true | undefined;
}

const ASCII_MAX = 127;

/** Trailing slashes, removed from non-strict string paths (router 2's `loosen`). */
const TRAILING_SLASHES = /\/+$/;

/** A whole run of digits: a parameter name that a RegExp group could also produce. */
const DIGITS = /^\d+$/;

/**
 * A capturing group in a RegExp source, and its name when it is a named group: each `(` not
 * followed by `?`, and each `(?<name>`. Router 2 numbers the others 0, 1, ... in this order.
 */
const CAPTURE_GROUP = /\((?:\?<(.*?)>)?(?!\?)/g;

/**
 * Router 2's parameter decoder: `decodeURIComponent`, skipped when the value holds no `%`. A
 * malformed escape throws router 2's error: the `URIError`, with the message
 * `Failed to decode param 'v'`, `status: 400` and (router 2.3) `statusCode: 400`.
 */
export function decodeParam(value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      const e = err as URIError & { status: number; statusCode: number };
      e.status = e.statusCode = 400;
    }
    throw err;
  }
}

/**
 * `true` when `text` begins with `prefix`, ignoring ASCII case (`prefix` is lowercase ASCII and
 * no longer than `text`: the callers check lengths first).
 */
export function startsWithFolded(text: string, prefix: string): boolean {
  const n = prefix.length;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c >= UPPER_A && c <= UPPER_Z) c += ASCII_CASE_OFFSET;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** ASCII-lowercases `text`; undefined when it holds a non-ASCII character (regexps fold those too). */
function foldAscii(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > ASCII_MAX) return undefined;
  return text.toLowerCase();
}

/** A literal whole path (`/users`), with an optional trailing `/` unless strict. */
function exactMatcher(text: string, sensitive: boolean, trailing: boolean): Matcher {
  const n = text.length;
  const folded = text.toLowerCase();
  return function exact(path, into) {
    const len = path.length;
    if (len !== n && !(trailing && len === n + 1 && path.charCodeAt(n) === SLASH)) return false;
    if (!path.startsWith(text) && (sensitive || !startsWithFolded(path, folded))) return false;
    into.path = path;
    return Object.create(null) as ParamsDictionary;
  };
}

/** A literal prefix (`/admin`): the path, or the path followed by `/` and anything. */
function prefixMatcher(text: string, sensitive: boolean, trailing: boolean): Matcher {
  const n = text.length;
  const folded = text.toLowerCase();
  return function prefix(path, into) {
    const len = path.length;
    if (len < n || (len > n && path.charCodeAt(n) !== SLASH)) return false;
    const whole = trailing && len === n + 1; // `(?:/$)?` takes the final `/` into the match
    if (path.startsWith(text)) into.path = whole ? path : text;
    else if (!sensitive && startsWithFolded(path, folded)) into.path = whole ? path : path.slice(0, n);
    else return false;
    return Object.create(null) as ParamsDictionary;
  };
}

/**
 * Literal text and one parameter at the end (`/users/:id`), without a regexp: what the pattern's
 * regexp `^(?:text([^/]+))(?:/$)?$` (or, for middleware, `...(?:/$)?(?=/|$)`) matches.
 *
 * Params objects are prototype-less, as path-to-regexp makes them. V8 keeps `Object.create(null)`
 * objects in dictionary mode, which `Object.assign` (the parent's side of `mergeParams`) copies
 * about ten times slower than an object with fast properties. So middleware (`use()`, the usual
 * parents) fills a plain object and then drops its prototype (~45 ns more, fast properties);
 * routes, far more common, use `Object.create(null)`.
 */
function paramMatcher(text: string, name: string, sensitive: boolean, end: boolean, trailing: boolean): Matcher {
  const n = text.length;
  const folded = text.toLowerCase();
  const fast = !end && name !== '__proto__'; // a plain object takes `__proto__` as its prototype, not as a key
  return function param(path, into) {
    const len = path.length;
    if (len <= n || (!path.startsWith(text) && (sensitive || !startsWithFolded(path, folded)))) return false;
    const stop = path.indexOf('/', n);
    let value: string;
    if (stop === -1) {
      value = path.slice(n);
      into.path = path;
    } else if (stop === n) {
      return false;
    } else if (end) {
      if (!trailing || stop !== len - 1) return false;
      value = path.slice(n, stop);
      into.path = path;
    } else {
      value = path.slice(n, stop);
      into.path = trailing && stop === len - 1 ? path : path.slice(0, stop);
    }
    if (fast) {
      const params: Record<string, string> = {};
      params[name] = decodeParam(value);
      return Object.setPrototypeOf(params, null) as ParamsDictionary;
    }
    const params = Object.create(null) as Record<string, string>;
    params[name] = decodeParam(value);
    return params;
  };
}

/**
 * Any other pattern (or array of patterns): @brisk/path's `match()` with router 2's decoder.
 * For middleware, the params are copied into an object with fast properties (see paramMatcher).
 */
function patternMatcher(
  path: string | TokenData | readonly unknown[],
  names: readonly string[],
  sensitive: boolean,
  end: boolean,
  trailing: boolean,
): Matcher {
  const fn = matchPath(path as Parameters<typeof matchPath>[0], { sensitive, end, trailing, decode: decodeParam });
  if (!end && !names.includes('__proto__')) {
    // A plain object would take `__proto__` as its prototype, not as a key: such a pattern keeps path's object.
    const count = names.length;
    return function mountPattern(input, into) {
      const m = fn(input);
      if (m === false) return false;
      into.path = m.path;
      const params: Record<string, string | string[] | undefined> = {};
      for (let i = 0; i < count; i++) {
        const value = m.params[names[i]];
        if (value !== undefined) params[names[i]] = value;
      }
      return Object.setPrototypeOf(params, null) as ParamsDictionary;
    };
  }
  return function pattern(input, into) {
    const m = fn(input);
    if (m === false) return false;
    into.path = m.path;
    return m.params;
  };
}

/** A RegExp path, as router 2 matches it: numbered or named groups, into a plain object. */
function userRegexpMatcher(regexp: RegExp): Matcher {
  const names: Array<string | number> = [];
  let unnamed = 0;
  for (const m of regexp.source.matchAll(CAPTURE_GROUP)) names.push(m[1] || unnamed++);
  return function userRegexp(path, into) {
    const m = regexp.exec(path);
    if (!m) return false;
    const params: Record<string | number, string> = {};
    for (let i = 1; i < m.length; i++) {
      const value = m[i];
      if (value !== undefined) params[names[i - 1]] = decodeParam(value);
    }
    into.path = m[0];
    return params as ParamsDictionary;
  };
}

/** The literal text a token list starts with, and whether the tokens are all text. */
function leadingText(tokens: readonly Token[]): { text: string; literal: boolean } {
  let text = '';
  for (const token of tokens) {
    if (token.type !== 'text') return { text, literal: false };
    text += token.value;
  }
  return { text, literal: true };
}

/** Index keys for a parsed string path; undefined when it may match paths of any shape. */
function keysOfTokens(tokens: readonly Token[], end: boolean, trailing: boolean): IndexKey[] | undefined {
  const { text, literal } = leadingText(tokens);
  const folded = foldAscii(text);
  if (folded === undefined) return undefined;
  if (literal) {
    if (!end) return [{ kind: 'mount', key: folded }];
    return trailing
      ? [
          { kind: 'path', key: folded },
          { kind: 'path', key: folded + '/' },
        ]
      : [{ kind: 'path', key: folded }];
  }
  const slash = folded.lastIndexOf('/');
  return slash === -1 ? undefined : [{ kind: 'dir', key: folded.slice(0, slash) }];
}

/** Index keys of a nested array of string paths (each loosened), or undefined (may match anything). */
function keysOfArray(
  paths: readonly unknown[],
  end: boolean,
  strict: boolean,
  out: IndexKey[],
): IndexKey[] | undefined {
  if (paths.length === 0) return undefined; // an empty alternation matches every path
  for (const p of paths) {
    if (Array.isArray(p)) {
      if (keysOfArray(p, end, strict, out) === undefined) return undefined;
    } else if (typeof p === 'string') {
      const keys = keysOfTokens(parse(strict ? p : loosen(p)).tokens, end, !strict);
      if (keys === undefined) return undefined;
      out.push(...keys);
    } else {
      return undefined;
    }
  }
  return out;
}

/** Router 2's `loosen` for one string: trailing slashes removed, except from `/` itself. */
function loosen(path: string): string {
  return path === '/' ? path : path.replace(TRAILING_SLASHES, '');
}

/** Router 2's `loosen` for any path: strings and arrays loosened, RegExps kept, others stringified. */
function loosenAny(path: unknown): unknown {
  if (path instanceof RegExp || path === '/') return path;
  return Array.isArray(path) ? path.map(loosenAny) : String(path).replace(TRAILING_SLASHES, '');
}

/** The parameter names of a pattern's keys, in order. */
function keyNames(keys: Keys): string[] {
  return keys.map((key) => key.name);
}

/** Names of a pattern's keys when every match yields all of them, in the same order. */
function stableKeys(keys: Keys, tokens: readonly Token[]): string[] | undefined {
  if (tokens.some((token) => token.type === 'group')) return undefined;
  const names = keyNames(keys);
  if (new Set(names).size !== names.length || names.some((name) => DIGITS.test(name))) return undefined;
  return names;
}

/** Compiles one element of a layer's path (router 2's `matcher(_path)`). */
export function compilePath(path: unknown, opts: LayerOptions): Compiled {
  if (path instanceof RegExp) {
    return { match: userRegexpMatcher(path), keys: undefined, index: undefined, anchored: false };
  }
  const sensitive = Boolean(opts.sensitive);
  const strict = Boolean(opts.strict);
  const end = opts.end !== false;
  const p = strict ? path : loosenAny(path);
  if (typeof p === 'string') {
    const data = parse(p);
    const index = keysOfTokens(data.tokens, end, !strict);
    const { text, literal } = leadingText(data.tokens);
    if (literal && (sensitive || foldAscii(text) !== undefined)) {
      const match = end ? exactMatcher(text, sensitive, !strict) : prefixMatcher(text, sensitive, !strict);
      return { match, keys: [], index, anchored: true };
    }
    const [first, second] = data.tokens;
    if (
      data.tokens.length === 2 &&
      first.type === 'text' &&
      second.type === 'param' &&
      (sensitive || foldAscii(first.value) !== undefined)
    ) {
      const match = paramMatcher(first.value, second.name, sensitive, end, !strict);
      return { match, keys: [second.name], index, anchored: true };
    }
    const { keys } = pathToRegexp(data, { sensitive, end, trailing: !strict });
    const match = patternMatcher(data, keyNames(keys), sensitive, end, !strict);
    return { match, keys: stableKeys(keys, data.tokens), index, anchored: true };
  }
  const index = Array.isArray(p) ? keysOfArray(p, end, strict, []) : undefined;
  const { keys } = pathToRegexp(p as TokenData, { sensitive, end, trailing: !strict });
  const match = patternMatcher(p as TokenData, keyNames(keys), sensitive, end, !strict);
  return { match, keys: undefined, index, anchored: true };
}
