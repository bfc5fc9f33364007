// typeis(req, types) (drop-in for type-is 2.1.0): does a request have a body, and is its
// Content-Type one of the given types (media types, extension names, wildcards, +suffixes)?
import { lookup } from '@brisk/mime';
import { parseContentType } from './media-type.js';

/** A request-like object: only its `headers` are read (node's `IncomingMessage` fits). */
export interface TypeIsRequest {
  /** Request headers by lower-case name. */
  headers: { [name: string]: string | string[] | undefined };
  /** node:http2's request: its stream, whose `endAfterHeaders` says the request has no body. */
  stream?: { endAfterHeaders?: boolean } | undefined;
}

/** Types to test, as one array or as arguments. */
export type TypeList = string | readonly string[];

/** What `typeis` is: the request test, with the lower-level tests as properties. */
export interface TypeIsFunction {
  /**
   * The first of `types` that the request's Content-Type matches, `false` when none does (or the
   * Content-Type is missing or invalid), `null` when the request has no body. Without types: the
   * request's media type. An extension name, `urlencoded` or `multipart` is returned as given; a
   * type with `*` or starting with `+` returns the request's media type.
   * @example
   * // Content-Type: application/json; charset=utf-8
   * typeis(req, ['json', 'urlencoded']) // 'json'
   * typeis(req, 'application/*') // 'application/json'
   * typeis(req, '+json') // 'application/json'
   */
  (req: TypeIsRequest, types?: TypeList, ...more: string[]): string | false | null;
  /** `is(mediaType, types)`: as `typeis` for a Content-Type value (or a request, body or not). */
  is: typeof is;
  /** Whether the request has a body: a Transfer-Encoding header, or a numeric Content-Length. */
  hasBody: typeof hasBody;
  /** A type as a media type: extension names looked up, `+json` → `*\/*+json`; `false` if unknown. */
  normalize: typeof normalize;
  /** Whether media type `actual` matches `expected`, which may hold `*` and `*+suffix` wildcards. */
  match: typeof match;
}

// Media types as type-is 2.1.0 (media-typer 1.1) accepts them, RFC 6838 §4.2, lower-cased first:
//
//   type-name       = restricted-name
//   subtype-name    = restricted-name
//   restricted-name = restricted-name-first *126restricted-name-chars
//   restricted-name-first = ALPHA / DIGIT
//   restricted-name-chars = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "-" / "^" / "_"
//                         / "." / "+"   ; subtype only
//
// One character class per part and bounded repetition, anchored: matching is linear.
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The lower-cased media type of a Content-Type value, without parameters, or null if invalid. */
function mediaTypeOf(value: unknown): string | null {
  if (!value || typeof value !== 'string') return null;
  const type = parseContentType(value, { parameters: false }).type;
  return MEDIA_TYPE.test(type) ? type : null;
}

/**
 * A type as a media type to match: `urlencoded` → `application/x-www-form-urlencoded`,
 * `multipart` → `multipart/*`, `+json` → `*\/*+json`, an extension name (no "/") looked up,
 * anything else as given. `false` for an unknown extension or a non-string.
 * @example
 * normalize('json') // 'application/json'
 */
export function normalize(type: unknown): string | false {
  if (typeof type !== 'string') return false;
  if (type === 'urlencoded') return 'application/x-www-form-urlencoded';
  if (type === 'multipart') return 'multipart/*';
  if (type[0] === '+') return '*/*' + type;
  return type.indexOf('/') === -1 ? lookup(type) : type;
}

/**
 * Whether media type `actual` (`type/subtype`) matches `expected`, where `*` stands for any type
 * or subtype and `*+suffix` for any subtype ending in `+suffix`. Case-sensitive; `false` never
 * matches.
 * @example
 * match('application/*+json', 'application/vnd.api+json') // true
 */
export function match(expected: string | false, actual: string): boolean {
  if (typeof expected !== 'string' || typeof actual !== 'string') return false;
  const as = actual.indexOf('/');
  const es = expected.indexOf('/');
  // exactly one "/" in each
  if (as === -1 || es === -1 || actual.indexOf('/', as + 1) !== -1 || expected.indexOf('/', es + 1) !== -1)
    return false;

  if (!(es === 1 && expected.charCodeAt(0) === 0x2a) && (es !== as || !actual.startsWith(expected.slice(0, es))))
    return false;

  const expectedSub = expected.slice(es + 1);
  const actualSub = actual.slice(as + 1);
  if (expectedSub.charCodeAt(0) === 0x2a /* * */ && expectedSub.charCodeAt(1) === 0x2b /* + */) {
    return expectedSub.length <= actualSub.length + 1 && actualSub.endsWith(expectedSub.slice(1));
  }
  return expectedSub === '*' || expectedSub === actualSub;
}

/** The types of a call: one array, or every argument when the first is truthy. */
function typesOf(args: readonly unknown[]): readonly unknown[] | undefined {
  const first = args[0];
  return first && !Array.isArray(first) ? args : (first as readonly unknown[] | undefined);
}

/**
 * The first of `types` that Content-Type value `mediaType` matches, `false` when none does or the
 * value is missing or invalid; without types, the value's media type. A request-like object
 * stands for its Content-Type header (whether it has a body or not).
 * @example
 * is('text/html; charset=utf-8', ['json', 'html']) // 'html'
 */
export function is(
  mediaType: string | TypeIsRequest | null | undefined,
  types?: TypeList,
  ...more: string[]
): string | false;
export function is(mediaType: unknown, ...args: unknown[]): string | false {
  const value =
    mediaType && typeof mediaType === 'object' ? (mediaType as TypeIsRequest).headers['content-type'] : mediaType;
  return firstMatch(value, typesOf(args));
}

/** The first of `types` that Content-Type value `value` matches (see `is`). */
function firstMatch(value: unknown, types: readonly unknown[] | undefined): string | false {
  const actual = mediaTypeOf(value);
  if (!actual) return false;
  if (!types?.length) return actual;
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    const expected = normalize(type);
    if (expected === actual || match(expected, actual)) {
      return (type as string)[0] === '+' || (type as string).indexOf('*') !== -1 ? actual : (type as string);
    }
  }
  return false;
}

/**
 * Whether a request has a body: it has a Transfer-Encoding header, or a Content-Length header
 * that reads as a number (`''` included, as type-is 2.1.0 reads it). Over HTTP/2, which has no
 * Transfer-Encoding and where Content-Length is optional, also when the request's stream did not
 * end with its headers (type-is says no body there, so Express's parsers skip HTTP/2 bodies).
 */
export function hasBody(req: TypeIsRequest): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    !Number.isNaN(Number(req.headers['content-length'])) ||
    req.stream?.endAfterHeaders === false
  );
}

/** `typeis(req, types)`: see `TypeIsFunction`. */
function typeofrequest(req: TypeIsRequest, ...args: unknown[]): string | false | null {
  if (!hasBody(req)) return null;
  // several arguments: the types; one: an array of types or a single type
  const types = args.length > 1 ? args : typesOf(args);
  return firstMatch(req.headers['content-type'], types);
}

/**
 * Whether a request's Content-Type is one of `types` (`null` when it has no body), with
 * `typeis.is`, `typeis.hasBody`, `typeis.normalize` and `typeis.match` as in type-is 2.1.0.
 * @example
 * typeis(req, ['urlencoded', 'json', 'multipart'])
 */
export const typeis: TypeIsFunction = Object.assign(typeofrequest, { is, hasBody, normalize, match });
