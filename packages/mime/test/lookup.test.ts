import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { extensions, lookup } from '../src/index.js';

// Expected values are what mime-types 3.0.2 (with mime-db 1.54.0) returns.
const COMMON: [string, string | false][] = [
  // web
  ['html', 'text/html'],
  ['htm', 'text/html'],
  ['shtml', 'text/html'],
  ['css', 'text/css'],
  ['js', 'text/javascript'],
  ['mjs', 'text/javascript'],
  ['cjs', 'application/node'],
  ['jsx', 'text/jsx'],
  ['json', 'application/json'],
  ['map', 'application/json'],
  ['jsonld', 'application/ld+json'],
  ['webmanifest', 'application/manifest+json'],
  ['wasm', 'application/wasm'],
  ['xhtml', 'application/xhtml+xml'],
  ['rss', 'application/rss+xml'],
  ['atom', 'application/atom+xml'],
  ['appcache', 'text/cache-manifest'],
  ['vtt', 'text/vtt'],
  // images
  ['svg', 'image/svg+xml'],
  ['svgz', 'image/svg+xml'],
  ['png', 'image/png'],
  ['apng', 'image/apng'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['jpe', 'image/jpeg'],
  ['jfif', 'image/pjpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['heic', 'image/heic'],
  ['heif', 'image/heif'],
  ['jxl', 'image/jxl'],
  ['ico', 'image/vnd.microsoft.icon'],
  ['bmp', 'image/bmp'],
  ['tif', 'image/tiff'],
  ['tiff', 'image/tiff'],
  ['psd', 'image/vnd.adobe.photoshop'],
  // fonts
  ['woff', 'font/woff'],
  ['woff2', 'font/woff2'],
  ['ttf', 'font/ttf'],
  ['otf', 'font/otf'],
  ['eot', 'application/vnd.ms-fontobject'],
  // audio and video
  ['mp4', 'video/mp4'],
  ['m4v', 'video/x-m4v'],
  ['mov', 'video/quicktime'],
  ['avi', 'video/x-msvideo'],
  ['mkv', 'video/x-matroska'],
  ['webm', 'video/webm'],
  ['mpeg', 'video/mpeg'],
  ['mpg', 'video/mpeg'],
  ['3gp', 'video/3gpp'],
  ['ts', 'video/mp2t'],
  ['ogv', 'video/ogg'],
  ['mp3', 'audio/mpeg'],
  ['m4a', 'audio/mp4'],
  ['aac', 'audio/aac'],
  ['flac', 'audio/x-flac'],
  ['ogg', 'audio/ogg'],
  ['oga', 'audio/ogg'],
  ['opus', 'audio/ogg'],
  ['wav', 'audio/wav'],
  ['weba', 'audio/webm'],
  ['mid', 'audio/midi'],
  ['midi', 'audio/midi'],
  // documents
  ['pdf', 'application/pdf'],
  ['txt', 'text/plain'],
  ['text', 'text/plain'],
  ['log', 'text/plain'],
  ['ini', 'text/plain'],
  ['conf', 'text/plain'],
  ['csv', 'text/csv'],
  ['tsv', 'text/tab-separated-values'],
  ['ics', 'text/calendar'],
  ['vcf', 'text/x-vcard'],
  ['xml', 'application/xml'],
  ['xsl', 'application/xml'],
  ['md', 'text/markdown'],
  ['markdown', 'text/markdown'],
  ['yaml', 'text/yaml'],
  ['yml', 'text/yaml'],
  ['toml', 'application/toml'],
  ['rtf', 'application/rtf'],
  ['doc', 'application/msword'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xls', 'application/vnd.ms-excel'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt', 'application/vnd.ms-powerpoint'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['epub', 'application/epub+zip'],
  ['ps', 'application/postscript'],
  ['eps', 'application/postscript'],
  ['ai', 'application/postscript'],
  // archives and binaries
  ['zip', 'application/zip'],
  ['gz', 'application/gzip'],
  ['tar', 'application/x-tar'],
  ['bz2', 'application/x-bzip2'],
  ['xz', 'application/x-xz'],
  ['7z', 'application/x-7z-compressed'],
  ['rar', 'application/vnd.rar'],
  ['bin', 'application/octet-stream'],
  ['so', 'application/octet-stream'],
  ['dist', 'application/octet-stream'],
  ['exe', 'application/x-msdos-program'],
  ['dll', 'application/x-msdownload'],
  ['msi', 'application/x-msdownload'],
  ['iso', 'application/x-iso9660-image'],
  ['dmg', 'application/x-apple-diskimage'],
  ['deb', 'application/x-debian-package'],
  ['apk', 'application/vnd.android.package-archive'],
  ['jar', 'application/java-archive'],
  ['class', 'application/java-vm'],
  ['swf', 'application/x-shockwave-flash'],
  ['crx', 'application/x-chrome-extension'],
  // source code
  ['sh', 'application/x-sh'],
  ['php', 'application/x-httpd-php'],
  ['pl', 'application/x-perl'],
  ['c', 'text/x-c'],
  ['h', 'text/x-c'],
  ['java', 'text/x-java-source'],
  ['sql', 'application/sql'],
  // numeric keys
  ['123', 'application/vnd.lotus-1-2-3'],
  ['210', 'model/step'],
  // not in mime-db
  ['tgz', false],
  ['py', false],
  ['rb', false],
  ['cur', false],
  ['sfnt', false],
  ['cats', false],
];

describe('lookup(extension)', () => {
  for (const [ext, type] of COMMON) {
    test(`${ext} → ${type}`, () => {
      assert.equal(lookup(ext), type);
      assert.equal(lookup(`.${ext}`), type);
      assert.equal(lookup(`file.${ext}`), type);
      assert.equal(lookup(`/path/to/FILE.${ext.toUpperCase()}`), type);
    });
  }
});

// Several types list these extensions; mime-types 3 gives each to the type with the highest
// mime-score (facet, then source iana > mime-db > apache > nginx, then top-level type, then length).
const CONFLICTS: [ext: string, winner: string, losers: string[]][] = [
  ['js', 'text/javascript', ['application/javascript']], // iana beats apache
  ['xml', 'application/xml', ['text/xml']], // both iana: application/ scores 1, text/ 0
  ['rtf', 'application/rtf', ['text/rtf']],
  ['mp4', 'video/mp4', ['application/mp4']], // both iana: video/ 3 beats application/ 1
  ['3gpp', 'video/3gpp', ['audio/3gpp']], // video/ 3 beats audio/ 2
  ['m4a', 'audio/mp4', ['audio/x-m4a']], // iana standards tree beats nginx x-
  ['wav', 'audio/wav', ['audio/wave', 'audio/x-wav']], // equal scores: the shorter type
  ['mp3', 'audio/mpeg', ['audio/mp3']], // iana beats mime-db's own
  ['ico', 'image/vnd.microsoft.icon', ['image/x-icon']], // vnd. beats x-
  ['bmp', 'image/bmp', ['image/x-ms-bmp']],
  ['exe', 'application/x-msdos-program', ['application/octet-stream', 'application/x-msdownload']], // octet-stream last; mime-db beats apache
  ['rar', 'application/vnd.rar', ['application/x-compressed', 'application/x-rar-compressed']],
  ['zip', 'application/zip', ['application/x-zip-compressed']],
  ['asc', 'application/pgp-keys', ['application/pgp-signature']], // equal scores: the shorter type
  ['xsl', 'application/xml', ['application/xslt+xml']],
  ['mpp', 'application/dash-patch+xml', ['application/vnd.ms-project']], // standards tree beats vnd.
  ['ac', 'application/pkix-attr-cert', ['application/vnd.nokia.n-gage.ac+xml']], // "pkix-" is no x- facet
  ['bdoc', 'application/bdoc', ['application/x-bdoc']],
  ['wmz', 'application/x-ms-wmz', ['application/x-msmetafile']], // both apache x-: the shorter type
  ['sub', 'text/vnd.dvb.subtitle', ['image/vnd.dvb.subtitle']], // both iana vnd.: the shorter type
  ['prc', 'model/prc', ['application/x-mobipocket-ebook', 'application/x-pilot']],
  ['mts', 'video/mp2t', ['model/vnd.mts']],
  ['key', 'application/vnd.apple.keynote', ['application/x-iwork-keynote-sffkey']],
  ['sql', 'application/sql', ['application/x-sql']],
  ['obj', 'model/obj', ['application/x-tgif']],
  ['pcx', 'image/vnd.zbrush.pcx', ['image/x-pcx']],
  ['stl', 'model/stl', ['application/vnd.ms-pki.stl']],
  ['xlf', 'application/xliff+xml', ['application/x-xliff+xml']],
  ['jpm', 'image/jpm', ['video/jpm']],
];

describe('lookup() of extensions that several types list', () => {
  for (const [ext, winner, losers] of CONFLICTS) {
    test(`${ext} → ${winner}, not ${losers.join(' / ')}`, () => {
      assert.equal(lookup(ext), winner);
      for (const loser of losers) assert.ok(extensions[loser].includes(ext), `${loser} lists ${ext}`);
    });
  }
});

describe('lookup(path)', () => {
  const cases: [string, string | false][] = [
    ['file.html', 'text/html'],
    ['.html', 'text/html'],
    ['/path/to/FILE.HTML', 'text/html'],
    ['Index.Html', 'text/html'],
    ['folder/file.js', 'text/javascript'],
    ['/a.b/c.d/archive.tar', 'application/x-tar'],
    ['archive.tar.gz', 'application/gzip'], // the last extension counts
    ['x.y.z.json', 'application/json'],
    ['dir/file.html/', 'text/html'], // trailing separators are ignored, as path.extname does
    ['dir/file.html//', 'text/html'],
    ['..html', 'text/html'],
    ['dir/..html', 'text/html'],
    ['./file.css', 'text/css'],
    ['../file.css', 'text/css'],
    ['C:/www/site/index.html', 'text/html'],
    ['file.json?x=1', false], // no query-string handling, as upstream
    ['folder/.htaccess', false], // dot-file without extension
    ['folder/.html', false],
    ['.htaccess/', false],
    ['dir.html/file', false], // extension of a directory does not count
    ['dir.html/', 'text/html'], // the last segment, trailing separator ignored
    ['file.', false],
    ['file..', false],
    ['.', false],
    ['..', false],
    ['...', false],
    ['/', false],
    ['//', false],
    ['a/..', false],
    ['a/.', false],
    ['README', false],
    ['Makefile', false],
    ['file.unknownext', false],
    ['file.html ', false],
    [' html', false],
  ];
  for (const [input, type] of cases) {
    test(`${JSON.stringify(input)} → ${type}`, () => assert.equal(lookup(input), type));
  }

  test('a bare extension is read as the extension, in any case', () => {
    assert.equal(lookup('html'), 'text/html');
    assert.equal(lookup('HTML'), 'text/html');
    assert.equal(lookup('HtMl'), 'text/html');
    assert.equal(lookup('.JSON'), 'application/json');
  });

  test('case folding is Unicode toLowerCase, as upstream (KELVIN SIGN folds to k)', () => {
    assert.equal(lookup('\u212Aml'), 'application/vnd.google-earth.kml+xml');
  });

  test('backslashes are not separators on POSIX', { skip: process.platform === 'win32' }, () => {
    assert.equal(lookup('dir\\file.html'), 'text/html');
    assert.equal(lookup('dir.png\\file'), false);
  });
});

describe('lookup() of invalid input', () => {
  const inputs: unknown[] = [
    undefined,
    null,
    0,
    1,
    NaN,
    true,
    false,
    {},
    [],
    ['html'],
    () => 'html',
    Symbol('html'),
    1n,
    '',
    new String('html'),
  ];
  for (const input of inputs) {
    test(`${typeof input} ${String(input)} → false`, () => assert.equal(lookup(input as string), false));
  }
  test('prototype names are not extensions', () => {
    for (const name of [
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
    ]) {
      assert.equal(lookup(name), false);
      assert.equal(lookup(`file.${name}`), false);
    }
  });
});
