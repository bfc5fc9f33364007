// Behaviour tables for the HTTP tests (http.test.ts): a handler, the middleware's options and a
// request, and what the response must be. SAME runs each case against compression 1.8.2 and
// @brisk/compress side by side and requires the same answer (status, Content-Encoding, Vary,
// Content-Length, Transfer-Encoding, ETag, the decoded body); DIFFERENT holds the cases where brisk
// answers otherwise on purpose (decision 039), with both answers.
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** What a response is compared on. */
export interface Outcome {
  status: number;
  /** The Content-Encoding header (undefined: none). */
  coding: string | undefined;
  vary: string | undefined;
  /** The Content-Length header (undefined: none). */
  length: string | undefined;
  chunked: boolean;
  etag: string | undefined;
  /** The body with its content coding undone. */
  body: string;
}

export interface Case {
  name: string;
  options?: Record<string, unknown>;
  handler: Handler;
  method?: string;
  /** The request's Accept-Encoding (undefined: no such header). */
  acceptEncoding?: string;
  headers?: Record<string, string>;
  /** Part of the outcome both must show (so that a case cannot pass by both being wrong). */
  expect: Partial<Outcome>;
}

export interface Difference extends Omit<Case, 'expect'> {
  /** compression 1.8.2's answer (part of it). */
  upstream: Partial<Outcome>;
  /** brisk's answer (part of it). */
  brisk: Partial<Outcome>;
}

const text =
  (body: string | Buffer, type = 'text/plain'): Handler =>
  (_req, res) => {
    res.setHeader('Content-Type', type);
    res.end(body);
  };

const big = 'hello, world! '.repeat(200); // 2,800 bytes, over the default threshold
const kb = (n: number) => Buffer.alloc(n * 1024, 'a');

/** Accept-Encoding values and the coding compression 1.8 (with Brotli) picks for them. */
export const NEGOTIATION: ReadonlyArray<readonly [acceptEncoding: string | undefined, coding: string | undefined]> = [
  ['gzip', 'gzip'],
  ['deflate', 'deflate'],
  ['br', 'br'],
  ['gzip, deflate', 'gzip'],
  ['deflate, gzip', 'gzip'],
  ['gzip, br', 'br'],
  ['br, gzip', 'br'],
  ['deflate, gzip, br', 'br'],
  ['gzip, deflate, br', 'br'],
  ['gzip;q=1, br;q=0.3', 'gzip'],
  ['gzip, br;q=0.8', 'gzip'],
  ['gzip;q=0.001', 'gzip'],
  ['deflate, br', 'br'],
  ['deflate;q=0.5, identity', undefined],
  ['identity, deflate', undefined],
  ['deflate, identity', 'deflate'],
  ['gzip;q=0.5, deflate;q=0.5', 'gzip'],
  ['*', 'br'],
  ['*;q=0.5, gzip', 'gzip'],
  ['identity', undefined],
  ['identity;q=0', undefined],
  ['identity;q=0, gzip;q=0', undefined],
  ['gzip;q=0', undefined],
  ['bogus', undefined],
  ['x-gzip', undefined],
  ['GZIP', 'gzip'],
  ['Br', 'br'],
  [' gzip ; q=1 ', 'gzip'],
  ['gzip;q=0.9, deflate;q=1', 'deflate'],
  ['__proto__, gzip', 'gzip'],
  ['constructor;q=1, hasOwnProperty', undefined],
  ['gzip;q=NaN, deflate', 'deflate'],
  ['', undefined],
  [undefined, undefined],
];

export const SAME: Case[] = [
  ...NEGOTIATION.map(([acceptEncoding, coding]) => ({
    name: `Accept-Encoding: ${acceptEncoding === undefined ? '(none)' : JSON.stringify(acceptEncoding)}`,
    options: { threshold: 0 },
    handler: text('hello, world'),
    acceptEncoding,
    expect: { coding, vary: 'Accept-Encoding', body: 'hello, world' },
  })),
  {
    // the headers are written before the body is handed on, so node sends it chunked
    name: 'below the default threshold (1 KiB): sent as it is, with Vary',
    handler: text('hello, world'),
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: 'Accept-Encoding', length: undefined, chunked: true, body: 'hello, world' },
  },
  {
    name: 'over the default threshold: compressed, Content-Length removed, chunked',
    handler: text(big),
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip', length: undefined, chunked: true, body: big },
  },
  {
    name: 'a threshold given as a string',
    options: { threshold: '4kb' },
    handler: text(big),
    acceptEncoding: 'gzip',
    expect: { coding: undefined },
  },
  {
    name: 'a Content-Length header below the threshold, body streamed',
    options: { threshold: '1kb' },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Length', '12');
      res.write('hello, ');
      setTimeout(() => res.end('world'), 5);
    },
    acceptEncoding: 'gzip',
    expect: { coding: undefined, length: '12', body: 'hello, world' },
  },
  {
    name: 'a Content-Length header over the threshold, body streamed',
    options: { threshold: '1kb' },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Length', '2048');
      res.write(kb(1));
      setTimeout(() => res.end(kb(1)), 5);
    },
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip', length: undefined, body: kb(2).toString() },
  },
  {
    name: 'streamed without a Content-Length: compressed whatever the size',
    options: { threshold: '1kb' },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write('hello, ');
      setTimeout(() => res.end('world'), 5);
    },
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip', body: 'hello, world' },
  },
  {
    name: 'res.end() with no body counts as 0 bytes',
    options: { threshold: 1 },
    handler: text(''),
    acceptEncoding: 'gzip',
    expect: { coding: undefined, body: '' },
  },
  {
    name: 'res.end(null)',
    options: { threshold: 1000 },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end(null);
    },
    acceptEncoding: 'gzip',
    expect: { coding: undefined, body: '' },
  },
  {
    name: 'the length of res.end(data, "hex") is its bytes, not its characters',
    options: { threshold: 6 },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end('2e2e2e2e', 'hex');
    },
    acceptEncoding: 'gzip',
    expect: { coding: undefined, body: '....' },
  },
  {
    name: 'writes with encodings',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write('68656c6c6f2c20', 'hex');
      res.write('d29ybGQ=', 'base64');
      res.end('!', 'utf8');
    },
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip', body: 'hello, world!' },
  },
  {
    name: 'HEAD: not compressed, Vary set',
    options: { threshold: 0 },
    method: 'HEAD',
    handler: text('hello, world'),
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: 'Accept-Encoding', body: '' },
  },
  {
    name: 'HEAD: a Content-Length set by the handler is kept',
    options: { threshold: 0 },
    method: 'HEAD',
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Length', '12');
      res.end();
    },
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: 'Accept-Encoding', length: '12', body: '' },
  },
  {
    name: 'a Content-Encoding already set is left alone',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Encoding', 'x-custom');
      res.end('hello, world');
    },
    acceptEncoding: 'gzip',
    expect: { coding: 'x-custom', vary: 'Accept-Encoding', body: 'hello, world' },
  },
  {
    name: 'Content-Encoding: identity counts as none',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Encoding', 'identity');
      res.end('hello, world');
    },
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip', body: 'hello, world' },
  },
  {
    name: 'an incompressible type: untouched, no Vary',
    handler: text(kb(4), 'image/jpeg'),
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: undefined, body: kb(4).toString() },
  },
  {
    name: 'no Content-Type: untouched, no Vary',
    options: { threshold: 0 },
    handler: (_req, res) => res.end(big),
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: undefined },
  },
  {
    name: 'Cache-Control: no-transform: untouched, no Vary',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Cache-Control', 'no-transform');
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello, world');
    },
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: undefined, body: 'hello, world' },
  },
  {
    name: 'Cache-Control: public, No-Transform (any case, in a list)',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Cache-Control', 'public, No-Transform, max-age=60');
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello, world');
    },
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: undefined },
  },
  {
    name: 'Cache-Control: no-transformed is another directive',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Cache-Control', 'no-transformed');
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello, world');
    },
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip' },
  },
  {
    name: 'headers given to writeHead are seen',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    },
    acceptEncoding: 'br',
    expect: { status: 201, coding: 'br', body: '{"ok":true}' },
  },
  {
    name: 'an existing Vary is extended',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Vary', 'Origin');
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello, world');
    },
    acceptEncoding: 'gzip',
    expect: { vary: 'Origin, Accept-Encoding', coding: 'gzip' },
  },
  {
    name: 'an error status is compressed too',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/html');
      res.end('<h1>oops</h1>');
    },
    acceptEncoding: 'gzip',
    expect: { status: 500, coding: 'gzip', body: '<h1>oops</h1>' },
  },
  {
    name: 'a strong ETag is kept as it is',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('ETag', '"abc"');
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello, world');
    },
    acceptEncoding: 'gzip',
    expect: { etag: '"abc"', coding: 'gzip' },
  },
  {
    name: '1 MiB in one end()',
    options: { threshold: 0 },
    handler: text(Buffer.alloc(1 << 20, '.')),
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip', body: '.'.repeat(1 << 20) },
  },
  {
    name: 'many writes',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      for (let i = 0; i < 200; i++) res.write(`line ${i}\n`);
      res.end();
    },
    acceptEncoding: 'deflate',
    expect: { coding: 'deflate', body: Array.from({ length: 200 }, (_, i) => `line ${i}\n`).join('') },
  },
  {
    name: "a filter of the user's: an incompressible type compressed",
    options: {
      threshold: 0,
      filter: (req: IncomingMessage, res: ServerResponse) =>
        !req.headers['x-no-compression'] && res.getHeader('Content-Type') === 'image/x-mine',
    },
    handler: text('hello, world', 'image/x-mine'),
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip', vary: 'Accept-Encoding', body: 'hello, world' },
  },
  {
    name: "a filter of the user's reading a request header",
    options: {
      threshold: 0,
      filter: (req: IncomingMessage, res: ServerResponse) =>
        !req.headers['x-no-compression'] && res.getHeader('Content-Type') === 'image/x-mine',
    },
    handler: text('hello, world', 'image/x-mine'),
    headers: { 'x-no-compression': '1' },
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: undefined },
  },
  {
    name: 'a filter saying no',
    options: { threshold: 0, filter: () => false },
    handler: text('hello, world'),
    acceptEncoding: 'gzip',
    expect: { coding: undefined, vary: undefined },
  },
  {
    name: 'enforceEncoding: gzip, with an empty Accept-Encoding',
    options: { threshold: 0, enforceEncoding: 'gzip' },
    handler: text('hello, world'),
    acceptEncoding: '',
    expect: { coding: 'gzip', body: 'hello, world' },
  },
  {
    name: 'enforceEncoding: br, with no Accept-Encoding',
    options: { threshold: 0, enforceEncoding: 'br' },
    handler: text('hello, world'),
    expect: { coding: 'br' },
  },
  {
    name: 'enforceEncoding: deflate does not override an Accept-Encoding',
    options: { threshold: 0, enforceEncoding: 'deflate' },
    handler: text('hello, world'),
    acceptEncoding: 'gzip',
    expect: { coding: 'gzip' },
  },
  {
    name: 'enforceEncoding: an unknown coding is identity',
    options: { threshold: 0, enforceEncoding: 'bogus' },
    handler: text('hello, world'),
    acceptEncoding: '',
    expect: { coding: undefined },
  },
  {
    name: 'enforceEncoding: * is identity',
    options: { threshold: 0, enforceEncoding: '*' },
    handler: text('hello, world'),
    expect: { coding: undefined },
  },
  {
    name: 'level, memLevel, strategy, windowBits, chunkSize reach gzip and deflate',
    options: { threshold: 0, level: 1, memLevel: 9, strategy: 1, windowBits: 12, chunkSize: 1024 },
    handler: text(big),
    acceptEncoding: 'deflate',
    expect: { coding: 'deflate', body: big },
  },
  {
    name: 'brotli options reach br',
    options: { threshold: 0, brotli: { chunkSize: 1024, params: { 1: 11 } } },
    handler: text(big),
    acceptEncoding: 'br',
    expect: { coding: 'br', body: big },
  },
];

export const DIFFERENT: Difference[] = [
  {
    // a 304's headers update the stored response's (RFC 9111 §4.3.4): a Content-Encoding on it
    // would relabel a stored identity body as gzip
    name: '304 with threshold 0: no Content-Encoding',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.statusCode = 304;
      res.setHeader('Content-Type', 'text/plain');
      res.end();
    },
    acceptEncoding: 'gzip',
    upstream: { status: 304, coding: 'gzip', vary: 'Accept-Encoding' },
    brisk: { status: 304, coding: undefined, vary: 'Accept-Encoding', body: '' },
  },
  {
    name: '204 written with res.write: no Content-Encoding',
    options: { threshold: 0 },
    handler: (_req, res) => {
      res.statusCode = 204;
      res.setHeader('Content-Type', 'text/plain');
      res.write('');
      res.end();
    },
    acceptEncoding: 'gzip',
    upstream: { status: 204, coding: 'gzip' },
    brisk: { status: 204, coding: undefined, body: '' },
  },
];
