// Layer: one entry of a router's (or a route's) stack: a path matcher and a handler.
//
// Paths are compiled once, when the layer is made. Literal paths (`/users`, `/api/v1`) are
// compared as strings; patterns go through @brisk/path's regexps; RegExp paths are used as
// given. Each layer also records what its path can start with (`indexKeys`), from which the
// router builds its dispatch index (lookup.ts).

import { parse, pathToRegexp, type Keys, type Token, type TokenData } from '@brisk/path';
import type { Route } from './route.js';
import type { NextFunction, ParamsDictionary } from './types.js';

/** The options a layer is compiled with (router 2's `Layer(path, options, fn)`). */
export interface LayerOptions {
  /** Case-sensitive matching. @default false */
  sensitive?: boolean | undefined;
  /** Strict trailing slash: `/foo/` and `/foo` differ. @default false */
  strict?: boolean | undefined;
  /** Match the whole path (routes) rather than a prefix ending at a `/` (middleware). @default true */
  end?: boolean | undefined;
}

/** A public matcher of `layer.matchers`, as router 2 has them: `false` or `{ params, path }`. */
export type LayerMatcher = (path: string) => false | { params: ParamsDictionary; path: string };

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

/** An internal matcher: the params object, or false; the matched text is left in `matched`. */
type Matcher = (path: string) => ParamsDictionary | false;

/** The text matched by the last successful internal matcher (read right after the call). */
let matched = '';

/** Trailing slashes, removed from non-strict string paths (router 2's `loosen`). */
const TRAILING_SLASHES = /\/+$/;

/**
 * A capturing group in a RegExp source, and its name when it is a named group: each `(` not
 * followed by `?`, and each `(?<name>`. Router 2 numbers the others 0, 1, ... in this order.
 */
const CAPTURE_GROUP = /\((?:\?<(.*?)>)?(?!\?)/g;

/**
 * `decodeURIComponent` for a parameter value, skipped when the value holds no `%`. A malformed
 * escape throws router 2's error: the `URIError`, with the message `Failed to decode param 'v'`
 * and `status: 400`.
 */
export function decodeParam(value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      (err as URIError & { status: number }).status = 400;
    }
    throw err;
  }
}

/**
 * `true` when `text` begins with `prefix`, ignoring ASCII case (`prefix` is lowercase ASCII and
 * no longer than `text`: the callers check lengths first).
 */
function startsWithFolded(text: string, prefix: string): boolean {
  const n = prefix.length;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** ASCII-lowercases `text`; undefined when it holds a non-ASCII character (regexps fold those too). */
function foldAscii(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return undefined;
  return text.toLowerCase();
}

/** A literal whole path (`/users`), with an optional trailing `/` unless strict. */
function exactMatcher(text: string, sensitive: boolean, trailing: boolean): Matcher {
  const n = text.length;
  const folded = text.toLowerCase();
  return function exact(path) {
    const len = path.length;
    if (len !== n && !(trailing && len === n + 1 && path.charCodeAt(n) === 47)) return false;
    if (!path.startsWith(text) && (sensitive || !startsWithFolded(path, folded))) return false;
    matched = path;
    return Object.create(null) as ParamsDictionary;
  };
}

/** A literal prefix (`/admin`): the path, or the path followed by `/` and anything. */
function prefixMatcher(text: string, sensitive: boolean, trailing: boolean): Matcher {
  const n = text.length;
  const folded = text.toLowerCase();
  return function prefix(path) {
    const len = path.length;
    if (len < n || (len > n && path.charCodeAt(n) !== 47)) return false;
    const whole = trailing && len === n + 1; // `(?:/$)?` takes the final `/` into the match
    if (path.startsWith(text)) matched = whole ? path : text;
    else if (!sensitive && startsWithFolded(path, folded)) matched = whole ? path : path.slice(0, n);
    else return false;
    return Object.create(null) as ParamsDictionary;
  };
}

/**
 * A compiled pattern: its regexp's captures become params, wildcards split into segments.
 *
 * Params objects are prototype-less, as path-to-regexp makes them. V8 keeps `Object.create(null)`
 * objects in dictionary mode, which `Object.assign` (the parent's side of `mergeParams`) copies
 * about ten times slower than an object with fast properties. So middleware patterns (`use()`,
 * the usual parents) fill a plain object and then drop its prototype (~45 ns more, fast
 * properties); route patterns, far more common, use `Object.create(null)`.
 */
function regexpMatcher(regexp: RegExp, keys: Keys, fastProperties: boolean): Matcher {
  const count = keys.length;
  const names = keys.map((key) => key.name);
  const wildcard = keys.map((key) => key.type === 'wildcard');
  if (count === 0) {
    return function literal(path) {
      const m = regexp.exec(path);
      if (m === null) return false;
      matched = m[0];
      return Object.create(null) as ParamsDictionary;
    };
  }
  // A plain object would take `__proto__` as its prototype, not as a key.
  if (fastProperties && !names.includes('__proto__')) {
    return function mountPattern(path) {
      const m = regexp.exec(path);
      if (m === null) return false;
      const params: Record<string, string | string[]> = {};
      for (let i = 0; i < count; i++) {
        const value = m[i + 1];
        if (value === undefined) continue;
        params[names[i]] = wildcard[i] ? value.split('/').map(decodeParam) : decodeParam(value);
      }
      matched = m[0];
      return Object.setPrototypeOf(params, null) as ParamsDictionary;
    };
  }
  return function pattern(path) {
    const m = regexp.exec(path);
    if (m === null) return false;
    const params = Object.create(null) as Record<string, string | string[]>;
    for (let i = 0; i < count; i++) {
      const value = m[i + 1];
      if (value === undefined) continue;
      params[names[i]] = wildcard[i] ? value.split('/').map(decodeParam) : decodeParam(value);
    }
    matched = m[0];
    return params;
  };
}

/**
 * Literal text and one parameter at the end (`/users/:id`), without a regexp: what the pattern's
 * regexp `^(?:text([^/]+))(?:/$)?$` (or, for middleware, `...(?:/$)?(?=/|$)`) matches.
 */
function paramMatcher(text: string, name: string, sensitive: boolean, end: boolean, trailing: boolean): Matcher {
  const n = text.length;
  const folded = text.toLowerCase();
  const fast = !end && name !== '__proto__'; // see regexpMatcher
  return function param(path) {
    const len = path.length;
    if (len <= n || (!path.startsWith(text) && (sensitive || !startsWithFolded(path, folded)))) return false;
    const stop = path.indexOf('/', n);
    let value: string;
    if (stop === -1) {
      value = path.slice(n);
      matched = path;
    } else if (stop === n) {
      return false;
    } else if (end) {
      if (!trailing || stop !== len - 1) return false;
      value = path.slice(n, stop);
      matched = path;
    } else {
      value = path.slice(n, stop);
      matched = trailing && stop === len - 1 ? path : path.slice(0, stop);
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

/** A RegExp path, as router 2 matches it: numbered or named groups, into a plain object. */
function userRegexpMatcher(regexp: RegExp): Matcher {
  const names: Array<string | number> = [];
  let unnamed = 0;
  for (const m of regexp.source.matchAll(CAPTURE_GROUP)) names.push(m[1] || unnamed++);
  return function userRegexp(path) {
    const m = regexp.exec(path);
    if (!m) return false;
    const params: Record<string | number, string> = {};
    for (let i = 1; i < m.length; i++) {
      const value = m[i];
      if (value !== undefined) params[names[i - 1]] = decodeParam(value);
    }
    matched = m[0];
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
    return trailing ? [{ kind: 'path', key: folded }, { kind: 'path', key: folded + '/' }] : [{ kind: 'path', key: folded }];
  }
  const slash = folded.lastIndexOf('/');
  return slash === -1 ? undefined : [{ kind: 'dir', key: folded.slice(0, slash) }];
}

/** Index keys of a nested array of string paths (each loosened), or undefined (may match anything). */
function keysOfArray(paths: readonly unknown[], end: boolean, strict: boolean, out: IndexKey[]): IndexKey[] | undefined {
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

/** One compiled element of a layer's path. */
interface Compiled {
  match: Matcher;
  /** The parameter names every match yields, in `Object.keys` order; undefined when it varies. */
  keys: string[] | undefined;
  index: IndexKey[] | undefined;
}

/** Names of a pattern's keys when every match yields all of them, in the same order. */
function stableKeys(keys: Keys, tokens: readonly Token[] | undefined): string[] | undefined {
  if (tokens === undefined || tokens.some((token) => token.type === 'group')) return undefined;
  const names = keys.map((key) => key.name);
  if (new Set(names).size !== names.length || names.some((name) => /^\d+$/.test(name))) return undefined;
  return names;
}

/** Compiles one element of a layer's path (router 2's `matcher(_path)`). */
function compile(path: unknown, opts: LayerOptions): Compiled {
  if (path instanceof RegExp) return { match: userRegexpMatcher(path), keys: undefined, index: undefined };
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
      return { match, keys: [], index };
    }
    const [first, second] = data.tokens;
    if (data.tokens.length === 2 && first.type === 'text' && second.type === 'param' && (sensitive || foldAscii(first.value) !== undefined)) {
      return { match: paramMatcher(first.value, second.name, sensitive, end, !strict), keys: [second.name], index };
    }
    const { regexp, keys } = pathToRegexp(data, { sensitive, end, trailing: !strict });
    return { match: regexpMatcher(regexp, keys, !end), keys: stableKeys(keys, data.tokens), index };
  }
  const { regexp, keys } = pathToRegexp(p as TokenData, { sensitive, end, trailing: !strict });
  const index = Array.isArray(p) ? keysOfArray(p, end, strict, []) : undefined;
  return { match: regexpMatcher(regexp, keys, !end), keys: undefined, index };
}

/** Is `value` a promise (or promise-like), as `is-promise` decides. */
export function isPromise(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** A handler as a layer calls it: with three arguments, or four for an error handler. */
type AnyHandler = (...args: never[]) => unknown;
type Call3 = (req: unknown, res: unknown, next: NextFunction) => unknown;
type Call4 = (err: unknown, req: unknown, res: unknown, next: NextFunction) => unknown;

/**
 * One entry of `router.stack` or `route.stack`, shaped as router 2's `Layer`: `handle`, `name`,
 * `keys`, `params` and `path` (of the last match), `slash`, `matchers`, and `route` (router
 * layers made by `router.route()`) or `method` (route layers).
 */
export class Layer {
  /** The handler (a middleware, an error handler, or a route's dispatcher). */
  handle: AnyHandler;
  /** The parameter names of the last match (router 2: `Object.keys(params)`). */
  keys: string[];
  /** The handler's name, or `'<anonymous>'`. */
  name: string;
  /** The parameters of the last match. */
  params: ParamsDictionary | undefined;
  /** The matched part of the path at the last match (for middleware, the part stripped from `req.url`). */
  path: string | undefined;
  /** `true` for middleware on `/`: it matches every path without looking at it. */
  slash: boolean;
  /** One matcher per path of the layer (an array path gives several), tried in order. */
  matchers: LayerMatcher[];
  /** The route, for the layers `router.route()` adds; undefined for middleware. */
  route: Route | undefined;
  /** The lowercased method of a route's layer; undefined for `route.all()` layers and router layers. */
  method: string | undefined;

  /** The internal matchers, one per element of `matchers`. */
  #match: Matcher[];
  /** Stable parameter names per matcher (undefined: `Object.keys(params)` at each match). */
  #keys: Array<string[] | undefined>;
  /** What the path can start with; undefined: anything (the layer is tried for every path). */
  #index: IndexKey[] | undefined;
  /** The matchers `matchers` held when made: a replaced array is used as given. */
  #publicMatchers: LayerMatcher[];
  /** The dispatcher `router.route()` gave this layer, for the router's single-handler shortcut. */
  #dispatcher: AnyHandler | undefined;
  /** Per matcher: 1 when it matches from the start of the path (any pattern), 2 for a RegExp. */
  #kinds: Array<1 | 2>;
  /**
   * How the last match was made: 0 by replaced `matchers`; else `#kinds` of the matcher (its
   * params then have own, enumerable string keys only).
   */
  #last: 0 | 1 | 2;

  /**
   * @param path A string, pattern, RegExp, or (nested) array of them.
   * @param options How to match it.
   * @param fn The handler.
   */
  constructor(path: unknown, options: LayerOptions | undefined, fn: AnyHandler) {
    const opts = options || {};
    this.handle = fn;
    this.keys = [];
    this.name = fn.name || '<anonymous>';
    this.params = undefined;
    this.path = undefined;
    this.slash = path === '/' && opts.end === false;
    const compiled = Array.isArray(path) ? path.map((p) => compile(p, opts)) : [compile(path, opts)];
    this.#match = compiled.map((c) => c.match);
    this.#keys = compiled.map((c) => c.keys);
    this.#index = this.slash ? undefined : indexOf(compiled);
    this.matchers = this.#publicMatchers = this.#match.map(
      (match): LayerMatcher =>
        function match_(p) {
          const params = match(p);
          return params === false ? false : { params, path: matched };
        },
    );
    this.route = undefined;
    this.method = undefined;
    this.#dispatcher = undefined;
    this.#kinds = Array.isArray(path) ? path.map((p) => (p instanceof RegExp ? 2 : 1)) : [path instanceof RegExp ? 2 : 1];
    this.#last = 0;
  }

  /**
   * Matches `path`; on success stores `params`, `path` and `keys` of the match and returns
   * `true`. Throws router 2's 400 `URIError` for a malformed escape in a parameter.
   */
  match(path: string | null | undefined): boolean {
    if (path != null) {
      if (this.slash) {
        this.params = {};
        this.path = '';
        return true;
      }
      const own = this.#publicMatchers;
      if (this.matchers === own && own.length === this.#match.length) {
        const all = this.#match;
        for (let i = 0; i < all.length; i++) {
          const params = all[i](path);
          if (params !== false) {
            this.params = params;
            this.path = matched;
            this.keys = this.#keys[i] ?? Object.keys(params);
            this.#last = this.#kinds[i];
            return true;
          }
        }
      } else {
        for (const matcher of this.matchers) {
          const m = matcher(path);
          if (m) {
            this.params = m.params;
            this.path = m.path;
            this.keys = Object.keys(m.params);
            this.#last = 0;
            return true;
          }
        }
      }
    }
    this.params = undefined;
    this.path = undefined;
    return false;
  }

  /** Calls the handler for an error: only a four-parameter handler is one; others are skipped. */
  handleError(error: unknown, req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle as unknown as Call4;
    if (fn.length !== 4) {
      next(error);
      return;
    }
    try {
      const ret = fn(error, req, res, next);
      if (isPromise(ret)) ret.then(null, (err: unknown) => next(err || new Error('Rejected promise')));
    } catch (err) {
      next(err);
    }
  }

  /** Calls the handler for a request: a four-parameter (error) handler is skipped. */
  handleRequest(req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle as unknown as Call3;
    if (fn.length > 3) {
      next();
      return;
    }
    try {
      const ret = fn(req, res, next);
      if (isPromise(ret)) ret.then(null, (err: unknown) => next(err || new Error('Rejected promise')));
    } catch (err) {
      next(err);
    }
  }

  /** What a layer's path can start with (undefined: anything, or not a brisk layer). */
  static indexKeys(layer: unknown): IndexKey[] | undefined {
    return typeof layer === 'object' && layer !== null && #index in layer ? (layer as Layer).#index : undefined;
  }

  /** `true` when the layer's `params` were made by its own matchers at its last match. */
  static ownParams(layer: unknown): boolean {
    return typeof layer === 'object' && layer !== null && #last in layer && (layer as Layer).#last !== 0;
  }

  /**
   * `true` when the layer's last match was made by a pattern of its own (not a RegExp): its
   * `path` is then a prefix of the matched path that ends at a `/` or at the end.
   */
  static anchored(layer: unknown): boolean {
    return typeof layer === 'object' && layer !== null && #last in layer && (layer as Layer).#last === 1;
  }

  /** Marks `layer` as the one `router.route()` made for `route`, dispatching with `handle`. */
  static bindRoute(layer: Layer, route: Route): void {
    layer.route = route;
    layer.#dispatcher = layer.handle;
  }

  /** `true` while the layer still dispatches to its route with the handler `router.route()` gave it. */
  static dispatchesRoute(layer: Layer): boolean {
    return #dispatcher in layer && layer.#dispatcher !== undefined && layer.handle === layer.#dispatcher;
  }
}

/** A layer's index keys: all elements' keys, or undefined if one can match anything. */
function indexOf(compiled: readonly Compiled[]): IndexKey[] | undefined {
  const keys: IndexKey[] = [];
  for (const c of compiled) {
    if (c.index === undefined) return undefined;
    keys.push(...c.index);
  }
  return keys;
}
