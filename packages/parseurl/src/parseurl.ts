// `require('@brisk/parseurl')`: memoized request URL parsing, a drop-in for parseurl 1.3.3. The
// module is the `parseurl` function, with `original` as a property and the types as a namespace
// (`parseurl.ParsedUrl`).
// The module's default import (not `import * as`, whose interop helper would weigh more than this
// file's code): node:url's `Url` class is read off it.
import nodeUrl from 'node:url';
import { parse as urlParse } from 'node:url';
import type { ParsedUrl, ParseurlRequest } from './types.js';
import * as urls from './types.js'; // types only, for the namespace

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
 * Parse `req.originalUrl` (falling back to {@link parseurl} when it is not a string), memoized on
 * `req._parsedOriginalUrl` while `req.originalUrl` is unchanged. `parseurl.original` is this
 * function (named `originalurl`, as upstream's).
 *
 * @param req - the request
 * @returns the parsed URL, or undefined when neither URL is set
 * @example
 * parseurl.original(req).pathname // '/admin/users' inside a router mounted at /admin
 */
export function originalurl(req: ParseurlRequest): ParsedUrl | undefined {
  const url = req.originalUrl;
  if (typeof url !== 'string') return parseurl(req);

  const cached = req._parsedOriginalUrl;
  if (isFresh(url, cached)) return cached;

  const parsed = fastParse(url);
  parsed._raw = url;
  return (req._parsedOriginalUrl = parsed);
}

/**
 * Parse `req.url` into a `Url` (`pathname`, `search`, `query` as a string, `path`, `href`), memoized
 * on `req._parsedUrl` while `req.url` is unchanged; undefined when `req.url` is undefined.
 * `parseurl.original(req)` does the same for `req.originalUrl`. `require('@brisk/parseurl')` is
 * this function.
 *
 * @param req - the request
 * @returns the parsed URL, or undefined when `req.url` is undefined
 * @example
 * const { pathname, query } = parseurl(req); // '/search', 'q=x' for GET /search?q=x
 */
export function parseurl(req: ParseurlRequest): ParsedUrl | undefined {
  const url = req.url;
  if (url === undefined) return undefined;

  const cached = req._parsedUrl;
  if (isFresh(url, cached)) return cached;

  const parsed = fastParse(url);
  parsed._raw = url;
  return (req._parsedUrl = parsed);
}

export namespace parseurl {
  /** Parse `req.originalUrl` (or `req.url`), memoized on `req._parsedOriginalUrl`. */
  export const original = originalurl;
}

/** The types, also as `parseurl.ParsedUrl`. */
export declare namespace parseurl {
  /** A parsed URL: a legacy `url.Url` plus `_raw`, the string it was parsed from. */
  export import ParsedUrl = urls.ParsedUrl;
  /** The request fields parseurl reads and writes (node's `IncomingMessage` fits). */
  export import ParseurlRequest = urls.ParseurlRequest;
  /** The type of `parseurl`: callable, with `original`. */
  export import Parseurl = urls.Parseurl;
}
