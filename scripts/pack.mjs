// Packs every package with `pnpm pack` (as `pnpm publish` would: prepack, the .pnpmfile.cjs
// beforePacking hook, workspace:^ resolved) and describes the tarballs. Used by
// scripts/release-check.mjs and scripts/sizes.mjs. docs/decisions/016-publishing.md.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packages, root } from './metadata.mjs';

/** Runs a command, its output shown only when it fails. */
export function run(cmd, args, opts = {}) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: 'pipe', ...opts });
  } catch (e) {
    process.stderr.write(`${cmd} ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    throw e;
  }
}

/** Packs every package into `dest`; returns [{ name, dir, tgz, bytes, deps }] (deps: names, transitive). */
export function packAll(dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  // One package at a time: a prepack that finds dist/ stale builds the package's dependencies too,
  // and two of those running at once would rebuild the same dist/ under each other.
  run('pnpm', ['-r', '--workspace-concurrency=1', '--filter', './packages/*', 'pack', '--pack-destination', dest], {
    cwd: root,
  });
  const files = readdirSync(dest);
  const byName = new Map(packages.map((p) => [p.json.name, p]));
  const closure = (name, seen = new Set()) => {
    for (const d of Object.keys(byName.get(name).json.dependencies ?? {})) {
      if (!seen.has(d)) {
        seen.add(d);
        closure(d, seen);
      }
    }
    return seen;
  };
  return packages.map((p) => {
    const file = `${p.json.name.replace('@', '').replace('/', '-')}-${p.json.version}.tgz`;
    if (!files.includes(file)) throw new Error(`pack: no ${file} in ${dest}`);
    const tgz = join(dest, file);
    return { name: p.json.name, dir: p.path, tgz, bytes: statSync(tgz).size, deps: [...closure(p.json.name)] };
  });
}

/**
 * Packs the peer dependencies the packages name (@brisk/otel's `@opentelemetry/api`: the user's
 * own, installed beside it) from the copies the workspace has installed, into `dest`, so that an
 * install of the tarballs needs no registry. Returns the tarball paths.
 */
export function packPeers(dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const seen = new Map();
  for (const p of packages) {
    for (const name of Object.keys(p.json.peerDependencies ?? {})) {
      if (seen.has(name)) continue;
      // As a tarball of the installed files (`npm pack` of a pnpm-installed folder fails).
      const stage = join(dest, `${seen.size}`);
      cpSync(realpathSync(join(p.path, 'node_modules', name)), join(stage, 'package'), { recursive: true });
      const tgz = join(dest, `${name.replace('@', '').replace('/', '-')}.tgz`);
      run('tar', ['czf', tgz, '-C', stage, 'package']);
      seen.set(name, tgz);
    }
  }
  return [...seen.values()];
}

/** Total size in bytes of the files under `dir` (what an install puts on disk, before blocks). */
export function treeBytes(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = join(dir, e.name);
    if (e.isDirectory()) n += treeBytes(f);
    else if (e.isFile() && e.name !== '.package-lock.json') n += statSync(f).size;
  }
  return n;
}

/**
 * `npm install` of `specs` (tarball paths or registry specs) into a new project at `dir`; `peers:
 * false` leaves out the peer dependencies they name.
 */
export function npmInstall(dir, specs, { offline = false, peers = true } = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  run('npm', ['init', '-y'], { cwd: dir });
  const flags = ['--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'];
  if (offline) flags.push('--offline');
  // Without peers: npm does not install the peer dependencies a package names (the user's own).
  if (!peers) flags.push('--legacy-peer-deps');
  run('npm', ['install', ...flags, ...specs], { cwd: dir });
}
