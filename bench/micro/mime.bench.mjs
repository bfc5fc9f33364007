// @brisk/mime against mime-types 3.0.2: the calls Express makes per response (res.send(string)
// runs contentType('html'); express.static / res.sendFile run lookup(path)).
import { compare } from './harness.mjs';
import { charset, contentType, extension, lookup } from '@brisk/mime';
import upstream from 'mime-types';

compare('@brisk/mime vs mime-types@3.0.2', [
  { name: 'contentType("html")', brisk: () => contentType('html'), upstream: () => upstream.contentType('html') },
  {
    name: 'contentType("application/json")',
    brisk: () => contentType('application/json'),
    upstream: () => upstream.contentType('application/json'),
  },
  {
    name: 'contentType("text/html; charset=utf-8")',
    brisk: () => contentType('text/html; charset=utf-8'),
    upstream: () => upstream.contentType('text/html; charset=utf-8'),
  },
  { name: 'lookup("html")', brisk: () => lookup('html'), upstream: () => upstream.lookup('html') },
  {
    name: 'lookup("/static/js/app.min.js")',
    brisk: () => lookup('/static/js/app.min.js'),
    upstream: () => upstream.lookup('/static/js/app.min.js'),
  },
  {
    name: 'lookup("/images/Photo.JPG")',
    brisk: () => lookup('/images/Photo.JPG'),
    upstream: () => upstream.lookup('/images/Photo.JPG'),
  },
  { name: 'lookup("README") (no extension)', brisk: () => lookup('README'), upstream: () => upstream.lookup('README') },
  { name: 'charset("text/html")', brisk: () => charset('text/html'), upstream: () => upstream.charset('text/html') },
  {
    name: 'extension("application/json; charset=utf-8")',
    brisk: () => extension('application/json; charset=utf-8'),
    upstream: () => upstream.extension('application/json; charset=utf-8'),
  },
]);
