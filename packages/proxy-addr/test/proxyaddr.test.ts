import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { all, compile, proxyaddr } from '../src/index.js';
import type { RequestLike, Trust } from '../src/index.js';
import { assertLinear } from '../../../test/support/fuzz.js';

/** A request from socket address `remoteAddress` (null: a closed socket, no address). */
function req(xff: string | undefined, remoteAddress: string | null = '127.0.0.1'): RequestLike {
  return {
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    socket: { remoteAddress: remoteAddress ?? undefined },
  };
}

const CHAIN = '203.0.113.7, 10.0.0.2';

// [socket, X-Forwarded-For, trust, proxyaddr(), all()] (proxy-addr 2.0.8 results)
const CASES: [string | null, string | undefined, Trust, string | undefined, (string | undefined)[]][] = [
  // no header: the socket address, whatever the trust
  ['127.0.0.1', undefined, 'loopback', '127.0.0.1', ['127.0.0.1']],
  ['127.0.0.1', '', () => true, '127.0.0.1', ['127.0.0.1']],
  ['10.0.0.1', ' , ', 'uniquelocal', '10.0.0.1', ['10.0.0.1']],
  // walk back while trusted
  ['127.0.0.1', CHAIN, 'loopback', '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  ['127.0.0.1', CHAIN, ['loopback', 'uniquelocal'], '203.0.113.7', ['127.0.0.1', '10.0.0.2', '203.0.113.7']],
  ['127.0.0.1', CHAIN, 'uniquelocal', '127.0.0.1', ['127.0.0.1']],
  [
    '127.0.0.1',
    CHAIN,
    ['127.0.0.1', '10.0.0.2', '203.0.113.7'],
    '203.0.113.7',
    ['127.0.0.1', '10.0.0.2', '203.0.113.7'],
  ],
  [
    '127.0.0.1',
    CHAIN,
    ['127.0.0.1', '10.0.0.0/255.255.255.0'],
    '203.0.113.7',
    ['127.0.0.1', '10.0.0.2', '203.0.113.7'],
  ],
  ['127.0.0.1', CHAIN, [], '127.0.0.1', ['127.0.0.1']],
  [
    '127.0.0.1',
    '192.168.0.1, 10.0.0.2, 198.51.100.1',
    ['loopback', 'uniquelocal'],
    '198.51.100.1',
    ['127.0.0.1', '198.51.100.1'],
  ],
  // IPv6 and IPv4-mapped sockets (a dual-stack server sees ::ffff:127.0.0.1)
  ['::1', '2001:db8::1', 'loopback', '2001:db8::1', ['::1', '2001:db8::1']],
  ['::ffff:127.0.0.1', '203.0.113.7', 'loopback', '203.0.113.7', ['::ffff:127.0.0.1', '203.0.113.7']],
  ['::ffff:127.0.0.1', '203.0.113.7', '::/64', '::ffff:127.0.0.1', ['::ffff:127.0.0.1']],
  ['fe80::1%eth0', 'fd00::5, fe80::2', ['linklocal', 'uniquelocal'], 'fd00::5', ['fe80::1%eth0', 'fe80::2', 'fd00::5']],
  [
    '10.0.0.1',
    '::ffff:10.0.0.9, 10.0.0.2',
    '10.0.0.0/8',
    '::ffff:10.0.0.9',
    ['10.0.0.1', '10.0.0.2', '::ffff:10.0.0.9'],
  ],
  // an entry that is not an IP address ends the chain, as if the header began after it: the
  // address before it is the answer (decision 006; proxy-addr 2.0.8 returns the entry as sent)
  ['127.0.0.1', '203.0.113.7, unknown', 'loopback', '127.0.0.1', ['127.0.0.1']],
  ['127.0.0.1', '203.0.113.7, unknown', ['loopback', '0.0.0.0/1', '128.0.0.0/1'], '127.0.0.1', ['127.0.0.1']],
  // an entry with a port, or in brackets, is read as its address
  ['127.0.0.1', '203.0.113.7, 127.0.0.1:80', 'loopback', '203.0.113.7', ['127.0.0.1', '127.0.0.1', '203.0.113.7']],
  ['127.0.0.1', '203.0.113.7, [::1]', 'loopback', '203.0.113.7', ['127.0.0.1', '::1', '203.0.113.7']],
  ['127.0.0.1', '203.0.113.7, [::1]:', 'loopback', '127.0.0.1', ['127.0.0.1']],
  ['127.0.0.1', '<script>, 10.0.0.2', () => true, '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  ['127.0.0.1', '<script>, 10.0.0.2', ['loopback', 'uniquelocal'], '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  ['127.0.0.1', '<script>, 10.0.0.2', 'loopback', '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  ['127.0.0.1', '<script>', () => true, '127.0.0.1', ['127.0.0.1']],
  ['127.0.0.1', '<script>', (_addr, i) => i < 2, '127.0.0.1', ['127.0.0.1']],
  // entries left of the first bad one are not reached, addresses or not
  ['127.0.0.1', '6.6.6.6, unknown, 10.0.0.2', () => true, '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  ['127.0.0.1', '6.6.6.6, unknown, 10.0.0.2', (_addr, i) => i < 3, '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  ['127.0.0.1', "1.1.1.1, ' OR 1=1 --, 10.0.0.2", ['loopback', '10.0.0.0/8'], '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  // an untrusted address before the bad entry is still the answer
  ['127.0.0.1', 'unknown, 203.0.113.7', 'loopback', '203.0.113.7', ['127.0.0.1', '203.0.113.7']],
  // what ipaddr.js 1.9 reads as an address is one (decision 006's forms)
  ['127.0.0.1', '2130706433, 0x7f.0.0.1', () => true, '2130706433', ['127.0.0.1', '0x7f.0.0.1', '2130706433']],
  ['127.0.0.1', 'fe80::1%eth0', () => true, 'fe80::1%eth0', ['127.0.0.1', 'fe80::1%eth0']],
  ['127.0.0.1', 'fe80::1%<b>', () => true, '127.0.0.1', ['127.0.0.1']],
  [
    '127.0.0.1',
    '1.1.1.1,,127.0.0.2 ,  , 127.0.0.3',
    'loopback',
    '1.1.1.1',
    ['127.0.0.1', '127.0.0.3', '127.0.0.2', '1.1.1.1'],
  ],
  ['127.0.0.1', 'a b, 127.0.0.2', 'loopback', '127.0.0.2', ['127.0.0.1', '127.0.0.2']],
  ['127.0.0.1', CHAIN, () => false, '127.0.0.1', ['127.0.0.1']],
  ['127.0.0.1', CHAIN, () => true, '203.0.113.7', ['127.0.0.1', '10.0.0.2', '203.0.113.7']],
  ['127.0.0.1', CHAIN, (_addr, i) => i < 1, '10.0.0.2', ['127.0.0.1', '10.0.0.2']],
  // a closed socket has no address
  [null, undefined, 'loopback', undefined, [undefined]],
  [null, CHAIN, 'loopback', undefined, [undefined]],
  [null, CHAIN, () => true, '203.0.113.7', [undefined, '10.0.0.2', '203.0.113.7']],
];

describe('proxyaddr() and all()', () => {
  for (const [socket, xff, trust, addr, addrs] of CASES) {
    const name = `socket ${socket}, X-Forwarded-For ${JSON.stringify(xff)}, trust ${typeof trust === 'function' ? trust.toString() : JSON.stringify(trust)}`;
    test(name, () => {
      const r = req(xff, socket);
      assert.equal(proxyaddr(r, trust), addr);
      assert.deepEqual(all(r, trust), addrs);
      if (typeof trust !== 'function') {
        const fn = compile(trust);
        assert.equal(proxyaddr(r, fn), addr);
        assert.deepEqual(all(r, fn), addrs);
      }
    });
  }

  test('all() without trust returns every address', () => {
    assert.deepEqual(all(req(CHAIN)), ['127.0.0.1', '10.0.0.2', '203.0.113.7']);
    assert.deepEqual(all(req(CHAIN), ''), ['127.0.0.1', '10.0.0.2', '203.0.113.7']);
    assert.deepEqual(all(req(undefined)), ['127.0.0.1']);
  });

  test('a trust function is called with (addr, i), nearest first, never for the last address', () => {
    const calls: [string, number][] = [];
    const trust = (addr: string, i: number) => {
      calls.push([addr, i]);
      return true;
    };
    assert.equal(proxyaddr(req('1.1.1.1, 2.2.2.2, 3.3.3.3'), trust), '1.1.1.1');
    assert.deepEqual(calls, [
      ['127.0.0.1', 0],
      ['3.3.3.3', 1],
      ['2.2.2.2', 2],
    ]);
    calls.length = 0;
    assert.deepEqual(all(req('1.1.1.1, 2.2.2.2, 3.3.3.3'), trust), ['127.0.0.1', '3.3.3.3', '2.2.2.2', '1.1.1.1']);
    assert.deepEqual(calls, [
      ['127.0.0.1', 0],
      ['3.3.3.3', 1],
      ['2.2.2.2', 2],
    ]);
    calls.length = 0;
    assert.equal(proxyaddr(req(undefined), trust), '127.0.0.1');
    assert.deepEqual(calls, []);
  });

  test('the trust function never sees an entry that is not an IP address', () => {
    const calls: [string, number][] = [];
    const trust = (addr: string, i: number) => {
      calls.push([addr, i]);
      return true;
    };
    const r = req('1.1.1.1, <script>alert(1)</script>, 2.2.2.2, 3.3.3.3');
    assert.equal(proxyaddr(r, trust), '2.2.2.2');
    assert.deepEqual(calls, [
      ['127.0.0.1', 0],
      ['3.3.3.3', 1],
    ]);
    calls.length = 0;
    assert.deepEqual(all(r, trust), ['127.0.0.1', '3.3.3.3', '2.2.2.2']);
    assert.deepEqual(calls, [
      ['127.0.0.1', 0],
      ['3.3.3.3', 1],
    ]);
  });

  test('an entry with a port is read as its address, without the port', () => {
    const calls: [string, number][] = [];
    const trust = (addr: string, i: number) => {
      calls.push([addr, i]);
      return true;
    };
    const r = req('198.51.100.9:1, [2001:db8::1]:443, [::1], 203.0.113.7:4711, 10.0.0.2:80');
    assert.equal(proxyaddr(r, trust), '198.51.100.9');
    assert.deepEqual(
      calls.map(([a]) => a),
      ['127.0.0.1', '10.0.0.2', '203.0.113.7', '::1', '2001:db8::1'],
    );
    assert.deepEqual(all(r, trust), ['127.0.0.1', '10.0.0.2', '203.0.113.7', '::1', '2001:db8::1', '198.51.100.9']);
    assert.equal(proxyaddr(r, ['loopback', '10.0.0.0/8']), '203.0.113.7');
    assert.deepEqual(all(r, compile(['loopback', '10.0.0.0/8'])), ['127.0.0.1', '10.0.0.2', '203.0.113.7']);
    // not an address with a port: the walk ends before it
    for (const bad of ['1.2.3.4:', '1.2.3.4:123456', '1.2.3.4:8a', '[1.2.3.4]:80', '[::1', '[::1]x', '::1:80:']) {
      assert.equal(
        proxyaddr(req(`${bad}, 10.0.0.2`), () => true),
        '10.0.0.2',
        bad,
      );
    }
    // without a trust argument, all() returns the entries as sent
    assert.deepEqual(all(req('203.0.113.7:4711')), ['127.0.0.1', '203.0.113.7:4711']);
  });

  test('the answer is always the socket address or an IP address from the header', () => {
    // random headers of addresses and junk, under every kind of trust
    const pieces = [
      '10.0.0.2',
      '127.0.0.1',
      '::1',
      '203.0.113.7',
      'unknown',
      '<x>',
      '1.2.3.4:80',
      '[::1]',
      '[::1]:',
      '',
      ' ',
    ];
    const trusts: Trust[] = [
      () => true,
      (_a, i) => i < 2,
      'loopback',
      ['loopback', 'uniquelocal'],
      compile('10.0.0.0/8'),
    ];
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const isAddress = /^(?:\d+\.\d+\.\d+\.\d+|::1)$/;
    let fromHeader = 0;
    for (let n = 0; n < 2000; n++) {
      const entries = Array.from({ length: rand(5) }, () => pieces[rand(pieces.length)]);
      const r = req(entries.join(','));
      for (const trust of trusts) {
        const addr = proxyaddr(r, trust) as string;
        assert.match(addr, isAddress, entries.join(','));
        const addrs = all(r, trust);
        assert.equal(addrs[addrs.length - 1], addr);
        for (const a of addrs) assert.match(a, isAddress);
        if (addrs.length > 1) fromHeader++;
      }
    }
    assert.ok(fromHeader > 1000, String(fromHeader));
  });

  test('stops calling the trust function at the first untrusted address', () => {
    const calls: string[] = [];
    const trust = (addr: string) => {
      calls.push(addr);
      return addr !== '3.3.3.3';
    };
    assert.equal(proxyaddr(req('1.1.1.1, 2.2.2.2, 3.3.3.3'), trust), '3.3.3.3');
    assert.deepEqual(calls, ['127.0.0.1', '3.3.3.3']);
  });

  test('trust functions may return any truthy or falsy value', () => {
    const truthy = (() => 1) as unknown as Trust;
    const falsy = (() => '') as unknown as Trust;
    assert.equal(proxyaddr(req(CHAIN), truthy), '203.0.113.7');
    assert.equal(proxyaddr(req(CHAIN), falsy), '127.0.0.1');
    assert.deepEqual(all(req(CHAIN), falsy), ['127.0.0.1']);
  });

  test('a trust function may call proxyaddr() itself', () => {
    const inner = req('9.9.9.9, 8.8.8.8');
    const trust = (addr: string, i: number) => {
      assert.equal(
        proxyaddr(inner, () => true),
        '9.9.9.9',
      );
      assert.equal(proxyaddr(inner, 'loopback'), '8.8.8.8');
      return i < 5 && addr !== 'x';
    };
    assert.equal(proxyaddr(req('1.1.1.1, 2.2.2.2, 3.3.3.3'), trust), '1.1.1.1');
    assert.deepEqual(all(req('1.1.1.1, 2.2.2.2, 3.3.3.3'), trust), ['127.0.0.1', '3.3.3.3', '2.2.2.2', '1.1.1.1']);
  });

  test('string trust values give the same answers on repeated and many different calls', () => {
    const r = req(CHAIN);
    for (let i = 0; i < 3; i++) assert.equal(proxyaddr(r, 'loopback'), '10.0.0.2');
    for (let i = 0; i < 200; i++) {
      assert.equal(proxyaddr(r, `10.0.0.${i}`), '127.0.0.1');
      assert.equal(proxyaddr(req(CHAIN, `10.0.0.${i}`), `10.0.0.${i}`), i === 2 ? '203.0.113.7' : '10.0.0.2');
    }
    assert.equal(proxyaddr(r, 'loopback'), '10.0.0.2');
  });

  test('reads req.connection when req.socket is not set', () => {
    const r: RequestLike = { headers: { 'x-forwarded-for': CHAIN }, connection: { remoteAddress: '127.0.0.1' } };
    assert.equal(proxyaddr(r, 'loopback'), '10.0.0.2');
  });

  test('a 10k-entry header and long junk take linear time', () => {
    /** A header of `n` private addresses, the first 10.0.0.0. */
    const entries = (n: number) => req(Array.from({ length: n }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', '));
    const r = entries(10_000);
    const trustList = compile(['loopback', '10.0.0.0/8']);
    assert.equal(proxyaddr(r, ['loopback', 'uniquelocal']), '10.0.0.0');
    assert.equal(proxyaddr(r, 'loopback'), '10.0.39.15');
    assert.equal(proxyaddr(r, trustList), '10.0.0.0');
    let n = 0;
    assert.equal(
      proxyaddr(r, () => (n++, true)),
      '10.0.0.0',
    );
    assert.equal(n, 10_000);
    assert.equal(all(r, 'uniquelocal').length, 1);
    assert.equal(all(r, ['loopback', 'uniquelocal']).length, 10_001);
    // neither is an address: the walk ends at the socket
    const junk = (n: number) => req('1'.repeat(n) + ','.repeat(n) + ':'.repeat(n));
    assert.equal(
      proxyaddr(junk(50_000), () => true),
      '127.0.0.1',
    );
    assert.equal(proxyaddr(junk(50_000), 'loopback'), '127.0.0.1');
    const zeros = (n: number) => req('0'.repeat(n) + '::1, ' + '::'.repeat(n));
    assert.equal(
      proxyaddr(zeros(50_000), () => true),
      '127.0.0.1',
    );
    const zeroLoopback = (n: number) => req('0'.repeat(n) + '::1');
    assert.deepEqual(
      all(zeroLoopback(50_000), () => true),
      ['127.0.0.1', '0'.repeat(50_000) + '::1'],
    );

    // time(8n) / time(n) in CPU time, no bound on elapsed time
    const walk = (request: RequestLike) => [
      proxyaddr(request, ['loopback', 'uniquelocal']),
      proxyaddr(request, trustList),
      proxyaddr(request, () => true),
      all(request, ['loopback', 'uniquelocal']),
    ];
    // n addresses, all kept in an array: n = 1024 keeps it under 16,000 elements
    assertLinear('proxyaddr: many entries', entries, walk, { n: 1024 });
    // 3n characters: n = 2048 keeps the header under 100 kB
    assertLinear('proxyaddr: junk', junk, (r) => [proxyaddr(r, () => true), proxyaddr(r, 'loopback')], { n: 2048 });
    // 3n characters: n = 2048 keeps the header under 100 kB
    assertLinear('proxyaddr: leading zeros, then "::" runs', zeros, (r) => proxyaddr(r, () => true), { n: 2048 });
    assertLinear('all: leading zeros', zeroLoopback, (r) => all(r, () => true));
  });
});

describe('errors', () => {
  test('req argument is required', () => {
    for (const value of [undefined, null, 0, '']) {
      assert.throws(() => proxyaddr(value as unknown as RequestLike, 'loopback'), {
        name: 'TypeError',
        message: 'req argument is required',
      });
    }
  });

  test('trust argument is required', () => {
    for (const value of [undefined, null, 0, '', false]) {
      assert.throws(() => proxyaddr(req(CHAIN), value as unknown as Trust), {
        name: 'TypeError',
        message: 'trust argument is required',
      });
    }
    assert.throws(() => proxyaddr(undefined as unknown as RequestLike, undefined as unknown as Trust), {
      message: 'req argument is required',
    });
  });

  test('all(): argument req is required', () => {
    for (const value of [undefined, null]) {
      assert.throws(() => all(value as unknown as RequestLike), {
        name: 'TypeError',
        message: 'argument req is required',
      });
      assert.throws(() => all(value as unknown as RequestLike, 'loopback'), {
        name: 'TypeError',
        message: 'argument req is required',
      });
    }
  });

  test('compile() errors from proxyaddr() and all(), also without X-Forwarded-For', () => {
    const ERRORS: [unknown, string][] = [
      [42, 'unsupported trust argument'],
      [{}, 'unsupported trust argument'],
      ['blargh', 'invalid IP address: blargh'],
      ['10.0.0.1,10.0.0.2', 'invalid IP address: 10.0.0.1,10.0.0.2'],
      [['loopback', '10.0.0.0/33'], 'invalid range on address: 10.0.0.0/33'],
      ['10.0.0.0/255.0.255.0', 'invalid range on address: 10.0.0.0/255.0.255.0'],
    ];
    for (const [value, message] of ERRORS) {
      for (const r of [req(CHAIN), req(undefined)]) {
        assert.throws(() => proxyaddr(r, value as Trust), { name: 'TypeError', message });
        assert.throws(() => all(r, value as Trust), { name: 'TypeError', message });
      }
    }
    // twice: a failed compile is not cached
    assert.throws(() => proxyaddr(req(CHAIN), 'blargh'), { message: 'invalid IP address: blargh' });
  });

  test('a request without socket or connection is a TypeError', () => {
    assert.throws(() => proxyaddr({ headers: {} }, 'loopback'), TypeError);
    assert.throws(() => all({ headers: {} }), TypeError);
  });
});
