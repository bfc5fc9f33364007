// Router: middleware and route dispatch (router 2's `Router`), through a registration-time index.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseurl } from '@brisk/http';
import { Layer, isPromise } from './layer.js';
import { buildIndex, candidates, lastHadPercent, lastHadSpecial, type Candidates, type StackIndex } from './lookup.js';
import { lowerMethod, methods } from './methods.js';
import { Route, checkHandler, handlerList, handlesMethod } from './route.js';
import type {
  ErrorRequestHandler,
  HandlerArg,
  RequestHandler,
  NextFunction,
  ParamCallback,
  ParamsDictionary,
  PathArg,
  PathParams,
  RouterMatcher,
  RouterMethods,
  RouterOptions,
  RouterRequest,
} from './types.js';

/** A router: itself a handler `router(req, res, next)`, with the routing methods. */
export interface Router extends RouterMethods<Router> {
  /** Dispatches a request into the router; `next` is called if no layer ends the response. */
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
  /** Case-sensitive paths for the layers added from now on. */
  caseSensitive: boolean | undefined;
  /** Keep the parent's `req.params` in this router's layers. */
  mergeParams: boolean | undefined;
  /** Strict trailing slash for the routes added from now on. */
  strict: boolean | undefined;
  /** The `router.param()` callbacks, per parameter name. */
  params: Record<string, ParamCallback[]>;
  /** The layers, in order: middleware (`route` undefined) and routes (`route` set). */
  stack: Layer[];
  /**
   * Dispatches a request: runs the matching layers in order; `callback(err?)` is called when
   * they all pass (`next()`), on an unhandled error, or on `next('router')`.
   * @throws TypeError `argument callback is required`
   */
  handle(req: IncomingMessage, res: ServerResponse, callback: NextFunction): void;
  /**
   * Adds middleware for every method on `path` (default `/`) and anything below it at a `/`.
   * @throws TypeError `argument handler is required` / `argument handler must be a function`
   */
  use(...handlers: RequestHandler[]): this;
  use(...handlers: ErrorRequestHandler[]): this;
  use(...handlers: HandlerArg[]): this;
  use<P extends PathArg>(path: P, ...handlers: RequestHandler<RouterRequest<PathParams<P>>>[]): this;
  use<P extends PathArg>(path: P, ...handlers: ErrorRequestHandler<RouterRequest<PathParams<P>>>[]): this;
  use<P extends PathArg>(path: P, ...handlers: HandlerArg<RouterRequest<PathParams<P>>>[]): this;
  /** Creates a route for `path` (a whole-path match) and adds it to the stack. */
  route<P extends PathArg>(path: P): Route<RouterRequest<PathParams<P>>>;
  /**
   * Adds a callback `fn(req, res, next, value, name)` run before the route handlers whose path has
   * the parameter `name`, once per request and value.
   * @throws TypeError `argument name is required` / `argument name must be a string` /
   * `argument fn is required` / `argument fn must be a function`
   */
  param(name: string, fn: ParamCallback): this;
  /** A route for every method. */
  all: RouterMatcher<Router>;
}

/** Where each router keeps the index of its stack (rebuilt when the stack changes). */
const INDEX: unique symbol = Symbol('brisk.router.index');

/** Router state a request reads: the public fields and the index. */
interface RouterState {
  stack: unknown[];
  params: Record<string, ParamCallback[] | undefined>;
  mergeParams: unknown;
  [INDEX]?: StackIndex | undefined;
}

/** A layer as dispatch reads it (brisk's Layer, or an object shaped like router 2's). */
interface DispatchLayer {
  route?: Route | undefined;
  params?: ParamsDictionary | undefined;
  path?: string | undefined;
  keys?: readonly string[] | undefined;
  match(path: string): unknown;
  handleRequest(req: unknown, res: unknown, next: NextFunction): void;
  handleError(err: unknown, req: unknown, res: unknown, next: NextFunction): void;
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
}

/** A message to a dispatch's own `next` (users never hold one): resume after params, or end. */
class Signal {
  /**
   * @param resume `true`: the param callbacks are done, run the layer; `false`: end the dispatch.
   * @param err The error to go on with.
   */
  constructor(
    readonly resume: boolean,
    readonly err: unknown,
  ) {}
}
/** `next(new Signal(false, err))`, later. */
function exitLater(next: NextFunction, err: unknown): void {
  next(new Signal(false, err));
}

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
  if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 47) return '';
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

/** What `router.param()` callbacks have seen for each name during one request. */
interface ParamCalled {
  error: unknown;
  match: unknown;
  value: unknown;
}

/**
 * Runs the param callbacks for a layer's keys in order, each name once per request and value
 * (a value seen before reuses the earlier outcome), then calls `next(new Signal(true, err))`.
 */
function processParams(
  callbacks: Record<string, ParamCallback[] | undefined>,
  keys: readonly string[],
  called: Record<string, ParamCalled | undefined>,
  req: DispatchRequest,
  res: unknown,
  next: NextFunction,
): void {
  let k = 0;
  let fns: ParamCallback[];
  let fi = 0;
  let name = '';
  let value: unknown;
  let state: ParamCalled;

  const nextName = (err?: unknown): void => {
    if (err) return next(new Signal(true, err));
    for (;;) {
      if (k >= keys.length) return next(new Signal(true, undefined));
      name = keys[k++];
      value = (req.params as Record<string, unknown>)[name];
      const list = callbacks[name];
      if (value === undefined || !list) continue;
      const seen = called[name];
      if (seen && (seen.match === value || (seen.error && seen.error !== 'route'))) {
        (req.params as Record<string, unknown>)[name] = seen.value;
        if (seen.error) return next(new Signal(true, seen.error));
        continue;
      }
      fns = list;
      fi = 0;
      called[name] = state = { error: null, match: value, value };
      return nextCallback();
    }
  };

  const nextCallback = (err?: unknown): void => {
    const fn = fns[fi++];
    state.value = (req.params as Record<string, unknown>)[name];
    if (err) {
      state.error = err;
      nextName(err);
      return;
    }
    if (!fn) return nextName();
    try {
      const ret = (fn as (...args: unknown[]) => unknown)(req, res, nextCallback, value, name);
      if (isPromise(ret)) ret.then(null, (e: unknown) => nextCallback(e || new Error('Rejected promise')));
    } catch (e) {
      nextCallback(e);
    }
  };

  nextName();
}

/** Does any of `keys` have `router.param()` callbacks? */
function hasParamCallbacks(callbacks: Record<string, unknown>, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) if (callbacks[keys[i]]) return true;
  return false;
}

/**
 * Dispatches a request through a router's stack (`router.handle`). One closure per call: `next`,
 * which is also `req.next`; everything else is local state.
 */
function routerHandle(this: RouterState, reqArg: IncomingMessage, res: ServerResponse, callback: NextFunction): void {
  if (!callback) throw new TypeError('argument callback is required');
  const req = reqArg as unknown as DispatchRequest;
  const self = this;
  const stack = this.stack;
  const protohost = protohostOf(req.url);
  const parentParams = req.params;
  const parentUrl = req.baseUrl || '';
  const savedBaseUrl = req.baseUrl;
  const savedNext = req.next;
  const savedParams = req.params;
  const methodName = req.method;
  const method = lowerMethod(methodName);
  // HEAD runs routes without a HEAD or GET handler too (router 2), OPTIONS lists their methods:
  // for those two, routes cannot be skipped on their method.
  const everyRoute = methodName === 'HEAD' || methodName === 'OPTIONS';
  const allow: string[] | undefined = methodName === 'OPTIONS' ? [] : undefined;

  let idx = 0; // next stack position to consider
  let sync = 0;
  let removed = ''; // the mount path stripped from req.url
  let slashAdded = false;
  let inRoute = false; // a one-handler route's handler is running with this `next`
  let urlBefore: string | undefined; // req.url before stripping, when restoring gives it back
  let trimmed = ''; // req.url just after stripping
  let called: Record<string, ParamCalled | undefined> | undefined;

  // Path and candidates, recomputed when req.url or the stack changes.
  let seenUrl: unknown;
  let seen = false;
  let path: string | null | undefined;
  let pathIsUrlPrefix = false; // path is the start of req.url
  let percent = false;
  let index: StackIndex | undefined;
  let cands: Candidates | undefined;
  let ci = 0;

  // The layer waiting for its param callbacks.
  let pLayer: DispatchLayer | undefined;
  let pError: unknown;
  let pLayerPath: string | undefined;
  let pPath = '';

  req.next = next;
  req.baseUrl = parentUrl;
  req.originalUrl = req.originalUrl || req.url;
  next();

  function next(err?: unknown): void {
    let layer: DispatchLayer;
    let layerError: unknown;
    let paramError: unknown;
    let layerPath: string | undefined;
    let current: string;
    if (err instanceof Signal && err.resume) {
      layer = pLayer as DispatchLayer;
      layerError = pError;
      layerPath = pLayerPath;
      current = pPath;
      paramError = err.err;
      pLayer = undefined;
    } else {
      if (err instanceof Signal) {
        // The end: the automatic OPTIONS answer, or restore the request and call back.
        let end = err.err;
        if (allow !== undefined && !end && allow.length !== 0) {
          try {
            sendOptions(res, allow);
            return;
          } catch (e) {
            end = e;
          }
        }
        req.baseUrl = savedBaseUrl;
        req.next = savedNext;
        req.params = savedParams;
        callback(end);
        return;
      }
      if (inRoute) {
        // Back from a one-handler route run without route.dispatch: its `next('route')` ends the route, as next().
        inRoute = false;
        if (err === 'route') err = undefined;
      }
      layerError = err === 'route' ? null : err;

      if (slashAdded) {
        req.url = (req.url as string).slice(1);
        slashAdded = false;
      }
      if (removed.length !== 0) {
        req.baseUrl = parentUrl;
        const url = req.url as string;
        req.url = urlBefore !== undefined && url === trimmed ? urlBefore : protohost + removed + url.slice(protohost.length);
        removed = '';
      }

      if (layerError === 'router') {
        setImmediate(exitLater, next, null);
        return;
      }
      if (idx >= stack.length) {
        setImmediate(exitLater, next, layerError);
        return;
      }
      if (++sync > 100) {
        setImmediate(next, err);
        return;
      }

      // The pathname (as parseurl gives it) and its candidate layers, when req.url or the stack changed.
      const url = req.url;
      let unchecked = false; // the fast path's pathname may hold what url.parse treats specially
      if (!seen || url !== seenUrl) {
        seen = true;
        seenUrl = url;
        cands = undefined;
        if (typeof url === 'string' && url.charCodeAt(0) === 47 /* / */) {
          const q = url.indexOf('?');
          path = q === -1 ? url : url.slice(0, q);
          pathIsUrlPrefix = unchecked = true;
        } else {
          path = parsedPathname(req);
          pathIsUrlPrefix = false;
        }
      }
      if (path == null) return next(new Signal(false, layerError));

      let ix = self[INDEX];
      if (ix === undefined || ix.stack !== stack || ix.length !== stack.length) {
        ix = self[INDEX] = buildIndex(stack);
      }
      if (ix !== index || cands === undefined) {
        index = ix;
        cands = candidates(ix, path);
        if (unchecked && lastHadSpecial) {
          path = parsedPathname(req);
          pathIsUrlPrefix = false;
          if (path == null) return next(new Signal(false, layerError));
          cands = candidates(ix, path);
        }
        percent = lastHadPercent;
        ci = 0;
      }
      current = path;

      // Find the next matching layer.
      const pos = cands.pos;
      const layers = cands.layers;
      let found: DispatchLayer | undefined;
      while (ci < pos.length) {
        const at = pos[ci];
        if (at < idx) {
          ci++;
          continue;
        }
        const candidate = layers[ci] as DispatchLayer;
        if (stack[at] !== candidate) {
          // The stack was changed in place: index it again and look from here.
          ix = self[INDEX] = buildIndex(stack);
          index = ix;
          cands = candidates(ix, current);
          ci = 0;
          return next(layerError);
        }
        ci++;
        idx = at + 1;
        const route = candidate.route;
        if (route) {
          if (layerError) continue; // routes do not match with a pending error
          if (!everyRoute && !handlesMethod(route.methods, method)) {
            // Skipped without matching, unless matching could raise a decoding error.
            if (percent) {
              try {
                candidate.match(current);
              } catch (e) {
                layerError = e;
              }
            }
            continue;
          }
        }
        let matched: unknown;
        try {
          matched = candidate.match(current);
        } catch (e) {
          layerError = layerError || e;
          continue;
        }
        if (matched !== true) continue;
        if (route && everyRoute && !handlesMethod(route.methods, method)) {
          if (allow !== undefined) allow.push(...route._methods());
          if (methodName !== 'HEAD') continue;
        }
        found = candidate;
        break;
      }
      if (found === undefined) {
        idx = stack.length;
        return next(new Signal(false, layerError));
      }
      layer = found;

      if (layer.route) req.route = layer.route;
      req.params = self.mergeParams
        ? mergeParams(layer.params as Record<string, unknown>, parentParams, Layer.ownParams(layer))
        : layer.params;
      layerPath = layer.path;

      const keys = layer.keys;
      if (keys && keys.length !== 0 && hasParamCallbacks(self.params, keys)) {
        pLayer = layer;
        pError = layerError;
        pLayerPath = layerPath;
        pPath = current;
        processParams(self.params, keys, (called ??= Object.create(null) as Record<string, ParamCalled>), req, res, next);
        return;
      }
    }

    // Run the layer.
    const route = layer.route;
    if (paramError) {
      next(layerError || paramError);
    } else if (route) {
      const rstack = route.stack;
      if (rstack.length === 1 && route.dispatch === routeDispatch && Layer.dispatchesRoute(layer as Layer)) {
        // A route with one handler: run it with the router's own next (what route.dispatch does, minus a closure).
        const only = rstack[0];
        const wanted = method === 'head' && !route.methods.head ? 'get' : method;
        req.route = route;
        if (!only.method || only.method === wanted) {
          inRoute = true;
          only.handleRequest(req, res, next);
        } else {
          next();
        }
      } else {
        layer.handleRequest(req, res, next);
      }
    } else {
      let skip = false;
      if (layerPath !== undefined && layerPath.length !== 0) {
        const n = layerPath.length;
        // A pattern's match is a prefix of the path ending at a `/` or the end; a RegExp's may not be.
        const anchored = Layer.anchored(layer);
        if (!anchored && (!current.startsWith(layerPath) || (n < current.length && current.charCodeAt(n) !== 47))) {
          skip = true;
        } else {
          const url = req.url as string;
          removed = layerPath;
          trimmed = protohost + url.slice(protohost.length + n);
          // Restoring gives `url` back when it starts with protohost + layerPath.
          urlBefore =
            (anchored && pathIsUrlPrefix && protohost === '' && url === seenUrl) || (url.startsWith(protohost) && url.startsWith(layerPath, protohost.length))
              ? url
              : undefined;
          req.url = trimmed;
          if (!protohost && trimmed.charCodeAt(0) !== 47) {
            req.url = '/' + trimmed;
            slashAdded = true;
          }
          req.baseUrl = parentUrl + (layerPath.charCodeAt(n - 1) === 47 ? layerPath.slice(0, n - 1) : layerPath);
        }
      }
      if (skip) next(layerError);
      else if (layerError) layer.handleError(layerError, req, res, next);
      else layer.handleRequest(req, res, next);
    }
    sync = 0;
  }
}

/** The prototype every router inherits (itself a function, as in router 2). */
const RouterPrototype = function () {} as unknown as Router & RouterState;

const proto = RouterPrototype as unknown as Record<string | symbol, unknown>;

proto.param = function param(this: Router, name: unknown, fn: unknown): Router {
  if (!name) throw new TypeError('argument name is required');
  if (typeof name !== 'string') throw new TypeError('argument name must be a string');
  if (!fn) throw new TypeError('argument fn is required');
  if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
  const table = this.params;
  let list = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
  if (!list) list = table[name] = [];
  list.push(fn as ParamCallback);
  return this;
};

proto.handle = routerHandle;
Object.defineProperty(routerHandle, 'name', { value: 'handle' }); // router 2's name

proto.use = function use(this: Router, handler: unknown, ...rest: unknown[]): Router {
  let path: unknown = '/';
  let args: unknown[] = [handler, ...rest];
  if (typeof handler !== 'function') {
    let first = handler;
    while (Array.isArray(first) && first.length !== 0) first = first[0];
    if (typeof first !== 'function') {
      path = handler;
      args = rest;
    }
  }
  for (const fn of handlerList(args)) {
    checkHandler(fn);
    const layer = new Layer(path, { sensitive: this.caseSensitive, strict: false, end: false }, fn);
    this.stack.push(layer);
  }
  return this;
};

proto.route = function route(this: Router, path: unknown): Route {
  const route = new Route(path);
  const layer = new Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true }, handle);
  function handle(req: DispatchRequest, res: unknown, next: NextFunction): void {
    route.dispatch(req, res, next);
  }
  Layer.bindRoute(layer, route);
  this.stack.push(layer);
  return route;
};

// router.get(path, ...handlers), router.post(...), ..., router.all(...): a route with those handlers.
for (const method of [...methods, 'all']) {
  proto[method] = function (this: Router, path: unknown, ...handlers: unknown[]): Router {
    const route = this.route(path as string) as unknown as Record<string, (...a: unknown[]) => unknown>;
    route[method](...handlers);
    return this;
  };
}

/** `Router([options])`: the constructor (with or without `new`). */
export interface RouterConstructor {
  /** Creates a router. */
  new (options?: RouterOptions): Router;
  /** Creates a router (`new` is optional). */
  (options?: RouterOptions): Router;
}

/**
 * Creates a router: a function `router(req, res, next)` that dispatches requests through its
 * middleware and routes. Callable with or without `new`.
 *
 * @example
 * const router = Router({ mergeParams: true });
 * router.use(logger);
 * router.get('/users/:id', (req, res) => res.end(req.params.id));
 * http.createServer((req, res) => router(req, res, finalhandler(req, res)));
 */
export function Router(this: unknown, options?: RouterOptions): Router {
  if (!(this instanceof Router)) return new (Router as unknown as RouterConstructor)(options);
  const opts = options || {};
  const router = function router(req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
    (router as unknown as Router).handle(req, res, next);
  } as unknown as Router & RouterState;
  Object.setPrototypeOf(router, this);
  router.caseSensitive = opts.caseSensitive;
  router.mergeParams = opts.mergeParams;
  router.params = {};
  router.strict = opts.strict;
  router.stack = [];
  router[INDEX] = undefined;
  return router;
}

(Router as { prototype: unknown }).prototype = RouterPrototype;
// A bundler may rename the function; `Router.name` stays what router 2's is.
Object.defineProperty(Router, 'name', { value: 'Router' });

