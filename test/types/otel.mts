// Type fixture: @brisk/otel's built declarations, as an ESM TypeScript user with OpenTelemetry
// sees them: an Instrumentation that registerInstrumentations and the Node SDK take, with the
// options of @opentelemetry/instrumentation-express.
import type { Span } from '@opentelemetry/api';
import { type Instrumentation, registerInstrumentations } from '@opentelemetry/instrumentation';
import {
  AttributeNames,
  BriskInstrumentation,
  type BriskInstrumentationConfig,
  type ExpressRequestInfo,
  ExpressLayerType,
} from '@brisk/otel';

const config: BriskInstrumentationConfig = {
  ignoreLayers: ['middleware - query', /^router - /, (name: string) => name.startsWith('request')],
  ignoreLayersType: [ExpressLayerType.MIDDLEWARE, 'router'],
  spanNameHook: (info: ExpressRequestInfo, name: string) => `${info.layerType} ${info.route} ${name}`,
  requestHook: (span: Span, info: ExpressRequestInfo) => {
    span.setAttribute(AttributeNames.EXPRESS_NAME, info.route);
  },
};
const instrumentation = new BriskInstrumentation(config);
const asInstrumentation: Instrumentation = instrumentation;
registerInstrumentations({ instrumentations: [instrumentation] });
const name: string = instrumentation.instrumentationName;
const type: 'middleware' | 'router' | 'request_handler' = ExpressLayerType.REQUEST_HANDLER;
instrumentation.disable();
instrumentation.enable();

// @ts-expect-error: not a layer type
new BriskInstrumentation({ ignoreLayersType: ['handler'] });
// @ts-expect-error: a matcher is a string, a RegExp or a function of the name
new BriskInstrumentation({ ignoreLayers: [42] });

void asInstrumentation;
void name;
void type;
