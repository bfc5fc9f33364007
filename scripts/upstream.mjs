// `pnpm upstream`: asks the npm registry (through npm, with the machine's npm configuration) for the
// newest version of every upstream package in docs/upstream.md and prints where brisk is behind.
// Run before each release; not in CI (it needs the network). Exit code 0 even when behind: it
// reports, it does not gate.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The rows of docs/upstream.md's table: `{ brisk, name, tracks }`. */
export function readTable(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | brisk package | `name` | x.y.z | behind |  ->  ['', brisk, name, tracks, behind, '']
    if (cells.length < 5) continue;
    const name = /^`([^`]+)`$/.exec(cells[2]);
    if (!name || !/^\d+\.\d+\.\d+$/.test(cells[3])) continue;
    rows.push({ brisk: cells[1].replaceAll('`', ''), name: name[1], tracks: cells[3] });
  }
  return rows;
}

/** -1, 0 or 1 as semver `a` is below, equal to or above `b` (plain x.y.z versions). */
export function compare(a, b) {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/** `npm view <args> --json`, parsed; tried twice, as a registry answer can fail in passing. */
async function view(...args) {
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run('npm', ['view', ...args, '--json'], { timeout: 60_000 });
      return stdout.trim() ? JSON.parse(stdout) : undefined;
    } catch (err) {
      if (attempt === 2) throw err;
    }
  }
}

/** Maps `items` through `fn`, at most `limit` at a time (npm processes share one cache). */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

/** The packages whose dependencies decide which majors an Express user resolves today. */
const FRAMEWORK = ['express', 'router', 'body-parser', 'send', 'serve-static', 'morgan'];

async function main() {
  const rows = readTable(readFileSync(join(root, 'docs/upstream.md'), 'utf8'));
  let behind = 0;
  const results = await pool(rows, 4, async (row) => {
    try {
      return { ...row, latest: await view(row.name, 'version') };
    } catch (err) {
      return {
        ...row,
        error: String(err?.stderr || err?.message || err)
          .trim()
          .split('\n')[0],
      };
    }
  });
  // Which range the newest framework packages ask for: a newer major that Express itself does not
  // use yet is reported, but reads differently from one that Express users already get.
  const usedBy = new Map();
  await pool(FRAMEWORK, 4, async (name) => {
    const version = results.find((r) => r.name === name)?.latest;
    if (!version) return;
    const deps = (await view(`${name}@${version}`, 'dependencies').catch(() => undefined)) ?? {};
    for (const [dep, range] of Object.entries(deps)) {
      const list = usedBy.get(dep) ?? [];
      list.push(`${name} ${version}: ${range}`);
      usedBy.set(dep, list);
    }
  });
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    const name = r.name.padEnd(width);
    if (r.error) {
      console.log(`?  ${name}  tracks ${r.tracks}, registry lookup failed: ${r.error}`);
      continue;
    }
    const order = compare(r.tracks, r.latest);
    if (order < 0) behind++;
    const mark = order < 0 ? 'behind' : 'ok';
    const used = usedBy.has(r.name) ? `; ${usedBy.get(r.name).join(', ')}` : '';
    console.log(
      `${order < 0 ? '!' : ' '}  ${name}  tracks ${r.tracks}, latest ${r.latest}  ${mark}  (${r.brisk}${used})`,
    );
  }
  console.log(`upstream: ${results.length} packages, ${behind} behind`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
