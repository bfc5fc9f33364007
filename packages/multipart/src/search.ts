// Finding the delimiter `CRLF "--" boundary` (RFC 2046 §5.1.1) in a body that arrives in chunks,
// in time linear in the body and with no copy of it.
//
// Inside a chunk, node's `Buffer#indexOf` does the search (native code: Boyer–Moore–Horspool that
// falls back to full Boyer–Moore on a bad input, linear either way). What it cannot see is a
// delimiter split across two chunks. For that the scanner keeps a Knuth–Morris–Pratt state across
// chunks: `held`, the length of the longest end of the data so far that is a beginning of the
// delimiter. Those bytes are not handed on as data yet: they may be the start of the delimiter.
// They are also known without keeping them, since they are `needle[0, held)`: nothing of the
// body is copied or retained between chunks. When the next chunk arrives, the automaton runs on
// from `held` until it either completes the delimiter (a match across the chunks) or its candidate
// start moves into the new chunk (then `needle[0, held)` was data, and the native search goes on
// from the candidate). At the end of a chunk without a match, the automaton runs over the last
// `needle.length - 1` bytes to find the new `held`. So each chunk costs one native search and
// O(needle.length) steps of the automaton; a body in one-byte chunks costs O(1) steps per byte
// (KMP's amortized bound).

/** What one {@link Scanner.scan} call found. */
export interface ScanResult {
  /** How many bytes of `needle[0, held)` (kept from earlier chunks) are data, before the chunk's data. */
  released: number;
  /** The chunk's data: `[dataStart, dataEnd)`. */
  dataStart: number;
  dataEnd: number;
  /** Where reading the chunk goes on: after the delimiter, or the chunk's length. */
  next: number;
  /** Whether a delimiter ended at `next`. */
  matched: boolean;
}

/** A streaming search for one needle (the delimiter) over chunks. */
export class Scanner {
  readonly needle: Buffer;
  /** KMP's failure function: `pi[k]` is the longest proper border of `needle[0, k]`. */
  private readonly pi: Uint32Array;
  /** Bytes at the end of the data so far that begin the needle (`needle[0, held)`). */
  held = 0;
  /** The result of the last `scan` (one object, reused). */
  readonly result: ScanResult = { released: 0, dataStart: 0, dataEnd: 0, next: 0, matched: false };

  constructor(needle: Buffer) {
    this.needle = needle;
    const m = needle.length;
    const pi = new Uint32Array(m);
    for (let k = 1, b = 0; k < m; k++) {
      while (b > 0 && needle[k] !== needle[b]) b = pi[b - 1] as number;
      if (needle[k] === needle[b]) b++;
      pi[k] = b;
    }
    this.pi = pi;
  }

  /** The automaton's next state after byte `c` in state `s` (`s` < needle length). */
  private step(s: number, c: number): number {
    const needle = this.needle;
    while (s > 0 && needle[s] !== c) s = this.pi[s - 1] as number;
    return needle[s] === c ? s + 1 : s;
  }

  /**
   * Scans `chunk` from `from` up to the next delimiter (or its end). The result says which bytes
   * are data (held bytes released first, then a range of the chunk) and where the delimiter ended.
   */
  scan(chunk: Buffer, from: number): ScanResult {
    const r = this.result;
    const m = this.needle.length;
    const len = chunk.length;
    r.released = 0;
    r.dataStart = from;
    let searchFrom = from;
    if (this.held > 0) {
      // run on from the held state until the candidate is complete or starts inside this chunk
      let s = this.held;
      let j = from;
      while (j < len) {
        s = this.step(s, chunk[j++] as number);
        if (s === m) {
          // a delimiter across the chunks: what came before it is data
          r.released = this.held + (j - from) - m;
          this.held = 0;
          r.dataEnd = from;
          r.next = j;
          r.matched = true;
          return r;
        }
        if (s <= j - from) break; // the candidate (the last s bytes) lies in this chunk
      }
      if (s > j - from) {
        // the chunk ended with the candidate still starting in the held bytes
        r.released = this.held + (j - from) - s;
        this.held = s;
        r.dataEnd = from;
        r.next = len;
        r.matched = false;
        return r;
      }
      r.released = this.held;
      this.held = 0;
      searchFrom = j - s;
    }
    const at = chunk.indexOf(this.needle, searchFrom);
    if (at !== -1) {
      r.dataEnd = at;
      r.next = at + m;
      r.matched = true;
      return r;
    }
    // no delimiter in the chunk: hold back the longest end of it that begins one
    let s = 0;
    for (let k = Math.max(searchFrom, len - m + 1); k < len; k++) s = this.step(s, chunk[k] as number);
    this.held = s;
    r.dataEnd = len - s;
    r.next = len;
    r.matched = false;
    return r;
  }
}
