// `pnpm demo`: builds the packages that are stale (scripts/build-stale.mjs), then serves the brisk demo app (examples/app) on
// http://127.0.0.1:3000 (the port from PORT), and closes cleanly on Ctrl-C.
import { createApp } from '../examples/app/app.mjs';

const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT);
const host = process.env.HOST || '127.0.0.1';

const server = createApp().listen(port, host, () => {
  const address = server.address();
  console.log(`brisk demo listening on http://${host}:${address.port} (Ctrl-C to stop)`);
});

function stop(signal) {
  console.log(`\n${signal}: closing the server`);
  server.close(() => process.exit(0));
  server.closeIdleConnections?.();
  // requests still running get a moment, then the process ends anyway
  setTimeout(() => process.exit(0), 3000).unref();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
