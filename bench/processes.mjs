// What the framework benchmarks (run.mjs over HTTP/1.1, h2.mjs over HTTP/2) share: each
// contender's server as a child process on core 0 that answers the runner over IPC (the protocol
// is in servers/common.mjs), the load generator as another child process on core 1, medians.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const cpus = os.cpus().length;
const hasTaskset = os.platform() === 'linux' && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** True when the server and the load generator each get a core of their own. */
export const isPinned = hasTaskset && cpus > 1;

/** [command, args] running argv on the given core where taskset exists. */
export const pinned = (core, argv) =>
  isPinned ? ['taskset', ['-c', String(core), ...argv]] : [argv[0], argv.slice(1)];

/** The median of some numbers. */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

startServer.count = 0;
/**
 * Starts one contender's server (`file`, given the scenario as its argument) on core 0.
 * `profileDir`: run it with --cpu-prof into that directory, the profile named after `name`.
 * `execPath`: the node binary that runs it (bench/nodes.mjs: the machine's, or a fetched one).
 */
export function startServer(file, scenario, { name, profileDir, env = process.env, execPath = process.execPath }) {
  const id = ++startServer.count;
  const nodeArgs = profileDir
    ? [`--cpu-prof`, `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}-${scenario}-${id}.cpuprofile`]
    : [];
  const [cmd, args] = pinned(0, [execPath, ...nodeArgs, file, scenario]);
  const child = spawn(cmd, args, {
    env: { ...env, PORT: '0', NODE_ENV: 'production' }, // each server takes a free port and says which
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // answers come in the order of the questions; a server that dies fails what waits on it
  const pending = [];
  child.on('message', (message) => pending.shift()?.resolve(message));
  child.on('exit', (code, signal) => {
    for (const { reject } of pending.splice(0)) reject(new Error(`${name} ${scenario}: exited (${code ?? signal})`));
  });
  const next = () => new Promise((resolve, reject) => pending.push({ resolve, reject }));
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} ${scenario}: not ready after 10 s`)), 10_000);
    next().then(
      (message) => {
        clearTimeout(timer);
        resolve(message.port);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
  return {
    /** Resolves with the port once the server listens. */
    started,
    /** Resolves with the server's { cpuMicros, maxRssKiB } so far. */
    stats: () => {
      const reply = next();
      child.send({ type: 'stats' });
      return reply;
    },
    stop: () => stopChild(child),
  };
}

/** Asks a child on IPC to exit, and kills it if it has not after 5 s; resolves once it has exited. */
function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.send({ type: 'exit' });
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * One timed load against a started server: `run(seconds)` drives the load generator and resolves
 * with its result; after `warmup` seconds of it, the server's CPU time and peak RSS are read
 * around `duration` seconds. Failed responses under load are an error, not a number.
 */
export async function measureLoad(server, run, { warmup, duration, label }) {
  if (warmup > 0) await run(warmup);
  const before = await server.stats();
  const result = await run(duration);
  const after = await server.stats();
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) {
    throw new Error(
      `${label}: ${bad} failed responses under load ` +
        `(${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  }
  return {
    rps: result.completed / result.durationS,
    rpcpu: result.completed / ((after.cpuMicros - before.cpuMicros) / 1e6),
    rssMiB: after.maxRssKiB / 1024,
    p99Ms: result.p99Ms,
  };
}

/** Runs a load generator script on core 1 with the options as JSON in argv[2]; resolves with the JSON it prints. */
export function runLoad(script, options) {
  const [cmd, args] = pinned(1, [process.execPath, script, JSON.stringify(options)]);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out));
    });
  });
}

/**
 * Starts a load generator that stays up between runs (load-h2.mjs with an IPC channel) on core 1:
 * `ready` resolves once it is connected; `run(seconds)` resolves with one run's result; `stop()`.
 */
export function startLoad(script, options) {
  const [cmd, args] = pinned(1, [process.execPath, script, JSON.stringify(options)]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = [];
  child.on('message', (message) => pending.shift()?.resolve(message));
  child.on('exit', (code, signal) => {
    for (const { reject } of pending.splice(0)) reject(new Error(`load generator exited (${code ?? signal})`));
  });
  const next = () => new Promise((resolve, reject) => pending.push({ resolve, reject }));
  const ready = next();
  return {
    ready,
    run: (seconds) => {
      const reply = next();
      child.send({ type: 'run', duration: seconds });
      return reply;
    },
    stop: () => stopChild(child),
  };
}

/** The installed version of a bench dependency (`?` when it is not there). */
export function version(name) {
  try {
    return require(`${name}/package.json`).version;
  } catch {
    return '?';
  }
}

/**
 * Replaces what stands between `<!-- ${mark}:start -->` and `<!-- ${mark}:end -->` in bench/README.md.
 * `within`: a section that holds this one; a mark not there yet is added at that section's end.
 */
export function writeReadmeSection(mark, report, within) {
  const readme = path.join(here, 'README.md');
  let text = fs.readFileSync(readme, 'utf8');
  const startMark = `<!-- ${mark}:start -->`;
  const endMark = `<!-- ${mark}:end -->`;
  if (within && !text.includes(startMark)) {
    const outerEnd = text.indexOf(`<!-- ${within}:end -->`);
    if (outerEnd < 0) throw new Error(`bench/README.md has no <!-- ${within}:end --> mark`);
    text = `${text.slice(0, outerEnd)}${startMark}\n${endMark}\n\n${text.slice(outerEnd)}`;
  }
  const a = text.indexOf(startMark);
  const b = text.indexOf(endMark);
  if (a < 0 || b < a) throw new Error(`bench/README.md has no ${startMark} … ${endMark} section`);
  fs.writeFileSync(readme, `${text.slice(0, a + startMark.length)}\n${report}\n${text.slice(b)}`);
}

/**
 * Measures every contender in every scenario, `rounds` times, each round in a different order;
 * each measurement gets its ratios to the baseline's from the same round. Returns
 * scenario → contender → [measurement with rpsRatio, cpuRatio, rssRatio].
 */
export async function runRounds({ scenarios, contenders, rounds, baseline, measure }) {
  const results = {};
  for (const scenario of scenarios) {
    results[scenario] = Object.fromEntries(contenders.map((c) => [c, []]));
    for (let round = 0; round < rounds; round++) {
      const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]);
      const byContender = {};
      for (const contender of order) byContender[contender] = await measure(contender, scenario);
      const base = byContender[baseline];
      for (const contender of contenders) {
        const m = byContender[contender];
        results[scenario][contender].push({
          ...m,
          rpsRatio: m.rps / base.rps,
          cpuRatio: m.rpcpu / base.rpcpu,
          rssRatio: m.rssMiB / base.rssMiB,
          p99Ratio: m.p99Ms / base.p99Ms,
        });
      }
      console.error(
        `  ${scenario} round ${round + 1}/${rounds}: ` +
          contenders.map((c) => `${c} ${Math.round(byContender[c].rps)} req/s`).join(', '),
      );
    }
  }
  return results;
}
