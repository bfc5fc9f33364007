// The lookup tables, built once at load from the generated data in db.ts.
import { CHARSETS, TYPES } from './db.js';

/**
 * File extension → media type, for every extension mime-db knows (lower case, no dot). Where
 * several types list one extension, it maps to the one mime-types 3 prefers. A prototype-less
 * object, as in mime-types; `lookup()` reads it, so entries added here are found by `lookup()`.
 * @example types.html // 'text/html'
 */
export const types: Record<string, string> = Object.create(null);

/**
 * Media type → its file extensions, the preferred one first (mime-db order). A prototype-less
 * object, as in mime-types; `extension()` reads it.
 * @example extensions['text/html'] // ['html', 'htm', 'shtml']
 */
export const extensions: Record<string, string[]> = Object.create(null);

/** Media type → default charset as mime-db writes it ('UTF-8'), for every type that has one. */
export const charsetOf: Record<string, string> = Object.create(null);

for (const line of CHARSETS.split('\n')) {
  const space = line.indexOf(' ');
  charsetOf[line.slice(0, space)] = line.slice(space + 1);
}

for (const line of TYPES.split('\n')) {
  const names = line.split(' ');
  const type = names[0];
  const list: string[] = [];
  for (let i = 1; i < names.length; i++) {
    let ext = names[i];
    if (ext.charCodeAt(0) === 33) {
      // "!ext": listed by this type, owned by another. Insert it now if it is new, so that the
      // keys of `types` keep mime-types' order (first claimant); the owner overwrites the value.
      ext = ext.slice(1);
      if (types[ext] === undefined) types[ext] = type;
    } else {
      types[ext] = type;
    }
    list.push(ext);
  }
  extensions[type] = list;
}
