// Reads .cpuprofile files (from `BENCH_PROFILE=dir node bench/run.mjs`, which starts the servers
// with --cpu-prof) and prints, for each, the functions with the most self time and the share of
// each package (by path under node_modules or packages/), to see where a server spends its CPU.
//   node bench/profile.mjs dir-or-files... [--top=25]
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6)) || 25;
const files = args
  .filter((a) => !a.startsWith('--'))
  .flatMap((a) =>
    fs.statSync(a).isDirectory()
      ? fs
          .readdirSync(a)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => path.join(a, f))
      : [a],
  );

const owner = (url) => {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const pkg = /.*(?:node_modules|packages)\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  return path.basename(url);
};

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // each sample is one tick of the sampled node; the time between samples is its duration
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  // shares are of the busy time: the idle ticks (waiting for the load generator) are left out
  const idle = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  self.delete(idle);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map();
  const owners = new Map();
  for (const [id, t] of self) {
    const { callFrame: f } = byId.get(id);
    const key = `${f.functionName || '(anonymous)'} ${f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + t);
    const o = f.url ? owner(f.url) : f.functionName.startsWith('(') ? f.functionName : '(native)';
    owners.set(o, (owners.get(o) ?? 0) + t);
  }
  const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  console.log(`\n## ${path.basename(file)} (${(total / 1e6).toFixed(2)} s busy)`);
  console.log('by owner:');
  for (const [o, t] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${pct(t)}  ${o}`);
  console.log('by function (self time):');
  for (const [k, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t)}  ${k}`);
}
