// @brisk/range against range-parser@1.2.1: the headers send/serve-static see.
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import rangeParser from '@brisk/range';

const upstream = createRequire(import.meta.url)('range-parser');

const size = 1_000_000;
const multi = 'bytes=0-499, 1000-1999,500-999, 5000-, -300';
const combine = { combine: true };

compare('@brisk/range vs range-parser@1.2.1', [
  {
    name: "single 'bytes=0-499'",
    brisk: () => rangeParser(size, 'bytes=0-499'),
    upstream: () => upstream(size, 'bytes=0-499'),
  },
  {
    name: "suffix 'bytes=-500'",
    brisk: () => rangeParser(size, 'bytes=-500'),
    upstream: () => upstream(size, 'bytes=-500'),
  },
  {
    name: 'single, combine: true',
    brisk: () => rangeParser(size, 'bytes=0-499', combine),
    upstream: () => upstream(size, 'bytes=0-499', combine),
  },
  { name: 'multi (5 ranges)', brisk: () => rangeParser(size, multi), upstream: () => upstream(size, multi) },
  {
    name: 'multi (5 ranges), combine: true',
    brisk: () => rangeParser(size, multi, combine),
    upstream: () => upstream(size, multi, combine),
  },
]);
