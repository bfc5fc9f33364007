import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { INVALID, IPV4, IPV6, ipOut, isMapped, mappedIPv4, parseIp } from '../src/ip.js';
import { assertLinear } from '../../../test/support/fuzz.js';

/** The parsed address as text: dotted IPv4, or the eight IPv6 parts in hex; null if invalid. */
function parse(s: string): string | null {
  const kind = parseIp(s, 0, s.length);
  if (kind === INVALID) return null;
  if (kind === IPV4) {
    const v = ipOut[0]! >>> 0;
    return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  }
  assert.equal(kind, IPV6);
  return Array.from(ipOut, (p) => p.toString(16)).join(':');
}

// What ipaddr.js 1.9.1 (proxy-addr 2.0.8) accepts, odd forms included.
const VALID_IPV4: [string, string][] = [
  ['127.0.0.1', '127.0.0.1'],
  ['0.0.0.0', '0.0.0.0'],
  ['255.255.255.255', '255.255.255.255'],
  ['192.168.1.10', '192.168.1.10'],
  // leading zeros are octal, up to the first 8 or 9
  ['010.0.0.1', '8.0.0.1'],
  ['0177.0.0.01', '127.0.0.1'],
  ['08.09.1.1', '0.0.1.1'],
  ['0189.1.1.1', '1.1.1.1'],
  ['0999.1.1.1', '0.1.1.1'],
  ['000000000000000000000001.1.1.1', '1.1.1.1'],
  // hex parts: "0x" is hex, "0X" reads as 0
  ['0x7f.0x0.0x0.0x1', '127.0.0.1'],
  ['0xFF.0Xff.1.1', '255.0.1.1'],
  ['0x000000ff.1.1.1', '255.1.1.1'],
  // one 32-bit number
  ['1', '0.0.0.1'],
  ['0', '0.0.0.0'],
  ['2130706433', '127.0.0.1'],
  ['4294967295', '255.255.255.255'],
  ['0x7f000001', '127.0.0.1'],
  ['017700000001', '127.0.0.1'],
  ['037777777777', '255.255.255.255'],
  ['0X7f000001', '0.0.0.0'],
];

const INVALID_IPV4 = [
  '',
  ' ',
  '.',
  '1.',
  '.1',
  '1..1.1',
  '1.2.3',
  '1.2.3.4.5',
  '127.1',
  '0x7f.1',
  '1.2.3.4.',
  '256.0.0.1',
  '1.2.3.256',
  '0x100.1.1.1',
  '1.1.1.0400',
  '4294967296',
  '0x100000000',
  '040000000000',
  '99999999999999999999999',
  '1.2.3.4 ',
  ' 1.2.3.4',
  '1.2.3.4\n',
  '1.2.3.-4',
  '+1.2.3.4',
  '1.2.3.4/32',
  '0x.1.1.1',
  '00x1.1.1.1',
  '0xg.1.1.1',
  'a.b.c.d',
  '1.2.3.4%eth0',
  '１.2.3.4',
  '1e3.1.1.1',
  'localhost',
];

const VALID_IPV6: [string, string][] = [
  ['::', '0:0:0:0:0:0:0:0'],
  ['::1', '0:0:0:0:0:0:0:1'],
  ['1::', '1:0:0:0:0:0:0:0'],
  ['fe80::1', 'fe80:0:0:0:0:0:0:1'],
  ['FE80::ABCD', 'fe80:0:0:0:0:0:0:abcd'],
  ['2001:db8::8a2e:370:7334', '2001:db8:0:0:0:8a2e:370:7334'],
  ['2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:db8:0:0:0:ff00:42:8329'],
  ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
  ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
  ['::2:3:4:5:6:7:8', '0:2:3:4:5:6:7:8'],
  ['1:2::7:8', '1:2:0:0:0:0:7:8'],
  ['00000000001::', '1:0:0:0:0:0:0:0'],
  ['0000ffff::', 'ffff:0:0:0:0:0:0:0'],
  // zone ids are accepted and ignored
  ['fe80::1%eth0', 'fe80:0:0:0:0:0:0:1'],
  ['fe80::1%25', 'fe80:0:0:0:0:0:0:1'],
  ['::%A', '0:0:0:0:0:0:0:0'],
  // embedded IPv4
  ['::ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1'],
  ['::FFFF:10.0.0.1', '0:0:0:0:0:ffff:a00:1'],
  ['::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1'],
  ['0:0:0:0:0:ffff:1.2.3.4', '0:0:0:0:0:ffff:102:304'],
  ['::ffff:010.0x10.0X1f.1', '0:0:0:0:0:ffff:a10:1f01'],
  ['::ffff:1.2.3.4%eth0', '0:0:0:0:0:ffff:102:304'],
  // ipaddr.js 1.9.1 quirks (not RFC 4291 text forms, but proxy-addr accepts them)
  ['1:2:3:4:5:6:7:8:', '1:2:3:4:5:6:7:8'],
  ['1:2:3:4::5:6:7:8', '1:2:3:4:5:6:7:8'],
  ['::1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
  ['1:2:3:4:5:6:7:8::', '1:2:3:4:5:6:7:8'],
  ['a:b:c:d:e:f::1.2.3.4', 'a:b:c:d:e:f:102:304'],
];

const INVALID_IPV6 = [
  ':',
  ':::',
  '::::',
  ':1',
  ':1::',
  ':1:2:3:4:5:6:7:8',
  '1:',
  '1::2::3',
  '1:::2',
  '1::2:',
  '::1:',
  '1:2:3:4:5:6:7',
  '1:2:3:4:5:6:7:8:9',
  '1:2:3:4:5:6:7:8:9::',
  '::1:2:3:4:5:6:7:8:9',
  '10000::',
  'fffff::',
  'g::',
  'fe80::1%',
  'fe80::1%eth-0',
  'fe80::1%eth0%1',
  'fe80::1%eth 0',
  '%eth0',
  'fe80::1 ',
  ' ::1',
  '::1/128',
  '[::1]',
  // a "::" just before an embedded IPv4 address is rejected by ipaddr.js 1.9.1
  '::1.2.3.4',
  '64:ff9b::192.0.2.33',
  '::ffff:256.0.0.1',
  '::ffff:1.2.3',
  '::ffff:1.2.3.4.5',
  '::ffff:1.2.3.4:1',
  '1.2.3.4::',
  '1.2.3.4:ffff::',
  '1::2:1.2.3.4:',
  'a::b::1.2.3.4',
  '::a::1.2.3.4',
  '1:2:3:4:5:6:7:1.2.3.4',
  '1:2:3:4:5:1.2.3.4',
  '::ffff:0x.1.1.1',
  '::ffff:a.b.c.d',
  '::ffff:12345678',
  'x::',
  '::x',
  '1:2:3:4:5:6:7:8%',
];

describe('parseIp: IPv4 (ipaddr.js 1.9.1 forms)', () => {
  for (const [input, expected] of VALID_IPV4) {
    test(`valid ${JSON.stringify(input)} -> ${expected}`, () => assert.equal(parse(input), expected));
  }
  for (const input of INVALID_IPV4) {
    test(`invalid ${JSON.stringify(input)}`, () => assert.equal(parse(input), null));
  }
});

describe('parseIp: IPv6 (ipaddr.js 1.9.1 forms)', () => {
  for (const [input, expected] of VALID_IPV6) {
    test(`valid ${JSON.stringify(input)} -> ${expected}`, () => assert.equal(parse(input), expected));
  }
  for (const input of INVALID_IPV6) {
    test(`invalid ${JSON.stringify(input)}`, () => assert.equal(parse(input), null));
  }
});

describe('parseIp: bounds and helpers', () => {
  test('parses only s[start, end)', () => {
    const s = 'xx 10.0.0.1, fe80::1%eth0 yy';
    assert.equal(parseIp(s, 3, 11), IPV4);
    assert.equal(ipOut[0], (10 << 24) | 1);
    assert.equal(parseIp(s, 13, 25), IPV6);
    assert.equal(ipOut[0], 0xfe80);
    assert.equal(parseIp(s, 13, 14), INVALID);
    assert.equal(parseIp(s, 5, 5), INVALID);
  });

  test('isMapped / mappedIPv4', () => {
    assert.equal(parseIp('::ffff:192.168.0.1', 0, 18), IPV6);
    assert.equal(isMapped(), true);
    assert.equal(mappedIPv4() >>> 0, 0xc0a80001);
    for (const s of ['::fffe:1.2.3.4', '1::ffff:1.2.3.4', '::1', '0:0:0:0:1:ffff:1.2.3.4']) {
      assert.equal(parseIp(s, 0, s.length), IPV6, s);
      assert.equal(isMapped(), false, s);
    }
  });

  test('long inputs take linear time', () => {
    const cases: [label: string, build: (n: number) => string, kind: number][] = [
      ['digits', (n) => '1'.repeat(n), INVALID],
      ['long hex', (n) => '0x' + 'f'.repeat(n), INVALID],
      ['"1:" run', (n) => '1:'.repeat(n / 2), INVALID],
      ['colons', (n) => ':'.repeat(n), INVALID],
      ['long hex part, then "::"', (n) => 'f'.repeat(n) + '::', INVALID],
      ['"::", then a "1." run', (n) => '::' + '1.'.repeat(n / 2), INVALID],
      ['"1." run, then "1"', (n) => '1.'.repeat(n / 2) + '1', INVALID],
      ['"1," run', (n) => '1,'.repeat(n / 2), INVALID],
      // leading zeros and zone ids have no length limit in ipaddr.js either
      ['zeros', (n) => '0'.repeat(n), IPV4],
      ['zeros, then an IPv4', (n) => '0'.repeat(n) + '1.1.1.1', IPV4],
      ['IPv6 with a long last part', (n) => '0:'.repeat(7) + '0'.repeat(n), IPV6],
      ['long zone id', (n) => '::1%' + 'a'.repeat(n), IPV6],
    ];
    for (const [label, build, kind] of cases) {
      const s = build(100_000);
      assert.equal(parseIp(s, 0, s.length), kind, label);
    }
    // time(8n) / time(n) in CPU time, no bound on elapsed time
    for (const [label, build] of cases) assertLinear(`parseIp: ${label}`, build, (s) => parseIp(s, 0, s.length));
  });
});
