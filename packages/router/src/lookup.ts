// The dispatch index: which layers of a stack can match a path, found without trying them all.
//
// Each layer says what its path starts with (Layer.indexKeys): a literal whole path (the route
// `/users`), a literal mount path (middleware on `/admin`: the path is `/admin` or continues
// with `/`), the literal directory of a pattern (`/api/v1/users` for the route
// `/api/v1/users/:id`: the path continues with `/` there), or nothing (a RegExp, `/:id`,
// middleware on `/`: tried for every path). The index maps a hash of each key to the layers
// with that key, in stack order. A request hashes its path once, ASCII-lowercased, looking up
// the directory table at each `/` (only at lengths some key has) and the whole-path table at
// the end, then walks the hit lists merged with the layers that can match anything: a merge
// made once per combination of hits and kept. The lists are a superset: each candidate still
// runs its own matcher, so a hash collision costs a try, never a wrong match, and layers keep
// Express's order.

import { Layer } from './layer.js';

/** Candidate layers, by stack position (ascending), with the layers themselves to detect changes. */
export interface Candidates {
  pos: number[];
  layers: unknown[];
}

/** The layers sharing one key hash in one table. */
interface Bucket extends Candidates {
  /** Merged candidate lists for this bucket and the buckets hit after it, made when first needed. */
  combos: Combo;
}

/** A cached merge: the "anything" layers with a chain of buckets (hit in this order). */
interface Combo {
  chain: Candidates[];
  merged: Candidates | undefined;
  next: Map<Bucket, Combo> | undefined;
}

/** The index of one stack, valid while the stack keeps its identity and length. */
export interface StackIndex {
  stack: readonly unknown[];
  length: number;
  /** Layers that may match any path. */
  any: Candidates;
  /** Keys looked up with the whole path: literal routes and mount paths. */
  whole: Map<number, Bucket>;
  /** Keys looked up where the path has a `/`: mount paths and pattern directories. */
  dir: Map<number, Bucket>;
  /** `wholeLengths[n] === 1` when some whole-path key has length n. */
  wholeLengths: Uint8Array;
  /** `dirLengths[n] === 1` when some directory key has length n. */
  dirLengths: Uint8Array;
}

const SEED = 5381;

/** The hash of a key (already ASCII-lowercased), as {@link candidates} computes it over a path. */
function hash(key: string): number {
  let h = SEED;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) & 0x3fffffff;
  return h;
}

/** Merges position-sorted candidate lists into one, without duplicates. */
function merge(lists: readonly Candidates[]): Candidates {
  const out: Candidates = { pos: [], layers: [] };
  const cursor = lists.map(() => 0);
  for (;;) {
    let best = -1;
    let bestPos = Infinity;
    for (let l = 0; l < lists.length; l++) {
      const p = lists[l].pos[cursor[l]];
      if (p !== undefined && p < bestPos) {
        bestPos = p;
        best = l;
      }
    }
    if (best === -1) return out;
    out.pos.push(bestPos);
    out.layers.push(lists[best].layers[cursor[best]]);
    for (let l = 0; l < lists.length; l++) if (lists[l].pos[cursor[l]] === bestPos) cursor[l]++;
  }
}

/** Adds layer `i` to the bucket of `key` in `table`. */
function add(table: Map<number, Bucket>, key: string, i: number, layer: unknown): void {
  const h = hash(key);
  let bucket = table.get(h);
  if (bucket === undefined) {
    bucket = { pos: [], layers: [], combos: { chain: [], merged: undefined, next: undefined } };
    bucket.combos.chain.push(bucket);
    table.set(h, bucket);
  }
  if (bucket.pos[bucket.pos.length - 1] !== i) {
    bucket.pos.push(i);
    bucket.layers.push(layer);
  }
}

/** A table of which key lengths occur. */
function lengths(keys: readonly number[]): Uint8Array {
  const table = new Uint8Array(keys.length === 0 ? 0 : Math.max(...keys) + 1);
  for (const n of keys) table[n] = 1;
  return table;
}

/** Builds the index of a stack. */
export function buildIndex(stack: readonly unknown[]): StackIndex {
  const any: Candidates = { pos: [], layers: [] };
  const whole = new Map<number, Bucket>();
  const dir = new Map<number, Bucket>();
  const wholeSeen: number[] = [];
  const dirSeen: number[] = [];
  for (let i = 0; i < stack.length; i++) {
    const layer = stack[i];
    const keys = Layer.indexKeys(layer);
    if (keys === undefined) {
      any.pos.push(i);
      any.layers.push(layer);
      continue;
    }
    for (const { kind, key } of keys) {
      if (kind !== 'dir') {
        add(whole, key, i, layer);
        wholeSeen.push(key.length);
      }
      if (kind !== 'path') {
        add(dir, key, i, layer);
        dirSeen.push(key.length);
      }
    }
  }
  return { stack, length: stack.length, any, whole, dir, wholeLengths: lengths(wholeSeen), dirLengths: lengths(dirSeen) };
}

/** The combination of `combo`'s buckets and then `bucket` (made when first met). */
function extend(combo: Combo, bucket: Bucket): Combo {
  const next = (combo.next ??= new Map());
  let step = next.get(bucket);
  if (step === undefined) next.set(bucket, (step = { chain: [...combo.chain, bucket], merged: undefined, next: undefined }));
  return step;
}

/** Whether the last path given to {@link candidates} holds a `%` (a parameter may fail to decode). */
export let lastHadPercent = false;

/**
 * Whether the last path given to {@link candidates} holds a character that `url.parse` trims,
 * splits at or escapes (space, `#`, tab, CR, LF, FF, NBSP, BOM): its pathname is then not the
 * text before `?`.
 */
export let lastHadSpecial = false;

/**
 * The layers of the index that may match `path`, in stack order. Also sets
 * {@link lastHadPercent} and {@link lastHadSpecial}.
 */
export function candidates(index: StackIndex, path: string): Candidates {
  const n = path.length;
  const dirLengths = index.dirLengths;
  const dl = dirLengths.length;
  let combo: Combo | undefined; // the buckets hit so far
  let percent = false;
  let special = false;
  let h = SEED;
  for (let i = 0; i < n; i++) {
    let c = path.charCodeAt(i);
    if (c === 47 /* / */) {
      if (i < dl && dirLengths[i] === 1) {
        const bucket = index.dir.get(h);
        if (bucket !== undefined) combo = combo === undefined ? bucket.combos : extend(combo, bucket);
      }
    } else if (c === 37 /* % */) {
      percent = true;
    } else if (c >= 65 && c <= 90) {
      c += 32;
    } else if (c <= 35 /* # */ || c >= 0xa0) {
      if (c === 32 || c === 35 || c === 9 || c === 10 || c === 12 || c === 13 || c === 0xa0 || c === 0xfeff) special = true;
    }
    h = (Math.imul(h, 31) + c) & 0x3fffffff;
  }
  lastHadPercent = percent;
  lastHadSpecial = special;
  if (n < index.wholeLengths.length && index.wholeLengths[n] === 1) {
    const bucket = index.whole.get(h);
    if (bucket !== undefined) combo = combo === undefined ? bucket.combos : extend(combo, bucket);
  }
  if (combo === undefined) return index.any;
  return (combo.merged ??= merge([index.any, ...combo.chain]));
}
