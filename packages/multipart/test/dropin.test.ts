// Side by side with multer 2.5.0: every case of cases.ts, and generated forms, through both
// packages, whole and in small writes (so that delimiters and headers fall across chunks), must
// give the same req.body, files and error (name, message, code, field, filename). The deliberate
// differences (decision 040) are listed last, each with what multer gives and what brisk gives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import multer from '../src/index.js';
import { BOUNDARY, CASES, type Case, type Method } from './cases.js';
import { outcome, request, upstream, type Middleware } from './helpers.js';
import { checkAsync, fc } from '../../../test/support/fuzz.js';

type Factory = (options?: object) => Record<string, (...args: unknown[]) => Middleware>;

function headersOf(body: Buffer, type: string | undefined, noLength = false): Record<string, string> {
  const headers: Record<string, string> = {};
  const contentType = type ?? `multipart/form-data; boundary=${BOUNDARY}`;
  if (contentType !== '') headers['content-type'] = contentType;
  if (!noLength) headers['content-length'] = String(body.length);
  return headers;
}

function middleware(factory: Factory, c: Pick<Case, 'method' | 'options'>): Middleware {
  const [name, ...args]: Method = c.method ?? ['any'];
  return factory(c.options)[name](...args);
}

async function both(c: Case, chunk: number) {
  const body = Buffer.from(c.body, 'latin1');
  const headers = headersOf(body, c.type, c.noLength);
  const theirs = await outcome(middleware(upstream as unknown as Factory, c), request(body, headers, chunk));
  const ours = await outcome(middleware(multer as unknown as Factory, c), request(body, headers, chunk));
  return { theirs, ours };
}

describe('the same outcome as multer 2.5.0, case by case', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      for (const chunk of [0, 1, 3, 64]) {
        const { theirs, ours } = await both(c, chunk);
        assert.notEqual(ours, 'hang');
        assert.deepEqual(ours, theirs, `in writes of ${chunk || 'all'} bytes`);
      }
    });
  }
});

// Generated forms: parts of every kind, names and file names from a hostile alphabet, header
// lines in any case and order, limits, chunkings. Only charsets busboy knows are generated (for
// others multer gives `undefined`), and no `headerPairs` limit (busboy ignores it): deliberate
// differences, below.
const text = (chars: string, max: number) => fc.string({ unit: fc.constantFrom(...chars.split('')), maxLength: max });
const nameArb = fc.oneof(
  text('ab[]0_%2"', 8),
  fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[__proto__][x]', 'x%22y', '', 'a[4294967294]'),
);
const filenameArb = fc.oneof(text('ab./\\:"% ', 10), fc.constantFrom('../x', 'C:\\a\\b.txt', '.', '..'));
const valueArb = fc.oneof(text('ab\r\n-\0\xe9', 40), fc.constantFrom(`\r\n--${BOUNDARY}x`, '--', '\r'));
const headerName = (name: string) => fc.constantFrom(name, name.toLowerCase(), name.toUpperCase()).map((n) => n);
const partArb = fc
  .record({
    disposition: fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({
          name: nameArb,
          filename: fc.option(filenameArb),
          ext: fc.boolean(),
          quoted: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    dispName: headerName('Content-Disposition'),
    type: fc.option(
      fc.constantFrom(
        'text/plain',
        'application/octet-stream',
        'text/plain; charset=latin1',
        'text/plain; charset=utf-16le',
        'image/png; x',
        'bogus',
        'a/b; charset=base64',
      ),
    ),
    encoding: fc.option(fc.constantFrom('binary', '8BIT', 'base64')),
    extra: fc.option(fc.constantFrom('X-A: 1', 'X-Folded: a\r\n b')),
    reverse: fc.boolean(),
    value: valueArb,
  })
  .map((p) => {
    const lines: string[] = [];
    if (p.disposition !== null) {
      const d = p.disposition;
      const q = (s: string) => (d.quoted ? `"${s.replace(/["\\]/g, '\\$&')}"` : s);
      let line = `${p.dispName}: form-data; name=${q(d.name)}`;
      if (d.filename !== null)
        line += d.ext ? `; filename*=utf-8''${encodeURIComponent(d.filename)}` : `; filename=${q(d.filename)}`;
      lines.push(line);
    }
    if (p.type !== null) lines.push(`Content-Type: ${p.type}`);
    if (p.encoding !== null) lines.push(`Content-Transfer-Encoding: ${p.encoding}`);
    if (p.extra !== null) lines.push(p.extra);
    if (p.reverse) lines.reverse();
    return `--${BOUNDARY}\r\n${lines.join('\r\n')}\r\n\r\n${p.value}\r\n`;
  });
const formArb = fc.record({
  preamble: fc.constantFrom('', 'preamble\r\n', '\r\n'),
  parts: fc.array(partArb, { maxLength: 6 }),
  ending: fc.constantFrom(`--${BOUNDARY}--\r\n`, `--${BOUNDARY}--`, `--${BOUNDARY}--epilogue`, '', `--${BOUNDARY}`),
  cut: fc.option(fc.nat()),
});
const limitsArb = fc.option(
  fc.record(
    {
      parts: fc.nat(5),
      files: fc.nat(3),
      fields: fc.nat(3),
      fileSize: fc.nat(20),
      fieldSize: fc.nat(20),
      fieldNameSize: fc.nat(6),
      fieldNestingDepth: fc.nat(2),
    },
    { requiredKeys: [] },
  ),
);
const methodArb = fc.constantFrom<Method>(
  ['any'],
  ['none'],
  ['single', 'a'],
  ['array', 'a', 2],
  ['fields', [{ name: 'a', maxCount: 1 }, { name: 'b' }]],
);

describe('the same outcome as multer 2.5.0 on generated forms', () => {
  it('fields, files, limits, chunkings', async () => {
    await checkAsync(
      fc.asyncProperty(
        formArb,
        limitsArb,
        methodArb,
        fc.boolean(),
        fc.constantFrom('latin1', 'utf8'),
        fc.constantFrom(0, 1, 2, 5, 64),
        async (f, limits, method, preservePath, defParamCharset, chunk) => {
          let body = f.preamble + f.parts.join('') + f.ending;
          if (f.cut !== null) body = body.slice(0, f.cut % (body.length + 1));
          const c: Case = {
            name: '',
            body,
            method,
            options: { limits: limits ?? undefined, preservePath, defParamCharset },
          };
          const { theirs, ours } = await both(c, chunk);
          assert.notEqual(ours, 'hang');
          assert.deepEqual(ours, theirs);
        },
      ),
      150,
    );
  });
});

describe('the same first error as multer 2.5.0, limits hit in every order', () => {
  // parts that each break a different rule under LIMITS, and one that breaks none
  const B = BOUNDARY;
  const KINDS: Record<string, string> = {
    field: `Content-Disposition: form-data; name="f"\r\n\r\nx`,
    longValue: `Content-Disposition: form-data; name="long"\r\n\r\n${'v'.repeat(20)}`,
    longName: `Content-Disposition: form-data; name="${'k'.repeat(20)}"\r\n\r\nx`,
    unexpected: `Content-Disposition: form-data; name="other"; filename="u.txt"\r\n\r\nu`,
    largeFile: `Content-Disposition: form-data; name="file"; filename="z.txt"\r\n\r\n${'z'.repeat(20)}`,
    file: `Content-Disposition: form-data; name="file"; filename="n.txt"\r\n\r\nn`,
    noName: `Content-Disposition: form-data; name=""\r\n\r\nm`,
    deep: `Content-Disposition: form-data; name="a[0][1]"\r\n\r\nd`,
  };
  const LIMITS = { fields: 3, files: 2, fieldSize: 8, fileSize: 8, parts: 5, fieldNameSize: 10, fieldNestingDepth: 1 };
  const orders = (kinds: string[], k: number): string[][] =>
    k === 0
      ? [[]]
      : kinds.flatMap((kind, i) =>
          orders([...kinds.slice(0, i), ...kinds.slice(i + 1)], k - 1).map((o) => [kind, ...o]),
        );

  it('every order of three parts, and runs of fields and files past the count limits', async () => {
    const sequences = [
      ...orders(Object.keys(KINDS), 3),
      ['field', 'field', 'field', 'field'],
      ['file', 'file', 'file'],
      ['field', 'file', 'field', 'file', 'field', 'file'],
    ];
    for (const sequence of sequences) {
      const body = sequence.map((kind) => `--${B}\r\n${KINDS[kind]}\r\n`).join('') + `--${B}--\r\n`;
      const c: Case = {
        name: '',
        body,
        method: ['fields', [{ name: 'file', maxCount: 2 }]],
        options: { limits: LIMITS },
      };
      const { theirs, ours } = await both(c, 0);
      assert.deepEqual(ours, theirs, sequence.join(', '));
    }
  });
});

describe('deliberate differences (decision 040)', () => {
  it('a field in a charset busboy does not know: multer gives undefined, brisk decodes it', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=windows-1251\r\n\r\n\xcf\xf0\xe8\r\n--${BOUNDARY}--`;
    const { theirs, ours } = await both({ name: '', body }, 0);
    assert.equal(typeof theirs === 'object' && theirs.body, '{"a":"<undefined>"}');
    assert.equal(typeof ours === 'object' && ours.body, '{"a":"При"}');
  });

  it('a delimiter inside a part header block: busboy reads on into the next part, brisk refuses it', async () => {
    // the first part's headers miss their blank line, so its header block runs into the delimiter
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="b"\r\n\r\nv\r\n--${BOUNDARY}--`;
    const { theirs, ours } = await both({ name: '', body }, 0);
    assert.equal(typeof theirs === 'object' && theirs.body, '{"a":"v"}');
    assert.equal(typeof ours === 'object' && ours.err?.message, 'Malformed part header');
  });

  it('an epilogue that holds a delimiter: busboy parses it in some chunkings, brisk ignores it', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${BOUNDARY}--\r\nepilogue\r\n--${BOUNDARY}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n`;
    const results = await Promise.all([0, 64].map((chunk) => both({ name: '', body }, chunk)));
    assert.deepEqual(
      results.map(({ theirs }) => (typeof theirs === 'object' ? (theirs.err?.message ?? theirs.body) : theirs)),
      ['{"a":"1"}', 'Malformed part header'],
    );
    for (const { ours } of results) assert.equal(typeof ours === 'object' && ours.body, '{"a":"1"}');
  });

  it('limits.headerPairs: busboy ignores it (always 2000), brisk reads only that many header lines of a part', async () => {
    const body = `--${BOUNDARY}\r\nX-A: 1\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${BOUNDARY}--`;
    const { theirs, ours } = await both({ name: '', body, options: { limits: { headerPairs: 1 } } }, 0);
    assert.equal(typeof theirs === 'object' && theirs.body, '{"a":"1"}');
    assert.equal(typeof ours === 'object' && ours.body, '{}');
  });

  it('an unknown option or limit: multer ignores it (the limit is off), brisk refuses it at setup', () => {
    assert.doesNotThrow(() => upstream({ limits: { fileSizeLimit: 10 } }));
    assert.throws(() => multer({ limits: { fileSizeLimit: 10 } as never }), TypeError);
    assert.doesNotThrow(() => upstream({ dest: 'x', fileSize: 10 }));
    assert.throws(() => multer({ fileSize: 10 } as never), TypeError);
  });
});
