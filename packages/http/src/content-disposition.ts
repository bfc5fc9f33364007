/**
 * The `Content-Disposition` header (RFC 6266, RFC 8187), a drop-in for `content-disposition@1.1.0`.
 * @module
 */

/** Options of {@link contentDisposition}. */
export interface ContentDispositionOptions {
  /**
   * The disposition type (a token, lower-cased in the header): `attachment` asks the browser to
   * download, `inline` to display.
   * @default 'attachment'
   */
  type?: string | undefined;
  /**
   * The plain `filename` parameter sent beside `filename*` for old clients when the name is not
   * ISO-8859-1: `true` derives it (non-ISO-8859-1 characters become `?`), a string gives it (its
   * base name is used; it must be ISO-8859-1), `false` sends `filename*` alone.
   * @default true
   */
  fallback?: string | boolean | undefined;
}

/** A parsed `Content-Disposition` header. */
export interface ContentDisposition {
  /** The disposition type, lower-cased (`attachment`, `inline`, ...). */
  type: string;
  /**
   * The parameters by lower-cased name. An extended parameter (`filename*`) is decoded and stored
   * under its plain name (`filename`), taking precedence over the plain one.
   */
  parameters: Record<string, string>;
}

/** The class of parse results (one shape for V8; named as upstream's). */
const ContentDispositionResult = class ContentDisposition implements ContentDisposition {
  type: string;
  parameters: Record<string, string>;
  constructor(type: string, parameters: Record<string, string>) {
    this.type = type;
    this.parameters = parameters;
  }
};

// ---------------------------------------------------------------------------------------------
// Character classes, by code point (1 = member).

/**
 * token = 1*tchar (RFC 2616 §2.2, as upstream):
 *   any CHAR except CTLs or separators; separators = ( ) < > @ , ; : \ " / [ ] ? = { } SP HT
 */
const TOKEN_CHAR = new Uint8Array(256);
/**
 * attr-char (RFC 8187 §3.2.1) = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^"
 *                             / "_" / "`" / "|" / "~"
 */
const ATTR_CHAR = new Uint8Array(256);
{
  const token = "!#$%&'*+-.^_`|~";
  const attr = '!#$&+-.^_`|~';
  for (let c = 0x30; c <= 0x7a; c++) {
    if (c <= 0x39 || (c >= 0x41 && c <= 0x5a) || c >= 0x61) TOKEN_CHAR[c] = ATTR_CHAR[c] = 1;
  }
  for (let i = 0; i < token.length; i++) TOKEN_CHAR[token.charCodeAt(i)] = 1;
  for (let i = 0; i < attr.length; i++) ATTR_CHAR[attr.charCodeAt(i)] = 1;
}

const isToken = (c: number): boolean => c < 256 && TOKEN_CHAR[c] === 1;
const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
const isAlpha = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
/** ISO-8859-1 printable (what may stand in a plain `filename`): 0x20-0x7e and 0xa0-0xff. */
const isLatin1 = (c: number): boolean => (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff);
/** TEXT, RFC 2616 (as upstream): any octet but CTLs: 0x20-0x7e and 0x80-0xff. */
const isText = (c: number): boolean => (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);

// ---------------------------------------------------------------------------------------------
// Creating a header

/**
 * Create a `Content-Disposition` header value, by default an `attachment` with the base name of
 * `filename` (the part after the last `/` or `\`).
 *
 * A name that is not plain ISO-8859-1 text (or holds `%XX`) is sent as `filename*=UTF-8''...`
 * (RFC 8187), beside an ISO-8859-1 `filename="..."` fallback unless `fallback` is `false`.
 *
 * @param filename - the file name; omit it for a bare disposition type
 * @param options - `{ type, fallback }`
 * @returns the header value
 * @throws {TypeError} `filename must be a string`
 * @throws {TypeError} `fallback must be a string or boolean`
 * @throws {TypeError} `fallback must be ISO-8859-1 string`
 * @throws {TypeError} `invalid type` when `type` is not a token
 * @example
 * contentDisposition('reports/2024.pdf') // 'attachment; filename="2024.pdf"'
 * contentDisposition('\u20ac rates.pdf') // 'attachment; filename="? rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf'
 * contentDisposition('photo.jpg', { type: 'inline' }) // 'inline; filename="photo.jpg"'
 */
function create(filename?: string, options?: ContentDispositionOptions): string {
  const opts = options || {};
  const type = opts.type || 'attachment';

  // parameters first: their errors come before the type's, as upstream
  let params = '';
  if (filename !== undefined) params = formatFilename(filename, opts.fallback);

  // (never empty here: '' became 'attachment')
  if (typeof type !== 'string' || !isTokenString(type)) {
    throw new TypeError('invalid type');
  }
  return type.toLowerCase() + params;
}

/** The `; filename="..."` and/or `; filename*=UTF-8''...` parameters, in that order. */
function formatFilename(filename: string, fallback: string | boolean | undefined): string {
  if (typeof filename !== 'string') {
    throw new TypeError('filename must be a string');
  }
  if (fallback === undefined) fallback = true;
  if (typeof fallback !== 'string' && typeof fallback !== 'boolean') {
    throw new TypeError('fallback must be a string or boolean');
  }
  if (typeof fallback === 'string' && !isLatin1String(fallback)) {
    throw new TypeError('fallback must be ISO-8859-1 string');
  }

  const name = basename(filename);
  const quotable = name.length > 0 && isTextString(name);
  const fallbackName = typeof fallback === 'string' ? basename(fallback) : fallback ? toLatin1(name) : undefined;
  const hasFallback = fallbackName !== undefined && fallbackName !== name;

  let params = '';
  if (quotable || hasFallback) {
    params += '; filename=' + quote(hasFallback ? (fallbackName as string) : name);
  }
  if (hasFallback || !quotable || hasHexEscape(name)) {
    params += "; filename*=UTF-8''" + encodeExtValue(name);
  }
  return params;
}

/** The part of a path after its last `/` or `\`, trailing separators ignored. */
function basename(path: string): string {
  let end = path.length;
  while (end > 0 && isSeparator(path.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && !isSeparator(path.charCodeAt(start - 1))) start--;
  return path.slice(start, end);
}

const isSeparator = (c: number): boolean => c === 0x2f /* / */ || c === 0x5c; /* \ */

/** Whether a non-empty string is all token characters. */
function isTokenString(str: string): boolean {
  for (let i = 0; i < str.length; i++) if (!isToken(str.charCodeAt(i))) return false;
  return true;
}

function isTextString(str: string): boolean {
  for (let i = 0; i < str.length; i++) if (!isText(str.charCodeAt(i))) return false;
  return true;
}

function isLatin1String(str: string): boolean {
  for (let i = 0; i < str.length; i++) if (!isLatin1(str.charCodeAt(i))) return false;
  return true;
}

/** Replace every character outside printable ISO-8859-1 with `?` (one per UTF-16 unit). */
function toLatin1(str: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    if (isLatin1(str.charCodeAt(i))) continue;
    out += str.slice(last, i) + '?';
    last = i + 1;
  }
  return last === 0 ? str : out + str.slice(last);
}

/** Whether `str` holds a `%XX` escape (then the name must go in `filename*` to survive decoding). */
function hasHexEscape(str: string): boolean {
  for (let i = str.indexOf('%'); i !== -1 && i + 2 < str.length; i = str.indexOf('%', i + 1)) {
    if (isHex(str.charCodeAt(i + 1)) && isHex(str.charCodeAt(i + 2))) return true;
  }
  return false;
}

/** quoted-string: `"` ... `"` with `\` and `"` escaped by a backslash. */
function quote(str: string): string {
  let out = '"';
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c !== 0x22 && c !== 0x5c) continue;
    out += str.slice(last, i) + '\\';
    last = i;
  }
  return out + str.slice(last) + '"';
}

/**
 * value-chars (RFC 8187 §3.2.1): UTF-8 percent-encoded, everything but attr-char encoded.
 * Throws URIError on an unpaired surrogate, as upstream.
 */
function encodeExtValue(str: string): string {
  // encodeURIComponent leaves A-Z a-z 0-9 - _ . ! ~ * ' ( ); of those, * ' ( ) are not attr-char
  const encoded = encodeURIComponent(str);
  let out = '';
  let last = 0;
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded.charCodeAt(i);
    if (c !== 0x27 && c !== 0x28 && c !== 0x29 && c !== 0x2a) continue;
    out += encoded.slice(last, i) + (c === 0x2a ? '%2A' : '%2' + (c - 0x20));
    last = i + 1;
  }
  return last === 0 ? encoded : out + encoded.slice(last);
}

// ---------------------------------------------------------------------------------------------
// Parsing a header

/**
 * Parse a `Content-Disposition` header value (RFC 6266 §4.1):
 *   content-disposition = disposition-type *( OWS ";" OWS disposition-parm )
 *   disposition-parm    = token OWS "=" OWS ( token / quoted-string )
 *                       / ext-token OWS "=" OWS ext-value   ; ext-token = token ending in "*"
 * where OWS is spaces and tabs. Parameter names are lower-cased; `name*` parameters are decoded
 * (UTF-8 or ISO-8859-1) and stored as `name`, winning over a plain `name`. A single left-to-right
 * scan: linear in the header's length.
 *
 * @param string - the header value
 * @returns the type and parameters
 * @throws {TypeError} `argument string is required` when `string` is empty or not a string
 * @throws {TypeError} `invalid type format` when it does not start with a token type
 * @throws {TypeError} `invalid parameter format` for a malformed parameter
 * @throws {TypeError} `invalid duplicate parameter` for a parameter given twice
 * @throws {TypeError} `invalid extended field value` for a malformed `name*` value
 * @throws {TypeError} `unsupported charset in extended field` for a charset other than UTF-8
 *   and ISO-8859-1
 * @example
 * parse('attachment; filename="plans.pdf"') // { type: 'attachment', parameters: { filename: 'plans.pdf' } }
 */
export function parse(string: string): ContentDisposition {
  if (!string || typeof string !== 'string') {
    throw new TypeError('argument string is required');
  }
  const len = string.length;

  // disposition-type OWS ( end / ";" )
  let i = 0;
  while (i < len && isToken(string.charCodeAt(i))) i++;
  const typeEnd = i;
  i = skipOws(string, i);
  if (typeEnd === 0 || (i < len && string.charCodeAt(i) !== 0x3b) /* ; */) {
    throw new TypeError('invalid type format');
  }
  const type = string.slice(0, typeEnd).toLowerCase();

  const params: Record<string, string> = {};
  const seen = new Set<string>();

  // each round: ";" OWS name OWS "=" OWS value OWS
  while (i < len) {
    if (string.charCodeAt(i) !== 0x3b /* ; */) throw new TypeError('invalid parameter format');
    i = skipOws(string, i + 1);

    const nameStart = i;
    while (i < len && isToken(string.charCodeAt(i))) i++;
    if (i === nameStart) throw new TypeError('invalid parameter format');
    const key = string.slice(nameStart, i).toLowerCase();

    i = skipOws(string, i);
    if (string.charCodeAt(i) !== 0x3d /* = */) throw new TypeError('invalid parameter format');
    i = skipOws(string, i + 1);

    let value: string;
    if (string.charCodeAt(i) === 0x22 /* " */) {
      const end = quotedStringEnd(string, i);
      if (end === -1) throw new TypeError('invalid parameter format');
      value = string.slice(i, end);
      i = end;
    } else {
      const start = i;
      while (i < len && isToken(string.charCodeAt(i))) i++;
      if (i === start) throw new TypeError('invalid parameter format');
      value = string.slice(start, i);
    }
    i = skipOws(string, i);

    if (seen.has(key)) throw new TypeError('invalid duplicate parameter');
    seen.add(key);

    if (key.indexOf('*') === key.length - 1) {
      // `name*` (one `*`, at the end): an extended value, which replaces the plain one
      setParam(params, key.slice(0, -1), decodeExtValue(value));
    } else if (!(Object.hasOwn(params, key) && typeof params[key] === 'string')) {
      setParam(params, key, value.charCodeAt(0) === 0x22 ? unquote(value) : value);
    }
  }

  return new ContentDispositionResult(type, params);
}

/** Store a parameter; `__proto__` is dropped (upstream's plain assignment ignores it too). */
function setParam(params: Record<string, string>, key: string, value: string): void {
  if (key !== '__proto__') params[key] = value;
}

function skipOws(str: string, i: number): number {
  while (i < str.length) {
    const c = str.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) break;
    i++;
  }
  return i;
}

/**
 * The index after the quoted-string that opens at `start`, or -1 (RFC 2616 §2.2, as upstream):
 *   quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
 *   qdtext        = 0x20-0x21 / 0x23-0x5b / 0x5d-0x7e / 0x80-0xff
 *   quoted-pair   = "\" 0x20-0x7e
 */
function quotedStringEnd(str: string, start: number): number {
  for (let i = start + 1; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) {
      const next = str.charCodeAt(i + 1);
      if (!(next >= 0x20 && next <= 0x7e)) return -1;
      i++;
    } else if (!isText(c)) {
      return -1;
    }
  }
  return -1;
}

/** The content of a quoted-string with its quoted-pairs resolved. */
function unquote(quoted: string): string {
  const end = quoted.length - 1;
  let i = quoted.indexOf('\\', 1);
  if (i === -1) return quoted.slice(1, end);
  let out = quoted.slice(1, i);
  let last = i;
  for (; i !== -1 && i < end; i = quoted.indexOf('\\', i + 2)) {
    out += quoted.slice(last, i);
    last = i + 1; // keep the escaped character, drop the backslash
  }
  return out + quoted.slice(last, end);
}

/**
 * Decode an ext-value (RFC 8187 §3.2.1):
 *   ext-value   = charset "'" [ language ] "'" value-chars
 *   charset     = "UTF-8" / "ISO-8859-1" / mime-charset
 *   mime-charsetc = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "+" / "-" / "^" / "_" / "`"
 *                 / "{" / "}" / "~"
 *   language    = 2*3ALPHA *3( "-" 3ALPHA ) / 4*8ALPHA   ; as upstream, a subset of RFC 5646
 *   value-chars = 1*( pct-encoded / attr-char )          ; upstream requires at least one
 */
function decodeExtValue(str: string): string {
  const len = str.length;

  let i = 0;
  while (i < len && isCharsetChar(str.charCodeAt(i))) i++;
  const charsetEnd = i;
  if (charsetEnd === 0 || str.charCodeAt(i) !== 0x27 /* ' */) throw invalidExtValue();

  const langEnd = str.indexOf("'", i + 1);
  if (langEnd === -1 || !isLanguage(str, i + 1, langEnd)) throw invalidExtValue();

  const valueStart = langEnd + 1;
  if (valueStart === len) throw invalidExtValue();
  for (i = valueStart; i < len; i++) {
    const c = str.charCodeAt(i);
    if (c === 0x25 /* % */) {
      if (!isHex(str.charCodeAt(i + 1)) || !isHex(str.charCodeAt(i + 2))) throw invalidExtValue();
      i += 2;
    } else if (!(c < 256 && ATTR_CHAR[c] === 1)) {
      throw invalidExtValue();
    }
  }

  const encoded = str.slice(valueStart);
  switch (str.slice(0, charsetEnd).toLowerCase()) {
    case 'iso-8859-1':
      return toLatin1(percentDecodeBytes(encoded));
    case 'utf-8':
    case 'utf8':
      try {
        return decodeURIComponent(encoded);
      } catch {
        // invalid UTF-8: decode leniently, each bad sequence becoming U+FFFD (as upstream 1.1)
        return Buffer.from(percentDecodeBytes(encoded), 'latin1').toString('utf8');
      }
  }
  throw new TypeError('unsupported charset in extended field');
}

const invalidExtValue = (): TypeError => new TypeError('invalid extended field value');

function isCharsetChar(c: number): boolean {
  return (c < 256 && ATTR_CHAR[c] === 1 && c !== 0x2e && c !== 0x7c) || c === 0x25 || c === 0x7b || c === 0x7d;
}

/** language: empty, 2*3ALPHA *3("-" 3ALPHA), or 4*8ALPHA. */
function isLanguage(str: string, start: number, end: number): boolean {
  if (start === end) return true;
  let i = start;
  while (i < end && isAlpha(str.charCodeAt(i))) i++;
  const primary = i - start;
  if (i === end) return primary >= 2 && primary <= 8;
  if (primary > 3 || primary < 2) return false;
  for (let groups = 0; i < end; groups++) {
    if (groups === 3 || i + 4 > end || str.charCodeAt(i) !== 0x2d /* - */) return false;
    if (!isAlpha(str.charCodeAt(i + 1)) || !isAlpha(str.charCodeAt(i + 2)) || !isAlpha(str.charCodeAt(i + 3))) {
      return false;
    }
    i += 4;
  }
  return true;
}

/** Replace each `%XX` by the character with that code (0-255), one per byte. */
function percentDecodeBytes(str: string): string {
  let i = str.indexOf('%');
  if (i === -1) return str;
  let out = '';
  let last = 0;
  for (; i !== -1; i = str.indexOf('%', last)) {
    out += str.slice(last, i) + String.fromCharCode(parseInt(str.slice(i + 1, i + 3), 16));
    last = i + 3;
  }
  return out + str.slice(last);
}

// ---------------------------------------------------------------------------------------------

/** {@link contentDisposition}: callable, with {@link parse} as a property, as the upstream module is. */
export interface ContentDispositionFunction {
  /**
   * Create a `Content-Disposition` header value.
   * @param filename - the file name (its base name is used); omit it for a bare type
   * @param options - `{ type = 'attachment', fallback = true }`
   */
  (filename?: string, options?: ContentDispositionOptions): string;
  /** Parse a `Content-Disposition` header value. */
  parse: typeof parse;
}

/**
 * Create a `Content-Disposition` header value (RFC 6266), with `contentDisposition.parse(header)`
 * to read one.
 *
 * @example
 * res.setHeader('Content-Disposition', contentDisposition('r\u00e9sum\u00e9.pdf'));
 * contentDisposition.parse('inline; filename="a.txt"').parameters.filename // 'a.txt'
 */
export const contentDisposition: ContentDispositionFunction = Object.assign(
  function contentDisposition(filename?: string, options?: ContentDispositionOptions): string {
    return create(filename, options);
  },
  { parse },
);
