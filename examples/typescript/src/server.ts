// Runs the app: node examples/typescript/dist/server.js (after tsc -p examples/typescript)
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';

const port = Number(process.env.PORT ?? 3000);
const server = createApp().listen(port, process.env.HOST ?? '127.0.0.1', (error?: Error) => {
  if (error) throw error;
  const { address, port } = server.address() as AddressInfo;
  console.log(`listening on http://${address}:${port}`);
});
