// How body-parser 1 reads a request's Content-Type: type-is 1.6 over media-typer 0.3 (what
// body-parser 1.20 installs). It is stricter than Express 5's reading (type-is 2 over
// content-type), and body-parser 1 leaves a body it cannot read the type of unparsed: a parameter
// without a value (`application/json; charset`), a trailing `;`, a tab, a subtype with two `+`
// or a suffix with a `.`. It is also looser in one place: `application/json+` is
// `application/json` (the empty suffix is dropped). Express 4 parses what this says it parses.

import type { IncomingMessage } from 'node:http';
import { lookup } from '@brisk/mime';
import { hasBody } from '@brisk/negotiate';

// media-typer 0.3's grammar (RFC 2616 §3.7, type and subtype names of RFC 6838 §4.2):
//   media-type = *SP type "/" subtype *SP *( ";" *SP attribute *SP "=" *SP value *SP )
//   type       = ALPHA / DIGIT, then up to 126 of ALPHA / DIGIT / "!#$&^_-"
//   subtype    = the same, with "." and "+" too (the part after the last "+" is the suffix)
//   value      = token / quoted-string (qdtext: SP, "!", %x23-5B, %x5D-7E, %x80-FF; "\" CHAR)
// Each class stops at the character that follows it (no class holds SP, "/", "=", ";" or DQUOTE
// where the next part starts with one), so every match is linear in the header; the parameter
// regexp is sticky (`y`), tried only where the previous parameter ended.
const TYPE = /^ *([a-z0-9][a-z0-9!#$&^_-]{0,126})\/([a-z0-9][a-z0-9!#$&^_.+-]{0,126}) *$/;
const PARAM =
  /; *([!#$%&'*+\-.0-9A-Z^_`a-z|~]+) *= *("(?:[ !\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u0020-\u007e])*"|[!#$%&'*+\-.0-9A-Z^_`a-z|~]+) */y;
/** A subtype (without its suffix) and a type name or suffix, as media-typer 0.3 formats them. */
const SUBTYPE_NAME = /^[a-z0-9][a-z0-9!#$&^_.-]{0,126}$/;
const TYPE_NAME = /^[a-z0-9][a-z0-9!#$&^_-]{0,126}$/;
/**
 * media-typer 0.3's unescaping of a quoted value (it takes `\` and any ASCII character; a value
 * that passed `PARAM` holds only `\` pairs with SP to `~`, which this takes).
 */
const QUOTED_PAIR = /\\([\u0020-\u007e])/g;

/** A Content-Type as media-typer 0.3 reads it: `type/subtype[+suffix]` lowercased, and its charset. */
export interface MediaType1 {
  type: string;
  /** The `charset` parameter (the last one given), lowercased; '' when there is none. */
  charset: string;
}

/**
 * Parses a Content-Type as type-is 1.6 normalizes it (media-typer 0.3's `parse`, then `format`
 * without parameters); undefined when media-typer 0.3 refuses it.
 */
export function parseMediaType1(header: string | undefined): MediaType1 | undefined {
  if (!header) return undefined;
  const semicolon = header.indexOf(';');
  const m = TYPE.exec((semicolon !== -1 ? header.slice(0, semicolon) : header).toLowerCase());
  if (m === null) return undefined;
  let subtype = m[2];
  let suffix = '';
  const plus = subtype.lastIndexOf('+');
  if (plus !== -1) {
    suffix = subtype.slice(plus + 1);
    subtype = subtype.slice(0, plus);
  }
  if (!SUBTYPE_NAME.test(subtype) || (suffix !== '' && !TYPE_NAME.test(suffix))) return undefined;
  let charset = '';
  if (semicolon !== -1) {
    let index = semicolon;
    PARAM.lastIndex = index;
    for (let p = PARAM.exec(header); p !== null; p = PARAM.exec(header)) {
      index += p[0].length;
      if (p[1].toLowerCase() === 'charset') {
        const value = p[2];
        charset = (value[0] === '"' ? value.slice(1, -1).replace(QUOTED_PAIR, '$1') : value).toLowerCase();
      }
    }
    if (index !== header.length) return undefined;
  }
  return { type: `${m[1]}/${subtype}${suffix !== '' ? `+${suffix}` : ''}`, charset };
}

/** type-is 1.6's `normalize`: a type as given, or expanded (`json`, `urlencoded`, `+json`); false for a non-string. */
function normalize(type: unknown): string | false {
  if (typeof type !== 'string') return false;
  if (type === 'urlencoded') return 'application/x-www-form-urlencoded';
  if (type === 'multipart') return 'multipart/*';
  if (type[0] === '+') return `*/*${type}`;
  return type.indexOf('/') === -1 ? lookup(type) : type;
}

/** type-is 1.6's `mimeMatch`: `expected` (with `*` and `*+suffix`) against `actual`. */
function mimeMatch(expected: string | false, actual: string): boolean {
  if (expected === false) return false;
  const a = actual.split('/');
  const e = expected.split('/');
  if (a.length !== 2 || e.length !== 2) return false;
  if (e[0] !== '*' && e[0] !== a[0]) return false;
  if (e[1].slice(0, 2) === '*+') {
    return e[1].length <= a[1].length + 1 && e[1].slice(1) === a[1].slice(1 - e[1].length);
  }
  return e[1] === '*' || e[1] === a[1];
}

/**
 * Whether body-parser 1 parses `req` for its `type` option (`opts.type || <the parser's
 * default>`): a function is called; anything else is type-is 1.6's `typeis(req, type)` (a list,
 * or one type; an empty list matches any readable type). False without a body.
 */
export function shouldParse1(req: IncomingMessage, type: unknown): boolean {
  if (typeof type === 'function') return Boolean(type(req));
  if (!hasBody(req)) return false;
  const media = parseMediaType1(req.headers['content-type']);
  if (media === undefined) return false;
  const types: unknown[] = Array.isArray(type) ? type : [type];
  if (types.length === 0) return true;
  return types.some((t) => mimeMatch(normalize(t), media.type));
}
