// Values no error is made of, with the instrumentation on: a prototype-less object, an object whose
// toString throws, an Error whose message getter throws, a Proxy whose traps throw and a revoked
// Proxy; thrown, passed to next() or rejected, by a route handler or a middleware, in the app or
// in a mounted router (60 requests over HTTP). brisk answers each with a 500 (decision 019); the
// instrumentation must not turn that into a crash, and records a description it could make safely.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DiagLogLevel, diag } from '@opentelemetry/api';
import briskjs from 'briskjs';
import { BriskInstrumentation } from '../src/index.js';
import { serve, useBrisk, useNone, view } from './support.js';

before(() => useBrisk());
after(() => useBrisk());

/** Throws whatever is done to it. */
const trap = (): never => {
  throw new Error('trap');
};
const traps: ProxyHandler<object> = {
  get: trap,
  has: trap,
  ownKeys: trap,
  getPrototypeOf: trap,
  getOwnPropertyDescriptor: trap,
  apply: trap,
  construct: trap,
  defineProperty: trap,
  set: trap,
  isExtensible: trap,
  preventExtensions: trap,
};

/** Each value, made fresh per request, and the exception event expected for it (`type: message`). */
const values: Array<[string, () => unknown, string]> = [
  ['a prototype-less object', () => Object.create(null), 'undefined: [object Object]'],
  [
    'an object whose toString throws',
    () => ({
      toString() {
        throw new Error('no string');
      },
    }),
    'undefined: [object Object]',
  ],
  [
    'an Error whose message getter throws',
    () =>
      Object.defineProperty(new Error('hidden'), 'message', {
        get() {
          throw new Error('no message');
        },
      }),
    'Error: [object Error]',
  ],
  ['a Proxy whose traps throw', () => new Proxy({}, traps), 'undefined: [unprintable object]'],
  [
    'a revoked Proxy',
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
    'undefined: [unprintable object]',
  ],
];

type Next = (err?: unknown) => void;
const ways: Array<[string, (value: () => unknown) => (req: unknown, res: unknown, next: Next) => unknown]> = [
  [
    'thrown',
    (value) => () => {
      throw value();
    },
  ],
  ['next(x)', (value) => (_req, _res, next) => next(value())],
  ['rejected', (value) => () => Promise.reject(value())],
];

const app = briskjs();
app.set('env', 'test');
const router = briskjs.Router();
app.use('/router', router);
const cases: Array<{ name: string; path: string; span: string; exception: string }> = [];
values.forEach(([valueName, value, exception], v) => {
  for (const [wayName, way] of ways) {
    for (const [where, mount] of [
      ['the app', app],
      ['a router', router],
    ] as const) {
      const prefix = where === 'the app' ? '' : '/router';
      const id = `${v}-${wayName.replace(/\W/g, '')}`;
      mount.get(`/route/${id}`, way(value) as never);
      cases.push({
        name: `${valueName}, ${wayName} in a route handler of ${where}`,
        path: `${prefix}/route/${id}`,
        span: 'request handler',
        exception,
      });
      mount.use(`/middleware/${id}`, way(value) as never);
      cases.push({
        name: `${valueName}, ${wayName} in a middleware of ${where}`,
        path: `${prefix}/middleware/${id}`,
        span: 'middleware - <anonymous>',
        exception,
      });
    }
  }
});

test('60 hostile values: each answered with a 500, each recorded as an exception, the process alive', async () => {
  assert.equal(cases.length, 60);
  const server = await serve(app);
  try {
    for (const c of cases) {
      const { reply, spans } = await server.request(c.path);
      assert.equal(reply.status, 500, c.name);
      const shown = view(spans);
      const layer = shown.find((span) => span.name === c.span && span.exceptions.length > 0);
      assert.ok(layer, `${c.name}: a ${c.span} span with the exception, in ${JSON.stringify(shown)}`);
      assert.deepEqual(layer.exceptions, [c.exception], c.name);
      assert.equal(layer.status, `ERROR: ${c.exception.slice(c.exception.indexOf(': ') + 2)}`, c.name);
    }
  } finally {
    await server.close();
  }
});

test('the same 60 without the instrumentation: each answered with a 500 (what it must not change)', async () => {
  useNone();
  const server = await serve(app);
  try {
    for (const c of cases) assert.equal((await server.request(c.path)).reply.status, 500, c.name);
  } finally {
    await server.close();
    useBrisk();
  }
});

test('spans that throw at every call: requests are answered, the failures go to the diag logger', async () => {
  useNone();
  const reports: string[] = [];
  const quiet = () => undefined;
  diag.setLogger(
    { error: (message: string) => reports.push(message), warn: quiet, info: quiet, debug: quiet, verbose: quiet },
    DiagLogLevel.ERROR,
  );
  const span = new Proxy({}, { get: () => trap });
  const hostile = new BriskInstrumentation();
  hostile.setTracerProvider({ getTracer: () => ({ startSpan: () => span, startActiveSpan: trap }) } as never);
  const traced = briskjs();
  traced.set('env', 'test');
  traced.use(function pass(_req, _res, next) {
    next();
  });
  traced.get('/ok', (_req, res) => {
    res.send('ok');
  });
  traced.get('/fail', (_req, _res, next) => next(new Error('failed')));
  const server = await serve(traced);
  try {
    assert.deepEqual((await server.request('/ok')).reply, { status: 200, body: 'ok' });
    assert.equal((await server.request('/fail')).reply.status, 500);
    assert.ok(reports.length > 0, 'reported');
    for (const message of reports) assert.match(message, /^brisk instrumentation: /);
  } finally {
    await server.close();
    hostile.disable();
    diag.disable();
    useBrisk();
  }
});
