// From the URL path given to send() to a file-system path, safely (send 1.2's rules):
// 1. percent-decode once (malformed → 400); a NUL byte → 400; 4096 characters or more → 404
//    (brisk's bound, below);
// 2. with a root: normalise the path as relative ("./" + path); a ".." segment that survives
//    normalisation would climb above the root → 403; join it to the root;
//    without a root: any ".." segment → 403; resolve the path;
// 3. a segment starting with "." (longer than ".") marks a dotfile: with a root, only the
//    segments below the root count.
// Both "/" and "\" separate segments for the ".." check, whatever the platform.
import { join, normalize, resolve, sep } from 'node:path';

/** A path that may be served, and whether one of its segments is a dotfile. */
export interface ResolvedPath {
  /** The file-system path (it ends with the separator when the URL path ended with `/` under a root). */
  path: string;
  /** Whether a segment (below the root, if any) starts with a dot. */
  dotfile: boolean;
}

/**
 * `(start or / or \) ".." (/ or \ or end)`: a parent-directory segment. No quantifiers, so linear.
 */
const UP_PATH_REGEXP = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/**
 * The longest decoded path that is looked up: 4095 characters. `path.normalize` takes time
 * quadratic in the length of a path with many `..` segments (450 KB of `%2e%2e/`, a URL that
 * fits only when node's header limit is raised, blocks the event loop for seconds; 4 KB takes
 * well under a millisecond), so longer paths are answered before normalising. 4096 is Linux's
 * `PATH_MAX`, counted in bytes, and a UTF-16 unit is at least one byte: a longer path that
 * normalisation does not shorten fails `stat` with `ENAMETOOLONG`, which send answers 404 too.
 * Only a path shortened by its `.`, `..` or empty segments answers differently, and browsers
 * remove those before sending (decision 010).
 */
const MAX_PATH_LENGTH = 4095;

/** On POSIX, the fast path below applies (a normalised URL path is a normalised file path). */
const POSIX = sep === '/';

/**
 * Whether an absolute URL path is already normalised and holds no dot segment: it starts with
 * `/` and contains no `/.`, `//` or `\`. Then normalising it changes nothing, no segment is `..`
 * or starts with a dot, and the root can simply be prefixed.
 */
function isPlainPath(path: string): boolean {
  if (!POSIX || path.charCodeAt(0) !== 0x2f /* / */) return false;
  for (let i = 1, len = path.length; i < len; i++) {
    const c = path.charCodeAt(i);
    if (c === 0x5c /* \ */) return false;
    if (path.charCodeAt(i - 1) === 0x2f && (c === 0x2e /* . */ || c === 0x2f)) return false;
  }
  return true;
}

/** Whether a segment is a dotfile name: `.x...`, but neither `.` nor empty. */
function containsDotFile(parts: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.length > 1 && part.charCodeAt(0) === 0x2e /* . */) return true;
  }
  return false;
}

/**
 * Maps the (percent-encoded) URL path given to send() onto the file system.
 *
 * @param urlPath - the path as given to `send()` (not yet decoded)
 * @param root - the resolved root directory, or `null`
 * @returns the path and its dotfile flag; `400` for malformed encoding or a NUL byte; `403` for
 *   a `..` that would climb above the root (or any `..` without a root); `404` for a decoded path
 *   longer than {@link MAX_PATH_LENGTH}
 */
export function resolvePath(urlPath: string, root: string | null): ResolvedPath | 400 | 403 | 404 {
  let path = urlPath;
  if (path.indexOf('%') !== -1) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return 400;
    }
  }
  if (path.indexOf('\0') !== -1) return 400;
  if (path.length > MAX_PATH_LENGTH) return 404;

  if (isPlainPath(path)) {
    if (root !== null) return { path: root === '/' ? path : root + path, dotfile: false };
    // resolve() of a normalised absolute path only drops a trailing separator
    const end = path.length > 1 && path.charCodeAt(path.length - 1) === 0x2f ? path.length - 1 : path.length;
    return { path: path.slice(0, end), dotfile: false };
  }

  let parts: string[];
  if (root !== null) {
    if (path) path = normalize('.' + sep + path);
    if (UP_PATH_REGEXP.test(path)) return 403;
    parts = path.split(sep);
    path = normalize(join(root, path));
  } else {
    if (UP_PATH_REGEXP.test(path)) return 403;
    parts = normalize(path).split(sep);
    path = resolve(path);
  }
  return { path, dotfile: containsDotFile(parts) };
}
