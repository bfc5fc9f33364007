/**
 * The default filter: is the response's media type worth compressing? The answer is the
 * `compressible` package's (2.0.18, which compression 1.8 uses): mime-db's `compressible` mark
 * when the type has one, otherwise a pattern. mime-db is not a dependency: the few types whose
 * mark differs from the pattern are generated into `compressible-types.ts` from the same mime-db
 * release `@brisk/mime` is generated from (scripts/gen-compressible.mjs).
 */
import { COMPRESSIBLE, INCOMPRESSIBLE } from './compressible-types.js';
import type { CompressionRequest, CompressionResponse } from './types.js';

/**
 * The media type of a `Content-Type` value: what precedes the first `;` or white space, after
 * leading white space (compressible's EXTRACT_TYPE_REGEXP, `\s` as JavaScript reads it). Linear:
 * the two repeated classes are disjoint and the expression is anchored.
 */
const EXTRACT_TYPE = /^\s*([^;\s]*)(?:;|\s|$)/;

/**
 * Types mime-db says nothing about are compressible when the type is `text/*` or its subtype has
 * the structured syntax suffix `+json`, `+text` or `+xml` (RFC 6839 §3.1, §4.1).
 */
const COMPRESSIBLE_PATTERN = /^text\/|\+(?:json|text|xml)$/i;

const marked = new Set(COMPRESSIBLE);
const unmarked = new Set(INCOMPRESSIBLE);

/**
 * `true` when a `Content-Type` value names a compressible media type (parameters and case do
 * not matter), as `compressible(type)` answers; `false` for anything else, a non-string included.
 */
export function compressible(type: unknown): boolean {
  if (typeof type !== 'string' || type === '') return false;
  const match = EXTRACT_TYPE.exec(type);
  const mime = match === null ? '' : match[1].toLowerCase();
  if (marked.has(mime)) return true;
  if (unmarked.has(mime)) return false;
  return COMPRESSIBLE_PATTERN.test(mime);
}

/**
 * The default filter (`compression.filter`): `true` when the response's `Content-Type` is
 * compressible. Call it from a filter of your own to extend it.
 *
 * @example
 * app.use(compression({
 *   filter: (req, res) => !req.headers['x-no-compression'] && compression.filter(req, res),
 * }));
 */
export function shouldCompress(req: CompressionRequest, res: CompressionResponse): boolean {
  return compressible(res.getHeader('Content-Type'));
}
