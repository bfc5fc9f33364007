// @brisk/proxy-addr: the address of a proxied request (proxy-addr 2.0.8 + forwarded 0.2.0).
import { proxyaddr } from './proxyaddr.js';

// Addresses of a request
export { proxyaddr, all } from './proxyaddr.js';
export { forwarded, type RequestLike } from './forwarded.js';

// Trust
export { compile, type Trust, type TrustFunction, type TrustValue } from './compile.js';

/** The module's shape: `proxyaddr(req, trust)`, with `all`, `compile`, `forwarded` and itself as properties. */
export type ProxyAddr = proxyaddr.ProxyAddr;

/**
 * proxy-addr's module export: `require('@brisk/proxy-addr')(req, trust)`. It is the `proxyaddr`
 * function itself, with the other exports as properties.
 *
 * @example
 * const proxyaddr = require('@brisk/proxy-addr');
 * const trust = proxyaddr.compile('loopback');
 * proxyaddr(req, trust);
 */
export default proxyaddr;
