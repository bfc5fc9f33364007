// cookie 2.0's API (parseCookie, stringifyCookie, parseSetCookie, stringifySetCookie), with
// cookie 2.0.2's results and error messages. `parse` and `serialize` keep cookie 0.7.2's behaviour
// (Express 5.3's `res.cookie` uses it): the two APIs live side by side (decision 033).

import { priorityAttribute, sameSiteAttribute } from './attributes.js';
import { type ParseOptions, Dictionary, decodeDefault, skipWhitespace, trimEnd } from './parse.js';
import { PATH_CHAR, allIn, asciiTable, isDomainValue, text } from './serialize.js';

/** A parsed `Cookie` header: name → value. */
export type Cookies = Record<string, string | undefined>;

/** Options of {@link stringifyCookie} and {@link stringifySetCookie}. */
export interface StringifyOptions {
  /**
   * Encodes each value; a custom encoder's result must be a cookie-value (cookie 2's relaxed
   * one: printable ASCII but `;`).
   * @default `encodeURIComponent` for a value that would not survive a round trip as it is
   *   (controls, space, non-ASCII, `"`, `,`, `;`, `\` or `%`), else the value itself
   */
  encode?: (value: string) => string;
}

/** A `Set-Cookie` header as an object: what {@link parseSetCookie} returns and {@link stringifySetCookie} writes. */
export interface SetCookie {
  /** The cookie name. */
  name: string;
  /** The cookie value (`undefined` or `null` is written as an empty value). */
  value: string | undefined;
  /** `Max-Age` in seconds: a safe integer. */
  maxAge?: number;
  /** `Expires`: its UTC year must be 1601 to 9999. */
  expires?: Date;
  /** `Domain`. */
  domain?: string;
  /** `Path`. */
  path?: string;
  /** `HttpOnly`. */
  httpOnly?: boolean;
  /** `Secure`. */
  secure?: boolean;
  /** `Partitioned` (CHIPS). */
  partitioned?: boolean;
  /** `Priority`. */
  priority?: 'low' | 'medium' | 'high';
  /** `SameSite`: `true` is `Strict`. */
  sameSite?: boolean | 'lax' | 'strict' | 'none';
}

/** cookie 2's cookie-name: printable ASCII but `;` and `=` (cookie issue 191). */
const NAME_CHAR = asciiTable([0x21, 0x3a], [0x3c, 0x3c], [0x3e, 0x7e]);
/** cookie 2's cookie-value: printable ASCII but `;`. */
const VALUE_CHAR = asciiTable([0x21, 0x3a], [0x3c, 0x7e]);
/** What the default encoder leaves as it is: a cookie-octet (RFC 6265 §4.1.1) that is not `%`. */
const SAFE_CHAR = asciiTable([0x21, 0x21], [0x23, 0x24], [0x26, 0x2b], [0x2d, 0x3a], [0x3c, 0x5b], [0x5d, 0x7e]);

const isName = (name: string): boolean => name.length > 0 && allIn(NAME_CHAR, name, 0, name.length);
const isValue = (value: string): boolean => allIn(VALUE_CHAR, value, 0, value.length);

/** The default encoder, captured at load: a later change to the global cannot skip validation. */
const encodeURIComponentAtLoad = encodeURIComponent;

/** cookie 2's default encoder: a value that round-trips as it is stays as it is. */
function encodeDefault(value: string): string {
  const str = text(value);
  return allIn(SAFE_CHAR, str, 0, str.length) ? str : encodeURIComponentAtLoad(str);
}

/** str[from, to) without the spaces and tabs around it. */
function trimmed(str: string, from: number, to: number): string {
  const start = skipWhitespace(str, from, to);
  return str.slice(start, trimEnd(str, start, to));
}

/** Index of the next `c` at or after `from`, or `len`. */
function next(str: string, c: string, from: number, len: number): number {
  const i = str.indexOf(c, from);
  return i === -1 ? len : i;
}

/**
 * Parses a `Cookie` request header into a dictionary of name → value, as cookie 2's
 * `parseCookie`: as {@link parse} does, except that quotes around a value are kept, and a decoder
 * that throws is not caught; a decoder that returns `undefined` lets a later cookie of the same
 * name in. The result has no prototype.
 *
 * @param str - the header value
 * @param options - `decode` (default: `decodeURIComponent` for values with a `%`, raw on error)
 * @throws {TypeError} `argument str must be a string`
 * @example
 * parseCookie('sid=abc; theme="dark"') // { sid: 'abc', theme: '"dark"' }
 */
export function parseCookie(str: string, options?: ParseOptions): Cookies {
  if (typeof str !== 'string') throw new TypeError('argument str must be a string');
  const result = new Dictionary();
  const len = str.length;
  if (len < 2) return result;
  const decode = options?.decode ?? decodeDefault;
  let pos = 0;
  while (pos < len) {
    const eq = next(str, '=', pos, len);
    if (eq === len) break; // no further pair
    let end = next(str, ';', pos, len);
    if (end < eq) {
      // Segments without "=" before it: go on from the segment that holds this "=".
      pos = str.lastIndexOf(';', eq) + 1;
      end = next(str, ';', eq, len);
    }
    const name = trimmed(str, pos, eq);
    if (result[name] === undefined) result[name] = decode(trimmed(str, eq + 1, end));
    pos = end + 1;
  }
  return result;
}

/**
 * Writes a dictionary of cookies as a `Cookie` header (cookie 2's `stringifyCookie`):
 * `name=value` pairs joined by `; `, `undefined` values skipped.
 *
 * @throws {TypeError} `cookie name is invalid: <name>`, `cookie value is invalid: <value>`
 * @example
 * stringifyCookie({ a: '1', b: 'x y' }) // 'a=1; b=x%20y'
 */
export function stringifyCookie(cookies: Cookies, options?: StringifyOptions): string {
  const encode = options?.encode ?? encodeDefault;
  let str = '';
  for (const name of Object.keys(cookies)) {
    const value = cookies[name];
    if (value === undefined) continue;
    if (!isName(name)) throw new TypeError(`cookie name is invalid: ${name}`);
    const encoded = text(encode(value));
    if (encode !== encodeDefault && !isValue(encoded)) throw new TypeError(`cookie value is invalid: ${value}`);
    if (str) str += '; ';
    str += name + '=' + encoded;
  }
  return str;
}

/**
 * Serializes a {@link SetCookie} object into a `Set-Cookie` header value (cookie 2's
 * `stringifySetCookie`): `name=value`, then `Max-Age`, `Domain`, `Path`, `Expires`, `HttpOnly`,
 * `Secure`, `Partitioned`, `Priority`, `SameSite`, each only when set.
 *
 * @throws {TypeError} `cookie name is invalid: <name>` (and likewise for `value`, `maxAge`,
 *   `domain`, `path`, `expires`, `priority`, `sameSite`)
 * @example
 * stringifySetCookie({ name: 'sid', value: 'abc', httpOnly: true, maxAge: 60 })
 * // 'sid=abc; Max-Age=60; HttpOnly'
 */
export function stringifySetCookie(cookie: SetCookie, options?: StringifyOptions): string {
  const encode = options?.encode ?? encodeDefault;
  const name = text(cookie.name);
  if (!isName(name)) throw new TypeError(`cookie name is invalid: ${cookie.name}`);
  const value = cookie.value == null ? '' : text(encode(cookie.value));
  if (encode !== encodeDefault && !isValue(value)) throw new TypeError(`cookie value is invalid: ${cookie.value}`);
  let str = name + '=' + value;

  if (cookie.maxAge !== undefined) {
    if (!Number.isSafeInteger(cookie.maxAge)) throw new TypeError(`cookie maxAge is invalid: ${cookie.maxAge}`);
    str += '; Max-Age=' + cookie.maxAge;
  }
  if (cookie.domain) {
    const domain = text(cookie.domain);
    if (!isDomainValue(domain)) throw new TypeError(`cookie domain is invalid: ${cookie.domain}`);
    str += '; Domain=' + domain;
  }
  if (cookie.path) {
    const path = text(cookie.path);
    if (!allIn(PATH_CHAR, path, 0, path.length)) throw new TypeError(`cookie path is invalid: ${cookie.path}`);
    str += '; Path=' + path;
  }
  if (cookie.expires) {
    const year = cookie.expires.getUTCFullYear();
    if (!(year >= 1601 && year <= 9999)) throw new TypeError(`cookie expires is invalid: ${cookie.expires}`);
    str += '; Expires=' + cookie.expires.toUTCString();
  }
  if (cookie.httpOnly) str += '; HttpOnly';
  if (cookie.secure) str += '; Secure';
  if (cookie.partitioned) str += '; Partitioned';
  if (cookie.priority) {
    const attribute = priorityAttribute(cookie.priority);
    if (attribute === undefined) throw new TypeError(`cookie priority is invalid: ${cookie.priority}`);
    str += attribute;
  }
  if (cookie.sameSite) {
    const attribute = sameSiteAttribute(cookie.sameSite);
    if (attribute === undefined) throw new TypeError(`cookie sameSite is invalid: ${cookie.sameSite}`);
    str += attribute;
  }
  return str;
}

/** `Max-Age`'s value as RFC 6265 §5.2.2 reads it: an optional `-` and digits. */
function isMaxAge(value: string): boolean {
  let i = value.charCodeAt(0) === 0x2d ? 1 : 0;
  if (i === value.length) return false;
  for (; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Parses a `Set-Cookie` header value into a {@link SetCookie} object (cookie 2's
 * `parseSetCookie`). The first segment is `name=value` (a segment without `=` is a value with an
 * empty name); attribute names are matched in any letter case; an invalid `Max-Age`, `Expires`,
 * `Priority` or `SameSite` value is left out. `Priority` and `SameSite` come back in lower case.
 *
 * @example
 * parseSetCookie('sid=abc; Path=/; HttpOnly; SameSite=Lax')
 * // { name: 'sid', value: 'abc', path: '/', httpOnly: true, sameSite: 'lax' }
 */
export function parseSetCookie(str: string, options?: ParseOptions): SetCookie {
  if (typeof str !== 'string') throw new TypeError('argument str must be a string');
  const decode = options?.decode ?? decodeDefault;
  const len = str.length;
  let end = next(str, ';', 0, len);
  let eq = next(str, '=', 0, len);
  const setCookie: SetCookie =
    eq < end
      ? { name: trimmed(str, 0, eq), value: decode(trimmed(str, eq + 1, end)) }
      : { name: '', value: decode(trimmed(str, 0, end)) };

  let pos = end + 1;
  while (pos < len) {
    end = next(str, ';', pos, len);
    if (eq < pos) eq = next(str, '=', pos, len);
    const hasValue = eq < end;
    const attr = trimmed(str, pos, hasValue ? eq : end).toLowerCase();
    const val = hasValue ? trimmed(str, eq + 1, end) : undefined;
    switch (attr) {
      case 'httponly':
        setCookie.httpOnly = true;
        break;
      case 'secure':
        setCookie.secure = true;
        break;
      case 'partitioned':
        setCookie.partitioned = true;
        break;
      case 'domain':
        setCookie.domain = val;
        break;
      case 'path':
        setCookie.path = val;
        break;
      case 'max-age':
        if (val && isMaxAge(val)) setCookie.maxAge = Number(val);
        break;
      case 'expires':
        if (val) {
          const date = new Date(val);
          if (Number.isFinite(date.valueOf())) setCookie.expires = date;
        }
        break;
      case 'priority':
        if (val) {
          const priority = val.toLowerCase();
          if (priority === 'low' || priority === 'medium' || priority === 'high') setCookie.priority = priority;
        }
        break;
      case 'samesite':
        if (val) {
          const sameSite = val.toLowerCase();
          if (sameSite === 'lax' || sameSite === 'strict' || sameSite === 'none') setCookie.sameSite = sameSite;
        }
        break;
    }
    pos = end + 1;
  }
  return setCookie;
}
