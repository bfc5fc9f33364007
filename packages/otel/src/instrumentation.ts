// BriskInstrumentation: an OpenTelemetry instrumentation that patches nothing. It listens on the
// router's `express.router.request` tracing channel and makes the spans
// @opentelemetry/instrumentation-express makes for Express 5 (layers.ts).
//
// It is an `Instrumentation` as `registerInstrumentations` and the Node SDK take one, written on
// @opentelemetry/api alone: there is no module to hook, so the base class of
// @opentelemetry/instrumentation (and its version line, tied to the SDK's) is not needed.

import { AsyncLocalStorage } from 'node:async_hooks';
import * as dc from 'node:diagnostics_channel';
import type { TracingChannel } from 'node:diagnostics_channel';
import type { Context, MeterProvider, Tracer, TracerProvider } from '@opentelemetry/api';
import { context, trace } from '@opentelemetry/api';
import { LayerTracker, report, type TraceContext } from './layers.js';
import type { BriskInstrumentationConfig } from './types.js';
import { VERSION } from './version.js';

/** The instrumentation's name: its tracer's (the instrumentation scope of its spans). */
const NAME = '@brisk/otel';

/** The channel, or undefined where node has none (18 before 18.19). */
const channel: TracingChannel<unknown, TraceContext> | undefined =
  typeof dc.tracingChannel === 'function' ? dc.tracingChannel('express.router.request') : undefined;

/**
 * The AsyncLocalStorage of the global context manager, when it has one (the Node SDK's
 * AsyncLocalStorageContextManager keeps it in `_asyncLocalStorage`). Bound to the channel's
 * `start`, it makes a layer's span the active one while the layer runs, as instrumentation-express
 * does with `context.with`. OpenTelemetry has no public way to reach it yet
 * (open-telemetry/opentelemetry-js#6088); without it, spans are the same and only the active span
 * inside handlers differs (README).
 */
function contextStorage(): AsyncLocalStorage<Context> | undefined {
  // a private method of ContextAPI: looked up on the object as untyped
  const api: object = context;
  const manager: unknown =
    '_getContextManager' in api && typeof api._getContextManager === 'function' ? api._getContextManager() : undefined;
  const storage = (manager as { _asyncLocalStorage?: unknown } | null | undefined)?._asyncLocalStorage;
  return storage instanceof AsyncLocalStorage ? (storage as AsyncLocalStorage<Context>) : undefined;
}

/** A `start` transform: the context an invocation runs in. */
type Transform = (message: unknown) => unknown;

/**
 * The key of the transforms bound to the channel's `start`, per storage, on `globalThis`: a channel
 * binds one transform per store, and every BriskInstrumentation (of any copy of this package, as
 * an APM agent may bundle its own) binds the same storage, so they share one binding.
 */
const TRANSFORMS = Symbol.for('@brisk/otel:express.router.request:start');

/** The transforms of each storage, in the order they were bound. */
function transformLists(): WeakMap<object, Transform[]> {
  const holder = globalThis as { [TRANSFORMS]?: WeakMap<object, Transform[]> };
  holder[TRANSFORMS] ??= new WeakMap();
  return holder[TRANSFORMS];
}

/**
 * The transform bound for a storage: every instance's runs (each makes its own spans); the first
 * bound gives the context, so one span is the active one while a layer runs.
 */
function runAll(storage: AsyncLocalStorage<Context>, list: readonly Transform[]): Transform {
  return (message) => {
    let result: { context: unknown } | undefined;
    for (const transform of [...list]) {
      try {
        const context = transform(message);
        result ??= { context };
      } catch (err) {
        report('a layer could not be traced', err);
      }
    }
    return result === undefined ? storage.getStore() : result.context;
  };
}

/** Adds `transform` to the storage's binding on `start`, binding it with the first. */
function attach(
  start: TracingChannel<unknown, TraceContext>['start'],
  storage: AsyncLocalStorage<Context>,
  transform: Transform,
): void {
  const lists = transformLists();
  let list = lists.get(storage);
  if (list === undefined) lists.set(storage, (list = []));
  if (list.includes(transform)) return;
  list.push(transform);
  if (list.length === 1) start.bindStore(storage, runAll(storage, list) as (message: unknown) => Context);
}

/** Takes `transform` out of the storage's binding, unbinding it with the last: other instances keep theirs. */
function detach(
  start: TracingChannel<unknown, TraceContext>['start'],
  storage: AsyncLocalStorage<Context>,
  transform: Transform,
): void {
  const list = transformLists().get(storage);
  const at = list === undefined ? -1 : list.indexOf(transform);
  if (list === undefined || at === -1) return;
  list.splice(at, 1);
  if (list.length === 0) start.unbindStore(storage);
}

/**
 * OpenTelemetry spans for brisk apps (and for Express 5.3, whose router publishes the same
 * channel): `middleware - <name>`, `router - <path>` and `request handler` spans with
 * `express.name`, `express.type` and `http.route`, and the route on the HTTP server span.
 *
 * ```js
 * registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new BriskInstrumentation()] });
 * ```
 */
export class BriskInstrumentation {
  /** `@brisk/otel`. */
  readonly instrumentationName: string = NAME;
  /** This package's version. */
  readonly instrumentationVersion: string = VERSION;
  private _config: BriskInstrumentationConfig;
  private _tracer: Tracer;
  private _listening = false;
  private _storage: AsyncLocalStorage<Context> | undefined;
  private _fallback = false;
  private readonly _tracker: LayerTracker;

  constructor(config: BriskInstrumentationConfig = {}) {
    this._config = { enabled: true, ...config };
    this._tracer = trace.getTracer(NAME, VERSION);
    const self = this;
    this._tracker = new LayerTracker({
      get tracer() {
        return self._tracer;
      },
      get config() {
        return self._config;
      },
    });
    if (this._config.enabled) this.enable();
  }

  /** Starts listening on the channel (does nothing where node has no tracing channels). */
  enable(): void {
    if (this._listening || channel === undefined) return;
    this._listening = true;
    channel.error.subscribe(this._onError);
    this._bind();
  }

  /** Stops listening: requests from now on make no spans. */
  disable(): void {
    if (!this._listening || channel === undefined) return;
    this._listening = false;
    channel.error.unsubscribe(this._onError);
    if (this._storage !== undefined) detach(channel.start, this._storage, this._transform);
    if (this._fallback) channel.start.unsubscribe(this._onStart);
    this._storage = undefined;
    this._fallback = false;
  }

  /** Where spans are made (the SDK sets it; the global provider until then). */
  setTracerProvider(tracerProvider: TracerProvider): void {
    this._tracer = tracerProvider.getTracer(NAME, VERSION);
    if (this._listening) this._bind();
  }

  /** This instrumentation records no metrics. */
  setMeterProvider(_meterProvider: MeterProvider): void {}

  /** The options in use. */
  getConfig(): BriskInstrumentationConfig {
    return this._config;
  }

  /** Replaces the options (`enabled` defaults to `true`); requests from now on use them. */
  setConfig(config: BriskInstrumentationConfig = {}): void {
    this._config = { enabled: true, ...config };
  }

  /**
   * Makes spans in `start`: through the context manager's storage when it can be reached (the
   * span is then active while the layer runs), else from a subscriber.
   */
  private _bind(): void {
    const start = (channel as NonNullable<typeof channel>).start;
    const storage = contextStorage();
    if (storage === this._storage && (storage !== undefined || this._fallback)) return;
    if (this._storage !== undefined) detach(start, this._storage, this._transform);
    this._storage = storage;
    if (storage !== undefined) {
      attach(start, storage, this._transform);
      if (this._fallback) start.unsubscribe(this._onStart);
      this._fallback = false;
    } else if (!this._fallback) {
      start.subscribe(this._onStart);
      this._fallback = true;
    }
  }

  /** `start`, bound to the context manager's storage: the context the invocation runs in. */
  // Each of the channel's handlers runs inside the app's request: whatever fails in it is
  // reported to the diag logger, never thrown into the app.

  private readonly _transform = (message: unknown): Context => {
    const active = context.active();
    try {
      return this._tracker.start(message as TraceContext, active);
    } catch (err) {
      report('a layer could not be traced', err);
      return active;
    }
  };

  /** `start`, without the storage: spans only (and a look for the storage, set up since). */
  private readonly _onStart = (message: unknown): void => {
    try {
      this._tracker.start(message as TraceContext, context.active());
    } catch (err) {
      report('a layer could not be traced', err);
    }
    try {
      if (contextStorage() !== undefined) this._bind();
    } catch (err) {
      report('the context storage could not be bound', err);
    }
  };

  private readonly _onError = (message: unknown): void => {
    try {
      this._tracker.error(message as TraceContext);
    } catch (err) {
      report('an error could not be recorded', err);
    }
  };
}
