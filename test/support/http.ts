// The repository's one HTTP test helper: serve a request listener (or an app, or a server) on
// 127.0.0.1 at a free port, send requests with exact methods, headers and bodies, or raw bytes,
// and close everything (including idle keep-alive sockets) afterwards.
import http from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** A response as the client saw it. */
export interface Reply {
  status: number;
  /** The status text of the response line. */
  statusMessage: string;
  headers: http.IncomingHttpHeaders;
  /** The raw header list, names as sent (`rawHeaders`). */
  rawHeaders: string[];
  /** The body as UTF-8 text. */
  body: string;
  /** The body as bytes. */
  bytes: Buffer;
}

/** What a request sends. */
export interface RequestOptions {
  headers?: http.OutgoingHttpHeaders;
  /** A body to send (a string is sent as UTF-8). */
  body?: string | Buffer;
  /** Send the body in chunks of this many bytes with chunked transfer-encoding (no Content-Length). */
  chunked?: boolean;
}

/** A listening server and ways to talk to it. */
export interface TestServer {
  server: http.Server;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  /** `request('GET', path, { headers })`. */
  get(path: string, headers?: http.OutgoingHttpHeaders): Promise<Reply>;
  /** Sends `text` as is on a new connection; resolves with everything received until the server closes it or `waitMs` passes. */
  raw(text: string | Buffer, waitMs?: number): Promise<string>;
  /** Opens a connection for a test that writes and reads by itself. */
  socket(): Promise<Socket>;
  close(): Promise<void>;
}

/** A request listener, or something that is one (an app), or a server made by the test. */
export type Servable =
  | http.RequestListener
  | ((req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void) => unknown)
  | http.Server;

/** Starts `target` on 127.0.0.1 at a free port (a server already listening is used as it is). */
export async function serve(target: Servable): Promise<TestServer> {
  const server = target instanceof http.Server ? target : http.createServer(target as http.RequestListener);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const request = (method: string, path: string, options: RequestOptions = {}): Promise<Reply> =>
    new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path, headers: options.headers ?? {}, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              statusMessage: res.statusMessage ?? '',
              headers: res.headers,
              rawHeaders: res.rawHeaders,
              body: bytes.toString('utf8'),
              bytes,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      const body = options.body;
      if (body === undefined) {
        req.end();
      } else if (options.chunked) {
        const buf = Buffer.from(body);
        const half = Math.max(1, buf.length >> 1);
        req.write(buf.subarray(0, half));
        req.end(buf.subarray(half));
      } else {
        if (!req.hasHeader('Content-Length')) req.setHeader('Content-Length', Buffer.byteLength(body));
        req.end(body);
      }
    });

  const socket = (): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
      s.on('error', reject);
    });

  return {
    server,
    port,
    url,
    request,
    get: (path, headers) => request('GET', path, { headers }),
    async raw(text, waitMs = 2000) {
      const s = await socket();
      return new Promise<string>((resolve) => {
        let received = '';
        const timer = setTimeout(() => {
          s.destroy();
          resolve(received);
        }, waitMs);
        s.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        s.on('close', () => {
          clearTimeout(timer);
          resolve(received);
        });
        s.on('error', () => undefined);
        s.write(text);
      });
    },
    socket,
    close() {
      return new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      });
    },
  };
}
