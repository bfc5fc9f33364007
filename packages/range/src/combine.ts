// Merging of overlapping and adjacent ranges (`combine: true`).
import type { Range, Ranges } from './types.js';

/**
 * Merges overlapping and adjacent ranges, keeping request order, with range-parser 1.2's
 * result: ranges are taken by start (ties in request order); one that starts past the end of
 * the current merged range + 1 opens a new one; one that ends past it extends it, and the merged
 * range moves to the earlier of the two request positions (a range wholly inside does not move
 * it). The merged ranges are then put back in order of those positions.
 */
export function combineRanges(ranges: Ranges): Ranges {
  const n = ranges.length;
  const byStart: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) byStart[i] = i;
  // `|| a - b`: equal starts stay in request order, as a stable sort leaves them.
  byStart.sort((a, b) => ranges[a]!.start - ranges[b]!.start || a - b);

  // Merged ranges, as parallel lists: start, end, request position.
  const starts: number[] = [];
  const ends: number[] = [];
  const positions: number[] = [];
  let last = -1;
  for (let k = 0; k < n; k++) {
    const position = byStart[k]!;
    const range = ranges[position]!;
    if (last === -1 || range.start > ends[last]! + 1) {
      last++;
      starts.push(range.start);
      ends.push(range.end);
      positions.push(position);
    } else if (range.end > ends[last]!) {
      ends[last] = range.end;
      if (position < positions[last]!) positions[last] = position;
    }
  }

  const order: number[] = new Array<number>(last + 1);
  for (let i = 0; i <= last; i++) order[i] = i;
  order.sort((a, b) => positions[a]! - positions[b]!);
  const combined = new Array<Range>(last + 1) as Ranges;
  for (let i = 0; i <= last; i++) {
    const m = order[i]!;
    combined[i] = { start: starts[m]!, end: ends[m]! };
  }
  combined.type = ranges.type;
  return combined;
}
