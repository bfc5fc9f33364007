// Test helpers: a server around a request listener, and raw HTTP requests against it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A response as the tests read it. */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A listening server and a way to send it requests. */
export interface TestServer {
  request(method: string, path: string, headers?: http.OutgoingHttpHeaders): Promise<Reply>;
  close(): Promise<void>;
}

/** Starts `listener` on 127.0.0.1, on a free port. */
export async function serve(listener: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    request(method, path, headers = {}) {
      return new Promise<Reply>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeIdleConnections?.();
        server.close(() => resolve());
      });
    },
  };
}

/**
 * What a finalhandler would do after a router: `404 Cannot METHOD /path` when nothing answered,
 * the error's `status` (or 500) and its message otherwise.
 */
export function finalHandler(req: http.IncomingMessage, res: http.ServerResponse): (err?: unknown) => void {
  return (err) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err) {
      const status = (err as { status?: unknown }).status;
      res.statusCode = typeof status === 'number' ? status : 500;
      res.end(`final: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    res.statusCode = 404;
    res.end(`Cannot ${req.method} ${req.url}`);
  };
}
