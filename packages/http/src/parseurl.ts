/**
 * Memoized request URL parsing, a drop-in for `parseurl@1.3.3`.
 * @module
 */
import * as nodeUrl from 'node:url';
// `parse` imported by name: read off the namespace, the bundler names it as an import `parse` and
// renames contentDisposition's own `parse` to `parse2` in the build.
import { parse as urlParse } from 'node:url';

/**
 * A parsed URL: a legacy `url.Url` (as `url.parse` returns), plus the string it was parsed from.
 * The fast path fills `path`, `href`, `pathname` and, when there is a `?`, `search` and `query`
 * (the raw query string, never an object); the other fields stay null.
 */
export interface ParsedUrl extends nodeUrl.Url {
  /** The exact string that was parsed: the cache is reused while the request's URL equals it. */
  _raw: string;
}

/** The request fields {@link parseurl} reads and writes (node's `IncomingMessage` fits). */
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

/** Whether a value is a class: node:url's `Url` is one, which @types/node declares only as an interface. */
function isUrlClass(value: unknown): value is new () => nodeUrl.Url {
  return typeof value === 'function';
}

/** node:url's legacy `Url` class, the class of what `url.parse` returns. */
function urlClass(module: object): new () => nodeUrl.Url {
  const Url = 'Url' in module ? module.Url : undefined;
  if (!isUrlClass(Url)) throw new TypeError('node:url exports no Url class');
  return Url;
}

const Url = /* @__PURE__ */ urlClass(nodeUrl);

/**
 * Parse a URL. `/path?query` without whitespace, `#` or other oddities takes a fast path that
 * splits at the first `?` (what `url.parse` would do for it); anything else goes to `url.parse`.
 */
function fastParse(str: string): ParsedUrl {
  if (typeof str !== 'string' || str.charCodeAt(0) !== 0x2f /* / */) {
    return urlParse(str) as ParsedUrl;
  }

  let q = -1;
  for (let i = 1, len = str.length; i < len; i++) {
    switch (str.charCodeAt(i)) {
      case 0x3f /* ? */:
        if (q === -1) q = i;
        break;
      // what `url.parse` trims, splits or escapes: leave those URLs to it
      case 0x09 /* \t */:
      case 0x0a /* \n */:
      case 0x0c /* \f */:
      case 0x0d /* \r */:
      case 0x20 /* space */:
      case 0x23 /* # */:
      case 0xa0 /* no-break space */:
      case 0xfeff /* byte order mark */:
        return urlParse(str) as ParsedUrl;
    }
  }

  const url = new Url() as ParsedUrl;
  url.path = str;
  url.href = str;
  if (q === -1) {
    url.pathname = str;
  } else {
    url.pathname = str.slice(0, q);
    url.query = str.slice(q + 1);
    url.search = str.slice(q);
  }
  return url;
}

/** A cached parse is reused while it is a `Url` parsed from the same string. */
function isFresh(url: string, parsed: unknown): parsed is ParsedUrl {
  return typeof parsed === 'object' && parsed !== null && parsed instanceof Url && (parsed as ParsedUrl)._raw === url;
}

/**
 * Parse `req.url`, memoized on `req._parsedUrl` while `req.url` is unchanged.
 *
 * @param req - the request
 * @returns the parsed URL, or undefined when `req.url` is undefined
 * @example
 * parseurl(req).pathname // '/search' for GET /search?q=x
 */
function parseRequestUrl(req: ParseurlRequest): ParsedUrl | undefined {
  const url = req.url;
  if (url === undefined) return undefined;

  const cached = req._parsedUrl;
  if (isFresh(url, cached)) return cached;

  const parsed = fastParse(url);
  parsed._raw = url;
  return (req._parsedUrl = parsed);
}

/**
 * Parse `req.originalUrl` (falling back to {@link parseurl} when it is not a string), memoized on
 * `req._parsedOriginalUrl` while `req.originalUrl` is unchanged.
 *
 * @param req - the request
 * @returns the parsed URL, or undefined when neither URL is set
 * @example
 * parseurl.original(req).pathname // '/admin/users' inside a router mounted at /admin
 */
export function original(req: ParseurlRequest): ParsedUrl | undefined {
  const url = req.originalUrl;
  if (typeof url !== 'string') return parseRequestUrl(req);

  const cached = req._parsedOriginalUrl;
  if (isFresh(url, cached)) return cached;

  const parsed = fastParse(url);
  parsed._raw = url;
  return (req._parsedOriginalUrl = parsed);
}

/** {@link parseurl}: callable, with {@link original} as a property, as the `parseurl` module is. */
export interface Parseurl {
  /**
   * Parse `req.url`, memoized on `req._parsedUrl`.
   * @param req - the request
   */
  (req: ParseurlRequest): ParsedUrl | undefined;
  /** Parse `req.originalUrl` (or `req.url`), memoized on `req._parsedOriginalUrl`. */
  original: typeof original;
}

/**
 * Parse `req.url` into a `Url` (`pathname`, `search`, `query` as a string, `path`, `href`), memoized
 * on `req._parsedUrl` while `req.url` is unchanged; undefined when `req.url` is undefined.
 * `parseurl.original(req)` does the same for `req.originalUrl`.
 *
 * @example
 * const { pathname, query } = parseurl(req); // '/search', 'q=x' for GET /search?q=x
 */
export const parseurl: Parseurl = Object.assign(
  function parseurl(req: ParseurlRequest): ParsedUrl | undefined {
    return parseRequestUrl(req);
  },
  { original },
);
