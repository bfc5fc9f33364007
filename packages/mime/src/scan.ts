// Index-scanning helpers for the lookups: no regexp, no intermediate strings on the common paths.
import { sep } from 'node:path';

/** Whether a backslash separates path segments too, as in node's `path.extname` on Windows. */
const WINDOWS = sep === '\\';

/**
 * The extension of a path or bare extension, lower-cased and without its dot: what mime-types 3
 * computes as `path.extname('x.' + input).toLowerCase().slice(1)`, without building those strings.
 * `'html'`, `'.HTML'`, `'file.html'` and `'/dir.d/file.html'` all give `'html'`; a dot-file
 * (`'dir/.htaccess'`), a trailing dot and `'..'` give `''`. Trailing separators are ignored, as
 * `path.extname` ignores them; a backslash separates segments only on Windows, as in `path.extname`.
 *
 * Derivation: in `'x.' + input` the last path segment always has a character before any dot, so
 * `extname` returns what follows the last dot of the last segment of `input` — unless that dot
 * starts a segment after a separator (a dot-file) — and the whole of `input` (trailing
 * separators dropped) when it has neither dot nor separator.
 */
export function extensionOf(input: string, windows: boolean = WINDOWS): string {
  let end = input.length;
  while (end > 0 && isSeparator(input.charCodeAt(end - 1), windows)) end--;
  let upper = false; // whether the extension needs toLowerCase()
  let i = end - 1;
  for (; i >= 0; i--) {
    const c = input.charCodeAt(i);
    if (c === 46) {
      if (i > 0 && isSeparator(input.charCodeAt(i - 1), windows)) return '';
      break;
    }
    if (isSeparator(c, windows)) return '';
    if (c < 91 ? c > 64 : c > 127) upper = true;
  }
  const ext = i + 1 === 0 && end === input.length ? input : input.slice(i + 1, end);
  return upper ? ext.toLowerCase() : ext;
}

/** `/`, and a backslash on Windows. */
function isSeparator(c: number, windows: boolean): boolean {
  return c === 47 || (c === 92 && windows);
}

/**
 * Whether a UTF-16 code unit is JavaScript whitespace (what `\s` matches in a regexp): the
 * ASCII tab/line-feed/vertical-tab/form-feed/carriage-return and space, the Unicode space
 * separators, the line and paragraph separators, and the BOM.
 */
export function isSpace(c: number): boolean {
  if (c < 0xa0) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The bare media type at the start of a Content-Type-like string, lower-cased, as mime-types 3
 * reads it (`/^\s*([^;\s]*)(?:;|\s|$)/` then `toLowerCase()`): leading whitespace skipped, then
 * everything up to the first `;` or whitespace. `' Text/HTML; charset=utf-8'` gives `'text/html'`.
 */
export function baseType(input: string): string {
  const length = input.length;
  let start = 0;
  while (start < length && isSpace(input.charCodeAt(start))) start++;
  let end = start;
  let upper = false; // whether the type needs toLowerCase()
  while (end < length) {
    const c = input.charCodeAt(end);
    if (c === 59 || isSpace(c)) break;
    if (c < 91 ? c > 64 : c > 127) upper = true;
    end++;
  }
  const type = start === 0 && end === length ? input : input.slice(start, end);
  return upper ? type.toLowerCase() : type;
}

/** Whether a media type starts with `text/`, in any ASCII case. */
export function isTextType(type: string): boolean {
  return (
    type.length > 4 &&
    (type.charCodeAt(0) | 0x20) === 116 && // t
    (type.charCodeAt(1) | 0x20) === 101 && // e
    (type.charCodeAt(2) | 0x20) === 120 && // x
    (type.charCodeAt(3) | 0x20) === 116 && // t
    type.charCodeAt(4) === 47 // /
  );
}
