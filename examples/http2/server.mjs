// Serves the app over HTTP/2 (and HTTP/1.1) with TLS:
//
//   TLS_KEY=key.pem TLS_CERT=cert.pem PORT=8443 node examples/http2/server.mjs
//
// The key and certificate are read from the files TLS_KEY and TLS_CERT name, by default key.pem
// and cert.pem in the current folder (README.md has the recipe for a development certificate).
import { readFileSync } from 'node:fs';
import brisk from 'briskjs';
import { createServer } from './app.mjs';

const keyFile = process.env.TLS_KEY || 'key.pem';
const certFile = process.env.TLS_CERT || 'cert.pem';
let key;
let cert;
try {
  key = readFileSync(keyFile);
  cert = readFileSync(certFile);
} catch (err) {
  console.error(`cannot read the key (${keyFile}) or certificate (${certFile}): ${err.message}`);
  console.error('make a development certificate first: see examples/http2/README.md');
  process.exit(1);
}

const server = createServer({ key, cert });
server.listen(Number(process.env.PORT ?? 8443), process.env.HOST || '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`listening on https://${address}:${port} (HTTP/2 and HTTP/1.1; Ctrl-C to stop)`);
});

// Ctrl-C or a stop: refuse new connections, send GOAWAY to the HTTP/2 sessions, let the answers
// in flight finish (at most 5 s), then exit
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    const drained = await brisk.shutdown(server, { timeout: 5000 });
    process.exit(drained ? 0 : 1);
  });
}
