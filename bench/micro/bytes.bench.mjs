// @brisk/bytes against bytes@3.1.2: format and parse, the calls body-parser and users make.
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import bytes from '@brisk/bytes';

const upstream = createRequire(import.meta.url)('bytes');

const sep = { thousandsSeparator: ',', unitSeparator: ' ', unit: 'b' };

compare('@brisk/bytes vs bytes@3.1.2', [
  { name: "format(1536) → '1.5KB'", brisk: () => bytes.format(1536), upstream: () => upstream.format(1536) },
  { name: "format(1048576) → '1MB'", brisk: () => bytes.format(1048576), upstream: () => upstream.format(1048576) },
  {
    name: "format(1234567, { ',', ' ', 'b' })",
    brisk: () => bytes.format(1234567, sep),
    upstream: () => upstream.format(1234567, sep),
  },
  { name: "parse('100kb')", brisk: () => bytes.parse('100kb'), upstream: () => upstream.parse('100kb') },
  { name: "parse('1.5 MB')", brisk: () => bytes.parse('1.5 MB'), upstream: () => upstream.parse('1.5 MB') },
  { name: "parse('1024')", brisk: () => bytes.parse('1024'), upstream: () => upstream.parse('1024') },
  { name: "bytes('1mb') (body-parser limit)", brisk: () => bytes('1mb'), upstream: () => upstream('1mb') },
]);
