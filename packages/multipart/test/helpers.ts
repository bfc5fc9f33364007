// Shared pieces of the @brisk/multipart tests: multipart bodies written byte by byte, a request
// made from a body (a Readable with headers, as multer's own tests make one), and a run of a
// middleware that settles into a plain summary (error, fields, files) for side-by-side checks.
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** multer 2.5.0 itself (a root devDependency), for side-by-side runs. Typed loosely on purpose. */
export const upstream = require('multer') as UpstreamMulter;

/** The part of multer's shape the tests call. */
export interface UpstreamMulter {
  (options?: object): Record<'single' | 'array' | 'fields' | 'none' | 'any', (...args: unknown[]) => Middleware>;
  memoryStorage(): object;
  diskStorage(options: object): object;
  MulterError: new (code: string, field?: string) => Error;
}

/** A middleware, as both packages make them. */
export type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void;

/** One part of a form: its header lines (as sent) and its body. */
export interface Part {
  headers: string[];
  body: string | Buffer;
}

/** A text field part. */
export function field(name: string, value: string | Buffer): Part {
  return { headers: [`Content-Disposition: form-data; name="${name}"`], body: value };
}

/** A file part. */
export function filePart(
  name: string,
  filename: string,
  body: string | Buffer,
  type = 'application/octet-stream',
): Part {
  return {
    headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
    body,
  };
}

/** A multipart/form-data body: each part after a delimiter, then the closing delimiter. */
export function form(boundary: string, parts: readonly Part[], closing = `--${boundary}--\r\n`): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers.map((h) => `${h}\r\n`).join('')}\r\n`, 'latin1'));
    chunks.push(typeof part.body === 'string' ? Buffer.from(part.body, 'latin1') : part.body);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(closing, 'latin1'));
  return Buffer.concat(chunks);
}

/** The Content-Type of a form with `boundary`. */
export const typeOf = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** A request carrying `body` in chunks of `chunk` bytes (0: one chunk), with the headers given. */
export function request(
  body: Buffer,
  headers: Record<string, string>,
  chunk = 0,
): Readable & { headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  if (chunk > 0) for (let i = 0; i < body.length; i += chunk) chunks.push(body.subarray(i, i + chunk));
  else chunks.push(body);
  return Object.assign(Readable.from(chunks, { objectMode: false }), { headers });
}

/** What a middleware made of a request, as plain data. */
export interface Outcome {
  err?: { name: string; message: string; code?: unknown; field?: unknown; filename?: unknown };
  body?: string;
  file?: string;
  files?: string;
}

/** A file as plain data (its buffer as latin1 text), without stream or storage details. */
function plainFile(f: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) out[k] = Buffer.isBuffer(v) ? `<${v.toString('latin1')}>` : v;
  return out;
}

function plainFiles(files: unknown): string | undefined {
  if (files === undefined) return undefined;
  if (Array.isArray(files)) return JSON.stringify(files.map(plainFile));
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(files as object).map(([k, v]) => [k, (v as Record<string, unknown>[]).map(plainFile)]),
    ),
  );
}

/** `undefined` values kept visible in JSON (a field decoded with an unknown charset). */
const json = (value: unknown) => JSON.stringify(value, (_k, v) => (v === undefined ? '<undefined>' : v));

/** Runs `middleware` on `req`; settles with the outcome (or `hang` after `ms`). */
export function outcome(
  middleware: Middleware,
  req: Readable & { headers: object },
  ms = 2000,
): Promise<Outcome | 'hang'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('hang'), ms);
    const r = req as unknown as { body?: unknown; file?: Record<string, unknown>; files?: unknown };
    (middleware as (req: unknown, res: unknown, next: (err?: unknown) => void) => void)(req, {}, (err) => {
      clearTimeout(timer);
      if (err) {
        const e = err as Record<string, unknown>;
        resolve({
          err: { name: String(e.name), message: String(e.message), code: e.code, field: e.field, filename: e.filename },
        });
        return;
      }
      resolve({
        body: json(r.body),
        file: r.file === undefined ? undefined : JSON.stringify(plainFile(r.file)),
        files: plainFiles(r.files),
      });
    });
  });
}
