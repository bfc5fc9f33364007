// compression(options): every option read once, at setup; misuse is a TypeError naming the key
// (compression 1.8 passed the object on to node and failed at the first compressed response, or
// never). Behaviour of each option over HTTP is in http.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import zlib from 'node:zlib';
import compression from '../src/index.js';
import { createCompressor } from '../src/codings.js';
import { readOptions } from '../src/options.js';
import { hasZstd } from './upstream.js';

const throwsNaming = (options: unknown, pattern: RegExp) =>
  assert.throws(
    () => compression(options as never),
    (err: Error) => {
      assert.ok(err instanceof TypeError, `${err.name}: ${err.message}`);
      assert.match(err.message, pattern);
      return true;
    },
  );

describe('options: accepted', () => {
  test('no options, null, an empty object', () => {
    for (const options of [undefined, null, {}]) assert.equal(typeof compression(options as never), 'function');
  });

  test("the middleware is named as upstream's and takes (req, res, next)", () => {
    const mw = compression();
    assert.equal(compression.name, 'compression');
    assert.equal(mw.name, 'compression');
    assert.equal(mw.length, 3);
  });

  test('threshold: a number of bytes, a byte size, absent or null (1 KiB)', () => {
    assert.equal(readOptions({}).threshold, 1024);
    assert.equal(readOptions({ threshold: null }).threshold, 1024);
    assert.equal(readOptions({ threshold: 0 }).threshold, 0);
    assert.equal(readOptions({ threshold: 100 }).threshold, 100);
    assert.equal(readOptions({ threshold: '1kb' }).threshold, 1024);
    assert.equal(readOptions({ threshold: '1.5 KB' }).threshold, 1536);
    assert.equal(readOptions({ threshold: '2048' }).threshold, 2048);
    assert.equal(readOptions({ threshold: Number.POSITIVE_INFINITY }).threshold, Number.POSITIVE_INFINITY);
  });

  test("every zlib option, within node's ranges", () => {
    const settings = readOptions({
      level: 9,
      memLevel: 9,
      strategy: zlib.constants.Z_FILTERED,
      windowBits: 15,
      chunkSize: 64 * 1024,
      dictionary: Buffer.from('hello'),
      flush: zlib.constants.Z_NO_FLUSH,
      finishFlush: zlib.constants.Z_FINISH,
      maxOutputLength: 1 << 20,
      info: false,
    });
    assert.equal(settings.zlib.level, 9);
    assert.equal(settings.zlib.chunkSize, 65536);
    assert.ok(Object.isFrozen(settings.zlib));
    for (const level of [-1, 0, 1, 6, 9]) readOptions({ level });
    for (const memLevel of [1, 9]) readOptions({ memLevel });
    for (const windowBits of [9, 15]) readOptions({ windowBits });
  });

  test('brotli: params merged over the default quality 4, as compression 1.8 does', () => {
    const Q = zlib.constants.BROTLI_PARAM_QUALITY;
    assert.deepEqual(readOptions({}).brotli.params, { [Q]: 4 });
    assert.deepEqual(readOptions({ brotli: { params: { [Q]: 11 } } }).brotli.params, { [Q]: 11 });
    const MODE = zlib.constants.BROTLI_PARAM_MODE;
    const given = { chunkSize: 1024, params: { [MODE]: zlib.constants.BROTLI_MODE_TEXT } };
    const settings = readOptions({ brotli: given });
    assert.deepEqual(settings.brotli, { chunkSize: 1024, params: { [Q]: 4, [MODE]: zlib.constants.BROTLI_MODE_TEXT } });
    assert.deepEqual(given, { chunkSize: 1024, params: { [MODE]: zlib.constants.BROTLI_MODE_TEXT } }, 'not changed');
    assert.deepEqual(readOptions({ brotli: null }).brotli.params, { [Q]: 4 });
  });

  test('zstd: accepted on every node; where node has none, ignored', () => {
    const settings = readOptions({ zstd: { params: {} } });
    assert.equal(settings.zstd === undefined, !hasZstd);
  });

  test('enforceEncoding: any string (an unknown one means identity, as upstream)', () => {
    for (const enforceEncoding of ['gzip', 'deflate', 'br', 'zstd', 'identity', 'bogus', '*']) {
      assert.equal(readOptions({ enforceEncoding }).enforceEncoding, enforceEncoding);
    }
    assert.equal(readOptions({ enforceEncoding: '' }).enforceEncoding, 'identity');
    assert.equal(readOptions({ enforceEncoding: null }).enforceEncoding, 'identity');
  });

  test('a filter function; absent or null is compression.filter', () => {
    const filter = () => true;
    assert.equal(readOptions({ filter }).filter, filter);
    assert.equal(readOptions({ filter: null }).filter, compression.filter);
  });
});

describe('options: refused at setup, the key named', () => {
  test('not an object', () => {
    for (const options of ['gzip', 6, true, [], () => {}])
      throwsNaming(options, /^argument options must be an object$/);
  });

  test("an unknown key: a typo, another package's name, Brotli params at the top", () => {
    throwsNaming({ treshold: 0 }, /^option treshold is unknown; the options are filter, threshold, enforceEncoding/);
    throwsNaming({ quality: 4 }, /option quality is unknown/);
    throwsNaming({ encodings: ['br'] }, /option encodings is unknown/);
    throwsNaming({ params: {} }, /option params is unknown \(Brotli parameters go in `brotli: \{ params \}`/);
    // keys that are not data: an inherited option is not read, an own __proto__ is refused
    throwsNaming({ __proto__: { level: 1 }, level: 1, constructor: 1 }, /option constructor is unknown/);
    throwsNaming(JSON.parse('{"__proto__": {"threshold": 0}}'), /option __proto__ is unknown/);
    assert.equal(
      readOptions({ __proto__: { threshold: 0 } }).threshold,
      0,
      'read as upstream reads it: opts.threshold',
    );
  });

  test('threshold: negative, NaN, not a size, another type', () => {
    throwsNaming(
      { threshold: -1 },
      /^option threshold "-1" is invalid: a number of bytes >= 0, or a size such as "1kb"$/,
    );
    throwsNaming({ threshold: '-1kb' }, /option threshold "-1kb" is invalid/);
    throwsNaming({ threshold: Number.NaN }, /option threshold "NaN" is invalid/);
    throwsNaming({ threshold: 'big' }, /option threshold "big" is invalid/);
    throwsNaming({ threshold: '' }, /option threshold "" is invalid/);
    throwsNaming({ threshold: true }, /option threshold "true" is invalid/);
    throwsNaming({ threshold: 10n }, /option threshold "10" is invalid/);
    throwsNaming({ threshold: { toString: () => '1kb' } }, /option threshold "1kb" is invalid/);
    const hostile = {
      toString() {
        throw new Error('no');
      },
    };
    throwsNaming({ threshold: hostile }, /option threshold "\[object Object\]" is invalid/);
  });

  test("level, memLevel, strategy, windowBits, chunkSize: integers in node's ranges (NaN too)", () => {
    throwsNaming({ level: 10 }, /^option level "10" is invalid: an integer from -1 to 9$/);
    throwsNaming({ level: -2 }, /option level "-2" is invalid/);
    throwsNaming({ level: Number.NaN }, /option level "NaN" is invalid/); // node would take NaN as the default
    throwsNaming({ level: 1.5 }, /option level "1.5" is invalid/); // node would truncate it
    throwsNaming({ level: '6' }, /option level "6" is invalid/);
    throwsNaming({ level: null }, /option level "null" is invalid/);
    throwsNaming({ memLevel: 0 }, /^option memLevel "0" is invalid: an integer from 1 to 9$/);
    throwsNaming({ strategy: 5 }, /^option strategy "5" is invalid: an integer from 0 to 4$/);
    // 8 is deflate's smallest window, not gzip's: node refuses it for gzip
    throwsNaming({ windowBits: 8 }, /^option windowBits "8" is invalid: an integer from 9 to 15$/);
    throwsNaming({ chunkSize: 63 }, /^option chunkSize "63" is invalid: an integer >= 64$/);
    throwsNaming({ chunkSize: Number.POSITIVE_INFINITY }, /option chunkSize "Infinity" is invalid/);
  });

  test("the other zlib options: node's own check, at setup, the key named", () => {
    throwsNaming({ dictionary: 'abc' }, /^option dictionary is invalid: The "options\.dictionary" property must be/);
    throwsNaming({ flush: 9 }, /^option flush is invalid: The value of "options\.flush" is out of range/);
    throwsNaming({ finishFlush: -1 }, /^option finishFlush is invalid/);
    try {
      compression({ flush: 9 });
    } catch (err) {
      assert.equal((err as Error & { cause: { code: string } }).cause.code, 'ERR_OUT_OF_RANGE');
    }
  });

  test('filter, enforceEncoding, brotli, zstd of the wrong type', () => {
    throwsNaming({ filter: 'text/html' }, /^option filter must be function$/);
    throwsNaming({ filter: true }, /^option filter must be function$/);
    throwsNaming({ enforceEncoding: 1 }, /^option enforceEncoding "1" is invalid/);
    throwsNaming({ brotli: 11 }, /^option brotli "11" is invalid: an object of options$/);
    throwsNaming({ brotli: [] }, /option brotli "" is invalid/);
    throwsNaming({ brotli: { params: 11 } }, /^option brotli\.params "11" is invalid: an object of parameters$/);
    throwsNaming(
      { brotli: { params: { 12345: 1 } } },
      /^option brotli is invalid: 12345 is not a valid Brotli parameter$/,
    );
    throwsNaming(
      { brotli: { chunkSize: 'x' } },
      /^option brotli\.chunkSize is invalid: The "options\.chunkSize" property/,
    );
    throwsNaming({ zstd: 3 }, /^option zstd "3" is invalid: an object of options$/);
  });
});

describe('options: zstd (node 22.15, 23.8 or later)', { skip: !hasZstd && 'this node has no zstd' }, () => {
  const c = zlib.constants as unknown as Record<string, number>;
  const level = c.ZSTD_c_compressionLevel as number;
  const windowLog = c.ZSTD_c_windowLog as number;
  const ldm = c.ZSTD_c_enableLongDistanceMatching as number;

  test('the window stays within the 8 MB a zstd content coding allows (RFC 9659)', () => {
    assert.deepEqual(readOptions({}).zstd?.params, {});
    assert.deepEqual(readOptions({ zstd: { params: { [level]: 19 } } }).zstd?.params, { [level]: 19 });
    assert.deepEqual(readOptions({ zstd: { params: { [level]: 20 } } }).zstd?.params, { [level]: 20, [windowLog]: 23 });
    assert.deepEqual(readOptions({ zstd: { params: { [ldm]: true } } }).zstd?.params, { [ldm]: true, [windowLog]: 23 });
    assert.deepEqual(readOptions({ zstd: { params: { [level]: 22, [windowLog]: 20 } } }).zstd?.params, {
      [level]: 22,
      [windowLog]: 20,
    });
    throwsNaming(
      { zstd: { params: { [windowLog]: 24 } } },
      /^option zstd\.params\[ZSTD_c_windowLog\] "24" is invalid: at most 23/,
    );
  });

  test("node's own check of the parameters, at setup", () => {
    throwsNaming({ zstd: { params: { 999: 1 } } }, /^option zstd is invalid: 999 is not a valid zstd parameter$/);
  });

  test('a level above 19 gets frames with an 8 MB window', async () => {
    const settings = readOptions({ zstd: { params: { [level]: 22 } } });
    const stream = createCompressor('zstd', settings);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.write(Buffer.alloc(50_000, 'abcdefgh'));
    stream.end(Buffer.alloc(50_000, 'hgfedcba'));
    await once(stream, 'end');
    const frame = Buffer.concat(chunks);
    // RFC 8878 §3.1.1.1: a streamed frame has no Single_Segment flag (its size is not known in
    // advance), so the Window_Descriptor follows the Frame_Header_Descriptor: windowLog = 10 + exponent
    assert.equal((frame[4]! >> 5) & 1, 0);
    assert.equal(10 + (frame[5]! >> 3), 23);
  });
});
