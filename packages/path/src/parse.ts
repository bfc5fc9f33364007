// parse(): path string → TokenData, in one left-to-right scan (no recursion: any nesting depth).
//
// Grammar (path-to-regexp 8):
//   path     = *( text / param / wildcard / group )
//   param    = ":" name            wildcard = "*" name
//   name     = identifier / quoted  identifier = ID_Start *ID_Continue ("$", "_" allowed; UAX #31)
//   quoted   = DQUOTE *( "\" char / char-but-DQUOTE ) DQUOTE
//   group    = "{" path "}"        text = 1*( "\" char / char-but-special )
//   reserved = "(" / ")" / "[" / "]" / "+" / "?" / "!"   (an error outside an escape or a quoted name)
//
// Errors are path-to-regexp 8.4.2's (what Express 5.3 installs; 8.4.1 read the whole path into
// tokens first and reported one position later): the first error from the left is thrown; indexes
// count code points; a reserved character or a stray "}" reports its own position, the end of
// input the path's length, a name where it should start.

import { PathError, type PathErrorCode } from './errors.js';
import { TokenData, positions, type Encode, type Token } from './tokens.js';

/** Options of `parse()` (also accepted by `match`, `compile` and `pathToRegexp`). */
export interface ParseOptions {
  /**
   * Encodes each run of literal text, e.g. `encodeurl` so that `/café` matches `/caf%C3%A9`.
   * @default (text) => text
   */
  encodePath?: Encode;
}

const ID_START = /^[$_\p{ID_Start}]$/u;
// biome-ignore lint/suspicious/noMisleadingCharacterClass: ZWNJ and ZWJ are ID_Continue characters of their own (ECMAScript IdentifierPart), not joiners here
const ID_CONTINUE = /^[$\u200c\u200d\p{ID_Continue}]$/u;

/** ASCII letters, `$` and `_` (ID_Start), plus digits (ID_Continue), as a lookup table. */
const ASCII_ID = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_ID[c] = ID_START.test(ch) ? 2 : ID_CONTINUE.test(ch) ? 1 : 0;
}

/** Whether the code point `cp` may start (`start`) or continue a parameter name. */
export function isIdChar(cp: number, start: boolean): boolean {
  if (cp < 128) return ASCII_ID[cp] >= (start ? 2 : 1);
  return (start ? ID_START : ID_CONTINUE).test(String.fromCodePoint(cp));
}

const identity: Encode = (value) => value;

/**
 * Parses a path into tokens: `:name` parameters, `*name` wildcards, `{...}` optional groups,
 * `\` escapes. Throws a {@link PathError} for bad syntax (including Express 4's `:id?`, `*`,
 * `(regex)` and `:id+`, with what to write instead).
 *
 * @example
 * parse('/users{/:id}').tokens;
 * //=> [{ type: 'text', value: '/users' }, { type: 'group', tokens: [{ type: 'text', value: '/' }, { type: 'param', name: 'id' }] }]
 */
export function parse(str: string, options: ParseOptions = {}): TokenData {
  if (typeof str !== 'string') {
    throw new PathError(
      `Expected a string path, got ${str === null ? 'null' : typeof str}`,
      undefined,
      'BRISK_ERR_PATH_INVALID_PATH',
    );
  }
  const { encodePath = identity } = options;
  const len = str.length;
  const root: Token[] = [];
  const open: Token[][] = []; // token lists of the enclosing groups
  const openAt: number[] = []; // their "{" positions
  let current = root;
  let text = ''; // pending literal text
  let last = -1; // where the capture just before starts (its ":" or "*"), for hints
  let i = 0; // UTF-16 index
  let cp = 0; // code-point index of str[i]

  const fail = (message: string, hint: string, code: PathErrorCode) => new PathError(`${message} (${hint})`, str, code);
  const flush = () => {
    if (text) current.push({ type: 'text', value: encodePath(text) });
    text = '';
  };
  /** Length (1 or 2 UTF-16 units) of the code point at `k`. */
  const width = (k: number) => {
    const c = str.charCodeAt(k);
    return c >= 0xd800 && c <= 0xdbff && k + 1 < len && (str.charCodeAt(k + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  };

  while (i < len) {
    const ch = str[i];
    const start = i;
    if (ch === ':' || ch === '*') {
      flush();
      // Read the name after the marker.
      let k = i + 1;
      let kcp = cp + 1;
      let name = '';
      if (str[k] === '"') {
        const quoteAt = kcp;
        let closed = false;
        k++;
        kcp++;
        while (k < len) {
          if (str[k] === '"') {
            closed = true;
            k++;
            kcp++;
            break;
          }
          if (str[k] === '\\') {
            k++;
            kcp++;
            if (k >= len) break;
          }
          const w = width(k);
          name += str.slice(k, k + w);
          k += w;
          kcp++;
        }
        if (!closed) {
          throw fail(
            `Unterminated quote at index ${quoteAt}`,
            `close the name with "`,
            'BRISK_ERR_PATH_UNTERMINATED_QUOTE',
          );
        }
      } else if (k < len && isIdChar(str.codePointAt(k)!, true)) {
        do {
          const w = width(k);
          name += str.slice(k, k + w);
          k += w;
          kcp++;
        } while (k < len && isIdChar(str.codePointAt(k)!, false));
      }
      if (!name) {
        if (ch === ':') {
          throw fail(
            `Missing parameter name at index ${kcp}`,
            'write a name after ":", e.g. :id or :"user-id"',
            'BRISK_ERR_PATH_MISSING_NAME',
          );
        }
        const hint =
          last >= 0
            ? `Express 4's zero-or-more ${slashBefore(str, last)}${str.slice(last, i + 1)} is gone: write ${optional(str, last, `*${str.slice(last + 1, i)}`)} instead`
            : 'Express 4\'s bare "*" is gone: name the wildcard, e.g. /*splat, or /{*splat} to match "/" too';
        throw fail(`Missing parameter name at index ${kcp}`, hint, 'BRISK_ERR_PATH_EXPRESS4_SYNTAX');
      }
      const token: Token = ch === ':' ? { type: 'param', name } : { type: 'wildcard', name };
      positions.set(token, cp + 1);
      current.push(token);
      last = start;
      i = k;
      cp = kcp;
      continue;
    }

    const afterCapture = last;
    last = -1;
    if (ch === '\\') {
      if (i + 1 >= len) {
        throw fail(
          `Unexpected end after \\ at index ${cp + 1}`,
          'a "\\" must be followed by the character it escapes, e.g. \\\\ for a backslash',
          'BRISK_ERR_PATH_UNTERMINATED_ESCAPE',
        );
      }
      const w = width(i + 1);
      text += str.slice(i + 1, i + 1 + w);
      i += 1 + w;
      cp += 2;
      continue;
    }
    if (ch === '{') {
      flush();
      const group: Token = { type: 'group', tokens: [] };
      positions.set(group, cp + 1);
      current.push(group);
      open.push(current);
      openAt.push(cp);
      current = group.tokens;
      i++;
      cp++;
      continue;
    }
    if (ch === '}' || ch === '(' || ch === ')' || ch === '[' || ch === ']' || ch === '+' || ch === '?' || ch === '!') {
      flush();
      if (ch !== '}' || !open.length)
        throw unexpected(str, ch, i, afterCapture, `Unexpected ${ch} at index ${cp}`, fail);
      current = open.pop()!;
      openAt.pop();
      i++;
      cp++;
      continue;
    }
    const w = width(i);
    text += str.slice(i, i + w);
    i += w;
    cp++;
  }
  flush();
  if (open.length) {
    throw fail(
      `Unexpected end at index ${cp}, expected }`,
      `the "{" at index ${openAt[openAt.length - 1]} is never closed: add "}" or write \\{ to match "{" literally`,
      'BRISK_ERR_PATH_UNBALANCED_BRACES',
    );
  }
  return new TokenData(root, str);
}

/** "/" when the capture at `start` follows a "/", else "". */
function slashBefore(str: string, start: number): string {
  return start > 0 && str[start - 1] === '/' ? '/' : '';
}

/** `{/:id}` for a capture written after "/", else `{:id}`: the Express 5 optional form. */
function optional(str: string, start: number, capture: string): string {
  return `{${slashBefore(str, start)}${capture}}`;
}

/** The error for a reserved character or a stray "}", with what to write instead. */
function unexpected(
  str: string,
  ch: string,
  at: number,
  capture: number,
  message: string,
  fail: (message: string, hint: string, code: PathErrorCode) => PathError,
): PathError {
  const written = capture >= 0 ? str.slice(capture, at) : ''; // e.g. ":id"
  const slash = capture >= 0 ? slashBefore(str, capture) : '';
  if (ch === '}') {
    return fail(
      message,
      'no "{" to close: remove it or write \\} to match "}" literally',
      'BRISK_ERR_PATH_UNBALANCED_BRACES',
    );
  }
  if (ch === '?' && written) {
    return fail(
      message,
      `Express 4's optional ${slash}${written}? is gone: write ${optional(str, capture, written)} instead`,
      'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    );
  }
  if (ch === '+' && written) {
    return fail(
      message,
      `Express 4's one-or-more ${slash}${written}+ is gone: write ${slash}*${written.slice(1)} instead`,
      'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    );
  }
  if (ch === '(' && written) {
    return fail(
      message,
      `regular expressions are not supported: remove the (...) after ${written} and check the value in the handler, or write \\( to match "(" literally`,
      'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    );
  }
  if (ch === '(') {
    return fail(
      message,
      'regular expressions are not supported: write \\( to match "(" literally',
      'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    );
  }
  if (ch === '?') {
    return fail(
      message,
      '"?" is reserved: write \\? to match it literally, or {...} around an optional part',
      'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    );
  }
  if (ch === '+') {
    return fail(
      message,
      '"+" is reserved: write \\+ to match it literally, or *name for one or more segments',
      'BRISK_ERR_PATH_EXPRESS4_SYNTAX',
    );
  }
  return fail(message, `"${ch}" is reserved: write \\${ch} to match it literally`, 'BRISK_ERR_PATH_UNEXPECTED_TOKEN');
}
