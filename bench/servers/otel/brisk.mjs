// brisk (the built briskjs) with @brisk/otel (BENCH_OTEL=1) or untraced.
import { BriskInstrumentation } from '@brisk/otel';
import { config, ready } from '../common.mjs';
import { issueApp, traced } from './tracing.mjs';

const [http, brisk] = traced(() => new BriskInstrumentation(), ['node:http', 'briskjs']);
const { port, host } = config(['issue-app']);
const server = http.createServer(issueApp(brisk)).listen(port, host, () => ready(server));
