// Property-based tests of @brisk/proxy-addr: compile() accepts an address or subnet or throws its
// documented TypeErrors; a compiled subnet trusts exactly the addresses whose leading bits match
// (IPv4, IPv6, IPv4-mapped, netmasks); forwarded() splits X-Forwarded-For as documented;
// proxyaddr() and all() never throw on a header and agree; all of it linear.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import proxyaddr, { all, compile, forwarded } from '@brisk/proxy-addr';
import { assertLinear, check, fc, hostile, onlyDocumentedErrors } from './support/fuzz.js';

const COMPILE_ERRORS = [
  { type: TypeError, message: /^invalid IP address: / },
  { type: TypeError, message: /^invalid range on address: / },
  { type: TypeError, message: 'argument is required' },
];

/** A request as proxy-addr reads it. */
const request = (xff: string | undefined, socket = '127.0.0.1') => ({
  headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  socket: { remoteAddress: socket },
});

/** Whether `compile` accepts `entry` as an address (so the walk may return it). */
function isAddress(entry: string): boolean {
  try {
    compile(entry);
    return !entry.includes('/') && !['loopback', 'linklocal', 'uniquelocal'].includes(entry);
  } catch {
    return false;
  }
}

const ipv4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const mask4 = (prefix: number) => ipv4(prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);
/** Whether a and b agree on their first `prefix` bits. */
const same4 = (a: number, b: number, prefix: number) => prefix === 0 || (a ^ b) >>> (32 - prefix) === 0;

const uint128 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
/** IPv6 text: eight groups, then (sometimes) the longest run of zero groups written `::`. */
function ipv6(n: bigint, compress: boolean): string {
  const groups = Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  if (!compress) return groups.join(':');
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
  }
  if (bestLen < 2) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}
const same6 = (a: bigint, b: bigint, prefix: number) => (a ^ b) >> BigInt(128 - prefix) === 0n;

const TRUST_SPECIALS = [
  '.',
  '.',
  ':',
  '::',
  '/',
  '%',
  '0',
  '1',
  '9',
  '255',
  '256',
  '0x',
  '0X',
  'ff',
  'ffff',
  '10.0.0.1',
  '::ffff:',
  '/8',
  '/33',
  '/255.0.0.0',
  'eth0',
  'loopback',
  ' ',
  ',',
  '[',
  ']',
];

describe('@brisk/proxy-addr: compile', () => {
  test('any string or list: a trust function, or a documented TypeError', () => {
    check(
      fc.property(fc.oneof(hostile(TRUST_SPECIALS), fc.array(hostile(TRUST_SPECIALS), { maxLength: 3 })), (value) => {
        const trust = onlyDocumentedErrors(() => compile(value), COMPILE_ERRORS);
        if (trust === undefined) return;
        assert.equal(typeof trust, 'function');
        for (const addr of ['127.0.0.1', '::1', 'x', '', '10.0.0.1']) assert.equal(typeof trust(addr, 0), 'boolean');
      }),
      300,
    );
  });

  test('IPv4 subnets (CIDR and netmask) trust exactly the addresses that share the prefix; mapped addresses too', () => {
    check(
      fc.property(uint32, fc.integer({ min: 1, max: 32 }), uint32, (net, prefix, addr) => {
        for (const trust of [compile(`${ipv4(net)}/${prefix}`), compile(`${ipv4(net)}/${mask4(prefix)}`)]) {
          const expected = same4(net, addr, prefix);
          assert.equal(trust(ipv4(addr), 0), expected);
          assert.equal(trust(`::ffff:${ipv4(addr)}`, 0), expected);
          assert.equal(trust(ipv4(net), 0), true);
        }
        // a mapped subnet with a prefix of 96 or more is the IPv4 subnet
        assert.equal(compile(`::ffff:${ipv4(net)}/${96 + prefix}`)(ipv4(addr), 0), same4(net, addr, prefix));
      }),
      240,
    );
  });

  test('IPv6 subnets trust exactly the addresses that share the prefix, written in full or with ::', () => {
    check(
      fc.property(
        uint128,
        fc.integer({ min: 1, max: 128 }),
        fc.oneof(uint128, fc.nat({ max: 0xff }).map(BigInt)),
        fc.boolean(),
        (net, prefix, addr, compress) => {
          const trust = compile(`${ipv6(net, compress)}/${prefix}`);
          assert.equal(trust(ipv6(addr, !compress), 0), same6(net, addr, prefix), `${ipv6(addr, !compress)}`);
          assert.equal(compile(ipv6(addr, compress))(ipv6(addr, !compress), 0), true);
        },
      ),
      240,
    );
  });

  test('an IPv4 address never matches a native IPv6 subnet', () => {
    check(
      fc.property(uint32, fc.integer({ min: 1, max: 64 }), (addr, prefix) => {
        assert.equal(compile(`::/${prefix}`)(ipv4(addr), 0), false);
        assert.equal(compile(`::/${prefix}`)(`::ffff:${ipv4(addr)}`, 0), false);
      }),
      60,
    );
  });
});

const XFF_SPECIALS = [
  ',',
  ',',
  ' ',
  ', ',
  '\t',
  '10.0.0.1',
  '127.0.0.1',
  '203.0.113.7',
  '::1',
  '::ffff:10.0.0.2',
  '[2001:db8::1]',
  ':443',
  ':80',
  'unknown',
  '<script>',
  '010.0.0.1',
  '0x7f.1',
  '%eth0',
  '.',
  ':',
  '1',
];
const xffHeaders = hostile(XFF_SPECIALS, { maxParts: 20 });

describe('@brisk/proxy-addr: X-Forwarded-For', () => {
  test('forwarded(): the socket address, then the entries last first, trimmed of spaces, empty ones skipped', () => {
    check(
      fc.property(xffHeaders, (xff) => {
        const entries = xff
          .split(',')
          .map((e) => e.replace(/^ +| +$/g, ''))
          .filter((e) => e !== '')
          .reverse();
        assert.deepEqual(forwarded(request(xff)), ['127.0.0.1', ...entries]);
      }),
      240,
    );
  });

  test('proxyaddr() is the last of all(req, trust); a trust function sees addresses only, hop by hop', () => {
    check(
      fc.property(
        xffHeaders,
        fc.constantFrom('127.0.0.1', '::ffff:127.0.0.1', '::1', '10.0.0.9'),
        fc.array(fc.boolean(), { maxLength: 30 }),
        fc.constantFrom('loopback', ['loopback', 'uniquelocal'], '10.0.0.0/8', '::/0'.replace('/0', '/1')),
        (xff, socket, answers, list) => {
          const req = request(xff, socket);
          const hops: number[] = [];
          const trustFn = (addr: string, i: number) => {
            assert.ok(isAddress(addr), `the trust function saw ${JSON.stringify(addr)}`);
            hops.push(i);
            return answers[i] ?? true;
          };
          for (const trust of [trustFn, compile(list), list]) {
            hops.length = 0;
            const chain = all(req, trust as never);
            // hop numbers 0, 1, 2, ... one call each, stopping at the first untrusted address
            assert.deepEqual(hops, [...hops.keys()]);
            if (trust === trustFn)
              assert.ok(
                hops.slice(0, -1).every((i) => answers[i] ?? true),
                'stops at the first false',
              );
            assert.equal(chain[0], socket);
            for (const addr of chain.slice(1)) assert.ok(isAddress(addr), `all() returned ${JSON.stringify(addr)}`);
            assert.ok(chain.length <= forwarded(req).length);
            assert.equal(proxyaddr(req, trust as never), chain[chain.length - 1]);
          }
        },
      ),
      180,
    );
  });

  test('without the header: the socket address', () => {
    check(
      fc.property(fc.constantFrom('127.0.0.1', '::1', '203.0.113.9'), (socket) => {
        assert.equal(proxyaddr(request(undefined, socket), 'loopback'), socket);
        assert.deepEqual(all(request(undefined, socket)), [socket]);
      }),
      10,
    );
  });
});

describe('@brisk/proxy-addr: time grows linearly with hostile input', () => {
  const trustAll = () => true;
  const loopback = compile('loopback');
  const walk = (xff: string) => {
    const req = request(xff);
    proxyaddr(req, trustAll);
    all(req, loopback);
    forwarded(req);
  };
  test('X-Forwarded-For', () => {
    assertLinear('many entries', (n) => '10.0.0.1, '.repeat(n / 10), walk, { n: 2048 });
    assertLinear('many IPv6 entries', (n) => '[2001:db8::1]:443,'.repeat(n / 18), walk, { n: 2048 });
    assertLinear(', runs', (n) => ','.repeat(n), walk, { n: 4096 });
    assertLinear('spaces', (n) => ' '.repeat(n) + '10.0.0.1' + ' '.repeat(n), walk);
  });

  test('compile', () => {
    const tryCompile = (value: string | string[]) => {
      try {
        compile(value);
      } catch {}
    };
    assertLinear('long address', (n) => '1'.repeat(n) + '.1.1.1', tryCompile);
    assertLinear('long IPv6', (n) => 'f'.repeat(n) + '::1', tryCompile);
    assertLinear(
      'many entries',
      (n) => Array.from({ length: n / 16 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`),
      tryCompile,
      { n: 2048 },
    );
  });
});
