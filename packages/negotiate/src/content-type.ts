// The Content-Type header, strictly (drop-in for content-type 1.0.5): parse to { type, parameters }
// and format back. RFC 7231 §3.1.1.1 / RFC 9110 §8.3.1:
//
//   media-type    = type "/" subtype *( OWS ";" OWS parameter )
//   type          = token
//   subtype       = token
//   parameter     = token "=" ( token / quoted-string )
//   token         = 1*tchar
//   tchar         = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
//                 / DIGIT / ALPHA
//   quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
//   qdtext        = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
//   quoted-pair   = "\" ( HTAB / SP / VCHAR / obs-text )
//   obs-text      = %x80-FF
//
// As content-type 1.0.5 does (and so as every Express app has seen so far), the whitespace around
// ";" and "=" is spaces only, and where the ABNF says HTAB the accepted byte is 0x0B (VT), not 0x09.
// Parsing is one left-to-right scan over the header: linear, no regular expression.
import { keyOf } from './keys.js';

/** A request-like object: its `content-type` header is parsed. */
export interface ContentTypeRequest {
  /** The request headers, as node's `IncomingMessage#headers`. */
  headers: { [name: string]: string | string[] | undefined };
}

/** A response-like object: `getHeader('content-type')` is parsed. */
export interface ContentTypeResponse {
  /** As node's `ServerResponse#getHeader`. */
  getHeader(name: string): number | string | string[] | undefined;
}

/** A media type to format: `type` is `type/subtype`, `parameters` are written sorted by name. */
export interface MediaType {
  /** `type/subtype`, both tokens, e.g. `text/html`. */
  type: string;
  /** Parameter names (tokens) and values; a value that is not a token is quoted. */
  parameters?: { [name: string]: string | number | boolean };
}

/** What `parse` returns: the lower-cased `type/subtype` and the parameters by lower-cased name. */
export interface ParsedMediaType {
  /** `type/subtype`, lower-cased. */
  type: string;
  /** Parameter values by lower-cased name, unquoted; a prototype-less object. */
  parameters: { [name: string]: string };
}

const TCHAR = 1;
const QDTEXT = 2;
const QPAIR = 4; // may follow "\" in a quoted-pair
const TEXT = 8; // may appear in a formatted quoted-string

/** Character classes of the Latin-1 range, by char code. */
const CLASSES = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  for (let c = 0; c < 256; c++) {
    const tchar =
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      "!#$%&'*+-.^_`|~".includes(String.fromCharCode(c));
    const qdtext =
      c === 0x0b || c === 0x20 || c === 0x21 || (c >= 0x23 && c <= 0x5b) || (c >= 0x5d && c <= 0x7e) || c >= 0x80;
    const qpair = c === 0x0b || c >= 0x20;
    const text = c === 0x0b || (c >= 0x20 && c <= 0x7e) || c >= 0x80;
    table[c] = (tchar ? TCHAR : 0) | (qdtext ? QDTEXT : 0) | (qpair ? QPAIR : 0) | (text ? TEXT : 0);
  }
  return table;
})();

/** Whether char code `c` belongs to class `cls` (all classes lie inside Latin-1). */
function is(c: number, cls: number): boolean {
  return c < 256 && (CLASSES[c] & cls) !== 0;
}

/** Index of the first char at or after `i` that is not a tchar. */
function skipToken(s: string, i: number, len: number): number {
  while (i < len && is(s.charCodeAt(i), TCHAR)) i++;
  return i;
}

/** `s.trim()`, without the call when `s` starts and ends with a visible ASCII char. */
function trim(s: string): string {
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f ? s : s.trim();
}

/** Index of the first char at or after `i` that is not a space. */
function skipSpaces(s: string, i: number, len: number): number {
  while (i < len && s.charCodeAt(i) === 0x20) i++;
  return i;
}

// Whole-string checks are regular expressions: one character class per part, anchored, with no
// nested or adjacent overlapping quantifiers, so matching is linear (V8 runs them faster than a
// JavaScript loop).

/** token = 1*tchar */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** type "/" subtype, both tokens (RFC 9110 §8.3.1) */
const TYPE_SUBTYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `token`: one or more tchar. */
function isToken(s: string): boolean {
  return TOKEN.test(s);
}

/** `media-type` without parameters: token "/" token. */
function isTypeSubtype(s: string): boolean {
  return TYPE_SUBTYPE.test(s);
}

/** Every char of `s` may sit in a formatted quoted-string. */
function isText(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!is(s.charCodeAt(i), TEXT)) return false;
  return true;
}

/** A parsed Content-Type (the class content-type 1.0.5 returns: `parameters` first, then `type`). */
class ContentType implements ParsedMediaType {
  parameters: { [name: string]: string };
  type: string;
  constructor(type: string) {
    this.parameters = Object.create(null) as { [name: string]: string };
    this.type = type;
  }
}

/** The Content-Type header of a request-like or response-like object. */
function headerOf(obj: Partial<ContentTypeRequest & ContentTypeResponse>): string {
  let header: unknown;
  if (typeof obj.getHeader === 'function') header = obj.getHeader('content-type');
  else if (typeof obj.headers === 'object') header = obj.headers?.['content-type'];
  if (typeof header !== 'string') throw new TypeError('content-type header is missing from object');
  return header;
}

const invalidParameters = (): TypeError => new TypeError('invalid parameter format');

/** Parses `*( ";" *SP token *SP "=" *SP ( token / quoted-string ) *SP )` from `index` to the end. */
function parseParameters(header: string, index: number, parameters: { [name: string]: string }): void {
  const len = header.length;
  while (index < len) {
    if (header.charCodeAt(index) !== 0x3b /* ; */) throw invalidParameters();
    index = skipSpaces(header, index + 1, len);
    const nameStart = index;
    index = skipToken(header, index, len);
    if (index === nameStart) throw invalidParameters();
    const name = header.slice(nameStart, index).toLowerCase();
    index = skipSpaces(header, index, len);
    if (header.charCodeAt(index) !== 0x3d /* = */) throw invalidParameters();
    index = skipSpaces(header, index + 1, len);
    let value: string;
    if (header.charCodeAt(index) === 0x22 /* " */) {
      value = '';
      let run = ++index; // start of the current run of literal chars
      for (;;) {
        if (index >= len) throw invalidParameters();
        const c = header.charCodeAt(index);
        if (c === 0x22) break;
        if (c === 0x5c /* \ */) {
          if (!is(header.charCodeAt(index + 1), QPAIR)) throw invalidParameters(); // NaN at the end: false
          value += header.slice(run, index);
          run = index + 1; // the escaped char starts the next run
          index += 2;
        } else if (is(c, QDTEXT)) {
          index++;
        } else {
          throw invalidParameters();
        }
      }
      value += header.slice(run, index++);
    } else {
      const valueStart = index;
      index = skipToken(header, index, len);
      if (index === valueStart) throw invalidParameters();
      value = header.slice(valueStart, index);
    }
    index = skipSpaces(header, index, len);
    parameters[keyOf(name)] = value;
  }
}

/**
 * Parses a Content-Type header value, or the `content-type` header of a request (`req.headers`)
 * or response (`res.getHeader`). The type and parameter names are lower-cased; quoted values are
 * unquoted; a repeated parameter keeps its last value.
 * @throws {TypeError} `argument string is required`, `argument string is required to be a string`,
 *   `content-type header is missing from object`, `invalid media type`, `invalid parameter format`
 * @example
 * parse('text/html; charset="UTF-8"') // { type: 'text/html', parameters: { charset: 'UTF-8' } }
 * parse(req).parameters.charset
 */
export function parse(string: string | ContentTypeRequest | ContentTypeResponse): ParsedMediaType {
  if (!string) throw new TypeError('argument string is required');
  const header: unknown = typeof string === 'object' ? headerOf(string) : string;
  if (typeof header !== 'string') throw new TypeError('argument string is required to be a string');

  const semicolon = header.indexOf(';');
  const type = trim(semicolon === -1 ? header : header.slice(0, semicolon));
  if (!isTypeSubtype(type)) throw new TypeError('invalid media type');

  const result = new ContentType(type.toLowerCase());
  if (semicolon !== -1) parseParameters(header, semicolon, result.parameters);
  return result;
}

/** A parameter value as written: a token as is, anything else as a quoted-string. */
function quote(value: unknown): string {
  const str = String(value);
  if (isToken(str)) return str;
  if (str.length > 0 && !isText(str)) throw new TypeError('invalid parameter value');
  return '"' + str.replace(/[\\"]/g, '\\$&') + '"'; // one char class, no quantifier: linear
}

/**
 * Formats a media type and its parameters as a Content-Type header value. Parameters are written
 * in sorted order; values that are not tokens are quoted.
 * @throws {TypeError} `argument obj is required`, `invalid type`, `invalid parameter name`,
 *   `invalid parameter value`
 * @example
 * format({ type: 'text/html', parameters: { charset: 'utf-8' } }) // 'text/html; charset=utf-8'
 */
export function format(obj: MediaType): string {
  if (!obj || typeof obj !== 'object') throw new TypeError('argument obj is required');
  const parameters = obj.parameters;
  const type = obj.type;
  if (!type || !isTypeSubtype(String(type))) throw new TypeError('invalid type');

  let result = type;
  if (parameters && typeof parameters === 'object') {
    const names = Object.keys(parameters).sort();
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (!isToken(name)) throw new TypeError('invalid parameter name');
      result += '; ' + name + '=' + quote(parameters[name]);
    }
  }
  return result;
}

/** `{ parse, format }`: the content-type 1.0.5 module. */
export const contentType: { parse: typeof parse; format: typeof format } = { parse, format };
