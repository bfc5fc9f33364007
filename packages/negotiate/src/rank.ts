// What the four negotiations share (negotiator 1.1.0): how a header element's q-value is read,
// the priority an available value gets from the elements that match it, and the final order.

/** The q-value of an element: its first `q` parameter through `parseFloat`, 1 when absent or empty. */
export function quality(q: string | undefined): number {
  return q ? parseFloat(q) : 1;
}

/**
 * The priority of one available value: `i` its index among the available values, and from the
 * header element that matches it best, `s` the specificity of the match, `q` its q-value and `o`
 * its index in the header.
 */
export interface Priority {
  i: number;
  o: number;
  q: number;
  s: number;
}

/** An element read from the header and kept (q-value parsed, index in the header). */
export interface Spec {
  /** The value as written (original case). */
  value: string;
  q: number;
  /** Index of the element in the header, empty and skipped elements counted. */
  i: number;
}

/**
 * Whether the element matching with specificity `s`, quality `q`, at header index `o`, beats the
 * current best (`ps`, `pq`, `po`): more specific first, then higher q, then later in the header
 * (negotiator's own rule, NaN q-values included).
 */
function beats(ps: number, pq: number, po: number, s: number, q: number, o: number): boolean {
  return (ps - s || pq - q || po - o) < 0;
}

/**
 * The priority of each available value: the loop every negotiation shares (negotiator's
 * `getPriority`). `available[i]` is read once by `offerOf` (not a string, or `null` from it:
 * nothing matches); then every header element is tried, `specificity(offer, spec)` saying how
 * specifically it matches (-1: not at all), and the best one by {@link beats} gives `s`, `q` and
 * `o`. A value nothing matches gets q 0.
 */
export function prioritize<O, S extends Spec>(
  available: readonly unknown[],
  specs: readonly S[],
  offerOf: (value: string) => O | null,
  specificity: (offer: O, spec: S) => number,
): Priority[] {
  const priorities: Priority[] = new Array(available.length);
  for (let i = 0; i < available.length; i++) {
    const value = available[i];
    const offer = typeof value === 'string' ? offerOf(value) : null;
    let s = 0,
      q = 0,
      o = -1;
    if (offer !== null) {
      for (let k = 0; k < specs.length; k++) {
        const spec = specs[k];
        const ks = specificity(offer, spec);
        if (ks !== -1 && beats(s, q, o, ks, spec.q, spec.i)) {
          s = ks;
          q = spec.q;
          o = spec.i;
        }
      }
    }
    priorities[i] = { i, o, q, s };
  }
  return priorities;
}

/** The order of priorities: q desc, specificity desc, header order, then available order. */
export function compareSpecs(a: Priority, b: Priority): number {
  return b.q - a.q || b.s - a.s || a.o - b.o || a.i - b.i; // i differs between priorities
}

/** The order of header elements listed without available values: q desc, then header order. */
export function compareListed(a: Spec, b: Spec): number {
  return b.q - a.q || a.i - b.i;
}

/** The available values whose priority has q > 0, best first. */
export function ranked<T>(
  available: readonly T[],
  priorities: Priority[],
  compare: (a: Priority, b: Priority) => number,
): T[] {
  const kept: Priority[] = [];
  for (let i = 0; i < priorities.length; i++) if (priorities[i].q > 0) kept.push(priorities[i]);
  if (kept.length > 1) kept.sort(compare);
  const out: T[] = new Array(kept.length);
  for (let i = 0; i < kept.length; i++) out[i] = available[kept[i].i];
  return out;
}

/** The header elements with q > 0, best first, as written. */
export function listed(specs: readonly Spec[], compare: (a: Spec, b: Spec) => number): string[] {
  const kept: Spec[] = [];
  for (let i = 0; i < specs.length; i++) if (specs[i].q > 0) kept.push(specs[i]);
  if (kept.length > 1) kept.sort(compare);
  const out: string[] = new Array(kept.length);
  for (let i = 0; i < kept.length; i++) out[i] = kept[i].value;
  return out;
}

/**
 * A one-entry cache of the last header parsed by `read`: a server sees the same few Accept
 * headers again and again. What `read` returns must never be mutated.
 */
export function lastOf<T>(read: (header: string) => T): (header: string) => T {
  let lastHeader: string | undefined;
  let lastValue: T;
  return (header) => {
    if (header !== lastHeader) {
      lastValue = read(header);
      lastHeader = header;
    }
    return lastValue;
  };
}

/**
 * A bounded cache of `read` by string, for the values an application offers (few, constant).
 * Values over 256 chars are not kept, and the cache is emptied when it reaches 256 entries, so
 * arbitrary input cannot grow it.
 */
export function memo<T>(read: (value: string) => T): (value: string) => T {
  let cache = new Map<string, T>();
  return (value) => {
    if (value.length > 256) return read(value);
    let result = cache.get(value);
    if (result === undefined) {
      if (cache.size >= 256) cache = new Map();
      result = read(value);
      cache.set(value, result);
    }
    return result;
  };
}
