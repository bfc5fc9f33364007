// @brisk/qs against qs 6.17.1: parsing query strings as requests carry them, and stringifying.
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import * as brisk from '@brisk/qs';

const require = createRequire(import.meta.url);
const qs = require('qs');

const flat = 'page=2&sort=-date&q=hello%20world';
const nested = 'a[b][c]=1&a[d][]=2';
const form =
  'filters[status]=open&filters[tags][]=a&filters[tags][]=b&page=2&sort=-date&user[name]=J%C3%BCrgen+M&user[email]=j%40example.com';
const twenty = Array.from({ length: 20 }, (_, i) => `key${i}=value${i}`).join('&');
const object = { a: { b: { c: '1' }, d: ['2', '3'] }, page: 2, q: 'hello world' };
const flatObject = { page: 2, sort: '-date', q: 'hello world' };

compare('@brisk/qs vs qs@6.17.1', [
  { name: 'parse flat (3 params)', brisk: () => brisk.parse(flat), upstream: () => qs.parse(flat) },
  { name: 'parse flat (20 params)', brisk: () => brisk.parse(twenty), upstream: () => qs.parse(twenty) },
  { name: 'parse nested a[b][c]=1&a[d][]=2', brisk: () => brisk.parse(nested), upstream: () => qs.parse(nested) },
  { name: 'parse form (8 params, nested)', brisk: () => brisk.parse(form), upstream: () => qs.parse(form) },
  {
    name: 'stringify flat (3 keys)',
    brisk: () => brisk.stringify(flatObject),
    upstream: () => qs.stringify(flatObject),
  },
  { name: 'stringify nested', brisk: () => brisk.stringify(object), upstream: () => qs.stringify(object) },
  {
    name: 'stringify nested, brackets',
    brisk: () => brisk.stringify(object, { arrayFormat: 'brackets' }),
    upstream: () => qs.stringify(object, { arrayFormat: 'brackets' }),
  },
]);
