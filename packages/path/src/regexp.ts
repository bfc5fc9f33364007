// pathToRegexp(): paths → one anchored RegExp and its keys (path-to-regexp 8 semantics).
//
// Each path is expanded into its alternatives (every optional group present, then absent, in
// document order), at most MAX_ALTERNATIVES in total. Each alternative becomes a sequence of
// literal text and captures; a capture's character class is chosen so that the regexp cannot
// backtrack catastrophically:
//   - a parameter never crosses the delimiter;
//   - a capture that follows another capture in the same segment cannot start the text that
//     separates them (so only one way exists to split "a-b-c" between `:a-:b-:c`);
//   - a parameter before a wildcard in the same segment stops at the text that follows it;
//   - a wildcard after a wildcard stops at the text that separates them; in a later segment,
//     at the text that followed the earlier wildcard, or else at the delimiter.
// Every capture's possible runs are then disjoint from those of the capture before it, which
// keeps each match attempt linear in the input (checked with 10k+ character inputs in tests).

import { PathError, codedTypeError } from './errors.js';
import { parse, type ParseOptions } from './parse.js';
import { positions, type Key, type Keys, type Paths, type Token } from './tokens.js';

/** Options of `pathToRegexp()` (and `match()`). */
export interface PathToRegexpOptions {
  /**
   * Match the whole input (`true`), or only a prefix that ends at a delimiter or the end.
   * @default true
   */
  end?: boolean;
  /**
   * Allow one trailing delimiter (`/users/` matches `/users`).
   * @default true
   */
  trailing?: boolean;
  /**
   * Match case-sensitively.
   * @default false
   */
  sensitive?: boolean;
  /**
   * The segment delimiter: parameters never match it.
   * @default '/'
   */
  delimiter?: string;
}

/** At most this many alternatives (optional-group expansions, over all paths) per regexp. */
export const MAX_ALTERNATIVES = 256;

/**
 * Escapes text for use in a regexp, outside or inside a character class. (A "-" needs no
 * escape: the classes built here hold at most two characters, so never a range.)
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Turns a path (string, `TokenData`, or a possibly nested array of them) into an anchored,
 * case-insensitive (unless `sensitive`) RegExp and the keys of its capturing groups.
 *
 * @example
 * const { regexp, keys } = pathToRegexp('/foo/:bar');
 * regexp.exec('/foo/123'); //=> ['/foo/123', '123']
 * keys; //=> [{ type: 'param', name: 'bar' }]
 */
export function pathToRegexp(
  path: Paths,
  options: PathToRegexpOptions & ParseOptions = {},
): { regexp: RegExp; keys: Keys } {
  const { delimiter = '/', end = true, sensitive = false, trailing = true } = options;
  const keys: Keys = [];
  const sources: string[] = [];
  let count = 0;
  forEachPath(path, (item) => {
    const data = toTokenData(item, options);
    const before = count;
    expand(data.tokens, (sequence) => {
      if (count++ >= MAX_ALTERNATIVES) throw tooMany(data.tokens, before, data.originalPath);
      sources.push(sequenceSource(sequence, delimiter, keys, data.originalPath));
    });
  });
  const delim = escapeRegExp(delimiter);
  let pattern = `^(?:${sources.join('|')})`;
  if (trailing) pattern += `(?:${delim}$)?`;
  pattern += end ? '$' : `(?=${delim}|$)`;
  return { regexp: new RegExp(pattern, sensitive ? '' : 'i'), keys };
}

/**
 * Calls `visit` with every path of a (possibly nested) array, depth-first in document order, as
 * path-to-regexp 8.4.2 and 9 order the alternatives (8.4.1 went breadth-first). An explicit stack:
 * any nesting depth; an array that contains itself is bounded by the count of items visited.
 */
export function forEachPath(path: unknown, visit: (path: unknown) => void): void {
  const stack: Array<{ items: readonly unknown[]; index: number }> = [];
  let visited = 0;
  let item: unknown = path;
  for (;;) {
    if (Array.isArray(item)) {
      visited += item.length;
      if (visited > 64 * MAX_ALTERNATIVES) {
        throw new PathError(
          `Too many path combinations (more than ${MAX_ALTERNATIVES} alternatives)`,
          undefined,
          'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS',
        );
      }
      stack.push({ items: item, index: 0 });
    } else {
      visit(item);
    }
    let top = stack[stack.length - 1];
    while (top && top.index >= top.items.length) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top) return;
    item = top.items[top.index++];
  }
}

/** A string is parsed; a `TokenData` (or `{ tokens }` object) is used as is. */
export function toTokenData(
  path: unknown,
  options: ParseOptions,
): { tokens: Token[]; originalPath?: string | undefined } {
  if (typeof path === 'string') return parse(path, options);
  if (typeof path === 'object' && path !== null && Array.isArray((path as { tokens?: unknown }).tokens)) {
    return path as { tokens: Token[]; originalPath?: string };
  }
  throw new PathError(
    `Expected a string path or TokenData, got ${path === null ? 'null' : typeof path}`,
    undefined,
    'BRISK_ERR_PATH_INVALID_PATH',
  );
}

/**
 * Calls `emit` with every flat sequence of `tokens`: each group included, then excluded, in
 * document order. Depth-first with an explicit stack, so deep nesting cannot overflow.
 */
export function expand(tokens: Token[], emit: (sequence: Token[]) => void): void {
  interface Frame {
    tokens: Token[];
    index: number;
    parent: Frame | undefined;
  }
  const sequence: Token[] = [];
  // Choice points: where to resume with the group left out, and the sequence length then.
  const resume: Array<{ frame: Frame; length: number }> = [];
  let frame: Frame | undefined = { tokens, index: 0, parent: undefined };
  for (;;) {
    while (frame) {
      if (frame.index >= frame.tokens.length) {
        frame = frame.parent;
        continue;
      }
      const token: Token = frame.tokens[frame.index];
      const next: Frame = { tokens: frame.tokens, index: frame.index + 1, parent: frame.parent };
      if (token.type === 'group') {
        resume.push({ frame: next, length: sequence.length });
        frame = { tokens: token.tokens, index: 0, parent: next };
      } else {
        sequence.push(token);
        frame = next;
      }
    }
    emit(sequence);
    const choice = resume.pop();
    if (!choice) return;
    sequence.length = choice.length;
    frame = choice.frame;
  }
}

/** The error for too many alternatives, pointing at the group that crosses the limit. */
export function tooMany(tokens: Token[], before: number, originalPath: string | undefined): PathError {
  let product = 1;
  let at: number | undefined;
  for (const token of tokens) {
    if (token.type !== 'group') continue;
    product *= alternatives(token.tokens) + 1;
    if (before + product > MAX_ALTERNATIVES) {
      at = positions.get(token);
      break;
    }
  }
  const where = at === undefined ? '' : ` at index ${at}`;
  return new PathError(
    `Too many path combinations${where} (the optional groups expand to more than ${MAX_ALTERNATIVES} alternatives: use fewer {...} groups or several paths)`,
    originalPath,
    'BRISK_ERR_PATH_TOO_MANY_COMBINATIONS',
  );
}

/** How many sequences a token list expands to (capped: only compared with the limit). */
function alternatives(tokens: Token[]): number {
  // Post-order over the nested groups with an explicit stack: any nesting depth.
  const stack = [{ tokens, index: 0, product: 1 }];
  for (;;) {
    const top = stack[stack.length - 1];
    if (top.index < top.tokens.length) {
      const token = top.tokens[top.index++];
      if (token.type === 'group') stack.push({ tokens: token.tokens, index: 0, product: 1 });
      continue;
    }
    stack.pop();
    if (!stack.length) return top.product;
    const parent = stack[stack.length - 1];
    parent.product = Math.min(parent.product * (top.product + 1), 1e9);
  }
}

const NONE = 0;
const PARAM = 1;
const WILDCARD = 2;

/** The regexp source of one flat sequence; pushes its keys. */
function sequenceSource(sequence: Token[], delimiter: string, keys: Key[], originalPath: string | undefined): string {
  let source = '';
  let sinceCapture = ''; // text since the previous capture
  let afterWildcard = ''; // text right after the last wildcard, up to the next capture
  let previous = NONE; // the previous capture, anywhere before
  let segmentParam = false; // a parameter earlier in the current segment
  let segmentWildcard = false; // a wildcard earlier in the current segment
  for (let i = 0; i < sequence.length; i++) {
    const token = sequence[i];
    if (token.type === 'text') {
      source += escapeRegExp(token.value);
      sinceCapture += token.value;
      if (previous === WILDCARD) afterWildcard += token.value;
      if (token.value.includes(delimiter)) segmentParam = segmentWildcard = false;
      continue;
    }
    if (token.type !== 'param' && token.type !== 'wildcard') {
      throw codedTypeError(`Unknown token type: ${(token as { type: unknown }).type}`, 'BRISK_ERR_PATH_UNKNOWN_TOKEN');
    }
    if (previous !== NONE && !sinceCapture) {
      const at = positions.get(token);
      throw new PathError(
        `Missing text before "${token.name}" ${token.type}${at === undefined ? '' : ` at index ${at}`} (separate two parameters with text, e.g. /:a-:b, or put them in different segments)`,
        originalPath,
        'BRISK_ERR_PATH_MISSING_TEXT',
      );
    }
    if (token.type === 'param') {
      if (segmentWildcard) {
        source += `(${oneOf(notStarting(delimiter, sinceCapture))})`;
      } else if (wildcardAhead(sequence, i + 1, delimiter)) {
        source += `(${oneOf(notStarting(delimiter, textAhead(sequence, i + 1)))})`;
      } else if (segmentParam) {
        source += `(${oneOf(notStarting(delimiter, sinceCapture))}|${escapeRegExp(sinceCapture)})`;
      } else {
        source += `(${oneOf(notStarting(delimiter, ''))})`;
      }
      segmentParam = true;
      previous = PARAM;
    } else {
      if (segmentWildcard) {
        source += `(${oneOf(notStarting(sinceCapture, ''))})`;
      } else if (afterWildcard) {
        const a = oneOf(notStarting(afterWildcard, ''));
        const b = oneOf(notStarting(delimiter, ''));
        source += a === b ? `(${a})` : `(${a}|${b})`;
      } else {
        source += '([^]+)';
      }
      afterWildcard = '';
      segmentWildcard = true;
      previous = WILDCARD;
    }
    keys.push(token);
    sinceCapture = '';
  }
  return source;
}

/** One or more of `atom`. */
function oneOf(atom: string): string {
  return `${atom}+`;
}

/** Whether a wildcard comes later in the segment that holds `sequence[from - 1]`. */
function wildcardAhead(sequence: Token[], from: number, delimiter: string): boolean {
  for (let i = from; i < sequence.length; i++) {
    const token = sequence[i];
    if (token.type === 'wildcard') return true;
    if (token.type === 'text' && token.value.includes(delimiter)) return false;
  }
  return false;
}

/** The literal text that directly follows `sequence[from - 1]`. */
function textAhead(sequence: Token[], from: number): string {
  let text = '';
  for (let i = from; i < sequence.length; i++) {
    const token = sequence[i];
    if (token.type !== 'text') break;
    text += token.value;
  }
  return text;
}

/**
 * A regexp atom for one character at which neither `a` nor `b` begins (an empty string is
 * ignored): a negated class for one-character strings, a negative lookahead for longer ones.
 */
function notStarting(a: string, b: string): string {
  if (b.length > a.length) [a, b] = [b, a]; // longest first, as upstream writes it
  let chars = '';
  const words: string[] = [];
  for (const s of a === b ? [a] : [a, b]) {
    if (s.length === 1) chars += escapeRegExp(s);
    else if (s.length > 1) words.push(escapeRegExp(s));
  }
  if (!words.length) return `[^${chars}]`;
  return `(?:(?!${words.join('|')})[^${chars}])`;
}
