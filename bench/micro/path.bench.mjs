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

// A router's worth of matchers of every kind, each called in turn from one call site, with the
// default decoder, with `decode: false` and with a custom decoder (as @brisk/router passes):
// what match()'s one-closure-per-kind choice is about (see the comment in src/match.ts).
const routes = [
  ['/users/:id', '/users/12345'],
  ['/users/:userId/books/:bookId', '/users/42/books/1984'],
  ['/:from-:to', '/2024-2025'],
  ['/users{/:id}/edit', '/users/42/edit'],
  ['/files/*path', '/files/a/b/c%20d.txt'],
  ['/about', '/about'],
];
const identity = (value) => value;
const decoders = [{}, { decode: false }, { decode: identity }];
for (const [label, options] of [
  ['default decoder', [{}]],
  ['3 decoders', decoders],
]) {
  const b = [];
  const u = [];
  for (const o of options) {
    for (const [path, input] of routes) {
      b.push([brisk.match(path, o), input]);
      u.push([upstream.match(path, o), input]);
    }
  }
  const run = (list) => () => {
    let last;
    for (let i = 0; i < list.length; i++) last = list[i][0](list[i][1]);
    return last;
  };
  cases.push({ name: `match: ${b.length} routes of 6 kinds in turn, ${label}`, brisk: run(b), upstream: run(u) });
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
