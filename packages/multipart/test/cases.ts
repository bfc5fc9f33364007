// Literal cases, kept apart from the code that runs them (dropin.test.ts runs each through multer
// 2.5.0 and @brisk/multipart, in several chunkings, and wants the same outcome). A case is a
// body (written out byte for byte), the request's Content-Type, the middleware, and options.

/** Which middleware a case runs: `[method, ...arguments]`. */
export type Method =
  | ['any']
  | ['none']
  | ['single', string]
  | ['array', string, number?]
  | ['fields', { name: string; maxCount?: number }[]];

export interface Case {
  name: string;
  /** The body; `B` is the boundary. */
  body: string;
  /** The Content-Type (default `multipart/form-data; boundary=B`). */
  type?: string;
  method?: Method;
  options?: Record<string, unknown>;
  /** Send no Content-Length (and so, to multer's type-is, no body). */
  noLength?: boolean;
}

const B = 'B0undary';
export const BOUNDARY = B;

/** A part with `headers` (lines) and `body`. */
const p = (headers: string[], body: string) => `--${B}\r\n${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
const end = `--${B}--\r\n`;
const f = (name: string, value: string) => p([`Content-Disposition: form-data; name="${name}"`], value);
const file = (name: string, filename: string, value: string, type = 'text/plain') =>
  p([`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`], value);

export const CASES: Case[] = [
  // fields and files
  { name: 'fields and files', body: f('a', '1') + f('a', '2') + file('f', 'x.txt', 'hello') + f('b', '') + end },
  { name: 'a form with no part', body: end },
  { name: 'an empty file', body: file('f', 'empty.txt', '') + end },
  { name: 'binary file data with CR, LF and dashes', body: file('f', 'b.bin', '\r\n--B0undar\r\n-\r\r\n\0\xff') + end },
  { name: 'a field value that holds the boundary without CRLF', body: f('a', `x--${B}y--${B}--`) + end },

  // nested field names (append-field)
  {
    name: 'nested objects and arrays',
    body: f('a[b][c]', '1') + f('a[b][d]', '2') + f('l[]', 'x') + f('l[]', 'y') + f('i[0]', 'p') + f('i[2]', 'q') + end,
  },
  { name: 'a plain value, then a nested one', body: f('a', '1') + f('a[b]', '2') + f('a[c]', '3') + end },
  { name: 'a nested value, then a plain one', body: f('a[b]', '1') + f('a', '2') + f('a', '3') + end },
  { name: 'an array, then an object key', body: f('a[0]', '1') + f('a[1]', '2') + f('a[k]', '3') + end },
  {
    name: 'literal names',
    body: f('[a]', '1') + f('a[b', '2') + f('a[]b', '3') + f('a]', '4') + f('a[b]c', '5') + f('a[][b]', '6') + end,
  },
  {
    name: 'a name with leading zeros and a large index',
    body: f('a[007]', '1') + f('b[99999999999999999999]', '2') + end,
  },
  { name: 'an array index past the largest length, then []', body: f('a[4294967294]', 'x') + f('a[]', 'y') + end },
  {
    name: 'keys that are not data',
    body: f('__proto__[x]', '1') + f('constructor[prototype][y]', '2') + f('hasOwnProperty', '3') + end,
  },
  {
    name: 'escaped quote, CR and LF in names (%22, %0D, %0A)',
    body: f('a%22b%0d%0Ac', '1') + file('x%22y', 'q%22.txt', 'v') + f('50%off', '2') + end,
  },

  // part headers
  {
    name: 'header names in any case, no space, tabs',
    body: p(['content-disposition:form-data; name="a"', 'CONTENT-TYPE:\ttext/plain'], '1') + end,
  },
  { name: 'a folded header line', body: p(['Content-Disposition: form-data;', ' name="folded"'], '1') + end },
  {
    name: 'two Content-Disposition headers: the first counts',
    body:
      p(['Content-Disposition: form-data; name="first"', 'Content-Disposition: form-data; name="second"'], '1') + end,
  },
  {
    name: 'other headers are read and skipped',
    body: p(['X-A: 1', 'Content-Disposition: form-data; name="a"', 'X-B: 2'], '1') + end,
  },
  {
    name: 'no Content-Disposition: the part is skipped',
    body: p(['Content-Type: text/plain'], 'skipped') + f('a', '1') + end,
  },
  {
    name: 'a Content-Disposition that is not form-data: skipped',
    body: p(['Content-Disposition: attachment; name="a"'], '1') + f('b', '2') + end,
  },
  {
    name: 'a malformed Content-Disposition: skipped',
    body:
      p(['Content-Disposition: form-data; name'], '1') +
      p(['Content-Disposition: form-data; name="a"; x'], '1') +
      f('b', '2') +
      end,
  },
  {
    name: 'unquoted parameters and spaces before ;',
    body: p(['Content-Disposition: form-data ; name=a ; filename=x.txt'], 'v') + end,
  },
  {
    name: 'parameter names in any case, first wins',
    body: p(['Content-Disposition: form-data; NAME="a"; name="b"; FileName="x.txt"'], 'v') + end,
  },
  {
    name: 'quoted-pairs: \\" and \\\\ unescape, others keep the backslash',
    body: p(['Content-Disposition: form-data; name="a\\"b\\\\c\\d"'], 'v') + end,
  },
  { name: 'a Windows path as the file name', body: file('f', 'C:\\Users\\me\\notes.txt', 'v') + end },
  {
    name: 'a Windows path, preservePath',
    body: file('f', 'C:\\Users\\me\\notes.txt', 'v') + end,
    options: { preservePath: true },
  },
  {
    name: 'a relative path, default and preservePath',
    body: file('f', '../../etc/passwd', 'v') + file('g', '..', 'w') + end,
  },
  {
    name: 'a relative path, preservePath',
    body: file('f', '../../etc/passwd', 'v') + file('g', 'a/b/..', 'w') + end,
    options: { preservePath: true },
  },
  {
    name: 'filename* (RFC 5987) over filename',
    body:
      p(
        [`Content-Disposition: form-data; name="f"; filename="plain.txt"; filename*=UTF-8''caf%C3%A9%20%E2%82%AC.txt`],
        'v',
      ) + end,
  },
  {
    name: 'filename* in ISO-8859-1 with a language',
    body: p([`Content-Disposition: form-data; name="f"; filename*=iso-8859-1'fr'caf%E9.txt`], 'v') + end,
  },
  {
    name: 'filename* with a bad escape: the part is skipped',
    body: p([`Content-Disposition: form-data; name="f"; filename*=UTF-8''a%ZZ`], 'v') + f('b', '1') + end,
  },
  {
    name: 'filename* ends at a character it does not allow',
    body: p([`Content-Disposition: form-data; name="f"; filename*=UTF-8''a b.txt`], 'v') + end,
  },
  {
    name: 'name* as an extended parameter',
    body: p([`Content-Disposition: form-data; name*=UTF-8''n%C3%A4me`], 'v') + end,
  },
  {
    name: 'an empty filename or filename*: a field',
    body:
      p(['Content-Disposition: form-data; name="a"; filename=""'], 'v') +
      p([`Content-Disposition: form-data; name="b"; filename*=UTF-8''`], 'w') +
      end,
  },
  {
    name: 'octet-stream without a file name: no file',
    body: p(['Content-Disposition: form-data; name="f"', 'Content-Type: application/octet-stream'], 'v') + end,
  },
  {
    name: 'UTF-8 names, latin1 by default',
    body: p(['Content-Disposition: form-data; name="n\xc3\xa4me"; filename="f\xc3\xa4.txt"'], 'v') + end,
  },
  {
    name: 'UTF-8 names, defParamCharset utf8',
    body: p(['Content-Disposition: form-data; name="n\xc3\xa4me"; filename="f\xc3\xa4.txt"'], 'v') + end,
    options: { defParamCharset: 'utf8' },
  },
  {
    name: 'Content-Type of a part: media type and charset',
    body: file('f', 'a.bin', 'v', 'Image/PNG; q=1') + file('g', 'b.bin', 'v', 'text/plain; charset="UTF-8"') + end,
  },
  {
    name: 'a malformed part Content-Type reads as text/plain',
    body: file('f', 'a.bin', 'v', 'image/png; x') + file('g', 'b', 'w', 'image') + file('h', 'c', 'w', '/png') + end,
  },
  {
    name: 'Content-Transfer-Encoding, lower-cased',
    body: p(['Content-Disposition: form-data; name="f"; filename="a"', 'Content-Transfer-Encoding: BINARY'], 'v') + end,
  },
  {
    name: 'field values in charsets busboy knows',
    body:
      p(['Content-Disposition: form-data; name="l"', 'Content-Type: text/plain; charset=ISO-8859-1'], '\xe5\xe4\xf6') +
      p(['Content-Disposition: form-data; name="u"', 'Content-Type: text/plain; charset=utf-16le'], 'a\0b\0') +
      p(['Content-Disposition: form-data; name="b"', 'Content-Type: text/plain; charset=base64'], 'hi') +
      end,
  },
  {
    name: 'an empty value in a charset no one knows is empty',
    body:
      p(['Content-Disposition: form-data; name="e"', 'Content-Type: text/plain; charset=x-unknown'], '') +
      p(['Content-Disposition: form-data; name="f"', 'Content-Type: text/plain; charset=x-unknown'], 'v') +
      end,
  },
  {
    name: 'field values as utf8 by default, defCharset latin1',
    body: f('a', '\xe5\xe4\xf6') + end,
    options: { defCharset: 'latin1' },
  },

  // the body's structure
  { name: 'a preamble and an epilogue', body: `preamble\r\nmore\r\n${f('a', '1')}--${B}--\r\nepilogue\r\n--${B}-\r\n` },
  { name: 'a body that begins with CRLF', body: `\r\n${f('a', '1')}${end}` },
  { name: 'no CRLF after the closing delimiter', body: `${f('a', '1')}--${B}--` },
  { name: 'delimiters back to back', body: `--${B}\r\n--${B}\r\n${f('a', '1')}--${B}\r\n${end}` },
  {
    name: 'a delimiter followed by something else: the part is skipped',
    body: `--${B}x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${B}-\r\n\r\n2\r\n${f('b', '3')}${end}`,
  },
  {
    name: 'a delimiter with trailing spaces (transport padding): skipped, as busboy does',
    body: `--${B}  \r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n${f('b', '2')}${end}`,
  },
  { name: 'a longer boundary-like line is data', body: f('a', `1\r\n--${B}x`) + end },
  { name: 'no closing delimiter', body: f('a', '1') },
  { name: 'ends inside a part header', body: `--${B}\r\nContent-Disposition: form-data; na` },
  { name: 'a part without headers', body: `--${B}\r\n\r\nvalue\r\n${end}` },
  { name: 'a header line without a colon', body: p(['Content-Disposition form-data'], 'v') + end },
  { name: 'a NUL in a header value', body: p(['Content-Disposition: form-data; name="a\0"'], 'v') + end },
  { name: 'a header value with obs-text', body: p(['Content-Disposition: form-data; name="\xe9"'], 'v') + end },
  {
    name: 'a quoted boundary with a space',
    body: `--a b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--a b--`,
    type: 'multipart/form-data; boundary="a b"',
  },
  {
    name: 'the boundary parameter in upper case, with other parameters',
    body: f('a', '1') + end,
    type: `Multipart/Form-Data; charset=utf-8; BOUNDARY=${B}`,
  },

  // Content-Types the middleware does not read, or refuses
  { name: 'not multipart: next() with req.body untouched', body: 'a=1', type: 'application/x-www-form-urlencoded' },
  { name: 'no Content-Type', body: f('a', '1') + end, type: '' },
  {
    name: 'a malformed Content-Type is not multipart (type-is)',
    body: f('a', '1') + end,
    type: `multipart/form-data; boundary=${B};`,
  },
  { name: 'no boundary', body: 'x', type: 'multipart/form-data' },
  { name: 'another multipart type', body: f('a', '1') + end, type: `multipart/mixed; boundary=${B}` },

  // limits, at and past each
  {
    name: 'fieldSize: a value of exactly the limit',
    body: f('a', '12345') + end,
    options: { limits: { fieldSize: 5 } },
  },
  { name: 'fieldSize: one byte over', body: f('a', '123456') + end, options: { limits: { fieldSize: 5 } } },
  { name: 'fileSize: exactly the limit', body: file('f', 'a', '12345') + end, options: { limits: { fileSize: 5 } } },
  { name: 'fileSize: one byte over', body: file('f', 'a', '123456') + end, options: { limits: { fileSize: 5 } } },
  {
    name: 'fields: at and over',
    body: f('a', '1') + f('b', '2') + f('c', '3') + end,
    options: { limits: { fields: 2 } },
  },
  {
    name: 'files: at and over',
    body: file('f', 'a', '1') + file('f', 'b', '2') + end,
    options: { limits: { files: 1 } },
  },
  { name: 'parts: at', body: f('a', '1') + f('b', '2') + end, options: { limits: { parts: 2 } } },
  { name: 'parts: over', body: f('a', '1') + f('b', '2') + f('c', '3') + end, options: { limits: { parts: 2 } } },
  { name: 'fieldNameSize', body: f('abcd', '1') + f('abcde', '2') + end, options: { limits: { fieldNameSize: 4 } } },
  { name: 'fieldNameSize on a file', body: file('abcde', 'a', '1') + end, options: { limits: { fieldNameSize: 4 } } },
  {
    name: 'fieldNestingDepth',
    body: f('a[b][c]', '1') + f('a[b][c][d]', '2') + end,
    options: { limits: { fieldNestingDepth: 2 } },
  },
  {
    name: 'fieldArrayIndexLimit',
    body: f('a[10]', '1') + f('a[x][11]', '2') + end,
    options: { limits: { fieldArrayIndexLimit: 10 } },
  },
  {
    name: 'fieldArrayIndexLimit leaves literal names alone',
    body: f('a[99]x', '1') + end,
    options: { limits: { fieldArrayIndexLimit: 10 } },
  },
  { name: 'limits of 0', body: f('a', '1') + end, options: { limits: { fields: 0 } } },
  {
    name: 'Infinity limits',
    body: f('a', '1') + file('f', 'a', '1') + end,
    options: { limits: { fieldSize: Infinity, fileSize: Infinity, parts: Infinity } },
  },

  // the middleware's field rules
  { name: 'single: the file', body: file('f', 'a.txt', '1') + f('x', 'y') + end, method: ['single', 'f'] },
  {
    name: 'single: a second file',
    body: file('f', 'a.txt', '1') + file('f', 'b.txt', '2') + end,
    method: ['single', 'f'],
  },
  { name: 'single: another field', body: file('g', 'a.txt', '1') + end, method: ['single', 'f'] },
  { name: 'array: up to maxCount', body: file('f', 'a', '1') + file('f', 'b', '2') + end, method: ['array', 'f', 2] },
  {
    name: 'array: over maxCount',
    body: file('f', 'a', '1') + file('f', 'b', '2') + file('f', 'c', '3') + end,
    method: ['array', 'f', 2],
  },
  {
    name: 'fields: by name',
    body: file('a', 'a', '1') + file('b', 'b', '2') + file('b', 'c', '3') + end,
    method: ['fields', [{ name: 'a', maxCount: 1 }, { name: 'b' }]],
  },
  { name: 'fields: a name not listed', body: file('c', 'a', '1') + end, method: ['fields', [{ name: 'a' }]] },
  { name: 'none: fields only', body: f('a', '1') + end, method: ['none'] },
  { name: 'none: a file', body: f('a', '1') + file('f', 'a', '1') + end, method: ['none'] },
  { name: 'none: a part with an empty file name is no file', body: file('f', '', 'ignored') + end, method: ['none'] },
];
