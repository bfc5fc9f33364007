// Percent-encoding and decoding of keys and values (the default encoder and decoder).

/** Charset of the encoded octets: UTF-8, or ISO-8859-1 for legacy forms. */
export type Charset = 'utf-8' | 'iso-8859-1';

/** Signature of the default decoder handed to a custom `decoder` as its second argument. */
export type DefaultDecoder = (str: string, decoder?: unknown, charset?: string) => string;

/** Signature of the default encoder handed to a custom `encoder` as its second argument. */
export type DefaultEncoder = (
  str: unknown,
  defaultEncoder?: unknown,
  charset?: string,
  type?: 'key' | 'value',
  format?: string,
) => string;

/** `%XX` for every octet, upper-case hex. */
const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push('%' + (i < 16 ? '0' : '') + i.toString(16).toUpperCase());

// Characters written as they are (RFC 3986 §2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"),
// marked 1; "(" and ")" are marked 2: RFC 1738 lets them through as well.
const SAFE = new Uint8Array(128);
for (let c = 0x30; c <= 0x39; c++) SAFE[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) SAFE[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) SAFE[c] = 1;
for (const ch of '-._~') SAFE[ch.charCodeAt(0)] = 1;
SAFE[0x28] = 2;
SAFE[0x29] = 2;

// Characters that ISO-8859-1 output leaves as they are: what `escape()` keeps (A-Z a-z 0-9 @*_+-./)
// but `+`, which is written `%2B` so that it reads back as `+`, not a space (qs 6.16.1).
const ESCAPE_SAFE = new Uint8Array(128);
for (let c = 0x30; c <= 0x39; c++) ESCAPE_SAFE[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) ESCAPE_SAFE[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) ESCAPE_SAFE[c] = 1;
for (const ch of '@*_-./') ESCAPE_SAFE[ch.charCodeAt(0)] = 1;

/**
 * Percent-encodes `s` as UTF-8; `rfc1738` also lets `(` and `)` through, `whatwg` lets `*`
 * through and encodes `~`. A lone surrogate (no UTF-8 encoding) is written as U+FFFD
 * (`%EF%BF%BD`), as `URLSearchParams` and `TextEncoder` do (qs 6.17).
 */
function encodeUtf8(s: string, format: string | undefined): string {
  const n = s.length;
  const rfc1738 = format === 'RFC1738';
  const whatwg = format === 'WHATWG';
  let out = '';
  let run = 0; // start of the pending run of characters written as they are
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      const safe = SAFE[c];
      if (whatwg ? (safe === 1 && c !== 0x7e) || c === 0x2a : safe === 1 || (safe === 2 && rfc1738)) continue;
      if (run < i) out += s.slice(run, i);
      out += HEX[c];
    } else {
      if (run < i) out += s.slice(run, i);
      if (c < 0x800) {
        out += HEX[0xc0 | (c >> 6)]! + HEX[0x80 | (c & 0x3f)]!;
      } else if (c < 0xd800 || c >= 0xe000) {
        out += HEX[0xe0 | (c >> 12)]! + HEX[0x80 | ((c >> 6) & 0x3f)]! + HEX[0x80 | (c & 0x3f)]!;
      } else {
        const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          i += 1;
          c = 0x10000 + (((c & 0x3ff) << 10) | (next & 0x3ff));
          out +=
            HEX[0xf0 | (c >> 18)]! +
            HEX[0x80 | ((c >> 12) & 0x3f)]! +
            HEX[0x80 | ((c >> 6) & 0x3f)]! +
            HEX[0x80 | (c & 0x3f)]!;
        } else {
          out += '%EF%BF%BD';
        }
      }
    }
    run = i + 1;
  }
  if (run === 0) return s;
  return run < n ? out + s.slice(run) : out;
}

/**
 * Encodes as `escape()` does for ISO-8859-1 octets; a character outside ISO-8859-1 becomes
 * the numeric character reference `&#N;`, itself percent-encoded (what browsers submit).
 */
function encodeLatin1(s: string): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && ESCAPE_SAFE[c] === 1) continue;
    if (run < i) out += s.slice(run, i);
    // `+` too (qs 6.16.1): `escape` keeps it, but a reader decodes a literal `+` as a space.
    out += c < 256 ? HEX[c] : '%26%23' + c + '%3B';
    run = i + 1;
  }
  if (run === 0) return s;
  return run < s.length ? out + s.slice(run) : out;
}

/**
 * The default encoder: UTF-8 percent-encoding of every character but the RFC 3986 unreserved
 * ones (plus `(` `)` for `RFC1738`), or ISO-8859-1 `escape()`-style encoding.
 * Non-strings are converted with `String()` (symbols with their description; an object with
 * no callable `toString` through {@link toCoercible}); an empty value (length 0) is returned as
 * it is.
 */
export const encode: DefaultEncoder = (str, _defaultEncoder, charset, _type, format) => {
  if ((str as { length?: unknown }).length === 0) return str as string;
  const s =
    typeof str === 'string'
      ? str
      : typeof str === 'symbol'
        ? Symbol.prototype.toString.call(str)
        : String(toCoercible(str));
  if (charset === 'iso-8859-1') return encodeLatin1(s);
  return encodeUtf8(s, format);
};

const arrayJoin = Array.prototype.join;
const arrayToString = Array.prototype.toString;
const objectToString = Object.prototype.toString;

/**
 * `value`, or a stand-in that `String()` and `join()` can convert without throwing (qs 6.16.1):
 * an object with no callable `toString` (a prototype-less object, say) becomes its primitive
 * `valueOf()` as a string, or else `[object Object]`; a plain array is walked as `join` walks it,
 * copied once an element changes, an array already being joined becoming `''` (a cycle).
 */
export function toCoercible(value: unknown, joining?: Set<unknown>): unknown {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return value;
  const v = value as Record<PropertyKey, unknown>;
  if (v[Symbol.toPrimitive] != null) return value;
  if (Array.isArray(value) && v.toString === arrayToString && v.join === arrayJoin) {
    const ancestors = joining ?? new Set<unknown>();
    if (ancestors.has(value)) return '';
    ancestors.add(value);
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const coerced = toCoercible(item, ancestors);
      if (!copy && coerced !== item) copy = value.slice(0, i);
      if (copy) copy[i] = coerced;
    }
    ancestors.delete(value);
    return copy ?? value;
  }
  if (typeof v.toString === 'function') return value;
  const valueOfFn = v.valueOf;
  if (typeof valueOfFn === 'function') {
    const primitive: unknown = valueOfFn.call(value);
    if (!primitive || (typeof primitive !== 'object' && typeof primitive !== 'function')) return String(primitive);
  }
  return objectToString.call(value);
}

const PLUS = /\+/g;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/** Replaces each `%XX` with the character of that code (ISO-8859-1), as `unescape` on `%XX`. */
function decodeLatin1(s: string): string {
  let out = '';
  let run = 0;
  for (let i = s.indexOf('%'); i !== -1 && i + 2 < s.length; i = s.indexOf('%', i + 1)) {
    const hi = hexValue(s.charCodeAt(i + 1));
    const lo = hexValue(s.charCodeAt(i + 2));
    if (hi < 0 || lo < 0) continue;
    out += s.slice(run, i) + String.fromCharCode((hi << 4) | lo);
    run = i + 3;
    i += 2;
  }
  return run === 0 ? s : out + s.slice(run);
}

/**
 * The default decoder: `+` becomes a space, then percent-escapes are decoded as UTF-8
 * (left as they are when malformed) or as ISO-8859-1.
 */
export const decode: DefaultDecoder = (str, _decoder, charset) => {
  const s = str.indexOf('+') === -1 ? str : str.replace(PLUS, ' ');
  if (s.indexOf('%') === -1) return s;
  if (charset === 'iso-8859-1') return decodeLatin1(s);
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
