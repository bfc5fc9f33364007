// One brisk app served over HTTP/2 and HTTP/1.1 on the same port: node's HTTP/2 server with
// `allowHTTP1: true` speaks HTTP/2 to clients that offer it (ALPN `h2`) and HTTP/1.1 to the
// others, and hands both kinds of request to the same app through node's compatibility API.
// server.mjs reads a key and certificate and listens; test/example-http2.test.ts drives it.
import http2 from 'node:http2';
import brisk from 'briskjs';

/** The app: the same routes whatever protocol the request came over. */
export function createApp() {
  const app = brisk();

  // What the client spoke: '2.0' over HTTP/2, '1.1' over HTTP/1.1
  app.get('/protocol', (req, res) => {
    res.json({ httpVersion: req.httpVersion, secure: req.secure, hostname: req.hostname });
  });

  // A route whose answer does not depend on the protocol
  app.get('/hello/:name', (req, res) => {
    res.set('cache-control', 'no-store');
    res.json({ greeting: `Hello, ${req.params.name}!` });
  });

  app.use(brisk.json({ limit: '16kb' }));
  app.post('/echo', (req, res) => res.status(201).json({ received: req.body }));

  return app;
}

/**
 * Creates the server (not listening) from a PEM key and certificate:
 * HTTP/2 for clients that speak it, HTTP/1.1 for the others.
 * @param {{ key: string | Buffer, cert: string | Buffer }} tls
 */
export function createServer({ key, cert }) {
  return http2.createSecureServer({ key, cert, allowHTTP1: true }, createApp());
}
