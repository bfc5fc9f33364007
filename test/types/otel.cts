// Type fixture: @brisk/otel's built declarations as a CommonJS TypeScript user sees them.
import otel = require('@brisk/otel');
import instrumentation = require('@opentelemetry/instrumentation');

const brisk = new otel.BriskInstrumentation({ ignoreLayersType: [otel.ExpressLayerType.ROUTER] });
instrumentation.registerInstrumentations({ instrumentations: [brisk] });
const version: string = brisk.instrumentationVersion;
void version;
