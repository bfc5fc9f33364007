// Express 4's Router and Route, as a prototype layer over brisk's (router 2's) own: what Express 4
// accepts and Express 5 refuses is handled here, when a route or middleware is registered, and
// then handed to the Express 5 code. Requests are dispatched by the Express 5 router, configured
// when the router is made with the options @brisk/router keeps for this (its `EXTENSIONS`):
// - path strings in Express 4's syntax are matched by a matcher of their own (path.ts), given to
//   each layer as it is made (`pathMatcher`); other paths keep Express 5's matchers;
// - `req.params` is a plain object, as Express 4's (`plainParams`);
// - the automatic `OPTIONS` answer lists the methods in the order the routes were met, without
//   spaces (`Allow: GET,HEAD`), sent by `res.send` (`optionsResponse`).
// And here, around Express 5's methods:
// - handlers that are not functions throw Express 4's messages (`Route.get() requires a callback
//   function but got a [object Undefined]`, `Router.use() requires a middleware function ...`);
// - `route.get()` with no handler is accepted, as in Express 4;
// - `router.param(fn)` (param processors) and `router.param(':name', fn)`;
// - `router.handle(req, res)` without a callback ends as the app's final handler would.

import brisk from '@brisk/app';
import BaseRouter, {
  EXTENSIONS,
  useArguments,
  type LayerMatcher,
  type PathMatcherOptions,
  type RouterExtensions,
} from '@brisk/router';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { express4Matcher, isExpress4Path, translateExpress4 } from './path.js';
import { warn } from './warn.js';

type Fn = (...args: never[]) => unknown;
/** A param processor: `(name, fn)` returns the callback to register, or nothing to keep `fn`. */
export type ParamProcessor = (name: string, fn: unknown) => unknown;

interface RouterState {
  params: Record<string, unknown[]>;
  /** Express 4's param processors (`router.param(fn)`). */
  _params: ParamProcessor[];
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
 * The `pathMatcher` of Express 4 routers: a string in Express 4's syntax (one Express 5 reads
 * differently) is matched as Express 4 matches it, params and all (path.ts); other paths are left
 * to Express 5's matchers (same meaning in both), which keep the router's fast paths.
 */
function express4Path(path: unknown, options: PathMatcherOptions): LayerMatcher | undefined {
  if (typeof path !== 'string' || !isExpress4Path(path)) return undefined;
  warn('BRISK_E4_PATH_SYNTAX', path);
  return express4Matcher(translateExpress4(path, options));
}

/**
 * The `optionsResponse` of Express 4 routers, Express 4's automatic `OPTIONS` answer: the methods
 * in the order the routes were met, joined by `,`, in `Allow` and sent by `res.send` (as HTML,
 * with an ETag). On a response without Express's methods it throws, and the router passes the
 * error on, as Express 4's does.
 */
function sendOptionsResponse(res: ServerResponse, methods: string[]): void {
  const body = methods.join(',');
  // called as `res.set`, so that the error on a bare response reads as Express 4's does
  // (`TypeError: res.set is not a function`)
  (res as ServerResponse & { set(field: string, value: string): unknown }).set('Allow', body);
  (res as ServerResponse & { send(body: string): unknown }).send(body);
}

/** What an Express 4 router configures in @brisk/router. */
const EXPRESS4: RouterExtensions = {
  optionsResponse: sendOptionsResponse,
  pathMatcher: express4Path,
  plainParams: true,
};

/** The prototype of Express 4 routes: Express 4's checks, then the Express 5 route's methods. */
export const route4: Record<string, unknown> = Object.create(baseRoute);

function routeMethod(method: string): (this: unknown, ...handlers: unknown[]) => unknown {
  const original = baseRoute[method];
  return function (this: unknown, ...handlers: unknown[]): unknown {
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
  base.use.call(this, path, ...fns);
  return this;
};

router4.route = function route(this: RouterState, path: unknown): unknown {
  return Object.setPrototypeOf(base.route.call(this, path), route4);
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
  base.handle.call(this, req, res, done);
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

/**
 * `express.Router([options])`: an Express 5 router configured as Express 4's, whose prototype
 * adds Express 4's behaviour.
 */
export function Router(options?: Router4Options): unknown {
  const router = BaseRouter({
    caseSensitive: options?.caseSensitive,
    mergeParams: options?.mergeParams,
    strict: options?.strict,
    [EXTENSIONS]: EXPRESS4,
  });
  Object.setPrototypeOf(router, router4);
  return Object.assign(router, { _params: [] });
}
Router.prototype = router4;
