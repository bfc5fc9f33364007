// Header values computed from a file's stats, per request (files change) but cheaply.
import type { Stats } from 'node:fs';

/** Formatted dates by timestamp: files share modification times, and formatting costs ~300 ns. */
const dates = new Map<number, string>();
/** Entries kept before the cache starts over (a bound on its memory). */
const MAX_DATES = 1024;

/** `date.toUTCString()` (an IMF-fixdate for `Last-Modified`), remembered per timestamp. */
export function httpDate(date: Date): string {
  const time = date.getTime();
  let value = dates.get(time);
  if (value === undefined) {
    if (dates.size >= MAX_DATES) dates.clear();
    value = date.toUTCString();
    dates.set(time, value);
  }
  return value;
}

/**
 * The weak entity tag of a file: `W/"<size, hex>-<mtime in ms, hex>"`, exactly what
 * @brisk/http's `etag(stat)` (etag 1.8) gives for an `fs.Stats`, without its argument checks.
 */
export function fileEtag(stat: Stats): string {
  return 'W/"' + stat.size.toString(16) + '-' + stat.mtime.getTime().toString(16) + '"';
}
