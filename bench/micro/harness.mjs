// Micro-benchmark harness: brisk against the upstream package, side by side, in one run.
// Each function is timed in interleaved batches sized to ~10 ms; the median ns/op is reported,
// with the ratio upstream / brisk (above 1: brisk is faster). Numbers, never assertions.
import { performance } from 'node:perf_hooks';

let sink; // keeps results alive so V8 cannot drop the calls

function batch(fn, iterations) {
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) sink = fn();
  return ((performance.now() - t0) * 1e6) / iterations;
}

function calibrate(fn) {
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) sink = fn();
    if (performance.now() - t0 > 10) return n;
    n *= 2;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const fmt = (ns) => (ns >= 100 ? ns.toFixed(0) : ns.toFixed(1));

/**
 * @param {string} title
 * @param {{ name: string, brisk: () => unknown, upstream: () => unknown }[]} cases
 * @param {{ batches?: number }} [options]
 */
export function compare(title, cases, { batches = Number(process.env.BENCH_BATCHES) || 7 } = {}) {
  const rows = [];
  for (const c of cases) {
    const nb = calibrate(c.brisk);
    const nu = calibrate(c.upstream);
    const b = [];
    const u = [];
    for (let i = 0; i < batches; i++) {
      b.push(batch(c.brisk, nb));
      u.push(batch(c.upstream, nu));
    }
    const bm = median(b);
    const um = median(u);
    rows.push(`| ${c.name} | ${fmt(bm)} | ${fmt(um)} | ${(um / bm).toFixed(2)}x |`);
  }
  console.log(`\n### ${title}\n\n| case | brisk ns/op | upstream ns/op | upstream / brisk |\n|:--|--:|--:|--:|`);
  for (const r of rows) console.log(r);
  return sink === undefined ? rows : rows;
}
