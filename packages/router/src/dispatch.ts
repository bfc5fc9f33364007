// Dispatch: one request's walk through one router's stack (router 2's `router.handle`).
//
// Each call of `next` is one step:
//   1. restore   undo what the previous middleware's mount did to `req.url` and `req.baseUrl`;
//   2. stop?     `next('router')`, the end of the stack, or too many synchronous steps;
//   3. locate    re-read `req.url` and `req.method` (a handler may have rewritten either) and,
//                when they or the stack changed, the path and its candidate layers (lookup.ts);
//   4. find      the next candidate that matches, in stack order;
//   5. enter     set `req.params` (and `req.route`), run the `router.param()` callbacks;
//   6. run       a route, or middleware with its mount path trimmed from `req.url`.
// All state lives on one `Dispatch` object per router and request, in named parts whose
// invariants are written once, above `checkInvariants` (checked at every step while NODE_DEBUG
// names brisk:router, as the tests run it); `next` (also `req.next`) is its one closure. Which
// handlers of a route run for a method is the route's rule (route.ts), asked, not repeated here.
// A route it runs, the dispatch walks itself (route.ts `routeStep`, with the dispatch's `next`), so
// that inside a route each call of `next` is a step of the route. User code is called in one
// place (call.ts), which tracing observes; the dispatch records the pattern each layer matched
// for it (`traceMatched`).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { debuglog } from 'node:util';
import parseurl from '@brisk/parseurl';
import { EXTENSIONS_IN_USE, MAX_SYNC_STEPS, QUESTION, ROUTE, ROUTER, SLASH } from './constants.js';
import { answerOptions, plainParams } from './extensions.js';
import { Layer } from './layer.js';
import { buildIndex, candidates, type Candidates, type PathFlags, type StackIndex } from './lookup.js';
import { routingMethod } from './methods.js';
import { hasParamCallbacks, processParams, type ParamsDone, type ParamsSeen } from './params.js';
import { beginRoute, handlesMethod, routeStep, walksInPlace, type RouteWalk } from './route.js';
import { MATCHED, TRACING_AVAILABLE, recordError, tracing } from './tracing.js';
import type {
  NextFunction,
  ParamCallback,
  ParamsDictionary,
  RouteLike,
  RouterExtensions,
  StackLayer,
} from './types.js';

/** Where each router keeps the index of its stack (rebuilt when the stack changes). */
export const INDEX: unique symbol = Symbol('brisk.router.index');

/** Router state a dispatch reads: the public fields and the index. */
export interface RouterState {
  stack: unknown[];
  params: Record<string, ParamCallback[] | undefined>;
  mergeParams: unknown;
  [INDEX]?: StackIndex | undefined;
  /** brisk's own options (extensions.ts), checked when the router was made. */
  [EXTENSIONS_IN_USE]?: Readonly<RouterExtensions> | undefined;
}

/** A layer as dispatch reads it (brisk's Layer, or an object shaped like router 2's). */
interface DispatchLayer extends StackLayer {
  route?: RouteLike | undefined;
  params?: ParamsDictionary | undefined;
  path?: string | undefined;
  keys?: readonly string[] | undefined;
  name?: unknown;
  match(path: string): unknown;
}

/** The request fields the router reads and writes. */
interface DispatchRequest {
  url?: string | undefined;
  method?: string | undefined;
  originalUrl?: string | undefined;
  baseUrl?: string | undefined;
  params?: unknown;
  next?: NextFunction | undefined;
  route?: unknown;
  /** The pattern of the layer being run, for tracing (written only while tracing). */
  [MATCHED]?: unknown;
}

/**
 * `NODE_DEBUG=brisk:router` traces each dispatch and each layer it runs on stderr, and checks the
 * dispatch's invariants at every step. Read once, when the module loads: free when off.
 */
const debug = debuglog('brisk:router');
const DEBUG = debug.enabled;

/** The value of a field not set yet (a URL, a method, a saved request field). */
const UNSET: unique symbol = Symbol('unset');

/**
 * `parseurl(req).pathname` (undefined when it throws), for the URLs that do not take the fast
 * path: those not starting with `/`, and those whose path holds what `url.parse` trims, splits
 * at or escapes (space, `#`, tab, CR, LF, FF, NBSP, BOM).
 */
function parsedPathname(req: DispatchRequest): string | null | undefined {
  try {
    return parseurl(req as Parameters<typeof parseurl>[0])?.pathname;
  } catch {
    return undefined;
  }
}

/** `scheme://host` of an absolute-form URL (kept in front of `req.url` while mounted), or ''. */
function protohostOf(url: unknown): string {
  if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === SLASH) return '';
  const search = url.indexOf('?');
  const end = search !== -1 ? search : url.length;
  const fqdn = url.indexOf('://');
  if (fqdn === -1 || fqdn + 3 > end) return '';
  return url.substring(0, url.indexOf('/', 3 + fqdn));
}

/** `Object.assign(target, source)` for a source with only own, enumerable string keys. */
function assignKeys(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(source);
  for (let i = 0; i < keys.length; i++) target[keys[i]] = source[keys[i]];
  return target;
}

/**
 * Router 2's `mergeParams(params, parent)`: a plain object with the parent's params, overridden
 * by the layer's; numbered params (RegExp groups) of the layer are renumbered after the parent's.
 * `own`: `params` is what the layer's matcher just made (string keys only), which a loop copies
 * faster than `Object.assign` does from a prototype-less object.
 */
function mergeParams(params: Record<string, unknown>, parent: unknown, own: boolean): Record<string, unknown> {
  if (typeof parent !== 'object' || !parent) return params;
  const parentObj = parent as Record<string, unknown>;
  const obj = Object.assign({}, parentObj) as Record<string, unknown>;
  if (!(0 in params) || !(0 in parentObj)) return own ? assignKeys(obj, params) : Object.assign(obj, params);
  let count = 0;
  while (count in params) count++;
  let offset = 0;
  while (offset in parentObj) offset++;
  for (let i = count - 1; i >= 0; i--) {
    params[i + offset] = params[i];
    if (i < offset) delete params[i];
  }
  return Object.assign(obj, params);
}

/**
 * Sends router 2.3's automatic `OPTIONS` answer: `200` with `Allow` (and the body) listing the
 * methods (each once) sorted. The `optionsResponse` extension replaces it.
 */
function sendOptions(res: ServerResponse, methods: string[]): void {
  const allow = methods.sort().join(', ');
  res.setHeader('Allow', allow);
  res.setHeader('Content-Length', Buffer.byteLength(allow));
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(allow);
}

/** `dispatch.finish(err)`, for `setImmediate`. */
function finishLater(dispatch: Dispatch, err: unknown): void {
  dispatch.finish(err);
}

/**
 * Dispatches a request through a router's stack: runs the matching layers in order, then calls
 * `callback(err?)` (router 2's `router.handle`).
 */
export function dispatch(router: RouterState, req: IncomingMessage, res: ServerResponse, callback: NextFunction): void {
  new Dispatch(router, req, res, callback).start();
}

/**
 * The `next` of a dispatch, named `next` as router 2's is. It is made here rather than as an
 * arrow function in Dispatch's constructor: a closure made in the constructor that captures the
 * instance made V8's scavenges keep whole requests alive, so that V8 came to allocate node's
 * response headers in the old generation (docs/decisions/017-benchmark-targets.md). A closure made
 * by a separate function does not.
 */
function nextOf(dispatch: Dispatch): NextFunction {
  return function next(err?: unknown): void {
    dispatch.step(err);
  };
}

/**
 * The mount in effect: what running middleware under a path did to `req.url` and `req.baseUrl`,
 * undone at the next step (`restore`). Made at a dispatch's first mounted middleware.
 */
class Mount {
  /** The mount path trimmed from `req.url` ('' when no middleware is mounted). */
  removed = '';
  /** A `/` was put in front of the trimmed URL. */
  slashAdded = false;
  /** `req.url` before trimming, when restoring gives it back exactly. */
  urlBefore: string | undefined = undefined;
  /** `req.url` just after trimming. */
  trimmed = '';
}

/** A matched layer waiting for its `router.param()` callbacks, and what it then runs with. */
class PendingLayer {
  constructor(
    readonly layer: DispatchLayer,
    /** The step's error (a decoding error of another layer), given to the layer after the callbacks. */
    readonly error: unknown,
    /** `layer.path` at the match: a callback may dispatch another request through the same layer. */
    readonly layerPath: string | undefined,
    /** The dispatch's path at the match. */
    readonly path: string,
  ) {}
}

/**
 * One request's dispatch through one router. Its state, by part (each part's invariants are
 * written once, in `checkInvariants`):
 * - **the request as it came**: the fields a dispatch changes and `finish` puts back;
 * - **position**: where in the stack the walk is (`idx`) and in the candidate list (`ci`);
 * - **location**: the path of `req.url` and the candidate layers for it, re-derived when the URL
 *   or the stack changes;
 * - **method**: the routing method `req.method` selects (methods.ts), re-derived when it changes;
 * - **step**: what the current call of `next` carries (`error`, `sync`);
 * - **route walk**: the route being walked (its layers, the next one, its method), while one is;
 * - **mount**, **params** and **tracing**: made or set only when a request needs them.
 */
class Dispatch implements PathFlags, ParamsDone, RouteWalk {
  /** The step function handed to layers (and set as `req.next`). */
  readonly next: NextFunction;
  readonly router: RouterState;
  readonly stack: unknown[];
  readonly req: DispatchRequest;
  readonly res: ServerResponse;
  /** Called when the dispatch ends: `callback(err?)`. */
  readonly callback: NextFunction;

  // The request as it came (put back by `finish`).
  readonly parentParams: unknown;
  readonly parentUrl: string;
  readonly savedBaseUrl: string | undefined;
  readonly savedNext: NextFunction | undefined;
  /** `scheme://host` of an absolute-form `req.url`, kept in front of it while mounted. */
  readonly protohost: string;
  /** The methods of the routes an `OPTIONS` request met (for the automatic answer), else undefined. */
  readonly allow: string[] | undefined;

  // Position
  /** The next stack position to consider. */
  idx = 0;
  /** The next entry of `cands` to consider. */
  ci = 0;

  // Location: derived from `req.url` and the stack.
  /** The `req.url` the path was derived from. */
  seenUrl: unknown = UNSET;
  /** Its pathname (null or undefined: it has none, and the dispatch ends). */
  path: string | null | undefined = undefined;
  /** `path` is the start of `req.url` (the URL was split at `?` without parsing). */
  pathIsUrlPrefix = false;
  /** The path holds a `%` (written by `candidates`). */
  percent = false;
  /** The path holds a character url.parse treats specially (written by `candidates`). */
  special = false;
  /** The stack's index the candidates come from. */
  index: StackIndex | undefined = undefined;
  /** The layers that may match `path`, in stack order (undefined: to be looked up). */
  cands: Candidates | undefined = undefined;

  // Method: derived from `req.method`.
  seenMethod: unknown;
  /** The routing method `req.method` selects: lowercased, or `NO_ROUTING_METHOD` (methods.ts). */
  method: unknown;
  /** Routes cannot be skipped on their methods: HEAD enters routes it does not run, OPTIONS lists every route's methods. */
  everyRoute: boolean;

  // Step
  /** Steps taken synchronously in a row. */
  sync = 0;
  /** The error the current step goes on with. */
  error: unknown = undefined;

  // Route walk (route.ts): set while a route's handlers run with this dispatch's `next`.
  /** The route's layers; undefined when no route is being walked. */
  routeStack: readonly StackLayer[] | undefined = undefined;
  /** The route's next layer to consider. */
  routeIdx = 0;
  /** The method whose handlers the route runs. */
  routeMethod: unknown = undefined;
  /** The route's steps taken synchronously in a row (counted apart, as router 2's `route.dispatch` does). */
  routeSync = 0;

  /** The mount in effect (made at the first mounted middleware). */
  mount: Mount | undefined = undefined;
  /** What the `router.param()` callbacks saw this request, by name (made at the first callback). */
  paramsSeen: ParamsSeen | undefined = undefined;
  /** The layer waiting for its param callbacks. */
  pending: PendingLayer | undefined = undefined;
  /** Tracing: `req[MATCHED]` before this dispatch first wrote it (UNSET: never written), put back at the end. */
  savedMatched: unknown = UNSET;

  constructor(router: RouterState, req: DispatchRequest, res: ServerResponse, callback: NextFunction) {
    this.next = nextOf(this);
    this.router = router;
    this.stack = router.stack;
    this.req = req;
    this.res = res;
    this.callback = callback;
    this.parentParams = req.params;
    this.parentUrl = req.baseUrl || '';
    this.savedBaseUrl = req.baseUrl;
    this.savedNext = req.next;
    this.protohost = protohostOf(req.url);
    this.allow = req.method === 'OPTIONS' ? [] : undefined;
    this.seenMethod = req.method;
    this.method = routingMethod(req.method);
    this.everyRoute = req.method === 'HEAD' || this.allow !== undefined;
  }

  /** Sets up the request and takes the first step. */
  start(): void {
    const req = this.req;
    if (DEBUG) debug('dispatch %s %s (%d layers)', req.method, req.url, this.stack.length);
    req.next = this.next;
    req.baseUrl = this.parentUrl;
    req.originalUrl = req.originalUrl || req.url;
    this.step();
  }

  /** One call of `next(err)`. */
  step(err?: unknown): void {
    if (this.routeStack !== undefined) {
      if (DEBUG) checkRouteInvariants(this);
      routeStep(this, err);
      return;
    }
    // The error has left the code that raised it: a handler it reaches later is not its origin.
    if (err && TRACING_AVAILABLE) recordError(this.req, err);
    const layerError = err === ROUTE ? null : err;
    if (this.mount !== undefined) this.restore(this.mount);
    if (layerError === ROUTER) {
      setImmediate(finishLater, this, null);
      return;
    }
    if (this.idx >= this.stack.length) {
      setImmediate(finishLater, this, layerError);
      return;
    }
    if (++this.sync > MAX_SYNC_STEPS) {
      setImmediate(this.next, err);
      return;
    }
    if (!this.locate()) {
      this.finish(layerError);
      return;
    }
    if (DEBUG) checkInvariants(this);
    this.error = layerError;
    const layer = this.find();
    if (layer === undefined) {
      this.idx = this.stack.length;
      this.finish(this.error);
      return;
    }
    this.enter(layer);
  }

  /** Undoes the previous middleware's mount: `req.url` and `req.baseUrl` as they were before it. */
  restore(mount: Mount): void {
    const req = this.req;
    if (mount.slashAdded) {
      // The `/` put in front of the trimmed URL goes, unless the layer rewrote the URL to a path
      // of its own under a mount path with no trailing `/`: `/index.html` under `/app` is
      // `/app/index.html`, not `/appindex.html` (router 2.3).
      const url = req.url as string;
      if (
        url === '/' ||
        url.startsWith('/?') ||
        (url.charCodeAt(0) === SLASH && mount.removed.charCodeAt(mount.removed.length - 1) === SLASH)
      )
        req.url = url.slice(1);
      mount.slashAdded = false;
    }
    if (mount.removed.length !== 0) {
      req.baseUrl = this.parentUrl;
      const url = req.url as string;
      const protohost = this.protohost;
      req.url =
        mount.urlBefore !== undefined && url === mount.trimmed
          ? mount.urlBefore
          : protohost + mount.removed + url.slice(protohost.length);
      mount.removed = '';
    }
  }

  /**
   * Brings the location and the method up to date with `req.url`, `req.method` and the stack.
   * Returns false when the URL has no path (the dispatch then ends).
   */
  locate(): boolean {
    const req = this.req;
    const url = req.url;
    let fastSplit = false; // the path was cut at `?`, and may hold what url.parse treats specially
    if (url !== this.seenUrl) {
      this.seenUrl = url;
      this.cands = undefined;
      if (typeof url === 'string' && url.charCodeAt(0) === SLASH) {
        const q = url.indexOf('?');
        this.path = q === -1 ? url : url.slice(0, q);
        this.pathIsUrlPrefix = fastSplit = true;
      } else {
        this.path = parsedPathname(req);
        this.pathIsUrlPrefix = false;
      }
    }
    if (this.path == null) return false;

    const router = this.router;
    const stack = this.stack;
    let ix = router[INDEX];
    if (ix === undefined || ix.stack !== stack || ix.length !== stack.length) ix = router[INDEX] = buildIndex(stack);
    if (ix !== this.index || this.cands === undefined) {
      this.index = ix;
      this.cands = candidates(ix, this.path, this);
      if (fastSplit && this.special) {
        this.path = parsedPathname(req);
        this.pathIsUrlPrefix = false;
        if (this.path == null) return false;
        this.cands = candidates(ix, this.path, this);
      }
      this.ci = 0;
    }

    const method = req.method;
    if (method !== this.seenMethod) {
      this.seenMethod = method;
      this.method = routingMethod(method);
      this.everyRoute = method === 'HEAD' || (method === 'OPTIONS' && this.allow !== undefined);
    }
    return true;
  }

  /**
   * The next layer at or after `idx` that matches the path, or undefined. A decoding error in a
   * parameter becomes the step's error (`this.error`); routes do not match while there is one.
   */
  find(): DispatchLayer | undefined {
    const stack = this.stack;
    const current = this.path as string;
    let cands = this.cands as Candidates;
    while (this.ci < cands.pos.length) {
      const at = cands.pos[this.ci];
      if (at < this.idx) {
        this.ci++;
        continue;
      }
      const candidate = cands.layers[this.ci] as DispatchLayer;
      if (stack[at] !== candidate) {
        // The stack was changed in place: index it again and look on from `idx`.
        const ix = (this.router[INDEX] = this.index = buildIndex(stack));
        cands = this.cands = candidates(ix, current, this);
        this.ci = 0;
        continue;
      }
      this.ci++;
      this.idx = at + 1;
      const route = candidate.route;
      if (route) {
        if (this.error) continue;
        if (!this.everyRoute && !handlesMethod(route.methods, this.method)) {
          // Skipped without matching, unless matching could raise a decoding error (router 2 matches first).
          if (this.percent) {
            try {
              candidate.match(current);
            } catch (e) {
              if (TRACING_AVAILABLE) recordError(this.req, e);
              this.error = e;
            }
          }
          continue;
        }
      }
      try {
        if (candidate.match(current) !== true) continue;
      } catch (e) {
        // A decoding error starts in the router, not in a handler it reaches.
        if (TRACING_AVAILABLE) recordError(this.req, e);
        this.error = this.error || e;
        continue;
      }
      if (route && this.everyRoute && !handlesMethod(route.methods, this.method)) {
        if (this.allow !== undefined && this.seenMethod === 'OPTIONS') this.allow.push(...route._methods());
        if (this.seenMethod !== 'HEAD') continue;
      }
      return candidate;
    }
    return undefined;
  }

  /** Sets `req.params` (and `req.route`) for the layer, runs its param callbacks, then runs it. */
  enter(layer: DispatchLayer): void {
    const req = this.req;
    const router = this.router;
    if (layer.route) req.route = layer.route;
    if (tracing()) this.traceMatched(layer);
    if (DEBUG) debug('%s %s: layer %s %s', req.method, this.path, layer.name, String(Layer.matchedPattern(layer)));
    const params = router.mergeParams
      ? mergeParams(layer.params as Record<string, unknown>, this.parentParams, Layer.ownParams(layer))
      : layer.params;
    req.params =
      router[EXTENSIONS_IN_USE]?.plainParams && params && Object.getPrototypeOf(params) !== Object.prototype
        ? plainParams(params as Record<string, unknown>)
        : params;
    // Read now: a param callback may dispatch another request through the same layer.
    const layerPath = layer.path;
    const keys = layer.keys;
    if (keys && keys.length !== 0 && hasParamCallbacks(router.params, keys)) {
      this.pending = new PendingLayer(layer, this.error, layerPath, this.path as string);
      processParams(
        router.params,
        keys,
        (this.paramsSeen ??= Object.create(null) as ParamsSeen),
        req,
        this.res,
        this,
        layer,
      );
      return;
    }
    this.run(layer, this.error, layerPath, this.path as string);
    this.sync = 0;
  }

  /**
   * Records the pattern `layer` matched as the request's current one, for the tracing context of
   * its handlers and param callbacks (router 2.3's `route`); the value before is put back when
   * the dispatch ends.
   */
  traceMatched(layer: DispatchLayer): void {
    const req = this.req;
    if (this.savedMatched === UNSET) this.savedMatched = req[MATCHED];
    req[MATCHED] = Layer.matchedPattern(layer);
  }

  /** The param callbacks of the pending layer are done (`err`: one of them failed). */
  paramsDone(err: unknown): void {
    const pending = this.pending as PendingLayer;
    this.pending = undefined;
    if (err) this.step(pending.error || err);
    else this.run(pending.layer, pending.error, pending.layerPath, pending.path);
    this.sync = 0;
  }

  /** Runs a matched layer: a route's handlers, or middleware (an error handler when `error` is set). */
  run(layer: DispatchLayer, error: unknown, layerPath: string | undefined, path: string): void {
    const route = layer.route;
    if (route) this.runRoute(layer, route);
    else this.runMiddleware(layer, error, layerPath, path);
  }

  /**
   * Runs a route: walks its handlers with this dispatch's `next` when route.ts's `walksInPlace`
   * says so, else calls its layer (whose handler calls `route.dispatch`).
   */
  runRoute(layer: DispatchLayer, route: RouteLike): void {
    const req = this.req;
    if (!walksInPlace(layer, route)) {
      layer.handleRequest(req, this.res, this.next);
      return;
    }
    beginRoute(this, route, req, req.method === this.seenMethod ? this.method : routingMethod(req.method));
  }

  /** The route walk ends: the router goes on with `err`. */
  routeDone(err?: unknown): void {
    this.routeStack = undefined;
    this.step(err);
  }

  /** Runs middleware, with its mount path trimmed from `req.url` and added to `req.baseUrl`. */
  runMiddleware(layer: DispatchLayer, error: unknown, layerPath: string | undefined, path: string): void {
    const req = this.req;
    if (layerPath !== undefined && layerPath.length !== 0) {
      const n = layerPath.length;
      // A pattern's match is a prefix of the path ending at a `/` or the end; a RegExp's may not be.
      const anchored = Layer.anchored(layer);
      if (!anchored && (!path.startsWith(layerPath) || (n < path.length && path.charCodeAt(n) !== SLASH))) {
        this.step(error);
        return;
      }
      const mount = (this.mount ??= new Mount());
      const url = req.url as string;
      const protohost = this.protohost;
      mount.removed = layerPath;
      mount.trimmed = protohost + url.slice(protohost.length + n);
      // Restoring gives `url` back when it starts with protohost + layerPath.
      mount.urlBefore =
        (anchored && this.pathIsUrlPrefix && protohost === '' && url === this.seenUrl) ||
        (url.startsWith(protohost) && url.startsWith(layerPath, protohost.length))
          ? url
          : undefined;
      req.url = mount.trimmed;
      if (!protohost && mount.trimmed.charCodeAt(0) !== SLASH) {
        req.url = '/' + mount.trimmed;
        mount.slashAdded = true;
      }
      req.baseUrl = this.parentUrl + (layerPath.charCodeAt(n - 1) === SLASH ? layerPath.slice(0, n - 1) : layerPath);
    }
    if (error) layer.handleError(error, req, this.res, this.next);
    else layer.handleRequest(req, this.res, this.next);
  }

  /** The end: the automatic `OPTIONS` answer, or the request's fields restored and the callback called. */
  finish(err: unknown): void {
    if (DEBUG) debug('%s %s: end of the stack%s', this.req.method, this.req.url, err ? ' with an error' : '');
    let end = err;
    const allow = this.allow;
    if (allow !== undefined && !end && allow.length !== 0) {
      const methods = Array.from(new Set(allow));
      const respond = this.router[EXTENSIONS_IN_USE]?.optionsResponse;
      if (respond !== undefined) {
        end = answerOptions(respond, this.res, methods, (e) => this.leave(e));
        if (end === undefined) return;
      } else {
        try {
          sendOptions(this.res, methods);
          return;
        } catch (e) {
          end = e;
        }
      }
    }
    this.leave(end);
  }

  /** The request's fields put back as they came, and the callback called with `end`. */
  leave(end: unknown): void {
    const req = this.req;
    req.baseUrl = this.savedBaseUrl;
    req.next = this.savedNext;
    req.params = this.parentParams;
    if (this.savedMatched !== UNSET) req[MATCHED] = this.savedMatched;
    this.callback(end);
  }
}

/**
 * The invariants of a dispatch's parts, as they hold at each step once the mount is undone and
 * the location is up to date (`step`, before `find`). Each is what some step relies on another to
 * keep; a change that breaks one fails here, with the part's name, instead of answering a request
 * wrongly later. Checked at every step while NODE_DEBUG names brisk:router (the router's tests
 * run their requests so: packages/router/test/invariants.test.ts).
 */
export function checkInvariants(d: Dispatch): void {
  const fail = (part: string, what: string): never => {
    throw new Error(`brisk:router: dispatch invariant broken (${part}): ${what}`);
  };
  const req = d.req;
  // Position: idx only grows, within the stack; every candidate before ci is behind idx.
  if (!(d.idx >= 0 && d.idx <= d.stack.length)) fail('position', `idx ${d.idx} outside a stack of ${d.stack.length}`);
  const cands = d.cands;
  if (cands !== undefined) {
    if (!(d.ci >= 0 && d.ci <= cands.pos.length)) fail('position', `ci ${d.ci} outside ${cands.pos.length} candidates`);
    for (let k = 0; k < d.ci; k++)
      if (cands.pos[k] >= d.idx) fail('position', `candidate ${k} before ci is at or after idx`);
  }
  // Location: the path is that of the URL now on the request, and the candidates are for it, from
  // the router's current index of this stack, in stack order.
  if (d.seenUrl !== req.url) fail('location', 'req.url changed without the path being derived again');
  if (typeof d.path !== 'string') fail('location', 'no path, yet the dispatch goes on');
  if (d.pathIsUrlPrefix) {
    const url = req.url as string;
    const path = d.path as string;
    if (!url.startsWith(path) || (url.length !== path.length && url.charCodeAt(path.length) !== QUESTION))
      fail('location', 'a path split at "?" is not the start of req.url');
  }
  if (cands === undefined || d.index === undefined) fail('location', 'no candidates');
  const index = d.index as StackIndex;
  if (index !== d.router[INDEX] || index.stack !== d.stack || index.length !== d.stack.length)
    fail('location', "the candidates are not from the router's current index");
  const pos = (cands as Candidates).pos;
  for (let k = 1; k < pos.length; k++) if (pos[k] <= pos[k - 1]) fail('location', 'candidates out of stack order');
  // Method: derived from the method now on the request.
  if (d.seenMethod !== req.method) fail('method', 'req.method changed without being derived again');
  if (d.method !== routingMethod(d.seenMethod)) fail('method', 'method is not the routing method of req.method');
  if (d.everyRoute !== (d.seenMethod === 'HEAD' || (d.seenMethod === 'OPTIONS' && d.allow !== undefined)))
    fail('method', 'everyRoute does not follow the method');
  // Route walk: over (a step inside a route is the route's).
  if (d.routeStack !== undefined) fail('route walk', 'a route is still being walked');
  // Mount: undone (req.url is the router's own again).
  const mount = d.mount;
  if (mount !== undefined && (mount.removed !== '' || mount.slashAdded))
    fail('mount', 'the previous mount was not undone');
  // Params: no layer is waiting for its callbacks.
  if (d.pending !== undefined) fail('params', 'a layer is still waiting for its param callbacks');
}

/**
 * The invariants of a route walk, at each of its steps (checked, as the dispatch's, while
 * NODE_DEBUG names brisk:router): the walk is within the route's layers, and the router's own
 * step has nothing pending.
 */
function checkRouteInvariants(d: Dispatch): void {
  const fail = (what: string): never => {
    throw new Error(`brisk:router: dispatch invariant broken (route walk): ${what}`);
  };
  const stack = d.routeStack as readonly StackLayer[];
  if (!(d.routeIdx >= 0 && d.routeIdx <= stack.length)) fail(`routeIdx ${d.routeIdx} outside ${stack.length} layers`);
  if (d.pending !== undefined) fail('a layer is still waiting for its param callbacks');
}
