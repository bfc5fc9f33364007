// BriskInstrumentation with the real OpenTelemetry SDK: the spans of the issue's app (express.json,
// a named middleware, a router with /items/:id), the route on the server span, the active span
// inside handlers, options, enable/disable, app.inject() under an active span, concurrent requests.
import assert from 'node:assert/strict';
import { after, beforeEach, test } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import briskjs from 'briskjs';
import { AttributeNames, BriskInstrumentation, ExpressLayerType, VERSION } from '../src/index.js';
import { briskInstrumentation, exporter, provider, serve, useBrisk, useNone, view } from './support.js';

beforeEach(() => useBrisk());
after(() => useBrisk());

function issueApp() {
  const app = briskjs();
  app.use(briskjs.json());
  app.use(function auth(_req, _res, next) {
    next();
  });
  const router = briskjs.Router();
  router.get('/items/:id', (req, res) => {
    const inner = trace.getTracer('app').startSpan('load item');
    inner.end();
    res.json({ id: req.params.id });
  });
  app.use('/api', router);
  return app;
}

test("the issue's app: five spans, named and attributed as instrumentation-express names them", async () => {
  const server = await serve(issueApp());
  try {
    const { reply, spans } = await server.request('/api/items/42');
    assert.deepEqual(reply, { status: 200, body: '{"id":"42"}' });
    assert.deepEqual(view(spans), [
      {
        name: 'GET /api/items/:id',
        parent: undefined,
        attributes: { 'http.route': '/api/items/:id' },
        status: 'UNSET',
        exceptions: [],
      },
      {
        name: 'middleware - jsonParser',
        parent: 'GET /api/items/:id',
        attributes: { 'express.name': 'jsonParser', 'express.type': 'middleware' },
        status: 'UNSET',
        exceptions: [],
      },
      {
        name: 'middleware - auth',
        parent: 'GET /api/items/:id',
        attributes: { 'express.name': 'auth', 'express.type': 'middleware' },
        status: 'UNSET',
        exceptions: [],
      },
      {
        name: 'router - /items/:id',
        parent: 'GET /api/items/:id',
        attributes: { 'http.route': '/api', 'express.name': '/items/:id', 'express.type': 'router' },
        status: 'UNSET',
        exceptions: [],
      },
      {
        name: 'request handler',
        parent: 'GET /api/items/:id',
        attributes: {
          'http.route': '/api/items/:id',
          'express.name': '/api/items/:id',
          'express.type': 'request_handler',
        },
        status: 'UNSET',
        exceptions: [],
      },
      // A span the handler starts is a child of the layer's span, active while the handler runs.
      { name: 'load item', parent: 'request handler', attributes: {}, status: 'UNSET', exceptions: [] },
    ]);
    const scopes = new Set(spans.map((span) => span.instrumentationScope.name));
    assert.ok(scopes.has('@brisk/otel'));
    for (const span of spans) assert.ok(span.endTime[0] > 0, `${span.name} ended`);
  } finally {
    await server.close();
  }
});

test('disable() stops the layer spans (the server span stays, unnamed); enable() brings them back', async () => {
  const server = await serve(issueApp());
  try {
    useNone();
    const off = await server.request('/api/items/1');
    assert.deepEqual(
      view(off.spans).map((span) => span.name),
      ['GET', 'load item'],
    );
    briskInstrumentation.enable();
    const on = await server.request('/api/items/1');
    assert.equal(view(on.spans).length, 6);
  } finally {
    await server.close();
  }
});

test('enable() and disable() can be called again', () => {
  briskInstrumentation.enable();
  briskInstrumentation.enable();
  briskInstrumentation.disable();
  briskInstrumentation.disable();
  briskInstrumentation.enable();
});

test('its name, version and options, as an Instrumentation', () => {
  const instrumentation = new BriskInstrumentation({ enabled: false, ignoreLayersType: ['router'] });
  assert.equal(instrumentation.instrumentationName, '@brisk/otel');
  assert.equal(instrumentation.instrumentationVersion, VERSION);
  assert.deepEqual(instrumentation.getConfig(), { enabled: false, ignoreLayersType: ['router'] });
  instrumentation.setConfig({ ignoreLayers: ['middleware - query'] });
  assert.deepEqual(instrumentation.getConfig(), { enabled: true, ignoreLayers: ['middleware - query'] });
  instrumentation.setTracerProvider(provider);
  instrumentation.setMeterProvider({} as never);
  assert.equal(AttributeNames.EXPRESS_NAME, 'express.name');
  assert.equal(AttributeNames.EXPRESS_TYPE, 'express.type');
  assert.deepEqual(ExpressLayerType, {
    ROUTER: 'router',
    MIDDLEWARE: 'middleware',
    REQUEST_HANDLER: 'request_handler',
  });
});

test('app.inject() inside an active span: the layers are its children', async () => {
  const app = issueApp();
  exporter.reset();
  const tracer = provider.getTracer('test');
  await tracer.startActiveSpan('test case', async (span) => {
    const res = await app.inject({ url: '/api/items/9' });
    assert.equal(res.statusCode, 200);
    span.end();
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    view(exporter.getFinishedSpans()).map((span) => `${span.parent ?? '-'} > ${span.name}`),
    [
      '- > test case',
      'test case > middleware - jsonParser',
      'test case > middleware - auth',
      'test case > router - /items/:id',
      'test case > request handler',
      'request handler > load item',
    ],
  );
});

test('no active span, no layer spans (as instrumentation-express)', async () => {
  const app = issueApp();
  exporter.reset();
  const res = await context.with(trace.deleteSpan(context.active()), () => app.inject({ url: '/api/items/9' }));
  assert.equal(res.statusCode, 200);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    exporter.getFinishedSpans().map((span) => span.name),
    ['load item'],
  );
});

test('concurrent requests each get their own spans, whatever order their layers run in', async () => {
  const app = briskjs();
  app.use(function slow(req, _res, next) {
    setTimeout(next, req.path === '/a' ? 30 : 1);
  });
  app.get('/a', (_req, res) => {
    res.send('a');
  });
  app.get('/b', (_req, res) => {
    res.send('b');
  });
  exporter.reset();
  const tracer = provider.getTracer('test');
  const one = (path: string) =>
    tracer.startActiveSpan(`client ${path}`, async (span) => {
      await app.inject({ url: path });
      span.end();
    });
  await Promise.all([one('/a'), one('/b')]);
  await new Promise((resolve) => setImmediate(resolve));
  const shown = view(exporter.getFinishedSpans()).map((span) => `${span.parent ?? '-'} > ${span.name}`);
  assert.deepEqual(shown.sort(), [
    '- > client /a',
    '- > client /b',
    'client /a > middleware - slow',
    'client /a > request handler',
    'client /b > middleware - slow',
    'client /b > request handler',
  ]);
});

test('a hook that throws does not fail the request', async () => {
  useBrisk({
    requestHook: () => {
      throw new Error('hook');
    },
    ignoreLayers: [
      () => {
        throw new Error('matcher');
      },
    ],
  });
  const server = await serve(issueApp());
  try {
    const { reply, spans } = await server.request('/api/items/3');
    assert.equal(reply.status, 200);
    assert.equal(view(spans).length, 6);
  } finally {
    await server.close();
  }
});
