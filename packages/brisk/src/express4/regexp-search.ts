// Runs a compiled regexp (regexp-program.ts) with the engine's results in time linear in the
// input: the engine's depth-first search, plus a table of the (choice point, position) pairs
// already tried.
//
// Why that is exact: whether the rest of the regexp matches from a choice point at a position
// does not depend on how the search got there (captures decide nothing without backreferences;
// the one other state, whether the current iteration of a loop that can match empty has consumed
// a character, is part of the key), so a pair that failed once fails again, and is skipped. A
// search that reaches the end stops: the first success is the engine's. Inside a lookahead, which
// succeeds without stopping the search, pairs that led to its success are kept as such.
// Why it is linear: each pair is expanded once, so the time is O(program size × input length).
import {
  BOL,
  CHAR,
  CHECK,
  EOL,
  JMP,
  LOOK,
  MARK,
  MATCH,
  type Program,
  RESET,
  SAVE,
  SPLIT,
  WORD_BOUNDARY,
  NOT_WORD_BOUNDARY,
} from './regexp-program.js';

/** A word character for `\b` (without the `u` flag: ASCII letters, digits, `_`). */
function isWord(input: string, pos: number): boolean {
  if (pos < 0 || pos >= input.length) return false;
  const c = input.charCodeAt(pos);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

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
