// @brisk/http's encodeUrl on long and hostile inputs (issue 42 part 5), against encodeurl 3.0.1 (the
// newest release) and 2.0.3 (what express 5 installs). Each case builds its input once; a 256 KB
// input takes a few milliseconds a call, so the harness runs it a few times a batch.
// Run after `pnpm build` in packages/http: node micro/run.mjs encode-url (about 25 s)
import { createRequire } from 'node:module';
import { encodeUrl } from '@brisk/http';
import { encodeUrl as encodeurl3 } from 'encodeurl-3';
import { compare } from './harness.mjs';

const encodeurl2 = createRequire(import.meta.url)('encodeurl');
const K = 256 * 1024;
// A flat string, as the strings of a request are (`repeat` and `slice` give a rope and a slice,
// whose mix of representations makes V8's string access polymorphic for every case after them).
// JSON keeps lone surrogates.
const fill = (piece) => JSON.parse(JSON.stringify(piece.repeat(Math.floor(K / piece.length))));

const inputs = [
  ['short ASCII URL, nothing to encode', '/users/42/orders?sort=asc&page=2'],
  ['short URL with a space and é', '/caf\u00e9 menu?q=%zz'],
  ['256 KB of %', fill('%')],
  ['256 KB of non-ASCII text (é € 😀 ü)', fill('\u00e9\u20ac\ud83d\ude00\u00fc')],
  ['256 KB of CJK text', fill('\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8')],
  ['256 KB already encoded (%20%C3%A9)', fill('%20%C3%A9')],
  ['256 KB ASCII URL, nothing to encode', fill('/users/42/profile?x=1&y=two')],
  ['256 KB of "a b " (one-character runs)', fill('a b ')],
  ['256 KB of lone surrogates and x', fill('\ud800x')],
  ['256 KB mixed (é, space, %zz, %41, 😀, <>)', fill('/caf\u00e9 menu?q=%zz&r=%41\ud83d\ude00<>')],
];

// The same output, and every function warmed up on every input before the first case is timed.
for (const [name, input] of inputs) {
  for (let n = input.length > 1000 ? 3 : 20_000; n > 0; n--) {
    if (encodeUrl(input) !== encodeurl3(input) || encodeUrl(input) !== encodeurl2(input))
      throw new Error(`encodeUrl differs from encodeurl on: ${name}`);
  }
}

compare(
  '@brisk/http encodeUrl vs encodeurl@3.0.1',
  inputs.map(([name, input]) => ({ name, brisk: () => encodeUrl(input), upstream: () => encodeurl3(input) })),
  { batches: Number(process.env.BENCH_BATCHES) || 5 },
);
compare(
  '@brisk/http encodeUrl vs encodeurl@2.0.3',
  inputs.map(([name, input]) => ({ name, brisk: () => encodeUrl(input), upstream: () => encodeurl2(input) })),
  { batches: Number(process.env.BENCH_BATCHES) || 5 },
);
