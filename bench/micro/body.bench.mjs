// @brisk/body against body-parser 2.4.0: one middleware call per op, from the call to next(), on a
// request stand-in whose body arrives synchronously (one 'data' + 'end'), so the harness can time
// it. The socket and the kernel are left out: this is the parser's own CPU (docs/performance.md
// rule 4; scenario S3 of docs/notes/2026-11-express5-cpu-study.md).
// Run after `pnpm build` in packages/body: node micro/run.mjs body
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { compare } from './harness.mjs';
import brisk from '@brisk/body';

const require = createRequire(import.meta.url);
const upstream = require('body-parser');

/** The parts of an IncomingMessage the parsers read, with the body pushed by hand. */
class FakeRequest extends EventEmitter {
  constructor(headers) {
    super();
    this.method = 'POST';
    this.url = '/';
    this.headers = headers;
    this.complete = false;
    this.readable = true;
    this.socket = { readable: true };
    this._readableState = { encoding: null, decoder: null };
  }
  pause() {}
  resume() {}
  unpipe() {}
}

const res = { headersSent: false, setHeader() {} };
let nextErr;
const next = (err) => (nextErr = err);

/** One request through `mw`: headers, then the body in one chunk, then the end. */
function run(mw, headers, body) {
  const req = new FakeRequest(headers);
  mw(req, res, next);
  if (body !== undefined) {
    req.emit('data', body);
    req.complete = true;
    req.emit('end');
  }
  return req.body;
}

// ~1 KiB JSON, like the S3 scenario's body
const kibObject = {
  id: 42,
  name: 'Tobi Ferret',
  email: 'tobi@example.com',
  tags: ['ferret', 'pet', 'mammal', 'cute'],
  address: { street: '1 Infinite Loop', city: 'Cupertino', zip: '95014', country: 'US' },
  items: Array.from({ length: 12 }, (_, i) => ({ sku: `SKU-${1000 + i}`, qty: i + 1, price: 9.99 + i })),
  note: 'x'.repeat(200),
};
const kibJson = Buffer.from(JSON.stringify(kibObject));
const smallJson = Buffer.from('{"id":"42"}');
const form = Buffer.from('user=tobi&email=tobi%40example.com&age=3&remember=on&redirect=%2Fhome');
const nestedForm = Buffer.from('user[name]=tobi&user[email]=tobi%40example.com&tags[]=a&tags[]=b');
const kibText = Buffer.from('lorem ipsum dolor sit amet '.repeat(38));
const len = (b) => String(b.length);

const json = { brisk: brisk.json(), upstream: upstream.json() };
const urlencoded = { brisk: brisk.urlencoded(), upstream: upstream.urlencoded() };
const extended = { brisk: brisk.urlencoded({ extended: true }), upstream: upstream.urlencoded({ extended: true }) };
const text = { brisk: brisk.text(), upstream: upstream.text() };
const raw = { brisk: brisk.raw(), upstream: upstream.raw() };

const cases = [
  ['json 1 KiB', json, { 'content-type': 'application/json', 'content-length': len(kibJson) }, kibJson],
  [
    'json 1 KiB, charset=utf-8',
    json,
    { 'content-type': 'application/json; charset=utf-8', 'content-length': len(kibJson) },
    kibJson,
  ],
  ['json {"id":"42"}', json, { 'content-type': 'application/json', 'content-length': len(smallJson) }, smallJson],
  [
    'urlencoded 5 fields',
    urlencoded,
    { 'content-type': 'application/x-www-form-urlencoded', 'content-length': len(form) },
    form,
  ],
  [
    'urlencoded extended, nested',
    extended,
    { 'content-type': 'application/x-www-form-urlencoded', 'content-length': len(nestedForm) },
    nestedForm,
  ],
  ['text 1 KiB', text, { 'content-type': 'text/plain', 'content-length': len(kibText) }, kibText],
  ['raw 1 KiB', raw, { 'content-type': 'application/octet-stream', 'content-length': len(kibJson) }, kibJson],
  ['json, GET without body (skip)', json, {}, undefined],
  ['json, other Content-Type (skip)', json, { 'content-type': 'text/plain', 'content-length': '2' }, undefined],
];

// Both must produce the same req.body, synchronously, before anything is timed.
for (const [name, mw, headers, body] of cases) {
  nextErr = 'not called';
  const a = run(mw.brisk, headers, body);
  assert.equal(nextErr, undefined, `brisk ${name}: ${nextErr}`);
  nextErr = 'not called';
  const b = run(mw.upstream, headers, body);
  assert.equal(nextErr, undefined, `body-parser ${name}: ${nextErr}`);
  assert.deepEqual(a, b, name);
}

// Warm both up (JIT) so the first case is not timed cold.
for (let i = 0; i < 3000; i++)
  for (const [, mw, headers, body] of cases) {
    run(mw.brisk, headers, body);
    run(mw.upstream, headers, body);
  }

compare(
  '@brisk/body vs body-parser@2.4.0 (middleware call to next())',
  cases.map(([name, mw, headers, body]) => ({
    name,
    brisk: () => run(mw.brisk, headers, body),
    upstream: () => run(mw.upstream, headers, body),
  })),
);
