/**
 * The `Content-Disposition` header (RFC 6266, RFC 8187): a drop-in for `content-disposition@3.1.0`
 * (`create`, `parse`, `format`, `encodeExtended`, `decodeExtended`; `create` writes what 2.0.1
 * writes, as Express 5.3 sends it), still callable as `content-disposition@1.1.0`'s module
 * function (decisions 022, 033).
 * @module
 */

/**
 * Options of {@link create} and of the call `contentDisposition(filename, options)`.
 */
export interface ContentDispositionOptions {
  /**
   * The disposition type, a token: `attachment` asks the browser to download, `inline` to
   * display. `create` writes it as given; the call lower-cases it.
   * @default 'attachment'
   */
  type?: string | undefined;
  /**
   * The plain `filename` parameter sent beside `filename*` for old clients when the name cannot
   * stand in `filename`: `true` derives it (other characters become `?`), a string gives it,
   * `false` sends `filename*` alone. `create` needs a US-ASCII string; the call takes an
   * ISO-8859-1 string and uses its base name.
   * @default true
   */
  fallback?: string | boolean | undefined;
}

/** Options of {@link parse}. */
export interface ContentDispositionParseOptions {
  /** Decode RFC 8187 `name*` parameters into `name`. @default true */
  extended?: boolean | undefined;
  /**
   * Read quoted values as browsers write them in `multipart/form-data`: `%22`, `%0D` and `%0A`
   * are `"`, CR and LF, and a backslash is an ordinary character.
   * @default false
   */
  multipart?: boolean | undefined;
}

/** Options of {@link format}. */
export interface ContentDispositionFormatOptions {
  /**
   * Write a value that is not ISO-8859-1 text as an RFC 8187 `name*` parameter; when `false`,
   * such a value throws.
   * @default true
   */
  extended?: boolean | undefined;
  /**
   * Quote every value as browsers do in `multipart/form-data` (`"` → `%22`, CR → `%0D`, LF →
   * `%0A`).
   * @default false
   */
  multipart?: boolean | undefined;
}

/** A `Content-Disposition` header as an object. */
export interface ContentDisposition {
  /** The disposition type (`attachment`, `inline`, `form-data`, ...); lower-cased by `parse`. */
  type: string;
  /**
   * The parameters by name, lower-cased by `parse`, in a prototype-less object. `parse` stores a
   * decoded `name*` parameter under `name` only, and one that does not decode as `name*`.
   */
  parameters: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Character classes, by code point (1 = member).

/**
 * token = 1*tchar (RFC 2616 §2.2, as upstream):
 *   any CHAR except CTLs or separators; separators = ( ) < > @ , ; : \ " / [ ] ? = { } SP HT
 */
const TOKEN_CHAR = new Uint8Array(256);
{
  const token = "!#$%&'*+-.^_`|~";
  for (let c = 0x30; c <= 0x7a; c++) {
    if (c <= 0x39 || (c >= 0x41 && c <= 0x5a) || c >= 0x61) TOKEN_CHAR[c] = 1;
  }
  for (let i = 0; i < token.length; i++) TOKEN_CHAR[token.charCodeAt(i)] = 1;
}

const isToken = (c: number): boolean => c < 256 && TOKEN_CHAR[c] === 1;
const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
/** Printable US-ASCII: 0x20-0x7e. */
const isAscii = (c: number): boolean => c >= 0x20 && c <= 0x7e;
/** ISO-8859-1 printable (what 1.1.0 lets stand in a plain `filename`): 0x20-0x7e and 0xa0-0xff. */
const isLatin1 = (c: number): boolean => (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff);
/** TEXT, RFC 2616 (as upstream): any octet but CTLs: 0x20-0x7e and 0x80-0xff. */
const isText = (c: number): boolean => (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);

/** Whether every character of `str` is in the class (true for ''). */
function every(str: string, is: (c: number) => boolean): boolean {
  for (let i = 0; i < str.length; i++) if (!is(str.charCodeAt(i))) return false;
  return true;
}

/** Whether `str` is a token (one or more tchar). */
function isTokenString(str: string): boolean {
  return str.length > 0 && every(str, isToken);
}

/** Replace every character `is` rejects with `?` (one per UTF-16 unit). */
function replaceOthers(str: string, is: (c: number) => boolean): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    if (is(str.charCodeAt(i))) continue;
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

/** A quoted value as browsers write one in `multipart/form-data`: `"`, CR and LF percent-encoded. */
function quoteMultipart(str: string): string {
  let out = '"';
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c !== 0x22 && c !== 0x0a && c !== 0x0d) continue;
    out += str.slice(last, i) + (c === 0x22 ? '%22' : c === 0x0a ? '%0A' : '%0D');
    last = i + 1;
  }
  return out + str.slice(last) + '"';
}

/** value-chars (RFC 8187 §3.2.1): UTF-8 percent-encoded, everything but attr-char encoded. */
function encodeValueChars(str: string): string {
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
// content-disposition 2 and 3: create, format, encodeExtended

/**
 * Encode a string as an RFC 8187 ext-value: `UTF-8''` and the UTF-8 bytes, percent-encoded
 * except for attr-char.
 *
 * @param str - the value
 * @returns the ext-value
 * @throws {URIError} `URI malformed` for an unpaired surrogate, as upstream
 * @example
 * encodeExtended('\u20ac rates.pdf') // "UTF-8''%E2%82%AC%20rates.pdf"
 */
export function encodeExtended(str: string): string {
  return "UTF-8''" + encodeValueChars(String(str));
}

/**
 * Create a `Content-Disposition` header value, as content-disposition 2 does: by default an
 * `attachment` whose `filename` is the name as given (no base name is taken: pass one). A
 * printable US-ASCII name without `%XX` goes in `filename`, unquoted when it is a token; any
 * other name goes in `filename*=UTF-8''...` (RFC 8187), beside a `filename` fallback in which
 * every other character is `?`, unless `fallback` is `false`.
 *
 * @param filename - the file name; omit it for a bare disposition type
 * @param options - `{ type = 'attachment', fallback = true }`
 * @returns the header value
 * @throws {TypeError} `Fallback must be valid US-ASCII: <fallback>`
 * @throws {TypeError} `Invalid type: <type>` when `type` is not a token
 * @throws {URIError} `URI malformed` for a name with an unpaired surrogate
 * @example
 * create('logo.png') // 'attachment; filename=logo.png'
 * create('caf\u00e9.txt') // "attachment; filename=\"caf?.txt\"; filename*=UTF-8''caf%C3%A9.txt"
 * create('a b.pdf', { type: 'inline' }) // 'inline; filename="a b.pdf"'
 * create() // 'attachment'
 */
export function create(filename?: string, options?: ContentDispositionOptions): string {
  const type = options?.type || 'attachment';
  // the parameters first: their errors come before the type's, as upstream
  const params = filename === undefined ? '' : createParameters(filename, options?.fallback);
  if (!isTokenString(String(type))) throw new TypeError('Invalid type: ' + type);
  return type + params;
}

/** `; filename=...` and/or `; filename*=...`, in that order, as content-disposition 2 picks them. */
function createParameters(filename: string, fallback: unknown): string {
  const name = String(filename);
  if (typeof fallback === 'string') {
    if (!every(fallback, isAscii)) throw new TypeError('Fallback must be valid US-ASCII: ' + fallback);
    if (fallback === filename) return filenameParameter(fallback);
    return filenameParameter(fallback) + '; filename*=' + encodeExtended(name);
  }
  if (every(name, isAscii) && !hasHexEscape(name)) return filenameParameter(name);
  const extended = '; filename*=' + encodeExtended(name);
  return fallback === false ? extended : filenameParameter(replaceOthers(name, isAscii)) + extended;
}

/** `; filename=` and a US-ASCII value: as it is when a token, else quoted. */
function filenameParameter(value: string): string {
  return '; filename=' + (isTokenString(value) ? value : quote(value));
}

/**
 * Format a `{ type, parameters }` object as a `Content-Disposition` header value, parameters in
 * their order. A value that is a token is written as it is, other ISO-8859-1 text is quoted, and
 * anything else is written as an RFC 8187 `name*` parameter (or throws when `extended` is
 * `false`, or when the name already ends in `*`, as content-disposition 3 does). Values are
 * converted with `String()`.
 *
 * @param obj - the type (a token, written as given) and the parameters
 * @param options - `{ extended = true, multipart = false }`
 * @returns the header value
 * @throws {TypeError} `Invalid type: <type>`, `Invalid parameter name: <name>`,
 *   `Invalid parameter value: <value>`, `Invalid extended parameter value: <value>`
 * @example
 * format({ type: 'attachment', parameters: { filename: 'a b.txt' } }) // 'attachment; filename="a b.txt"'
 * format({ type: 'form-data', parameters: { name: '\u20ac' } }) // "form-data; name*=UTF-8''%E2%82%AC"
 */
export function format(obj: Partial<ContentDisposition>, options?: ContentDispositionFormatOptions): string {
  const { type, parameters } = obj;
  const multipart = options?.multipart === true;
  const extended = options?.extended !== false;
  if (!type || !isTokenString(String(type))) throw new TypeError('Invalid type: ' + type);

  let result = String(type);
  if (parameters) {
    const names = Object.keys(parameters);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      const value = String(parameters[name]);
      if (!isTokenString(name)) throw new TypeError('Invalid parameter name: ' + name);
      if (multipart) result += '; ' + name + '=' + quoteMultipart(value);
      else if (isTokenString(value)) result += '; ' + name + '=' + value;
      else if (every(value, isText)) result += '; ' + name + '=' + quote(value);
      else if (!extended) throw new TypeError('Invalid parameter value: ' + value);
      else if (name.charCodeAt(name.length - 1) === 0x2a /* * */) {
        // already an extended name: `name**=` would be no parameter a reader knows (3.0)
        throw new TypeError('Invalid extended parameter value: ' + value);
      } else result += '; ' + name + '*=' + encodeExtended(value);
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// content-disposition 3: parse, decodeExtended

/**
 * Decode an RFC 8187 ext-value (`charset'language'value`), or give `undefined` for one that
 * cannot be decoded: no charset, no second `'`, a charset other than UTF-8 and ISO-8859-1, or
 * bytes that are not UTF-8, or an ISO-8859-1 value with a `%` that starts no escape (as 3.0).
 *
 * @param str - the ext-value
 * @returns the decoded value, or `undefined`
 * @example
 * decodeExtended("UTF-8''%E2%82%AC%20rates.pdf") // '\u20ac rates.pdf'
 * decodeExtended("UTF-16''x") // undefined
 */
export function decodeExtended(str: string): string | undefined {
  const charsetEnd = str.indexOf("'");
  if (charsetEnd <= 0) return undefined;
  const languageEnd = str.indexOf("'", charsetEnd + 1);
  if (languageEnd === -1) return undefined;
  const encoded = str.slice(languageEnd + 1);
  switch (str.slice(0, charsetEnd).toLowerCase()) {
    case 'iso-8859-1':
      return decodeHexEscapes(encoded);
    case 'utf-8':
    case 'utf8':
      try {
        return decodeURIComponent(encoded);
      } catch {
        return undefined;
      }
  }
  return undefined;
}

/** Replace each `%XX` by the character with that code (0-255); `undefined` when a `%` starts no escape (3.0). */
function decodeHexEscapes(str: string): string | undefined {
  let i = str.indexOf('%');
  if (i === -1) return str;
  let out = '';
  let last = 0;
  for (; i !== -1; i = str.indexOf('%', last)) {
    if (i + 2 >= str.length || !isHex(str.charCodeAt(i + 1)) || !isHex(str.charCodeAt(i + 2))) return undefined;
    out += str.slice(last, i) + String.fromCharCode(parseInt(str.slice(i + 1, i + 3), 16));
    last = i + 3;
  }
  return out + str.slice(last);
}

/**
 * Parse a `Content-Disposition` header value, leniently, as content-disposition 3.1 does: nothing
 * is rejected. The type is what precedes the first `;`; each parameter is `name=value` (a token
 * up to the next `;`, trimmed, or a quoted-string, with anything after it up to the next `;`
 * ignored); a part without `=` and an unterminated quoted-string are skipped. Type and names are
 * lower-cased; the first value of a name wins. An unquoted `name*` value that decodes
 * ({@link decodeExtended}) is stored under `name` only, replacing a plain `name` before it; one
 * that does not is kept as `name*`, as written.
 * A `__proto__` parameter is dropped. Linear in the header's length.
 *
 * @param header - the header value
 * @param options - `{ extended = true, multipart = false }`
 * @returns the type and the parameters (a prototype-less object)
 * @throws {TypeError} `argument string is required` when `header` is not a string
 * @example
 * parse('attachment; filename="plans.pdf"') // { type: 'attachment', parameters: { filename: 'plans.pdf' } }
 * parse("attachment; filename*=UTF-8''%E2%82%AC.pdf").parameters.filename // '\u20ac.pdf'
 */
export function parse(header: string, options?: ContentDispositionParseOptions): ContentDisposition {
  if (typeof header !== 'string') throw new TypeError('argument string is required');
  const multipart = options?.multipart === true;
  const extended = options?.extended !== false;
  const len = header.length;

  let i = skipOws(header, 0);
  const typeStart = i;
  i = nextSemicolon(header, i);
  const type = header.slice(typeStart, trimEnd(header, typeStart, i)).toLowerCase();
  const parameters = new Parameters();
  // names whose first value was read (the first value of a name wins, even when it was not kept)
  const seen = new Set<string>();

  // here `i` is at a ";" or at the end
  parameter: while (i < len) {
    i = skipOws(header, i + 1);
    const nameStart = i;
    for (; i < len; i++) {
      const c = header.charCodeAt(i);
      if (c === 0x3b /* ; */) continue parameter; // no "=": skipped
      if (c !== 0x3d /* = */) continue;

      const name = header.slice(nameStart, trimEnd(header, nameStart, i)).toLowerCase();
      i = skipOws(header, i + 1);
      if (header.charCodeAt(i) === 0x22 /* " */) {
        const end = multipart ? quotedMultipartEnd(header, i + 1) : quotedStringEnd(header, i + 1);
        if (end === -1) break parameter; // unterminated: the value is dropped
        if (parameters[name] === undefined && !seen.has(name) && name !== '__proto__') {
          parameters[name] = multipart ? unquoteMultipart(header, i + 1, end) : unquote(header, i + 1, end);
        }
        seen.add(name);
        i = nextSemicolon(header, end + 1);
        continue parameter;
      }

      const valueStart = i;
      i = nextSemicolon(header, i);
      if (seen.has(name) || name === '__proto__') continue parameter;
      seen.add(name);
      const value = header.slice(valueStart, trimEnd(header, valueStart, i));
      if (extended && name.charCodeAt(name.length - 1) === 0x2a /* * */) {
        // 3.1: a decoded `name*` is stored as `name` only (replacing a plain `name` before it)
        const plain = name.slice(0, -1);
        const decoded = decodeExtended(value);
        if (decoded !== undefined) {
          if (plain !== '__proto__') parameters[plain] = decoded;
          continue parameter;
        }
      }
      if (parameters[name] === undefined) parameters[name] = value;
      continue parameter;
    }
  }

  return { type, parameters };
}

/**
 * The parameters of a parse result: an object whose prototype is an empty object with a null
 * prototype, so nothing is inherited (no `constructor`, no `__proto__` accessor) while V8 keeps
 * the object in its fast mode (`Object.create(null)` starts as a dictionary, several times slower
 * to fill), as content-disposition 2's `NullObject`.
 */
const Parameters = /* @__PURE__ */ (() => {
  class Parameters {
    [name: string]: string;
  }
  // its prototype emptied: no `constructor`, and null behind it
  Object.setPrototypeOf(Parameters.prototype, null);
  Reflect.deleteProperty(Parameters.prototype, 'constructor');
  return Parameters;
})();

/** The index of the next `;` at or after `i`, or the length. */
function nextSemicolon(str: string, i: number): number {
  const semicolon = str.indexOf(';', i);
  return semicolon === -1 ? str.length : semicolon;
}

/** The index of the first character at or after `i` that is not a space or tab. */
function skipOws(str: string, i: number): number {
  while (i < str.length) {
    const c = str.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) break;
    i++;
  }
  return i;
}

/** `end` moved back over the spaces and tabs that end `str.slice(start, end)`. */
function trimEnd(str: string, start: number, end: number): number {
  while (end > start) {
    const c = str.charCodeAt(end - 1);
    if (c !== 0x20 && c !== 0x09) break;
    end--;
  }
  return end;
}

/** The index of the `"` closing a quoted-string whose content starts at `start` (`\` escapes any character), or -1. */
function quotedStringEnd(str: string, start: number): number {
  for (let i = start; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c === 0x22) return i;
    if (c === 0x5c) i++;
  }
  return -1;
}

/**
 * The content of a quoted-string from `start` to the closing quote at `end`, each `\x` read as
 * `x`. Only `[start, end)` is scanned: a search past `end` would make many parameters quadratic.
 */
function unquote(str: string, start: number, end: number): string {
  let out = '';
  let last = start;
  for (let i = start; i < end; i++) {
    if (str.charCodeAt(i) !== 0x5c) continue;
    out += str.slice(last, i);
    last = ++i; // keep the escaped character, drop the backslash
  }
  return last === start ? str.slice(start, end) : out + str.slice(last, end);
}

/**
 * The index of the `"` closing a `multipart/form-data` quoted value whose content starts at
 * `start`, or -1: the next `"` (a `"` in the value is written `%22`; a backslash is an ordinary
 * character).
 */
function quotedMultipartEnd(str: string, start: number): number {
  return str.indexOf('"', start);
}

/** A `multipart/form-data` quoted value: `%22`, `%0D`/`%0d` and `%0A`/`%0a` decoded, the rest as is. */
function unquoteMultipart(str: string, start: number, end: number): string {
  let out = '';
  let last = start;
  // an escape never holds a `"`, so one that starts before `end` ends before it too
  for (let i = start; i + 2 < end; i++) {
    if (str.charCodeAt(i) !== 0x25 /* % */) continue;
    const decoded = multipartEscape(str.charCodeAt(i + 1), str.charCodeAt(i + 2));
    if (decoded === '') continue;
    out += str.slice(last, i) + decoded;
    last = i + 3;
    i += 2;
  }
  return last === start ? str.slice(start, end) : out + str.slice(last, end);
}

/** The character a multipart escape `%` c1 c2 stands for (`"`, CR or LF), or ''. */
function multipartEscape(c1: number, c2: number): string {
  if (c1 === 0x32 /* 2 */) return c2 === 0x32 ? '"' : '';
  if (c1 !== 0x30 /* 0 */) return '';
  if ((c2 | 0x20) === 0x64 /* d */) return '\r';
  if ((c2 | 0x20) === 0x61 /* a */) return '\n';
  return '';
}

// ---------------------------------------------------------------------------------------------
// content-disposition 1.1.0's module function

/**
 * The header content-disposition 1.1.0 creates: an `attachment` with the base name of
 * `filename` (the part after the last `/` or `\`). A name that is not plain ISO-8859-1 text (or
 * holds `%XX`) is sent as `filename*=UTF-8''...` (RFC 8187), beside an ISO-8859-1
 * `filename="..."` fallback unless `fallback` is `false`.
 */
function createV1(filename?: string, options?: ContentDispositionOptions): string {
  const opts = options || {};
  const type = opts.type || 'attachment';

  // parameters first: their errors come before the type's, as upstream
  let params = '';
  if (filename !== undefined) params = formatFilenameV1(filename, opts.fallback);

  // (never empty here: '' became 'attachment')
  if (typeof type !== 'string' || !isTokenString(type)) {
    throw new TypeError('invalid type');
  }
  return type.toLowerCase() + params;
}

/** The `; filename="..."` and/or `; filename*=UTF-8''...` parameters, in that order. */
function formatFilenameV1(filename: string, fallback: string | boolean | undefined): string {
  if (typeof filename !== 'string') {
    throw new TypeError('filename must be a string');
  }
  if (fallback === undefined) fallback = true;
  if (typeof fallback !== 'string' && typeof fallback !== 'boolean') {
    throw new TypeError('fallback must be a string or boolean');
  }
  if (typeof fallback === 'string' && !every(fallback, isLatin1)) {
    throw new TypeError('fallback must be ISO-8859-1 string');
  }

  const name = basename(filename);
  const quotable = name.length > 0 && every(name, isText);
  const fallbackName =
    typeof fallback === 'string' ? basename(fallback) : fallback ? replaceOthers(name, isLatin1) : undefined;
  const hasFallback = fallbackName !== undefined && fallbackName !== name;

  let params = '';
  if (quotable || hasFallback) {
    params += '; filename=' + quote(hasFallback ? (fallbackName as string) : name);
  }
  if (hasFallback || !quotable || hasHexEscape(name)) {
    params += "; filename*=UTF-8''" + encodeValueChars(name);
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

// ---------------------------------------------------------------------------------------------

/**
 * {@link contentDisposition}: content-disposition 2's functions as properties of a function that
 * is content-disposition 1.1.0's module.
 */
export interface ContentDispositionFunction {
  /**
   * Create a `Content-Disposition` header value as content-disposition 1.1.0 does: the base name
   * of `filename`, quoted, ISO-8859-1 kept in `filename`; the type lower-cased.
   * @param filename - the file name (its base name is used); omit it for a bare type
   * @param options - `{ type = 'attachment', fallback = true }`
   * @throws {TypeError} `filename must be a string`, `fallback must be a string or boolean`,
   *   `fallback must be ISO-8859-1 string`, `invalid type`
   * @throws {URIError} `URI malformed` for a name with an unpaired surrogate
   */
  (filename?: string, options?: ContentDispositionOptions): string;
  /** Create a header value as content-disposition 2 does (what Express 5.3 sends). */
  create: typeof create;
  /** Parse a header value, leniently, as content-disposition 3.1 does. */
  parse: typeof parse;
  /** Format a `{ type, parameters }` object. */
  format: typeof format;
  /** Encode a value as an RFC 8187 ext-value (`UTF-8''...`). */
  encodeExtended: typeof encodeExtended;
  /** Decode an RFC 8187 ext-value, or `undefined`. */
  decodeExtended: typeof decodeExtended;
}

/**
 * The `Content-Disposition` header (RFC 6266): `contentDisposition.create(name)` writes one as
 * content-disposition 2 (and Express 5.3) does, `contentDisposition.parse(header)` reads one, and
 * `contentDisposition(name)` writes one as content-disposition 1.1.0 does.
 *
 * @example
 * res.setHeader('Content-Disposition', contentDisposition.create('report.pdf')); // attachment; filename=report.pdf
 * contentDisposition.parse('inline; filename="a.txt"').parameters.filename // 'a.txt'
 * contentDisposition('reports/r\u00e9sum\u00e9.pdf') // 'attachment; filename="r\u00e9sum\u00e9.pdf"'
 */
export const contentDisposition: ContentDispositionFunction = Object.assign(
  function contentDisposition(filename?: string, options?: ContentDispositionOptions): string {
    return createV1(filename, options);
  },
  { create, parse, format, encodeExtended, decodeExtended },
);
