// The Content-Type header, leniently: content-type 2.x/3.x's reading and writing (drop-in for
// content-type 3.1.1: parse, format, isTypeValid, isTokenValid). `parse` rejects nothing: it is
// the one lenient content-type reader of brisk, for any package that reads a media type the way
// Express 5.3's dependencies do (content-type 2.1: body-parser 2.4, type-is 2.1, res.send).
// Decision 033. One left-to-right scan: linear, no regular expression.
//
//   media-type = type "/" subtype parameters            (RFC 9110 §8.3.1)
//   parameters = *( OWS ";" OWS [ parameter ] )         (§5.6.6)
//   parameter  = parameter-name "=" parameter-value
//   token      = 1*tchar                                 (§5.6.2)
//   quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE

/** Options of {@link parseContentType}. */
export interface ParseContentTypeOptions {
  /** Read the parameters; `false` stops after the type. @default true */
  parameters?: boolean | undefined;
  /** Stop at a `,` outside a quoted-string too (a list such as `Accept`). @default false */
  comma?: boolean | undefined;
  /** Where to start reading (with the `index` of a previous result, to read the next item of a list). @default 0 */
  start?: number | undefined;
}

/** A media type to format: parameters are written in their order. */
export interface ContentTypeObject {
  /** `type/subtype`, both tokens, written as given. */
  type: string;
  /** Parameter names (tokens) and values; a value that is not a token is quoted. */
  parameters?: Record<string, string> | undefined;
}

/** What {@link parseContentType} returns. */
export interface ParsedContentType {
  /** What precedes the first `;` (or `,` with `comma`), trimmed and lower-cased; not validated. */
  type: string;
  /** Where reading stopped: the `;` or `,` that ended it, or the length of the header. */
  index: number;
  /** Values by lower-cased name, the first of a repeated name winning; a prototype-less object. */
  parameters: Record<string, string>;
}

const OWS = 1; // space, tab
const SEMI = 2;
const COMMA = 4;
const TCHAR = 8;
const UPPER = 16; // what toLowerCase changes in Latin-1 (A-Z, 0x80-0xff: checked anyway)

/** Character classes of Latin-1, by char code (higher codes have none). */
const CLASS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  table[0x09] = OWS;
  table[0x20] = OWS;
  table[0x3b] = SEMI;
  table[0x2c] = COMMA;
  for (const ch of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz") table[ch.charCodeAt(0)] = TCHAR;
  for (let c = 0x41; c <= 0x5a; c++) table[c] = TCHAR | UPPER;
  for (let c = 0x80; c <= 0xff; c++) table[c] = UPPER;
  return table;
})();

/** The class bits of char code `c` (0 past Latin-1). */
const classOf = (c: number): number => (c < 256 ? CLASS[c] : UPPER);

/**
 * The parameters of a parse result: an object whose prototype is an empty, prototype-less object
 * (the class's prototype, emptied below), so nothing is inherited while V8 keeps it in fast mode.
 */
const MediaTypeParameters = /* @__PURE__ */ (() => {
  class MediaTypeParameters {
    [name: string]: string;
  }
  Reflect.deleteProperty(MediaTypeParameters.prototype, 'constructor');
  Object.setPrototypeOf(MediaTypeParameters.prototype, null);
  return MediaTypeParameters;
})();

/** First index at or after `i` that is not a space or tab. */
function skipOws(str: string, i: number, len: number): number {
  while (i < len && (classOf(str.charCodeAt(i)) & OWS) !== 0) i++;
  return i;
}

/** `end` moved back over the spaces and tabs that end `str.slice(start, end)`. */
function trimEnd(str: string, start: number, end: number): number {
  while (end > start && (classOf(str.charCodeAt(end - 1)) & OWS) !== 0) end--;
  return end;
}

/** `str.slice(start, end)` lower-cased. */
function lower(str: string, start: number, end: number): string {
  for (let i = start; i < end; i++) {
    if ((classOf(str.charCodeAt(i)) & UPPER) !== 0) return str.slice(start, end).toLowerCase();
  }
  return str.slice(start, end);
}

/** Index of the first character at or after `i` with a class in `stop`, or `len`. */
function scanTo(str: string, i: number, len: number, stop: number): number {
  while (i < len && (classOf(str.charCodeAt(i)) & stop) === 0) i++;
  return i;
}

/** The content of a quoted-string from `start` to its closing quote at `end`, each `\x` read as `x`. */
function unquote(str: string, start: number, end: number): string {
  let out = '';
  let last = start;
  for (let i = start; i < end; i++) {
    if (str.charCodeAt(i) !== 0x5c) continue;
    out += str.slice(last, i);
    last = ++i; // keep the escaped character, drop the backslash
  }
  return out + str.slice(last, end);
}

/**
 * Parses a `Content-Type` value (or one media type of a list) leniently, as content-type 3 does:
 * nothing is rejected. The type is what precedes the first `;` (trimmed, lower-cased, not
 * validated); each parameter is `name=value`, the value a quoted-string (anything after it up to
 * the next `;` ignored) or the run up to the next `;` (trimmed); a part without `=` and an
 * unterminated quoted-string are skipped; names are lower-cased and the first value of a name
 * wins. A `__proto__` parameter is a key like any other (the result inherits nothing, so no
 * setter runs), as in content-type 2 and 3 and in Express's `res.send`.
 *
 * @param header - the header value
 * @param options - {@link ParseContentTypeOptions}
 * @throws {TypeError} `argument header must be a string`
 * @example
 * parseContentType('Text/HTML; Charset="UTF-8"; q') // { type: 'text/html', index: 28, parameters: { charset: 'UTF-8' } }
 * parseContentType('a/b, c/d', { comma: true })      // { type: 'a/b', index: 3, parameters: {} }
 */
export function parseContentType(header: string, options?: ParseContentTypeOptions): ParsedContentType {
  if (typeof header !== 'string') throw new TypeError('argument header must be a string');
  const stop = SEMI | (options?.comma === true ? COMMA : 0);
  const len = header.length;
  const start = skipOws(header, options?.start ?? 0, len);
  let index = scanTo(header, start, len, stop);
  const type = lower(header, start, trimEnd(header, start, index));
  const parameters = new MediaTypeParameters();
  if (index >= len || options?.parameters === false || header.charCodeAt(index) === 0x2c) {
    return { type, index, parameters };
  }

  // here `index` is at a ";"
  parameter: while (index < len) {
    index = skipOws(header, index + 1, len);
    const nameStart = index;
    for (; index < len; index++) {
      const c = header.charCodeAt(index);
      const cls = classOf(c);
      if ((cls & stop) !== 0) {
        if (c === 0x2c) break parameter; // the end of this media type
        continue parameter; // no "=": skipped
      }
      if (c !== 0x3d /* = */) continue;

      const name = lower(header, nameStart, trimEnd(header, nameStart, index));
      index = skipOws(header, index + 1, len);
      if (header.charCodeAt(index) === 0x22 /* " */) {
        const valueStart = index + 1;
        let escaped = false;
        let end = valueStart;
        for (; end < len; end++) {
          const q = header.charCodeAt(end);
          if (q === 0x22) break;
          if (q === 0x5c && end + 1 < len) {
            escaped = true;
            end++;
          }
        }
        if (end >= len) {
          // unterminated: the value is dropped, and so is the rest; the scan's own end is the index
          // (past `len` by the fraction of a non-integer `start`, as content-type 3 returns it)
          index = end;
          continue parameter;
        }
        if (parameters[name] === undefined) {
          parameters[name] = escaped ? unquote(header, valueStart, end) : header.slice(valueStart, end);
        }
        index = scanTo(header, end + 1, len, stop);
        if (header.charCodeAt(index) === 0x2c) break parameter;
        continue parameter;
      }

      const valueStart = index;
      index = scanTo(header, index, len, stop);
      if (parameters[name] === undefined) {
        parameters[name] = header.slice(valueStart, trimEnd(header, valueStart, index));
      }
      if (index < len && header.charCodeAt(index) === 0x2c) break parameter;
      continue parameter;
    }
  }
  return { type, index, parameters };
}

/**
 * Whether `str.slice(start, end)` is a valid `type/subtype` (RFC 9110 §8.3.1): two tokens around
 * one `/`.
 *
 * @example
 * isTypeValid('text/html') // true
 * isTypeValid('text/') // false
 */
export function isTypeValid(str: string, start = 0, end: number = str.length): boolean {
  let slash = false;
  for (let i = start; i < end; i++) {
    const c = str.charCodeAt(i);
    if (c === 0x2f /* / */) {
      if (slash || i === start || i >= end - 1) return false;
      slash = true;
    } else if ((classOf(c) & TCHAR) === 0) {
      return false;
    }
  }
  return slash;
}

/**
 * Whether `str.slice(start, end)` is a token (RFC 9110 §5.6.2): one or more tchar.
 *
 * @example
 * isTokenValid('charset') // true
 * isTokenValid('a b') // false
 */
export function isTokenValid(str: string, start = 0, end: number = str.length): boolean {
  if (start >= end) return false;
  for (let i = start; i < end; i++) if ((classOf(str.charCodeAt(i)) & TCHAR) === 0) return false;
  return true;
}

/** A parameter value: as it is when a token, else a quoted-string; `undefined` when it cannot be written. */
function parameterValue(value: string): string | undefined {
  if (value === '') return '""';
  if (isTokenValid(value)) return value;
  let out = '"';
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c !== 0x09 && (c < 0x20 || c === 0x7f || c > 0xff)) return undefined;
    if (c !== 0x22 && c !== 0x5c) continue;
    out += value.slice(last, i) + '\\';
    last = i;
  }
  return out + value.slice(last) + '"';
}

/**
 * Formats `{ type, parameters }` as a `Content-Type` value, as content-type 3 does: the type as
 * given, parameters in their order, each value a token or a quoted-string (HTAB and Latin-1
 * allowed).
 *
 * @throws {TypeError} `Invalid type: <type>`, `Invalid parameter name: <name>`,
 *   `Invalid parameter value: <value>`
 * @example
 * formatContentType({ type: 'text/plain', parameters: { foo: 'a b', charset: 'utf-8' } })
 * // 'text/plain; foo="a b"; charset=utf-8'
 */
export function formatContentType(obj: ContentTypeObject): string {
  const { type, parameters } = obj;
  if (!type || typeof type !== 'string' || !isTypeValid(type)) throw new TypeError(`Invalid type: ${type}`);
  let result = type;
  if (parameters) {
    for (const name of Object.keys(parameters)) {
      if (!isTokenValid(name)) throw new TypeError(`Invalid parameter name: ${name}`);
      const value: unknown = parameters[name];
      const written = typeof value === 'string' ? parameterValue(value) : undefined;
      if (written === undefined) throw new TypeError(`Invalid parameter value: ${value}`);
      result += `; ${name}=${written}`;
    }
  }
  return result;
}

/**
 * The content-type 3 module: `import { contentType3 } from '@brisk/negotiate'` and then
 * `contentType3.parse(...)`, where code did `import * as contentType from 'content-type'` (3.x;
 * 2.x has the same `parse` and `format`). `contentType` stays content-type 1.0.5 (decision 023).
 */
export const contentType3: {
  parse: typeof parseContentType;
  format: typeof formatContentType;
  isTypeValid: typeof isTypeValid;
  isTokenValid: typeof isTokenValid;
} = { parse: parseContentType, format: formatContentType, isTypeValid, isTokenValid };
