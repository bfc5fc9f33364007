// brisk with a subscriber on `express.router.request` that does nothing: what tracing costs a
// request once an APM listens (a context object and five events per handler). Not in the default
// contenders; run it with BENCH_CONTENDERS=brisk,brisk-untraced,brisk-traced.
import dc from 'node:diagnostics_channel';

const noop = () => {};
dc.tracingChannel('express.router.request').subscribe({
  start: noop,
  end: noop,
  asyncStart: noop,
  asyncEnd: noop,
  error: noop,
});
await import('./brisk.mjs');
