// The types of parseurl: what it reads from a request and what it returns.
import type * as nodeUrl from 'node:url';

/**
 * A parsed URL: a legacy `url.Url` (as `url.parse` returns), plus the string it was parsed from.
 * The fast path fills `path`, `href`, `pathname` and, when there is a `?`, `search` and `query`
 * (the raw query string, never an object); the other fields stay null.
 */
export interface ParsedUrl extends nodeUrl.Url {
  /** The exact string that was parsed: the cache is reused while the request's URL equals it. */
  _raw: string;
}

/** The request fields `parseurl` reads and writes (node's `IncomingMessage` fits). */
export interface ParseurlRequest {
  /** The request target, as node gives it (rewritten by routers when mounted). */
  url?: string | undefined;
  /** The URL before any rewriting (set by Express and its routers). */
  originalUrl?: string | undefined;
  /** Cache of `parseurl(req)`: Express and middleware read this property by this name. */
  _parsedUrl?: ParsedUrl | undefined;
  /** Cache of `parseurl.original(req)`, by upstream's name. */
  _parsedOriginalUrl?: ParsedUrl | undefined;
}

/** `parseurl`: callable, with `original` as a property, as the `parseurl` module is. */
export interface Parseurl {
  /**
   * Parse `req.url`, memoized on `req._parsedUrl`.
   * @param req - the request
   */
  (req: ParseurlRequest): ParsedUrl | undefined;
  /** Parse `req.originalUrl` (or `req.url`), memoized on `req._parsedOriginalUrl`. */
  original: (req: ParseurlRequest) => ParsedUrl | undefined;
}
