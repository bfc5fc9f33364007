// The bytes of small files, kept between requests so that sending an unchanged file costs one
// `stat` instead of stat, open, read and close (docs/decisions/018-static-file-cache.md). One
// cache per process, shared by every middleware and `send()`, keyed by the path that is opened.
// An entry is only used when the request's own fresh `stat` matches it (device, inode, size,
// mtime, ctime), and only files whose timestamps are QUIET_MS old are stored: a file that old
// cannot be rewritten without its ctime moving, even where timestamps are coarse. The total is
// bounded by CACHE_BYTES; the oldest entries go first.
import type { Stats } from 'node:fs';

/** The most the cache holds: the files' bytes plus {@link ENTRY_OVERHEAD} and the path per entry. */
export const CACHE_BYTES = 8 * 1024 * 1024;

/**
 * What an entry costs besides the file's bytes and its path: the entry, the `Buffer`, its
 * `ArrayBuffer` and the map slot. Measured at about 750 bytes of heap and native memory per
 * cached 1-byte file on node 20; counted so that many tiny files cannot outgrow the bound.
 */
export const ENTRY_OVERHEAD = 768;

/**
 * How old a file's mtime and ctime must both be (ms) before its bytes are cached. File-system
 * timestamps are coarse (a kernel tick; a whole second on ext3, HFS+ or ext4 with small inodes),
 * so two same-size writes within one tick leave the stat unchanged ("racy git"). A write made at
 * least this long after the last change gets a later ctime, which nobody can set back.
 */
export const QUIET_MS = 2000;

/** A cached file: the stat fields it was read under, and its bytes. */
interface Entry {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  buffer: Buffer;
  /** What the entry counts against {@link CACHE_BYTES}. */
  cost: number;
}

/** The entries by path, oldest first (insertion order). */
const entries = new Map<string, Entry>();
/** The sum of the entries' costs. */
let total = 0;
/** The quiet time in use: {@link QUIET_MS}, unless a test changed it. */
let quietMs = QUIET_MS;

/**
 * The cached bytes of `path` if they were read under the same device, inode, size, mtime and
 * ctime as `stat` (a fresh stat of `path`). An entry that does not match is dropped.
 */
export function cachedFile(path: string, stat: Stats): Buffer | undefined {
  const entry = entries.get(path);
  if (entry === undefined) return undefined;
  if (
    entry.mtimeMs === stat.mtimeMs &&
    entry.ctimeMs === stat.ctimeMs &&
    entry.size === stat.size &&
    entry.ino === stat.ino &&
    entry.dev === stat.dev
  )
    return entry.buffer;
  remove(path, entry);
  return undefined;
}

/**
 * Whether a file with this `stat` may be cached if its read starts at `now` or later: its mtime
 * and ctime are both at least the quiet time ({@link QUIET_MS}) before `now`.
 */
export function isQuiet(stat: Stats, now: number): boolean {
  return now - Math.max(stat.mtimeMs, stat.ctimeMs) >= quietMs;
}

/**
 * Stores `buffer` (the whole file, `stat.size` bytes, never to be written again) as the bytes of
 * `path` under `stat`, replacing any entry of `path`, then drops the oldest entries until the
 * total fits {@link CACHE_BYTES}. A file that alone exceeds the bound is not stored.
 */
export function cacheFile(path: string, stat: Stats, buffer: Buffer): void {
  const old = entries.get(path);
  if (old !== undefined) remove(path, old);
  const cost = buffer.length + path.length + ENTRY_OVERHEAD;
  if (cost > CACHE_BYTES) return;
  for (const [oldestPath, oldest] of entries) {
    if (total + cost <= CACHE_BYTES) break;
    remove(oldestPath, oldest);
  }
  const { dev, ino, size, mtimeMs, ctimeMs } = stat;
  entries.set(path, { dev, ino, size, mtimeMs, ctimeMs, buffer, cost });
  total += cost;
}

/** Drops the entry of `path`. */
function remove(path: string, entry: Entry): void {
  entries.delete(path);
  total -= entry.cost;
}

// For tests only (not exported by index.ts, so not part of the package).

/** Empties the cache. For tests. */
export function clearFileCache(): void {
  entries.clear();
  total = 0;
}

/** What the cache holds: its entries' total cost and their paths, oldest first. For tests. */
export function fileCacheState(): { bytes: number; paths: string[] } {
  return { bytes: total, paths: [...entries.keys()] };
}

/** Sets the quiet time (ms) and returns the one it replaces. For tests. */
export function setQuietMs(ms: number): number {
  const previous = quietMs;
  quietMs = ms;
  return previous;
}
