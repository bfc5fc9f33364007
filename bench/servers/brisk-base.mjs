// brisk from another build (A/B runs while optimising): BRISK_BASE names a directory holding a
// copy of the repository's packages/ with their dist/ (`cp -a packages /tmp/base/` after a build,
// before a change); otherwise the same app as brisk.mjs. Both run in the same rounds, interleaved.
//   BRISK_BASE=/tmp/base BENCH_CONTENDERS=brisk,brisk-base node bench/run.mjs
import { createRequire } from 'node:module';
import path from 'node:path';

if (!process.env.BRISK_BASE) throw new Error('brisk-base: set BRISK_BASE to a copy of packages/ with their builds');
const require = createRequire(import.meta.url);
globalThis.__briskBench = require(path.join(process.env.BRISK_BASE, 'packages/brisk/dist/index.cjs'));
await import('./brisk.mjs');
