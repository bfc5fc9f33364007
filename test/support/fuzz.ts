// Shared pieces of the property-based tests (test/fuzz-*.test.ts): run settings, hostile string
// generators, an "only documented errors" check, and a time-growth check that compares two input
// sizes in the same run (a ratio, never an absolute time).
//
// FUZZ_SCALE=10 runs every property ten times as often; FUZZ_SEED=<n> replays a run (fast-check
// prints the seed and the counterexample's path of a failure); FUZZ_RATIOS=1 prints time ratios.
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';

export { fc };

const SCALE = Number(process.env.FUZZ_SCALE) > 0 ? Number(process.env.FUZZ_SCALE) : 1;
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** FUZZ_RATIOS=1 prints every measured time ratio to stderr (to tune sizes). */
const LOG_RATIOS = Boolean(process.env.FUZZ_RATIOS);

/** Checks `property` on `runs` generated cases (times FUZZ_SCALE); a failure names its seed. */
export function check<Ts extends [unknown, ...unknown[]]>(property: fc.IProperty<Ts>, runs: number): void {
  fc.assert(property, {
    numRuns: Math.ceil(runs * SCALE),
    includeErrorInReport: true,
    ...(SEED === undefined ? {} : { seed: SEED }),
  });
}

/** The async form of {@link check}, for properties over real HTTP. */
export async function checkAsync<Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncProperty<Ts>,
  runs: number,
): Promise<void> {
  await fc.assert(property, {
    numRuns: Math.ceil(runs * SCALE),
    includeErrorInReport: true,
    ...(SEED === undefined ? {} : { seed: SEED }),
  });
}

// --- Strings ----------------------------------------------------------------------------------

/** One UTF-16 code unit of a surrogate pair, alone. */
export const loneSurrogate = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdbff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);

/** Whether `s` holds a surrogate that is not part of a pair (so `encodeURIComponent` throws). */
export function hasLoneSurrogate(s: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

/**
 * One "unit" of hostile text: mostly the given specials (separators, brackets, `%`, quotes...),
 * else any character: ASCII, any code point (astral ones as pairs), a control character, or a
 * lone surrogate.
 */
export function hostileUnit(specials: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...specials) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
    { weight: 1, arbitrary: fc.constantFrom('\u007f', '\u0085', '\u00a0', '\u2028', '\ufeff', '😀', 'é', 'ß') },
    { weight: 1, arbitrary: loneSurrogate },
  );
}

/**
 * Hostile text built from `specials`: short mixes of units, and runs of one unit repeated up to
 * `maxRun` times (`;;;;`, `%%%%`, `[[[[`), up to `maxParts` parts.
 */
export function hostile(specials: readonly string[], options: { maxParts?: number; maxRun?: number } = {}) {
  const unit = hostileUnit(specials);
  const part = fc.oneof(
    { weight: 3, arbitrary: unit },
    {
      weight: 1,
      arbitrary: fc.tuple(unit, fc.integer({ min: 2, max: options.maxRun ?? 40 })).map(([u, n]) => u.repeat(n)),
    },
  );
  return fc.array(part, { maxLength: options.maxParts ?? 24 }).map((parts) => parts.join(''));
}

/** Well-formed text of any code points (no lone surrogates), for round trips through UTF-8. */
export const anyText = (maxLength = 24) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme-ascii', maxLength }),
    fc.string({ unit: fc.constantFrom('%', '"', '\\', ';', ',', '=', ' ', '\t', '/', 'é', '😀'), maxLength }),
  );

/** A string of lower-case ASCII letters. */
export const word = (minLength = 1, maxLength = 8) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength, maxLength });

/** Characters of an RFC 7230 token. */
export const TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** An RFC 7230 token (a header name, a cookie name, a media type part). */
export const token = (maxLength = 12) => fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength });

// --- Errors -----------------------------------------------------------------------------------

/** An error a function documents: its class, and its message (exact text or a pattern). */
export interface DocumentedError {
  type: new (...args: never[]) => Error;
  message: string | RegExp;
}

/**
 * Calls `fn`: returns its result, or, when it throws, asserts that the error is one of `allowed`
 * (class and message) and returns `undefined`. Anything else fails with the error shown.
 */
export function onlyDocumentedErrors<T>(fn: () => T, allowed: readonly DocumentedError[]): T | undefined {
  try {
    return fn();
  } catch (err) {
    const ok = allowed.some(
      (a) =>
        err instanceof a.type &&
        (typeof a.message === 'string' ? err.message === a.message : a.message.test(err.message)),
    );
    if (!ok) assert.fail(`undocumented error: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    return undefined;
  }
}

// --- Time growth ------------------------------------------------------------------------------

/** Options of {@link assertLinear}. */
export interface LinearOptions {
  /**
   * Size of the smaller input (default 8192). V8's cost per item steps up at some sizes (a
   * global regexp replace past ~4,000 matches; strings built past ~100 kB, arrays past ~16,000
   * elements, dictionaries past ~2,000-5,000 keys, as their stores move to the large-object
   * space), and an 8× range that crosses a step reads 30-50× although it is linear on both
   * sides. So each shape picks `n` with both sizes on one side: the default keeps strings between
   * 8 and 64 kB; shapes that build many keys or elements take a smaller `n`.
   */
  n?: number;
  /** The larger input is `factor` times larger (default 8). */
  factor?: number;
  /** Largest accepted time(factor·n) / time(n) (default 30: linear gives ~8, quadratic ~64). */
  maxRatio?: number;
  /** Calls are repeated until the small input takes at least this many CPU milliseconds (default 0.5). */
  minMs?: number;
}

/**
 * A young-generation collection, run before each timed block so that a block pays for
 * collecting its own garbage and not for what came before (node's `--expose-gc`, turned on here).
 */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
  return () => gc({ type: 'minor' });
})();

/** CPU milliseconds (user + system) the process has used. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU milliseconds for `iterations` calls of `run(input)`, after a young-generation collection.
 * CPU time, not wall time: on a shared machine a longer block is more often preempted, which
 * would inflate the larger input's wall time and the ratio with it.
 */
function timeOf<T>(run: (input: T) => unknown, input: T, iterations: number, collect = true): number {
  if (collect) collectGarbage();
  const start = cpuMs();
  for (let i = 0; i < iterations; i++) run(input);
  return cpuMs() - start;
}

/** time(factor·n) / time(n): the minimum of each size over up to 9 interleaved rounds. */
function measureRatio<T>(
  build: (n: number) => T,
  run: (input: T) => unknown,
  n: number,
  factor: number,
  maxRatio: number,
  minMs: number,
): { ratio: number; iterations: number } {
  const small = build(n);
  const large = build(n * factor);
  for (let i = 0; i < 3; i++) run(small);
  run(large);
  let iterations = 1;
  // Up to 2^22 calls: a function that answers at once (a length cap) needs that many for the
  // small input's block to be timed at all; fewer left it at 0 ms, and the ratio at Infinity.
  while (timeOf(run, small, iterations, false) < minMs && iterations < 1 << 22) iterations *= 2;
  // The minimum of each size over all rounds so far: noise only ever adds time.
  let fast = Number.POSITIVE_INFINITY;
  let slow = Number.POSITIVE_INFINITY;
  let ratio = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && ratio >= maxRatio; attempt++) {
    for (let round = 0; round < 3; round++) {
      fast = Math.min(fast, timeOf(run, small, iterations));
      slow = Math.min(slow, timeOf(run, large, iterations));
    }
    ratio = slow / fast;
  }
  return { ratio, iterations };
}

/**
 * Asserts that `run` grows no faster than linearly: builds inputs of sizes `n` and `8n`, times
 * each (the same number of calls, enough for the small one to take half a CPU millisecond or more, the
 * minimum of 3 interleaved rounds, each after a young-generation collection) and asserts
 * time(8n) / time(n) < 30. A quadratic algorithm gives about 64, a linear one about 8.
 *
 * Noise only adds time, so a ratio over the limit is measured again (up to 6 more rounds). A
 * ratio still just over it (below 1.5× the limit) is measured in another window, n/2 to 4n, then
 * 2n to 16n: a step in V8's cost per item inside one window (see {@link LinearOptions.n}) reads
 * 30-45 there, a quadratic cost reads ~64 in every window.
 * Returns the ratio.
 */
export function assertLinear<T>(
  label: string,
  build: (n: number) => T,
  run: (input: T) => unknown,
  options: LinearOptions = {},
): number {
  let n = options.n ?? 8192;
  const factor = options.factor ?? 8;
  const maxRatio = options.maxRatio ?? 30;
  const minMs = options.minMs ?? 0.5;
  let { ratio, iterations } = measureRatio(build, run, n, factor, maxRatio, minMs);
  // Just over the limit: another window, half as large, then twice as large.
  for (const scale of [0.5, 2]) {
    if (ratio < maxRatio || ratio >= 1.5 * maxRatio) break;
    n = (options.n ?? 8192) * scale;
    ({ ratio, iterations } = measureRatio(build, run, n, factor, maxRatio, minMs));
  }
  if (LOG_RATIOS) process.stderr.write(`ratio ${ratio.toFixed(1)} ${label} (n = ${n}, ${iterations} calls)\n`);
  assert.ok(
    ratio < maxRatio,
    `${label}: time(${factor}n) / time(n) = ${ratio.toFixed(1)} at n = ${n} ` +
      `(linear ≈ ${factor}, quadratic ≈ ${factor * factor}; the limit is ${maxRatio})`,
  );
  return ratio;
}

/**
 * For readers that keep their last input's result (the Accept-* readers of @brisk/negotiate):
 * `count` different inputs per size (`build(n, k)` for k = 0..count-1), used in turn by the
 * returned `run`, so that every timed call parses.
 */
export function inTurn<T, R>(
  build: (n: number, k: number) => T,
  run: (input: T) => R,
  count = 8,
): { build: (n: number) => T[]; run: (inputs: T[]) => R } {
  let next = 0;
  return {
    build: (n) => Array.from({ length: count }, (_, k) => build(n, k)),
    run: (inputs) => run(inputs[next++ % inputs.length]!),
  };
}
