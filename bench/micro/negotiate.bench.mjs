// @brisk/negotiate against negotiator 1.1.0, accepts 2.0.0, type-is 2.1.0 and content-type 1.0.5:
// the per-request calls Express makes (req.accepts, res.format, req.is, body parsers).
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import { Negotiator, accepts, contentType, typeis } from '@brisk/negotiate';

const require = createRequire(import.meta.url);
const UNegotiator = require('negotiator');
const uaccepts = require('accepts');
const utypeis = require('type-is');
const ucontentType = require('content-type');

const browser =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const req = {
  headers: {
    accept: browser,
    'accept-language': 'en-US,en;q=0.9,fr;q=0.8',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-charset': 'utf-8, iso-8859-1;q=0.5, *;q=0.1',
  },
};
// Two requests with different headers, taken in turn: every call parses its header again.
const other = {
  headers: {
    accept: 'application/json, text/plain, */*',
    'accept-language': 'fr-CA,fr;q=0.9',
    'accept-encoding': 'gzip, deflate',
  },
};
let flip = false;
const alternate = () => ((flip = !flip) ? req : other);

const json = { headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '42' } };
const form = { headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '42' } };
const multipart = 'multipart/form-data; boundary="----WebKitFormBoundary7MA4YWxkTrZu0gW"; charset=UTF-8';
const formatted = { type: 'text/html', parameters: { charset: 'utf-8', foo: 'bar baz' } };

const cases = [
  {
    name: "accepts(req).types(['json','html']), browser Accept",
    brisk: () => accepts(req).types(['json', 'html']),
    upstream: () => uaccepts(req).types(['json', 'html']),
  },
  {
    name: 'same, 2 alternating Accept headers',
    brisk: () => accepts(alternate()).types(['json', 'html']),
    upstream: () => uaccepts(alternate()).types(['json', 'html']),
  },
  {
    name: 'accepts(req).types() (full list)',
    brisk: () => accepts(req).types(),
    upstream: () => uaccepts(req).types(),
  },
  {
    name: "negotiator.mediaType(['text/html','application/json'])",
    brisk: () => new Negotiator(req).mediaType(['text/html', 'application/json']),
    upstream: () => new UNegotiator(req).mediaType(['text/html', 'application/json']),
  },
  {
    name: "accepts(req).languages('en','fr','de')",
    brisk: () => accepts(req).languages('en', 'fr', 'de'),
    upstream: () => uaccepts(req).languages('en', 'fr', 'de'),
  },
  {
    name: "negotiator.charsets(['utf-8','iso-8859-1'])",
    brisk: () => new Negotiator(req).charsets(['utf-8', 'iso-8859-1']),
    upstream: () => new UNegotiator(req).charsets(['utf-8', 'iso-8859-1']),
  },
  {
    name: "negotiator.encodings(['br','gzip','identity'])",
    brisk: () => new Negotiator(req).encodings(['br', 'gzip', 'identity']),
    upstream: () => new UNegotiator(req).encodings(['br', 'gzip', 'identity']),
  },
  {
    name: "typeis(req, ['json']), application/json; charset=utf-8",
    brisk: () => typeis(json, ['json']),
    upstream: () => utypeis(json, ['json']),
  },
  {
    name: "typeis(req, ['urlencoded','json','multipart'])",
    brisk: () => typeis(form, ['urlencoded', 'json', 'multipart']),
    upstream: () => utypeis(form, ['urlencoded', 'json', 'multipart']),
  },
  {
    name: "typeis.is('application/json; charset=utf-8', '+json')",
    brisk: () => typeis.is('application/json; charset=utf-8', '+json'),
    upstream: () => utypeis.is('application/json; charset=utf-8', '+json'),
  },
  {
    name: "contentType.parse('application/json; charset=utf-8')",
    brisk: () => contentType.parse('application/json; charset=utf-8'),
    upstream: () => ucontentType.parse('application/json; charset=utf-8'),
  },
  {
    name: 'contentType.parse(multipart, quoted boundary)',
    brisk: () => contentType.parse(multipart),
    upstream: () => ucontentType.parse(multipart),
  },
  { name: 'contentType.parse(req)', brisk: () => contentType.parse(json), upstream: () => ucontentType.parse(json) },
  {
    name: 'contentType.format(2 params)',
    brisk: () => contentType.format(formatted),
    upstream: () => ucontentType.format(formatted),
  },
];

// Warm both sides up first: on a busy machine the first cases were otherwise timed half-cold.
for (const c of cases)
  for (let i = 0; i < 20000; i++) {
    c.brisk();
    c.upstream();
  }

compare('@brisk/negotiate vs negotiator@1.1.0 + accepts@2.0.0 + type-is@2.1.0 + content-type@1.0.5', cases);
