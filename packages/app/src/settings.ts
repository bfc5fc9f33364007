// The settings that compile to functions when set (Express's `compileETag`, `compileQueryParser`,
// `compileTrust`): `app.set('etag', v)` also stores `etag fn`, and so on. Compiled once, when set,
// so that a request only calls the stored function.

import { parse as parseQueryString } from 'node:querystring';
import { etag } from '@brisk/http';
import { compile as compileProxyTrust, type TrustFunction } from '@brisk/proxy-addr';
import { parse as parseExtended } from '@brisk/qs';

/** An ETag generator: `fn(body, encoding)` → the header value (`app.set('etag', fn)`). */
export type ETagFunction = (body: string | Buffer, encoding?: BufferEncoding) => string | undefined;

/** A query string parser: the whole query string → the object `req.query` returns. */
export type QueryParser = (query: string) => Record<string, unknown>;

/** `trust proxy` compiled: `fn(address, hop)` → whether to trust that hop. */
export type TrustProxyFunction = (address: string | undefined, hop: number) => boolean;

/** An ETag generator for `etag(body)` with these options (the body as bytes in `encoding`). */
function etagGenerator(weak: boolean): ETagFunction {
  const options = { weak };
  return function generateETag(body, encoding) {
    // A string hashes as UTF-8 without a copy; another encoding is turned into its bytes first.
    const entity =
      typeof body !== 'string' || encoding === undefined || encoding === 'utf8' || encoding === 'utf-8'
        ? body
        : Buffer.from(body, encoding);
    return etag(entity, options);
  };
}

/** `W/"..."` ETags: the default (`true`, `'weak'`). */
export const weakETag: ETagFunction = etagGenerator(true);
/** Strong `"..."` ETags (`'strong'`). */
export const strongETag: ETagFunction = etagGenerator(false);

/**
 * The `etag fn` for an `etag` setting: a function as given, `true`/`'weak'` weak, `'strong'`
 * strong, `false` none.
 * @throws TypeError `unknown value for etag function: <v>`
 */
export function compileETag(value: unknown): ETagFunction | undefined {
  if (typeof value === 'function') return value as ETagFunction;
  switch (value) {
    case true:
    case 'weak':
      return weakETag;
    case false:
      return undefined;
    case 'strong':
      return strongETag;
    default:
      throw new TypeError('unknown value for etag function: ' + String(value));
  }
}

/** The `extended` query parser: qs with prototype keys allowed as plain keys (Express 5's options). */
function parseExtendedQueryString(query: string): Record<string, unknown> {
  return parseExtended(query, { allowPrototypes: true }) as Record<string, unknown>;
}

/**
 * The `query parser fn` for a `query parser` setting: a function as given, `true`/`'simple'`
 * node's `querystring.parse`, `'extended'` qs, `false` none.
 * @throws TypeError `unknown value for query parser function: <v>`
 */
export function compileQueryParser(value: unknown): QueryParser | undefined {
  if (typeof value === 'function') return value as QueryParser;
  switch (value) {
    case true:
    case 'simple':
      return parseQueryString;
    case false:
      return undefined;
    case 'extended':
      return parseExtendedQueryString;
    default:
      throw new TypeError('unknown value for query parser function: ' + String(value));
  }
}

/** Trusts every hop. */
function trustAll(): boolean {
  return true;
}

/**
 * The `trust proxy fn` for a `trust proxy` setting: a function as given; `true` every hop; a
 * number n the first n hops; a comma-separated string or an array of addresses, subnets and the
 * names `loopback`, `linklocal`, `uniquelocal`; anything falsy nothing.
 * @throws TypeError from @brisk/proxy-addr for an address or subnet it cannot parse
 */
export function compileTrust(value: unknown): TrustProxyFunction {
  if (typeof value === 'function') return value as TrustProxyFunction;
  if (value === true) return trustAll;
  if (typeof value === 'number') return (address, hop) => hop < value;
  let list = value;
  if (typeof list === 'string') list = list.split(',').map((entry) => entry.trim());
  return compileProxyTrust((list || []) as string[]) as TrustFunction as TrustProxyFunction;
}
