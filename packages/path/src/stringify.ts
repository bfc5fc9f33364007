// stringify(): TokenData → path string, the inverse of parse().

import { codedTypeError } from './errors.js';
import { isIdChar } from './parse.js';
import type { Token, TokenData } from './tokens.js';

/** Characters that have a meaning in the path syntax and are escaped in text. */
const SPECIAL = /[{}()[\]+?!:*\\]/g;

/** A name that parses back as an identifier (`:id`); others are quoted (`:"user-id"`). */
function isIdentifier(name: string): boolean {
  let first = true;
  for (const ch of name) {
    if (!isIdChar(ch.codePointAt(0)!, first)) return false;
    first = false;
  }
  return !first;
}

/** `"` and `\`, the two characters a quoted name escapes. */
const QUOTED_SPECIAL = /["\\]/g;

/**
 * `name` in quotes as `parse` reads it back: `"` and `\` escaped with `\`, every other character as
 * it is. (JSON.stringify, as path-to-regexp 8.4.1 quotes, writes control characters and lone
 * surrogates as escapes such as `\t` or `\u0000`, which `parse` reads as `t` and `u0000`.)
 */
function quote(name: string): string {
  return '"' + name.replace(QUOTED_SPECIAL, '\\$&') + '"';
}

/** `name` as written after `:` or `*`, quoted when it is not an identifier or `next` would extend it. */
function nameOf(name: string, next: Token | undefined): string {
  if (!isIdentifier(name)) return quote(name);
  if (next && next.type === 'text' && next.value && isIdChar(next.value.codePointAt(0)!, false)) return quote(name);
  return name;
}

/**
 * Turns tokens back into a path string: text is escaped, names that are not identifiers are
 * quoted, groups are written in braces.
 *
 * @example
 * stringify(parse('/users{/:id}')); //=> '/users{/:id}'
 * stringify({ tokens: [{ type: 'text', value: '/' }, { type: 'param', name: 'my-id' }] }); //=> '/:"my-id"'
 */
export function stringify(data: TokenData): string {
  let out = '';
  // Explicit stack of token lists (any nesting depth).
  const stack: Array<{ tokens: Token[]; index: number }> = [{ tokens: data.tokens, index: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.index >= top.tokens.length) {
      stack.pop();
      if (stack.length) out += '}';
      continue;
    }
    const token = top.tokens[top.index++];
    if (token.type === 'text') out += token.value.replace(SPECIAL, '\\$&');
    else if (token.type === 'param') out += ':' + nameOf(token.name, top.tokens[top.index]);
    else if (token.type === 'wildcard') out += '*' + nameOf(token.name, top.tokens[top.index]);
    else if (token.type === 'group') {
      out += '{';
      stack.push({ tokens: token.tokens, index: 0 });
    } else {
      throw codedTypeError(`Unknown token type: ${(token as { type: unknown }).type}`, 'BRISK_ERR_PATH_UNKNOWN_TOKEN');
    }
  }
  return out;
}
