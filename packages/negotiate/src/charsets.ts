// Accept-Charset: the charsets a client prefers (negotiator 1.1.0 `charsets`). RFC 9110 §12.5.2:
//
//   Accept-Charset = #( ( token / "*" ) [ weight ] )
//
// An available charset matches an element equal to it case-insensitively (specificity 1) or "*"
// (specificity 0).
import { readList, type Element } from './header.js';
import { compareListed, compareSpecs, lastOf, listed, prioritize, quality, ranked, type Spec } from './rank.js';

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

/** An available charset or encoding, as compared: lower-cased. */
export function lowerCase(available: string): string {
  return available.toLowerCase();
}

/** How specifically `spec` matches the lower-cased `offer`: 1 when equal, 0 for "*", else -1. */
export function tokenSpecificity(offer: string, spec: TokenSpec): number {
  return spec.lower === offer ? 1 : spec.value === '*' ? 0 : -1;
}

/**
 * The charsets of an Accept-Charset header in order of preference (missing header: `*`). Without
 * `available`, the acceptable charsets as written; with it, the acceptable ones of `available`.
 */
export function preferredCharsets(accept: unknown, available?: readonly string[]): string[] {
  const specs = readCharsets(accept === undefined ? '*' : typeof accept === 'string' ? accept : '');
  if (!available) return listed(specs, compareListed);
  return ranked(available, prioritize(available, specs, lowerCase, tokenSpecificity), compareSpecs);
}
