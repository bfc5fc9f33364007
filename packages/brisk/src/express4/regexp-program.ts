// Compiles a parsed regexp into a program of instructions whose choice points (an alternative,
// one more iteration or not) are the engine's, in the engine's order, so that a depth-first run
// of it (regexp-search.ts) is the engine's backtracking, step for step: the same first match, the
// same captures (reset at each iteration; an iteration that matched nothing rejected: ES2024
// §22.2.2.3.1 RepeatMatcher).
import { type Node, parseRegExp, type RepeatNode, Unsupported } from './regexp-tree.js';

/** Consume one character that `tests[a]` accepts. */
export const CHAR = 0;
/** Go on at `a`; when that fails, at `b` (the engine's choice point). */
export const SPLIT = 1;
export const JMP = 2;
/** Capture slot `a` (group k: 2k start, 2k+1 end) = the position. */
export const SAVE = 3;
/** Groups `a`..`b` = undefined (a new iteration of a quantified atom). */
export const RESET = 4;
/** Flag `a` = "nothing consumed yet in this iteration". */
export const MARK = 5;
/** Fail when nothing was consumed since `MARK a` (an empty iteration). */
export const CHECK = 6;
export const BOL = 7;
export const EOL = 8;
export const WORD_BOUNDARY = 9;
export const NOT_WORD_BOUNDARY = 10;
/** A lookahead: its body starts at `a`; `b` 1 for a negative one. */
export const LOOK = 11;
export const MATCH = 12;
/** The end of a lookahead's body. */
export const LOOK_END = 13;

/** Largest program compiled (counted repetition expands); a larger regexp is left to the engine. */
const MAX_PROGRAM = 10_000;
/** Deepest nesting of loops that can match the empty string (each doubles the table of tried states). */
const MAX_FLAGS = 4;
/**
 * Most rows of the table of tried states (choice points × 2^flags): the table has a byte per row
 * and position: 4 MB for a 16 KB path at most (40 optional parameters make 81 rows).
 */
const MAX_ROWS = 256;

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
 * `\d`, `\w`, an ASCII character or escaped ASCII punctuation (without the `u` flag, `i` folds
 * ASCII to ASCII only); `true` for anything else.
 */
function mayMatchHigh(source: string): boolean {
  if (source === '\\d' || source === '\\w') return false;
  const literal =
    source.length === 1 ? source : source.length === 2 && /^\\[^A-Za-z0-9]$/.test(source) ? source[1] : '';
  return literal === '' || literal.charCodeAt(0) >= 128;
}

const ASSERTIONS = { '^': BOL, $: EOL, b: WORD_BOUNDARY, B: NOT_WORD_BOUNDARY };

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
        this.emit(ASSERTIONS[node.kind], 0, 0, mask);
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
 * in a positive lookahead, a legacy octal escape, more than 10,000 instructions or 256 choice
 * points, loops that can match empty nested more than 4 deep).
 */
export function compile(regexp: RegExp): Program | undefined {
  try {
    const { tree, groups } = parseRegExp(regexp.source);
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
    if (slots << c.flags > MAX_ROWS) throw new Unsupported();
    const program: Program = {
      op: Uint8Array.from(c.op),
      a: Int32Array.from(c.a),
      b: Int32Array.from(c.b),
      slot,
      mask: Int32Array.from(c.mask),
      slots,
      flagBits: c.flags,
      tests: c.tests,
      groups,
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
