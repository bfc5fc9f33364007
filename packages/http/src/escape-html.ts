/**
 * HTML escaping, a drop-in for `escape-html@1.0.3`.
 * @module
 */

/**
 * Escape the five characters that are special in HTML text and attribute values:
 * `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`, `'` → `&#39;`.
 * Any other value is converted with `String()` first. A string with nothing to escape is
 * returned as is.
 *
 * @param string - the text to escape
 * @returns the escaped text
 * @example
 * escapeHtml('<a href="?x=1&y=2">') // '&lt;a href=&quot;?x=1&amp;y=2&quot;&gt;'
 */
export function escapeHtml(string: unknown): string {
  const str = typeof string === 'string' ? string : '' + (string as string);

  // Fast path: the engine's regexp scan finds the first character to escape, or none (no copy).
  const match = SPECIAL_REGEXP.exec(str);
  if (match === null) return str;

  const len = str.length;
  let html = '';
  let last = 0;
  for (let i = match.index; i < len; i++) {
    const c = str.charCodeAt(i);
    if (c > 0x3e) continue;
    const entity = ESCAPES[c];
    if (entity === undefined) continue;
    if (last !== i) html += str.slice(last, i);
    html += entity;
    last = i + 1;
  }
  return last === len ? html : html + str.slice(last);
}

/** One character that is special in HTML (a single class: linear). */
const SPECIAL_REGEXP = /["&'<>]/;

/** Replacement text by character code, for codes up to `>` (0x3e). */
const ESCAPES: (string | undefined)[] = new Array<string | undefined>(0x3f).fill(undefined);
ESCAPES[0x22] = '&quot;';
ESCAPES[0x26] = '&amp;';
ESCAPES[0x27] = '&#39;';
ESCAPES[0x3c] = '&lt;';
ESCAPES[0x3e] = '&gt;';
