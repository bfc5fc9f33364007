// The parser's pieces on their own: the delimiter search across chunks (against a plain search of
// the whole text), the part header reader, the parameter readers, and the time each takes as its
// input grows (linear, whatever the input: near-misses of the delimiter, long headers, tiny parts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeText, type Hint } from '../src/charsets.js';
import { appendField, exceedsArrayIndexLimit } from '../src/fields.js';
import { basename, HeaderParser, MAX_HEADER_BYTES, parseDisposition, parsePartType } from '../src/headers.js';
import { MultipartParser, type ParserHandlers } from '../src/parser.js';
import { Scanner } from '../src/search.js';
import { assertLinear, check, fc } from '../../../test/support/fuzz.js';

/** Runs a scanner over `chunks`; returns the data between delimiters, and the delimiters' ends. */
function scanAll(needle: Buffer, chunks: Buffer[]): { data: string[]; ends: number[] } {
  const scanner = new Scanner(needle);
  const data: string[] = [''];
  const ends: number[] = [];
  let offset = 0;
  for (const chunk of chunks) {
    let pos = 0;
    while (pos < chunk.length) {
      const r = scanner.scan(chunk, pos);
      data[data.length - 1] +=
        needle.subarray(0, r.released).toString('latin1') + chunk.toString('latin1', r.dataStart, r.dataEnd);
      pos = r.next;
      if (r.matched) {
        ends.push(offset + pos);
        data.push('');
      }
    }
    offset += chunk.length;
  }
  data[data.length - 1] += needle.subarray(0, scanner.held).toString('latin1');
  return { data, ends };
}

/** The same, by a plain left-to-right search of the whole text. */
function naive(needle: string, text: string): { data: string[]; ends: number[] } {
  const data: string[] = [];
  const ends: number[] = [];
  let from = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, from)) {
    data.push(text.slice(from, at));
    from = at + needle.length;
    ends.push(from);
  }
  data.push(text.slice(from));
  return { data, ends };
}

/** `text` cut at the given points. */
function split(text: string, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let last = 0;
  for (const p of [...points, text.length]) {
    chunks.push(Buffer.from(text.slice(last, p), 'latin1'));
    last = p;
  }
  return chunks;
}

describe('the delimiter search', () => {
  it('finds what a search of the whole text finds, however the text is cut', () => {
    // a small alphabet, so that near-misses and overlaps of the delimiter are common
    const alphabet = fc.constantFrom('\r', '\n', '-', 'a', 'b');
    check(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '-'), minLength: 1, maxLength: 4 }),
        fc.array(fc.oneof(fc.string({ unit: alphabet, maxLength: 6 }), fc.constant('\r\n--')), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (boundary, pieces, cuts) => {
          const needle = `\r\n--${boundary}`;
          const text = pieces.join(needle.slice(0, 1 + (pieces.length % needle.length))) + pieces.join(needle);
          assert.deepEqual(scanAll(Buffer.from(needle, 'latin1'), split(text, cuts)), naive(needle, text));
        },
      ),
      400,
    );
  });

  it('a delimiter across chunks of one byte', () => {
    const text = `x\r\n--ab\r\n-\r\n--a\r\n--ab--`;
    const chunks = [...text].map((c) => Buffer.from(c, 'latin1'));
    assert.deepEqual(scanAll(Buffer.from('\r\n--ab'), chunks), naive('\r\n--ab', text));
  });

  it('is linear on near-misses of the delimiter, in any chunk size', () => {
    for (const boundary of ['----WebKitFormBoundary7MA4YWxkTrZu0gW', 'b'.repeat(1000)]) {
      const needle = Buffer.from(`\r\n--${boundary}`);
      const nearMiss = `\r\n--${boundary.slice(0, -1)}x`;
      for (const size of [1, 7, 65536]) {
        assertLinear(
          `near-misses of a ${boundary.length}-character boundary, ${size}-byte chunks`,
          (n) =>
            split(
              nearMiss.repeat(Math.ceil(n / nearMiss.length)),
              Array.from({ length: n / size }, (_, i) => i * size),
            ),
          (chunks) => scanAll(needle, chunks),
          { n: size === 1 ? 4096 : 65536 },
        );
      }
    }
  });
});

describe('the part header reader', () => {
  const read = (text: string, pairs = 2000, cut = 0) => {
    const parser = new HeaderParser(pairs);
    const buf = Buffer.from(text, 'latin1');
    const chunks = cut ? [buf.subarray(0, cut), buf.subarray(cut)] : [buf];
    let end = -2;
    for (const chunk of chunks) {
      end = parser.push(chunk, 0, chunk.length);
      if (end === -1 || parser.done) break;
    }
    return end === -1 ? 'malformed' : parser.done ? parser.headers : 'incomplete';
  };

  it('reads the three headers it needs, first value of each, names in any case, across any cut', () => {
    const text =
      'x-a: 1\r\nCONTENT-TYPE:text/plain\r\ncontent-disposition:  form-data; name="a"\r\nContent-Type: other\r\nContent-Transfer-Encoding: 8bit\r\n\r\n';
    for (let cut = 0; cut < text.length; cut++) {
      assert.deepEqual(
        read(text, 2000, cut),
        { disposition: 'form-data; name="a"', type: 'text/plain', transferEncoding: '8bit' },
        `cut at ${cut}`,
      );
    }
  });

  it('obsolete line folding keeps the whitespace of the continuation', () => {
    assert.deepEqual(read('Content-Disposition: form-data;\r\n\t name="a"\r\n\r\n'), {
      disposition: 'form-data;\t name="a"',
      type: undefined,
      transferEncoding: undefined,
    });
  });

  it('refuses what the grammar does not allow', () => {
    for (const text of [
      '\r\n',
      ': x\r\n\r\n',
      'a b: c\r\n\r\n',
      'a: b\rc\r\n\r\n',
      'a: \0\r\n\r\n',
      'a: b\r\n\rx',
      'a\r\n\r\n',
    ]) {
      assert.equal(read(text), 'malformed', JSON.stringify(text));
    }
    assert.equal(read('a: b\r\n'), 'incomplete');
  });

  it(`a block is at most ${MAX_HEADER_BYTES} bytes`, () => {
    const fill = (n: number) => `X: ${'v'.repeat(n - 7)}\r\n\r\n`;
    assert.notEqual(read(fill(MAX_HEADER_BYTES)), 'malformed');
    assert.equal(read(fill(MAX_HEADER_BYTES + 1)), 'malformed');
    assert.equal(read(fill(MAX_HEADER_BYTES + 1), 2000, 9000), 'malformed');
  });

  it('reads only the first headerPairs fields', () => {
    const text = 'X: 1\r\nContent-Type: a/b\r\n\r\n';
    assert.equal(read(text, 2)?.toString() === 'malformed', false);
    assert.deepEqual(read(text, 1), { disposition: undefined, type: undefined, transferEncoding: undefined });
  });

  it('is linear in the number of header lines', () => {
    assertLinear(
      'header lines',
      (n) => Buffer.from('X-A: b\r\n'.repeat(n / 8) + '\r\n'),
      (buf) => new HeaderParser(1e9).push(buf, 0, Math.min(buf.length, MAX_HEADER_BYTES)),
      { n: 1024 },
    );
  });
});

describe('header parameters (busboy 1.6 grammar)', () => {
  const latin1 = (s: Buffer | string) => (typeof s === 'string' ? s : s.toString('latin1'));
  const cases: [string, unknown][] = [
    ['form-data; name="a"', { type: 'form-data', params: { name: 'a' } }],
    ['Form-Data;NAME=a ;  filename="b.txt"', { type: 'form-data', params: { name: 'a', filename: 'b.txt' } }],
    ['form-data; name="a"; name="b"', { type: 'form-data', params: { name: 'a' } }],
    ['form-data; name="a\\"b\\\\c\\d"', { type: 'form-data', params: { name: 'a"b\\c\\d' } }],
    [`form-data; filename*=UTF-8''caf%C3%A9`, { type: 'form-data', params: { 'filename*': 'café' } }],
    [`form-data; filename*=iso-8859-1'en'caf%E9`, { type: 'form-data', params: { 'filename*': 'café' } }],
    [`form-data; filename*=UTF-8''a ; x=y`, { type: 'form-data', params: { 'filename*': 'a', x: 'y' } }],
    [`form-data; filename*=UTF-8''a b`, undefined],
    [`form-data; filename*=UTF-8''a%2`, undefined],
    [`form-data; filename*=UTF-8'a`, undefined],
    [`form-data; filename*=x-no-such-charset''a`, undefined],
    ['form-data; name', undefined],
    ['form-data; name=', undefined],
    ['form-data; name="a', undefined],
    ['form-data; name="a\x01"', undefined],
    ['form-data name="a"', undefined],
    ['form-data;', undefined],
    ['; name="a"', { type: '', params: { name: 'a' } }],
    ['', undefined],
  ];
  for (const [header, expected] of cases) {
    it(`Content-Disposition: ${JSON.stringify(header)}`, () => {
      const parsed = parseDisposition(header, latin1);
      assert.deepEqual(parsed && { type: parsed.type, params: { ...parsed.params } }, expected);
    });
  }

  it('a part Content-Type', () => {
    assert.deepEqual(parsePartType('Text/Plain; Charset="UTF-8"; x=y'), { type: 'text/plain', charset: 'utf-8' });
    assert.deepEqual(parsePartType('image/png'), { type: 'image/png', charset: undefined });
    for (const bad of ['image', '/png', 'image/', 'image/png; x', 'image/png x', 'a b/c', ''])
      assert.equal(parsePartType(bad), undefined, bad);
  });

  it('basename keeps the last segment of / and \\ paths, and drops . and ..', () => {
    const cases: [string, string][] = [
      ['a.txt', 'a.txt'],
      ['../../etc/passwd', 'passwd'],
      ['C:\\a\\b.txt', 'b.txt'],
      ['a/b\\c', 'c'],
      ['..', ''],
      ['a/.', ''],
      ['a/', ''],
    ];
    for (const [path, name] of cases) assert.equal(basename(path), name, path);
  });

  it("charsets: busboy's names, and the others node decodes", () => {
    assert.equal(decodeText(Buffer.from('café'), 'UTF-8', 0), 'café');
    assert.equal(decodeText(Buffer.from([0xe9]), 'windows-1252', 0), 'é');
    assert.equal(decodeText(Buffer.from('a\0'), 'UCS-2', 0), 'a');
    assert.equal(decodeText(Buffer.from('hi'), 'base64', 0), 'aGk=');
    assert.equal(decodeText(Buffer.from([0xcf, 0xf0]), 'windows-1251', 0), 'Пр');
    assert.equal(decodeText('caf\xc3\xa9', 'utf8', 2 as Hint), 'café');
    assert.equal(decodeText('caf\xc3\xa9', 'utf8', 0), 'caf\xc3\xa9', 'a string without escapes is its own text');
    assert.equal(decodeText('x', 'no-such-charset', 0), undefined);
  });
});

describe('field names', () => {
  it('nesting, limits and the array-index check are linear in the name, whatever its brackets', () => {
    const names: [string, (n: number) => string][] = [
      ['unclosed brackets', (n) => `a${'['.repeat(n)}`],
      ['groups, then one unclosed', (n) => `a${'[x]'.repeat(n / 3)}[x`],
      ['index groups', (n) => `a${'[0]'.repeat(n / 3)}`],
      ['brackets inside groups', (n) => `a${'[[x]'.repeat(n / 4)}`],
    ];
    for (const [label, build] of names) {
      assertLinear(`exceedsArrayIndexLimit: ${label}`, build, (name) => exceedsArrayIndexLimit(name, 10), { n: 4096 });
      assertLinear(`appendField: ${label}`, build, (name) => appendField(Object.create(null), name, 'v'), { n: 4096 });
    }
  });
});

describe('the parser as a whole', () => {
  const handlers = (): ParserHandlers & { count: number } => ({
    count: 0,
    field() {
      this.count++;
    },
    file(_name, stream) {
      this.count++;
      stream.resume();
    },
    limit() {},
    error(err) {
      throw err;
    },
    finish() {},
  });
  const parser = (h: ParserHandlers) =>
    new MultipartParser(
      {
        boundary: 'b',
        limits: {
          fieldNameSize: Infinity,
          fieldSize: Infinity,
          fields: Infinity,
          fileSize: Infinity,
          files: Infinity,
          parts: Infinity,
          headerPairs: 2000,
        },
        preservePath: false,
        defCharset: 'utf8',
        paramDecoder: (s) => (typeof s === 'string' ? s : s.toString('latin1')),
        highWaterMark: undefined,
        fileHwm: undefined,
      },
      h,
    );

  it('is linear in the number of parts (fields and files), the size of a field, and header lines', () => {
    const inputs: [string, (n: number) => string][] = [
      ['empty fields', (n) => '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n'.repeat(n / 48)],
      [
        'empty files',
        (n) => '--b\r\nContent-Disposition: form-data; name="a"; filename="f"\r\n\r\n\r\n'.repeat(n / 60),
      ],
      [
        'one long field of near-misses',
        (n) => `--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'\r\n-'.repeat(n / 3)}`,
      ],
      ['empty delimiters', (n) => '\r\n--b'.repeat(n / 5)],
    ];
    for (const [label, build] of inputs) {
      assertLinear(
        label,
        (n) => Buffer.from(build(n)),
        (buf) => {
          const h = handlers();
          parser(h).write(buf);
          return h.count;
        },
        { n: 16384 },
      );
    }
  });
});
