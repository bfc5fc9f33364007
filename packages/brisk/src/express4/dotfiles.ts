// send 0.19's dotfile rule when no `dotfiles` option is given, for `express.static` (serve-static
// 1.16) and Express 4's `res.sendFile`, `res.download` and `res.sendfile`: a path whose last
// segment is a dotfile (`/.env`) is ignored (404), unless the `hidden` option is set; a dotfile
// directory above the file (`/.well-known/x`, `/home/me/.config/app/file`) is allowed. send 1
// (Express 5) ignores both. An explicit `dotfiles` is the same in both versions.

import { normalize, sep } from 'node:path';
import { warn } from './warn.js';

/**
 * The `dotfiles` value that makes brisk's send (send 1) answer for `path` as send 0.19 does
 * without one: `'ignore'` when the last segment of the path is a dotfile, else `'allow'` (with
 * `hidden`, always `'allow'`).
 *
 * @param path The path as send 0.19 is given it.
 * @param decode send 0.19 percent-decodes it (a URL path: `express.static`, `res.sendfile`);
 *   `res.sendFile` encodes the path it is given first, so its own `%` stay.
 * @param root Whether a `root` is set: the segments are then those of the path under it.
 */
export function legacyDotfiles(path: string, decode: boolean, root: boolean, hidden: boolean): 'allow' | 'ignore' {
  if (hidden) return 'allow';
  let p = path;
  if (decode && p.indexOf('%') !== -1) {
    try {
      p = decodeURIComponent(p);
    } catch {
      return 'ignore'; // send answers 400 before it looks at dotfiles
    }
  }
  if (p.indexOf('.') === -1) return 'allow'; // no dotfile anywhere: either value answers the same
  const parts = (root ? (p ? normalize('.' + sep + p) : p) : normalize(p)).split(sep);
  return parts[parts.length - 1].charCodeAt(0) === 0x2e /* . */ ? 'ignore' : 'allow';
}

/** The options of a file response as send 0.19 reads them: `dotfiles` when it was not given. */
export function withLegacyDotfiles<O extends { dotfiles?: unknown; hidden?: unknown; root?: unknown }>(
  options: O,
  path: string,
  decode: boolean,
): O {
  if (options.hidden !== undefined) warn('BRISK_E4_STATIC_HIDDEN');
  if (options.dotfiles !== undefined) return options;
  return { ...options, dotfiles: legacyDotfiles(path, decode, Boolean(options.root), Boolean(options.hidden)) };
}
