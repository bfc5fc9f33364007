// Set-Cookie header serialization (RFC 6265 §4.1), with cookie 0.7.2's validation and output.

import { priorityAttribute, sameSiteAttribute } from './attributes.js';

type Priority = 'low' | 'medium' | 'high';
type SameSite = 'lax' | 'strict' | 'none';

/** Options of {@link serialize}. Attributes are written in the order of this list. */
export interface SerializeOptions {
  /**
   * Encodes the value; its result must be a valid cookie-value (RFC 6265 §4.1.1).
   * @default encodeURIComponent
   */
  encode?: (value: string) => string;
  /** `Max-Age` in seconds, rounded down; `0` or negative expires the cookie at once. */
  maxAge?: number;
  /** `Domain`: a host name, optionally with a leading dot (`.example.com`). */
  domain?: string;
  /** `Path`: any printable ASCII except `;` and `<`. */
  path?: string;
  /** `Expires`, written with `Date#toUTCString()`. */
  expires?: Date;
  /** Adds `HttpOnly`. @default false */
  httpOnly?: boolean;
  /** Adds `Secure`. @default false */
  secure?: boolean;
  /** Adds `Partitioned` (CHIPS). @default false */
  partitioned?: boolean;
  /** `Priority` (`low`, `medium`, `high`; any letter case). */
  priority?: Priority | Capitalize<Priority> | Uppercase<Priority>;
  /** `SameSite`: `true` is `Strict`; `lax`, `strict`, `none` in any letter case. @default false */
  sameSite?: boolean | SameSite | Capitalize<SameSite> | Uppercase<SameSite>;
}

/** A 128-entry ASCII lookup table: 1 for the codes in the inclusive [low, high] ranges. */
export function asciiTable(...ranges: [number, number][]): Uint8Array {
  const table = new Uint8Array(128);
  for (const [low, high] of ranges) table.fill(1, low, high + 1);
  return table;
}

const chars = (list: string): [number, number][] =>
  Array.from(list, (ch) => [ch.charCodeAt(0), ch.charCodeAt(0)] as [number, number]);

/**
 * cookie-name (RFC 6265 §4.1.1), with token as RFC 7230 §3.2.6 (which replaced RFC 2616 §2.2):
 *
 *   cookie-name = token
 *   token       = 1*tchar
 *   tchar       = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
 *                 "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
 */
const TCHAR = asciiTable(...chars("!#$%&'*+-.^_`|~"), [0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]);

/**
 * cookie-value (RFC 6265 §4.1.1):
 *
 *   cookie-value = *cookie-octet / ( DQUOTE *cookie-octet DQUOTE )
 *   cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E
 *                  ; US-ASCII characters excluding CTLs, whitespace,
 *                  ; DQUOTE, comma, semicolon, and backslash
 */
const COOKIE_OCTET = asciiTable([0x21, 0x21], [0x23, 0x2b], [0x2d, 0x3a], [0x3c, 0x5b], [0x5d, 0x7e]);

/**
 * path-value (RFC 6265 §4.1.1):
 *
 *   path-value = <any CHAR except CTLs or ";">
 *
 * As cookie 0.7.2, "<" (%x3C) is refused too: allowed are %x20-3A / %x3D-7E.
 */
export const PATH_CHAR = asciiTable([0x20, 0x3a], [0x3d, 0x7e]);

/**
 * domain-value (RFC 6265 §4.1.1) = <subdomain> of RFC 1034 §3.5, as relaxed by RFC 1123 §2.1:
 *
 *   <subdomain>   = <label> | <subdomain> "." <label>
 *   <label>       = <let-dig> [ [ <ldh-str> ] <let-dig> ]   ; at most 63 characters
 *   <ldh-str>     = <let-dig-hyp> | <let-dig-hyp> <ldh-str>
 *   <let-dig-hyp> = <let-dig> | "-"
 *   <let-dig>     = ALPHA / DIGIT                            ; either case
 *
 * plus one optional leading "." (RFC 6265 §5.2.3 ignores it; kept for compatibility).
 */
const LET_DIG_HYP = asciiTable([0x2d, 0x2d], [0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]);

const HYPHEN = 0x2d;
const DOT = 0x2e;
const DQUOTE = 0x22;

/** True when every character of str[from, to) is ASCII and marked in `table`. */
export function allIn(table: Uint8Array, str: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = str.charCodeAt(i);
    if (c > 0x7f || table[c] === 0) return false;
  }
  return true;
}

function isCookieName(name: string): boolean {
  return name.length > 0 && allIn(TCHAR, name, 0, name.length);
}

function isCookieValue(value: string): boolean {
  const len = value.length;
  if (len >= 2 && value.charCodeAt(0) === DQUOTE && value.charCodeAt(len - 1) === DQUOTE) {
    return allIn(COOKIE_OCTET, value, 1, len - 1);
  }
  return allIn(COOKIE_OCTET, value, 0, len);
}

export function isDomainValue(domain: string): boolean {
  const len = domain.length;
  let i = len > 0 && domain.charCodeAt(0) === DOT ? 1 : 0;
  for (;;) {
    const start = i;
    while (i < len) {
      const c = domain.charCodeAt(i);
      if (c > 0x7f || LET_DIG_HYP[c] === 0) break;
      i++;
    }
    if (i === start || i - start > 63) return false;
    if (domain.charCodeAt(start) === HYPHEN || domain.charCodeAt(i - 1) === HYPHEN) return false;
    if (i === len) return true;
    if (domain.charCodeAt(i) !== DOT) return false;
    i++; // next label
  }
}

/** What `RegExp#test` sees: the argument converted with ToString (a Symbol throws a TypeError). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : `${value as string}`);

/** The default encoder, captured at load: a later change to the global cannot skip validation. */
const encodeDefault = encodeURIComponent;

const isDate = (value: unknown): value is Date => Object.prototype.toString.call(value) === '[object Date]';

/**
 * Serializes a cookie into a `Set-Cookie` header value: `name=value` and then the attributes
 * `Max-Age`, `Domain`, `Path`, `Expires`, `HttpOnly`, `Secure`, `Partitioned`, `Priority`,
 * `SameSite`, in that order, each only when its option is set.
 *
 * @param name - the cookie name: an RFC 7230 token
 * @param value - the cookie value, passed through `options.encode`
 * @param options - {@link SerializeOptions}
 * @throws {TypeError} `option encode is invalid`, `argument name is invalid`,
 *   `argument val is invalid`, `option maxAge is invalid`, `option domain is invalid`,
 *   `option path is invalid`, `option expires is invalid`, `option priority is invalid`,
 *   `option sameSite is invalid`
 * @example
 * serialize('sid', 'a b', { httpOnly: true, maxAge: 3600, path: '/' })
 * // 'sid=a%20b; Max-Age=3600; Path=/; HttpOnly'
 */
export function serialize(name: string, value: string, options?: SerializeOptions): string {
  const encode = options?.encode || encodeDefault;
  if (typeof encode !== 'function') {
    throw new TypeError('option encode is invalid');
  }

  const cookieName = text(name);
  if (!isCookieName(cookieName)) {
    throw new TypeError('argument name is invalid');
  }

  let cookieValue: string;
  if (encode === encodeDefault) {
    // Its output only holds ALPHA, DIGIT, "-_.!~*'()" and "%": always a cookie-value.
    cookieValue = encodeDefault(value);
  } else {
    cookieValue = text(encode(value));
    if (!isCookieValue(cookieValue)) {
      throw new TypeError('argument val is invalid');
    }
  }

  let str = cookieName + '=' + cookieValue;
  if (!options) return str;

  if (options.maxAge != null) {
    const maxAge = Math.floor(options.maxAge);
    if (!Number.isFinite(maxAge)) {
      throw new TypeError('option maxAge is invalid');
    }
    str += '; Max-Age=' + maxAge;
  }

  if (options.domain) {
    const domain = text(options.domain);
    if (!isDomainValue(domain)) {
      throw new TypeError('option domain is invalid');
    }
    str += '; Domain=' + domain;
  }

  if (options.path) {
    const path = text(options.path);
    if (!allIn(PATH_CHAR, path, 0, path.length)) {
      throw new TypeError('option path is invalid');
    }
    str += '; Path=' + path;
  }

  if (options.expires) {
    const expires: unknown = options.expires;
    if (!isDate(expires) || Number.isNaN(expires.valueOf())) {
      throw new TypeError('option expires is invalid');
    }
    str += '; Expires=' + expires.toUTCString();
  }

  if (options.httpOnly) str += '; HttpOnly';
  if (options.secure) str += '; Secure';
  if (options.partitioned) str += '; Partitioned';

  if (options.priority) {
    const attribute = priorityAttribute(options.priority);
    if (attribute === undefined) throw new TypeError('option priority is invalid');
    str += attribute;
  }

  if (options.sameSite) {
    const attribute = sameSiteAttribute(options.sameSite);
    if (attribute === undefined) throw new TypeError('option sameSite is invalid');
    str += attribute;
  }

  return str;
}
