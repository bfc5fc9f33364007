// What a request's Content-Type says to a parser: whether the parser's `type` option matches it,
// and which charset it names. Both are read as body-parser 2.3 reads them: the type through
// type-is 2.1 (`@brisk/negotiate`), the charset through content-type 2.1's lenient parser.
import type { IncomingMessage } from 'node:http';
import { typeis } from '@brisk/negotiate';

/** Decides whether a parser handles a request. */
export type TypeTest = (req: IncomingMessage) => unknown;

/**
 * The test for a parser's `type` option: a function is used as it is; a string or an array of
 * strings matches as `typeis(req, type)` does (extension names, media types, wildcards, `+suffix`).
 * The last Content-Type value seen and its answer are kept: clients repeat the same header.
 */
export function typeTest(type: string | readonly string[] | TypeTest): TypeTest {
  if (typeof type === 'function') return type;
  const types = typeof type === 'string' ? [type] : type;
  let lastValue: string | undefined;
  let lastAnswer = false;
  return function matchesType(req: IncomingMessage): boolean {
    const value = req.headers['content-type'];
    if (value === lastValue && value !== undefined) return lastAnswer;
    const answer = Boolean(typeis.is(value, types));
    lastValue = value;
    lastAnswer = answer;
    return answer;
  };
}

const SP = 0x20;
const HTAB = 0x09;
const SEMI = 0x3b;
const EQ = 0x3d;
const DQUOTE = 0x22;
const BSLASH = 0x5c;

function skipOWS(s: string, i: number, len: number): number {
  while (i < len) {
    const c = s.charCodeAt(i);
    if (c !== SP && c !== HTAB) break;
    i++;
  }
  return i;
}

function trimEnd(s: string, start: number, end: number): number {
  while (end > start) {
    const c = s.charCodeAt(end - 1);
    if (c !== SP && c !== HTAB) break;
    end--;
  }
  return end;
}

function skipValue(s: string, i: number, len: number): number {
  while (i < len && s.charCodeAt(i) !== SEMI) i++;
  return i;
}

/**
 * The `charset` parameter of a Content-Type value, lower-cased, or undefined. Read like content-type
 * 2.1's `parse` (which body-parser 2.3 uses), which rejects nothing:
 *
 *   Content-Type = media-type *( OWS ";" OWS [ parameter ] )     ; RFC 9110 §8.3, §5.6.6
 *   parameter    = name "=" ( token / quoted-string )
 *
 * Parts without "=" are skipped, names are OWS-trimmed and lower-cased, the first value of a name
 * wins (even an empty one), a "\" in a quoted-string escapes the next char, and an unterminated
 * quoted-string ends the header without a value. One left-to-right scan: linear.
 */
export function charsetOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const len = header.length;
  let i = skipValue(header, 0, len);
  let charset: string | undefined;
  parameter: while (i < len) {
    i = skipOWS(header, i + 1, len); // past the ";"
    const keyStart = i;
    while (i < len) {
      const c = header.charCodeAt(i);
      if (c === SEMI) continue parameter;
      if (c === EQ) {
        const keyEnd = trimEnd(header, keyStart, i);
        const isCharset = keyEnd - keyStart === 7 && header.slice(keyStart, keyEnd).toLowerCase() === 'charset';
        i = skipOWS(header, i + 1, len);
        if (i < len && header.charCodeAt(i) === DQUOTE) {
          i++;
          let value = '';
          while (i < len) {
            const q = header.charCodeAt(i++);
            if (q === DQUOTE) {
              i = skipValue(header, i, len);
              if (isCharset && charset === undefined) charset = value;
              break;
            }
            if (q === BSLASH && i < len) {
              value += header[i++];
              continue;
            }
            value += String.fromCharCode(q);
          }
          continue parameter;
        }
        const valueStart = i;
        i = skipValue(header, i, len);
        if (isCharset && charset === undefined) charset = header.slice(valueStart, trimEnd(header, valueStart, i));
        continue parameter;
      }
      i++;
    }
  }
  return charset === undefined ? undefined : charset.toLowerCase();
}
