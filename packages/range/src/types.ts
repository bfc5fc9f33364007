// The shapes range-parser 1.2 returns (the same names as @types/range-parser).

/** One satisfiable byte range, both ends inclusive (`bytes=0-499` → `{ start: 0, end: 499 }`). */
export interface Range {
  /** First byte position. */
  start: number;
  /** Last byte position, at most `size - 1`. */
  end: number;
}

/** The satisfiable ranges of a header, in request order, with the unit before `=` as `type`. */
export interface Ranges extends Array<Range> {
  /** The range unit: what comes before the `=` (`'bytes'`), as written. */
  type: string;
}

/** Options of `rangeParser`. */
export interface Options {
  /**
   * Merge overlapping and adjacent ranges into one (`0-4,5-9` → `0-9`). The merged ranges keep
   * the order of the request.
   * @default false
   */
  combine?: boolean | undefined;
}

/** `-1`: the header is well formed but no range in it can be satisfied. */
export type ResultUnsatisfiable = -1;
/** `-2`: the header is malformed (it has no `=`). */
export type ResultInvalid = -2;
/** The failure results of `rangeParser`. */
export type Result = ResultUnsatisfiable | ResultInvalid;
