// @brisk/cookie against cookie 0.7.2 and cookie-signature 1.2.2: the request-time functions.
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import * as brisk from '@brisk/cookie';

const require = createRequire(import.meta.url);
const cookie = require('cookie');
const signature = require('cookie-signature');

const small = 'sid=s%3Aabc.def; theme=dark';
const twenty = Array.from({ length: 20 }, (_, i) => `cookie_${i}=${i % 3 ? 'value' + i : '%22v%20' + i + '%22'}`).join(
  '; ',
);
const options = { path: '/', domain: 'example.com', maxAge: 3600, httpOnly: true, secure: true, sameSite: 'lax' };
const expires = { expires: new Date(Date.UTC(2030, 0, 1)), path: '/' };
const secret = 'keyboard cat';
const signed = signature.sign('session-0123456789abcdef', secret);
const forged = signed.slice(0, -1) + (signed.endsWith('A') ? 'B' : 'A');

compare('@brisk/cookie vs cookie@0.7.2 + cookie-signature@1.2.2', [
  { name: 'parse small (2 cookies)', brisk: () => brisk.parse(small), upstream: () => cookie.parse(small) },
  { name: 'parse 20 cookies', brisk: () => brisk.parse(twenty), upstream: () => cookie.parse(twenty) },
  {
    name: 'serialize, no options',
    brisk: () => brisk.serialize('sid', 'abc def'),
    upstream: () => cookie.serialize('sid', 'abc def'),
  },
  {
    name: 'serialize, 6 options',
    brisk: () => brisk.serialize('sid', 'abc', options),
    upstream: () => cookie.serialize('sid', 'abc', options),
  },
  {
    name: 'serialize, expires + path',
    brisk: () => brisk.serialize('sid', 'abc', expires),
    upstream: () => cookie.serialize('sid', 'abc', expires),
  },
  {
    name: 'sign',
    brisk: () => brisk.sign('session-0123456789abcdef', secret),
    upstream: () => signature.sign('session-0123456789abcdef', secret),
  },
  { name: 'unsign valid', brisk: () => brisk.unsign(signed, secret), upstream: () => signature.unsign(signed, secret) },
  {
    name: 'unsign forged',
    brisk: () => brisk.unsign(forged, secret),
    upstream: () => signature.unsign(forged, secret),
  },
  {
    name: 'unsign without "."',
    brisk: () => brisk.unsign('garbage', secret),
    upstream: () => signature.unsign('garbage', secret),
  },
]);
