// The lenient reader of Accept-style lists that negotiator 1.1.0 uses for every Accept-* header.
// RFC 9110 §12.5 (§5.6.1 lists, §5.6.6 parameters):
//
//   Accept          = #( media-range [ weight ] )
//   media-range     = ( "*/*" / ( type "/" "*" ) / ( type "/" subtype ) ) parameters
//   Accept-Charset  = #( ( token / "*" ) [ weight ] )
//   Accept-Encoding = #( codings [ weight ] )
//   Accept-Language = #( language-range [ weight ] )
//   weight          = OWS ";" OWS "q=" qvalue
//   parameters      = *( OWS ";" OWS [ parameter ] )
//   parameter       = parameter-name "=" parameter-value
//   parameter-value = ( token / quoted-string )
//   quoted-string   = DQUOTE *( qdtext / quoted-pair ) DQUOTE
//   quoted-pair     = "\" ( HTAB / SP / VCHAR / obs-text )
//   OWS             = *( SP / HTAB )
//
// Like negotiator 1.1.0, nothing is rejected: each element runs up to the next "," outside a
// quoted-string; its value is what precedes the first ";" (OWS-trimmed, original case), and each
// ";"-separated `name = value` pair is a parameter (name lower-cased, OWS-trimmed, first one wins).
// A part without "=" is skipped, a "\" escapes any next char, an unterminated quoted-string ends
// the header, and anything between a closing quote and the next ";" or "," is ignored.
// One left-to-right scan, each char read once or twice: linear, no regular expression.
import { keyOf } from './keys.js';
import { parseContentType } from './media-type.js';

const HTAB = 0x09;
const SP = 0x20;
const DQUOTE = 0x22;
const COMMA = 0x2c;
const SEMI = 0x3b;
const EQUALS = 0x3d;
const BACKSLASH = 0x5c;
/** "Stop at" value of a single header value (a media type, not a list): no char has this code. */
const NO_STOP = 0x10000;

/** Parameters by lower-cased name, in a prototype-less object. */
export type Params = { [name: string]: string };

/** One element of a parsed list. */
export interface Element {
  /** The value before the first ";", OWS-trimmed, in its original case. */
  value: string;
  /** The first `q` parameter, or undefined. */
  q: string | undefined;
  /** The other parameters (media ranges only; null when there are none). */
  params: Params | null;
}

/** Index of the first char at or after `i` that is not OWS. */
function skipOWS(s: string, i: number, len: number): number {
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c !== SP && c !== HTAB) break;
  }
  return i;
}

/** End of `s[start, end)` without its trailing OWS. */
function trimEnd(s: string, start: number, end: number): number {
  for (; end > start; end--) {
    const c = s.charCodeAt(end - 1);
    if (c !== SP && c !== HTAB) break;
  }
  return end;
}

/** Index of the next ";" or `stop` char at or after `i`, or `len`. */
function skipValue(s: string, i: number, len: number, stop: number): number {
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c === SEMI || c === stop) break;
  }
  return i;
}

/** Where the last `readParameters` stopped: at the `stop` char or at the end of the string. */
let stoppedAt = 0;
/** The first `q` parameter seen by the last `readParameters`. */
let lastQ: string | undefined;
/** The other parameters seen by the last `readParameters` (when asked for), or null if none. */
let lastParams: Params | null = null;

/**
 * Reads the parameters of one element, from `i` (a ";" or the `stop` char) to the `stop` char or
 * the end. The first `q` goes to `lastQ`; `withParams`, every other one goes to `lastParams`.
 */
function readParameters(s: string, i: number, len: number, stop: number, withParams: boolean): void {
  let q: string | undefined;
  let params: Params | null = null; // created on the first parameter: most elements have none
  parameter: while (i < len) {
    if (s.charCodeAt(i) === stop) break;
    i = skipOWS(s, i + 1, len); // past the ";"
    const nameStart = i;
    for (; i < len; i++) {
      const c = s.charCodeAt(i);
      if (c === stop) break parameter;
      if (c === SEMI) continue parameter; // no "=": not a parameter
      if (c !== EQUALS) continue;

      const nameEnd = trimEnd(s, nameStart, i);
      i = skipOWS(s, i + 1, len);
      let value: string;
      if (i < len && s.charCodeAt(i) === DQUOTE) {
        value = '';
        let run = ++i; // start of the current run of literal chars
        for (;;) {
          if (i >= len) break parameter; // unterminated: the rest of the header is this value
          const d = s.charCodeAt(i);
          if (d === DQUOTE) break;
          if (d === BACKSLASH && i + 1 < len) {
            value += s.slice(run, i);
            run = i + 1; // the escaped char starts the next run
            i += 2;
          } else {
            i++;
          }
        }
        value += s.slice(run, i);
        i = skipValue(s, i + 1, len, stop);
      } else {
        const valueStart = i;
        i = skipValue(s, i, len, stop);
        value = s.slice(valueStart, trimEnd(s, valueStart, i));
      }

      if (nameEnd - nameStart === 1 && (s.charCodeAt(nameStart) | 0x20) === 0x71 /* q or Q */) {
        if (q === undefined) q = value;
      } else if (withParams) {
        const name = keyOf(s.slice(nameStart, nameEnd).toLowerCase());
        if (params === null) params = Object.create(null) as Params;
        if (params[name] === undefined) params[name] = value;
      }
      continue parameter;
    }
  }
  stoppedAt = i;
  lastQ = q;
  lastParams = params;
}

/** `s[start, end)`, cut as negotiator 1.1.0 cuts it: as long as its lower-cased form. */
function valueAt(s: string, start: number, end: number, wide: boolean): string {
  const value = s.slice(start, end);
  if (!wide) return value;
  const length = value.toLowerCase().length; // a few non-ASCII chars change length
  return length === value.length ? value : s.slice(start, start + length);
}

/**
 * Reads an Accept-style list. Every element is returned, empty ones included (their index counts
 * in negotiator's tie-break), with its parameters when `withParams` is set.
 */
export function readList(s: string, withParams: boolean): Element[] {
  const list: Element[] = [];
  const len = s.length;
  let i = 0;
  while (i < len) {
    const start = skipOWS(s, i, len);
    let end = start;
    let wide = false;
    for (; end < len; end++) {
      const c = s.charCodeAt(end);
      if (c === SEMI || c === COMMA) break;
      if (c > 0x7f) wide = true;
    }
    const value = valueAt(s, start, trimEnd(s, start, end), wide);
    readParameters(s, end, len, COMMA, withParams);
    list.push({ value, q: lastQ, params: lastParams });
    i = stoppedAt + 1;
  }
  return list;
}

/**
 * The lower-cased value before the first ";", OWS-trimmed: an available language
 * (languages.ts). A media type is read by {@link parseContentType} (media-type.ts).
 */
export function readType(s: string): string {
  const len = s.length;
  const start = skipOWS(s, 0, len);
  const end = skipValue(s, start, len, NO_STOP);
  return s.slice(start, trimEnd(s, start, end)).toLowerCase();
}

/**
 * The `charset` parameter of a Content-Type value, lower-cased, or undefined: read leniently, as
 * content-type 2.1's `parse` does (the reading body-parser 2.4 uses), by brisk's one Content-Type
 * reader, {@link parseContentType}: nothing is rejected, the first value of a name wins, an
 * unterminated quoted-string ends the header.
 *
 * @example
 * charsetOf('text/plain; Charset="UTF-8"') // 'utf-8'
 * charsetOf('application/json') // undefined
 */
export function charsetOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const charset = parseContentType(header).parameters.charset;
  return charset === undefined ? undefined : charset.toLowerCase();
}
