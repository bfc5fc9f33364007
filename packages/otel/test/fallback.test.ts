// A context manager whose storage BriskInstrumentation cannot reach (AsyncHooksContextManager):
// the same spans, from a plain subscriber; only the span active inside handlers is the server
// span instead of the layer's. Then the Node SDK's AsyncLocalStorage manager, registered after
// the instrumentation: it is found and bound on the next request.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import { AsyncHooksContextManager, AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import briskjs from 'briskjs';
import { BriskInstrumentation } from '../src/index.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register({ contextManager: new AsyncHooksContextManager().enable() });
registerInstrumentations({
  instrumentations: [new HttpInstrumentation({ ignoreOutgoingRequestHook: () => true }), new BriskInstrumentation()],
});
const http: typeof import('node:http') = createRequire(import.meta.url)('node:http');

const app = briskjs();
app.use(function auth(_req, _res, next) {
  next();
});
app.get('/items/:id', (req, res) => {
  trace.getTracer('app').startSpan('load item').end();
  res.send(req.params.id);
});

async function spansOf(path: string): Promise<string[]> {
  exporter.reset();
  let closed!: Promise<void>;
  const server = http.createServer((req, res) => {
    closed = new Promise((resolve) => res.once('close', () => setImmediate(resolve)));
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } }).then((res) => res.text());
  await closed;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const spans = exporter.getFinishedSpans();
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span.name]));
  return spans.map((span) => `${byId.get(span.parentSpanContext?.spanId ?? '') ?? '-'} > ${span.name}`).sort();
}

test('without the context storage: the same spans, the server span active in handlers', async () => {
  assert.deepEqual(await spansOf('/items/1'), [
    '- > GET /items/:id',
    'GET /items/:id > load item',
    'GET /items/:id > middleware - auth',
    'GET /items/:id > request handler',
  ]);
});

test('a context manager with storage registered later is found: the layer span is active again', async () => {
  context.disable();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  await spansOf('/items/2'); // the request that finds it
  assert.deepEqual(await spansOf('/items/3'), [
    '- > GET /items/:id',
    'GET /items/:id > middleware - auth',
    'GET /items/:id > request handler',
    'request handler > load item',
  ]);
});
