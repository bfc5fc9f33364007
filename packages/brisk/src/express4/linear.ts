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
// How, at registration:
// 1. regexp-tree.ts reads the regexp's source as the engine reads it (the Annex B grammar of a
//    regexp without the `u` flag); what it does not take (backreferences, lookbehind, named
//    groups: regexp source a user wrote) leaves the regexp to the engine, as a RegExp path is;
// 2. regexp-program.ts compiles the tree into a program whose depth-first run is the engine's
//    backtracking, step for step; regexp-search.ts runs it with a table of the states already
//    tried, which makes it linear and keeps the engine's results;
// 3. this file decides whether the engine itself is linear on the regexp (`backtracksLinearly`:
//    when the number of ways to reach any state of the regexp's automaton after any text is
//    bounded, each state is tried a bounded number of times at each position). Then the engine
//    runs it, as before (several times faster than a search written in JavaScript: the common
//    shapes, `/user/:id?`, `/:a-:b`, `/files/*`, stay as fast as in Express 4); else the program
//    does.
// A matching routine that never backtracks (a Pike VM) would need the same care for captures and
// empty iterations, and be slower still on the short paths that are the common case.

import {
  type CharTest,
  CHAR,
  JMP,
  LOOK,
  LOOK_END,
  MARK,
  MATCH,
  type Program,
  RESET,
  SAVE,
  SPLIT,
  compile,
} from './regexp-program.js';
import { execProgram, type Match } from './regexp-search.js';

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
