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
  /**
   * A body to send (a string is sent as UTF-8). A string or Buffer gets a Content-Length unless
   * the headers give Content-Length or Transfer-Encoding; an array is written part by part, one
   * write each, with no Content-Length (node then sends it chunked).
   */
  body?: string | Buffer | (string | Buffer)[];
  /** Send the body in two writes with chunked transfer-encoding (no Content-Length). */
  chunked?: boolean;
  /** The agent to send with (e.g. a keep-alive agent); by default a fresh connection per request. */
  agent?: http.Agent;
}

/** What {@link TestServer.start} sends. */
export interface StartOptions extends RequestOptions {
  /** Leave the request unfinished: send the headers and `body` (if any), but never end it. */
  open?: boolean;
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
  /**
   * Starts a request and returns it at once, for tests that act mid-request: the headers are sent
   * right away, then `body` (if any); the request is ended unless `open` is set (to abort
   * mid-body). Listen for `'response'` to act on the response head without waiting for the body;
   * `destroy()` it to abort. Its errors (the reset after a destroy) are ignored.
   */
  start(method: string, path: string, options?: StartOptions): http.ClientRequest;
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

  const options = (method: string, path: string, { headers = {}, agent }: RequestOptions): http.RequestOptions => ({
    host: '127.0.0.1',
    port,
    method,
    path,
    headers,
    agent: agent ?? false,
  });

  /** Writes `body` as {@link RequestOptions.body} says; ends the request unless `open`. */
  const writeBody = (req: http.ClientRequest, { body, chunked, headers = {} }: RequestOptions, open = false): void => {
    const end = (last?: string | Buffer): void => {
      if (open) {
        if (last !== undefined) req.write(last);
      } else {
        req.end(last);
      }
    };
    if (body === undefined) {
      end();
    } else if (Array.isArray(body)) {
      for (const part of body) req.write(part);
      end();
    } else if (chunked) {
      const buf = Buffer.from(body);
      const half = Math.max(1, buf.length >> 1);
      req.write(buf.subarray(0, half));
      end(buf.subarray(half));
    } else {
      const given = Object.keys(headers).map((name) => name.toLowerCase());
      if (!given.includes('content-length') && !given.includes('transfer-encoding')) {
        req.setHeader('Content-Length', Buffer.byteLength(body));
      }
      end(body);
    }
  };

  const request = (method: string, path: string, opts: RequestOptions = {}): Promise<Reply> =>
    new Promise<Reply>((resolve, reject) => {
      const req = http.request(options(method, path, opts), (res) => {
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
      });
      req.on('error', reject);
      writeBody(req, opts);
    });

  const start = (method: string, path: string, opts: StartOptions = {}): http.ClientRequest => {
    const req = http.request(options(method, path, opts));
    req.on('error', () => undefined);
    writeBody(req, opts, opts.open);
    if (opts.open) req.flushHeaders(); // an open request with nothing written yet still sends its head
    return req;
  };

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
    start,
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
