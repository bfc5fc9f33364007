// What the router's tracing channel says about a request's layers, as spans.
//
// `express.router.request` publishes `start` for each middleware, route handler, error handler
// and `router.param()` callback a request runs; it does not say when a layer calls `next()`, which
// is when @opentelemetry/instrumentation-express ends a layer's span. Everything else follows from
// where the next `start` lands:
//
// - a layer of the same router stack as an open layer: that layer called `next()`, so its span
//   ends, and the new one is its sibling;
// - a layer of the stack of a router being run: the router's first layer to run;
// - the next handler of the route being run: the same route, whose one span goes on;
// - anything else: a router run from inside a layer (a mounted app), whose spans nest in it.
//
// An open layer is a Scope; a request's scopes form a chain from the innermost out. A response's
// `close` ends the spans still open, as it does for instrumentation-express.

import type { TraceContext } from '@brisk/router';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import { SpanStatusCode, createContextKey, diag, trace } from '@opentelemetry/api';
import { describeError } from './describe.js';
import { constructedRoute, matchedRoute, pathString } from './paths.js';
import {
  AttributeNames,
  type BriskInstrumentationConfig,
  type ExpressRequestInfo,
  ExpressLayerType,
  type IgnoreMatcher,
} from './types.js';

/**
 * The context published for each invocation (router 2.3's fields): @brisk/router's own type, the
 * one its tracing channel publishes (a type-only import: no runtime dependency on the router).
 */
export type { TraceContext } from '@brisk/router';

/** A router layer, as far as tracing reads it. */
interface LayerLike {
  name?: unknown;
  rawPath?: unknown;
  route?: unknown;
  handle?: unknown;
}

/** A route, as far as tracing reads it. */
interface RouteLike {
  path?: unknown;
  stack?: unknown;
}

/** What an open layer is. */
type ScopeKind = 'middleware' | 'router' | 'route';

/** A layer that has started and not yet handed on (see the file's comment). */
interface Scope {
  kind: ScopeKind;
  /** The router-level layer, or the route for a route's handlers. */
  key: unknown;
  /** The router stack the layer is in, when known. */
  home: readonly unknown[] | undefined;
  /** A router's own stack. */
  inner: readonly unknown[] | undefined;
  /** The scope this one runs in. */
  parent: Scope | undefined;
  /** The span the layer's span reports to. */
  parentSpan: Span;
  /** The layer's span (none for an ignored layer; a router's has already ended). */
  span: Span | undefined;
  /** The paths layers inside this one are under. */
  paths: readonly string[];
}

/** One request's open layers. */
interface RequestTrace {
  /** The span active when the request reached its first layer (the server span). */
  root: Span | undefined;
  /** The innermost open layer. */
  top: Scope | undefined;
  /** An error reported and not yet taken by an error handler. */
  error: { value: unknown } | undefined;
  /** The response has closed: every span has ended. */
  closed: boolean;
}

/** Where @opentelemetry/instrumentation-http keeps what it reports about a server request. */
const RPC_METADATA = createContextKey('OpenTelemetry SDK Context Key RPC_METADATA');

/** The HTTP instrumentation's request record: `route` names the server span. */
interface RpcMetadata {
  type?: unknown;
  route?: string | undefined;
}

/** A layer's span name and attributes. */
interface LayerMetadata {
  type: ExpressLayerType;
  name: string;
  expressName: string;
}

/** The part of the instrumentation the request tracking needs. */
export interface Instrument {
  readonly tracer: Tracer;
  readonly config: BriskInstrumentationConfig;
}

/**
 * Turns the channel's events for requests into layer spans. One per instrumentation; requests are
 * tracked in a WeakMap, nothing is written on them.
 */
export class LayerTracker {
  readonly #instrument: Instrument;
  readonly #requests = new WeakMap<object, RequestTrace>();

  constructor(instrument: Instrument) {
    this.#instrument = instrument;
  }

  /**
   * `start`: ends the layers that handed on, starts the new layer's span, and returns the context
   * the invocation runs in (its span active; the parent's span for a router, an ignored layer, an
   * error handler or a param callback).
   */
  start(ctx: TraceContext, active: Context): Context {
    const request = this.#request(ctx, active);
    if (request.root === undefined) return active;
    const route = routeOf(ctx);
    const place = locate(request, ctx.layer, route);
    if (ctx.errorHandler) {
      const incoming = request.error;
      request.error = undefined;
      this.#leave(
        request,
        place,
        incoming !== undefined && incoming.value === ctx.incomingError ? incoming : undefined,
      );
      return place.kind === 'same-route' ? active : trace.setSpan(active, parentSpanOf(request, place));
    }
    if (ctx.param !== undefined) {
      this.#leave(request, place, undefined);
      return trace.setSpan(active, parentSpanOf(request, place));
    }
    request.error = undefined;
    this.#leave(request, place, undefined);
    if (place.kind === 'same-route') return active;
    return this.#enter(request, ctx, active, place, route);
  }

  /** `error`: a layer reported an error (`next(err)`, a throw or a rejection). */
  error(ctx: TraceContext): void {
    const request = this.#requests.get(ctx.req);
    if (request === undefined || request.root === undefined || request.closed) return;
    request.error = { value: ctx.error };
    if (ctx.errorHandler || ctx.param !== undefined) return;
    // A middleware's span ends with the error it passes on; a route's when the error leaves the
    // route (one of its error handlers may take it).
    const route = routeOf(ctx);
    if (route !== undefined) return;
    for (let scope = request.top; scope !== undefined; scope = scope.parent) {
      if (scope.key === ctx.layer) {
        if (scope.span?.isRecording()) endWithError(scope.span, ctx.error);
        return;
      }
    }
  }

  #request(ctx: TraceContext, active: Context): RequestTrace {
    let request = this.#requests.get(ctx.req);
    if (request === undefined) {
      request = { root: trace.getSpan(active), top: undefined, error: undefined, closed: false };
      this.#requests.set(ctx.req, request);
      const res = ctx.res as { once?: (event: string, listener: () => void) => unknown } | null;
      if (request.root !== undefined && typeof res?.once === 'function') {
        const tracked = request;
        // A throw here would end the process: the listener runs in the response's 'close' event.
        res.once('close', () => {
          try {
            this.#close(tracked);
          } catch (err) {
            report('the spans of a closed response could not be ended', err);
          }
        });
      }
    }
    return request;
  }

  /** Ends the scopes above `place` (and its sibling), recording `error` on the spans it ends. */
  #leave(request: RequestTrace, place: Place, error: { value: unknown } | undefined): void {
    const stop = place.kind === 'sibling' ? place.scope.parent : place.scope;
    for (let scope = request.top; scope !== stop && scope !== undefined; scope = scope.parent) {
      end(scope, error);
    }
    request.top = stop;
  }

  #enter(
    request: RequestTrace,
    ctx: TraceContext,
    active: Context,
    place: Place,
    route: RouteLike | undefined,
  ): Context {
    const { config, tracer } = this.#instrument;
    const layer = (ctx.layer ?? {}) as LayerLike;
    const parent = request.top;
    const parentSpan = parentSpanOf(request, place);
    const path = route !== undefined ? pathString(route.path) : pathString(layer.rawPath ?? ctx.route);
    const base = parent?.paths ?? [];
    const paths = path === undefined ? base : [...base, path];
    const req = ctx.req as { originalUrl?: unknown; url?: unknown };
    const originalUrl = String(req.originalUrl ?? req.url ?? '');
    const built = constructedRoute(paths);
    const httpRoute = matchedRoute(paths, originalUrl, built);

    const rpc = active.getValue(RPC_METADATA) as RpcMetadata | undefined;
    if (rpc?.type === 'http') rpc.route = httpRoute;

    const metadata = layerMetadata(layer, route, built, path);
    const ignored = isIgnored(metadata, config);
    const scope: Scope = {
      kind: route !== undefined ? 'route' : metadata.type === ExpressLayerType.ROUTER ? 'router' : 'middleware',
      key: route ?? layer,
      home: place.kind === 'sibling' ? place.scope.home : place.kind === 'child' ? place.home(ctx, route) : undefined,
      inner: metadata.type === ExpressLayerType.ROUTER ? stackOf(layer.handle) : undefined,
      parent,
      parentSpan,
      span: undefined,
      // An ignored layer's path is dropped at once, a router's only when it hands on.
      paths: ignored && metadata.type !== ExpressLayerType.ROUTER ? base : paths,
    };
    request.top = scope;
    const parentContext = trace.setSpan(active, parentSpan);
    if (ignored) return parentContext;

    const info: ExpressRequestInfo = { request: ctx.req, layerType: metadata.type, route: built };
    const attributes: Attributes = {};
    if (httpRoute !== undefined) attributes['http.route'] = httpRoute;
    attributes[AttributeNames.EXPRESS_NAME] = metadata.expressName;
    attributes[AttributeNames.EXPRESS_TYPE] = metadata.type;
    const span = tracer.startSpan(spanName(config, info, metadata.name), { attributes }, parentContext);
    if (config.requestHook !== undefined) {
      try {
        config.requestHook(span, info);
      } catch (err) {
        report('request hook failed', err);
      }
    }
    if (scope.kind === 'router') {
      // A router's span ends at once, and its layers report to the router's parent.
      span.end();
      return parentContext;
    }
    scope.span = span;
    if (request.closed) span.end();
    return trace.setSpan(parentContext, span);
  }

  /** The response closed: an error no handler took ends every open layer, then all end. */
  #close(request: RequestTrace): void {
    request.closed = true;
    const error = request.error;
    request.error = undefined;
    const top = request.top;
    request.top = undefined;
    for (let scope = top; scope !== undefined; scope = scope.parent) {
      try {
        end(scope, error);
      } catch (err) {
        report('a span could not be ended', err);
      }
    }
  }
}

/** Where a new invocation sits among a request's open layers. */
type Place =
  /** The next handler of the route `scope` (the route span goes on). */
  | { kind: 'same-route'; scope: Scope }
  /** In the same stack as `scope`, which handed on. */
  | { kind: 'sibling'; scope: Scope }
  /** Inside `scope` (a router being run, or a layer running a router); top-level when undefined. */
  | {
      kind: 'child';
      scope: Scope | undefined;
      home: (ctx: TraceContext, route: RouteLike | undefined) => readonly unknown[] | undefined;
    };

/** The route whose handler `ctx` is, when it is one. */
function routeOf(ctx: TraceContext): RouteLike | undefined {
  const route = (ctx.req as { route?: RouteLike }).route;
  const stack = route?.stack;
  return Array.isArray(stack) && stack.includes(ctx.layer) ? route : undefined;
}

/** `true` when `stack` holds `layer`, or, for a route's handler, the route's layer. */
function holds(stack: readonly unknown[], layer: unknown, route: RouteLike | undefined): boolean {
  if (route === undefined) return stack.includes(layer);
  for (const item of stack) if ((item as LayerLike | null)?.route === route) return true;
  return false;
}

/** The stack of a router function. */
function stackOf(handle: unknown): readonly unknown[] | undefined {
  const stack = (handle as { stack?: unknown } | null)?.stack;
  return Array.isArray(stack) ? stack : undefined;
}

/** The stack of the app the request is in, when it holds the layer. */
function appStack(ctx: TraceContext, route: RouteLike | undefined): readonly unknown[] | undefined {
  const stack = stackOf((ctx.req as { app?: { router?: unknown } }).app?.router);
  return stack !== undefined && holds(stack, ctx.layer, route) ? stack : undefined;
}

/** Where the invocation of `layer` sits (see the file's comment). */
function locate(request: RequestTrace, layer: unknown, route: RouteLike | undefined): Place {
  let unplaced: Scope | undefined;
  for (let scope = request.top; scope !== undefined; scope = scope.parent) {
    if (route !== undefined && scope.kind === 'route' && scope.key === route) return { kind: 'same-route', scope };
    if (scope.home !== undefined && holds(scope.home, layer, route)) return { kind: 'sibling', scope };
    if (scope.inner !== undefined && holds(scope.inner, layer, route)) {
      const inner = scope.inner;
      return { kind: 'child', scope, home: () => inner };
    }
    if (scope.home === undefined && unplaced === undefined) unplaced = scope;
  }
  // Layers of a router whose stack is not known (one run by hand, outside an app) are taken as
  // siblings of the innermost such layer.
  if (unplaced !== undefined) return { kind: 'sibling', scope: unplaced };
  return { kind: 'child', scope: request.top, home: appStack };
}

/** The span a new layer at `place` reports to: its sibling's parent, or the span it runs in. */
function parentSpanOf(request: RequestTrace, place: Place): Span {
  if (place.kind !== 'child') return place.scope.parentSpan;
  const scope = place.scope;
  if (scope === undefined) return request.root as Span;
  return scope.kind === 'router' ? scope.parentSpan : (scope.span ?? scope.parentSpan);
}

/** The span name and `express.*` attributes of a layer, as instrumentation-express names them. */
function layerMetadata(
  layer: LayerLike,
  route: RouteLike | undefined,
  built: string,
  path: string | undefined,
): LayerMetadata {
  if (route !== undefined || layer.name === 'bound dispatch' || layer.name === 'handle') {
    return {
      type: ExpressLayerType.REQUEST_HANDLER,
      name: 'request handler',
      expressName: built || path || 'request handler',
    };
  }
  if (layer.name === 'router') {
    const routerPath = firstRoutePath(layer) || path || built || '/';
    return { type: ExpressLayerType.ROUTER, name: `router - ${routerPath}`, expressName: routerPath };
  }
  const name = String(layer.name);
  return { type: ExpressLayerType.MIDDLEWARE, name: `middleware - ${name}`, expressName: name };
}

/**
 * The path of the route a router starts with, following routers that start with a router: what
 * instrumentation-express names router spans by (not the mount path).
 */
function firstRoutePath(layer: LayerLike): string {
  const first = stackOf(layer.handle)?.[0] as LayerLike | undefined;
  const path = (first?.route as RouteLike | undefined)?.path;
  if (path) return String(path);
  return first !== undefined && stackOf(first.handle) !== undefined ? firstRoutePath(first) : '';
}

function isIgnored(metadata: LayerMetadata, config: BriskInstrumentationConfig): boolean {
  if (Array.isArray(config.ignoreLayersType) && config.ignoreLayersType.includes(metadata.type)) return true;
  if (!Array.isArray(config.ignoreLayers)) return false;
  try {
    return config.ignoreLayers.some((matcher) => matches(metadata.name, matcher));
  } catch {
    return false;
  }
}

function matches(name: string, matcher: IgnoreMatcher): boolean {
  if (typeof matcher === 'string') return matcher === name;
  if (matcher instanceof RegExp) return matcher.test(name);
  if (typeof matcher === 'function') return matcher(name);
  throw new TypeError('Pattern is in unsupported datatype');
}

function spanName(config: BriskInstrumentationConfig, info: ExpressRequestInfo, name: string): string {
  const hook = config.spanNameHook;
  if (typeof hook !== 'function') return name;
  try {
    return hook(info, name) ?? name;
  } catch (err) {
    report('error calling span name rewrite hook', err);
    return name;
  }
}

/** Ends a scope's span, first recording `error` on it. */
function end(scope: Scope, error: { value: unknown } | undefined): void {
  const span = scope.span;
  if (span === undefined || !span.isRecording()) return;
  if (error !== undefined) endWithError(span, error.value);
  else span.end();
}

/**
 * Records an error as instrumentation-express does (an exception event and an error status), then
 * ends. The error may be any value: it is described safely (describe.ts), and the span ends
 * whatever recording it did.
 */
function endWithError(span: Span, error: unknown): void {
  try {
    const { exception, message } = describeError(error);
    span.recordException(exception);
    span.setStatus({ code: SpanStatusCode.ERROR, message });
  } finally {
    span.end();
  }
}

/** Reports a failure inside the instrumentation to OpenTelemetry's diag logger, which must not throw either. */
export function report(message: string, err: unknown): void {
  try {
    diag.error(`brisk instrumentation: ${message}`, err);
  } catch {
    // a diag logger that throws: nothing left to report with
  }
}
