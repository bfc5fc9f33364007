import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { baseType, extensionOf, isSpace, isTextType } from '../src/scan.js';

// extensionOf(input) is path.extname('x.' + input).toLowerCase().slice(1), the way mime-types 3 finds the extension.
describe('extensionOf()', () => {
  const cases: [input: string, posix: string, windows: string][] = [
    ['html', 'html', 'html'],
    ['HTML', 'html', 'html'],
    ['Dir/File.JSON', 'json', 'json'],
    ['\u212Aml', 'kml', 'kml'], // KELVIN SIGN lower-cases to k
    ['x.\u00c4', '\u00e4', '\u00e4'],
    ['A', 'a', 'a'],
    ['Z@[', 'z@[', 'z@['],
    ['.html', 'html', 'html'],
    ['..html', 'html', 'html'],
    ['file.html', 'html', 'html'],
    ['a.b.c', 'c', 'c'],
    ['/a.b/c', '', ''],
    ['dir/file.html/', 'html', 'html'],
    ['dir/file.html///', 'html', 'html'],
    ['dir/.htaccess', '', ''],
    ['dir/..', '', ''],
    ['dir/...', '', ''],
    ['dir/..x', 'x', 'x'],
    ['.', '', ''],
    ['..', '', ''],
    ['', '', ''],
    ['/', '', ''],
    ['file.', '', ''],
    ['.htaccess/', 'htaccess', 'htaccess'],
    ['dir\\file.html', 'html', 'html'],
    ['dir.png\\file', 'png\\file', ''],
    ['dir.PNG\\FILE', 'png\\file', ''],
    ['file.html\\', 'html\\', 'html'],
    ['dir\\.htaccess', 'htaccess', ''],
    ['C:\\www\\index.html', 'html', 'html'],
  ];
  for (const [input, posix, windows] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(posix)} (POSIX), ${JSON.stringify(windows)} (Windows)`, () => {
      assert.equal(extensionOf(input, false), posix);
      assert.equal(extensionOf(input, true), windows);
    });
  }
  test('defaults to the platform’s separators', () => {
    assert.equal(extensionOf('dir.png\\file'), process.platform === 'win32' ? '' : 'png\\file');
  });
});

describe('baseType()', () => {
  const cases: [string, string][] = [
    ['text/html', 'text/html'],
    ['Text/HTML; x', 'text/html'],
    ['TEXT/\u212A', 'text/k'],
    ['a@[Z', 'a@[z'],
    ['  text/html  ', 'text/html'],
    ['text/html; charset=utf-8', 'text/html'],
    ['text/html;charset=utf-8', 'text/html'],
    ['\ttext/html\n', 'text/html'],
    ['\ufeff\u2028text/html\u3000x', 'text/html'],
    [';x', ''],
    ['   ', ''],
    ['', ''],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(baseType(input), expected));
  }
});

describe('isSpace()', () => {
  test('is JavaScript whitespace, as \\s', () => {
    const spaces = [
      9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
    ];
    for (const c of spaces) assert.equal(isSpace(c), true, c.toString(16));
    for (const c of [0, 8, 14, 31, 33, 59, 0x85, 0x9f, 0x180e, 0x1fff, 0x200b, 0x2027, 0x202e, 0xfffe]) {
      assert.equal(isSpace(c), false, c.toString(16));
    }
  });
});

describe('isTextType()', () => {
  test('text/ in any ASCII case', () => {
    for (const t of ['text/', 'text/html', 'TEXT/x', 'TeXt/plain']) assert.equal(isTextType(t), true, t);
    for (const t of ['text', 'texts/x', 'tex/x', 'xtext/x', '', 'te\u0178t/x', '\u0174ext/x'])
      assert.equal(isTextType(t), false, t);
  });
});
