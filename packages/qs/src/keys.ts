// Stage 2 of `parse`: each key → its segments (`a[b][]` → `a`, `[b]`, `[]`), and its value
// merged into the result along that path, with qs's arrays, overflow objects and guards.

import {
  arrayLimitError,
  combine,
  isOverflow,
  isPrototypeName,
  markOverflow,
  merge,
  mergeAt,
  newObject,
  type Bag,
} from './merge.js';
import type { Normalized } from './parse-options.js';

const hasOwn = Object.prototype.hasOwnProperty;
const isArray = Array.isArray;
const ENCODED_DOT = /%2E/gi;

/**
 * `a.b.c` → `a[b][c]`: each `.` outside brackets followed by characters other than `.` and `[`
 * (a dot inside `[...]` stays: `a[b.c]` is the key `b.c`, qs 6.16.1).
 */
function dotsToBrackets(key: string): string {
  if (key.indexOf('.') === -1) return key;
  const n = key.length;
  let out = '';
  let last = 0;
  let level = 0;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c === 0x5b) {
      level++;
    } else if (c === 0x5d) {
      if (level > 0) level--;
    } else if (c === 0x2e && level === 0 && i + 1 < n) {
      const next = key.charCodeAt(i + 1);
      if (next === 0x2e || next === 0x5b) continue;
      let j = i + 1;
      while (j < n) {
        const d = key.charCodeAt(j);
        if (d === 0x2e || d === 0x5b) break;
        j++;
      }
      out += key.slice(last, i) + '[' + key.slice(i + 1, j) + ']';
      last = j;
      i = j - 1;
    }
  }
  return last === 0 ? key : out + key.slice(last);
}

/**
 * Whether a segment name would shadow an `Object.prototype` property, or is `prototype`, and is
 * refused.
 */
function refused(name: string, o: Normalized): boolean {
  return !o.plainObjects && !o.allowPrototypes && isPrototypeName(name);
}

/** `[x]` → `x`: the one pair of wrapping brackets a whole key loses at depth 0. */
function stripWrappingBrackets(key: string): string {
  return key.charCodeAt(0) === 0x5b && key.charCodeAt(key.length - 1) === 0x5d ? key.slice(1, -1) : key;
}

/**
 * Splits a key into its segments: the parent, then up to `depth` bracket groups (brackets
 * inside a group are balanced: `a[b[c]]` → `a`, `[b[c]]`), then the rest as one literal
 * group. An unterminated group is kept whole. Undefined when a segment is refused.
 */
export function splitKey(original: string, o: Normalized): string[] | undefined {
  const key = o.allowDots ? dotsToBrackets(original) : original;
  // The whole key is one segment, which loses one pair of wrapping brackets: the name checked is
  // the one stored (`[toString]` → `toString`, refused as qs 6.17.1 does).
  if (o.depth <= 0) return refused(stripWrappingBrackets(key), o) ? undefined : [key];

  const segments: string[] = [];
  const first = key.indexOf('[');
  const parent = first >= 0 ? key.slice(0, first) : key;
  if (parent) {
    if (refused(parent, o)) return undefined;
    segments.push(parent);
  }
  const n = key.length;
  let open = first;
  let collected = 0;
  while (open >= 0 && collected < o.depth) {
    let level = 1;
    let close = -1;
    for (let i = open + 1; i < n; i++) {
      const c = key.charCodeAt(i);
      if (c === 0x5b) {
        level++;
      } else if (c === 0x5d && --level === 0) {
        close = i;
        break;
      }
    }
    if (close < 0) {
      segments.push('[' + key.slice(open) + ']');
      return segments;
    }
    if (refused(key.slice(open + 1, close), o)) return undefined;
    segments.push(key.slice(open, close + 1));
    collected++;
    open = key.indexOf('[', close + 1);
  }
  if (open >= 0) {
    if (o.strictDepth) {
      throw new RangeError('Input depth exceeded depth option of ' + o.depth + ' and strictDepth is true');
    }
    segments.push('[' + key.slice(open) + ']');
  }
  return segments;
}

/** Per-call state of stage 2. */
export interface PathState {
  /** An array with holes was built: the result needs compacting. */
  sparse: boolean;
}

/** What a segment names: `[x]` → `x`, with `%2E` or `%2e` → `.` under `decodeDotInKeys`. */
function segmentName(segment: string, o: Normalized): string {
  const inner =
    segment.charCodeAt(0) === 0x5b && segment.charCodeAt(segment.length - 1) === 0x5d ? segment.slice(1, -1) : segment;
  return o.decodeDotInKeys && inner.indexOf('%2') !== -1 ? inner.replace(ENCODED_DOT, '.') : inner;
}

/** A bracketed segment holding a canonical non-negative integer, read as an array index. */
function arrayIndex(segment: string, name: string, o: Normalized): number {
  if (!o.parseArrays || segment === name) return -1;
  const c = name.charCodeAt(0);
  if (c < 0x30 || c > 0x39) return -1; // a canonical integer starts with a digit
  const index = parseInt(name, 10);
  return index >= 0 && String(index) === name ? index : -1;
}

/**
 * The plain object key a segment adds (the merge of `{ key: value }`), or undefined when the
 * segment builds something else: an array, an overflow object, or nothing (`__proto__`).
 */
function plainKey(segment: string, o: Normalized): string | undefined {
  if (segment === '[]' && o.parseArrays) return undefined;
  const name = segmentName(segment, o);
  if (name === '__proto__' || (name === '' && !o.parseArrays) || arrayIndex(segment, name, o) !== -1) return undefined;
  return name;
}

/** The value the segments from `from` on give to `leaf` (built from the innermost out). */
function build(segments: readonly string[], from: number, leaf: unknown, o: Normalized, st: PathState): unknown {
  let value = leaf;
  for (let i = segments.length - 1; i >= from; i--) {
    const segment = segments[i]!;
    let obj: unknown;
    if (segment === '[]' && o.parseArrays) {
      if (isOverflow(value)) obj = value;
      else if (o.allowEmptyArrays && (value === '' || (o.strictNullHandling && value === null))) obj = [];
      else obj = combine([], value, o);
    } else {
      const name = segmentName(segment, o);
      const index = arrayIndex(segment, name, o);
      if (!o.parseArrays && name === '') {
        obj = { 0: value };
      } else if (index !== -1 && index < o.arrayLimit) {
        const arr: unknown[] = [];
        arr[index] = value;
        if (index > 0) st.sparse = true;
        obj = arr;
      } else if (index !== -1 && o.throwOnLimitExceeded) {
        throw arrayLimitError(o.arrayLimit);
      } else {
        const bag = newObject(o.plainObjects);
        if (index !== -1) {
          bag[index] = value;
          markOverflow(bag, index);
        } else if (name !== '__proto__') {
          bag[name] = value;
        }
        obj = bag;
      }
    }
    value = obj;
  }
  return value;
}

/** An ordinary object (not an array, not an overflow object) that a path can descend into. */
function isPlainTarget(value: unknown): value is Bag {
  return value !== null && typeof value === 'object' && !isArray(value) && !isOverflow(value);
}

/**
 * Merges `leaf` into `result` along `segments`: the same as merging the object `build` would
 * give, but walking existing plain objects instead of building and merging a copy of them.
 */
export function mergePath(result: Bag, segments: readonly string[], leaf: unknown, o: Normalized, st: PathState): void {
  let target: unknown = result;
  let i = 0;
  for (;;) {
    const key = isPlainTarget(target) ? plainKey(segments[i]!, o) : undefined;
    if (key === undefined) {
      // Only reached at the top or on a plain object: `merge` returns the same object there.
      merge(target, build(segments, i, leaf, o, st), o);
      return;
    }
    const bag = target as Bag;
    const last = i === segments.length - 1;
    if (!hasOwn.call(bag, key)) {
      bag[key] = last ? leaf : build(segments, i + 1, leaf, o, st);
      return;
    }
    const child = bag[key];
    if (last || !isPlainTarget(child)) {
      const index = last || !isArray(child) ? -1 : arrayIndex(segments[i + 1]!, segmentName(segments[i + 1]!, o), o);
      if (index !== -1 && index < o.arrayLimit) {
        // `a[index]...` into an existing array: one element merged, not a sparse array walked
        if (index > 0) st.sparse = true;
        const item = i + 2 === segments.length ? leaf : build(segments, i + 2, leaf, o, st);
        bag[key] = mergeAt(child as unknown[], index, item, o);
        return;
      }
      bag[key] = merge(child, last ? leaf : build(segments, i + 1, leaf, o, st), o);
      return;
    }
    target = child;
    i++;
  }
}

/** Length of the array the leaf of a `...[]` key is appended to (qs's check, for object input). */
export function currentLength(segments: readonly string[], val: unknown): number {
  const bag = val as Bag; // read by name below: an array has named properties too
  if (segments[segments.length - 1] !== '[]' || !isArray(val)) return 0;
  const parent = bag[segments.slice(0, -1).join('')];
  return parent ? (parent as { length: number }).length : 0;
}
