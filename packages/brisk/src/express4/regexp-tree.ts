// Reads the source of a regexp (as the engine reads one without the `u` flag) into a tree, for
// regexp-program.ts to compile. Only what the regexps of Express 4 paths hold is taken; the rest
// (backreferences, lookbehind, named groups, legacy octal escapes: regexp source a user wrote) is
// `Unsupported`, and such a regexp is left to the engine (linear.ts).

/** A regexp this file cannot run (backreferences, lookbehind, named groups, ...): the engine runs it. */
export class Unsupported extends Error {}

/** One character: a literal, an escape, `.` or a class, as its source (the engine tests it). */
export interface CharNode {
  type: 'char';
  source: string;
}
/** `^`, `$`, `\b`, `\B`. */
export interface AssertNode {
  type: 'assert';
  kind: '^' | '$' | 'b' | 'B';
}
/** A capturing group (`index` ≥ 1) or a non-capturing one (`index` 0). */
export interface GroupNode {
  type: 'group';
  index: number;
  body: Node;
}
/** `(?=...)`, `(?!...)`. */
export interface LookNode {
  type: 'look';
  negative: boolean;
  body: Node;
}
/** A quantified atom; `first`..`last` are the capturing groups inside it (none when `last < first`). */
export interface RepeatNode {
  type: 'repeat';
  body: Node;
  min: number;
  max: number;
  greedy: boolean;
  first: number;
  last: number;
}
export interface SeqNode {
  type: 'seq';
  items: Node[];
}
export interface AltNode {
  type: 'alt';
  options: Node[];
}
/** A node of a parsed regexp. */
export type Node = CharNode | AssertNode | GroupNode | LookNode | RepeatNode | SeqNode | AltNode;

/** Largest count of a `{n,m}` taken (the program repeats the atom that many times). */
const MAX_COUNT = 10_000;
const BRACED = /\{(\d+)(?:(,)(\d*))?\}/y;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
const HEX4 = /^[0-9A-Fa-f]{4}$/;
const LETTER = /^[A-Za-z]$/;
const DIGIT = /^[0-9]$/;

/**
 * A reader of regexp source without the `u` flag (ES2024 Annex B.1.2), for source the engine has
 * already compiled (so it is valid). Grammar:
 *   Disjunction  = Alternative ('|' Alternative)*
 *   Alternative  = Term*
 *   Term         = '^' | '$' | '\b' | '\B' | Atom Quantifier?
 *   Atom         = '(' ('?:' | '?=' | '?!')? Disjunction ')' | '[' class ']' | '.' | '\' escape | char
 *   Quantifier   = ('*' | '+' | '?' | '{' n (',' m?)? '}') '?'?
 * A `{` that does not open a quantifier, `}` and `]` are characters. Lookaheads may be quantified.
 */
class Parser {
  i = 0;
  groups = 0;
  constructor(readonly source: string) {}

  parse(): Node {
    // lookbehind, named groups and their backreferences
    if (this.source.includes('(?<')) throw new Unsupported();
    const tree = this.disjunction();
    if (this.i !== this.source.length) throw new Unsupported();
    return tree;
  }

  disjunction(): Node {
    const options = [this.alternative()];
    while (this.source[this.i] === '|') {
      this.i++;
      options.push(this.alternative());
    }
    return options.length === 1 ? options[0] : { type: 'alt', options };
  }

  alternative(): Node {
    const items: Node[] = [];
    const s = this.source;
    while (this.i < s.length && s[this.i] !== '|' && s[this.i] !== ')') items.push(this.term());
    return { type: 'seq', items };
  }

  term(): Node {
    const s = this.source;
    const c = s[this.i];
    if (c === '^' || c === '$') {
      this.i++;
      return { type: 'assert', kind: c };
    }
    if (c === '\\' && (s[this.i + 1] === 'b' || s[this.i + 1] === 'B')) {
      this.i += 2;
      return { type: 'assert', kind: s[this.i - 1] === 'b' ? 'b' : 'B' };
    }
    const first = this.groups + 1;
    const atom = this.atom();
    return this.quantifier(atom, first);
  }

  atom(): Node {
    const s = this.source;
    const start = this.i;
    const c = s[start];
    if (c === '(') {
      let node: Node;
      if (s[start + 1] === '?') {
        const kind = s[start + 2];
        if (kind !== ':' && kind !== '=' && kind !== '!') throw new Unsupported();
        this.i += 3;
        const before = this.groups;
        const body = this.disjunction();
        // a capture in a positive lookahead outlives it: not followed here
        if (kind === '=' && this.groups !== before) throw new Unsupported();
        node = kind === ':' ? { type: 'group', index: 0, body } : { type: 'look', negative: kind === '!', body };
      } else {
        this.i++;
        const index = ++this.groups;
        node = { type: 'group', index, body: this.disjunction() };
      }
      if (s[this.i] !== ')') throw new Unsupported();
      this.i++;
      return node;
    }
    if (c === '[') {
      // the first `]` closes the class (`[]` matches nothing, `[^]` anything)
      let j = start + 1;
      if (s[j] === '^') j++;
      while (j < s.length && s[j] !== ']') j += s[j] === '\\' ? 2 : 1;
      if (j >= s.length) throw new Unsupported();
      this.i = j + 1;
    } else if (c === '\\') {
      this.i = this.escapeEnd(start);
    } else {
      this.i++;
    }
    return { type: 'char', source: s.slice(start, this.i) };
  }

  /** Where the escape at `start` (a `\`) ends, for an escape that is one character. */
  escapeEnd(start: number): number {
    const s = this.source;
    const c = s[start + 1];
    if (c === undefined) throw new Unsupported();
    // \1-\9: a backreference, or a legacy octal escape when there are fewer groups
    if (c >= '1' && c <= '9') throw new Unsupported();
    if (c === '0') {
      if (DIGIT.test(s[start + 2] ?? '')) throw new Unsupported(); // a legacy octal escape
      return start + 2;
    }
    if (c === 'c') {
      if (LETTER.test(s[start + 2] ?? '')) return start + 3;
      throw new Unsupported(); // `\c` then not a letter: a backslash and a `c`
    }
    if (c === 'x' && HEX2.test(s.slice(start + 2, start + 4))) return start + 4;
    if (c === 'u' && HEX4.test(s.slice(start + 2, start + 6))) return start + 6;
    return start + 2;
  }

  quantifier(atom: Node, first: number): Node {
    const s = this.source;
    const c = s[this.i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      min = c === '+' ? 1 : 0;
      max = c === '?' ? 1 : Number.POSITIVE_INFINITY;
    } else if (c === '{') {
      BRACED.lastIndex = this.i;
      const m = BRACED.exec(s);
      if (m === null) return atom; // a `{` that is a character: the next atom
      this.i = BRACED.lastIndex;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
      if (min > MAX_COUNT || (max > MAX_COUNT && max !== Number.POSITIVE_INFINITY)) throw new Unsupported();
    } else {
      return atom;
    }
    const greedy = s[this.i] !== '?';
    if (!greedy) this.i++;
    return { type: 'repeat', body: atom, min, max, greedy, first, last: this.groups };
  }
}

/** Reads regexp source (flags aside) into a tree and its number of capturing groups; throws `Unsupported`. */
export function parseRegExp(source: string): { tree: Node; groups: number } {
  const parser = new Parser(source);
  const tree = parser.parse();
  return { tree, groups: parser.groups };
}
