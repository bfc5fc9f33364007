// The options every parser takes, their types, and their validation at set-up time.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseBytes } from '@brisk/bytes';
import { typeTest, type TypeTest } from './type-test.js';

/**
 * Called with the raw body before it is decoded and parsed; throwing an error rejects the request
 * with status 403 (or the error's own `status`) and type `entity.verify.failed` (or its own
 * `type`).
 *
 * @param buf the raw body (inflated when the request was compressed)
 * @param encoding the charset the body will be decoded with (`'utf-8'`, ...); `null` for `raw`
 * @example
 * json({ verify(req, res, buf) { if (!validSignature(req, buf)) throw new Error('bad signature'); } })
 */
export type Verify = {
  // A method's parameters are checked both ways: a `verify` written for body-parser's types, with
  // `encoding: string`, type-checks too (the raw parser passes null).
  verify(req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null): void;
}['verify'];

/** Options of every parser. */
export interface Options {
  /**
   * Inflate `gzip`, `deflate` and `br` bodies (and `zstd` where the runtime's zlib has it); when
   * false, a compressed body is rejected with 415 `encoding.unsupported`.
   * @default true
   */
  inflate?: boolean | undefined;
  /**
   * The largest body accepted, in bytes after inflation: a number of bytes or a byte-size string
   * (`'1mb'`, read by `@brisk/bytes`). A larger body is rejected with 413 `entity.too.large`.
   * @default '100kb'
   */
  limit?: number | string | undefined;
  /**
   * Which requests the parser handles, by Content-Type: an extension name (`'json'`), a media type
   * (`'application/vnd.api+json'`), a wildcard (`'*\/*'`, `'text/*'`, `'*\/json'`, `'+json'`), an
   * array of these, or a function `fn(req)` whose truthy result means "parse".
   * @default per parser: 'application/json', 'application/octet-stream', 'text/plain' or
   * 'application/x-www-form-urlencoded'
   */
  type?: string | readonly string[] | ((req: IncomingMessage) => unknown) | undefined;
  /** Called with the raw body before parsing; a throw rejects the request (see {@link Verify}). */
  verify?: Verify | undefined;
}

/** The common options, validated, as a parser reads them per request. */
export interface Normalized {
  inflate: boolean;
  limit: number;
  verify: Verify | false;
  defaultCharset: string;
  shouldParse: TypeTest;
}

/** Options as they may arrive from JavaScript callers (any value in any field). */
export type Loose = { readonly [key: string]: unknown } | null | undefined;

/**
 * Validates the common options once, when the parser is created, with body-parser 2.4's defaults
 * and messages.
 *
 * @throws TypeError `option limit "<value>" is invalid`, `option verify must be function`
 */
export function normalizeOptions(options: Loose, defaultType: string): Normalized {
  const o = options || undefined;
  const rawLimit = o?.limit;
  const limit = rawLimit === undefined || rawLimit === null ? 102400 : parseBytes(rawLimit as string);
  if (limit === null) throw new TypeError(`option limit "${String(rawLimit)}" is invalid`);

  const verify = o?.verify || false;
  if (verify !== false && typeof verify !== 'function') throw new TypeError('option verify must be function');

  const type = (o?.type || defaultType) as string | readonly string[] | TypeTest;
  return {
    inflate: o?.inflate !== false,
    limit,
    verify: verify as Verify | false,
    defaultCharset: (o?.defaultCharset || 'utf-8') as string,
    shouldParse: typeTest(type),
  };
}
