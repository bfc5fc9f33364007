// The small HTML responses send and serve-static make themselves: error pages and directory
// redirects, with the markup and headers of send 1.2 / serve-static 2.2.
import type { ServerResponse } from 'node:http';
import { encodeUrl, escapeHtml } from '@brisk/http';

/**
 * A minimal HTML document. `title` and `body` are inserted as given: escape them first.
 */
export function htmlDocument(title: string, body: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<title>${title}</title>\n</head>\n<body>\n<pre>${body}</pre>\n</body>\n</html>\n`
  );
}

/** Replaces every leading run of `/` by one `/`, so the result cannot be read as `//host`. */
export function collapseLeadingSlashes(str: string): string {
  let i = 0;
  while (i < str.length && str.charCodeAt(i) === 0x2f /* / */) i++;
  return i > 1 ? '/' + str.slice(i) : str;
}

/** Every `\`, to be encoded in a redirect. */
const BACKSLASHES = /\\/g;

/**
 * The `Location` of a directory redirect built from the request's path: `encodeUrl`, then `\` as
 * `%5C` (decision 010). Browsers read `\` as `/`, so `/\evil.com/` would be `//evil.com/`, another
 * host; `%5C` decodes back to `\` on this server, so the redirect still names the same directory.
 * Leading `/` runs are collapsed by the caller ({@link collapseLeadingSlashes}).
 */
export function encodeLocation(url: string): string {
  const encoded = encodeUrl(url);
  return encoded.indexOf('\\') === -1 ? encoded : encoded.replace(BACKSLASHES, '%5C');
}

/**
 * Sets the status and headers of an HTML page, with the headers send uses for its own pages
 * (`Content-Security-Policy: default-src 'none'`, `X-Content-Type-Options: nosniff`).
 */
export function setHtmlHeaders(res: ServerResponse, status: number, doc: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.setHeader('Content-Length', Buffer.byteLength(doc));
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * Answers `301 Moved Permanently` to `location` (already URL-encoded), with an HTML body that
 * shows it escaped.
 */
export function redirectTo(res: ServerResponse, location: string): void {
  const doc = htmlDocument('Redirecting', `Redirecting to ${escapeHtml(location)}`);
  setHtmlHeaders(res, 301, doc);
  res.setHeader('Location', location);
  res.end(doc);
}
