// Output formats of `stringify`: how a space is written once a value is percent-encoded.

/**
 * Name of an output format: `RFC3986` writes a space as `%20`, `RFC1738` as `+`, `WHATWG` as `+`
 * with `URLSearchParams`'s set of characters kept (`*` kept, `~` encoded).
 */
export type Format = 'RFC1738' | 'RFC3986' | 'WHATWG';

/** Turns an already-encoded key or value into its final form (called on every key and value). */
export type Formatter = (value: string) => string;

/** Shape of {@link formats}. */
export interface Formats {
  /** The format `stringify` uses when none is given. @default 'RFC3986' */
  default: Format;
  /**
   * Formatter per format name. `stringify`'s `format` option accepts any own key of this
   * table, so a formatter added here at run time becomes a usable format, as with qs.
   */
  formatters: { RFC1738: Formatter; RFC3986: Formatter; WHATWG: Formatter; [name: string]: Formatter };
  /** `'RFC1738'`: spaces as `+` (HTML form encoding). */
  RFC1738: 'RFC1738';
  /** `'RFC3986'`: spaces as `%20`. */
  RFC3986: 'RFC3986';
  /** `'WHATWG'`: as `URLSearchParams` writes (`application/x-www-form-urlencoded`): spaces as `+`. */
  WHATWG: 'WHATWG';
}

const replace = String.prototype.replace as (this: unknown, pattern: RegExp, replacement: string) => string;
const ENCODED_SPACE = /%20/g;

/**
 * The output formats of `stringify`, with their formatters (the same object shape as
 * qs's `formats` export).
 * @example
 * stringify({ a: 'b c' }, { format: formats.RFC1738 }); // 'a=b+c'
 */
export const formats: Formats = {
  default: 'RFC3986',
  formatters: {
    RFC1738(value: string): string {
      // `replace.call` coerces a non-string (a Buffer, a custom encoder's number) like qs does.
      if (typeof value === 'string' && value.indexOf('%20') === -1) return value;
      return replace.call(value, ENCODED_SPACE, '+');
    },
    RFC3986(value: string): string {
      return String(value);
    },
    WHATWG(value: string): string {
      return replace.call(value, ENCODED_SPACE, '+');
    },
  },
  RFC1738: 'RFC1738',
  RFC3986: 'RFC3986',
  WHATWG: 'WHATWG',
};
