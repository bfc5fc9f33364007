/**
 * The `Vary` response header, a drop-in for `vary@1.1.2`.
 * @module
 */

/** The response methods {@link vary} uses (node's `ServerResponse` fits). */
export interface VaryResponse {
  /** Read the current header value. */
  getHeader(name: string): string | number | readonly string[] | undefined;
  /** Replace the header value. */
  setHeader(name: string, value: string): unknown;
}

/**
 * A header field name (RFC 9110 §5.1, §5.6.2):
 *   field-name = token
 *   token      = 1*tchar
 *   tchar      = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`"
 *              / "|" / "~" / DIGIT / ALPHA
 * Linear: one character class, anchored at both ends.
 */
const FIELD_NAME_REGEXP = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Split a comma-separated header value into its elements, dropping the spaces before and after
 * each one (an empty element stays, as an empty string).
 */
function parseList(header: string): string[] {
  const list: string[] = [];
  const len = header.length;
  let start = 0;
  let end = 0;
  for (let i = 0; i < len; i++) {
    const c = header.charCodeAt(i);
    if (c === 0x20) {
      if (start === end) start = end = i + 1;
    } else if (c === 0x2c) {
      list.push(header.slice(start, end));
      start = end = i + 1;
    } else {
      end = i + 1;
    }
  }
  list.push(header.slice(start, end));
  return list;
}

/**
 * Append header field names to a `Vary` header value, case-insensitively skipping names that it
 * already holds. A `*` in either makes the result `*`.
 *
 * @param header - the current value (`''` when there is none)
 * @param field - one name, a comma-separated list of names, or an array of names
 * @returns the new value
 * @throws {TypeError} `header argument is required` when `header` is not a string
 * @throws {TypeError} `field argument is required` when `field` is empty or missing
 * @throws {TypeError} `field argument contains an invalid header name` for a name that is not a token
 * @example
 * append('Accept', 'User-Agent, accept') // 'Accept, User-Agent'
 */
export function append(header: string, field: string | readonly string[]): string {
  if (typeof header !== 'string') {
    throw new TypeError('header argument is required');
  }
  if (!field) {
    throw new TypeError('field argument is required');
  }

  const fields: readonly string[] = Array.isArray(field) ? field : parseList(String(field));
  for (let i = 0; i < fields.length; i++) {
    if (!FIELD_NAME_REGEXP.test(fields[i])) {
      throw new TypeError('field argument contains an invalid header name');
    }
  }

  // an unspecified Vary stays unspecified
  if (header === '*') return header;

  const seen = parseList(header.toLowerCase());
  if (fields.includes('*') || seen.includes('*')) return '*';

  // names are compared lower-cased and appended as given; an array scan is fastest for the usual
  // few names, a Set keeps long lists linear
  const index = fields.length + seen.length > 32 ? new Set(seen) : undefined;
  let value = header;
  for (let i = 0; i < fields.length; i++) {
    const name = String(fields[i]);
    const lower = name.toLowerCase();
    if (index === undefined ? !seen.includes(lower) : !index.has(lower)) {
      if (index === undefined) seen.push(lower);
      else index.add(lower);
      value = value ? value + ', ' + name : name;
    }
  }
  return value;
}

/** {@link vary}: callable, with {@link append} as a property, as the `vary` module is. */
export interface Vary {
  /**
   * Add header field names to the response's `Vary` header.
   * @param res - the response (anything with `getHeader` and `setHeader`)
   * @param field - one name, a comma-separated list, or an array of names
   */
  (res: VaryResponse, field: string | readonly string[]): void;
  /** Append names to a `Vary` header value and return it. */
  append: typeof append;
}

/**
 * Mark a response as varying on request header fields: adds them to its `Vary` header unless
 * already there (case-insensitive). Sets nothing when the result is empty.
 * `vary.append(header, field)` computes a value without a response.
 *
 * @param res - the response (anything with `getHeader` and `setHeader`)
 * @param field - one name, a comma-separated list of names, or an array of names
 * @throws {TypeError} `res argument is required` when `res` lacks `getHeader`/`setHeader`
 * @throws {TypeError} the errors of {@link append}
 * @example
 * vary(res, 'Origin');
 * vary(res, ['Accept-Encoding', 'Accept-Language']);
 * vary.append('Accept', 'Origin') // 'Accept, Origin'
 */
export const vary: Vary = Object.assign(
  function vary(res: VaryResponse, field: string | readonly string[]): void {
    if (!res?.getHeader || !res.setHeader) {
      throw new TypeError('res argument is required');
    }
    const current = res.getHeader('vary') || '';
    const value = append(Array.isArray(current) ? current.join(', ') : String(current), field);
    if (value) res.setHeader('Vary', value);
  },
  { append },
);
