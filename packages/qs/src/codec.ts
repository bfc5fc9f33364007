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

// Characters that `escape()` (and so ISO-8859-1 output) leaves as they are: A-Z a-z 0-9 @*_+-./
const ESCAPE_SAFE = new Uint8Array(128);
for (let c = 0x30; c <= 0x39; c++) ESCAPE_SAFE[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) ESCAPE_SAFE[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) ESCAPE_SAFE[c] = 1;
for (const ch of '@*_+-./') ESCAPE_SAFE[ch.charCodeAt(0)] = 1;

/**
 * Chunk size of the UTF-8 encoder. qs encodes long strings in chunks of 1024 UTF-16 code
 * units (a chunk never ends between the halves of a surrogate pair); a lone surrogate at a
 * chunk's end is paired with nothing. Kept so that malformed input encodes identically.
 */
const CHUNK = 1024;

/** Percent-encodes `s` as UTF-8; `rfc1738` also lets `(` and `)` through. */
function encodeUtf8(s: string, rfc1738: boolean): string {
  const n = s.length;
  let out = '';
  let run = 0; // start of the pending run of characters written as they are
  for (let start = 0; start < n; ) {
    let end = start + CHUNK;
    if (end < n) {
      const last = s.charCodeAt(end - 1);
      if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    } else {
      end = n;
    }
    for (let i = start; i < end; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) {
        const safe = SAFE[c];
        if (safe === 1 || (safe === 2 && rfc1738)) continue;
        if (run < i) out += s.slice(run, i);
        out += HEX[c];
      } else {
        if (run < i) out += s.slice(run, i);
        if (c < 0x800) {
          out += HEX[0xc0 | (c >> 6)]! + HEX[0x80 | (c & 0x3f)]!;
        } else if (c < 0xd800 || c >= 0xe000) {
          out += HEX[0xe0 | (c >> 12)]! + HEX[0x80 | ((c >> 6) & 0x3f)]! + HEX[0x80 | (c & 0x3f)]!;
        } else {
          // A surrogate: combined with the next code unit of this chunk, whatever it is.
          i += 1;
          const next = i < end ? s.charCodeAt(i) : 0;
          c = 0x10000 + (((c & 0x3ff) << 10) | (next & 0x3ff));
          out +=
            HEX[0xf0 | (c >> 18)]! +
            HEX[0x80 | ((c >> 12) & 0x3f)]! +
            HEX[0x80 | ((c >> 6) & 0x3f)]! +
            HEX[0x80 | (c & 0x3f)]!;
          if (i >= end) {
            run = end;
            break;
          }
        }
      }
      run = i + 1;
    }
    start = end;
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
    out += c < 256 ? HEX[c] : '%26%23' + c + '%3B';
    run = i + 1;
  }
  if (run === 0) return s;
  return run < s.length ? out + s.slice(run) : out;
}

/**
 * The default encoder: UTF-8 percent-encoding of every character but the RFC 3986 unreserved
 * ones (plus `(` `)` for `RFC1738`), or ISO-8859-1 `escape()`-style encoding.
 * Non-strings are converted with `String()` (symbols with their description); an empty
 * value (length 0) is returned as it is.
 */
export const encode: DefaultEncoder = (str, _defaultEncoder, charset, _type, format) => {
  if ((str as { length?: unknown }).length === 0) return str as string;
  const s = typeof str === 'string' ? str : typeof str === 'symbol' ? Symbol.prototype.toString.call(str) : String(str);
  if (charset === 'iso-8859-1') return encodeLatin1(s);
  return encodeUtf8(s, format === 'RFC1738');
};

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
