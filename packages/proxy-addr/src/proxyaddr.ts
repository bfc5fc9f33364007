// The address of a proxied request: walk back from the socket address through X-Forwarded-For
// while the addresses are trusted proxies (proxy-addr 2.0.8's proxyaddr and all).
import { type Trust, type TrustFunction, matcherFor, matcherOf, matches } from './compile.js';
import { type RequestLike, forwarded, forwardedHeader, prevEntry, socketAddress, span } from './forwarded.js';

/**
 * The address of the client: the first untrusted address walking back from the socket address
 * through the X-Forwarded-For entries (or the furthest one when all are trusted).
 *
 * `trust` is called as `trust(addr, i)` for every address but the last one, nearest first, until it
 * returns false. A string or array is compiled as by `compile()` (strings are compiled once and
 * cached; compile an array once yourself).
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
    for (;;) {
      const start = span.start;
      const end = span.end;
      if (!matches(m, header, start, end) || !prevEntry(header, span.next)) return header.substring(start, end);
    }
  }

  // a user function: called exactly as proxy-addr calls it (not for the last address)
  const fn = trust as TrustFunction;
  let addr = socket as string;
  let pos = header.length;
  for (let i = 0; prevEntry(header, pos); i++) {
    const start = span.start;
    const end = span.end;
    pos = span.next;
    if (!fn(addr, i)) return addr;
    addr = header.substring(start, end);
  }
  return addr;
}

/**
 * The addresses of a request, nearest first: the socket address, then the X-Forwarded-For entries
 * from the last, stopping after the first untrusted one when `trust` is given (all when it is not).
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
    const trusted = m !== undefined ? typeof addr === 'string' && matches(m, addr, 0, addr.length) : fn!(addr, i);
    if (!trusted) break;
    addr = header.substring(start, end);
    addrs.push(addr);
  }
  return addrs;
}
