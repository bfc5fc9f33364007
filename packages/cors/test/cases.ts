// Behaviour tables for @brisk/cors, kept apart from the code that runs them (compare.test.ts runs
// each option set against each request, with brisk and with cors 2.8.6, and through an options
// delegate too). Every value here is one cors 2.8.6 accepts and handles without failing.
import type { CorsOptions } from '../src/index.js';

/** One error object, so that both implementations can be seen passing on the very same one. */
export const ORIGIN_ERROR = new Error('not allowed by CORS');

/** Option sets: a name and the options (a factory, so each implementation gets its own object). */
export const OPTIONS: [string, () => CorsOptions | undefined][] = [
  ['no options', () => undefined],
  ['empty object', () => ({})],
  ["origin '*'", () => ({ origin: '*' })],
  ['fixed origin', () => ({ origin: 'http://example.com' })],
  ['origin true', () => ({ origin: true })],
  ['origin false', () => ({ origin: false, methods: ['FOO'], credentials: true, maxAge: 1 })],
  ['origin undefined (given)', () => ({ origin: undefined })],
  ['origin null', () => ({ origin: null })],
  ["origin ''", () => ({ origin: '' })],
  ['RegExp, end-anchored', () => ({ origin: /example\.com$/ })],
  ['RegExp, unanchored', () => ({ origin: /example\.com/ })],
  ['RegExp, anchored both ends', () => ({ origin: /^https?:\/\/([a-z0-9-]+\.)*example\.com$/ })],
  ['array of string and RegExp', () => ({ origin: ['http://a.example', /\.b\.example$/, 'http://example.com'] })],
  ['array that matches nothing', () => ({ origin: [/foo\.com$/, 'bar.com'] })],
  ['empty array', () => ({ origin: [] })],
  ['array of false', () => ({ origin: [false] })],
  ['array of true', () => ({ origin: [true] })],
  ["origin 'null' listed", () => ({ origin: ['null'] })],
  ['function: true', () => ({ origin: (_o, cb) => cb(null, true) })],
  ['function: false', () => ({ origin: (_o, cb) => cb(null, false) })],
  ['function: a string', () => ({ origin: (_o, cb) => cb(null, 'http://fixed.example') })],
  ["function: '*'", () => ({ origin: (_o, cb) => cb(null, '*') })],
  ['function: a RegExp', () => ({ origin: (_o, cb) => cb(null, /example\.com$/) })],
  ['function: an array', () => ({ origin: (_o, cb) => cb(null, ['http://example.com']) })],
  ['function: the request origin', () => ({ origin: (o, cb) => cb(null, o === 'http://example.com') })],
  ['function: an error', () => ({ origin: (_o, cb) => cb(ORIGIN_ERROR) })],
  ['function: nothing', () => ({ origin: (_o, cb) => cb(null) })],
  ['methods array', () => ({ methods: ['GET', 'put'] })],
  ['methods string', () => ({ methods: 'GET, POST' })],
  ["methods ''", () => ({ methods: '' })],
  ['methods []', () => ({ methods: [] })],
  ['allowedHeaders array', () => ({ allowedHeaders: ['Content-Type', 'X-Token'] })],
  ['allowedHeaders string', () => ({ allowedHeaders: 'Content-Type,X-Token' })],
  ['allowedHeaders []', () => ({ allowedHeaders: [] })],
  ["allowedHeaders '' (reflects)", () => ({ allowedHeaders: '' })],
  ['headers (the other name)', () => ({ headers: ['X-A', 'X-B'] })],
  ["allowedHeaders '' then headers", () => ({ allowedHeaders: '', headers: 'X-C' })],
  ['allowedHeaders over headers', () => ({ allowedHeaders: 'X-D', headers: 'X-E' })],
  ['exposedHeaders array', () => ({ exposedHeaders: ['Content-Range', 'X-Total'] })],
  ['exposedHeaders string', () => ({ exposedHeaders: 'Content-Range' })],
  ['exposedHeaders []', () => ({ exposedHeaders: [] })],
  ["exposedHeaders ''", () => ({ exposedHeaders: '' })],
  ['credentials true', () => ({ credentials: true })],
  ['credentials false', () => ({ credentials: false })],
  ['maxAge 0', () => ({ maxAge: 0 })],
  ['maxAge 600', () => ({ maxAge: 600 })],
  ["maxAge '600'", () => ({ maxAge: '600' })],
  ['preflightContinue', () => ({ preflightContinue: true })],
  ['optionsSuccessStatus 200', () => ({ optionsSuccessStatus: 200 })],
  [
    'everything',
    () => ({
      origin: ['http://example.com', /^https:\/\/app\.example$/],
      methods: ['GET', 'POST'],
      allowedHeaders: ['Content-Type'],
      exposedHeaders: ['X-Total'],
      credentials: true,
      maxAge: 3600,
      optionsSuccessStatus: 200,
    }),
  ],
  [
    'everything, reflecting request headers',
    () => ({ origin: true, credentials: true, maxAge: 10, exposedHeaders: 'X-Total', preflightContinue: true }),
  ],
];

/** A request: method, headers, and a `Vary` the response has before cors runs. */
export interface RequestCase {
  method: string;
  headers: Record<string, string>;
  vary?: string;
}

const ACRH = 'x-header-1, x-header-2';

/** Requests: each is run against each option set. */
export const REQUESTS: [string, RequestCase][] = [
  ['GET without Origin', { method: 'GET', headers: {} }],
  ['GET from http://example.com', { method: 'GET', headers: { origin: 'http://example.com' } }],
  ['GET from another origin', { method: 'GET', headers: { origin: 'http://other.example' } }],
  [
    'GET from an origin that contains example.com',
    { method: 'GET', headers: { origin: 'http://example.com.evil.example' } },
  ],
  ['GET from a subdomain', { method: 'GET', headers: { origin: 'https://x.b.example' } }],
  ['GET from origin null', { method: 'GET', headers: { origin: 'null' } }],
  ['GET with an empty Origin', { method: 'GET', headers: { origin: '' } }],
  ['HEAD from http://example.com', { method: 'HEAD', headers: { origin: 'http://example.com' } }],
  ['POST, Vary already set', { method: 'POST', headers: { origin: 'http://example.com' }, vary: 'Accept-Encoding' }],
  ["POST, Vary '*'", { method: 'POST', headers: { origin: 'http://example.com' }, vary: '*' }],
  ['POST, Vary already Origin', { method: 'POST', headers: { origin: 'http://example.com' }, vary: 'origin' }],
  [
    'preflight',
    {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.com',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': ACRH,
      },
    },
  ],
  ['preflight without request headers', { method: 'OPTIONS', headers: { origin: 'http://example.com' } }],
  ['preflight without Origin', { method: 'OPTIONS', headers: { 'access-control-request-headers': ACRH } }],
  ['preflight, lower-case method', { method: 'options', headers: { origin: 'http://app.example' } }],
  [
    'preflight, Vary already set',
    {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-headers': ACRH },
      vary: 'Accept',
    },
  ],
  ['preflight from origin null', { method: 'OPTIONS', headers: { origin: 'null' } }],
];
