// The options and hooks of BriskInstrumentation: those of @opentelemetry/instrumentation-express
// 0.71, so that a configuration written for it works unchanged.
import type { Span } from '@opentelemetry/api';

/** The attributes each layer span carries besides `http.route`. */
export const AttributeNames = {
  /** `express.type`: `middleware`, `router` or `request_handler`. */
  EXPRESS_TYPE: 'express.type',
  /** `express.name`: the middleware's function name, the router's path or the route. */
  EXPRESS_NAME: 'express.name',
} as const;

/** The attribute names, as their values. */
export type AttributeNames = (typeof AttributeNames)[keyof typeof AttributeNames];

/** What a layer is, as `express.type` says. */
export const ExpressLayerType = {
  /** A router mounted with `app.use(path, router)`. */
  ROUTER: 'router',
  /** A function mounted with `use()`. */
  MIDDLEWARE: 'middleware',
  /** The handlers of a route (`app.get(path, ...)`), one span for the route. */
  REQUEST_HANDLER: 'request_handler',
} as const;

/** A layer type, as its value. */
export type ExpressLayerType = (typeof ExpressLayerType)[keyof typeof ExpressLayerType];

/** A layer to ignore, matched against its span name (`middleware - jsonParser`). */
export type IgnoreMatcher = string | RegExp | ((name: string) => boolean);

/** What the hooks are told about a layer. */
export interface ExpressRequestInfo<Request = unknown> {
  /** The request. */
  request: Request;
  /** The route pattern put together from the mount paths so far (`/api/items/:id`). */
  route: string;
  /** The layer's type. */
  layerType: ExpressLayerType;
}

/** Names a layer's span: the name to use, or a nullish value for the default one. */
export type SpanNameHook = (info: ExpressRequestInfo, defaultName: string) => string | undefined | null;

/** Called with each layer span once it has started, to add attributes. */
export type ExpressRequestCustomAttributeFunction = (span: Span, info: ExpressRequestInfo) => void;

/** BriskInstrumentation's options. */
export interface BriskInstrumentationConfig {
  /** Listen from the start (default `true`); `registerInstrumentations` enables it in any case. */
  enabled?: boolean;
  /** Layers to make no span for, matched against the span name. */
  ignoreLayers?: IgnoreMatcher[];
  /** Layer types to make no span for. */
  ignoreLayersType?: ExpressLayerType[];
  /** Renames layer spans. */
  spanNameHook?: SpanNameHook;
  /** Adds attributes to layer spans. */
  requestHook?: ExpressRequestCustomAttributeFunction;
}
