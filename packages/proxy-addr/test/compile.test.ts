import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compile } from '../src/index.js';
import type { TrustValue } from '../src/index.js';

interface TrustCase {
  trust: TrustValue;
  yes: string[];
  no: string[];
}

// Which addresses each compiled trust value trusts (proxy-addr 2.0.8 results).
const TRUST_CASES: TrustCase[] = [
  // single addresses
  {
    trust: '127.0.0.1',
    yes: ['127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0177.0.0.1', '2130706433'],
    no: ['127.0.0.2', '::1', '10.0.0.1', '::127.0.0.1'],
  },
  { trust: '::1', yes: ['::1', '0:0:0:0:0:0:0:1', '::0001'], no: ['::2', '127.0.0.1', '::ffff:127.0.0.1'] },
  { trust: 'fe80::1', yes: ['fe80::1', 'fe80::1%eth0', 'FE80:0:0:0:0:0:0:1'], no: ['fe80::2'] },
  { trust: 'fe80::1%eth0', yes: ['fe80::1', 'fe80::1%lo'], no: ['fe80::2'] },
  { trust: '1', yes: ['0.0.0.1', '1'], no: ['1.0.0.0'] },
  // a mapped address without a prefix is an IPv4 address
  { trust: '::ffff:10.0.0.1', yes: ['10.0.0.1', '::ffff:10.0.0.1', '::ffff:a00:1'], no: ['10.0.0.2', '::a00:1'] },
  // CIDR
  {
    trust: '10.0.0.0/8',
    yes: ['10.0.0.0', '10.255.255.255', '::ffff:10.1.2.3'],
    no: ['11.0.0.0', '9.255.255.255', '::a00:1', 'fe80::1'],
  },
  { trust: '10.1.2.3/8', yes: ['10.9.9.9'], no: ['11.1.2.3'] },
  {
    trust: '0.0.0.0/1',
    yes: ['0.0.0.0', '127.255.255.255', '::ffff:1.2.3.4'],
    no: ['128.0.0.0', '255.255.255.255', '::1'],
  },
  { trust: '128.0.0.0/1', yes: ['128.0.0.0', '255.255.255.255'], no: ['127.255.255.255'] },
  { trust: '1.2.3.4/32', yes: ['1.2.3.4'], no: ['1.2.3.5'] },
  { trust: '172.16.0.0/12', yes: ['172.16.0.0', '172.31.255.255'], no: ['172.15.255.255', '172.32.0.0'] },
  { trust: '10.0.0.0/008', yes: ['10.2.3.4'], no: ['11.0.0.0'] },
  {
    trust: 'fe80::/10',
    yes: ['fe80::', 'febf:ffff::1', 'fe80::1%eth0'],
    no: ['fec0::', 'fe7f::', '169.254.0.1', '::ffff:169.254.0.1'],
  },
  {
    trust: '2001:db8::/32',
    yes: ['2001:db8::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
    no: ['2001:db9::', '2001:db7::'],
  },
  { trust: '::/1', yes: ['::1', '7fff::'], no: ['8000::', '127.0.0.1', '::ffff:127.0.0.1'] },
  { trust: '::1/128', yes: ['::1'], no: ['::', '::2'] },
  { trust: 'fc00::/7', yes: ['fc00::', 'fdff::1'], no: ['fe00::', 'fbff::'] },
  // netmasks (IPv4 only)
  { trust: '10.0.0.0/255.0.0.0', yes: ['10.1.1.1', '::ffff:10.1.1.1'], no: ['11.1.1.1'] },
  { trust: '192.168.1.0/255.255.255.0', yes: ['192.168.1.200'], no: ['192.168.2.1'] },
  { trust: '1.2.3.4/255.255.255.255', yes: ['1.2.3.4'], no: ['1.2.3.5'] },
  { trust: '10.0.0.0/0xff000000', yes: ['10.1.1.1'], no: ['11.1.1.1'] },
  { trust: '10.0.0.0/128.0.0.0', yes: ['10.0.0.0', '127.0.0.1'], no: ['128.0.0.1'] },
  // IPv4-mapped subnets: IPv4 addresses only, and only with a prefix of 96 or more
  { trust: '::ffff:10.0.0.0/104', yes: ['10.1.2.3', '::ffff:10.1.2.3'], no: ['11.0.0.0', '::a00:1', 'fe80::1'] },
  { trust: '::ffff:127.0.0.1/128', yes: ['127.0.0.1', '::ffff:127.0.0.1'], no: ['127.0.0.2'] },
  { trust: '::ffff:0:0/96', yes: ['0.0.0.0', '8.8.8.8', '::ffff:1.2.3.4'], no: ['::1', '::', '::fffe:1.2.3.4'] },
  { trust: '::ffff:127.0.0.1/33', yes: [], no: ['127.0.0.1', '::ffff:127.0.0.1', '::1'] },
  { trust: '::ffff:0:0/95', yes: [], no: ['0.0.0.0', '8.8.8.8', '::ffff:1.2.3.4', '::1', '::fffe:0:0'] },
  // native IPv6 subnets never match IPv4 addresses, mapped or not
  { trust: '::/96', yes: ['::', '::1', '::a00:1'], no: ['10.0.0.1', '0.0.0.1', '::ffff:10.0.0.1'] },
  { trust: '::/8', yes: ['::1', '00ff::'], no: ['127.0.0.1', '::ffff:127.0.0.1', '100::'] },
  // named ranges
  {
    trust: 'loopback',
    yes: ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1'],
    no: ['128.0.0.1', '::2', '10.0.0.1', '::'],
  },
  {
    trust: 'linklocal',
    yes: ['169.254.0.1', '169.254.255.255', 'fe80::1', 'febf::1', '::ffff:169.254.1.1'],
    no: ['169.255.0.1', 'fec0::1', '127.0.0.1'],
  },
  {
    trust: 'uniquelocal',
    yes: ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', 'fc00::1', 'fdff::1', '::ffff:192.168.1.1'],
    no: ['172.32.0.1', '192.169.0.1', '11.0.0.1', 'fe00::1', '127.0.0.1', '::1'],
  },
  // lists
  {
    trust: ['loopback', 'linklocal'],
    yes: ['127.0.0.1', '::1', '169.254.1.1', 'fe80::1'],
    no: ['10.0.0.1', 'fc00::1'],
  },
  {
    trust: ['10.0.0.1', '10.0.0.2', 'fe80::1'],
    yes: ['10.0.0.1', '10.0.0.2', 'fe80::1', '::ffff:10.0.0.2'],
    no: ['10.0.0.3', 'fe80::2'],
  },
  { trust: ['::ffff:0:0/95', '::/8'], yes: ['::1'], no: ['1.2.3.4', '::ffff:1.2.3.4'] },
  {
    trust: ['2001:db8::/32', '::ffff:10.0.0.0/104'],
    yes: ['2001:db8::1', '10.0.0.1'],
    no: ['2001:db9::1', '11.0.0.1'],
  },
  { trust: [], yes: [], no: ['127.0.0.1', '::1'] },
];

// Never trusted: not IP addresses (as sent in headers).
const NOT_ADDRESSES = [
  '',
  ' ',
  'unknown',
  '127.0.0.1 ',
  ' 127.0.0.1',
  '127.0.0.1:80',
  '[::1]',
  '[::1]:80',
  '127.1',
  '::1.2.3.4',
  '1:',
  'bogus',
];

describe('compile(): trusted addresses', () => {
  for (const { trust, yes, no } of TRUST_CASES) {
    test(JSON.stringify(trust), () => {
      const fn = compile(trust);
      for (const addr of yes) assert.equal(fn(addr, 0), true, `${addr} should be trusted`);
      for (const addr of no) assert.equal(fn(addr, 0), false, `${addr} should not be trusted`);
    });
  }

  test('malformed addresses are never trusted', () => {
    const fn = compile(['0.0.0.0/1', '128.0.0.0/1', '::/1', '8000::/1']);
    for (const addr of NOT_ADDRESSES) assert.equal(fn(addr, 0), false, JSON.stringify(addr));
    assert.equal(fn('1.2.3.4', 0), true);
  });

  test('a missing or non-string address is not trusted', () => {
    const fn = compile('0.0.0.0/1') as (addr: unknown, i: number) => boolean;
    for (const addr of [undefined, null, 1, {}, ['1.2.3.4']]) assert.equal(fn(addr, 0), false);
  });

  test('the index argument is ignored', () => {
    const fn = compile('loopback');
    assert.equal(fn('127.0.0.1', 5), true);
    assert.equal(fn('10.0.0.1', 0), false);
  });

  test('compile() copies the array', () => {
    const list = ['127.0.0.1'];
    const fn = compile(list);
    list.push('10.0.0.1');
    assert.equal(fn('10.0.0.1', 0), false);
  });
});

describe('compile(): errors', () => {
  const ERRORS: [unknown, string][] = [
    [undefined, 'argument is required'],
    [null, 'argument is required'],
    ['', 'argument is required'],
    [0, 'argument is required'],
    [false, 'argument is required'],
    [42, 'unsupported trust argument'],
    [true, 'unsupported trust argument'],
    [{}, 'unsupported trust argument'],
    [() => true, 'unsupported trust argument'],
    ['blargh', 'invalid IP address: blargh'],
    ['Loopback', 'invalid IP address: Loopback'],
    ['10.0.0.1, 10.0.0.2', 'invalid IP address: 10.0.0.1, 10.0.0.2'],
    [['127.0.0.1', 'blargh'], 'invalid IP address: blargh'],
    ['-1', 'invalid IP address: -1'],
    ['127.1', 'invalid IP address: 127.1'],
    ['::1.2.3.4', 'invalid IP address: ::1.2.3.4'],
    ['[::1]', 'invalid IP address: [::1]'],
    ['/8', 'invalid IP address: '],
    ['blargh/8', 'invalid IP address: blargh'],
    ['127.0.0.1/255.0.0.0/8', 'invalid IP address: 127.0.0.1/255.0.0.0'],
    ['10.0.0.0/0', 'invalid range on address: 10.0.0.0/0'],
    ['10.0.0.0/33', 'invalid range on address: 10.0.0.0/33'],
    ['10.0.0.0/', 'invalid range on address: 10.0.0.0/'],
    ['10.0.0.0/-8', 'invalid range on address: 10.0.0.0/-8'],
    ['10.0.0.0/ 8', 'invalid range on address: 10.0.0.0/ 8'],
    ['10.0.0.0/8.0', 'invalid range on address: 10.0.0.0/8.0'],
    ['10.0.0.0/99999999999999999999', 'invalid range on address: 10.0.0.0/99999999999999999999'],
    ['::1/0', 'invalid range on address: ::1/0'],
    ['::1/129', 'invalid range on address: ::1/129'],
    ['::ffff:127.0.0.1/129', 'invalid range on address: ::ffff:127.0.0.1/129'],
    // netmasks: contiguous, not all zeros, IPv4 addresses only
    ['10.0.0.0/255.0.255.0', 'invalid range on address: 10.0.0.0/255.0.255.0'],
    ['10.0.0.0/0.255.255.255', 'invalid range on address: 10.0.0.0/0.255.255.255'],
    ['10.0.0.0/255.255.255.254.0', 'invalid range on address: 10.0.0.0/255.255.255.254.0'],
    ['10.0.0.0/0.0.0.0', 'invalid range on address: 10.0.0.0/0.0.0.0'],
    ['10.0.0.0/ffff::', 'invalid range on address: 10.0.0.0/ffff::'],
    ['fe80::/255.192.0.0', 'invalid range on address: fe80::/255.192.0.0'],
    ['::ffff:10.0.0.0/255.0.0.0', 'invalid range on address: ::ffff:10.0.0.0/255.0.0.0'],
  ];
  for (const [value, message] of ERRORS) {
    test(`${JSON.stringify(value) ?? String(value)} -> ${message}`, () => {
      assert.throws(() => compile(value as TrustValue), { name: 'TypeError', message });
    });
  }

  test('non-string list entries', () => {
    assert.throws(() => compile([5] as unknown as string[]), TypeError);
    assert.throws(() => compile(['loopback', null] as unknown as string[]), TypeError);
  });
});
