// @brisk/proxy-addr: the address of a proxied request (proxy-addr 2.0.8 + forwarded 0.2.0).
import { type Trust, type TrustFunction, type TrustValue, compile } from './compile.js';
import { type RequestLike, forwarded } from './forwarded.js';
import { all, proxyaddr } from './proxyaddr.js';

// Addresses of a request
export { proxyaddr, all } from './proxyaddr.js';
export { forwarded, type RequestLike } from './forwarded.js';

// Trust
export { compile, type Trust, type TrustFunction, type TrustValue } from './compile.js';

/** The module: `proxyaddr(req, trust)`, with `all`, `compile` and `forwarded` as properties (as proxy-addr's CommonJS export). */
export interface ProxyAddr {
  /** The address of the client: see `proxyaddr`. */
  (req: RequestLike, trust: Trust): string | undefined;
  /** The addresses of a request, nearest first, up to the first untrusted one. */
  all: typeof all;
  /** Compiles a trust value into a trust function. */
  compile: typeof compile;
  /** All the addresses of a request (forwarded 0.2.0). */
  forwarded: typeof forwarded;
  /** The module itself, which is also the named export `proxyaddr`. */
  proxyaddr: typeof proxyaddr;
}

/**
 * proxy-addr's module export: `require('@brisk/proxy-addr')(req, trust)`. It is the `proxyaddr`
 * function itself (so that its name is `proxyaddr` in every build), with the other exports as
 * properties.
 *
 * @example
 * const proxyaddr = require('@brisk/proxy-addr');
 * const trust = proxyaddr.compile('loopback');
 * proxyaddr(req, trust);
 */
const main: ProxyAddr = Object.assign(proxyaddr, { all, compile, forwarded, proxyaddr });

/** The types, also reachable from the function, for CommonJS users (`import proxyaddr = require(...)`). */
declare namespace main {
  /** A trust value or a compiled trust function. */
  export type Trust = TrustType;
  /** A compiled trust function `(addr, i) => boolean`. */
  export type TrustFunction = TrustFunctionType;
  /** What `compile` accepts. */
  export type TrustValue = TrustValueType;
  /** The parts of a request the functions read. */
  export type RequestLike = RequestLikeType;
  /** The module's shape. */
  export type ProxyAddr = ProxyAddrType;
}
// Top-level aliases: a namespace merged with a const cannot re-export imported names.
type TrustType = Trust;
type TrustFunctionType = TrustFunction;
type TrustValueType = TrustValue;
type RequestLikeType = RequestLike;
type ProxyAddrType = ProxyAddr;

export default main;
