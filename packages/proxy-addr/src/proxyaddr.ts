// The address of a proxied request: walk back from the socket address through X-Forwarded-For
// while the addresses are trusted proxies (proxy-addr 2.0.8's proxyaddr and all). Unlike
// proxy-addr, the walk stops before the first entry that is not an IP address, as if the header
// began after it (decision 006): the answer is always an address that was sent as one.
import { type Trust, type TrustFunction, compile, matcherFor, matcherOf, matches, matchesParsed } from './compile.js';
import { type RequestLike, forwarded, forwardedHeader, prevEntry, socketAddress, span } from './forwarded.js';
import * as trusts from './compile.js'; // types only, for the namespace
import * as requests from './forwarded.js'; // types only, for the namespace
import { INVALID, IPV4, IPV6, parseIp } from './ip.js';

/** Bounds of the address {@link entryAddress} found (module scratch: read it before the next call). */
const addr = { start: 0, end: 0 };

/** Whether s[colon, end) is `:` and a port (1 to 5 digits). */
function isPort(s: string, colon: number, end: number): boolean {
  if (s.charCodeAt(colon) !== 0x3a || end - colon < 2 || end - colon > 6) return false;
  for (let i = colon + 1; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Reads the X-Forwarded-For entry s[start, end) as an address: an IP address as it is, or the
 * address of an entry with a port (`203.0.113.7:4711`, `[2001:db8::1]:443`, `[2001:db8::1]`, as
 * some load balancers write them). Sets `addr` to the address's bounds; returns parseIp's kind
 * (its value in ipOut), INVALID for anything else.
 */
function entryAddress(s: string, start: number, end: number): number {
  addr.start = start;
  addr.end = end;
  const kind = parseIp(s, start, end);
  if (kind !== INVALID) return kind;
  if (s.charCodeAt(start) === 0x5b /* [ */) {
    const close = s.indexOf(']', start);
    if (close < 0 || close >= end || (close + 1 !== end && !isPort(s, close + 1, end))) return INVALID;
    if (parseIp(s, start + 1, close) !== IPV6) return INVALID;
    addr.start = start + 1;
    addr.end = close;
    return IPV6;
  }
  const colon = s.indexOf(':', start);
  if (colon < 0 || colon >= end || !isPort(s, colon, end) || parseIp(s, start, colon) !== IPV4) return INVALID;
  addr.end = colon;
  return IPV4;
}

/**
 * The address of the client: the first untrusted address walking back from the socket address
 * through the X-Forwarded-For entries (or the furthest one when all are trusted). An entry that is
 * not an IP address (`unknown`, `<script>`) ends the walk, as if the header began after it: the
 * address before it is the answer, so the answer is the socket address or an IP address from the
 * header (an entry with a port, `203.0.113.7:4711` or `[2001:db8::1]:443`, gives its address).
 * Unlike proxy-addr, which returns any entry as sent.
 *
 * `trust` is called as `trust(addr, i)` for every address but the last one, nearest first, until it
 * returns false; it never sees an entry that is not an IP address. A string or array is compiled as
 * by `compile()` (strings are compiled once and cached; compile an array once yourself).
 *
 * @returns the address; `undefined` only if the socket address is (a closed socket).
 * @throws {TypeError} `req argument is required`, `trust argument is required`, and compile()'s errors
 * @example
 * proxyaddr(req, 'loopback');
 * proxyaddr(req, ['loopback', 'fc00::/7']);
 * proxyaddr(req, (addr, i) => i < 1); // trust the nearest hop only
 */
export function proxyaddr(req: RequestLike, trust: Trust): string | undefined {
  if (!req) throw new TypeError('req argument is required');
  if (!trust) throw new TypeError('trust argument is required');
  const header = forwardedHeader(req);
  const socket = socketAddress(req);
  const m = typeof trust === 'function' ? matcherOf(trust) : matcherFor(trust);

  if (m !== undefined) {
    // compiled trust (pure): check the entries in place, cut out only the answer
    if (!prevEntry(header, header.length)) return socket;
    if (typeof socket !== 'string' || !matches(m, socket, 0, socket.length)) return socket;
    let prevStart = -1; // the previous (trusted) entry; -1: the socket address
    let prevEnd = 0;
    for (;;) {
      const kind = entryAddress(header, span.start, span.end);
      if (kind === INVALID) return prevStart === -1 ? socket : header.substring(prevStart, prevEnd);
      if (!matchesParsed(m, kind) || !prevEntry(header, span.next)) return header.substring(addr.start, addr.end);
      prevStart = addr.start;
      prevEnd = addr.end;
    }
  }

  // a user function: called exactly as proxy-addr calls it (not for the last address) on the
  // entries up to the first one that is not an IP address
  const fn = trust as TrustFunction;
  let found = socket as string;
  let pos = header.length;
  for (let i = 0; prevEntry(header, pos); i++) {
    pos = span.next;
    if (entryAddress(header, span.start, span.end) === INVALID) return found;
    const start = addr.start; // read before the trust function, which may call proxyaddr() itself
    const end = addr.end;
    if (!fn(found, i)) return found;
    found = header.substring(start, end);
  }
  return found;
}

/**
 * The addresses of a request, nearest first: the socket address, then the X-Forwarded-For entries
 * from the last, stopping after the first untrusted one when `trust` is given (all when it is not).
 * With `trust`, they also stop before the first entry that is not an IP address (as `proxyaddr`),
 * so the last one is `proxyaddr(req, trust)`; without it, every entry is returned as sent.
 *
 * @throws {TypeError} `argument req is required`, and compile()'s errors
 * @example
 * // socket 127.0.0.1, X-Forwarded-For: 203.0.113.7, 10.0.0.2
 * all(req);              // ['127.0.0.1', '10.0.0.2', '203.0.113.7']
 * all(req, 'loopback');  // ['127.0.0.1', '10.0.0.2']
 */
export function all(req: RequestLike, trust?: Trust): string[] {
  if (!trust) return forwarded(req);
  if (!req) throw new TypeError('argument req is required');
  const header = forwardedHeader(req);
  const addrs = [socketAddress(req)] as string[];
  const fn = typeof trust === 'function' ? trust : undefined;
  const m = fn === undefined ? matcherFor(trust) : undefined;
  let found = addrs[0]!;
  let pos = header.length;
  for (let i = 0; prevEntry(header, pos); i++) {
    pos = span.next;
    if (entryAddress(header, span.start, span.end) === INVALID) break;
    const start = addr.start;
    const end = addr.end;
    const trusted = m !== undefined ? typeof found === 'string' && matches(m, found, 0, found.length) : fn!(found, i);
    if (!trusted) break;
    found = header.substring(start, end);
    addrs.push(found);
  }
  return addrs;
}

// proxy-addr's `module.exports`: `proxyaddr`, with `all`, `compile`, `forwarded` and itself as
// properties (`require('@brisk/proxy-addr')`, src/index.cts).
const addressOf = proxyaddr;
const addressesOf = all;
const compileTrust = compile;
const forwardedOf = forwarded;
export namespace proxyaddr {
  /** The addresses of a request, nearest first, up to the first untrusted one. */
  export const all = addressesOf;
  /** Compiles a trust value into a trust function. */
  export const compile = compileTrust;
  /** All the addresses of a request (forwarded 0.2.0). */
  export const forwarded = forwardedOf;
  /** The module itself, which is also the named export `proxyaddr`. */
  export const proxyaddr = addressOf;
}

/** The types, also reachable from the function, for CommonJS users (`import proxyaddr = require(...)`). */
export declare namespace proxyaddr {
  export import Trust = trusts.Trust;
  export import TrustFunction = trusts.TrustFunction;
  export import TrustValue = trusts.TrustValue;
  export import RequestLike = requests.RequestLike;
  /** The module's shape. */
  export type ProxyAddr = typeof proxyaddr;
}
