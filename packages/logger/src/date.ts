/**
 * The `:date` formats, in UTC. The second-resolution strings (clf, web) are cached per second,
 * the ISO string per millisecond: a busy server formats each at most once per tick of its clock.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number): string => (n < 10 ? '0' + n : String(n));

/** Common log format: `21/Nov/2026:22:14:00 +0000`. */
function formatClf(date: Date): string {
  return (
    pad2(date.getUTCDate()) +
    '/' +
    MONTHS[date.getUTCMonth()] +
    '/' +
    date.getUTCFullYear() +
    ':' +
    pad2(date.getUTCHours()) +
    ':' +
    pad2(date.getUTCMinutes()) +
    ':' +
    pad2(date.getUTCSeconds()) +
    ' +0000'
  );
}

let clfSecond = NaN;
let clfText = '';
let webSecond = NaN;
let webText = '';
let isoTime = NaN;
let isoText = '';

/** `21/Nov/2026:22:14:00 +0000` for the time `ms` (milliseconds since the epoch). */
export function clfDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== clfSecond) {
    clfText = formatClf(new Date(ms));
    clfSecond = second;
  }
  return clfText;
}

/** `Sat, 21 Nov 2026 22:14:00 GMT` (RFC 1123, `Date#toUTCString`) for the time `ms`. */
export function webDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== webSecond) {
    webText = new Date(ms).toUTCString();
    webSecond = second;
  }
  return webText;
}

/** `2026-11-21T22:14:00.000Z` (ISO 8601, `Date#toISOString`) for the time `ms`. */
export function isoDate(ms: number): string {
  if (ms !== isoTime) {
    isoText = new Date(ms).toISOString();
    isoTime = ms;
  }
  return isoText;
}
