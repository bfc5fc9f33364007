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

/** `%XX` of each ASCII code, by code (the encoding of a one-character run). */
const PCT: readonly string[] = Array.from({ length: 128 }, (_, b) => '%' + HEX[b >> 4] + HEX[b & 15]);

/**
 * The next character to change: one a URL may not carry (surrogates included), or a `%` that
 * starts no `%XX` escape. What the loop looks for, used past the first few characters of a stretch,
 * where one native scan is faster than a JavaScript loop (a long URL with nothing to encode).
 */
const TO_ENCODE = /[^!#$&-;=?-_a-z|~%]|%(?![0-9A-Fa-f]{2})/g;
/**
 * A run of characters a URL may not carry, `%` apart (a long run of non-ASCII text). Both expressions
 * name the complement of `URL_CHAR` and `%`.
 */
const RUN = /[^!#$&-;=?-_a-z|~%]*/y;
/**
 * How many characters the JavaScript loops look at before handing over to a regular expression
 * (a loop is faster on a few characters, one native scan on many).
 */
const SHORT = 16;

/**
 * `String.prototype.isWellFormed` and `toWellFormed` (ES2024, in every Node brisk supports; the
 * repository's `lib` is ES2022): whether a string has no unpaired surrogate, and the string with
 * each one made U+FFFD.
 */
const { isWellFormed, toWellFormed } = String.prototype as unknown as {
  isWellFormed(this: string): boolean;
  toWellFormed(this: string): string;
};

/** The index of the next character to change at or after `i` (see `TO_ENCODE`), or `len`. */
function nextToEncode(str: string, i: number, len: number): number {
  const stop = len - i > SHORT ? i + SHORT : len;
  while (i < stop) {
    const c = str.charCodeAt(i);
    if (c < 128 && URL_CHAR[c] === 1) i++;
    else if (c === 0x25 /* % */ && isHex(str.charCodeAt(i + 1)) && isHex(str.charCodeAt(i + 2))) i += 3;
    else return i;
  }
  return i >= len ? len : searchToEncode(str, i, len);
}

/** `nextToEncode` by one native scan: for what is left of a long string. */
function searchToEncode(str: string, i: number, len: number): number {
  TO_ENCODE.lastIndex = i;
  return TO_ENCODE.test(str) ? TO_ENCODE.lastIndex - 1 : len;
}

/** The end of the run of characters a URL may not carry (`%` apart) that starts at `i`. */
function runEnd(str: string, i: number, len: number): number {
  for (const stop = i + SHORT; i < len; i++) {
    if (i >= stop) {
      RUN.lastIndex = i;
      RUN.test(str);
      return RUN.lastIndex;
    }
    const c = str.charCodeAt(i);
    if ((c < 128 && URL_CHAR[c] === 1) || c === 0x25) return i;
  }
  return len;
}

/**
 * Percent-encode `str[i, j)`, a run of characters none of which a URL may carry as they are (`%`
 * apart), as UTF-8; an unpaired surrogate becomes U+FFFD. `encodeURI` encodes every character of
 * such a run, natively, in one call; it throws on an unpaired surrogate, so the run is made
 * well-formed first.
 */
function encodeRun(str: string, i: number, j: number): string {
  if (j === i + 1) {
    const c = str.charCodeAt(i);
    if (c < 128) return PCT[c] as string;
    if ((c & 0xf800) === 0xd800) return '%EF%BF%BD'; // U+FFFD REPLACEMENT CHARACTER: a lone surrogate
  }
  const run = str.slice(i, j);
  return encodeURI(isWellFormed.call(run) ? run : toWellFormed.call(run));
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

  // A long URL is scanned natively from the start: most have nothing to encode.
  let i = len > SHORT ? str.search(TO_ENCODE) : nextToEncode(str, 0, len);
  if (i === -1) return str;
  for (; i < len; i = nextToEncode(str, i, len)) {
    if (last !== i) out += str.slice(last, i);
    if (str.charCodeAt(i) === 0x25 /* % */) {
      // A run of `%`: each becomes `%25` but the last, when `XX` follows it (`%%41` is `%25%41`).
      let j = i + 1;
      while (j < len && str.charCodeAt(j) === 0x25) j++;
      const n = isHex(str.charCodeAt(j)) && isHex(str.charCodeAt(j + 1)) ? j - i - 1 : j - i;
      out += n === 1 ? '%25' : '%25'.repeat(n);
      last = i + n;
      i = j;
    } else {
      const j = runEnd(str, i + 1, len);
      out += encodeRun(str, i, j);
      last = i = j;
    }
  }

  return last === 0 ? str : last === len ? out : out + str.slice(last);
}
