// `pnpm upstream`: asks the npm registry (through npm, with the machine's npm configuration) for the
// versions of every upstream package in docs/upstream.md and prints where brisk is behind: the
// newest tracked version against the latest release, and each tracked major line (docs/upstream.md
// lists one version per line a package covers, and the one the app follows) against that line's
// newest release; a package behind is marked as recorded when its row says why (**behind**).
// Run before each release; not in CI (it needs the network). Exit code 0 even when behind: it
// reports, it does not gate.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A plain x.y.z version. */
const VERSION = /^\d+\.\d+\.\d+$/;

/**
 * The rows of docs/upstream.md's table: `{ brisk, name, majors, tracks, app, behind }`. `majors`
 * are the tracked versions, one per major line (oldest first), `tracks` the newest of them, `app`
 * the version `@brisk/app` follows (`undefined` for `—`), `behind` the recorded reason ('' if none).
 */
export function readTable(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | brisk package | `name` | x.y.z, a.b.c | x.y.z | behind |  ->  ['', brisk, name, tracks, app, behind, '']
    if (cells.length < 6) continue;
    const name = /^`([^`]+)`$/.exec(cells[2]);
    const majors = cells[3].split(',').map((v) => v.trim());
    if (!name || !majors.every((v) => VERSION.test(v))) continue;
    majors.sort(compare);
    const app = VERSION.test(cells[4]) ? cells[4] : undefined;
    rows.push({
      brisk: cells[1].replaceAll('`', ''),
      name: name[1],
      majors,
      tracks: majors.at(-1),
      app,
      behind: cells[5],
    });
  }
  return rows;
}

/** The major line of a version: `2` for 2.x.y, `0.7` for 0.7.x (a 0.x minor is a major). */
export function line(version) {
  const [major, minor] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/** The newest of `versions` (plain x.y.z only: prereleases are skipped) in the line of `version`. */
export function newestInLine(versions, version) {
  const same = versions.filter((v) => VERSION.test(v) && line(v) === line(version));
  return same.sort(compare).at(-1) ?? version;
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
  const results = await pool(rows, 4, async (row) => {
    try {
      const [latest, versions] = await Promise.all([view(row.name, 'version'), view(row.name, 'versions')]);
      return { ...row, latest, versions: Array.isArray(versions) ? versions : [versions] };
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
  let behind = 0;
  let unrecorded = 0;
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    const name = r.name.padEnd(width);
    if (r.error) {
      console.log(`?  ${name}  tracks ${r.majors.join(', ')}, registry lookup failed: ${r.error}`);
      continue;
    }
    // Each tracked major line against its newest release, then the newest line against the latest.
    const lines = r.majors.map((v) => {
      const newest = newestInLine(r.versions, v);
      const mark = compare(v, newest) < 0 ? ` (${newest} out)` : '';
      return `${v}${v === r.app ? ' app' : ''}${mark}`;
    });
    const lineBehind = r.majors.some((v) => compare(v, newestInLine(r.versions, v)) < 0);
    const isBehind = compare(r.tracks, r.latest) < 0 || lineBehind;
    if (isBehind) behind++;
    if (isBehind && !r.behind) unrecorded++;
    const mark = !isBehind ? 'ok' : r.behind ? 'behind, recorded' : 'BEHIND, no recorded reason';
    const used = usedBy.has(r.name) ? `; ${usedBy.get(r.name).join(', ')}` : '';
    console.log(
      `${isBehind ? '!' : ' '}  ${name}  tracks ${lines.join(', ')}; latest ${r.latest}  ${mark}  (${r.brisk}${used})`,
    );
  }
  console.log(
    `upstream: ${results.length} packages, ${behind} behind (${behind - unrecorded} with a recorded reason, ${unrecorded} without)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
