// Tracing as an APM user sets it up, for the servers of bench/otel.mjs: a tracer provider (with
// node's AsyncLocalStorage context manager) whose spans go through a BatchSpanProcessor to an
// exporter that counts and drops them, and the HTTP instrumentation for the server span. With
// BENCH_OTEL unset, nothing is set up: the same app untraced.
import { createRequire } from 'node:module';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** Spans exported so far. */
export let exported = 0;

const exporter = {
  export(spans, done) {
    exported += spans.length;
    done({ code: 0 });
  },
  shutdown: () => Promise.resolve(),
  forceFlush: () => Promise.resolve(),
};

/**
 * Sets tracing up with the framework's instrumentation (when BENCH_OTEL is set), then loads
 * `modules` with require: instrumentations patch modules as they load, so they come after.
 */
export function traced(frameworkInstrumentation, modules) {
  if (process.env.BENCH_OTEL) {
    const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
    provider.register();
    registerInstrumentations({ instrumentations: [new HttpInstrumentation(), frameworkInstrumentation()] });
  }
  const require = createRequire(import.meta.url);
  return modules.map((name) => require(name));
}

/** The app of the issue: a JSON body parser, a named middleware, a router with /items/:id. */
export function issueApp(framework) {
  const app = framework();
  app.use(framework.json());
  app.use(function auth(_req, _res, next) {
    next();
  });
  const router = framework.Router();
  router.get('/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  app.use('/api', router);
  // For the runner's check that spans are made (after the measured route: not on its path).
  app.get('/spans', (_req, res) => {
    setTimeout(() => res.json({ exported }), 50);
  });
  return app;
}
