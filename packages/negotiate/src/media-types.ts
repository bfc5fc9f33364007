// Accept: the media types a client prefers (negotiator 1.1.0 `mediaTypes`). RFC 9110 §12.5.1:
//
//   Accept      = #( media-range [ weight ] )
//   media-range = ( "*/*" / ( type "/" "*" ) / ( type "/" subtype ) ) parameters
//
// An available type matches a media range when the type, the subtype and every parameter of the
// range (but q) match, case-insensitively; "*" matches anything in each place. Specificity:
// 4 for the type, 2 for the subtype, 1 for the parameters.
import { readList, type Params } from './header.js';
import { parseContentType } from './media-type.js';
import { compareListed, compareSpecs, lastOf, listed, memo, prioritize, quality, ranked, type Spec } from './rank.js';

/** A media range read from an Accept header. */
interface Range extends Spec {
  type: string;
  subtype: string;
  typeLower: string;
  subtypeLower: string;
  /** Parameter names (q left out), their values as written and lower-cased. */
  names: string[];
  values: string[];
  lowerValues: string[];
}

/** An available media type, read once. */
interface Offer {
  type: string;
  subtype: string;
  /** Parameters, values lower-cased (an empty object when there are none). */
  params: Params;
}

const NONE: string[] = [];

const readRanges = lastOf((header: string): Range[] => {
  const elements = readList(header, true);
  const ranges: Range[] = [];
  for (let i = 0; i < elements.length; i++) {
    const { value, q, params } = elements[i];
    const slash = value.indexOf('/');
    if (slash === -1) continue;
    const names = params === null ? NONE : Object.keys(params);
    const values = params === null ? NONE : names.map((name) => params[name]);
    const type = value.slice(0, slash);
    const subtype = value.slice(slash + 1);
    ranges.push({
      value,
      q: quality(q),
      i,
      type,
      subtype,
      typeLower: type.toLowerCase(),
      subtypeLower: subtype.toLowerCase(),
      names,
      values,
      lowerValues: params === null ? NONE : values.map((v) => v.toLowerCase()),
    });
  }
  return ranges;
});

/**
 * An available type, read as a Content-Type value (brisk's one reader, media-type.ts): its
 * lower-cased `type/subtype` split at the first "/", or null without one. A `q` parameter is kept
 * with the others but never compared: a range's names leave `q` out.
 */
const readOffer = memo((available: string): Offer | null => {
  const { type, parameters } = parseContentType(available);
  const slash = type.indexOf('/');
  if (slash === -1) return null;
  for (const name in parameters) parameters[name] = parameters[name].toLowerCase();
  return { type: type.slice(0, slash), subtype: type.slice(slash + 1), params: parameters };
});

/** How specifically `range` matches `offer` (0-7), or -1 when it does not. */
function specificity(offer: Offer, range: Range): number {
  let s = 0;
  if (range.typeLower === offer.type) s = 4;
  else if (range.type !== '*') return -1;
  if (range.subtypeLower === offer.subtype) s |= 2;
  else if (range.subtype !== '*') return -1;
  const names = range.names;
  if (names.length > 0) {
    for (let k = 0; k < names.length; k++) {
      if (range.values[k] !== '*' && range.lowerValues[k] !== (offer.params[names[k]] || '')) return -1;
    }
    s |= 1;
  }
  return s;
}

/**
 * The media types of an Accept header in order of preference (missing header: `*\/*`). Without
 * `available`, the acceptable media ranges as written; with it, the acceptable ones of `available`.
 */
export function preferredMediaTypes(accept: unknown, available?: readonly string[]): string[] {
  const ranges = readRanges(accept === undefined ? '*/*' : typeof accept === 'string' ? accept : '');
  if (!available) return listed(ranges, compareListed);
  return ranked(available, prioritize(available, ranges, readOffer, specificity), compareSpecs);
}
