// `Vary` for the two names cors adds (`Origin`, `Access-Control-Request-Headers`), merged with
// what the response already has exactly as the `vary` 1.1.2 module merges one name (cors 2.8.6
// calls it): the list split on commas with spaces trimmed, names compared in lower case, `*`
// absorbing everything, and `setHeader` called even when the value does not change.
//
// @brisk/http's `vary` is the general one (any names, checked); this one takes a name known to be
// valid, so that @brisk/cors needs no dependency: with @brisk/http, installing it would cost five
// times what cors 2.8.6 costs (decision 037). test/vary.test.ts holds it to both, on one table.

import type { CorsResponse } from './request.js';

/** The names of a `Vary` value, as `vary` 1.1.2 splits it: at commas, spaces (not tabs) trimmed. */
function names(header: string): string[] {
  const list: string[] = [];
  let start = 0;
  let end = 0;
  for (let i = 0; i < header.length; i++) {
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

/** The `Vary` value once `name` (a valid field name) is added to `header`. */
export function appendVary(header: string, name: string): string {
  if (header === '*') return header;
  const seen = names(header.toLowerCase());
  if (seen.includes('*')) return '*';
  if (seen.includes(name.toLowerCase())) return header;
  return header ? header + ', ' + name : name;
}

/** Adds `name` to the response's `Vary` header. */
export function vary(res: CorsResponse, name: string): void {
  const current = res.getHeader('Vary') || '';
  res.setHeader('Vary', appendVary(Array.isArray(current) ? current.join(', ') : String(current), name));
}
