import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { compileOptions, DEFAULT_OPTIONS, maxAgeOf } from '../src/options.js';

const YEAR = 31_536_000_000;

describe('compileOptions', () => {
  test('defaults', () => {
    assert.deepEqual(compileOptions(undefined), {
      acceptRanges: true,
      cacheControl: 'public, max-age=0',
      dotfiles: 'ignore',
      end: undefined,
      etag: true,
      extensions: [],
      headers: null,
      index: ['index.html'],
      lastModified: true,
      maxAge: 0,
      root: null,
      start: 0,
      streamOptions: null,
    });
    assert.deepEqual(DEFAULT_OPTIONS, compileOptions({}));
    assert.deepEqual(compileOptions(null), compileOptions({}));
  });

  test('flags are read as booleans; undefined keeps the default', () => {
    const o = compileOptions({
      acceptRanges: 0 as unknown as boolean,
      etag: '' as unknown as boolean,
      lastModified: undefined,
      immutable: 1 as unknown as boolean,
    });
    assert.equal(o.acceptRanges, false);
    assert.equal(o.etag, false);
    assert.equal(o.lastModified, true);
    assert.equal(o.cacheControl, 'public, max-age=0, immutable');
  });

  test('Cache-Control from maxAge and immutable; cacheControl: false drops it', () => {
    assert.equal(compileOptions({ maxAge: 5500 }).cacheControl, 'public, max-age=5');
    assert.equal(compileOptions({ maxAge: '1d', immutable: true }).cacheControl, 'public, max-age=86400, immutable');
    assert.equal(compileOptions({ maxage: '2h' }).cacheControl, 'public, max-age=7200');
    assert.equal(compileOptions({ maxAge: 1000, maxage: 9000 }).cacheControl, 'public, max-age=1');
    assert.equal(compileOptions({ maxAge: 0, maxage: 9000 }).cacheControl, 'public, max-age=9');
    assert.equal(compileOptions({ maxAge: '1d', cacheControl: false }).cacheControl, null);
    assert.equal(compileOptions({ cacheControl: true }).cacheControl, 'public, max-age=0');
  });

  test('index and extensions lists', () => {
    assert.deepEqual(compileOptions({ index: false }).index, []);
    assert.deepEqual(compileOptions({ index: 'default.htm' }).index, ['default.htm']);
    assert.deepEqual(compileOptions({ index: ['a.html', 'b.html'] }).index, ['a.html', 'b.html']);
    assert.deepEqual(compileOptions({ extensions: 'html' }).extensions, ['html']);
    assert.deepEqual(compileOptions({ extensions: ['html', 'htm'] }).extensions, ['html', 'htm']);
    assert.deepEqual(compileOptions({ extensions: false }).extensions, []);
  });

  test('invalid options throw TypeError with send wording', () => {
    assert.throws(() => compileOptions({ dotfiles: 'bogus' as 'allow' }), {
      name: 'TypeError',
      message: 'dotfiles option must be "allow", "deny", or "ignore"',
    });
    assert.throws(() => compileOptions({ index: [1] as unknown as string[] }), {
      name: 'TypeError',
      message: 'index option must be array of strings or false',
    });
    assert.throws(() => compileOptions({ index: true as unknown as string }), {
      message: 'index option must be array of strings or false',
    });
    assert.throws(() => compileOptions({ extensions: [null] as unknown as string[] }), {
      name: 'TypeError',
      message: 'extensions option must be array of strings or false',
    });
  });

  test('root is resolved (and remembered when absolute)', () => {
    assert.equal(compileOptions({ root: 'public' }).root, resolve('public'));
    assert.equal(compileOptions({ root: '/srv/www/' }).root, '/srv/www');
    assert.equal(compileOptions({ root: '/srv/www/' }).root, '/srv/www');
    assert.equal(compileOptions({ root: '/srv/./x/../www' }).root, '/srv/www');
    assert.equal(compileOptions({ root: '' }).root, null);
  });

  test('the root cache is bounded', () => {
    for (let i = 0; i < 600; i++) assert.equal(compileOptions({ root: `/r/${i}/` }).root, `/r/${i}`);
  });

  test('start, end, headers and the fs.createReadStream options', () => {
    const headers = { 'X-A': '1' };
    const signal = new AbortController().signal;
    const o = compileOptions({ start: 2, end: 9, headers, highWaterMark: 1024, signal, encoding: undefined });
    assert.equal(o.start, 2);
    assert.equal(o.end, 9);
    assert.equal(o.headers, headers);
    assert.deepEqual(o.streamOptions, { highWaterMark: 1024, signal });
    assert.equal(compileOptions({ headers: 'x' as unknown as Record<string, string> }).headers, null);
  });

  test('inherited options are read (serve-static and Express pass Object.create(options))', () => {
    const o = compileOptions(Object.create({ maxAge: '1h', dotfiles: 'allow' }));
    assert.equal(o.cacheControl, 'public, max-age=3600');
    assert.equal(o.dotfiles, 'allow');
  });
});

describe('maxAgeOf', () => {
  const cases: [unknown, number][] = [
    [undefined, 0],
    [null, 0],
    [0, 0],
    [1500, 1500],
    ['1500', 1500],
    ['1d', 86_400_000],
    ['2 years', YEAR],
    [Infinity, YEAR],
    [YEAR + 1, YEAR],
    [-1000, 0],
    ['-1d', 0],
    ['soon', 0],
    [' ', 0],
    [NaN, 0],
    [true, 1],
    [{}, 0],
    [[], 0],
  ];
  for (const [input, expected] of cases) {
    test(`${String(input)} → ${expected}`, () => assert.equal(maxAgeOf(input), expected));
  }
});

describe('header values from stats', async () => {
  const { fileEtag, httpDate } = await import('../src/file-headers.js');
  test('httpDate is toUTCString, also past its cache bound', () => {
    for (let i = 0; i < 1100; i++) {
      const d = new Date(1_700_000_000_000 + i * 1000);
      assert.equal(httpDate(d), d.toUTCString());
    }
    assert.equal(httpDate(new Date(0)), 'Thu, 01 Jan 1970 00:00:00 GMT');
    assert.equal(httpDate(new Date(0)), 'Thu, 01 Jan 1970 00:00:00 GMT');
    assert.equal(httpDate(new Date(NaN)), 'Invalid Date');
  });
  test('fileEtag is the weak stats tag of etag 1.8', () => {
    const stat = { size: 11, mtime: new Date(1704164645000) } as import('node:fs').Stats;
    assert.equal(fileEtag(stat), 'W/"b-18cc820d888"');
    assert.equal(fileEtag({ size: 0, mtime: new Date(0) } as import('node:fs').Stats), 'W/"0-0"');
  });
});
