// Express 4's Router and Route, as a prototype layer over brisk's (router 2's) own: what Express 4
// accepts and Express 5 refuses is handled here, when a route or middleware is registered, and
// then handed to the Express 5 code. Requests are dispatched by the Express 5 router unchanged.
// - path strings in Express 4's syntax are translated (path.ts) and matched by a layer matcher;
// - handlers that are not functions throw Express 4's messages (`Route.get() requires a callback
//   function but got a [object Undefined]`, `Router.use() requires a middleware function ...`);
// - `route.get()` with no handler is accepted, as in Express 4;
// - `router.param(fn)` (param processors) and `router.param(':name', fn)`;
// - `router.handle(req, res)` without a callback ends as the app's final handler would;
// - the automatic `OPTIONS` answer lists the methods without spaces (`Allow: GET,HEAD`).

import brisk from '@brisk/app';
import { useArguments } from '@brisk/router';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { express4Matcher, isExpress4Path, type LayerMatcher, translateExpress4 } from './path.js';
import { warn } from './warn.js';

type Fn = (...args: never[]) => unknown;
/** A param processor: `(name, fn)` returns the callback to register, or nothing to keep `fn`. */
export type ParamProcessor = (name: string, fn: unknown) => unknown;

interface LayerLike {
  matchers: LayerMatcher[];
  rawPath: unknown;
}
interface RouterState {
  stack: LayerLike[];
  caseSensitive: boolean | undefined;
  strict: boolean | undefined;
  params: Record<string, unknown[]>;
  /** Express 4's param processors (`router.param(fn)`). */
  _params: ParamProcessor[];
}
interface RouteState {
  path: unknown;
}

/** A prototype's methods by name, as this layer calls them: with any receiver and arguments. */
type Methods = Record<string, (this: unknown, ...args: unknown[]) => unknown>;

// brisk's Router and Route prototypes (a function's `prototype` is `any` to TypeScript)
const base: Methods = brisk.Router.prototype;
const baseRoute: Methods = brisk.Route.prototype;

/** `Object.prototype.toString` of a value: how Route 4 names a bad handler's type. */
function typeName(value: unknown): string {
  return Object.prototype.toString.call(value);
}

/** How Router 4's `use` names a bad handler's type: `typeof`, or the class of an object (`Null`, `Object`). */
function useTypeName(value: unknown): string {
  const type = typeof value;
  return type !== 'object' ? type : typeName(value).slice(8, -1);
}

/**
 * The path to give the Express 5 layer, and the matchers to put in place of its own: a
 * translated Express 4 string registers as its regexp (for tracing and `rawPath` only) and is
 * matched by a matcher that fills the params as Express 4 does.
 */
function translate(
  path: unknown,
  options: { sensitive?: boolean | undefined; strict?: boolean | undefined; end: boolean },
): { path: unknown; matchers: Array<LayerMatcher | undefined> | undefined } {
  const elements = Array.isArray(path) ? (path.flat(Infinity) as unknown[]) : [path];
  let translated: Array<LayerMatcher | undefined> | undefined;
  const given = elements.map((p, i) => {
    if (typeof p !== 'string' || !isExpress4Path(p)) return p;
    warn('BRISK_E4_PATH_SYNTAX');
    const t = translateExpress4(p, options);
    translated ??= new Array(elements.length).fill(undefined);
    translated[i] = express4Matcher(t);
    return t.regexp;
  });
  if (translated === undefined) return { path, matchers: undefined };
  return { path: Array.isArray(path) ? given : given[0], matchers: translated };
}

/** Puts the translated matchers and the path as written on the layers just added. */
function fixLayers(stack: LayerLike[], from: number, path: unknown, matchers: Array<LayerMatcher | undefined>): void {
  for (let i = from; i < stack.length; i++) {
    const layer = stack[i];
    layer.matchers = layer.matchers.map((m, k) => matchers[k] ?? m);
    layer.rawPath = Array.isArray(path) ? (path.flat(Infinity) as unknown[]) : path;
  }
}

/** The prototype of Express 4 routes: Express 4's checks, then the Express 5 route's methods. */
export const route4: Record<string, unknown> = Object.create(baseRoute);

function routeMethod(method: string): (this: RouteState, ...handlers: unknown[]) => unknown {
  const original = baseRoute[method];
  return function (this: RouteState, ...handlers: unknown[]): unknown {
    const list = handlers.flat(Infinity);
    if (list.length === 0) return this; // Express 4 accepts route.get() with no handler
    for (const fn of list) {
      if (typeof fn === 'function') continue;
      const message = `Route.${method}() requires a callback function but got a ${typeName(fn)}`;
      // Express 4 throws a TypeError for all() and a plain Error for the methods
      throw method === 'all' ? new TypeError(message) : new Error(message);
    }
    return original.apply(this, list);
  };
}
for (const method of Object.keys(baseRoute)) {
  if (method === 'dispatch' || method.startsWith('_') || typeof baseRoute[method] !== 'function') continue;
  route4[method] = routeMethod(method);
}
route4.all = routeMethod('all');

/** The prototype of Express 4 routers, between a router and brisk's Router prototype. */
export const router4: Record<string, unknown> = Object.create(base);

router4.use = function use(this: RouterState, ...args: unknown[]): unknown {
  const { path, handlers: fns } = useArguments(args, 'Router.use() requires a middleware function');
  for (const fn of fns) {
    if (typeof fn !== 'function') {
      throw new TypeError(`Router.use() requires a middleware function but got a ${useTypeName(fn)}`);
    }
  }
  const t = translate(path, { sensitive: this.caseSensitive, strict: false, end: false });
  const from = this.stack.length;
  base.use.call(this, t.path, ...fns);
  if (t.matchers) fixLayers(this.stack, from, path, t.matchers);
  return this;
};

router4.route = function route(this: RouterState, path: unknown): unknown {
  const t = translate(path, { sensitive: this.caseSensitive, strict: this.strict, end: true });
  const from = this.stack.length;
  const r = base.route.call(this, t.path) as RouteState;
  Object.setPrototypeOf(r, route4);
  if (t.matchers) {
    fixLayers(this.stack, from, path, t.matchers);
    r.path = path; // req.route.path: the string as written
  }
  return r;
};

router4.param = function param(this: RouterState, name: unknown, fn: unknown): unknown {
  if (typeof name === 'function') {
    warn('BRISK_E4_PARAM_FN');
    this._params.push(name as ParamProcessor);
    return undefined;
  }
  let key = name;
  if (typeof key === 'string' && key[0] === ':') {
    warn('BRISK_E4_PARAM_COLON');
    key = key.slice(1);
  }
  let callback = fn;
  for (const processor of this._params) {
    const ret = processor(key as string, callback);
    if (ret) callback = ret;
  }
  if (typeof callback !== 'function')
    throw new Error(`invalid param() call for ${String(key)}, got ${String(callback)}`);
  return base.param.call(this, key, callback);
};

function handle(this: RouterState, req: IncomingMessage, res: ServerResponse, callback?: Fn): void {
  let done = callback;
  if (!done) {
    warn('BRISK_E4_HANDLE_NO_CALLBACK');
    const env = (req as { app?: { get(name: string): unknown } }).app?.get('env');
    done = brisk.finalhandler(req, res, { env: (env as string) || process.env.NODE_ENV || 'development' }) as Fn;
  }
  if (req.method === 'OPTIONS' && !Object.hasOwn(res, 'end')) allowWithoutSpaces(res);
  base.handle.call(this, req, res, done);
}

/**
 * For an `OPTIONS` request: the automatic answer as Express 4 writes it, `Allow` without spaces
 * (`GET,HEAD`), sent by `res.send` (as HTML, with an ETag). The response's `end` is wrapped for
 * this request only, and unwrapped at its first call.
 */
function allowWithoutSpaces(res: ServerResponse): void {
  const own = res as ServerResponse & { send(body: string): void };
  own.end = function end(this: typeof own, ...args: unknown[]) {
    delete (this as { end?: unknown }).end;
    const chunk = args[0];
    if (typeof chunk !== 'string' || args.length !== 1 || this.getHeader('Allow') !== chunk) {
      return (this.end as (...a: unknown[]) => ServerResponse)(...args);
    }
    const body = chunk.split(', ').join(',');
    this.removeHeader('Content-Length');
    this.removeHeader('Content-Type');
    this.removeHeader('X-Content-Type-Options');
    this.setHeader('Allow', body);
    this.send(body);
    return this;
  } as typeof own.end;
}
// router 2's name (read by tracing and by code that lists handlers)
Object.defineProperty(handle, 'name', { value: 'handle' });
router4.handle = handle;

/** Options of `express.Router()`. */
export interface Router4Options {
  caseSensitive?: boolean | undefined;
  mergeParams?: boolean | undefined;
  strict?: boolean | undefined;
}

/** `express.Router([options])`: an Express 5 router whose prototype adds Express 4's behaviour. */
export function Router(options?: Router4Options): unknown {
  const router = brisk.Router(options);
  Object.setPrototypeOf(router, router4);
  return Object.assign(router, { _params: [] });
}
Router.prototype = router4;
