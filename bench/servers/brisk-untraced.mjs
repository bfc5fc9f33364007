// brisk with no tracing channel: the same app as brisk.mjs, loaded while
// `diagnostics_channel.tracingChannel('express.router.request')` gives nothing, so the router runs
// the code path of a node without `tracingChannel` (no channel objects, no `hasSubscribers`
// reads). brisk against this contender is what the `express.router.request` channel costs a
// request when nobody subscribes to it.
import dc from 'node:diagnostics_channel';

const tracingChannel = dc.tracingChannel;
dc.tracingChannel = function tracingChannelExceptRouter(name) {
  return name === 'express.router.request' ? undefined : tracingChannel.call(this, name);
};
try {
  await import('briskjs');
} finally {
  dc.tracingChannel = tracingChannel;
}
await import('./brisk.mjs');
