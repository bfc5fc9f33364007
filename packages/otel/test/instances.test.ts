// Two BriskInstrumentations in one process (an APM agent's and the app's): each makes its spans,
// disabling one leaves the other working, with its span active inside handlers, and one instance
// can be enabled again after it was disabled.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import briskjs from 'briskjs';
import { BriskInstrumentation } from '../src/index.js';
import { serve, useBrisk, useNone } from './support.js';

/** An instrumentation with a tracer provider of its own, so that its spans can be told apart. */
function instance() {
  const exporter = new InMemorySpanExporter();
  const instrumentation = new BriskInstrumentation({ enabled: false });
  instrumentation.setTracerProvider(new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  return { instrumentation, exporter };
}

const a = instance();
const b = instance();
let server: Awaited<ReturnType<typeof serve>>;
/** The span active inside the route handler, as the last request saw it. */
let activeInHandler: string | undefined;

before(async () => {
  useNone();
  const app = briskjs();
  app.use(function auth(_req, _res, next) {
    next();
  });
  app.get('/items/:id', (req, res) => {
    activeInHandler = trace.getActiveSpan()?.spanContext().spanId;
    res.send(req.params.id);
  });
  server = await serve(app);
});

after(async () => {
  a.instrumentation.disable();
  b.instrumentation.disable();
  await server.close();
  useBrisk();
});

/** What each instance made of one request, and whose span was active in the handler. */
async function traced(): Promise<{ a: string[]; b: string[]; active: string }> {
  a.exporter.reset();
  b.exporter.reset();
  activeInHandler = undefined;
  const { reply, spans: serverSpans } = await server.request('/items/7');
  assert.equal(reply.body, '7');
  // each instance's layer spans are children of the server span, not of the other's spans
  const root = serverSpans.find((span) => span.parentSpanContext === undefined)?.spanContext().spanId;
  for (const span of [...a.exporter.getFinishedSpans(), ...b.exporter.getFinishedSpans()]) {
    assert.equal(span.parentSpanContext?.spanId, root, `${span.name}'s parent`);
  }
  const names = (exporter: InMemorySpanExporter) => exporter.getFinishedSpans().map((span) => span.name);
  const owner = (exporter: InMemorySpanExporter, name: string) =>
    exporter
      .getFinishedSpans()
      .find((span) => span.name === 'request handler' && span.spanContext().spanId === activeInHandler)
      ? name
      : undefined;
  return {
    a: names(a.exporter),
    b: names(b.exporter),
    active: owner(a.exporter, 'a') ?? owner(b.exporter, 'b') ?? 'neither',
  };
}

const spans = ['middleware - auth', 'request handler'];

test('two instances enabled: each makes its spans; the first enabled has its span active in handlers', async () => {
  a.instrumentation.enable();
  b.instrumentation.enable();
  assert.deepEqual(await traced(), { a: spans, b: spans, active: 'a' });
});

test('disabling one leaves the other making its spans, with its span active in handlers', async () => {
  b.instrumentation.disable();
  assert.deepEqual(await traced(), { a: spans, b: [], active: 'a' });
  b.instrumentation.enable();
  a.instrumentation.disable();
  assert.deepEqual(await traced(), { a: [], b: spans, active: 'b' });
});

test('enable, disable, enable of one instance: it makes its spans again', async () => {
  b.instrumentation.disable();
  a.instrumentation.enable();
  a.instrumentation.disable();
  assert.deepEqual(await traced(), { a: [], b: [], active: 'neither' });
  a.instrumentation.enable();
  assert.deepEqual(await traced(), { a: spans, b: [], active: 'a' });
  b.instrumentation.enable();
  assert.deepEqual(await traced(), { a: spans, b: spans, active: 'a' });
});
