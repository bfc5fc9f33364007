// Accept-Charset: the charsets a client prefers (negotiator 1.1.0 `charsets`). RFC 9110 §12.5.2:
//
//   Accept-Charset = #( ( token / "*" ) [ weight ] )
//
// An available charset matches an element equal to it case-insensitively (specificity 1) or "*"
// (specificity 0).
import { readList, type Element } from './header.js';
import { beats, compareListed, compareSpecs, lastOf, listed, quality, ranked, type Priority, type Spec } from './rank.js';

/** An element of an Accept-Charset or Accept-Encoding header. */
export interface TokenSpec extends Spec {
  /** `value` lower-cased. */
  lower: string;
}

/** The non-empty elements of an Accept-Charset or Accept-Encoding header. */
export function tokenSpecs(elements: readonly Element[]): TokenSpec[] {
  const specs: TokenSpec[] = [];
  for (let i = 0; i < elements.length; i++) {
    const { value, q } = elements[i];
    if (value) specs.push({ value, lower: value.toLowerCase(), q: quality(q), i });
  }
  return specs;
}

const readCharsets = lastOf((header: string) => tokenSpecs(readList(header, false)));

/** The priority of `available[i]` among `specs`: exact (s 1) or "*" (s 0) matches. */
export function tokenPriority(available: unknown, i: number, specs: readonly TokenSpec[]): Priority {
  let s = 0, q = 0, o = -1;
  if (typeof available === 'string') {
    const lower = available.toLowerCase();
    for (let k = 0; k < specs.length; k++) {
      const spec = specs[k];
      const ks = spec.lower === lower ? 1 : spec.value === '*' ? 0 : -1;
      if (ks !== -1 && beats(s, q, o, ks, spec.q, spec.i)) {
        s = ks;
        q = spec.q;
        o = spec.i;
      }
    }
  }
  return { i, o, q, s };
}

/**
 * The charsets of an Accept-Charset header in order of preference (missing header: `*`). Without
 * `available`, the acceptable charsets as written; with it, the acceptable ones of `available`.
 */
export function preferredCharsets(accept: unknown, available?: readonly string[]): string[] {
  const specs = readCharsets(accept === undefined ? '*' : typeof accept === 'string' ? accept : '');
  if (!available) return listed(specs, compareListed);
  const priorities: Priority[] = new Array(available.length);
  for (let i = 0; i < available.length; i++) priorities[i] = tokenPriority(available[i], i, specs);
  return ranked(available, priorities, compareSpecs);
}
