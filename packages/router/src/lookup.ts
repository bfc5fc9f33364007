// The dispatch index: which layers of a stack can match a path, found without trying them all.
//
// Each layer says what its path starts with (Layer.indexKeys): a literal whole path (the route
// `/users`), a literal mount path (middleware on `/admin`: the path is `/admin` or continues
// with `/`), the literal directory of a pattern (`/api/v1/users` for the route
// `/api/v1/users/:id`: the path continues with `/` there), or nothing (a RegExp, `/:id`,
// middleware on `/`: tried for every path). So the index is per literal prefix, not per method:
// routes of every method share their prefix's list, and dispatch skips a route whose methods do
// not fit the request before matching it.
//
// Two tables hold the keys: one looked up with the whole path (literal routes and mount paths),
// one looked up where the path has a `/` (mount paths and pattern directories). A request scans
// its path once, ASCII-lowercasing and hashing as it goes; at each `/` whose length some key has,
// and at the end, it looks the hash up, and a bucket found there counts only if its key really
// is that prefix of the path (compared, not trusted to the hash). The candidates are the hit
// buckets' layers merged, in stack order, with the layers that can match anything. Each merge
// is made once and kept, per chain of hit buckets.
//
// Why the kept merges are bounded by what was registered, whatever the traffic: the keys hit by
// one path are all prefixes of it, so each is a prefix of the longest one; the chain of hits is
// therefore decided by its last key alone, and there are at most as many chains as keys. The
// candidate lists are a superset: each candidate still runs its own matcher, so layers keep
// Express's order and a case-sensitive layer found through its folded key still checks case.

import { ASCII_CASE_OFFSET, PERCENT, SLASH, UPPER_A, UPPER_Z } from './constants.js';
import { Layer } from './layer.js';
import { startsWithFolded } from './matchers.js';

/** Candidate layers, by stack position (ascending), with the layers themselves to detect changes. */
export interface Candidates {
  pos: number[];
  layers: unknown[];
}

/** What a scan of a path found besides its candidates. */
export interface PathFlags {
  /** The path holds a `%` (a parameter may fail to decode). */
  percent: boolean;
  /**
   * The path holds a character that `url.parse` trims, splits at or escapes (space, `#`, tab,
   * CR, LF, FF, NBSP, BOM): its pathname is then not the text before `?`.
   */
  special: boolean;
}

/** The layers with one key in one table. */
interface Bucket extends Candidates {
  /** The key (ASCII-lowercased). */
  key: string;
  /** Another key of the same hash, if any. */
  sameHash: Bucket | undefined;
  /** The chain "this bucket alone", the root of the chains that continue from it. */
  chain: Chain;
}

/** A chain of buckets hit by one path, in order, and its merged candidates (made when first needed). */
interface Chain {
  buckets: Bucket[];
  merged: Candidates | undefined;
  /** The chains that continue this one with one more bucket. */
  next: Map<Bucket, Chain> | undefined;
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
const MULTIPLIER = 31;
/** Hashes are kept to 30 bits: small integers for V8, and Map keys that never become heap numbers. */
const HASH_MASK = 0x3fffffff;

const HASH_SIGN = 35; // '#': the highest of the ASCII characters url.parse treats specially
const NBSP = 0xa0; // the lowest of the non-ASCII ones

/** `true` for the characters `url.parse` trims, splits at or escapes in a path. */
function isSpecial(c: number): boolean {
  return c === 32 || c === HASH_SIGN || c === 9 || c === 10 || c === 12 || c === 13 || c === NBSP || c === 0xfeff;
}

/** One step of the hash: what {@link candidates} computes over a path, character by character. */
function step(h: number, c: number): number {
  return (Math.imul(h, MULTIPLIER) + c) & HASH_MASK;
}

/** The hash of a key (already ASCII-lowercased). Exported for the tests that craft collisions. */
export function hashKey(key: string): number {
  let h = SEED;
  for (let i = 0; i < key.length; i++) h = step(h, key.charCodeAt(i));
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
  const h = hashKey(key);
  const first = table.get(h);
  let bucket = first;
  while (bucket !== undefined && bucket.key !== key) bucket = bucket.sameHash;
  if (bucket === undefined) {
    const chain: Chain = { buckets: [], merged: undefined, next: undefined };
    bucket = { pos: [], layers: [], key, sameHash: first, chain };
    chain.buckets.push(bucket);
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
  return {
    stack,
    length: stack.length,
    any,
    whole,
    dir,
    wholeLengths: lengths(wholeSeen),
    dirLengths: lengths(dirSeen),
  };
}

/** The bucket of `table` whose key is the first `n` characters of `path` (folded), if any. */
function find(table: Map<number, Bucket>, h: number, path: string, n: number): Bucket | undefined {
  for (let bucket = table.get(h); bucket !== undefined; bucket = bucket.sameHash) {
    const key = bucket.key;
    if (key.length === n && startsWithFolded(path, key)) return bucket;
  }
  return undefined;
}

/** The chain `chain` continued by `bucket` (made when first met). */
function extend(chain: Chain | undefined, bucket: Bucket): Chain {
  if (chain === undefined) return bucket.chain;
  const next = (chain.next ??= new Map());
  let longer = next.get(bucket);
  if (longer === undefined)
    next.set(bucket, (longer = { buckets: [...chain.buckets, bucket], merged: undefined, next: undefined }));
  return longer;
}

/**
 * The layers of the index that may match `path`, in stack order; what else the scan saw goes
 * into `flags`.
 */
export function candidates(index: StackIndex, path: string, flags: PathFlags): Candidates {
  const n = path.length;
  const dirLengths = index.dirLengths;
  const dl = dirLengths.length;
  let chain: Chain | undefined; // the buckets hit so far
  let percent = false;
  let special = false;
  let h = SEED;
  for (let i = 0; i < n; i++) {
    let c = path.charCodeAt(i);
    if (c === SLASH) {
      if (i < dl && dirLengths[i] === 1) {
        const bucket = find(index.dir, h, path, i);
        if (bucket !== undefined) chain = extend(chain, bucket);
      }
    } else if (c === PERCENT) {
      percent = true;
    } else if (c >= UPPER_A && c <= UPPER_Z) {
      c += ASCII_CASE_OFFSET;
    } else if ((c <= HASH_SIGN || c >= NBSP) && isSpecial(c)) {
      special = true;
    }
    h = step(h, c);
  }
  flags.percent = percent;
  flags.special = special;
  if (n < index.wholeLengths.length && index.wholeLengths[n] === 1) {
    const bucket = find(index.whole, h, path, n);
    if (bucket !== undefined) chain = extend(chain, bucket);
  }
  if (chain === undefined) return index.any;
  return (chain.merged ??= merge([index.any, ...chain.buckets]));
}
