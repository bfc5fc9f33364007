// @brisk/proxy-addr against proxy-addr 2.0.8 (+ forwarded 0.2.0): compile, and per-request lookups.
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import brisk from '@brisk/proxy-addr';

const require = createRequire(import.meta.url);
const upstream = require('proxy-addr');
const upstreamForwarded = require('forwarded');

const request = (xff, remoteAddress = '127.0.0.1') => ({
  headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  socket: { remoteAddress },
});
const noXff = request(undefined);
const threeHops = request('203.0.113.7, 10.0.0.2, 192.168.1.20');
const v6 = request('2001:db8::1, fd00::2', '::ffff:127.0.0.1');

const LIST = ['loopback', 'linklocal', 'uniquelocal'];
const briskTrust = brisk.compile(LIST);
const upstreamTrust = upstream.compile(LIST);
// Express's `trust proxy` number setting: a plain function
const hops = (_addr, i) => i < 2;

compare('@brisk/proxy-addr vs proxy-addr@2.0.8', [
  { name: "compile('loopback')", brisk: () => brisk.compile('loopback'), upstream: () => upstream.compile('loopback') },
  { name: 'compile(3 named ranges)', brisk: () => brisk.compile(LIST), upstream: () => upstream.compile(LIST) },
  {
    name: 'proxyaddr, no XFF (compiled)',
    brisk: () => brisk(noXff, briskTrust),
    upstream: () => upstream(noXff, upstreamTrust),
  },
  {
    name: 'proxyaddr, 3-hop XFF (compiled)',
    brisk: () => brisk(threeHops, briskTrust),
    upstream: () => upstream(threeHops, upstreamTrust),
  },
  {
    name: 'proxyaddr, 3-hop XFF (function i < 2)',
    brisk: () => brisk(threeHops, hops),
    upstream: () => upstream(threeHops, hops),
  },
  {
    name: "proxyaddr, 3-hop XFF ('loopback' string)",
    brisk: () => brisk(threeHops, 'loopback'),
    upstream: () => upstream(threeHops, 'loopback'),
  },
  {
    name: 'proxyaddr, IPv6 + mapped socket',
    brisk: () => brisk(v6, briskTrust),
    upstream: () => upstream(v6, upstreamTrust),
  },
  {
    name: 'all, 3-hop XFF (compiled)',
    brisk: () => brisk.all(threeHops, briskTrust),
    upstream: () => upstream.all(threeHops, upstreamTrust),
  },
  { name: 'trust(addr) IPv4', brisk: () => briskTrust('10.1.2.3', 0), upstream: () => upstreamTrust('10.1.2.3', 0) },
  { name: 'trust(addr) IPv6', brisk: () => briskTrust('fe80::1:2', 0), upstream: () => upstreamTrust('fe80::1:2', 0) },
  { name: 'forwarded, no XFF', brisk: () => brisk.forwarded(noXff), upstream: () => upstreamForwarded(noXff) },
  {
    name: 'forwarded, 3-hop XFF',
    brisk: () => brisk.forwarded(threeHops),
    upstream: () => upstreamForwarded(threeHops),
  },
]);
