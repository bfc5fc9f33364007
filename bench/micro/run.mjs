// Runs every bench/micro/*.bench.mjs in turn (needs `pnpm build` first: it loads the built packages).
// `node micro/run.mjs cookie` runs only the files whose name contains "cookie".
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
console.log(`node ${process.version}, ${files.length} file(s)`);
for (const f of files) await import(pathToFileURL(join(dir, f)).href);
