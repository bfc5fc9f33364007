// Test doubles for @brisk/cors's unit tests: a response that records every `setHeader` call in
// order (what cors 2.8.6 does to a response is exactly that list), and a way to run a middleware
// and collect what it did.

/** A response recording `setHeader` calls; header names are case-insensitive, as node's are. */
export class RecordingResponse {
  statusCode = 200;
  ended = false;
  readonly calls: [string, unknown][] = [];
  readonly #headers = new Map<string, unknown>();

  getHeader(name: string): string | number | readonly string[] | undefined {
    return this.#headers.get(name.toLowerCase()) as string | undefined;
  }

  setHeader(name: string, value: unknown): this {
    this.calls.push([name, value]);
    this.#headers.set(name.toLowerCase(), value);
    return this;
  }

  end(): void {
    this.ended = true;
  }
}

/** What a middleware did to a request: the headers it set in order, the status, and how it ended. */
export interface Outcome {
  calls: [string, unknown][];
  statusCode: number;
  ended: boolean;
  /** The arguments `next` got (`undefined` when it was not called), and how often it was called. */
  next: unknown[] | undefined;
  nextCalls: number;
}

type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void;

/** Runs `mw` on a request with `method`, `headers` (and a `Vary` set beforehand), waits for it to settle. */
export async function run(
  mw: Middleware,
  method: string,
  headers: Record<string, string | undefined>,
  vary?: string,
): Promise<Outcome> {
  const res = new RecordingResponse();
  if (vary !== undefined) res.setHeader('Vary', vary);
  const before = res.calls.length;
  let next: unknown[] | undefined;
  let nextCalls = 0;
  mw({ method, headers } as never, res as never, (...args: unknown[]) => {
    next = args;
    nextCalls++;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { calls: res.calls.slice(before), statusCode: res.statusCode, ended: res.ended, next, nextCalls };
}
