import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentType, extension, extensions, lookup, types } from '../src/index.js';
import { CHARSETS, SOURCE, TYPES } from '../src/db.js';
import { charsetOf } from '../src/tables.js';

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];

describe('types (extension → media type)', () => {
  test('is a prototype-less object, as in mime-types', () => {
    assert.equal(Object.getPrototypeOf(types), null);
  });
  test('holds every extension of mime-db 1.54.0', () => {
    assert.equal(Object.keys(types).length, 1239);
  });
  test('keys are lower-case extensions, values media types', () => {
    for (const [ext, type] of Object.entries(types)) {
      assert.match(ext, /^[a-z0-9_+-]+$/);
      assert.match(type, /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/);
    }
  });
  test('keeps mime-types key order (numeric keys first, then first claim in mime-db order)', () => {
    assert.deepEqual(Object.keys(types).slice(0, 6), ['123', '210', 'ez', 'appinstaller', 'aw', 'appx']);
  });
  test('samples', () => {
    assert.equal(types.html, 'text/html');
    assert.equal(types.js, 'text/javascript');
    assert.equal(types.mp4, 'video/mp4');
    assert.equal(types.xml, 'application/xml');
  });
  test('every extension maps to a type that lists it', () => {
    for (const [ext, type] of Object.entries(types)) assert.ok(extensions[type].includes(ext), `${type} ${ext}`);
  });
  test('is what lookup() reads: entries added are found, in lower case', () => {
    types['brisk-test'] = 'application/x-brisk-test';
    try {
      assert.equal(lookup('file.BRISK-TEST'), 'application/x-brisk-test');
    } finally {
      delete types['brisk-test'];
    }
    assert.equal(lookup('file.brisk-test'), false);
  });
  test('contentType() follows entries added to types, keeping a charset they carry', () => {
    types['brisk-a'] = 'text/x-brisk';
    types['brisk-b'] = 'text/x-brisk; charset=latin1';
    types['brisk-c'] = 'application/x-brisk';
    try {
      assert.equal(contentType('brisk-a'), 'text/x-brisk; charset=utf-8');
      assert.equal(contentType('brisk-b'), 'text/x-brisk; charset=latin1');
      assert.equal(contentType('file.brisk-c'), 'application/x-brisk');
      types.html = 'text/x-other';
      assert.equal(contentType('html'), 'text/x-other; charset=utf-8');
    } finally {
      delete types['brisk-a'];
      delete types['brisk-b'];
      delete types['brisk-c'];
      types.html = 'text/html';
    }
    assert.equal(contentType('html'), 'text/html; charset=utf-8');
    assert.equal(contentType('brisk-a'), false);
  });
  test('extension() follows entries added to extensions', () => {
    extensions['application/x-brisk'] = ['brisk', 'bsk'];
    try {
      assert.equal(extension('application/x-brisk'), 'brisk');
    } finally {
      delete extensions['application/x-brisk'];
    }
    assert.equal(extension('application/x-brisk'), false);
  });
});

describe('extensions (media type → extensions)', () => {
  test('is a prototype-less object, as in mime-types', () => {
    assert.equal(Object.getPrototypeOf(extensions), null);
  });
  test('holds every mime-db 1.54.0 type that has extensions, in mime-db order', () => {
    const keys = Object.keys(extensions);
    assert.equal(keys.length, 1015);
    assert.deepEqual(keys, [...keys].sort());
    assert.equal(keys[0], 'application/andrew-inset');
  });
  test('lists each type’s extensions in mime-db order, the preferred first', () => {
    assert.deepEqual(extensions['text/html'], ['html', 'htm', 'shtml']);
    assert.deepEqual(extensions['text/javascript'], ['js', 'mjs']);
    assert.deepEqual(extensions['application/javascript'], ['js']);
    assert.deepEqual(extensions['application/x-msdownload'], ['exe', 'dll', 'com', 'bat', 'msi']);
    assert.deepEqual(extensions['application/octet-stream'], [
      'bin',
      'dms',
      'lrf',
      'mar',
      'so',
      'dist',
      'distz',
      'pkg',
      'bpk',
      'dump',
      'elc',
      'deploy',
      'exe',
      'dll',
      'deb',
      'dmg',
      'iso',
      'img',
      'msi',
      'msp',
      'msm',
      'buffer',
    ]);
  });
  test('types without extensions are absent', () => {
    assert.equal(extensions['application/news-groupinfo'], undefined);
  });
});

describe('generated data (db.ts)', () => {
  test('names its source', () => {
    assert.equal(SOURCE, 'mime-db 1.54.0');
  });
  test('has no prototype-pollution keys anywhere', () => {
    const words = `${TYPES}\n${CHARSETS}`.split(/[\s!]+/);
    for (const key of FORBIDDEN) assert.ok(!words.includes(key), key);
    for (const table of [types, extensions, charsetOf]) {
      assert.equal(Object.getPrototypeOf(table), null);
      for (const key of FORBIDDEN) assert.equal(Object.hasOwn(table, key), false, key);
    }
    assert.equal(({} as Record<string, unknown>).charset, undefined);
  });
  test('each line of TYPES is a type and its extensions; each extension has exactly one owner', () => {
    const owners = new Map<string, number>();
    for (const line of TYPES.split('\n')) {
      const [type, ...exts] = line.split(' ');
      assert.match(type, /\//);
      assert.ok(exts.length > 0, type);
      for (const ext of exts) if (!ext.startsWith('!')) owners.set(ext, (owners.get(ext) ?? 0) + 1);
    }
    assert.equal(owners.size, 1239);
    for (const [ext, count] of owners) assert.equal(count, 1, ext);
  });
  test('CHARSETS keeps the charsets of types with and without extensions', () => {
    const lines = CHARSETS.split('\n');
    assert.equal(lines.length, 41);
    assert.ok(lines.includes('application/news-groupinfo US-ASCII'));
    assert.ok(lines.includes('text/css UTF-8'));
    assert.ok(!lines.some((line) => line.startsWith('text/html ')), 'text/html gets UTF-8 as a text/* type');
  });
});
