// Accept-Encoding: the content codings a client prefers (negotiator 1.1.0 `encodings`).
// RFC 9110 §12.5.3:
//
//   Accept-Encoding = #( codings [ weight ] )
//   codings         = content-coding / "identity" / "*"
//
// "identity" is acceptable unless excluded: when no element names it (nor "*"), it is added last
// with the lowest q-value of the header (missing or empty header: identity alone). The
// `preferred` list breaks ties between equal q-values in the server's favour.
import { lowerCase, tokenSpecificity, tokenSpecs, type TokenSpec } from './charsets.js';
import { readList } from './header.js';
import { compareListed, compareSpecs, lastOf, listed, prioritize, ranked } from './rank.js';

const readEncodings = lastOf((header: string): TokenSpec[] => {
  const elements = readList(header, false);
  const specs = tokenSpecs(elements);
  let hasIdentity = false;
  let minQuality = 1;
  for (let k = 0; k < specs.length; k++) {
    const spec = specs[k];
    if (spec.lower === 'identity' || spec.value === '*') hasIdentity = true;
    minQuality = Math.min(minQuality, spec.q || 1);
  }
  // Index: after every element, empty ones counted.
  if (!hasIdentity) specs.push({ value: 'identity', lower: 'identity', q: minQuality, i: elements.length });
  return specs;
});

/** Options of `encodings`. */
export interface EncodingsOptions {
  /**
   * Encodings the server prefers, best first: among acceptable encodings of equal q-value, these
   * come first, in this order (exact, case-sensitive match).
   * @default undefined
   */
  preferred?: readonly string[];
}

/** What the `preferred` comparator reads; `s` and `o` are absent for a header-only list. */
interface Ranked {
  encoding: string;
  q: number;
  s?: number;
  o?: number;
  i: number;
}

/** negotiator 1.1.0's order with a `preferred` list: q, then preferred ones first, then as usual. */
function preferring(preferred: readonly string[]): (a: Ranked, b: Ranked) => number {
  return (a, b) => {
    if (a.q !== b.q) return b.q - a.q;
    const ap = preferred.indexOf(a.encoding);
    const bp = preferred.indexOf(b.encoding);
    if (ap === -1 && bp === -1)
      return (b.s as number) - (a.s as number) || (a.o as number) - (b.o as number) || a.i - b.i;
    if (ap !== -1 && bp !== -1) return ap - bp;
    return ap === -1 ? 1 : -1;
  };
}

/** The encodings of `kept`, sorted with a `preferred` list. */
function sortPreferring(kept: Ranked[], preferred: readonly string[]): string[] {
  kept.sort(preferring(preferred));
  const out: string[] = new Array(kept.length);
  for (let k = 0; k < kept.length; k++) out[k] = kept[k].encoding;
  return out;
}

/**
 * The encodings of an Accept-Encoding header in order of preference (missing header: identity
 * only). Without `available`, the acceptable encodings as written; with it, the acceptable ones
 * of `available`.
 */
export function preferredEncodings(
  accept: unknown,
  available?: readonly string[],
  preferred?: readonly string[],
): string[] {
  const specs = readEncodings(typeof accept === 'string' ? accept : '');
  if (!available) {
    if (!preferred) return listed(specs, compareListed);
    const kept: Ranked[] = [];
    for (const spec of specs) if (spec.q > 0) kept.push({ encoding: spec.value, q: spec.q, i: spec.i });
    return sortPreferring(kept, preferred);
  }
  const priorities = prioritize(available, specs, lowerCase, tokenSpecificity);
  if (!preferred) return ranked(available, priorities, compareSpecs);
  const kept: Ranked[] = [];
  for (const p of priorities) if (p.q > 0) kept.push({ encoding: available[p.i], q: p.q, s: p.s, o: p.o, i: p.i });
  return sortPreferring(kept, preferred);
}
