// Cookie request header parsing (RFC 6265 §5.4 / §4.2.1), with cookie 0.7.2's results.

/** Options of {@link parse}. */
export interface ParseOptions {
  /**
   * Decodes each cookie value. When it throws, the raw value is kept.
   * `parseCookie` and `parseSetCookie` (cookie 2) do not catch what it throws, and when it
   * returns `undefined` `parseCookie` takes a later cookie of the same name.
   * @default a `decodeURIComponent` that runs only when the value contains `%`
   */
  decode?: (value: string) => string | undefined;
}

/**
 * Constructor of the result dictionary: its instances have no `Object.prototype` in their
 * chain (so `__proto__`, `constructor` or `hasOwnProperty` are plain own keys), yet, unlike
 * `Object.create(null)`, V8 keeps them in fast (hidden-class) mode.
 */
export class NullObject {
  [name: string]: string | undefined;
}
// its prototype emptied: no `constructor`, and null behind it
Object.setPrototypeOf(NullObject.prototype, null);
Reflect.deleteProperty(NullObject.prototype, 'constructor');
export const Dictionary = NullObject;

const SPACE = 0x20;
const TAB = 0x09;
const DQUOTE = 0x22;

/** First index in [from, to) that is not a space or tab, else `to`. */
export function skipWhitespace(str: string, from: number, to: number): number {
  while (from < to) {
    const c = str.charCodeAt(from);
    if (c !== SPACE && c !== TAB) break;
    from++;
  }
  return from;
}

/** End (exclusive) of [from, to) once trailing spaces and tabs are dropped. */
export function trimEnd(str: string, from: number, to: number): number {
  while (to > from) {
    const c = str.charCodeAt(to - 1);
    if (c !== SPACE && c !== TAB) break;
    to--;
  }
  return to;
}

/** The default decoder: `decodeURIComponent` only for values with a `%`, raw on error. */
export function decodeDefault(value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Parses a `Cookie` request header into a dictionary of name → value.
 *
 * The header is read as `;`-separated pairs: a segment without `=` is skipped, spaces and tabs
 * around names and values are dropped, one pair of surrounding double quotes is removed from a
 * value, and the first occurrence of a name wins. The result has no prototype, so any name
 * (`__proto__`, `constructor`, ...) is stored as a plain own property.
 *
 * @param str - the header value (`req.headers.cookie`)
 * @param options - {@link ParseOptions}
 * @returns a prototype-less object of cookie values
 * @throws {TypeError} `argument str must be a string`
 * @example
 * parse('sid=abc; theme="dark"; n=%C3%A9') // { sid: 'abc', theme: 'dark', n: 'é' }
 */
export function parse(str: string, options?: ParseOptions): Record<string, string | undefined> {
  if (typeof str !== 'string') {
    throw new TypeError('argument str must be a string');
  }

  const result = new Dictionary();
  const len = str.length;
  // The shortest pair is one name character and "=" (cookie 0.7 returns early below that).
  if (len < 2) return result;

  const decode = options?.decode || undefined;
  let pos = 0;

  while (pos < len) {
    const eq = str.indexOf('=', pos);
    if (eq === -1) break; // no further pair

    let end = str.indexOf(';', pos);
    if (end !== -1 && end < eq) {
      // Segments between pos and the "=" hold no "=": skip to the segment that holds it.
      pos = str.lastIndexOf(';', eq) + 1;
      end = str.indexOf(';', eq);
    }
    if (end === -1) end = len;

    const nameStart = skipWhitespace(str, pos, eq);
    const name = str.slice(nameStart, trimEnd(str, nameStart, eq));

    // First occurrence wins. Default-decoded values are strings, so `undefined` means unseen;
    // a custom decode may return undefined, and then `in` decides (cookie 0.7.2 keeps it).
    if (result[name] === undefined && (decode === undefined || !(name in result))) {
      let valueStart = skipWhitespace(str, eq + 1, end);
      let valueEnd = trimEnd(str, valueStart, end);
      if (str.charCodeAt(valueStart) === DQUOTE && str.charCodeAt(valueEnd - 1) === DQUOTE) {
        // A lone `"` yields '' (slice with start > end).
        valueStart++;
        valueEnd--;
      }
      const raw = str.slice(valueStart, valueEnd);
      if (decode === undefined) {
        result[name] = decodeDefault(raw);
      } else {
        try {
          result[name] = decode(raw);
        } catch {
          result[name] = raw;
        }
      }
    }

    pos = end + 1;
  }

  return result;
}
