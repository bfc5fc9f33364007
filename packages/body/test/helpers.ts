// Test helpers: a server running parsers that reports what they did as JSON, and clients that
// send exact bytes (the plumbing is the repository's shared test/support/http.ts).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { serve as serveListener, type TestServer as SharedServer } from '../../../test/support/http.js';
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

/** A running test server (the shared one, see test/support/http.ts), with the errors it saw. */
export interface TestServer extends SharedServer {
  /** Every error passed to `next`, in order. */
  errors: Error[];
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
  const server = await serveListener((req: IncomingMessage, res: ServerResponse) => {
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
  return Object.assign(server, { errors });
}

/** Options of {@link send}. */
export interface SendOptions {
  method?: string;
  headers?: OutgoingHttpHeaders;
  /** Sent as one write (with a Content-Length unless headers say otherwise) or as chunks. */
  body?: string | Buffer | (string | Buffer)[];
  path?: string;
}

/** Sends one request (POST by default) and reads the JSON answer. */
export async function send(
  server: SharedServer,
  { method = 'POST', headers = {}, body, path = '/' }: SendOptions,
): Promise<Reply> {
  const res = await server.request(method, path, { headers, body });
  const parsed = res.body ? (JSON.parse(res.body) as Omit<Reply, 'status' | 'headers'>) : {};
  return { status: res.status, headers: res.headers, ...parsed };
}

/** Opens a TCP connection to `server` and collects everything the server sends. */
export async function rawClient(
  server: SharedServer,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = await server.socket();
  let data = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (data += chunk));
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.on('error', () => {}); // a reset after the server closed is fine
  return { socket, received: () => data, closed };
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
