// OpenTelemetry, set up before the app loads: node --require ./tracing.cjs app.cjs
// A tracer provider that prints every span on the console as it ends, the HTTP instrumentation
// (the server span of each request) and brisk's (a span per middleware, router and route, and the
// route on the server span). In production, export to a collector instead (README.md).
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { ConsoleSpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { BriskInstrumentation } = require('@brisk/otel');

const provider = new NodeTracerProvider({
  // SimpleSpanProcessor: each span printed as it ends (a BatchSpanProcessor batches, for exporters over the network)
  spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
});
// the global provider, and the async-hooks context manager that keeps a request's spans together
provider.register();

registerInstrumentations({
  tracerProvider: provider,
  instrumentations: [new HttpInstrumentation(), new BriskInstrumentation()],
});

// spans still in the processor are printed before the process stops
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    provider.shutdown().finally(() => process.exit(0));
  });
}
