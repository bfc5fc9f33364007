// Shared helpers of the logger tests: a capturing stream, a server running middleware (on the
// repository's shared test/support/http.ts), and a child-process runner.
import { execFile } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve as serveListener, type Reply, type TestServer } from '../../../test/support/http.js';

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

/**
 * A server on 127.0.0.1 running `stack` in order, then `handler` (an error passed to `next` is
 * answered 500 with its text); requests, raw requests and aborted ones go through the returned
 * shared TestServer (test/support/http.ts).
 */
export function serve(stack: Middleware[], handler: Handler): Promise<TestServer> {
  return serveListener((req: IncomingMessage, res: ServerResponse) => {
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
}

export type { Reply, TestServer };

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
 * root) and resolves with its exit code, stdout and stderr. Killed after `timeout` ms. `env` is
 * added to this process's environment (a value `undefined` removes that variable).
 */
export function runChild(
  code: string,
  timeout = 10_000,
  nodeArgs: string[] = [],
  env: Record<string, string | undefined> = {},
) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [...nodeArgs, '--conditions=@brisk/source', '--import', 'tsx', '--input-type=module', '-e', code],
      { cwd: REPO_ROOT, timeout, env: childEnv },
      (err, stdout, stderr) => {
        const exit = err ? ((err as { code?: unknown }).code as number | null) : 0;
        resolve({ code: typeof exit === 'number' ? exit : null, stdout, stderr });
      },
    );
  });
}
