// Combining parsed values: arrays and their limit, "overflow" objects, deep merge, compaction.
//
// An array that would grow past `arrayLimit` becomes an "overflow" object: a plain object
// with the elements under their indices. Such objects are remembered (with their highest
// index) so that later values are appended after it, as qs does.

/** Loose view of the objects and arrays built while parsing. */
export type Bag = Record<PropertyKey, unknown>;

const hasOwn = Object.prototype.hasOwnProperty;
const isArray = Array.isArray;
const objectProto = Object.prototype;

/**
 * Whether a key is refused unless `allowPrototypes` or `plainObjects`: a name of
 * `Object.prototype` (`constructor`, `toString`, ...), as qs, and also `prototype`, which qs
 * keeps (brisk never writes one into an object user code gets: decision 005).
 */
export function isPrototypeName(key: PropertyKey): boolean {
  return key === 'prototype' || hasOwn.call(objectProto, key);
}

/** Overflow objects → their highest numeric index. */
const overflows = new WeakMap<object, number>();

/** True when `value` is an object that an array became when it outgrew `arrayLimit`. */
export function isOverflow(value: unknown): boolean {
  return overflows.has(value as object);
}

/** Marks `obj` as an overflow object whose highest index is `maxIndex`. */
export function markOverflow<T extends object>(obj: T, maxIndex: number): T {
  overflows.set(obj, maxIndex);
  return obj;
}

/**
 * `strictMerge` conflict containers (`a[b]=1&a=c` → `[{ b: '1' }, 'c']`) → their highest index,
 * so that later conflicts on the same path append to the container instead of nesting a new one.
 */
const conflicts = new WeakMap<object, number>();

/** The highest numeric (array index) own key of `obj`, or `min` if that is higher. */
function maxNumericIndex(obj: object, min: number): number {
  let max = min;
  for (const key of Object.keys(obj)) {
    const n = parseInt(key, 10);
    if (String(n) === key && n > max) max = n;
  }
  return max;
}

/**
 * Whether the sparse array `arr` holds more than `limit` elements (holes not counted: a key like
 * `a[19]` leaves holes until compaction). Its length bounds the count, so only a long array is walked.
 */
function exceeds(arr: readonly unknown[], limit: number): boolean {
  if (arr.length <= limit) return false;
  let count = 0;
  for (let i = 0; i < arr.length; i++) {
    if (hasOwn.call(arr, i) && ++count > limit) return true;
  }
  return false;
}

/** The options the merge helpers read (a subset of the normalized parse options). */
export interface MergeOptions {
  allowPrototypes: boolean;
  arrayLimit: number;
  plainObjects: boolean;
  strictMerge: boolean;
  throwOnLimitExceeded: boolean;
}

/** A fresh result object: prototype-less with `plainObjects`, else an ordinary object. */
export function newObject(plain: boolean): Bag {
  return plain ? (Object.create(null) as Bag) : {};
}

/** `RangeError` thrown with `throwOnLimitExceeded` when an array would exceed `arrayLimit`. */
export function arrayLimitError(limit: number): RangeError {
  return new RangeError(
    'Array limit exceeded. Only ' + limit + ' element' + (limit === 1 ? '' : 's') + ' allowed in an array.',
  );
}

/** Sets an own property; `__proto__` is defined as data, never through the prototype setter. */
function setOwn(obj: object, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { configurable: true, enumerable: true, value, writable: true });
  } else {
    // any object, an array too, takes a property by name
    (obj as Bag)[key] = value;
  }
}

/** An array, or an object whose prototype is `Object.prototype` or null. */
function isPlainContainer(value: unknown): value is Bag {
  if (!value || typeof value !== 'object') return false;
  if (isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === objectProto || proto === null;
}

/**
 * A deep copy of the arrays and plain objects in `input` (other values shared; a container
 * reached twice is copied once), so that parsing an object never changes the caller's (qs 6.16.1).
 */
export function copyInput(input: object): Bag {
  const copies = new Map<object, object>();
  const result: Bag = {};
  const sources: Bag[] = [input as Bag];
  // (an array's copy is an array: set by index like any object)
  const targets: object[] = [result];
  for (let i = 0; i < sources.length; i++) {
    const source = sources[i]!;
    const target = targets[i]!;
    for (const key of Object.keys(source)) {
      const value = source[key];
      if (!isPlainContainer(value)) {
        setOwn(target, key, value);
        continue;
      }
      let copy = copies.get(value);
      if (copy === undefined) {
        if (isArray(value)) {
          const arr: unknown[] = [];
          arr.length = value.length;
          copy = arr;
        } else {
          copy = newObject(Object.getPrototypeOf(value) === null);
        }
        copies.set(value, copy);
        sources.push(value);
        targets.push(copy);
      }
      setOwn(target, key, copy);
    }
  }
  return result;
}

/** The defined elements of `source` under their indices, in a new object. */
export function arrayToObject(source: readonly unknown[], plain: boolean): Bag {
  const obj = newObject(plain);
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== undefined) obj[i] = source[i];
  }
  return obj;
}

const SPREADABLE: symbol = Symbol.isConcatSpreadable;

/** An object that sets `Symbol.isConcatSpreadable` (only object input can hold one). */
function marksSpreadable(x: unknown): boolean {
  return x !== null && (typeof x === 'object' || typeof x === 'function') && (x as Bag)[SPREADABLE] !== undefined;
}

/** Appends `x` to `out` as `concat` does: an array's elements (holes kept), else `x` itself. */
function append(out: unknown[], x: unknown): void {
  if (!isArray(x)) {
    out.push(x);
    return;
  }
  const base = out.length;
  for (let i = 0; i < x.length; i++) {
    if (i in x) out[base + i] = x[i];
  }
  out.length = base + x.length;
}

/** `[].concat(a, b)` without `concat`'s generic (slow) path for the plain cases. */
function concat(a: unknown, b: unknown): unknown[] {
  if (marksSpreadable(a) || marksSpreadable(b)) return ([] as unknown[]).concat(a, b);
  const out: unknown[] = [];
  append(out, a);
  append(out, b);
  return out;
}

/**
 * Appends `b` (spread when an array) to `a`, as `[].concat(a, b)`; past `arrayLimit` the
 * result becomes an overflow object (or the limit error is thrown).
 */
export function combine(a: unknown, b: unknown, o: MergeOptions): unknown {
  if (isOverflow(a)) {
    if (o.throwOnLimitExceeded) throw arrayLimitError(o.arrayLimit);
    // An array is spread one level, as `concat` would: `a=1,2,3&a=4,5` past the limit gives
    // indices 0-4, not `{ 3: ['4', '5'] }` (qs 6.17).
    let next = overflows.get(a as object)!;
    if (isArray(b)) {
      for (let i = 0; i < b.length; i++) (a as Bag)[++next] = b[i];
    } else {
      (a as Bag)[++next] = b;
    }
    overflows.set(a as object, next);
    return a;
  }
  const result = concat(a, b);
  if (result.length > o.arrayLimit) {
    if (o.throwOnLimitExceeded) throw arrayLimitError(o.arrayLimit);
    return markOverflow(arrayToObject(result, o.plainObjects), result.length - 1);
  }
  return result;
}

/** Arrays made by {@link combineGrowing}: only the parser holds them, so they may grow in place. */
const growing = new WeakSet<unknown[]>();

/**
 * {@link combine} for the values of one key collected while parsing (`a[]=1&a[]=2&...`): the
 * first combination makes a new array, later ones append to it in place instead of copying it,
 * so that n values cost O(n) rather than O(n²). The results are the same as `combine`'s.
 */
export function combineGrowing(a: unknown, b: unknown, o: MergeOptions): unknown {
  if (!isArray(a) || !growing.has(a) || marksSpreadable(b)) {
    const result = combine(a, b, o);
    if (isArray(result)) growing.add(result);
    return result;
  }
  append(a, b);
  if (a.length > o.arrayLimit) {
    if (o.throwOnLimitExceeded) throw arrayLimitError(o.arrayLimit);
    return markOverflow(arrayToObject(a, o.plainObjects), a.length - 1);
  }
  return a;
}

/**
 * Merges `item` into the array `target` at `index`: the same as `merge(target, source)` with a
 * `source` array holding `item` at `index` alone (what a key `a[index]` builds), without
 * building that array, whose holes `merge` would walk one by one.
 */
export function mergeAt(target: unknown[], index: number, item: unknown, o: MergeOptions): unknown {
  placeAt(target, index, item, o);
  return withinLimit(target, o);
}

/**
 * Puts `item` at `index` of the array `target` as qs's array merge does: into an empty slot as it
 * is, merged into an object already there, else appended.
 */
function placeAt(target: unknown[], index: number, item: unknown, o: MergeOptions): void {
  if (hasOwn.call(target, index)) {
    const existing: unknown = target[index];
    if (existing && typeof existing === 'object' && item && typeof item === 'object') {
      target[index] = merge(existing, item, o);
    } else {
      target[target.length] = item;
    }
  } else {
    target[index] = item;
  }
}

/** `array`, or past `arrayLimit` its overflow object (or qs's error with `throwOnLimitExceeded`). */
function withinLimit(array: unknown[], o: MergeOptions): unknown {
  if (exceeds(array, o.arrayLimit)) {
    if (o.throwOnLimitExceeded) throw arrayLimitError(o.arrayLimit);
    return markOverflow(arrayToObject(array, o.plainObjects), array.length - 1);
  }
  return array;
}

/**
 * `[first, second]`, or past `arrayLimit` (0 or 1) the limit error or an overflow object: the
 * two values that collide on one key (qs 6.16.1).
 */
function pair(first: unknown, second: unknown, o: MergeOptions): unknown {
  if (o.arrayLimit >= 2) return [first, second];
  if (o.throwOnLimitExceeded) throw arrayLimitError(o.arrayLimit);
  return markOverflow(arrayToObject([first, second], o.plainObjects), 1);
}

/** Merges a primitive `source` into `target`. */
function mergePrimitive(target: unknown, source: unknown, o: MergeOptions): unknown {
  if (isArray(target)) {
    const next = target.length;
    if (o.arrayLimit <= 0 || exceeds(target, o.arrayLimit - 1)) {
      if (o.throwOnLimitExceeded) throw arrayLimitError(o.arrayLimit);
      return markOverflow(arrayToObject(target.concat(source), o.plainObjects), next);
    }
    target[next] = source;
    return target;
  }
  if (target === null || typeof target !== 'object') return pair(target, source, o);
  const bag = target as Bag;
  if (isOverflow(bag)) {
    const next = overflows.get(bag)! + 1;
    bag[next] = source;
    overflows.set(bag, next);
  } else if (o.strictMerge && conflicts.has(bag)) {
    // A conflict container that became an object (`a[b]=1&a=c&a[x]=2&a=d`): append after its last index.
    const next = conflicts.get(bag)! + 1;
    if (o.throwOnLimitExceeded && next >= o.arrayLimit) throw arrayLimitError(o.arrayLimit);
    bag[next] = source;
    conflicts.set(bag, next);
  } else if (o.strictMerge) {
    const conflict = pair(bag, source, o);
    if (isArray(conflict)) conflicts.set(conflict, 1);
    return conflict;
  } else {
    // Legacy (`strictMerge: false`): the primitive becomes a key set to `true`.
    const key = source as PropertyKey;
    if (o.plainObjects || o.allowPrototypes || !isPrototypeName(key)) {
      if (key !== '__proto__') {
        bag[key] = true;
      } else if (hasOwn.call(bag, key) || Object.getPrototypeOf(bag) === null) {
        // Where qs's assignment would create or overwrite an own `__proto__` key, define it;
        // where it would reach the prototype setter (a no-op for a boolean), do nothing.
        setOwn(bag, key, true);
      }
    }
  }
  return bag;
}

/** Merges `source` into `target` (mutating and returning it, or returning a new value). */
export function merge(target: unknown, source: unknown, o: MergeOptions): unknown {
  if (!source) return target;
  if (typeof source !== 'object' && typeof source !== 'function') return mergePrimitive(target, source, o);

  if (!target || typeof target !== 'object') {
    if (isOverflow(source)) {
      // The primitive goes first; the overflow object's elements move up by one.
      const shifted: Bag = o.plainObjects ? (Object.create(null) as Bag) : {};
      shifted[0] = target;
      for (const key of Object.keys(source)) {
        shifted[parseInt(key, 10) + 1] = (source as Bag)[key];
      }
      return markOverflow(shifted, overflows.get(source)! + 1);
    }
    const combined = [target].concat(source as unknown[]);
    if (combined.length > o.arrayLimit) {
      if (o.throwOnLimitExceeded) throw arrayLimitError(o.arrayLimit);
      return markOverflow(arrayToObject(combined, o.plainObjects), combined.length - 1);
    }
    return combined;
  }

  if (isArray(target) && isArray(source)) {
    source.forEach((item: unknown, i: number) => {
      placeAt(target, i, item, o);
    });
    return withinLimit(target, o);
  }

  let acc = target as Bag;
  if (isArray(target)) {
    acc = arrayToObject(target, o.plainObjects);
    // The array may have grown past its last conflict: continue after its last index.
    if (conflicts.has(target)) conflicts.set(acc, target.length - 1);
  }
  const keys = Object.keys(source);
  // An overflow object's next index follows its own highest index as well as the source's.
  if (keys.length > 0 && isOverflow(source) && !isOverflow(acc)) {
    markOverflow(acc, maxNumericIndex(acc, overflows.get(source)!));
  }
  const tracked = isOverflow(acc);
  const conflict = conflicts.has(acc);
  for (const key of keys) {
    const value = (source as Bag)[key];
    setOwn(acc, key, hasOwn.call(acc, key) ? merge(acc[key], value, o) : value);
    if (tracked || conflict) {
      const n = parseInt(key, 10);
      if (String(n) === key && n >= 0) {
        if (tracked && n > overflows.get(acc)!) overflows.set(acc, n);
        if (conflict && n > conflicts.get(acc)!) conflicts.set(acc, n);
      }
    }
  }
  return acc;
}

/**
 * Replaces every array reachable from `value` with a copy without its holes and `undefined`
 * elements (deepest first; each object is visited once).
 */
export function compact<T>(value: T): T {
  const holder: Bag = { o: value };
  const parents: Bag[] = [holder];
  const props: string[] = ['o'];
  const seen = new Set<unknown>();
  for (let i = 0; i < parents.length; i++) {
    const obj = parents[i]![props[i]!] as Bag;
    for (const key of Object.keys(obj)) {
      const val = obj[key];
      if (typeof val === 'object' && val !== null && !seen.has(val)) {
        parents.push(obj);
        props.push(key);
        seen.add(val);
      }
    }
  }
  for (let i = parents.length - 1; i > 0; i--) {
    const parent = parents[i]!;
    const arr = parent[props[i]!];
    if (isArray(arr)) {
      const dense: unknown[] = [];
      for (let j = 0; j < arr.length; j++) {
        if (arr[j] !== undefined) dense.push(arr[j]);
      }
      parent[props[i]!] = dense;
    }
  }
  return value;
}
