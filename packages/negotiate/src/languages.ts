// Accept-Language: the languages a client prefers (negotiator 1.1.0 `languages`).
// RFC 9110 §12.5.4, RFC 4647 §2.1:
//
//   Accept-Language = #( language-range [ weight ] )
//   language-range  = ( 1*8ALPHA *( "-" 1*8alphanum ) ) / "*"
//
// Specificity of an element for an available language, case-insensitively: 4 when equal, 2 when
// the element's prefix (before its first "-") is the language ("en-US" for "en"), 1 when the
// element is the language's prefix ("en" for "en-US"), 0 for "*".
import { readList, readType } from './header.js';
import { compareListed, compareSpecs, lastOf, listed, memo, prioritize, quality, ranked, type Spec } from './rank.js';

/** A language range read from the header. */
interface Range extends Spec {
  /** `value` lower-cased. */
  lower: string;
  /** The lower-cased part before the first "-" (all of it without one). */
  prefixLower: string;
}

/** An available language: lower-cased, whole and its prefix. */
interface Offer {
  full: string;
  prefix: string;
}

/** The part of `s` before its first "-". */
function prefixOf(s: string): string {
  const hyphen = s.indexOf('-');
  return hyphen === -1 ? s : s.slice(0, hyphen);
}

const readRanges = lastOf((header: string): Range[] => {
  const elements = readList(header, false);
  const ranges: Range[] = [];
  for (let i = 0; i < elements.length; i++) {
    const { value, q } = elements[i];
    if (!value) continue;
    const lower = value.toLowerCase();
    ranges.push({ value, lower, q: quality(q), i, prefixLower: prefixOf(value).toLowerCase() });
  }
  return ranges;
});

/** An available language, read like a header value (before any ";", trimmed), or null if empty. */
const readOffer = memo((available: string): Offer | null => {
  const full = readType(available);
  return full ? { full, prefix: prefixOf(full) } : null;
});

/** How specifically `range` matches `offer` (4, 2, 1 or 0, see above), or -1 when it does not. */
function specificity(offer: Offer, range: Range): number {
  return range.lower === offer.full
    ? 4
    : range.prefixLower === offer.full
      ? 2
      : range.lower === offer.prefix
        ? 1
        : range.value === '*'
          ? 0
          : -1;
}

/**
 * The languages of an Accept-Language header in order of preference (missing header: `*`).
 * Without `available`, the acceptable language ranges as written; with it, the acceptable ones
 * of `available`.
 */
export function preferredLanguages(accept: unknown, available?: readonly string[]): string[] {
  const ranges = readRanges(accept === undefined ? '*' : typeof accept === 'string' ? accept : '');
  if (!available) return listed(ranges, compareListed);
  return ranked(available, prioritize(available, ranges, readOffer, specificity), compareSpecs);
}
