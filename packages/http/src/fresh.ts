/**
 * HTTP conditional-GET freshness, a drop-in for `fresh@2.0.0`.
 * @module
 */

/** The request headers {@link fresh} reads (node's `req.headers` fits). */
export interface FreshRequestHeaders {
  /** A date: fresh when the response was not modified after it. */
  'if-modified-since'?: string | undefined;
  /** `*` or a comma-separated list of entity tags: fresh when one matches the response's. */
  'if-none-match'?: string | undefined;
  /** `no-cache` here forces a full response (an end-to-end reload). */
  'cache-control'?: string | undefined;
}

/** The response headers {@link fresh} reads, lower-cased. */
export interface FreshResponseHeaders {
  /** The response's entity tag. */
  etag?: string | number | readonly string[] | undefined;
  /** The response's last modification date. */
  'last-modified'?: string | number | readonly string[] | undefined;
}

/**
 * `no-cache` as one element of the request's `Cache-Control` list (RFC 9111 §5.2.1.4):
 *   Cache-Control = #cache-directive ; a comma-separated list, optional whitespace around elements
 * Linear: the only candidate starts are the string start and each comma, and each one scans
 * the whitespace run that follows it, which no other start scans.
 */
const NO_CACHE_REGEXP = /(?:^|,)\s*no-cache\s*(?:,|$)/;

/**
 * Check whether a cached response is still fresh for a request, so that the server can answer
 * `304 Not Modified`.
 *
 * - A request without `If-None-Match` and `If-Modified-Since` is never fresh.
 * - `Cache-Control: no-cache` in the request makes it stale.
 * - `If-None-Match` wins over `If-Modified-Since`: `*` is fresh; otherwise fresh when one of the
 *   listed tags equals the response's `ETag` (weak comparison: `W/` is ignored on either side).
 * - `If-Modified-Since`: fresh when `Last-Modified` is present and not later than it.
 *
 * @param reqHeaders - the request headers (`req.headers`)
 * @param resHeaders - the response headers, lower-cased: `etag` and `last-modified`
 * @returns true when the client's copy is fresh
 * @example
 * if (fresh(req.headers, { etag: res.getHeader('ETag') })) { res.statusCode = 304; res.end(); }
 */
export function fresh(reqHeaders: FreshRequestHeaders, resHeaders: FreshResponseHeaders): boolean {
  const modifiedSince = reqHeaders['if-modified-since'];
  const noneMatch = reqHeaders['if-none-match'];

  // unconditional request
  if (!modifiedSince && !noneMatch) return false;

  // an end-to-end reload (RFC 9111 §5.2.1.4) always gets the full response
  const cacheControl = reqHeaders['cache-control'];
  if (cacheControl && NO_CACHE_REGEXP.test(cacheControl)) return false;

  // If-None-Match takes precedence over If-Modified-Since
  if (noneMatch) {
    if (noneMatch === '*') return true;
    const etag = resHeaders.etag;
    if (!etag) return false;
    // a non-string tag (upstream compares with ===) can only equal a listed `W/<tag>`
    return typeof etag === 'string'
      ? matchesTag(String(noneMatch), etag, true)
      : matchesTag(String(noneMatch), 'W/' + String(etag), false);
  }

  const lastModified = resHeaders['last-modified'];
  return !!lastModified && parseHttpDate(lastModified) <= parseHttpDate(modifiedSince);
}

/**
 * Whether one element of the If-None-Match list matches `etag`: equal, or with `weak`, equal
 * once one side gets a `W/` prefix. Elements are split on `,`, with spaces around them dropped.
 */
function matchesTag(list: string, etag: string, weak: boolean): boolean {
  const len = list.length;
  let start = 0;
  let end = 0;
  for (let i = 0; i <= len; i++) {
    const c = i === len ? 0x2c : list.charCodeAt(i);
    if (c === 0x20) {
      // leading space: skip it; inner or trailing spaces stay outside [start, end)
      if (start === end) start = end = i + 1;
    } else if (c === 0x2c) {
      if (weak ? sameTag(list, start, end, etag) : end - start === etag.length && list.slice(start, end) === etag) {
        return true;
      }
      start = end = i + 1;
    } else {
      end = i + 1;
    }
  }
  return false;
}

/** `match === etag || match === 'W/' + etag || 'W/' + match === etag` for `match` = list[start, end). */
function sameTag(list: string, start: number, end: number, etag: string): boolean {
  const n = end - start;
  const e = etag.length;
  if (n === e) return list.slice(start, end) === etag;
  if (n === e + 2) return isWeakPrefix(list, start) && list.slice(start + 2, end) === etag;
  if (n + 2 === e) return isWeakPrefix(etag, 0) && list.slice(start, end) === etag.slice(2);
  return false;
}

/** Whether `W/` stands at `i`. */
const isWeakPrefix = (str: string, i: number): boolean => str.charCodeAt(i) === 0x57 && str.charCodeAt(i + 1) === 0x2f;

/** An HTTP date as a timestamp; NaN when invalid (then every comparison is false). */
function parseHttpDate(date: unknown): number {
  return Date.parse(date as string);
}
