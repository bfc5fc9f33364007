// Test helpers: a node:http server running one parser, and clients that send exact bytes.
import {
  createServer,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { BodyParser } from '../src/index.js';

/** What the server answers: the parsed body, or the error's fields. */
export interface Reply {
  status: number;
  headers: IncomingMessage['headers'];
  /** `req.body` (a Buffer as `{ buffer: hex }`) and whether `body` was in `req`, on success. */
  body?: unknown;
  hasBody?: boolean;
  bodyType?: string;
  /** The error passed to next, on failure. */
  error?: ErrorFields;
}

/** The fields of an error passed to `next`, as the test server reports them. */
export interface ErrorFields {
  name: string;
  message: string;
  status: number;
  statusCode: number;
  expose: boolean;
  type?: string;
  [key: string]: unknown;
}

const ERROR_FIELDS = ['charset', 'encoding', 'expected', 'length', 'limit', 'received', 'code', 'body', 'type'];

function encode(value: unknown): unknown {
  return Buffer.isBuffer(value) ? { buffer: value.toString('hex') } : value;
}

/** Describes an error for the client. */
export function describeError(err: Error & { [key: string]: unknown }): ErrorFields {
  const out: ErrorFields = {
    name: err.name,
    message: err.message,
    status: err.status as number,
    statusCode: err.statusCode as number,
    expose: err.expose as boolean,
  };
  for (const key of ERROR_FIELDS) if (key in err) out[key] = encode(err[key]);
  return out;
}

/** A running test server. */
export interface TestServer {
  server: Server;
  port: number;
  /** Every error passed to `next`, in order. */
  errors: Error[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Starts a server on 127.0.0.1 that runs `parsers` in order and answers with JSON: `{ body,
 * hasBody, bodyType }`, or `{ error }` with the error's status. `before` runs first (to change the
 * request as a misbehaving middleware would).
 */
export async function serve(
  parsers: BodyParser | Handler[],
  before?: (req: IncomingMessage) => void,
): Promise<TestServer> {
  const list = (Array.isArray(parsers) ? parsers : [parsers]) as Handler[];
  const errors: Error[] = [];
  const server = createServer((req, res) => {
    before?.(req);
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) {
        errors.push(err as Error);
        if (res.destroyed || res.headersSent) return;
        const e = err as Error & { [key: string]: unknown };
        res.statusCode = typeof e.status === 'number' ? e.status : 500;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ error: describeError(e) }));
        return;
      }
      const handler = list[i++];
      if (handler) {
        handler(req, res, next);
        return;
      }
      const body = (req as { body?: unknown }).body;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          body: encode(body),
          hasBody: 'body' in req,
          bodyType: Buffer.isBuffer(body) ? 'buffer' : body === null ? 'null' : typeof body,
        }),
      );
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeIdleConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** Options of {@link send}. */
export interface SendOptions {
  method?: string;
  headers?: OutgoingHttpHeaders;
  /** Sent as one write (with a Content-Length unless headers say otherwise) or as chunks. */
  body?: string | Buffer | (string | Buffer)[];
  path?: string;
}

/** Sends one request with node:http and reads the JSON answer. */
export function send(port: number, { method = 'POST', headers = {}, body, path = '/' }: SendOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const h: OutgoingHttpHeaders = { ...headers };
    if (
      body !== undefined &&
      !Array.isArray(body) &&
      h['content-length'] === undefined &&
      h['transfer-encoding'] === undefined
    ) {
      h['content-length'] = Buffer.byteLength(body);
    }
    const req = request({ host: '127.0.0.1', port, method, path, headers: h, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const parsed = text ? (JSON.parse(text) as Omit<Reply, 'status' | 'headers'>) : {};
        resolve({ status: res.statusCode as number, headers: res.headers, ...parsed });
      });
    });
    req.on('error', reject);
    if (Array.isArray(body)) for (const part of body) req.write(part);
    else if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Opens a TCP connection and collects everything the server sends. */
export function rawClient(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.on('error', () => {}); // a reset after the server closed is fine
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Waits until `check()` is true (polling), or fails after `ms`. */
export async function waitFor(check: () => boolean, ms = 3000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Sleeps `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
