// @brisk/otel: OpenTelemetry spans for brisk apps from the router's tracing channel, without
// patching; the spans, names and attributes of @opentelemetry/instrumentation-express 0.71.
/// <reference types="node" preserve="true" />
export { BriskInstrumentation } from './instrumentation.js';
export {
  AttributeNames,
  type BriskInstrumentationConfig,
  type ExpressRequestCustomAttributeFunction,
  type ExpressRequestInfo,
  ExpressLayerType,
  type IgnoreMatcher,
  type SpanNameHook,
} from './types.js';
export { VERSION } from './version.js';
