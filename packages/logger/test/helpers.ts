// Shared helpers of the logger tests: a capturing stream, a node:http server running middleware,
// requests that can be raw or aborted, and a child-process runner.
import { once } from 'node:events';
import { execFile } from 'node:child_process';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A stream collecting what the logger writes; `wait(n)` resolves once `n` writes arrived. */
export function capture() {
  const writes: string[] = [];
  let waiters: Array<() => void> = [];
  const stream = {
    write(chunk: string): boolean {
      writes.push(chunk);
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
      return true;
    },
  };
  async function wait(n = 1): Promise<string[]> {
    while (writes.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    return writes;
  }
  return { stream, writes, wait };
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server on 127.0.0.1 running `stack` in order, then `handler`. */
export async function serve(stack: Middleware[], handler: Handler) {
  const server = http.createServer((req, res) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) {
        res.statusCode = 500;
        res.end(String(err));
        return;
      }
      const mw = stack[i++];
      if (mw) mw(req, res, next);
      else handler(req, res);
    };
    next();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const close = (): void => {
    server.closeIdleConnections?.();
    server.close();
  };
  return { server, port, close };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with node:http (exact headers; no keep-alive). */
export function request(port: number, options: http.RequestOptions = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, agent: false, ...options }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode as number, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends raw bytes and resolves with everything the server answered, once it closes. */
export function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
  });
}

/** A promise and the function that resolves it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The file URL of the package's source entry, for child processes. */
export const SOURCE_URL = pathToFileURL(fileURLToPath(new URL('../src/index.ts', import.meta.url))).href;
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Runs an ES module `code` in a child node (with tsx and the source condition, from the repo
 * root) and resolves with its exit code, stdout and stderr. Killed after `timeout` ms.
 */
export function runChild(code: string, timeout = 10_000, nodeArgs: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [...nodeArgs, '--conditions=@brisk/source', '--import', 'tsx', '--input-type=module', '-e', code],
      { cwd: REPO_ROOT, timeout },
      (err, stdout, stderr) => {
        const exit = err ? ((err as { code?: unknown }).code as number | null) : 0;
        resolve({ code: typeof exit === 'number' ? exit : null, stdout, stderr });
      },
    );
  });
}
