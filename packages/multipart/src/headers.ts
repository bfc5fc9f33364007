// A part's headers: the header block after each delimiter, and the two headers whose parameters
// matter (`Content-Disposition`, `Content-Type`), read as busboy 1.6 reads them, so that a form
// parses to the same fields and files as with multer. Each function is one left-to-right scan:
// linear in its input, no regular expression.
//
// The header block (RFC 5322 §2.2 as RFC 7578 §4.8 uses it; obsolete line folding accepted):
//
//   header-block  = *( header-field CRLF ) CRLF
//   header-field  = field-name ":" OWS field-value *( CRLF 1*( SP / HTAB ) field-value )
//   field-name    = 1*tchar
//   field-value   = *( HTAB / SP / VCHAR / obs-text )      ; no other control character
//
// A block is at most 16 KB (node's default header limit, as busboy counts it); a block that is
// longer, or breaks the grammar, is a malformed part header. Only the first `headerPairs` fields
// are read (2000 by default, node's count); the others are skipped, as node skips them.
import { BYTES, decodeText, type Decoder, type Hint } from './charsets.js';

/** The most bytes a part's header block may take (busboy's and node's 16 KB). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Character classes of the Latin-1 range, by char code. */
const TCHAR = 1; // RFC 9110 §5.6.2
const VCHAR = 2; // field-value: HTAB, SP, VCHAR, obs-text
const QDTEXT = 4; // RFC 9110 §5.6.4: HTAB, SP, "!", %x23-5B, %x5D-7E, obs-text
const MIME_CHARSET = 8; // RFC 2978 §2.3 mime-charset-chars
const ATTR_CHAR = 16; // RFC 5987 §3.2.1 attr-char

const CLASSES = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  const add = (chars: string, cls: number) => {
    for (const c of chars) table[c.charCodeAt(0)] |= cls;
  };
  const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  add(alnum + "!#$%&'*+-.^_`|~", TCHAR);
  add(alnum + '!#$%&+-^_`{}~', MIME_CHARSET);
  add(alnum + '!#$&+-.^_`|~', ATTR_CHAR);
  for (let c = 0; c < 256; c++) {
    if (c === 0x09 || (c >= 0x20 && c !== 0x7f)) table[c] |= VCHAR;
    if (c === 0x09 || c === 0x20 || c === 0x21 || (c >= 0x23 && c <= 0x7e && c !== 0x5c) || c >= 0x80)
      table[c] |= QDTEXT;
  }
  return table;
})();

function is(c: number, cls: number): boolean {
  return c < 256 && (CLASSES[c] & cls) !== 0;
}

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const HTAB = 0x09;
const COLON = 0x3a;

/** The headers of a part that the parser reads (the first value of each); the others are skipped. */
export interface PartHeaders {
  /** `Content-Disposition`. */
  disposition: string | undefined;
  /** `Content-Type`. */
  type: string | undefined;
  /** `Content-Transfer-Encoding`. */
  transferEncoding: string | undefined;
}

// Where the header parser is in a field.
const NAME = 0; // in the field name
const BEFORE_VALUE = 1; // after ":", skipping OWS
const VALUE = 2; // in the value (or a folded continuation of it)
const VALUE_CR = 3; // after the CR that ends a line
const LINE_END = 4; // after CRLF: a fold, the next field, or the CR of the empty line
const BLOCK_CR = 5; // after the CR of the empty line

/**
 * Reads one header block at a time, in as many chunks as it comes. `push` consumes bytes until
 * the block ends (`done` set, the headers in `headers`) or the chunk does, and returns where it
 * stopped, or -1 when the block is malformed. `reset` readies it for the next part.
 */
export class HeaderParser {
  /** The headers read so far (complete when `done`). */
  headers: PartHeaders = { disposition: undefined, type: undefined, transferEncoding: undefined };
  /** The block's empty line was read. */
  done = false;
  private state = NAME;
  private bytes = 0;
  private pairs = 0;
  private name = '';
  private value = '';

  /** @param maxPairs - how many fields of a block are read (`limits.headerPairs`) */
  constructor(private readonly maxPairs: number) {}

  reset(): void {
    this.headers = { disposition: undefined, type: undefined, transferEncoding: undefined };
    this.done = false;
    this.state = NAME;
    this.bytes = 0;
    this.pairs = 0;
    this.name = '';
    this.value = '';
  }

  /** Keeps the field just read, if it is one of the three and the first of its name. */
  private store(): void {
    if (this.pairs++ >= this.maxPairs) return;
    const h = this.headers;
    switch (this.name.toLowerCase()) {
      case 'content-disposition':
        h.disposition ??= this.value;
        break;
      case 'content-type':
        h.type ??= this.value;
        break;
      case 'content-transfer-encoding':
        h.transferEncoding ??= this.value;
        break;
    }
  }

  push(chunk: Buffer, pos: number, end: number): number {
    // every byte counts against the block's size, checked before it is read
    const budget = MAX_HEADER_BYTES - this.bytes;
    const stop = end - pos > budget ? pos + budget : end;
    let start = pos; // where the text being read (a name or a value) began in this chunk
    let i = pos;
    for (; i < stop; i++) {
      const c = chunk[i] as number;
      switch (this.state) {
        case NAME:
          if (is(c, TCHAR)) continue;
          if (c !== COLON) return -1;
          this.name += chunk.toString('latin1', start, i);
          if (this.name.length === 0) return -1;
          this.state = BEFORE_VALUE;
          continue;
        case BEFORE_VALUE:
          if (c === SP || c === HTAB) continue;
          this.state = VALUE;
          start = i;
          i--; // this byte begins the value: read it again in VALUE
          continue;
        case VALUE:
          if (is(c, VCHAR)) continue;
          if (c !== CR) return -1;
          this.value += chunk.toString('latin1', start, i);
          this.state = VALUE_CR;
          continue;
        case VALUE_CR:
          if (c !== LF) return -1;
          this.state = LINE_END;
          continue;
        case LINE_END:
          if (c === SP || c === HTAB) {
            // obsolete line folding: the value goes on, the whitespace included (as busboy keeps it)
            this.state = VALUE;
            start = i;
            continue;
          }
          this.store();
          this.name = '';
          this.value = '';
          if (c === CR) {
            this.state = BLOCK_CR;
            continue;
          }
          this.state = NAME;
          start = i;
          i--; // this byte begins the next name: read it again in NAME
          continue;
        case BLOCK_CR:
          if (c !== LF) return -1;
          this.bytes += i + 1 - pos;
          this.done = true;
          return i + 1;
      }
    }
    this.bytes += i - pos;
    if (i < end) return -1; // the block passed MAX_HEADER_BYTES
    // the chunk ended inside a name or a value: keep what was read of it
    if (this.state === NAME) this.name += chunk.toString('latin1', start, i);
    else if (this.state === VALUE) this.value += chunk.toString('latin1', start, i);
    return i;
  }
}

/** A header value's parameters: lower-cased names, the first value of each; no prototype. */
export type Parameters = { [name: string]: string };

/**
 * Reads `;`-separated parameters of a header value from index `i` into `params`, as busboy does:
 *
 *   params     = *( *( SP / HTAB ) ";" *( SP / HTAB ) param ) *( SP / HTAB )
 *   param      = token "=" ( token / quoted-string )
 *              / ext-name "=" charset "'" [ language ] "'" ext-value   ; RFC 5987, with `decode`
 *   ext-value  = *( attr-char / "%" HEXDIG HEXDIG )
 *
 * `decode` (Content-Disposition only) decodes `name*` extended values by the charset they name,
 * and the other values with the default decoder. A quoted-pair keeps its backslash unless it
 * escapes `"` or `\` (what busboy does, and what keeps the backslashes of a Windows path that a
 * browser did not escape). Returns false when the text breaks the grammar.
 */
function readParameters(str: string, i: number, params: Parameters, decode: Decoder | null): boolean {
  const len = str.length;
  while (i < len) {
    while (i < len && (str.charCodeAt(i) === SP || str.charCodeAt(i) === HTAB)) i++;
    if (i === len) break;
    if (str.charCodeAt(i++) !== 0x3b /* ; */) return false;
    while (i < len && (str.charCodeAt(i) === SP || str.charCodeAt(i) === HTAB)) i++;
    if (i === len) return false;
    const nameStart = i;
    while (i < len && is(str.charCodeAt(i), TCHAR)) i++;
    if (i === len || str.charCodeAt(i) !== 0x3d /* = */) return false;
    const name = str.slice(nameStart, i);
    i++; // "="
    let value: string | undefined;
    if (decode !== null && name.charCodeAt(name.length - 1) === 0x2a /* * */) {
      // ext-value: charset "'" [ language ] "'" value-chars
      const charsetStart = i;
      while (i < len && is(str.charCodeAt(i), MIME_CHARSET)) i++;
      if (i === len || str.charCodeAt(i) !== 0x27 /* ' */) return false;
      const charset = str.slice(charsetStart, i);
      i = str.indexOf("'", i + 1); // the language, not read
      if (i === -1) return false;
      i++;
      if (i === len) return false;
      let text = '';
      let hint: Hint = 0;
      let runStart = i;
      for (; i < len; i++) {
        const c = str.charCodeAt(i);
        if (is(c, ATTR_CHAR)) continue;
        if (c !== 0x25 /* % */) break; // the value ends at any other character
        const byte = i + 2 < len ? (hex(str.charCodeAt(i + 1)) << 4) | hex(str.charCodeAt(i + 2)) : -1;
        if (byte < 0) return false;
        text += str.slice(runStart, i) + String.fromCharCode(byte);
        if (byte >= 0x80) hint = BYTES;
        else if (hint === 0) hint = 1;
        i += 2;
        runStart = i + 1;
      }
      value = decodeText(text + str.slice(runStart, i), charset, hint);
    } else if (i === len) {
      return false;
    } else if (str.charCodeAt(i) === 0x22 /* " */) {
      let text = '';
      let runStart = ++i;
      let escaping = false;
      for (; i < len; i++) {
        const c = str.charCodeAt(i);
        if (escaping) {
          escaping = false;
          // `\"` and `\\` stand for the character; any other escape keeps its backslash
          runStart = c === 0x22 || c === 0x5c ? i : i - 1;
          if (c === 0x22 || c === 0x5c) continue;
        } else if (c === 0x5c /* \ */) {
          text += str.slice(runStart, i);
          escaping = true;
          continue;
        } else if (c === 0x22) {
          break;
        }
        if (!is(c, QDTEXT)) return false;
      }
      if (i === len) return false; // no closing quote
      text += str.slice(runStart, i);
      i++;
      value = decode === null ? text : decode(text, BYTES);
    } else {
      const valueStart = i;
      while (i < len && is(str.charCodeAt(i), TCHAR)) i++;
      if (i === valueStart) return false;
      const text = str.slice(valueStart, i);
      value = decode === null ? text : decode(text, BYTES);
    }
    if (value === undefined) return false;
    const key = name.toLowerCase();
    if (params[key] === undefined) params[key] = value;
  }
  return true;
}

/** The value of a hexadecimal digit, or a large negative number. */
function hex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x57;
  return -256;
}

/** A part's `Content-Disposition`: its type (lower case) and parameters. */
export interface Disposition {
  type: string;
  params: Parameters;
}

/**
 * Parses a part's `Content-Disposition` (RFC 7578 §4.2: `form-data; name="field"; filename="a.txt"`),
 * `decode` reading the values that are not extended values (`defParamCharset`). `undefined` when
 * the header is empty or malformed.
 */
export function parseDisposition(str: string, decode: Decoder): Disposition | undefined {
  if (str.length === 0) return undefined;
  let i = 0;
  while (i < str.length && is(str.charCodeAt(i), TCHAR)) i++;
  const params: Parameters = Object.create(null);
  if (!readParameters(str, i, params, decode)) return undefined;
  return { type: str.slice(0, i).toLowerCase(), params };
}

/** A part's `Content-Type`: the media type (lower case) and its charset, if named (lower case). */
export interface PartType {
  type: string;
  charset: string | undefined;
}

/**
 * Parses a part's `Content-Type` as busboy does (`type "/" subtype *( ";" parameter )`, tokens);
 * `undefined` when it is malformed, and the part is then read as `text/plain`.
 */
export function parsePartType(str: string): PartType | undefined {
  const len = str.length;
  let i = 0;
  while (i < len && is(str.charCodeAt(i), TCHAR)) i++;
  if (i === 0 || i === len || str.charCodeAt(i) !== 0x2f /* / */) return undefined;
  const slash = i++;
  while (i < len && is(str.charCodeAt(i), TCHAR)) i++;
  if (i === slash + 1) return undefined;
  let charset: string | undefined;
  if (i < len) {
    const params: Parameters = Object.create(null);
    if (!readParameters(str, i, params, null)) return undefined;
    charset = params.charset?.toLowerCase();
  }
  return { type: str.slice(0, i).toLowerCase(), charset };
}

/**
 * The last segment of a client's file path (`C:\a\b.txt` → `b.txt`, `../x` → `x`), and `''` for
 * `.` and `..`: what `file.originalname` is unless `preservePath` is set.
 */
export function basename(path: string): string {
  let i = path.length - 1;
  while (i >= 0 && path.charCodeAt(i) !== 0x2f && path.charCodeAt(i) !== 0x5c) i--;
  const name = i < 0 ? path : path.slice(i + 1);
  return name === '..' || name === '.' ? '' : name;
}
