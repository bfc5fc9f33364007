/**
 * URL percent-encoding that keeps existing escapes, a drop-in for `encodeurl` 2 (2.0.3, the newest
 * release in the `^2.0.0` range Express 5 depends on; 3.0.1 gives the same output).
 * @module
 */

/** Upper-case hex digits, for building `%XX`. */
const HEX = '0123456789ABCDEF';

/**
 * ASCII code points a URL may carry as they are (1), by code. As `encodeurl`: everything but
 * controls, space, `"`, `<`, `>`, `` ` ``, `{`, `}` and DEL; `%` is handled apart. `\` is kept, as
 * encodeurl keeps it (decision 007): `res.location` sends the URL the application checked.
 */
const URL_CHAR = new Uint8Array(128);
/** Hex digits (1). */
const HEX_CHAR = new Uint8Array(128);
{
  const urlChars = "!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_abcdefghijklmnopqrstuvwxyz|~";
  for (let i = 0; i < urlChars.length; i++) URL_CHAR[urlChars.charCodeAt(i)] = 1;
  const hexChars = '0123456789ABCDEFabcdef';
  for (let i = 0; i < hexChars.length; i++) HEX_CHAR[hexChars.charCodeAt(i)] = 1;
}

const isHex = (c: number): boolean => c < 128 && HEX_CHAR[c] === 1;

/** `%XX` for one byte. */
const pct = (b: number): string => '%' + HEX[b >> 4] + HEX[b & 15];

/** How many UTF-16 units the code point at `i` spans: 2 for a surrogate pair, else 1. */
function width(str: string, i: number, c: number): number {
  if (c < 0xd800 || c > 0xdbff) return 1;
  const next = str.charCodeAt(i + 1); // NaN past the end
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

/**
 * Percent-encode the code point that starts at `i` (`c` is its first unit) as UTF-8; an unpaired
 * surrogate becomes U+FFFD.
 */
function encodeCodePoint(str: string, i: number, c: number): string {
  if (c < 0x80) return pct(c);
  if (c < 0x800) return pct(0xc0 | (c >> 6)) + pct(0x80 | (c & 63));
  if (c >= 0xd800 && c <= 0xdfff) {
    if (width(str, i, c) === 1) return '%EF%BF%BD'; // U+FFFD REPLACEMENT CHARACTER
    const cp = 0x10000 + ((c - 0xd800) << 10) + (str.charCodeAt(i + 1) - 0xdc00);
    return (
      pct(0xf0 | (cp >> 18)) + pct(0x80 | ((cp >> 12) & 63)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63))
    );
  }
  return pct(0xe0 | (c >> 12)) + pct(0x80 | ((c >> 6) & 63)) + pct(0x80 | (c & 63));
}

/**
 * Encode a URL to its percent-encoded form, leaving valid `%XX` escapes and URL syntax alone.
 *
 * Characters that may not appear in a URL are percent-encoded as UTF-8; a `%` that does not start
 * a valid `%XX` escape becomes `%25` (the characters after it are read as usual); an unpaired
 * surrogate becomes U+FFFD (`%EF%BF%BD`); reserved characters (`/ ? # & = : @ ...`) and `\` are
 * kept. It never throws. Meant for `Location` headers and other URLs built from user input. The
 * output is encodeurl 2.0.3's (and 3.0.1's) for every input.
 *
 * `\` is kept, as encodeurl keeps it, so that the URL a browser follows is the URL the
 * application validated: browsers and `new URL()` read `http://a.example\@b.example/` as host
 * `a.example`, path `/@b.example/`, but `http://a.example%5C@b.example/` as host `b.example`.
 * Encoding does not make a URL safe to redirect to: `/\evil.example` is the protocol-relative
 * `//evil.example` to a browser. Check redirect targets (with `new URL()`) before encoding them.
 *
 * @param url - the URL; anything else is converted with `String()`
 * @returns the encoded URL
 * @example
 * encodeUrl('/caf\u00e9?q=a b&x=%20') // '/caf%C3%A9?q=a%20b&x=%20'
 * encodeUrl('/a\\b%zz%41') // '/a\\b%25zz%41'
 */
export function encodeUrl(url: unknown): string {
  const str = typeof url === 'string' ? url : String(url);
  const len = str.length;
  let out = '';
  let last = 0; // str[last, i) is still to be copied as is

  for (let i = 0; i < len; ) {
    const c = str.charCodeAt(i);
    if (c < 128 && URL_CHAR[c] === 1) {
      i++;
      continue;
    }
    if (c === 0x25 /* % */) {
      // `%XX` is kept; any other `%` becomes `%25`, and what follows it is read on its own
      if (isHex(str.charCodeAt(i + 1)) && isHex(str.charCodeAt(i + 2))) {
        i += 3;
        continue;
      }
      if (last !== i) out += str.slice(last, i);
      out += '%25';
      last = ++i;
      continue;
    }
    if (last !== i) out += str.slice(last, i);
    out += encodeCodePoint(str, i, c);
    i += width(str, i, c);
    last = i;
  }

  return last === 0 ? str : last === len ? out : out + str.slice(last);
}
