// Trust lists compiled into integer subnets, matched against addresses without allocating.
import { INVALID, IPV4, IPV6, ipOut, isMapped, mappedIPv4, parseIp } from './ip.js';

/**
 * A trust function: is the address `addr`, at hop `i` (0 = the socket address), a trusted proxy?
 * `addr` is `undefined` at hop 0 when Node no longer knows the socket's remote address.
 */
export type TrustFunction = (addr: string, i: number) => boolean;

/**
 * What to trust: an address (`'10.0.0.1'`, `'fe80::1'`), a subnet in CIDR notation (`'10.0.0.0/8'`,
 * `'fe80::/10'`) or with an IPv4 netmask (`'10.0.0.0/255.0.0.0'`), or one of the names
 * `'loopback'`, `'linklocal'`, `'uniquelocal'`; or an array of these.
 */
export type TrustValue = string | readonly string[];

/** A trust argument: a trust function, or a value to compile into one. */
export type Trust = TrustFunction | TrustValue;

/** The compiled form of a trust list. */
interface Matcher {
  /** IPv4 subnets as (network, mask) pairs of signed 32-bit integers, IPv4-mapped IPv6 subnets included. */
  readonly v4: readonly number[];
  /** IPv6 subnets, V6_STRIDE integers each: parts to compare, 8 network parts, 8 part masks. */
  readonly v6: readonly number[];
}

const V6_STRIDE = 17;

/** The pre-defined names, as proxy-addr 2.0.8 defines them. */
const NAMED_RANGES: ReadonlyMap<string, readonly string[]> = new Map([
  ['linklocal', ['169.254.0.0/16', 'fe80::/10']],
  ['loopback', ['127.0.0.1/8', '::1/128']],
  ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
]);

/** Marks trust functions made by compile() with their matcher (module-private). */
const kMatcher = Symbol('proxy-addr matcher');

interface Compiled {
  [kMatcher]?: Matcher;
}

/** IPv4 mask of a prefix length 0-32, as a signed 32-bit integer. */
function mask4(prefix: number): number {
  return prefix === 0 ? 0 : -1 << (32 - prefix);
}

/** Prefix length of a contiguous IPv4 netmask (signed 32-bit), or null (ipaddr.js prefixLengthFromSubnetMask). */
function prefixOfNetmask(mask: number): number | null {
  for (let p = 0; p <= 32; p++) if (mask4(p) === mask) return p;
  return null;
}

/** Value of an all-digits prefix length like parseInt(s, 10), capped; -1 if `s` is not /^[0-9]+$/. */
function digits(s: string, start: number): number {
  if (start >= s.length) return -1;
  let v = 0;
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
    if (v <= 1000) v = v * 10 + (c - 0x30);
  }
  return v;
}

/**
 * Adds one trust entry (`ip`, `ip/prefix` or `ipv4/netmask`) to the subnet lists, with proxy-addr
 * 2.0.8's rules and messages (its parseipNotation).
 */
function addSubnet(note: string, v4: number[], v6: number[]): void {
  const slash = note.lastIndexOf('/');
  const ipEnd = slash === -1 ? note.length : slash;
  let kind = parseIp(note, 0, ipEnd);
  if (kind === INVALID) throw new TypeError('invalid IP address: ' + note.substring(0, ipEnd));
  let addr = ipOut[0]!;
  // an IPv4-mapped address without a prefix is stored as IPv4
  if (slash === -1 && kind === IPV6 && isMapped()) {
    kind = IPV4;
    addr = mappedIPv4();
  }
  const parts =
    kind === IPV6
      ? [ipOut[0]!, ipOut[1]!, ipOut[2]!, ipOut[3]!, ipOut[4]!, ipOut[5]!, ipOut[6]!, ipOut[7]!]
      : undefined;
  const max = kind === IPV6 ? 128 : 32;

  let range: number | null = max;
  if (slash !== -1) {
    range = digits(note, slash + 1);
    if (range === -1) {
      // a netmask, for IPv4 addresses only; an IPv6 netmask gives no range
      range = null;
      if (kind === IPV4) {
        const maskKind = parseIp(note, slash + 1, note.length);
        if (maskKind === IPV4) range = prefixOfNetmask(ipOut[0]!);
      }
    }
  }
  if (range === null || range <= 0 || range > max) {
    throw new TypeError('invalid range on address: ' + note);
  }

  if (parts === undefined) {
    const m = mask4(range);
    v4.push(addr & m, m);
    return;
  }
  for (let j = 0; j < 8; j++) ipOut[j] = parts[j]!;
  if (isMapped()) {
    // an IPv4-mapped subnet only matches IPv4 addresses, and only when its prefix covers ::ffff:
    if (range >= 96) {
      const m = mask4(range - 96);
      v4.push(mappedIPv4() & m, m);
    }
    return;
  }
  const at = v6.length;
  v6.push(Math.ceil(range / 16));
  for (let j = 0; j < 16; j++) v6.push(0);
  for (let j = 0; j < 8; j++) {
    const bits = Math.min(16, Math.max(0, range - 16 * j));
    const mask = bits === 0 ? 0 : (0xffff << (16 - bits)) & 0xffff;
    v6[at + 1 + j] = parts[j]! & mask;
    v6[at + 9 + j] = mask;
  }
}

/** Compiles a trust value into a matcher; TypeErrors as proxy-addr 2.0.8's compile(). */
export function compileMatcher(val: unknown): Matcher {
  if (!val) throw new TypeError('argument is required');
  let list: readonly unknown[];
  if (typeof val === 'string') list = [val];
  else if (Array.isArray(val)) list = val;
  else throw new TypeError('unsupported trust argument');

  const v4: number[] = [];
  const v6: number[] = [];
  for (const entry of list) {
    // proxy-addr reads each entry with String methods: anything else is not an address
    if (typeof entry !== 'string') throw new TypeError('invalid IP address: ' + String(entry));
    const named = NAMED_RANGES.get(entry);
    if (named === undefined) addSubnet(entry, v4, v6);
    else for (const note of named) addSubnet(note, v4, v6);
  }
  return { v4, v6 };
}

/** Whether s[start, end) is an IP address inside one of the matcher's subnets (proxy-addr 2.0.8's trust rules). */
export function matches(m: Matcher, s: string, start: number, end: number): boolean {
  return matchesParsed(m, parseIp(s, start, end));
}

/**
 * Whether the address parseIp just parsed (its result `kind`, its value in `ipOut`) is inside one
 * of the matcher's subnets.
 */
export function matchesParsed(m: Matcher, parsed: number): boolean {
  let kind = parsed;
  if (kind === INVALID) return false;
  let addr = ipOut[0]!;
  if (kind === IPV6 && isMapped()) {
    // IPv4-mapped candidates are IPv4: they never match native IPv6 subnets
    kind = IPV4;
    addr = mappedIPv4();
  }
  if (kind === IPV4) {
    const v4 = m.v4;
    for (let i = 0; i < v4.length; i += 2) if ((addr & v4[i + 1]!) === v4[i]) return true;
    return false;
  }
  const v6 = m.v6;
  outer: for (let i = 0; i < v6.length; i += V6_STRIDE) {
    const len = v6[i]!;
    for (let j = 0; j < len; j++) {
      if ((ipOut[j]! & v6[i + 9 + j]!) !== v6[i + 1 + j]) continue outer;
    }
    return true;
  }
  return false;
}

/** The matcher of a trust function made by compile(), if it is one. */
export function matcherOf(fn: TrustFunction): Matcher | undefined {
  return (fn as Compiled)[kMatcher];
}

/** Makes the trust function of a matcher. */
export function trustFunction(m: Matcher): TrustFunction {
  const trust: TrustFunction & Compiled = function trust(addr: string): boolean {
    return typeof addr === 'string' && matches(m, addr, 0, addr.length);
  };
  trust[kMatcher] = m;
  return trust;
}

/** Compiled string trust values, so that proxyaddr(req, 'loopback') compiles once. */
const cache = new Map<string, Matcher>();
const CACHE_MAX = 64;

/** The matcher for a trust value passed to proxyaddr()/all(): cached for strings. */
export function matcherFor(val: unknown): Matcher {
  if (typeof val !== 'string') return compileMatcher(val);
  let m = cache.get(val);
  if (m === undefined) {
    m = compileMatcher(val);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(val, m);
  }
  return m;
}

/**
 * Compiles a trust value into a trust function `(addr, i) => boolean`. Compile once and pass the
 * function to proxyaddr() / all(): an array is otherwise compiled again on each call (strings
 * are compiled once and cached).
 *
 * @example
 * const trust = compile(['loopback', '10.0.0.0/8']);
 * trust('127.0.0.1', 0); // true
 * proxyaddr(req, trust);
 */
export function compile(val: TrustValue): TrustFunction {
  return trustFunction(compileMatcher(val));
}
