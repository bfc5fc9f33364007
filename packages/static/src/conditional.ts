// Preconditions and If-Range (RFC 9110 §13.1, §13.2.2), evaluated as send 1.2 evaluates them.
// Freshness (If-None-Match / If-Modified-Since → 304) is @brisk/http's `fresh`.
import type { IncomingHttpHeaders } from 'node:http';

type HeaderValue = number | string | string[] | undefined;

/** An HTTP date as a timestamp (`Date.parse`), or NaN when absent or invalid. */
export function parseHttpDate(date: HeaderValue): number {
  // `date &&` keeps '' and 0 as they are, which Date.parse then rejects or reads as send does
  const timestamp = date && Date.parse(date as string);
  return typeof timestamp === 'number' ? timestamp : NaN;
}

/**
 * The elements of a comma-separated list (`If-Match`), with the spaces around each removed.
 * Scanned once; empty elements are dropped.
 */
export function parseTokenList(str: string): string[] {
  const list: string[] = [];
  let start = 0;
  let end = 0;
  for (let i = 0, len = str.length; i < len; i++) {
    switch (str.charCodeAt(i)) {
      case 0x20 /*   */:
        if (start === end) start = end = i + 1;
        break;
      case 0x2c /* , */:
        if (start !== end) list.push(str.substring(start, end));
        start = end = i + 1;
        break;
      default:
        end = i + 1;
        break;
    }
  }
  if (start !== end) list.push(str.substring(start, end));
  return list;
}

/** Whether the request carries any precondition header (send's "conditional GET"). */
export function isConditional(headers: IncomingHttpHeaders): boolean {
  return Boolean(
    headers['if-match'] || headers['if-unmodified-since'] || headers['if-none-match'] || headers['if-modified-since'],
  );
}

/**
 * Whether `If-Match` or, without it, `If-Unmodified-Since` fails against the response's `ETag`
 * and `Last-Modified` (→ 412). `If-Match` compares weakly (`W/"x"` matches `"x"`); without an
 * `ETag` it always fails unless... it never passes. An invalid `If-Unmodified-Since` is ignored.
 */
export function isPreconditionFailure(
  headers: IncomingHttpHeaders,
  etag: HeaderValue,
  lastModified: HeaderValue,
): boolean {
  const match = headers['if-match'];
  if (match) {
    if (!etag) return true;
    if (match === '*') return false;
    const tag = String(etag);
    const weak = 'W/' + tag;
    for (const m of parseTokenList(match)) {
      if (m === tag || m === weak || 'W/' + m === tag) return false;
    }
    return true;
  }

  const unmodifiedSince = parseHttpDate(headers['if-unmodified-since']);
  if (!Number.isNaN(unmodifiedSince)) {
    const modified = parseHttpDate(lastModified);
    return Number.isNaN(modified) || modified > unmodifiedSince;
  }
  return false;
}

/**
 * Whether a `Range` may be honoured given `If-Range`: true without it; for an entity tag
 * (it holds `"`), when the response's `ETag` occurs in it; for a date, when `Last-Modified` is
 * not later than it.
 */
export function isRangeFresh(ifRange: string | undefined, etag: HeaderValue, lastModified: HeaderValue): boolean {
  if (!ifRange) return true;
  if (ifRange.indexOf('"') !== -1) return Boolean(etag && ifRange.indexOf(String(etag)) !== -1);
  return parseHttpDate(lastModified) <= parseHttpDate(ifRange);
}
