// The address of a proxied request: walk back from the socket address through X-Forwarded-For
// while the addresses are trusted proxies (proxy-addr 2.0.8's proxyaddr and all). Unlike
// proxy-addr, the walk stops before the first entry that is not an IP address, as if the header
// began after it (decision 006): the answer is always an address that was sent as one.
import { type Trust, type TrustFunction, matcherFor, matcherOf, matches, matchesParsed } from './compile.js';
import { type RequestLike, forwarded, forwardedHeader, prevEntry, socketAddress, span } from './forwarded.js';
import { INVALID, parseIp } from './ip.js';

/**
 * The address of the client: the first untrusted address walking back from the socket address
 * through the X-Forwarded-For entries (or the furthest one when all are trusted). An entry that is
 * not an IP address (`unknown`, `<script>`, `1.2.3.4:80`) ends the walk, as if the header began
 * after it: the address before it is the answer, so the answer is the socket address or an entry
 * that is an IP address. Unlike proxy-addr, which returns such an entry as the client's address.
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
      const start = span.start;
      const end = span.end;
      const kind = parseIp(header, start, end);
      if (kind === INVALID) return prevStart === -1 ? socket : header.substring(prevStart, prevEnd);
      if (!matchesParsed(m, kind) || !prevEntry(header, span.next)) return header.substring(start, end);
      prevStart = start;
      prevEnd = end;
    }
  }

  // a user function: called exactly as proxy-addr calls it (not for the last address) on the
  // entries up to the first one that is not an IP address
  const fn = trust as TrustFunction;
  let addr = socket as string;
  let pos = header.length;
  for (let i = 0; prevEntry(header, pos); i++) {
    const start = span.start;
    const end = span.end;
    pos = span.next;
    if (parseIp(header, start, end) === INVALID || !fn(addr, i)) return addr;
    addr = header.substring(start, end);
  }
  return addr;
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
  let addr = addrs[0]!;
  let pos = header.length;
  for (let i = 0; prevEntry(header, pos); i++) {
    const start = span.start;
    const end = span.end;
    pos = span.next;
    if (parseIp(header, start, end) === INVALID) break;
    const trusted = m !== undefined ? typeof addr === 'string' && matches(m, addr, 0, addr.length) : fn!(addr, i);
    if (!trusted) break;
    addr = header.substring(start, end);
    addrs.push(addr);
  }
  return addrs;
}
