// @brisk/path against path-to-regexp 8.4.1: match() per shape of path, and compile().
import { createRequire } from 'node:module';
import { compare } from './harness.mjs';
import * as brisk from '@brisk/path';

const upstream = createRequire(import.meta.url)('path-to-regexp');

// Matchers and builders are made once, as a router does at registration; only calls are timed.
const shapes = [
  ['literal', '/users/list', '/users/list'],
  ['literal, no match', '/users/list', '/users/lisp'],
  ['one param', '/users/:id', '/users/12345'],
  ['one param, encoded', '/users/:id', '/users/caf%C3%A9'],
  ['several params', '/users/:userId/books/:bookId/pages/:page', '/users/42/books/1984/pages/7'],
  ['params in one segment', '/:from-:to', '/2024-2025'],
  ['optional group', '/users{/:id}/edit', '/users/42/edit'],
  ['wildcard', '/files/*path', '/files/a/b/c/d.txt'],
];

const cases = [];
for (const [name, path, input] of shapes) {
  const b = brisk.match(path);
  const u = upstream.match(path);
  cases.push({ name: `match: ${name}`, brisk: () => b(input), upstream: () => u(input) });
}

const bc = brisk.compile('/users/:id/books/:bookId');
const uc = upstream.compile('/users/:id/books/:bookId');
const params = { id: '42', bookId: 'dune' };
cases.push({ name: 'compile: two params', brisk: () => bc(params), upstream: () => uc(params) });

const bw = brisk.compile('/files{/*path}');
const uw = upstream.compile('/files{/*path}');
const segments = { path: ['a', 'b c', 'd.txt'] };
cases.push({ name: 'compile: optional wildcard', brisk: () => bw(segments), upstream: () => uw(segments) });

cases.push({
  name: 'match(): build a matcher',
  brisk: () => brisk.match('/users/:id{/*rest}'),
  upstream: () => upstream.match('/users/:id{/*rest}'),
});

compare('@brisk/path vs path-to-regexp@8.4.1', cases);
