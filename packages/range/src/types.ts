// The shapes range-parser 1.2 returns (the same names as @types/range-parser).

/** A satisfiable byte range, both ends inclusive. */
export interface Range {
  /** First byte position. */
  start: number;
  /** Last byte position, at most `size - 1`. */
  end: number;
}

/** The satisfiable ranges, in request order. */
export interface Ranges extends Array<Range> {
  /** The range unit, before the `=` (`'bytes'`). */
  type: string;
}

/** Options of `rangeParser`. */
export interface Options {
  /** Merge overlapping and adjacent ranges (`0-4,5-9` → `0-9`). @default false */
  combine?: boolean | undefined;
}

/** `-1`: no range in the header can be satisfied. */
export type ResultUnsatisfiable = -1;
/** `-2`: the header is malformed (no `=`). */
export type ResultInvalid = -2;
/** The failure results of `rangeParser`. */
export type Result = ResultUnsatisfiable | ResultInvalid;
