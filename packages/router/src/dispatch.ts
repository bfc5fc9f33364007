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
// All state lives on one `Dispatch` object per router and request; `next` (also `req.next`) is
// its one closure.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseurl } from '@brisk/http';
import { Layer } from './layer.js';
import { buildIndex, candidates, type Candidates, type PathFlags, type StackIndex } from './lookup.js';
import { lowerMethod } from './methods.js';
import { hasParamCallbacks, processParams, type ParamsDone, type ParamsSeen } from './params.js';
import { Route, handlesMethod } from './route.js';
import { MATCHED, TRACING_AVAILABLE, recordError, tracing } from './tracing.js';
import type { NextFunction, ParamCallback, ParamsDictionary, RouteLike, StackLayer } from './types.js';

/** Where each router keeps the index of its stack (rebuilt when the stack changes). */
export const INDEX: unique symbol = Symbol('brisk.router.index');

/** Router state a dispatch reads: the public fields and the index. */
export interface RouterState {
  stack: unknown[];
  params: Record<string, ParamCallback[] | undefined>;
  mergeParams: unknown;
  [INDEX]?: StackIndex | undefined;
}

/** A layer as dispatch reads it (brisk's Layer, or an object shaped like router 2's). */
interface DispatchLayer extends StackLayer {
  route?: RouteLike | undefined;
  params?: ParamsDictionary | undefined;
  path?: string | undefined;
  keys?: readonly string[] | undefined;
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

/** Synchronous steps in a row before the next one waits for `setImmediate` (router 2's limit). */
const MAX_SYNC_STEPS = 100;
const SLASH = 47; // '/'

const routeDispatch = Route.prototype.dispatch;

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

/** Sends the automatic `OPTIONS` answer: `200` with `Allow` (and the body) listing the methods. */
function sendOptions(res: ServerResponse, methodList: readonly string[]): void {
  const allow = Array.from(new Set(methodList)).sort().join(', ');
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
  new Dispatch(router, req as unknown as DispatchRequest, res, callback).start();
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

/** One request's dispatch through one router. */
class Dispatch implements PathFlags, ParamsDone {
  /** The step function handed to layers (and set as `req.next`). */
  readonly next: NextFunction;

  // The router, the request, and what to give back when the dispatch ends.
  readonly router: RouterState;
  readonly stack: unknown[];
  readonly req: DispatchRequest;
  readonly res: ServerResponse;
  readonly callback: NextFunction;
  readonly parentParams: unknown;
  readonly parentUrl: string;
  readonly savedBaseUrl: string | undefined;
  readonly savedNext: NextFunction | undefined;
  /** `scheme://host` of an absolute-form `req.url`, kept in front of it while mounted. */
  readonly protohost: string;
  /** The methods of the routes an `OPTIONS` request met (for the automatic answer), else undefined. */
  readonly allow: string[] | undefined;

  /** The next stack position to consider. */
  idx = 0;
  /** Steps taken synchronously in a row. */
  sync = 0;
  /** The error the current step goes on with. */
  error: unknown = undefined;

  // The mount in effect: what was trimmed from `req.url`, to put back at the next step.
  /** The mount path trimmed from `req.url` ('' when none). */
  removed = '';
  /** A `/` was put in front of the trimmed URL. */
  slashAdded = false;
  /** `req.url` before trimming, when restoring gives it back exactly. */
  urlBefore: string | undefined = undefined;
  /** `req.url` just after trimming. */
  trimmed = '';

  // The path and its candidates: derived from `req.url` and the stack, re-derived when they change.
  seenUrl: unknown = undefined;
  seen = false;
  path: string | null | undefined = undefined;
  /** `path` is the start of `req.url` (the URL was split at `?` without parsing). */
  pathIsUrlPrefix = false;
  percent = false;
  special = false;
  index: StackIndex | undefined = undefined;
  cands: Candidates | undefined = undefined;
  /** The next entry of `cands` to consider. */
  ci = 0;

  // The method: derived from `req.method`, re-derived when it changes.
  seenMethod: unknown;
  /** `req.method` lowercased. */
  method: unknown;
  /** Routes cannot be skipped on their methods: HEAD runs GET routes, OPTIONS lists every route's methods. */
  everyRoute = false;

  /** A one-handler route's handler is running with this dispatch's own `next`. */
  inRoute = false;

  // `router.param()` callbacks: what they saw this request, and the layer waiting for them.
  paramsSeen: ParamsSeen | undefined = undefined;
  pending: DispatchLayer | undefined = undefined;
  pendingError: unknown = undefined;
  pendingLayerPath: string | undefined = undefined;
  pendingPath = '';

  // Tracing: `req[MATCHED]` as it was before this dispatch first wrote it, put back at the end.
  matchedSaved = false;
  savedMatched: unknown = undefined;

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
    this.method = lowerMethod(req.method);
    this.everyRoute = req.method === 'HEAD' || this.allow !== undefined;
  }

  /** Sets up the request and takes the first step. */
  start(): void {
    const req = this.req;
    req.next = this.next;
    req.baseUrl = this.parentUrl;
    req.originalUrl = req.originalUrl || req.url;
    this.step();
  }

  /** One call of `next(err)`. */
  step(err?: unknown): void {
    // The error has left the code that raised it: a handler it reaches later is not its origin.
    if (err && TRACING_AVAILABLE) recordError(this.req, err);
    if (this.inRoute) {
      // Back from a one-handler route run without route.dispatch: its `next('route')` ends the route, as next().
      this.inRoute = false;
      if (err === 'route') err = undefined;
    }
    const layerError = err === 'route' ? null : err;
    this.restore();
    if (layerError === 'router') {
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
  restore(): void {
    const req = this.req;
    if (this.slashAdded) {
      // The `/` put in front of the trimmed URL goes, unless the layer rewrote the URL to a path
      // of its own under a mount path with no trailing `/`: `/index.html` under `/app` is
      // `/app/index.html`, not `/appindex.html` (router 2.3).
      const url = req.url as string;
      if (
        url === '/' ||
        url.startsWith('/?') ||
        (url.charCodeAt(0) === SLASH && this.removed.charCodeAt(this.removed.length - 1) === SLASH)
      )
        req.url = url.slice(1);
      this.slashAdded = false;
    }
    if (this.removed.length !== 0) {
      req.baseUrl = this.parentUrl;
      const url = req.url as string;
      const protohost = this.protohost;
      req.url =
        this.urlBefore !== undefined && url === this.trimmed
          ? this.urlBefore
          : protohost + this.removed + url.slice(protohost.length);
      this.removed = '';
    }
  }

  /**
   * Brings the path, the candidates and the method up to date with `req.url`, `req.method` and
   * the stack. Returns false when the URL has no path (the dispatch then ends).
   */
  locate(): boolean {
    const req = this.req;
    const url = req.url;
    let fastSplit = false; // the path was cut at `?`, and may hold what url.parse treats specially
    if (!this.seen || url !== this.seenUrl) {
      this.seen = true;
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
      this.method = lowerMethod(method);
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
    req.params = router.mergeParams
      ? mergeParams(layer.params as Record<string, unknown>, this.parentParams, Layer.ownParams(layer))
      : layer.params;
    // Read now: a param callback may dispatch another request through the same layer.
    const layerPath = layer.path;
    const keys = layer.keys;
    if (keys && keys.length !== 0 && hasParamCallbacks(router.params, keys)) {
      this.pending = layer;
      this.pendingError = this.error;
      this.pendingLayerPath = layerPath;
      this.pendingPath = this.path as string;
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
    if (!this.matchedSaved) {
      this.savedMatched = req[MATCHED];
      this.matchedSaved = true;
    }
    req[MATCHED] = Layer.matchedPattern(layer);
  }

  /** The param callbacks of the pending layer are done (`err`: one of them failed). */
  paramsDone(err: unknown): void {
    const layer = this.pending as DispatchLayer;
    this.pending = undefined;
    if (err) this.step(this.pendingError || err);
    else this.run(layer, this.pendingError, this.pendingLayerPath, this.pendingPath);
    this.sync = 0;
  }

  /** Runs a matched layer: a route's handlers, or middleware (an error handler when `error` is set). */
  run(layer: DispatchLayer, error: unknown, layerPath: string | undefined, path: string): void {
    const route = layer.route;
    if (route) this.runRoute(layer, route);
    else this.runMiddleware(layer, error, layerPath, path);
  }

  /** Runs a route; one with a single handler runs it directly with `next` (what route.dispatch does, minus a closure). */
  runRoute(layer: DispatchLayer, route: RouteLike): void {
    const req = this.req;
    const rstack = route.stack;
    if (rstack.length !== 1 || route.dispatch !== routeDispatch || !Layer.dispatchesRoute(layer)) {
      layer.handleRequest(req, this.res, this.next);
      return;
    }
    const only = rstack[0];
    // As route.dispatch: the method as the request has it now, HEAD falling back to GET.
    let method = req.method === this.seenMethod ? this.method : lowerMethod(req.method);
    if (method === 'head' && !route.methods.head) method = 'get';
    req.route = route;
    if (only.method && only.method !== method) {
      this.step();
      return;
    }
    this.inRoute = true;
    only.handleRequest(req, this.res, this.next);
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
      const url = req.url as string;
      const protohost = this.protohost;
      this.removed = layerPath;
      this.trimmed = protohost + url.slice(protohost.length + n);
      // Restoring gives `url` back when it starts with protohost + layerPath.
      this.urlBefore =
        (anchored && this.pathIsUrlPrefix && protohost === '' && url === this.seenUrl) ||
        (url.startsWith(protohost) && url.startsWith(layerPath, protohost.length))
          ? url
          : undefined;
      req.url = this.trimmed;
      if (!protohost && this.trimmed.charCodeAt(0) !== SLASH) {
        req.url = '/' + this.trimmed;
        this.slashAdded = true;
      }
      req.baseUrl = this.parentUrl + (layerPath.charCodeAt(n - 1) === SLASH ? layerPath.slice(0, n - 1) : layerPath);
    }
    if (error) layer.handleError(error, req, this.res, this.next);
    else layer.handleRequest(req, this.res, this.next);
  }

  /** The end: the automatic `OPTIONS` answer, or the request's fields restored and the callback called. */
  finish(err: unknown): void {
    let end = err;
    const allow = this.allow;
    if (allow !== undefined && !end && allow.length !== 0) {
      try {
        sendOptions(this.res, allow);
        return;
      } catch (e) {
        end = e;
      }
    }
    const req = this.req;
    req.baseUrl = this.savedBaseUrl;
    req.next = this.savedNext;
    req.params = this.parentParams;
    if (this.matchedSaved) req[MATCHED] = this.savedMatched;
    this.callback(end);
  }
}
