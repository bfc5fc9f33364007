// type-is 3.0.0's API: the TypeIs class (compiled matchers, parameters that must match, a few
// shorthands), match(expected) returning a matcher, normalize with a lookup, DEFAULT_LOOKUP and
// DEFAULT_PARAMETER_VALUE. `typeis` stays type-is 2.1.0's function, which Express 5.3's body
// parsers use (decision 033). Media types are read by content-type 3's lenient parse
// (media-type.ts), as type-is 3 reads them.
import { hasBody, type TypeIsRequest } from './type-is.js';
import { isTokenValid, isTypeValid, type ParsedContentType, parseContentType } from './media-type.js';

/** Resolves a shorthand (no `/`, no leading `+`) to one media type or several, or `undefined`. */
export type TypeIsLookup = (value: string) => string | string[] | undefined;

/** Options of `typeis3.normalize`. */
export interface NormalizeOptions {
  /** Shorthands to media types. @default `typeis3.DEFAULT_LOOKUP` */
  lookup?: TypeIsLookup | undefined;
}

/** Normalizes a parameter value, configured and received alike, before they are compared. */
export type ParameterValue = (key: string, value: string) => string;

/** Options of {@link TypeIs}. */
export interface TypeIsOptions extends NormalizeOptions {
  /** How parameter values are compared. @default `typeis3.DEFAULT_PARAMETER_VALUE`: `charset` lower-cased, others as they are */
  parameterValue?: ParameterValue | undefined;
}

/**
 * type-is 3's shorthands: `json`, `multipart` and `urlencoded` only (type-is 2 looked up any
 * extension name; pass `lookup` from `@brisk/mime` for that).
 */
export function DEFAULT_LOOKUP(value: string): string | string[] | undefined {
  switch (value) {
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'multipart':
      return 'multipart/*';
    case 'json':
      return 'application/json';
    default:
      return undefined;
  }
}

/** The default {@link ParameterValue}: a `charset` value lower-cased, any other as it is. */
export function DEFAULT_PARAMETER_VALUE(key: string, value: string): string {
  return key === 'charset' ? value.toLowerCase() : value;
}

/**
 * A type as a media type, as type-is 3 does: a value with a `/` as it is, `+suffix` as
 * `*\/*+suffix`, anything else through `lookup` (the value itself when it gives nothing).
 *
 * @example
 * normalize('json') // 'application/json'
 * normalize('+xml') // '*\/*+xml'
 * normalize('html') // 'html' (no lookup for it)
 */
export function normalize(value: string, options?: NormalizeOptions): string | string[] {
  if (value.includes('/')) return value;
  if (value.startsWith('+')) return `*/*${value}`;
  const lookup = options?.lookup ?? DEFAULT_LOOKUP;
  return lookup(value) ?? value;
}

/**
 * Compiles `expected` (a media type, with `*` for a type or subtype and `*+suffix` for a subtype
 * ending in `+suffix`) into a function that tells whether a media type matches it. Case-sensitive
 * (a parsed type is lower-case).
 *
 * @throws {TypeError} `Invalid mime type: <expected>` when `expected` is not `type/subtype`
 * @example
 * match('application/*+json')('application/vnd.api+json') // true
 * match('*\/html')('text/html') // true
 */
export function match(expected: string): (actual: string) => boolean {
  const slash = expected.indexOf('/');
  if (slash === -1 || !isTypeValid(expected)) throw new TypeError(`Invalid mime type: ${expected}`);
  const type = expected.slice(0, slash);
  let subtype = expected.slice(slash + 1);
  let suffix = '';
  if (subtype.startsWith('*+')) {
    suffix = subtype.slice(1);
    subtype = '*';
  }
  if (type === '*' && subtype === '*') {
    if (!suffix) return (actual) => isTypeValid(actual);
    // any type, a subtype that ends in the suffix and is more than it
    return (actual) =>
      actual.charAt(actual.length - suffix.length - 1) !== '/' && actual.endsWith(suffix) && isTypeValid(actual);
  }
  if (type === '*') {
    return (actual) =>
      actual.charAt(actual.length - subtype.length - 1) === '/' &&
      actual.endsWith(subtype) &&
      isTokenValid(actual, 0, actual.length - subtype.length - 1);
  }
  if (subtype === '*') {
    return (actual) =>
      actual.charAt(type.length) === '/' &&
      actual.startsWith(type) &&
      actual.endsWith(suffix) &&
      isTokenValid(actual, type.length + 1, actual.length - suffix.length);
  }
  return (actual) => actual === expected;
}

/** One compiled type of a {@link TypeIs}. */
interface Pattern {
  /** The type as configured: what a match returns. */
  key: string;
  match: (actual: string) => boolean;
  /** Its parameters, values normalized. */
  parameters: Record<string, string>;
  hasParameters: boolean;
}

/**
 * A reusable Content-Type matcher, as type-is 3's `TypeIs`: the types are compiled once. Each
 * type is a media type (with `*` wildcards or a `*+suffix`), a `+suffix`, a shorthand
 * (`json`, `multipart`, `urlencoded`, or what `lookup` knows), optionally with parameters that
 * must match too (`text/html; charset=utf-8`).
 *
 * @throws {TypeError} `Invalid mime type: <type>` for a type that is not `type/subtype` once normalized
 * @example
 * const isJson = new TypeIs(['application/json', 'application/*+json']);
 * isJson.is('application/vnd.api+json; charset=utf-8') // 'application/*+json'
 * isJson.request(req) // the matching type, or undefined (also when the request has no body)
 */
export class TypeIs {
  private readonly hasParameters: boolean = false;
  private readonly patterns: Pattern[] = [];
  private readonly parameterValue: ParameterValue;

  constructor(types: readonly string[], options?: TypeIsOptions) {
    this.parameterValue = options?.parameterValue ?? DEFAULT_PARAMETER_VALUE;
    for (const key of types) {
      const parsed = parseContentType(key);
      const parameters = parsed.parameters;
      const names = Object.keys(parameters);
      for (const name of names) parameters[name] = this.parameterValue(name, parameters[name]!);
      const hasParameters = names.length > 0;
      if (hasParameters) this.hasParameters = true;
      const normalized = normalize(parsed.type, options);
      for (const type of Array.isArray(normalized) ? normalized : [normalized]) {
        this.patterns.push({ key, match: match(type), parameters, hasParameters });
      }
    }
  }

  /**
   * The first configured type that Content-Type value `value` matches, or `undefined`.
   * @example
   * new TypeIs(['json']).is('application/json; charset=utf-8') // 'json'
   */
  is(value: string): string | undefined {
    return this.contentType(parseContentType(value, { parameters: this.hasParameters }));
  }

  /**
   * As {@link TypeIs.is} for a request's Content-Type header; `undefined` when the request has no
   * body ({@link hasBody}) or no Content-Type.
   */
  request(req: TypeIsRequest): string | undefined {
    if (!hasBody(req)) return undefined;
    const header = req.headers['content-type'];
    if (!header) return undefined;
    return this.is(Array.isArray(header) ? header[0]! : header);
  }

  /** As {@link TypeIs.is} for an already parsed `{ type, parameters }` (lower-case type and names). */
  contentType(contentType: Pick<ParsedContentType, 'type' | 'parameters'>): string | undefined {
    for (const pattern of this.patterns) {
      if (!pattern.match(contentType.type)) continue;
      if (!pattern.hasParameters || this.parametersMatch(pattern.parameters, contentType.parameters)) {
        return pattern.key;
      }
    }
    return undefined;
  }

  /** Whether every expected parameter is present with the same normalized value. */
  private parametersMatch(expected: Record<string, string>, actual: Record<string, string>): boolean {
    for (const name of Object.keys(expected)) {
      const value = actual[name];
      if (value === undefined || expected[name] !== this.parameterValue(name, value)) return false;
    }
    return true;
  }
}

/**
 * The type-is 3 module: `import { typeis3 } from '@brisk/negotiate'`, then
 * `const { TypeIs, hasBody, match, normalize } = typeis3`, where code did
 * `import { TypeIs, ... } from 'type-is'` (3.x). `TypeIs` and `hasBody` are also exported by
 * name; `typeis` stays type-is 2.1.0 (decision 033).
 */
export const typeis3: {
  TypeIs: typeof TypeIs;
  hasBody: typeof hasBody;
  normalize: typeof normalize;
  match: typeof match;
  DEFAULT_LOOKUP: typeof DEFAULT_LOOKUP;
  DEFAULT_PARAMETER_VALUE: typeof DEFAULT_PARAMETER_VALUE;
} = { TypeIs, hasBody, normalize, match, DEFAULT_LOOKUP, DEFAULT_PARAMETER_VALUE };
