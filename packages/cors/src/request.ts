// What cors() reads of a request and does to a response, and the forms of `origin`: the types every
// other file builds on (no import above them).
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A fixed `origin` option: `true` reflects the request's `Origin`, `false` turns CORS off, a
 * string is sent as it is (`'*'`: any origin), a RegExp reflects an `Origin` it matches (tested
 * as `regexp.test(origin)`: anchor it, see the README), and an array reflects an `Origin` that
 * any of its entries allows.
 */
export type StaticOrigin = boolean | string | RegExp | readonly (boolean | string | RegExp)[];

/**
 * An `origin` function: decides per request. Call `callback(err, origin)` with an error or with
 * a {@link StaticOrigin} (a falsy one, such as `false`, sends no CORS headers at all), or return
 * a promise of that {@link StaticOrigin} (an `async` function); a throw or a rejection goes to the
 * error handler, as `next(err)`. A function with two parameters that returns a promise is waited
 * for through its callback; its promise's value is used only when it is not `undefined`.
 *
 * @param requestOrigin - the request's `Origin` header, or `undefined` without one
 * @example
 * const allowed = new Set(['https://a.example', 'https://b.example']);
 * cors({ origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)) });
 * cors({ origin: async (origin) => (origin ? await db.isAllowed(origin) : false) });
 */
export type CustomOrigin = (
  requestOrigin: string | undefined,
  callback: (err: Error | null, origin?: StaticOrigin) => void,
  // biome-ignore lint/suspicious/noConfusingVoidType: an async function that answers through its callback returns Promise<void>
) => void | PromiseLike<StaticOrigin | null | undefined | void>;

/** What `cors()` reads of a request: its method and headers (`Origin`, `Access-Control-Request-Headers`). */
export interface CorsRequest {
  method?: string | undefined;
  headers: IncomingHttpHeaders;
}

/**
 * What `cors()` does to a response: sets headers (merging `Vary` with what is there) and, for a
 * preflight request it answers, the status, and ends it. Node's `ServerResponse`, its HTTP/2
 * compatibility response and Express's response all are one.
 */
export interface CorsResponse {
  statusCode?: number | undefined;
  getHeader(name: string): string | number | readonly string[] | undefined;
  setHeader(name: string, value: string): unknown;
  end(): unknown;
}
