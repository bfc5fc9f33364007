// Body decoding by charset name. body-parser 2.4 decodes with iconv-lite; brisk decodes the
// Unicode encodings (UTF-8, UTF-16, UTF-32, UTF-7), ISO-8859-1, US-ASCII and windows-1252 itself,
// with iconv-lite's results (BOM stripped, the same replacement characters), and hands every other
// charset to the runtime's `TextDecoder` (WHATWG Encoding Standard labels).

import { TextDecoder } from 'node:util';

/** Decodes a whole body. */
export type Decoder = (buf: Buffer) => string;

const BOM = 0xfeff;
const REPLACEMENT = '\ufffd';

/** Drops one leading U+FEFF, as iconv-lite's BOM-aware decoders do. */
function stripBOM(str: string): string {
  return str.charCodeAt(0) === BOM ? str.slice(1) : str;
}

function utf8(buf: Buffer): string {
  return stripBOM(buf.toString('utf8'));
}

/** UTF-16LE, an odd trailing byte dropped. */
function utf16le(buf: Buffer): string {
  return stripBOM(buf.toString('utf16le', 0, buf.length & ~1));
}

/** UTF-16BE: the byte pairs swapped into a copy, then read as UTF-16LE. */
function utf16be(buf: Buffer): string {
  const n = buf.length & ~1;
  const swapped = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i += 2) {
    swapped[i] = buf[i + 1];
    swapped[i + 1] = buf[i];
  }
  return stripBOM(swapped.toString('utf16le'));
}

/**
 * UTF-16 without a byte order: a BOM decides, else whichever order reads more of the first 100
 * code units as ASCII (U+00xx); little-endian on a tie (iconv-lite's rule).
 */
function utf16(buf: Buffer): string {
  if (buf.length >= 2) {
    if (buf[0] === 0xff && buf[1] === 0xfe) return utf16le(buf);
    if (buf[0] === 0xfe && buf[1] === 0xff) return utf16be(buf);
  }
  let le = 0;
  let be = 0;
  const end = Math.min(buf.length & ~1, 200);
  for (let i = 0; i < end; i += 2) {
    const a = buf[i];
    const b = buf[i + 1];
    if (a === 0 && b !== 0) be++;
    if (a !== 0 && b === 0) le++;
  }
  return be > le ? utf16be(buf) : utf16le(buf);
}

/** UTF-32 in one byte order: code points past U+10FFFF become U+FFFD, as does a partial unit. */
function utf32(buf: Buffer, littleEndian: boolean): string {
  const n = buf.length & ~3;
  let out = '';
  let units: number[] = [];
  for (let i = 0; i < n; i += 4) {
    const cp = littleEndian ? buf.readUInt32LE(i) : buf.readUInt32BE(i);
    if (cp > 0x10ffff) units.push(0xfffd);
    else if (cp >= 0x10000) units.push(0xd800 | ((cp - 0x10000) >> 10), 0xdc00 | ((cp - 0x10000) & 0x3ff));
    else units.push(cp);
    if (units.length >= 8192) {
      out += String.fromCharCode.apply(null, units);
      units = [];
    }
  }
  out += String.fromCharCode.apply(null, units);
  if (n !== buf.length) out += REPLACEMENT;
  return stripBOM(out);
}

const utf32le: Decoder = (buf) => utf32(buf, true);
const utf32be: Decoder = (buf) => utf32(buf, false);

/**
 * UTF-32 without a byte order: a BOM decides, else the order in which the first 100 units hold
 * more BMP characters and fewer invalid ones; little-endian on a tie (iconv-lite's rule).
 */
function utf32auto(buf: Buffer): string {
  if (buf.length >= 4) {
    if (buf[0] === 0xff && buf[1] === 0xfe && buf[2] === 0 && buf[3] === 0) return utf32le(buf);
    if (buf[0] === 0 && buf[1] === 0 && buf[2] === 0xfe && buf[3] === 0xff) return utf32be(buf);
  }
  let score = 0; // BE minus LE
  const end = Math.min(buf.length & ~3, 400);
  for (let i = 0; i < end; i += 4) {
    const b0 = buf[i];
    const b1 = buf[i + 1];
    const b2 = buf[i + 2];
    const b3 = buf[i + 3];
    if (b0 !== 0 || b1 > 0x10) score--; // invalid as BE
    if (b3 !== 0 || b2 > 0x10) score++; // invalid as LE
    if (b0 === 0 && b1 === 0 && (b2 !== 0 || b3 !== 0)) score++; // BMP as BE
    if ((b0 !== 0 || b1 !== 0) && b2 === 0 && b3 === 0) score--; // BMP as LE
  }
  return score > 0 ? utf32be(buf) : utf32le(buf);
}

/** Whether a byte is in the modified base64 alphabet of UTF-7 (RFC 2152: A-Z a-z 0-9 + /). */
function isBase64(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f;
}

/** UTF-16BE bytes of a base64 run, an odd trailing byte dropped. */
function base64Utf16(run: string): string {
  const bytes = Buffer.from(run, 'base64');
  return utf16beRaw(bytes);
}

function utf16beRaw(buf: Buffer): string {
  const n = buf.length & ~1;
  const swapped = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i += 2) {
    swapped[i] = buf[i + 1];
    swapped[i + 1] = buf[i];
  }
  return swapped.toString('utf16le');
}

/**
 * UTF-7 (RFC 2152): direct characters as ASCII, `+<base64>[-]` as UTF-16BE, `+-` as `+`.
 * Bytes past 0x7f in direct text become U+FFFD.
 */
function utf7(buf: Buffer): string {
  let out = '';
  const len = buf.length;
  let i = 0;
  while (i < len) {
    const c = buf[i];
    if (c !== 0x2b) {
      out += c < 0x80 ? String.fromCharCode(c) : REPLACEMENT;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < len && isBase64(buf[j])) j++;
    if (j === i + 1 && buf[j] === 0x2d) out += '+';
    else out += base64Utf16(buf.toString('latin1', i + 1, j));
    i = buf[j] === 0x2d ? j + 1 : j; // a "-" after the run is absorbed
  }
  return stripBOM(out);
}

function latin1(buf: Buffer): string {
  return buf.toString('latin1');
}

/** US-ASCII: bytes past 0x7f become U+FFFD. */
function ascii(buf: Buffer): string {
  let i = 0;
  while (i < buf.length && buf[i] < 0x80) i++;
  if (i === buf.length) return buf.toString('latin1');
  let out = buf.toString('latin1', 0, i);
  for (; i < buf.length; i++) {
    const c = buf[i];
    out += c < 0x80 ? String.fromCharCode(c) : REPLACEMENT;
  }
  return out;
}

/** windows-1252 bytes 0x80-0x9f (U+FFFD for the five the code page leaves undefined). */
const CP1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

/** windows-1252: ISO-8859-1 but for 0x80-0x9f. (Node's `TextDecoder` reads it as ISO-8859-1.) */
function windows1252(buf: Buffer): string {
  const str = buf.toString('latin1');
  let out = '';
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c >= 0x80 && c <= 0x9f) {
      out += str.slice(last, i) + CP1252_HIGH[c - 0x80];
      last = i + 1;
    }
  }
  return last === 0 ? str : out + str.slice(last);
}

/**
 * Decoders by iconv-lite's canonical charset name (lower case, letters and digits only). Anything
 * else goes to `TextDecoder`.
 */
const OWN: { [name: string]: Decoder } = Object.assign(Object.create(null) as object, {
  utf8,
  unicode11utf8: utf8,
  utf16le,
  ucs2: utf16le,
  utf16be,
  utf16,
  utf32le,
  ucs4le: utf32le,
  utf32be,
  ucs4be: utf32be,
  utf32: utf32auto,
  ucs4: utf32auto,
  utf7,
  unicode11utf7: utf7,
  // ISO-8859-1 (iconv-lite's aliases)
  iso88591: latin1,
  latin1,
  l1: latin1,
  binary: latin1,
  csisolatin1: latin1,
  isoir100: latin1,
  cp819: latin1,
  ibm819: latin1,
  28591: latin1,
  cp28591: latin1,
  // US-ASCII
  ascii,
  usascii: ascii,
  ascii8bit: ascii,
  ansix34: ascii,
  ansix341968: ascii,
  ansix341986: ascii,
  csascii: ascii,
  cp367: ascii,
  ibm367: ascii,
  isoir6: ascii,
  iso646us: ascii,
  iso646irv: ascii,
  us: ascii,
  // windows-1252
  windows1252,
  win1252: windows1252,
  cp1252: windows1252,
  1252: windows1252,
  msansi: windows1252,
});

/** iconv-lite's canonical name: lower case, a trailing `:YYYY` dropped, only letters and digits. */
function canonical(name: string): string {
  const lower = name.toLowerCase();
  let end = lower.length;
  // ":" followed by exactly four digits at the end
  if (end >= 5 && lower.charCodeAt(end - 5) === 0x3a && /^\d{4}$/.test(lower.slice(end - 4))) end -= 5;
  let out = '';
  for (let i = 0; i < end; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a)) out += lower[i];
  }
  return out;
}

/** A decoder through the runtime's `TextDecoder`, or null when it does not know the label. */
function textDecoder(label: string): Decoder | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return null;
  }
  // The "replacement" encoding (iso-2022-kr, hz-gb-2312, ...) turns any input into one U+FFFD.
  if (decoder.encoding === 'replacement') return null;
  return (buf) => decoder.decode(buf);
}

/** Resolved decoders by charset name as given; bounded (names are client input). */
const cache = new Map<string, Decoder | null>();
const CACHE_MAX = 128;

/**
 * The decoder of a charset name (as a Content-Type `charset` parameter gives it), or null when
 * neither brisk nor the runtime's `TextDecoder` knows it.
 */
export function decoderFor(charset: string): Decoder | null {
  let decoder = cache.get(charset);
  if (decoder !== undefined) return decoder;
  decoder = OWN[canonical(charset)] || textDecoder(charset);
  if (cache.size < CACHE_MAX) cache.set(charset, decoder);
  return decoder;
}
