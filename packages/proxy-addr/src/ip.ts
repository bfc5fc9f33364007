// IP address parsing by index scanning, accepting exactly what ipaddr.js 1.9.1 (proxy-addr 2.0.8's
// parser) accepts through `ipaddr.isValid` / `ipaddr.parse`, without allocating.
//
// IPv4 (ipaddr.js `fourOctet` / `longValue`):
//   ipv4     = part "." part "." part "." part   ; each part 0-255
//            / part                              ; one 32-bit number
//   part     = 1*DIGIT / "0" ("x" / "X") 1*HEXDIG
// A part is read like ipaddr.js's parseIntAuto: "0x.." is hex, "0X.." is 0 (parseInt(s, 8) stops
// at the X), any other leading "0" is octal up to the first 8 or 9, anything else is decimal.
//
// IPv6 (ipaddr.js `native` / `transitional`, then its expandIPv6 and the 8-part check):
//   ipv6     = body [ "%" 1*(ALPHA / DIGIT) ]    ; zone id, ignored when matching
//   body     = groups of 1*HEXDIG (any number of leading zeros, value <= ffff) separated by ":",
//              with at most one "::", starting with a group or "::", optionally ending with ":",
//              and optionally ending with an embedded IPv4 "part.part.part.part" whose parts are
//              read by parseInt (decimal, or hex after "0x"/"0X") and are 0-255.
// The group count follows ipaddr.js's arithmetic, quirks included: "1:2:3:4:5:6:7:8:" and
// "1:2:3:4::5:6:7:8" are valid, "::1.2.3.4" is not (RFC 4291 §2.2 differs on all three).

/** parseIp result: not an IP address. */
export const INVALID = 0;
/** parseIp result: IPv4; the address is in `ipOut[0]` (as a signed 32-bit integer). */
export const IPV4 = 4;
/** parseIp result: IPv6; the eight 16-bit parts are in `ipOut[0..7]`. */
export const IPV6 = 6;

/** Output of parseIp (module scratch: read it before the next call). */
export const ipOut = new Int32Array(8);

/** Hex groups of the IPv6 address being parsed (a valid address has at most 8). */
const groups = new Int32Array(9);

/** Index where the last readPart stopped. */
let partEnd = 0;

const MAX32 = 0xffffffff;

/** Value of a hex digit, or -1. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20; // ASCII lower case
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/**
 * Reads one IPv4 part (`1*DIGIT / "0x" 1*HEXDIG`) at `i`; returns its value (capped above
 * 0xffffffff) or -1, and leaves its end in `partEnd`. `octal`: ipaddr.js's parseIntAuto (a
 * standalone IPv4 address); otherwise parseInt's auto radix (the IPv4 tail of an IPv6 address).
 */
function readPart(s: string, i: number, end: number, octal: boolean): number {
  if (i >= end) return -1;
  let c = s.charCodeAt(i);
  let v = 0;
  let j = i;
  if (c === 0x30 && i + 1 < end) {
    const x = s.charCodeAt(i + 1);
    if (x === 0x78 || x === 0x58) {
      // "0x" / "0X" followed by hex digits
      for (j = i + 2; j < end; j++) {
        const h = hexValue(s.charCodeAt(j));
        if (h < 0) break;
        if (v <= MAX32) v = v * 16 + h;
      }
      if (j === i + 2) return -1;
      partEnd = j;
      return octal && x === 0x58 ? 0 : v;
    }
  }
  if (octal && c === 0x30) {
    // parseInt(s, 8): octal digits up to the first 8 or 9; the rest must still be digits
    let stopped = false;
    for (; j < end; j++) {
      c = s.charCodeAt(j);
      if (c < 0x30 || c > 0x39) break;
      if (c > 0x37) stopped = true;
      else if (!stopped && v <= MAX32) v = v * 8 + (c - 0x30);
    }
  } else {
    for (; j < end; j++) {
      c = s.charCodeAt(j);
      if (c < 0x30 || c > 0x39) break;
      if (v <= MAX32) v = v * 10 + (c - 0x30);
    }
  }
  if (j === i) return -1;
  partEnd = j;
  return v;
}

/**
 * Parses `part.part.part.part` (and, when `octal`, also a single 32-bit `part`) in s[start, end).
 * Returns the unsigned 32-bit value, or -1.
 */
function parseIPv4(s: string, start: number, end: number, octal: boolean): number {
  let v = readPart(s, start, end, octal);
  if (v < 0) return -1;
  if (partEnd === end) return octal && v <= MAX32 ? v : -1;
  if (v > 255) return -1;
  let value = v;
  for (let k = 1; k < 4; k++) {
    if (s.charCodeAt(partEnd) !== 0x2e) return -1;
    v = readPart(s, partEnd + 1, end, octal);
    if (v < 0 || v > 255) return -1;
    value = value * 256 + v;
  }
  return partEnd === end ? value : -1;
}

/** Parses an IPv6 address in s[start, end) (which holds a ":") into ipOut. */
function parseIPv6(s: string, start: number, end: number): boolean {
  // zone id: "%" 1*(ALPHA / DIGIT) up to the end
  let bodyEnd = end;
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) === 0x25) {
      bodyEnd = i;
      break;
    }
  }
  if (bodyEnd < end) {
    if (bodyEnd + 1 === end) return false;
    for (let i = bodyEnd + 1; i < end; i++) {
      const c = s.charCodeAt(i);
      const l = c | 0x20;
      if (!((c >= 0x30 && c <= 0x39) || (l >= 0x61 && l <= 0x7a))) return false;
    }
  }
  // a leading colon only as "::"
  if (s.charCodeAt(start) === 0x3a && (start + 1 >= bodyEnd || s.charCodeAt(start + 1) !== 0x3a)) return false;

  let n = 0; // hex groups
  let colons = 0;
  let dbl = -1; // groups before the "::"
  let dblAt = -1; // index of the "::"
  let lastRun = 0; // length of the last colon run
  let tail = -1; // embedded IPv4 address, if any
  let i = start;
  while (i < bodyEnd) {
    if (s.charCodeAt(i) === 0x3a) {
      let j = i + 1;
      while (j < bodyEnd && s.charCodeAt(j) === 0x3a) j++;
      const run = j - i;
      if (run > 2) return false;
      if (run === 2) {
        if (dbl >= 0) return false;
        dbl = n;
        dblAt = i;
      }
      colons += run;
      lastRun = run;
      i = j;
      continue;
    }
    let j = i;
    let v = 0;
    for (; j < bodyEnd; j++) {
      const h = hexValue(s.charCodeAt(j));
      if (h < 0) break;
      if (v <= 0xffff) v = v * 16 + h;
    }
    if (j < bodyEnd && s.charCodeAt(j) !== 0x3a) {
      // not a group: the embedded IPv4 address, which must follow a colon and end the body
      if (colons === 0) return false;
      tail = parseIPv4(s, i, bodyEnd, false);
      if (tail < 0) return false;
      break;
    }
    if (v > 0xffff || n === 8) return false;
    groups[n++] = v;
    lastRun = 0;
    i = j;
  }

  // ipaddr.js's expandIPv6(prefix, want): with a "::", the groups must number exactly the colons
  // (not counting a leading or trailing "::" as two), at most `want`; without, exactly `want`.
  let want = 8;
  let hasDbl = dbl >= 0;
  let colonCount = colons;
  if (tail >= 0) {
    // the prefix before the IPv4 address loses its last colon; a final "::" becomes ":"
    want = 6;
    colonCount--;
    if (lastRun === 2 && dblAt + 2 === i) hasDbl = false;
  } else if (hasDbl && dblAt + 2 === bodyEnd) {
    colonCount--; // trailing "::"
  }
  if (hasDbl) {
    if (dblAt === start) colonCount--; // leading "::"
    if (n !== colonCount || n > want) return false;
  } else if (n !== want) {
    return false;
  }

  // groups before the "::", zeros, groups after
  const before = hasDbl ? dbl : n;
  const zeros = want - n;
  let k = 0;
  for (; k < before; k++) ipOut[k] = groups[k]!;
  for (let z = 0; z < zeros; z++) ipOut[k++] = 0;
  for (let g = before; g < n; g++) ipOut[k++] = groups[g]!;
  if (tail >= 0) {
    ipOut[6] = tail >>> 16;
    ipOut[7] = tail & 0xffff;
  }
  return true;
}

/**
 * Parses the IP address in s[start, end) into `ipOut`; returns IPV4, IPV6 or INVALID.
 * Accepts what ipaddr.js 1.9.1 `isValid` accepts (see the grammar above).
 */
export function parseIp(s: string, start: number, end: number): number {
  const v4 = parseIPv4(s, start, end, true);
  if (v4 >= 0) {
    ipOut[0] = v4 | 0;
    return IPV4;
  }
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) === 0x3a) return parseIPv6(s, start, end) ? IPV6 : INVALID;
  }
  return INVALID;
}

/** Whether the IPv6 parts in ipOut are an IPv4-mapped address (::ffff:0:0/96). */
export function isMapped(): boolean {
  return ipOut[0] === 0 && ipOut[1] === 0 && ipOut[2] === 0 && ipOut[3] === 0 && ipOut[4] === 0 && ipOut[5] === 0xffff;
}

/** The IPv4 address held in the low 32 bits of the IPv6 parts in ipOut (signed 32-bit). */
export function mappedIPv4(): number {
  return (ipOut[6]! << 16) | ipOut[7]!;
}
