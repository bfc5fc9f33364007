// The public types of @brisk/cookie-parser: its options, and the request and middleware shapes.

import type { IncomingHttpHeaders } from 'node:http';

/** Options of `cookieParser()`: passed on to the Cookie header parser. */
export interface CookieParseOptions {
  /**
   * Decodes each cookie value. When it throws, the raw value is kept.
   * @default a `decodeURIComponent` that runs only when the value contains `%`
   */
  decode?: ((value: string) => string | undefined) | undefined;
}

/**
 * What the middleware reads and sets on a request: `headers.cookie` in; `cookies`,
 * `signedCookies` (prototype-less objects) and `secret` (the first secret, which
 * `res.cookie(name, value, { signed: true })` signs with) out.
 */
export interface CookieParserRequest {
  headers: IncomingHttpHeaders;
  cookies?: unknown;
  signedCookies?: unknown;
  secret?: unknown;
}

/** The middleware `cookieParser()` returns: `(req, res, next)`, as Express, connect or a plain server call it. */
export type CookieParserMiddleware = (req: CookieParserRequest, res: unknown, next: (err?: unknown) => void) => void;
