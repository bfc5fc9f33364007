/**
 * Escaping of token values for line-oriented logs (morgan 1.11+, CVE-2026-5078): a value from the
 * request (URL, headers, Basic user) or from a token must not end the line, move the terminal's
 * cursor, or close a quoted field of the `combined` format. Escaped, as morgan escapes them:
 *
 *   U+0000-U+001F, U+007F-U+009F (C0, DEL, C1)   `\b` `\t` `\n` `\f` `\r`, else `\u00XX` (lower-case hex)
 *   U+2028, U+2029 (line, paragraph separator)   `\u2028`, `\u2029`
 *   `"` and `\`                                    `\"`, `\\`
 *
 * Every other character passes unchanged (a value is not otherwise encoded).
 */

/** A character that needs escaping (one test; no state, as it has no `g` flag). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/;
/** The same characters, every occurrence (only used on the slow path, by `replace`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to replace
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/g;

/** The escape of each character of U+0000-U+009F that has one (`\u00XX` unless named). */
const ESCAPES: string[] = [];
for (let c = 0; c <= 0x9f; c++) ESCAPES[c] = '\\u' + c.toString(16).padStart(4, '0');
ESCAPES[0x08] = '\\b';
ESCAPES[0x09] = '\\t';
ESCAPES[0x0a] = '\\n';
ESCAPES[0x0c] = '\\f';
ESCAPES[0x0d] = '\\r';
ESCAPES[0x22] = '\\"';
ESCAPES[0x5c] = '\\\\';

function replacement(ch: string): string {
  const c = ch.charCodeAt(0);
  return c <= 0x9f ? ESCAPES[c]! : '\\u' + c.toString(16);
}

/** Up to this length a loop over the characters is quicker than calling the regexp (method, status). */
const SHORT = 8;

/**
 * `text` with control characters, U+2028/U+2029, `"` and `\` escaped. The same string when none
 * is present (the usual case: one scan, no allocation).
 */
export function escapeField(text: string): string {
  const length = text.length;
  if (length > SHORT) return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, replacement) : text;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0x7f && (c <= 0x9f || c === 0x2028 || c === 0x2029))) {
      return text.replace(UNSAFE_ALL, replacement);
    }
  }
  return text;
}
