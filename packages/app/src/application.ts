// The application prototype (Express's `express.application`): settings, routing, mounting,
// views and listening. Every app function gets these methods (create.ts).
//
// Speed: node constructs each request and response from the app's own classes (`app.listen`
// passes them to `http.createServer`; for a server made by `http.createServer(app)` they are put
// in its slots at the first request), so `handle` finds them already shaped and prototyped as
// the app's. Only requests that reach an app another way (a mounted sub-app, a server that also
// serves other things) have their prototype changed, as Express does for every request;
// docs/performance.md has the measurements behind this.

import type { EventEmitter } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2 from 'node:http2';
import { resolve } from 'node:path';
import Router, {
  type MethodName,
  type NextFunction,
  type Route,
  type RouterInstance,
  useArguments,
} from '@brisk/router';
import type { Application, Express, IRoute, IRouter } from './types.js';
import { finalhandler } from './finalhandler.js';
import { authorityMismatch, h2Prototypes } from './http2.js';
import { inject, type InjectOptions, type InjectResponse } from './inject.js';
import { BriskRequest, type RequestFields } from './request.js';
import type { RenderCallback } from './response.js';
import { trackServer } from './shutdown.js';
import { compileETag, compileQueryParser, compileTrust } from './settings.js';
import { deadlineHandle } from './deadline.js';
import { View, type Engine, type ViewConstructor, type ViewLike } from './view.js';

/** Every method of `http.METHODS`, lowercased: one `app.METHOD` each. */
export const methods: readonly string[] = http.METHODS.map((method) => method.toLowerCase());

/** Marks settings whose `trust proxy` is still the default (then a mounted app inherits its parent's). */
const TRUST_PROXY_DEFAULT = Symbol('brisk.trustProxyDefault');
/** The app's request and response classes, for `http.createServer`. */
export const CLASSES = Symbol('brisk.classes');
/** The app's error logger, bound once. */
const LOG_ERROR = Symbol('brisk.logError');

/** The classes node should construct requests and responses from. */
export interface AppClasses {
  Request: typeof IncomingMessage;
  Response: typeof ServerResponse;
}

/**
 * What an app holds beside the methods of {@link application}: set by `init`,
 * `defaultConfiguration` and the factory (create.ts).
 */
interface AppState extends EventEmitter {
  (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
  settings: Record<string | symbol, unknown>;
  locals: Record<string, unknown>;
  mountpath: unknown;
  parent?: App | undefined;
  cache: Record<string, ViewLike | undefined>;
  engines: Record<string, Engine | undefined>;
  request: object;
  response: object;
  readonly router: RouterInstance;
  [CLASSES]: AppClasses;
  [LOG_ERROR]: (err: unknown) => void;
  /** Reads a setting: `app.get(setting)`, the routing method `get` of the loop below. */
  get(setting: string): unknown;
}

/** The methods of {@link application} as an app has them (their `this` is the app). */
type AppMethods = { [K in keyof typeof application]: OmitThisParameter<(typeof application)[K]> };

/**
 * The app as its own methods see it: its state and {@link application}'s methods, derived from
 * them (a method renamed or retyped there is renamed or retyped here). {@link Implements} checks
 * it against the public `Express` type.
 */
export interface App extends AppState, AppMethods {}

/**
 * What a request and a response read of their app (`req.app`, `res.app`): its settings and `get`,
 * and `render` as the public type describes it (which {@link Implements} ties to the method). The
 * public `Request` and `Response` extend the classes with `app: Application`: a member renamed or
 * retyped on either side fails the typecheck there.
 */
export type AppView = Pick<App, 'settings' | 'get'> & Pick<Application, 'render'>;

// The request and response classes (below this file) read their app as an AppView: declared here,
// where the app is described, so that they import nothing above them.
declare module './request.js' {
  interface BriskRequest {
    /** The app handling the request (on each app's request prototype). */
    readonly app: AppView;
  }
}
declare module './response.js' {
  interface BriskResponse {
    /** The app handling the request (on each app's response prototype). */
    readonly app: AppView;
  }
}

/**
 * Logs an error to stderr as `console.error(err)` prints it (as Express 5.3 does), except when
 * `env` is `test`. It runs in its own turn (`setImmediate`), where a throw would end the process,
 * so it never throws: a value that cannot be printed (its `stack` getter or custom inspection
 * throws) is logged as `String(err)`, else as its type (decision 019).
 */
function logerror(this: App, err: unknown): void {
  if (this.set('env') === 'test') return;
  try {
    console.error(err);
    return;
  } catch {
    // printing it threw: try its string
  }
  let line: string;
  try {
    line = String(err);
  } catch {
    line = '[unprintable ' + typeof err + ']';
  }
  try {
    console.error(line);
  } catch {
    // console.error itself throws: nothing left to log with
  }
}

/**
 * `route[method](...handlers)` for a method of `http.METHODS` (the router gives a route one
 * handler-adding method for each; the router's type names those of the node it was typed
 * against).
 */
function addHandlers(route: Route, method: string, handlers: unknown[]): void {
  const add: unknown = Reflect.get(route, method);
  if (typeof add !== 'function') throw new TypeError('route.' + method + ' is not a function');
  Reflect.apply(add, route, handlers);
}

/** Servers already looked at for their request and response slots. */
const adopted = new WeakSet<object>();

/**
 * For a server made by `http.createServer(app)`: makes node construct its next requests and
 * responses from the app's classes, when the server's slots still hold node's own classes and
 * the app is the server's request listener. The slots are node internals (present on node 18,
 * 20 and 22; the tests check it), so each step is guarded: anything unexpected leaves the server
 * alone, and requests are then prototyped one by one.
 */
function adoptServer(app: App, req: IncomingMessage): void {
  const server = (req.socket as { server?: unknown } | null)?.server as http.Server | undefined;
  if (!server || typeof server !== 'object' || adopted.has(server)) return;
  adopted.add(server);
  if (typeof server.listeners !== 'function' || !server.listeners('request').includes(app)) return;
  let requestSlot: symbol | undefined;
  let responseSlot: symbol | undefined;
  for (const key of Object.getOwnPropertySymbols(server)) {
    if (key.description === 'IncomingMessage') requestSlot = key;
    else if (key.description === 'ServerResponse') responseSlot = key;
  }
  if (requestSlot === undefined || responseSlot === undefined) return;
  if (Reflect.get(server, requestSlot) !== http.IncomingMessage) return;
  if (Reflect.get(server, responseSlot) !== http.ServerResponse) return;
  Reflect.set(server, requestSlot, app[CLASSES].Request);
  Reflect.set(server, responseSlot, app[CLASSES].Response);
}

/**
 * Gives a request and response made elsewhere the app's prototypes. The fields every request
 * and response get are written first (as the constructors would), so that the change of
 * prototype finds them in place (docs/performance.md: far cheaper than adding them after).
 */
function adopt(app: App, req: IncomingMessage, res: ServerResponse): void {
  if (!(req instanceof BriskRequest)) {
    const r: IncomingMessage & Partial<RequestFields> = req;
    // Each field is written (to itself) so that it exists before the prototype changes.
    // biome-ignore-start lint/correctness/noSelfAssign: see above
    r.next = r.next;
    r.baseUrl = r.baseUrl;
    r.originalUrl = r.originalUrl;
    r.params = r.params;
    r.route = r.route;
    r.body = r.body;
    r._startAt = r._startAt;
    r._startTime = r._startTime;
    r._remoteAddress = r._remoteAddress;
    // biome-ignore-end lint/correctness/noSelfAssign: see above
    adoptServer(app, req);
  }
  const s: ServerResponse & { locals?: unknown } = res;
  if (!s.locals) s.locals = Object.create(null);
  if (req instanceof http2.Http2ServerRequest) {
    // node:http2's compatibility objects keep their own prototypes under the app's methods
    const protos = h2Prototypes(app);
    Object.setPrototypeOf(req, protos.request);
    Object.setPrototypeOf(res, protos.response);
    return;
  }
  Object.setPrototypeOf(req, app.request);
  Object.setPrototypeOf(res, app.response);
}

/** The prototype of every app (`brisk.application`). */
export const application = {
  /** Sets up the app: caches, engines, settings, defaults, and the router made on first use. */
  init(this: App): void {
    let router: RouterInstance | null = null;
    this.cache = Object.create(null) as Record<string, ViewLike | undefined>;
    this.engines = Object.create(null) as Record<string, Engine | undefined>;
    this.settings = Object.create(null) as Record<string, unknown>;
    Object.defineProperty(this, LOG_ERROR, { configurable: true, value: logerror.bind(this) });
    this.defaultConfiguration();
    Object.defineProperty(this, 'router', {
      configurable: true,
      enumerable: true,
      get(this: App): RouterInstance {
        if (router === null) {
          router = new Router({
            caseSensitive: this.enabled('case sensitive routing'),
            strict: this.enabled('strict routing'),
          });
        }
        return router;
      },
    });
  },

  /** The default settings, and what mounting the app on a parent changes. */
  defaultConfiguration(this: App): void {
    const env = process.env.NODE_ENV || 'development';
    this.set('x-powered-by', true);
    this.set('etag', 'weak');
    this.set('env', env);
    this.set('query parser', 'simple');
    this.set('subdomain offset', 2);
    this.set('trust proxy', false);
    Object.defineProperty(this.settings, TRUST_PROXY_DEFAULT, { configurable: true, value: true });

    this.on('mount', function onmount(this: App, parent: App) {
      // A mounted app whose `trust proxy` was never set uses its parent's.
      if (this.settings[TRUST_PROXY_DEFAULT] === true && typeof parent.settings['trust proxy fn'] === 'function') {
        delete this.settings['trust proxy'];
        delete this.settings['trust proxy fn'];
      }
      Object.setPrototypeOf(this.request, parent.request);
      Object.setPrototypeOf(this.response, parent.response);
      Object.setPrototypeOf(this.engines, parent.engines);
      Object.setPrototypeOf(this.settings, parent.settings);
    });

    this.locals = Object.create(null) as Record<string, unknown>;
    this.mountpath = '/';
    this.locals.settings = this.settings;
    this.set('view', View);
    this.set('views', resolve('views'));
    this.set('jsonp callback name', 'callback');
    if (env === 'production') this.set('view cache', true);
  },

  /**
   * Dispatches a request through the app; `callback(err?)` when nothing ended it (by default
   * the final handler: 404, or the error's page).
   */
  handle(this: App, req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void {
    // the settings read directly: what `app.set(name)` and `app.enabled(name)` return
    const settings = this.settings;
    const done = callback || finalhandler(req, res, { env: settings.env as string, onerror: this[LOG_ERROR] });
    if (settings['x-powered-by']) res.setHeader('X-Powered-By', 'Express');
    const linked: IncomingMessage & { res?: unknown } = req;
    linked.res = res;
    // (node:http2's response has `req` as a getter already)
    const answering: ServerResponse & { req: unknown } = res;
    if (answering.req !== req) answering.req = req;
    if (Object.getPrototypeOf(req) !== this.request || Object.getPrototypeOf(res) !== this.response) {
      adopt(this, req, res);
      if (req.httpVersionMajor === 2) {
        const misdirected = authorityMismatch(req);
        if (misdirected !== undefined) {
          done(misdirected);
          return;
        }
      }
    }
    this.router.handle(req, res, done);
  },

  /**
   * Adds middleware, routers and apps (mounted: `mountpath`, `parent`, the `mount` event) on
   * `path` (default `/`).
   * @throws TypeError `app.use() requires a middleware function`
   */
  use(this: App, ...args: unknown[]): App {
    const { path, handlers: fns } = useArguments(args, 'app.use() requires a middleware function');
    const router = this.router;
    for (const f of fns) {
      const sub = f as App | null | undefined;
      if (!sub || !(sub as { handle?: unknown }).handle || !(sub as { set?: unknown }).set) {
        router.use(path as string, f as never);
        continue;
      }
      sub.mountpath = path;
      sub.parent = this;
      router.use(path as string, function mounted_app(req: IncomingMessage, res: ServerResponse, next: NextFunction) {
        const orig = (req as IncomingMessage & { app: App }).app;
        sub.handle(req, res, (err?: unknown) => {
          Object.setPrototypeOf(req, orig.request);
          Object.setPrototypeOf(res, orig.response);
          next(err);
        });
      });
      sub.emit('mount', this);
    }
    return this;
  },

  /** A route for `path` on the app's router. */
  route(this: App, path: unknown): Route {
    return this.router.route(path as string);
  },

  /**
   * Registers a template engine for an extension (with or without its dot).
   * @throws Error `callback function required`
   */
  engine(this: App, ext: string, fn: Engine): App {
    if (typeof fn !== 'function') throw new Error('callback function required');
    const extension = ext[0] !== '.' ? '.' + ext : ext;
    this.engines[extension] = fn;
    return this;
  },

  /** Adds a parameter callback, for a name or each of several names. */
  param(this: App, name: unknown, fn: unknown): App {
    if (Array.isArray(name)) {
      for (let i = 0; i < name.length; i++) this.param(name[i], fn);
      return this;
    }
    this.router.param(name as string, fn as never);
    return this;
  },

  /**
   * With one argument, reads a setting; with two, sets it (`etag`, `query parser` and
   * `trust proxy` are compiled into `etag fn`, `query parser fn` and `trust proxy fn`).
   */
  set(this: App, setting: string, value?: unknown): unknown {
    if (arguments.length === 1) return this.settings[setting];
    this.settings[setting] = value;
    switch (setting) {
      case 'etag':
        this.set('etag fn', compileETag(value));
        break;
      case 'query parser':
        this.set('query parser fn', compileQueryParser(value));
        break;
      case 'trust proxy':
        this.set('trust proxy fn', compileTrust(value));
        Object.defineProperty(this.settings, TRUST_PROXY_DEFAULT, { configurable: true, value: false });
        break;
      case 'response timeout': // a default deadline: the app's own `handle` arms it (decision 046)
        this.handle = deadlineHandle(value, application.handle);
        break;
    }
    return this;
  },

  /** The app's path from the root app: its parents' mount paths and its own (`''` for the root). */
  path(this: App): string {
    return this.parent ? this.parent.path() + String(this.mountpath) : '';
  },

  /** `Boolean(app.set(setting))`. */
  enabled(this: App, setting: string): boolean {
    return Boolean(this.set(setting));
  },

  /** `!app.set(setting)`. */
  disabled(this: App, setting: string): boolean {
    return !this.set(setting);
  },

  /** `app.set(setting, true)`. */
  enable(this: App, setting: string): unknown {
    return this.set(setting, true);
  },

  /** `app.set(setting, false)`. */
  disable(this: App, setting: string): unknown {
    return this.set(setting, false);
  },

  /** A route with the handlers for every method node knows. */
  all(this: App, path: unknown, ...handlers: unknown[]): App {
    const route = this.route(path);
    for (let i = 0; i < methods.length; i++) addHandlers(route, methods[i], handlers);
    return this;
  },

  /**
   * Renders a view: `callback(err, html)`. Options are the app's locals, `options._locals`
   * (what `res.render` passes) and `options`, with `settings` always the app's own: options and
   * locals cannot replace the settings an engine reads (`view options`, decision 019). `cache`
   * (a boolean; otherwise the `view cache` setting) keeps the view found for `name`. A view that
   * is not found names the directories searched.
   */
  render(this: App, name: string, options?: object | RenderCallback | null, callback?: RenderCallback): void {
    let done = callback as RenderCallback;
    let opts: { _locals?: object } = options || {};
    if (typeof options === 'function') {
      done = options as RenderCallback;
      opts = {};
    }
    const renderOptions: Record<string, unknown> = { ...this.locals, ...opts._locals, ...opts };
    // `res.render(view, req.query)` must not reach the engine's options through `settings`
    renderOptions.settings = this.settings;
    if (typeof renderOptions.cache !== 'boolean') renderOptions.cache = this.enabled('view cache');
    let view = renderOptions.cache ? this.cache[name] : undefined;
    if (!view) {
      const ViewClass = this.set('view') as ViewConstructor;
      view = new ViewClass(name, {
        defaultEngine: this.set('view engine') as string | undefined,
        root: this.set('views') as string,
        engines: this.engines,
      });
      if (!view.path) {
        const root = view.root;
        const dirs =
          Array.isArray(root) && root.length > 1
            ? 'directories "' + root.slice(0, -1).join('", "') + '" or "' + String(root[root.length - 1]) + '"'
            : 'directory "' + String(root) + '"';
        const err = new Error('Failed to lookup view "' + name + '" in views ' + dirs) as Error & { view: unknown };
        err.view = view;
        done(err);
        return;
      }
      if (renderOptions.cache) this.cache[name] = view;
    }
    try {
      view.render(renderOptions, done);
    } catch (err) {
      done(err as Error);
    }
  },

  /**
   * Starts an HTTP server for the app (`server.listen`'s arguments), whose requests and
   * responses node constructs from the app's classes. A callback also receives a listen error.
   */
  listen(this: App, ...args: unknown[]): http.Server {
    const classes = this[CLASSES];
    const server = http.createServer({ IncomingMessage: classes.Request, ServerResponse: classes.Response }, this);
    trackServer(server); // its connections, from the first, for `shutdown` (decision 028)
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      let called = false;
      const done = function (this: unknown, ...a: unknown[]): unknown {
        if (called) return undefined;
        called = true;
        return (last as (...x: unknown[]) => unknown).apply(this, a);
      };
      args[args.length - 1] = done;
      server.once('error', done);
    }
    return server.listen(...(args as Parameters<http.Server['listen']>));
  },

  /**
   * Runs a request through the app in-process, with no socket: resolves to the response as an
   * HTTP client reads it (status, headers, body). For tests: the same answer as over HTTP,
   * several times faster.
   */
  inject(this: App, options?: InjectOptions): Promise<InjectResponse> {
    return inject((req, res) => this.handle(req, res), this[CLASSES], options);
  },
};

// app.get(path, ...), app.post(...), ...: a route with those handlers; `app.get(name)` reads a setting.
for (const method of methods) {
  Reflect.set(application, method, function (this: App, path: unknown, ...handlers: unknown[]): unknown {
    if (method === 'get' && handlers.length === 0 && arguments.length === 1) return this.set(path as string);
    addHandlers(this.route(path), method, handlers);
    return this;
  });
}

/** The methods of a public app type `P` that an app implements itself: not the routing methods
 * (the loop's), EventEmitter's (node's), `get` (the loop's too) or `router` (made by `init`). */
export type OwnMethodsOf<P> = Exclude<
  { [K in keyof P]-?: P[K] extends (...args: never[]) => unknown ? K : never }[keyof P],
  keyof EventEmitter | MethodName | 'query' | 'get' | 'router'
>;

/**
 * Whether implementation method `I` fits its public description `P` (both the last overload,
 * what `Parameters`/`ReturnType` read): every call the description allows reaches the
 * implementation (its parameters accept the description's), and the implementation gives what
 * the description says: the app (`Impl`) where the description returns the app (`Public`, for
 * `this`), else a value of the described return type. An implementation that returns `unknown`
 * (what it returns depends on its arguments: `set`, `enable`) is checked on its parameters only.
 */
type Fits<I, P, Impl, Public, ParamsOnly extends boolean> = I extends (...args: infer AI) => infer RI
  ? P extends (...args: infer AP) => infer RP
    ? [AP] extends [AI]
      ? ParamsOnly extends true
        ? true
        : unknown extends RI
          ? true
          : [RP] extends [Public]
            ? [RI] extends [Impl]
              ? true
              : false
            : [RI] extends [RP]
              ? true
              : false
      : false
    : false
  : false;

/**
 * The own methods of `Public` that `Impl` does not implement as described ({@link Fits}):
 * `never` when every one is implemented, under its name, with fitting parameters and return.
 * `ParamsOnly` names methods whose return is retyped for the public type elsewhere.
 */
export type Unfit<Impl, Public, ParamsOnly = never> = {
  [K in OwnMethodsOf<Public>]: K extends keyof Impl
    ? Fits<Impl[K], Public[K], Impl, Public, K extends ParamsOnly ? true : false> extends true
      ? never
      : K
    : K;
}[OwnMethodsOf<Public>];

/** The methods of an implementation (`Methods`, keys) that `Public` does not describe. */
export type Undescribed<Methods, Public> = Exclude<Methods, OwnMethodsOf<Public>>;

/** Fails to compile unless `T` is `never` (the offending names are in the error). */
type AssertNone<T extends never> = T;
/** Fails to compile unless `T` is `true`. */
type Assert<T extends true> = T;

/**
 * The app as {@link application} implements it against the public `Express` type, both ways: a
 * method renamed or retyped in either (or one declared in types.ts and not implemented, or
 * implemented and not declared) fails the typecheck. packages/app/test/types-implements.test.ts
 * shows each case failing.
 */
// (`route` returns @brisk/router's Route, which index.ts retypes as the app's `IRoute`, whose
// members RouteTypeMatchesRoute below ties to it)
export type ApplicationImplementsExpress = AssertNone<Unfit<App, Express, 'route'>>;
export type ExpressDescribesApplication = AssertNone<Undescribed<keyof typeof application, Express>>;

// index.ts retypes @brisk/router's Router and Route for an app's requests: these fail the typecheck
// when a member of the app's `Router` or `IRoute` type is missing from, or renamed in, the router
// package's own.
export type RouterTypeMatchesRouter = Assert<
  [Exclude<keyof IRouter, 'query'>] extends [keyof RouterInstance] ? true : false
>;
export type RouteTypeMatchesRoute = Assert<[Exclude<keyof IRoute, 'query'>] extends [keyof Route] ? true : false>;
