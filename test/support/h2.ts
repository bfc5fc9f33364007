// A tiny HTTP/2 client for the tests: one request on a session, the response head and body.
import type http2 from 'node:http2';
import https from 'node:https';

/** A response as an HTTP/2 client reads it. */
export interface H2Reply {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** Sends one request (`:method` defaults to GET) on `client`. */
export function h2request(client: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders): Promise<H2Reply> {
  return new Promise((resolve, reject) => {
    const stream = client.request(headers);
    let head: http2.IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      head = h;
    });
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => resolve({ status: Number(head[':status']), headers: head, body }));
    stream.on('error', reject);
    stream.end();
  });
}

/** An HTTP/1.1 request over TLS to an `allowHTTP1` server (trusting `ca`). */
export function h1overTls(
  port: number,
  ca: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; alpn: unknown }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', servername: 'localhost', port, method, path, headers, ca, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            alpn: (res.socket as { alpnProtocol?: unknown }).alpnProtocol,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
