// `pnpm demo`: builds the packages, then serves examples/primitives on http://127.0.0.1:3000.
import { createServer } from '../examples/primitives/server.mjs';

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || '127.0.0.1';
createServer((line) => console.log(line)).listen(port, host, () => {
  console.log(`brisk demo listening on http://${host}:${port} (Ctrl-C to stop)`);
});
