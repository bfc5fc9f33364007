// The mime-types 3 functions: extension ↔ media type, default charsets, Content-Type values.
import { baseType, extensionOf, isTextType } from './scan.js';
import { charsetOf, extensions, types } from './tables.js';

/**
 * The media type of a file path or extension, or `false` for an unknown extension or
 * invalid input. The extension is what follows the last dot of the last path segment, in any case.
 * @example
 * lookup('json') // 'application/json'
 * lookup('.md') // 'text/markdown'
 * lookup('folder/FILE.HTML') // 'text/html'
 * lookup('folder/.htaccess') // false
 */
export function lookup(path: string): string | false {
  if (!path || typeof path !== 'string') return false;
  const ext = extensionOf(path);
  if (ext === '') return false;
  return types[ext] || false;
}

/**
 * Full Content-Type values of listed media types, each computed on first use: Express runs
 * `contentType('html')` for every `res.send(string)`.
 */
const contentTypeOf: Record<string, string> = Object.create(null);

/**
 * A full Content-Type value for a media type or extension: a string without `/` is looked up as
 * an extension (see `lookup`), a media type is used as given. When the value has no `charset`
 * parameter yet, the type's default charset (see `charset`) is appended in lower case.
 * `false` for an unknown extension or invalid input.
 * @example
 * contentType('html') // 'text/html; charset=utf-8'
 * contentType('file.json') // 'application/json; charset=utf-8'
 * contentType('text/html; charset=iso-8859-1') // 'text/html; charset=iso-8859-1'
 */
export function contentType(typeOrExtension: string): string | false {
  if (!typeOrExtension || typeof typeOrExtension !== 'string') return false;
  if (typeOrExtension.indexOf('/') === -1) {
    const type = lookup(typeOrExtension);
    return type ? (contentTypeOf[type] ?? fullType(type)) : false;
  }
  if (typeOrExtension.indexOf('charset') !== -1) return typeOrExtension;
  return contentTypeOf[typeOrExtension] ?? fullType(typeOrExtension);
}

/**
 * A media type with its default charset appended unless it has a `charset` parameter already;
 * remembered for listed types (a bounded set).
 */
function fullType(type: string): string {
  if (type.indexOf('charset') !== -1) return type;
  const defaultCharset = charset(type);
  const value = defaultCharset ? `${type}; charset=${defaultCharset.toLowerCase()}` : type;
  if (extensions[type] !== undefined || charsetOf[type] !== undefined) contentTypeOf[type] = value;
  return value;
}

/**
 * The default file extension of a media type (parameters and case ignored), or `false`.
 * @example extension('application/octet-stream') // 'bin'
 */
export function extension(type: string): string | false {
  if (!type || typeof type !== 'string') return false;
  const exts = extensions[baseType(type)];
  if (!exts?.length) return false;
  return exts[0];
}

/**
 * The default charset of a media type (parameters and case ignored): mime-db's charset for the
 * type, else `'UTF-8'` for any `text/*` type, else `false`.
 * @example
 * charset('text/markdown') // 'UTF-8'
 * charset('application/json; charset=latin1') // 'UTF-8' (the default, not the parameter)
 * charset('image/png') // false
 */
export function charset(type: string): string | false {
  if (!type || typeof type !== 'string') return false;
  const base = baseType(type);
  const known = charsetOf[base];
  if (known !== undefined) return known;
  return isTextType(base) ? 'UTF-8' : false;
}

/**
 * The older name of `charset`, kept by mime-types for compatibility.
 * @example charsets.lookup('text/html') // 'UTF-8'
 */
export const charsets: { lookup: typeof charset } = { lookup: charset };
