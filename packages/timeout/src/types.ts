// The types of @brisk/timeout: its options, its middleware and the request it leaves.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request as the middleware leaves it: connect-timeout's two members added. */
export interface TimeoutRequest extends IncomingMessage {
  /** `true` once the deadline has passed (`false` from the middleware on). */
  timedout: boolean;
  /** Stops the deadline: it will not fire for this request. */
  clearTimeout(): void;
}

/** What `timeout(time, options)` takes. */
export interface TimeoutOptions {
  /**
   * When the deadline passes, send the 503 `ETIMEDOUT` error to `next` (default `true`).
   * With `false`, only `req.timedout`, the `'timeout'` event and `req.signal` tell.
   */
  respond?: boolean | undefined;
}

/** The middleware `timeout()` returns. */
export type TimeoutMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
