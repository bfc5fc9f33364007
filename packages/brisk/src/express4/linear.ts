// Runs the regexps that path.ts builds from Express 4 paths in time linear in the path, with the
// JavaScript engine's own results (the match, every capture, on every input).
//
// Why a matcher of its own: Express 4's syntax passes regexp source through (`?`, `+`, `( )`,
// `[ ]`, `:name(pattern)`), writes `*` as `(.*)`, and bounds a parameter with the text written
// before it, itself regexp source. The engine backtracks, and some of these regexps give it a
// number of ways to split a path that grows with the path: `(.*)-(.*)-(.*)` (`/*-*-*/end`) tries
// every pair of dashes, cubic; optional groups whose bound holds a group (`/(:a)?(-:b)?(-:c)?`)
// are cubic too; `(a+)+` is exponential. A 16 KB URL then takes minutes.
//
// How, in three steps, at registration:
// 1. `parse` reads the regexp source as the engine reads it (the Annex B grammar of a regexp
//    without the `u` flag) into a tree; what it does not take (backreferences, lookbehind, named
//    groups: regexp source the user wrote) leaves the regexp to the engine, as a RegExp path is;
// 2. `compile` turns the tree into a program whose choice points (an alternative, one more
//    iteration or not) are the engine's, in the engine's order, so that a depth-first run of it
//    is the engine's backtracking, step for step: the same first match, the same captures
//    (captures reset at each iteration, an iteration that matched nothing rejected: ES2024
//    §22.2.2.3.1 RepeatMatcher);
// 3. `backtracksLinearly` decides whether the engine itself is linear on this regexp: when the
//    number of ways to reach any state of the regexp's automaton after any text is bounded (no
//    EDA and no IDA, Weber & Seidl 1991), each state is tried a bounded number of times at each
//    position. Then the engine runs it (faster than any matcher written in JavaScript); else
//    `execProgram` does.
//
// Why `execProgram` is linear and still exact: it is the engine's depth-first search, plus a
// table of the (choice point, position) pairs already tried. Whether the rest of the regexp
// matches from a choice point at a position does not depend on how the search got there (captures
// decide nothing without backreferences; the one other state, whether the current iteration of a
// loop that can match empty has consumed a character, is part of the key), so a pair that failed
// once fails again, and is skipped. A search that reaches the end stops: the first success is the
// engine's. Each pair is expanded once, so the time is O(program size × path length). Inside a
// lookahead, which succeeds without stopping the search, pairs that led to its success are kept as
// such. A matching routine that never backtracks (a Pike VM) would need the same care for captures
// and empty iterations, and run slower on the short paths that are the common case.

/** A regexp this file cannot run (backreferences, lookbehind, named groups, ...): the engine runs it. */
class Unsupported extends Error {}

// --- The tree -----------------------------------------------------------------------------------

/** One character: a literal, an escape, `.` or a class, as its source (the engine tests it). */
interface CharNode {
  type: 'char';
  source: string;
}
/** `^`, `$`, `\b`, `\B`. */
interface AssertNode {
  type: 'assert';
  op: number;
}
/** A capturing group (`index` ≥ 1) or a non-capturing one (`index` 0). */
interface GroupNode {
  type: 'group';
  index: number;
  body: Node;
}
/** `(?=...)`, `(?!...)`. */
interface LookNode {
  type: 'look';
  negative: boolean;
  body: Node;
}
/** A quantified atom; `first`..`last` are the capturing groups inside it (none when `last < first`). */
interface RepeatNode {
  type: 'repeat';
  body: Node;
  min: number;
  max: number;
  greedy: boolean;
  first: number;
  last: number;
}
interface SeqNode {
  type: 'seq';
  items: Node[];
}
interface AltNode {
  type: 'alt';
  options: Node[];
}
type Node = CharNode | AssertNode | GroupNode | LookNode | RepeatNode | SeqNode | AltNode;

// --- Instructions -------------------------------------------------------------------------------

/** Consume one character that `tests[a]` accepts. */
const CHAR = 0;
/** Go on at `a`; when that fails, at `b` (the engine's choice point). */
const SPLIT = 1;
const JMP = 2;
/** Capture slot `a` (group k: 2k start, 2k+1 end) = the position. */
const SAVE = 3;
/** Groups `a`..`b` = undefined (a new iteration of a quantified atom). */
const RESET = 4;
/** Flag `a` = "nothing consumed yet in this iteration". */
const MARK = 5;
/** Fail when nothing was consumed since `MARK a` (an empty iteration). */
const CHECK = 6;
const BOL = 7;
const EOL = 8;
const WORD_BOUNDARY = 9;
const NOT_WORD_BOUNDARY = 10;
/** A lookahead: its body starts at `a`; `b` 1 for a negative one. */
const LOOK = 11;
const MATCH = 12;
/** The end of a lookahead's body. */
const LOOK_END = 13;

/** The instructions by name (for tests that run a program another way). */
export const Op = {
  CHAR,
  SPLIT,
  JMP,
  SAVE,
  RESET,
  MARK,
  CHECK,
  BOL,
  EOL,
  WORD_BOUNDARY,
  NOT_WORD_BOUNDARY,
  LOOK,
  MATCH,
  LOOK_END,
} as const;

/** Largest program compiled (counted repetition expands); a larger regexp is left to the engine. */
const MAX_PROGRAM = 10_000;
/** Most loops that can match the empty string (each doubles the table of tried states). */
const MAX_FLAGS = 4;

/** A character class as the engine reads it: a table for the first 256 code units, the engine beyond. */
export interface CharTest {
  /** 1 where the code unit (0-255) matches. */
  table: Uint8Array;
  /** The class alone, for code units from 256 (rare in a path: node reads request targets as latin1). */
  regexp: RegExp;
  /** Whether it may match a code unit from 256 (`true` when not known). */
  high: boolean;
}

/** A compiled regexp. */
export interface Program {
  op: Uint8Array;
  a: Int32Array;
  b: Int32Array;
  /** For each `SPLIT`, its row in the table of tried states; -1 elsewhere. */
  slot: Int32Array;
  /** For each instruction, the flags (bits) of the loops around it that can match empty. */
  mask: Int32Array;
  slots: number;
  flagBits: number;
  tests: CharTest[];
  groups: number;
  /** Every way to a first character (or to the end) passes `^`: a search from 1, 2, ... cannot match. */
  anchored: boolean;
  /** Where the main program ends (its `MATCH`); lookahead bodies follow. */
  matchAt: number;
}

// --- Parsing ------------------------------------------------------------------------------------

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
      return { type: 'assert', op: c === '^' ? BOL : EOL };
    }
    if (c === '\\' && (s[this.i + 1] === 'b' || s[this.i + 1] === 'B')) {
      this.i += 2;
      return { type: 'assert', op: s[this.i - 1] === 'b' ? WORD_BOUNDARY : NOT_WORD_BOUNDARY };
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
      if (min > MAX_PROGRAM || (max > MAX_PROGRAM && max !== Number.POSITIVE_INFINITY)) throw new Unsupported();
    } else {
      return atom;
    }
    const greedy = s[this.i] !== '?';
    if (!greedy) this.i++;
    return { type: 'repeat', body: atom, min, max, greedy, first, last: this.groups };
  }
}

// --- Characters ---------------------------------------------------------------------------------

const tests = new Map<string, CharTest>();

/**
 * The test of one character's source (`a`, `\-`, `.`, `[^/]`, `\d`), made by the engine itself so
 * that escapes, classes and case folding (`i`) are the engine's. Cached: an app repeats a few.
 */
function charTest(source: string, flags: string): CharTest {
  const key = flags + ' ' + source;
  let test = tests.get(key);
  if (test === undefined) {
    const regexp = new RegExp('^(?:' + source + ')$', flags);
    const table = new Uint8Array(256);
    for (let c = 0; c < 256; c++) table[c] = regexp.test(String.fromCharCode(c)) ? 1 : 0;
    test = { table, regexp, high: mayMatchHigh(source) };
    tests.set(key, test);
  }
  return test;
}

/**
 * Whether a character's source may match a code unit from 256. `false` only where that is certain:
 * an ASCII character or escaped punctuation (without `i` folding, or a character ASCII folds to),
 * `\d`, `\w`. A code unit from 256 never folds to ASCII without the `u` flag.
 */
function mayMatchHigh(source: string): boolean {
  if (source === '\\d' || source === '\\w') return false;
  const literal =
    source.length === 1 ? source : source.length === 2 && /^\\[^A-Za-z0-9]$/.test(source) ? source[1] : '';
  return literal === '' || literal.charCodeAt(0) >= 128;
}

/** A word character for `\b` (without the `u` flag: ASCII letters, digits, `_`). */
function isWord(input: string, pos: number): boolean {
  if (pos < 0 || pos >= input.length) return false;
  const c = input.charCodeAt(pos);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

// --- Compiling ----------------------------------------------------------------------------------

/** Whether a node can match the empty string. */
function canBeEmpty(node: Node): boolean {
  switch (node.type) {
    case 'char':
      return false;
    case 'seq':
      return node.items.every(canBeEmpty);
    case 'alt':
      return node.options.some(canBeEmpty);
    case 'group':
      return canBeEmpty(node.body);
    case 'repeat':
      return node.min === 0 || canBeEmpty(node.body);
    default:
      return true;
  }
}

/** Whether a node can consume a character (a lookahead or an assertion cannot). */
function canConsume(node: Node): boolean {
  switch (node.type) {
    case 'char':
      return true;
    case 'seq':
      return node.items.some(canConsume);
    case 'alt':
      return node.options.some(canConsume);
    case 'group':
      return canConsume(node.body);
    case 'repeat':
      return node.max > 0 && canConsume(node.body);
    default:
      return false;
  }
}

/** Emits the instructions of a tree; `Program` fields as they grow. */
class Compiler {
  op: number[] = [];
  a: number[] = [];
  b: number[] = [];
  mask: number[] = [];
  tests: CharTest[] = [];
  testIndex = new Map<string, number>();
  /** Flags used: a loop that can match empty takes the bit of its depth among such loops. */
  flags = 0;
  looks: Array<{ at: number; body: Node }> = [];
  constructor(readonly regexpFlags: string) {}

  emit(op: number, a: number, b: number, mask: number): number {
    if (this.op.length >= MAX_PROGRAM) throw new Unsupported();
    this.op.push(op);
    this.a.push(a);
    this.b.push(b);
    this.mask.push(mask);
    return this.op.length - 1;
  }

  node(node: Node, mask: number): void {
    switch (node.type) {
      case 'char': {
        let index = this.testIndex.get(node.source);
        if (index === undefined) {
          index = this.tests.push(charTest(node.source, this.regexpFlags)) - 1;
          this.testIndex.set(node.source, index);
        }
        this.emit(CHAR, index, 0, mask);
        return;
      }
      case 'assert':
        this.emit(node.op, 0, 0, mask);
        return;
      case 'seq':
        for (const item of node.items) this.node(item, mask);
        return;
      case 'alt': {
        const ends: number[] = [];
        for (let k = 0; k < node.options.length - 1; k++) {
          const split = this.emit(SPLIT, 0, 0, mask);
          this.a[split] = split + 1;
          this.node(node.options[k], mask);
          ends.push(this.emit(JMP, 0, 0, mask));
          this.b[split] = this.op.length;
        }
        this.node(node.options[node.options.length - 1], mask);
        for (const end of ends) this.a[end] = this.op.length;
        return;
      }
      case 'group':
        if (node.index === 0) return this.node(node.body, mask);
        this.emit(SAVE, 2 * node.index, 0, mask);
        this.node(node.body, mask);
        this.emit(SAVE, 2 * node.index + 1, 0, mask);
        return;
      case 'look':
        this.looks.push({ at: this.emit(LOOK, 0, node.negative ? 1 : 0, mask), body: node.body });
        return;
      case 'repeat':
        return this.repeat(node, mask);
    }
  }

  /**
   * `min` required iterations, then up to `max - min` optional ones, each a choice point (greedy:
   * one more first). Each iteration resets the captures inside; an optional iteration that can
   * match empty is marked and checked (the engine rejects one that consumed nothing), so one that
   * cannot consume at all (a quantified lookahead, `(?!x)?`) never counts and is left out. Loops
   * that are not nested in each other share a flag (each marks it before use).
   */
  repeat(node: RepeatNode, mask: number): void {
    const { body, min, max, greedy, first, last } = node;
    const iteration = (inner: number): void => {
      if (last >= first) this.emit(RESET, first, last, inner);
      this.node(body, inner);
    };
    for (let k = 0; k < min; k++) iteration(mask);
    if (max === min || !canConsume(body)) return;
    let flag = -1;
    if (canBeEmpty(body)) {
      flag = 0;
      while (mask & (1 << flag)) flag++;
      if (flag >= MAX_FLAGS) throw new Unsupported();
      this.flags = Math.max(this.flags, flag + 1);
    }
    const inner = flag === -1 ? mask : mask | (1 << flag);
    const optional = (): number => {
      const split = this.emit(SPLIT, 0, 0, mask);
      const start = this.op.length;
      if (flag !== -1) this.emit(MARK, flag, 0, inner);
      iteration(inner);
      if (flag !== -1) this.emit(CHECK, flag, 0, inner);
      if (greedy) this.a[split] = start;
      else this.b[split] = start;
      return split;
    };
    const exits: number[] = [];
    if (max === Number.POSITIVE_INFINITY) {
      const split = optional();
      this.emit(JMP, split, 0, mask);
      exits.push(split);
    } else {
      for (let k = min; k < max; k++) exits.push(optional());
    }
    for (const split of exits) {
      if (greedy) this.b[split] = this.op.length;
      else this.a[split] = this.op.length;
    }
  }
}

/**
 * Compiles a regexp into a program `execProgram` runs with the engine's results, or returns
 * `undefined` for a regexp it does not take (backreferences, lookbehind, named groups, a capture
 * in a positive lookahead, an octal escape, more than 10,000 instructions or 4 loops that can
 * match empty).
 */
export function compile(regexp: RegExp): Program | undefined {
  try {
    const parser = new Parser(regexp.source);
    const tree = parser.parse();
    const c = new Compiler(regexp.flags.includes('i') ? 'i' : '');
    c.node(tree, 0);
    const matchAt = c.emit(MATCH, 0, 0, 0);
    // lookahead bodies after the main program (each with flags of its own loops only)
    for (let k = 0; k < c.looks.length; k++) {
      const { at, body } = c.looks[k];
      c.a[at] = c.op.length;
      c.node(body, 0);
      c.emit(LOOK_END, 0, 0, 0);
    }
    const slot = new Int32Array(c.op.length).fill(-1);
    let slots = 0;
    for (let pc = 0; pc < c.op.length; pc++) if (c.op[pc] === SPLIT) slot[pc] = slots++;
    const program: Program = {
      op: Uint8Array.from(c.op),
      a: Int32Array.from(c.a),
      b: Int32Array.from(c.b),
      slot,
      mask: Int32Array.from(c.mask),
      slots,
      flagBits: c.flags,
      tests: c.tests,
      groups: parser.groups,
      anchored: false,
      matchAt,
    };
    program.anchored = isAnchored(program);
    return program;
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
}

/** Whether every way from the start to a character (or the end) passes `^`. */
function isAnchored(p: Program): boolean {
  const seen = new Uint8Array(p.op.length);
  const todo = [0];
  while (todo.length > 0) {
    const pc = todo.pop()!;
    if (seen[pc]) continue;
    seen[pc] = 1;
    switch (p.op[pc]) {
      case BOL:
        break;
      case CHAR:
      case MATCH:
        return false;
      case SPLIT:
        todo.push(p.a[pc], p.b[pc]);
        break;
      case JMP:
        todo.push(p.a[pc]);
        break;
      default:
        todo.push(pc + 1);
    }
  }
  return true;
}

// --- Running ------------------------------------------------------------------------------------

const TRIED_FAILED = 1;
const TRIED_MATCHED = 2;
// frames of the search's stack, 4 numbers each
const BRANCH = 0; // pc, pos, flags: the other way of a choice point
const UNDO = 1; // slot, value: a capture to put back
const TRIED = 2; // key: a state whose ways are all tried when this frame is popped

/**
 * Buffers reused from run to run: a typed array's allocation costs more than a short path's whole
 * search. A run never starts inside another (it calls no user code), so one set is enough; sizes
 * past `KEEP` (a long hostile path) are not kept.
 */
const scratch: { stack: Int32Array; tried: Uint8Array; captures: Int32Array } = {
  stack: new Int32Array(256),
  tried: new Uint8Array(1024),
  captures: new Int32Array(32),
};
const KEEP = 1 << 16;

/** One run of a program on an input: the input, the captures, the table of tried states, the stack. */
class Run {
  readonly captures: Int32Array;
  readonly tried: Uint8Array;
  readonly width: number;
  /** Frames of 4 numbers; a lookahead's search uses the part above its caller's. */
  stack: Int32Array = scratch.stack;
  constructor(
    readonly p: Program,
    readonly input: string,
  ) {
    this.width = input.length + 1;
    const size = (p.slots << p.flagBits) * this.width;
    if (size > scratch.tried.length) scratch.tried = new Uint8Array(size);
    this.tried = scratch.tried;
    this.tried.fill(0, 0, size);
    const slots = 2 * p.groups + 2;
    if (slots > scratch.captures.length) scratch.captures = new Int32Array(slots);
    this.captures = scratch.captures;
    this.captures.fill(-1, 0, slots);
  }

  /** Gives the buffers back, keeping those of a reasonable size. */
  done(): void {
    scratch.stack = this.stack.length > KEEP ? new Int32Array(256) : this.stack;
    if (this.tried.length > KEEP) scratch.tried = new Uint8Array(1024);
  }

  /** Room for 2 more frames above `sp`. */
  grow(sp: number): Int32Array {
    if (sp + 8 > this.stack.length) {
      const bigger = new Int32Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    return this.stack;
  }

  /**
   * The engine's depth-first search from `start` at `from`, with the stack from `base`: the end of
   * the first match, or -1. In a lookahead's body, a success marks the states on its way as
   * matched and puts back the captures it set (a negative lookahead's are discarded; a positive
   * one has none).
   */
  search(start: number, from: number, base: number): number {
    const { op, a, b, slot, mask, tests, flagBits } = this.p;
    const { input, captures, tried, width } = this;
    const n = input.length;
    let stack = this.stack;
    let sp = base;
    let pc = start;
    let pos = from;
    let flags = 0;
    for (;;) {
      let ok = true;
      switch (op[pc]) {
        case CHAR: {
          const code = input.charCodeAt(pos);
          const test = tests[a[pc]];
          if (pos < n && (code < 256 ? test.table[code] === 1 : test.regexp.test(input[pos]!))) {
            pos++;
            flags = -1;
            pc++;
          } else ok = false;
          break;
        }
        case SPLIT: {
          const key = ((slot[pc] << flagBits) | (flags & mask[pc])) * width + pos;
          const state = tried[key];
          if (state === TRIED_FAILED) ok = false;
          else if (state === TRIED_MATCHED) return this.lookMatched(base, sp, pos);
          else {
            stack = this.grow(sp);
            stack[sp] = TRIED;
            stack[sp + 1] = key;
            stack[sp + 4] = BRANCH;
            stack[sp + 5] = b[pc];
            stack[sp + 6] = pos;
            stack[sp + 7] = flags;
            sp += 8;
            pc = a[pc];
          }
          break;
        }
        case JMP:
          pc = a[pc];
          break;
        case SAVE:
          stack = this.grow(sp);
          stack[sp] = UNDO;
          stack[sp + 1] = a[pc];
          stack[sp + 2] = captures[a[pc]];
          sp += 4;
          captures[a[pc]] = pos;
          pc++;
          break;
        case RESET:
          for (let k = 2 * a[pc]; k <= 2 * b[pc] + 1; k++) {
            if (captures[k] === -1) continue;
            stack = this.grow(sp);
            stack[sp] = UNDO;
            stack[sp + 1] = k;
            stack[sp + 2] = captures[k];
            sp += 4;
            captures[k] = -1;
          }
          pc++;
          break;
        case MARK:
          flags &= ~(1 << a[pc]);
          pc++;
          break;
        case CHECK:
          if (flags & (1 << a[pc])) pc++;
          else ok = false;
          break;
        case BOL:
          if (pos === 0) pc++;
          else ok = false;
          break;
        case EOL:
          if (pos === n) pc++;
          else ok = false;
          break;
        case WORD_BOUNDARY:
        case NOT_WORD_BOUNDARY:
          if ((isWord(input, pos - 1) !== isWord(input, pos)) === (op[pc] === WORD_BOUNDARY)) pc++;
          else ok = false;
          break;
        case LOOK:
          if (this.search(a[pc], pos, sp) === -1 ? b[pc] === 1 : b[pc] === 0) pc++;
          else ok = false;
          stack = this.stack;
          break;
        case MATCH:
          return pos;
        default: // LOOK_END
          return this.lookMatched(base, sp, pos);
      }
      if (ok) continue;
      // back to the last choice point, undoing captures and marking exhausted states failed
      for (;;) {
        if (sp === base) return -1;
        sp -= 4;
        const kind = stack[sp];
        if (kind === BRANCH) {
          pc = stack[sp + 1];
          pos = stack[sp + 2];
          flags = stack[sp + 3];
          break;
        }
        if (kind === UNDO) captures[stack[sp + 1]] = stack[sp + 2];
        else tried[stack[sp + 1]] = TRIED_FAILED;
      }
    }
  }

  /** A lookahead's body matched: its states on the way lead to a match; its captures are put back. */
  lookMatched(base: number, sp: number, pos: number): number {
    const stack = this.stack;
    for (let top = sp - 4; top >= base; top -= 4) {
      if (stack[top] === TRIED) this.tried[stack[top + 1]] = TRIED_MATCHED;
      else if (stack[top] === UNDO) this.captures[stack[top + 1]] = stack[top + 2];
    }
    return pos;
  }
}

/** An exec result: the matched text, then each group's text or `undefined`. */
export type Match = [string, ...Array<string | undefined>];

/** `regexp.exec(input)` of the regexp `p` was compiled from, in time linear in `input`. */
export function execProgram(p: Program, input: string): Match | null {
  const run = new Run(p, input);
  const last = p.anchored ? 0 : input.length;
  let m: Match | null = null;
  for (let from = 0; from <= last && m === null; from++) {
    const end = run.search(0, from, 0);
    if (end === -1) continue;
    m = [input.slice(from, end)];
    const c = run.captures;
    for (let g = 1; g <= p.groups; g++) m.push(c[2 * g + 1] === -1 ? undefined : input.slice(c[2 * g], c[2 * g + 1]));
  }
  run.done();
  return m;
}

// --- Whether the engine is linear on a program ----------------------------------------------------

/** Code units 0-255 and one bit for "from 256": 257 bits. */
const WORDS = 9;
/** Largest program analysed, and most states the analysis visits; beyond, `execProgram` runs it. */
const MAX_ANALYSED = 2_000;
const MAX_VISITS = 200_000;
/** Most character states analysed (the analysis squares them). */
const MAX_STATES = 300;

function bitsOf(test: CharTest): Uint32Array {
  const bits = new Uint32Array(WORDS);
  for (let c = 0; c < 256; c++) if (test.table[c] === 1) bits[c >>> 5] |= 1 << (c & 31);
  if (test.high) bits[8] = 1;
  return bits;
}

function meet(x: Uint32Array, y: Uint32Array, z: Uint32Array = x): boolean {
  for (let w = 0; w < WORDS; w++) if ((x[w] & y[w] & z[w]) !== 0) return true;
  return false;
}

/**
 * The characters a negative lookahead's body starting at `start` matches when each of its ways is
 * exactly one character (`(?!/|-)`: `/` and `-`), or `undefined`.
 */
function singleCharacters(p: Program, start: number): Uint32Array | undefined {
  const bits = new Uint32Array(WORDS);
  const todo = [start, 0];
  const seen = new Set<number>();
  while (todo.length > 0) {
    const consumed = todo.pop()!;
    const pc = todo.pop()!;
    if (seen.has(pc * 2 + consumed)) continue;
    seen.add(pc * 2 + consumed);
    switch (p.op[pc]) {
      case SPLIT:
        todo.push(p.a[pc], consumed, p.b[pc], consumed);
        break;
      case JMP:
        todo.push(p.a[pc], consumed);
        break;
      case SAVE:
      case RESET:
        todo.push(pc + 1, consumed);
        break;
      case CHAR: {
        if (consumed === 1) return undefined;
        const table = p.tests[p.a[pc]].table;
        for (let c = 0; c < 256; c++) if (table[c] === 1) bits[c >>> 5] |= 1 << (c & 31);
        todo.push(pc + 1, 1);
        break;
      }
      case LOOK_END:
        if (consumed === 0) return undefined;
        break;
      default:
        return undefined;
    }
  }
  return bits;
}

/**
 * The automaton of a program's main part, for counting ways: a state per character instruction
 * ("that character was just consumed"), its class, and the states that can consume the next
 * character with the number of ways there (`^`, `$`, `\b`, lookaheads and captures are ways
 * through, which can only count more ways than there are). A search that may start after 0 has
 * one more state, which skips a character of any kind.
 */
interface Automaton {
  classes: Uint32Array[];
  next: Array<Map<number, number>>;
}

function automatonOf(p: Program): Automaton | undefined {
  const { op, a, b } = p;
  const end = p.matchAt;
  const id = new Int32Array(end).fill(-1);
  const classes: Uint32Array[] = [];
  const target = new Uint8Array(end + 1);
  for (let pc = 0; pc < end; pc++) {
    if (op[pc] === CHAR) {
      id[pc] = classes.length;
      classes.push(bitsOf(p.tests[a[pc]]));
    } else if (op[pc] === SPLIT) {
      target[a[pc]] = 1;
      target[b[pc]] = 1;
    } else if (op[pc] === JMP) target[a[pc]] = 1;
  }
  // `(?!/|-).`: the character cannot be one the lookahead refuses
  for (let pc = 0; pc < end; pc++) {
    if (op[pc] !== LOOK || b[pc] !== 1 || op[pc + 1] !== CHAR || target[pc + 1] === 1) continue;
    const refused = singleCharacters(p, a[pc]);
    if (refused === undefined) continue;
    const cls = classes[id[pc + 1]];
    for (let w = 0; w < WORDS - 1; w++) cls[w] &= ~refused[w];
  }
  // the states reached from each instruction without consuming, with the number of ways (2 = more)
  const ways = new Array<Map<number, number> | null | undefined>(end + 1);
  const reach = (pc: number): Map<number, number> | undefined => {
    const known = ways[pc];
    if (known === null) return undefined; // a loop that consumes nothing (not expected: no MARK)
    if (known !== undefined) return known;
    ways[pc] = null;
    let result: Map<number, number> | undefined;
    switch (op[pc]) {
      case CHAR:
        result = new Map([[id[pc], 1]]);
        break;
      case MATCH:
        result = new Map();
        break;
      case SPLIT: {
        const x = reach(a[pc]);
        const y = reach(b[pc]);
        if (x === undefined || y === undefined) return undefined;
        result = new Map(x);
        for (const [state, count] of y) result.set(state, Math.min(2, (result.get(state) ?? 0) + count));
        break;
      }
      case JMP:
        result = reach(a[pc]);
        break;
      default:
        result = reach(pc + 1);
    }
    ways[pc] = result;
    return result;
  };
  const next: Array<Map<number, number>> = [];
  for (let pc = 0; pc < end; pc++) {
    if (op[pc] !== CHAR) continue;
    const after = reach(pc + 1);
    if (after === undefined) return undefined;
    next.push(after);
  }
  if (!p.anchored) {
    const first = reach(0);
    if (first === undefined) return undefined;
    const skip = classes.length;
    classes.push(new Uint32Array(WORDS).fill(0xffffffff));
    next.push(new Map(first).set(skip, 1));
  }
  // a state whose class is empty is never reached
  for (const targets of next)
    for (const state of targets.keys()) if (!meet(classes[state], classes[state])) targets.delete(state);
  return { classes, next };
}

/** Strongly connected components (Tarjan, iterative): the component of each vertex. */
function components(count: number, edges: (v: number) => Iterable<number>): Int32Array {
  const component = new Int32Array(count).fill(-1);
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  let counter = 0;
  let components = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    const work: Array<[number, Iterator<number>]> = [[root, edges(root)[Symbol.iterator]()]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const [v, it] = work[work.length - 1];
      const step = it.next();
      if (!step.done) {
        const w = step.value;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          work.push([w, edges(w)[Symbol.iterator]()]);
        } else if (onStack[w] === 1) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component[w] = components;
        } while (w !== v);
        components++;
      }
    }
  }
  return component;
}

/**
 * Whether the engine's backtracking is linear on this program: the number of ways to reach each
 * state after any text is bounded, so each (state, position) is tried a bounded number of times.
 * An automaton has a bounded number of ways (is finitely ambiguous) exactly when it has neither
 * (Weber & Seidl, "On the degree of ambiguity of finite automata", 1991):
 * - EDA: a state q and a text w with two different ways from q back to q (exponential);
 * - IDA: states p ≠ q and a text w that leads from p to p, from p to q and from q to q
 *   (polynomial: `(.*)-(.*)` on dashes).
 * Each lookahead's body must have no loop (a bounded time per test), and no loop may match
 * empty. `false` when not shown linear, including when the analysis would take long.
 */
export function backtracksLinearly(p: Program): boolean {
  const { op, a, b } = p;
  if (p.matchAt > MAX_ANALYSED) return false;
  for (let pc = 0; pc < op.length; pc++) {
    const back = ((op[pc] === JMP || op[pc] === SPLIT) && a[pc] <= pc) || (op[pc] === SPLIT && b[pc] <= pc);
    if (pc < p.matchAt ? op[pc] === MARK : back) return false;
  }
  const automaton = automatonOf(p);
  if (automaton === undefined) return false;
  const { classes, next } = automaton;
  const states = classes.length;
  if (states > MAX_STATES) return false;
  const component = components(states, (v) => next[v].keys());
  const cyclic = new Uint8Array(states);
  const size = new Int32Array(states);
  for (let v = 0; v < states; v++) size[component[v]]++;
  for (let v = 0; v < states; v++) cyclic[v] = size[component[v]] > 1 || next[v].has(v) ? 1 : 0;

  // EDA: in the square of a component, a cycle through a pair (q, q) that is not the same way twice
  let visits = 0;
  const pairs = states * states;
  const pairEdges = (vertex: number): number[] => {
    const u = Math.floor(vertex / states);
    const v = vertex % states;
    const out: number[] = [];
    if (cyclic[u] === 0 || component[u] !== component[v]) return out;
    for (const x of next[u].keys()) {
      if (component[x] !== component[u]) continue;
      for (const y of next[v].keys())
        if (component[y] === component[u] && meet(classes[x], classes[y])) out.push(x * states + y);
    }
    visits += out.length;
    return out;
  };
  const square = components(pairs, pairEdges);
  if (visits > MAX_VISITS) return false;
  const diagonal = new Set<number>();
  for (let q = 0; q < states; q++) if (cyclic[q] === 1) diagonal.add(square[q * states + q]);
  for (let vertex = 0; vertex < pairs; vertex++) {
    if (!diagonal.has(square[vertex])) continue;
    const u = Math.floor(vertex / states);
    const v = vertex % states;
    for (const to of pairEdges(vertex)) {
      if (square[to] !== square[vertex]) continue;
      const x = Math.floor(to / states);
      const y = to % states;
      if (u !== v || x !== y || (next[u].get(x) ?? 0) > 1) return false;
    }
  }

  // IDA: from (p, p, q) to (p, q, q) on one text, the first way in p's component, the last in q's
  const reachable = (from: number): Uint8Array => {
    const seen = new Uint8Array(states);
    const todo = [from];
    seen[from] = 1;
    while (todo.length > 0) for (const w of next[todo.pop()!].keys()) if (seen[w] === 0 && (seen[w] = 1)) todo.push(w);
    return seen;
  };
  for (let x = 0; x < states; x++) {
    if (cyclic[x] === 0) continue;
    const fromX = reachable(x);
    for (let y = 0; y < states; y++) {
      if (y === x || cyclic[y] === 0 || fromX[y] === 0) continue;
      const seen = new Set<number>();
      const todo = [(x * states + x) * states + y];
      const goal = (x * states + y) * states + y;
      while (todo.length > 0) {
        const t = todo.pop()!;
        if (t === goal) return false;
        const k = t % states;
        const j = Math.floor(t / states) % states;
        const i = Math.floor(t / pairs);
        for (const i2 of next[i].keys()) {
          if (component[i2] !== component[x]) continue;
          for (const j2 of next[j].keys()) {
            if (fromX[j2] === 0 || !meet(classes[i2], classes[j2])) continue;
            for (const k2 of next[k].keys()) {
              if (component[k2] !== component[y] || !meet(classes[i2], classes[j2], classes[k2])) continue;
              const t2 = (i2 * states + j2) * states + k2;
              if (seen.has(t2)) continue;
              seen.add(t2);
              if (++visits > MAX_VISITS) return false;
              todo.push(t2);
            }
          }
        }
      }
    }
  }
  return true;
}

/**
 * `regexp.exec` in time linear in the input, with the engine's results: the engine's own when its
 * backtracking is linear on `regexp` (`backtracksLinearly`), else `execProgram`. A regexp that
 * `compile` does not take (only regexp source a user wrote can be one) is the engine's.
 */
export function linearExec(regexp: RegExp): (input: string) => Match | null {
  const program = compile(regexp);
  if (program === undefined || backtracksLinearly(program)) return (input) => regexp.exec(input) as Match | null;
  return (input) => execProgram(program, input);
}
