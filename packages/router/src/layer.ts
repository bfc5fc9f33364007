// Layer: one entry of a router's (or a route's) stack: a path matcher and a handler.
//
// The path is compiled once, when the layer is made (matchers.ts). Each layer also records what
// its path can start with (`indexKeys`), from which the router builds its dispatch index
// (lookup.ts).

import { compilePath, type Compiled, type IndexKey, type LayerOptions, type Matcher } from './matchers.js';
import { call } from './call.js';
import { DISPATCHER, ERROR_HANDLER, HANDLER, type UserFunction } from './constants.js';
import type { Layer as PublicLayer, LayerMatcher, NextFunction, RouteLike, RouterExtensions } from './types.js';

/** The `pathMatcher` extension (types.ts): a matcher for one element of a layer's path, or undefined. */
export type PathMatcher = NonNullable<RouterExtensions['pathMatcher']>;

export type { LayerOptions } from './matchers.js';

export type { LayerMatcher } from './types.js';

/**
 * How a layer's last match was made: by `matchers` the user replaced (or no match yet); by a
 * compiled string pattern (the match is a prefix of the path ending at a `/` or at the end); by
 * a compiled RegExp (anywhere in the path).
 */
type LastMatch = typeof FOREIGN | typeof ANCHORED | typeof UNANCHORED;
const FOREIGN = 0;
const ANCHORED = 1;
const UNANCHORED = 2;

/**
 * One entry of `router.stack` or `route.stack`, shaped as router 2's `Layer`: `handle`, `name`,
 * `rawPath` (2.3), `keys`, `params` and `path` (of the last match, as router 2.2 keeps them),
 * `slash`, `matchers`, and `route` (router layers made by `router.route()`) or `method` (route
 * layers).
 */
export class Layer implements PublicLayer {
  // The public fields are declared and documented once, by the public `Layer` (types.ts), and
  // typed from it here; `OnlyDeclaredMembers` (below) fails the typecheck when the class has a
  // public member the interface does not declare.
  handle: PublicLayer['handle'];
  keys: PublicLayer['keys'];
  name: PublicLayer['name'];
  rawPath: PublicLayer['rawPath'];
  params: PublicLayer['params'];
  path: PublicLayer['path'];
  slash: PublicLayer['slash'];
  matchers: PublicLayer['matchers'];
  route: PublicLayer['route'];
  method: PublicLayer['method'];

  /** The compiled elements of the path, one per element of `matchers`. */
  #compiled: Compiled[];
  /** What the path can start with; undefined: anything (the layer is tried for every path). */
  #index: IndexKey[] | undefined;
  /** The matchers `matchers` held when made: a replaced array is used as given. */
  #publicMatchers: LayerMatcher[];
  /** The handler `router.route()` gave this layer (route.ts `walksInPlace`). */
  #dispatcher: UserFunction | undefined;
  /** How the last match was made. */
  #last: LastMatch;
  /** Which element of `matchers` made the last match. */
  #lastIndex: number;
  /** The handler whose `length` `#arity` holds. */
  #arityOf: unknown = undefined;
  /** `#arityOf.length`, read once per handler rather than at each call (7–8 ns a read on node 26 and 24, decision 048). */
  #arity = 0;

  /**
   * @param path A string, pattern, RegExp, or (nested) array of them.
   * @param options How to match it.
   * @param fn The handler.
   * @param pathMatcher The router's `pathMatcher` extension: asked first for each element.
   */
  constructor(path: unknown, options: LayerOptions | undefined, fn: UserFunction, pathMatcher?: PathMatcher) {
    const opts = options || {};
    this.handle = fn;
    this.keys = [];
    this.name = fn.name || '<anonymous>';
    // A flat copy: each element is matched alone, in order (router 2.3), and is what tracing
    // reports as the matched pattern.
    const rawPath: unknown = Array.isArray(path) ? path.flat(Infinity) : path;
    this.rawPath = rawPath;
    this.params = undefined;
    this.path = undefined;
    const elements: unknown[] = Array.isArray(rawPath) ? rawPath : [path];
    const given = pathMatcher === undefined ? undefined : elements.map((p) => givenMatcher(pathMatcher, p, opts));
    this.slash = path === '/' && opts.end === false && given?.[0] === undefined;
    const compiled = elements.map((p, i) => {
      const m = given?.[i];
      return m === undefined ? compilePath(p, opts) : foreignCompiled(m);
    });
    this.#compiled = compiled;
    this.#index = this.slash ? undefined : indexOf(compiled);
    this.matchers = this.#publicMatchers = compiled.map(({ match }, i) => given?.[i] ?? publicMatcher(match));
    this.route = undefined;
    this.method = undefined;
    this.#dispatcher = undefined;
    this.#last = FOREIGN;
    this.#lastIndex = 0;
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
      const compiled = this.#compiled;
      if (this.matchers === own && own.length === compiled.length) {
        for (let i = 0; i < compiled.length; i++) {
          const c = compiled[i];
          const params = c.match(path, this);
          if (params !== false) {
            this.params = params;
            this.keys = c.keys ?? Object.keys(params);
            this.#last = c.anchored ? ANCHORED : c.foreign ? FOREIGN : UNANCHORED;
            this.#lastIndex = i;
            return true;
          }
        }
      } else {
        const matchers = this.matchers;
        for (let i = 0; i < matchers.length; i++) {
          const m = matchers[i](path);
          if (m) {
            this.params = m.params;
            this.path = m.path;
            this.keys = Object.keys(m.params);
            this.#last = FOREIGN;
            this.#lastIndex = i;
            return true;
          }
        }
      }
    }
    this.params = undefined;
    this.path = undefined;
    return false;
  }

  /**
   * Calls the handler for an error: only a four-parameter handler is one; others are skipped.
   * Traced (src/tracing.ts) while the channel has subscribers.
   */
  handleError(error: unknown, req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle;
    if (this.#lengthOf(fn) !== 4) next(error);
    else call(ERROR_HANDLER, this, fn, req as object, res, next, error);
  }

  /**
   * Calls the handler for a request: a four-parameter (error) handler is skipped. Traced while
   * the channel has subscribers, except a route's own layer (its handlers are traced one by one).
   */
  handleRequest(req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle;
    if (this.#lengthOf(fn) > 3) next();
    else call(this.route === undefined ? HANDLER : DISPATCHER, this, fn, req as object, res, next);
  }

  /** `fn.length`, read again only when `handle` was replaced. */
  #lengthOf(fn: UserFunction): number {
    if (fn !== this.#arityOf) {
      this.#arity = fn.length;
      this.#arityOf = fn;
    }
    return this.#arity;
  }

  /** What a layer's path can start with (undefined: anything, or not a brisk layer). */
  static indexKeys(layer: unknown): IndexKey[] | undefined {
    return typeof layer === 'object' && layer !== null && #index in layer ? (layer as Layer).#index : undefined;
  }

  /**
   * `true` when the layer's `params` were made by its own compiled matchers at its last match:
   * a fresh object with own, enumerable string keys only.
   */
  static ownParams(layer: unknown): boolean {
    return typeof layer === 'object' && layer !== null && #last in layer && (layer as Layer).#last !== FOREIGN;
  }

  /**
   * `true` when the layer's last match was made by a pattern of its own (not a RegExp): its
   * `path` is then a prefix of the matched path that ends at a `/` or at the end.
   */
  static anchored(layer: unknown): boolean {
    return typeof layer === 'object' && layer !== null && #last in layer && (layer as Layer).#last === ANCHORED;
  }

  /**
   * The pattern of `layer`'s last match, as router 2.3 reports it (`route` in tracing contexts):
   * the element of `rawPath` that matched, or `rawPath` itself. Undefined for a layer not made
   * by brisk that has no `rawPath`.
   */
  static matchedPattern(layer: unknown): unknown {
    if (typeof layer !== 'object' || layer === null) return undefined;
    const raw = (layer as { rawPath?: unknown }).rawPath;
    if (!Array.isArray(raw)) return raw;
    return #lastIndex in layer ? raw[(layer as Layer).#lastIndex] : undefined;
  }

  /** Marks `layer` as the one `router.route()` made for `route`, dispatching with `handle`. */
  static bindRoute(layer: Layer, route: RouteLike): void {
    layer.route = route;
    layer.#dispatcher = layer.handle;
  }

  /** `true` while the layer still calls the handler `router.route()` gave it. */
  static dispatchesRoute(layer: unknown): boolean {
    if (typeof layer !== 'object' || layer === null || !(#dispatcher in layer)) return false;
    const own = layer as Layer;
    return own.#dispatcher !== undefined && own.handle === own.#dispatcher;
  }
}

/**
 * The class's public members are the public `Layer`'s (types.ts): `implements` checks one
 * direction (what the interface declares, the class has, with compatible types), this the other.
 */
type OnlyDeclaredMembers<Undeclared extends never> = Undeclared;
export type LayerPublicShape = OnlyDeclaredMembers<Exclude<keyof Layer, keyof PublicLayer>>;

/** The public form of a compiled matcher: `false` or `{ params, path }`. */
function publicMatcher(match: Matcher): LayerMatcher {
  return function match_(path) {
    const into = { path: '' as string | undefined };
    const params = match(path, into);
    return params === false ? false : { params, path: into.path as string };
  };
}

/** What the `pathMatcher` extension gives for one element (checked: a function, or undefined). */
function givenMatcher(pathMatcher: PathMatcher, path: unknown, opts: LayerOptions): LayerMatcher | undefined {
  const m = pathMatcher(path, {
    sensitive: Boolean(opts.sensitive),
    strict: Boolean(opts.strict),
    end: opts.end !== false,
  });
  if (m !== undefined && typeof m !== 'function') {
    throw new TypeError('router extension pathMatcher must return a function or undefined');
  }
  return m;
}

/**
 * A matcher the `pathMatcher` extension gave, as a compiled element: tried for every path (no
 * index keys), its match not anchored, its params its own.
 */
function foreignCompiled(m: LayerMatcher): Compiled {
  return {
    match(path, into) {
      const r = m(path);
      if (!r) return false;
      into.path = r.path;
      return r.params;
    },
    keys: undefined,
    index: undefined,
    anchored: false,
    foreign: true,
  };
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
