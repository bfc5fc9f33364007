// Express 5.3 with @opentelemetry/instrumentation-express (BENCH_OTEL=1) or untraced.
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { config, ready } from '../common.mjs';
import { issueApp, traced } from './tracing.mjs';

const [http, express] = traced(() => new ExpressInstrumentation(), ['node:http', 'express']);
const { port, host } = config(['issue-app']);
const server = http.createServer(issueApp(express)).listen(port, host, () => ready(server));
