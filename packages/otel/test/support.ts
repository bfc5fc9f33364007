// One OpenTelemetry SDK per test process, set up as an APM user does: a tracer provider with an
// in-memory exporter, the HTTP instrumentation (server spans, and the route they are named by),
// instrumentation-express for Express 5.3 and BriskInstrumentation. Requests go over real HTTP.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BriskInstrumentation, type BriskInstrumentationConfig } from '../src/index.js';

export const exporter = new InMemorySpanExporter();
export const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();

/** brisk's instrumentation, enabled (and configured) per test with {@link useBrisk}. */
export const briskInstrumentation = new BriskInstrumentation({ enabled: false });
export const expressInstrumentation = new ExpressInstrumentation({ enabled: false });
registerInstrumentations({
  instrumentations: [
    // The test's own requests are not traced: each server span starts its trace.
    new HttpInstrumentation({ ignoreOutgoingRequestHook: () => true }),
    expressInstrumentation,
    briskInstrumentation,
  ],
});
expressInstrumentation.disable();
briskInstrumentation.disable();

// Loaded once the instrumentations are registered, as they patch modules when they load.
const require = createRequire(import.meta.url);
export const http: typeof import('node:http') = require('node:http');
type Express = typeof import('express');
/** Express 5.3 loaded while instrumentation-express is enabled (it patches the module as it loads). */
export function loadExpress(): Express {
  expressInstrumentation.enable();
  const express: Express = require('express');
  expressInstrumentation.disable();
  return express;
}

/** Only brisk's instrumentation listens, with `config`. */
export function useBrisk(config: BriskInstrumentationConfig = {}): void {
  expressInstrumentation.disable();
  briskInstrumentation.setConfig(config);
  briskInstrumentation.enable();
}

/** Only instrumentation-express patches (apps made from now on). */
export function useExpressInstrumentation(): void {
  briskInstrumentation.disable();
  expressInstrumentation.enable();
}

/** No instrumentation but HTTP's. */
export function useNone(): void {
  briskInstrumentation.disable();
  expressInstrumentation.disable();
}

/** A response as read by the client. */
export interface Reply {
  status: number;
  body: string;
}

/** A listening server for `handler`, and a way to send it requests and collect their spans. */
export async function serve(handler: import('node:http').RequestListener): Promise<{
  request(
    path: string,
    init?: { method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<{ reply: Reply; spans: ReadableSpan[] }>;
  close(): Promise<void>;
}> {
  let closed: Promise<void> = Promise.resolve();
  const server = http.createServer((req, res) => {
    // Resolves once every 'close' listener the app registered has run: layer spans have ended.
    closed = new Promise((resolve) => res.once('close', () => setImmediate(resolve)));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    async request(path, init = {}) {
      exporter.reset();
      const reply = await new Promise<Reply>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, agent: false },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end(init.body);
      });
      await closed;
      return { reply, spans: exporter.getFinishedSpans() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A span as the comparison reads it: what a trace viewer shows of it. */
export interface SpanView {
  name: string;
  parent: string | undefined;
  attributes: Record<string, unknown>;
  status: string;
  exceptions: string[];
}

const SHOWN = ['http.route', 'express.name', 'express.type', 'hook.route'];

/**
 * The spans of a trace from its root down, each span's children in the order they started (the
 * SDK's clock orders siblings; a child can read earlier than its parent), each with its parent's
 * name.
 */
export function view(spans: ReadableSpan[]): SpanView[] {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  const started = [...spans].sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
  const ordered: ReadableSpan[] = [];
  const visit = (parentId: string | undefined): void => {
    for (const span of started) {
      const id = span.parentSpanContext?.spanId;
      if (parentId === undefined ? id === undefined || !byId.has(id) : id === parentId) {
        ordered.push(span);
        visit(span.spanContext().spanId);
      }
    }
  };
  visit(undefined);
  return ordered.map((span) => {
    const parentId = span.parentSpanContext?.spanId;
    const attributes: Record<string, unknown> = {};
    for (const key of SHOWN) if (span.attributes[key] !== undefined) attributes[key] = span.attributes[key];
    return {
      name: span.name,
      parent: parentId === undefined ? undefined : (byId.get(parentId)?.name ?? 'outside'),
      attributes,
      status: span.status.code === 2 ? `ERROR${span.status.message ? `: ${span.status.message}` : ''}` : 'UNSET',
      exceptions: span.events
        .filter((event) => event.name === 'exception')
        .map((event) => `${event.attributes?.['exception.type']}: ${event.attributes?.['exception.message']}`),
    };
  });
}

/** Asserts that every span ended and was a child of the trace's server span or of a layer span. */
export function assertOneTrace(spans: ReadableSpan[]): void {
  const traces = new Set(spans.map((span) => span.spanContext().traceId));
  assert.equal(traces.size, 1, 'one trace');
  assert.equal(spans.filter((span) => span.parentSpanContext === undefined).length, 1, 'one root');
}
