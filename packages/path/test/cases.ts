// Behaviour tables for @brisk/path (run by cases.test.ts). Expected values are written out
// literally; they follow path-to-regexp 8.4.1 (checked against it while writing).

import type { CompileOptions, MatchOptions, ParseOptions, Token } from '../src/index.js';

/** A literal, a param, a wildcard, a group: short token builders for the tables. */
const text = (value: string): Token => ({ type: 'text', value });
const param = (name: string): Token => ({ type: 'param', name });
const wildcard = (name: string): Token => ({ type: 'wildcard', name });
const group = (...tokens: Token[]): Token => ({ type: 'group', tokens });

export interface ParserCase {
  path: string;
  options?: ParseOptions;
  expected: Token[];
}

export const PARSER_TESTS: ParserCase[] = [
  { path: '', expected: [] },
  { path: '/', expected: [text('/')] },
  { path: '/users/list', expected: [text('/users/list')] },
  { path: '/users/:id', expected: [text('/users/'), param('id')] },
  { path: '/:a/:b', expected: [text('/'), param('a'), text('/'), param('b')] },
  { path: '/:a-:b.:c', expected: [text('/'), param('a'), text('-'), param('b'), text('.'), param('c')] },
  { path: '/:$x_1y', expected: [text('/'), param('$x_1y')] },
  { path: '/:id1-2', expected: [text('/'), param('id1'), text('-2')] },
  { path: '/:café/ü', expected: [text('/'), param('café'), text('/ü')] },
  { path: '/:a\u200db', expected: [text('/'), param('a\u200db')] },
  { path: '/:"user id"', expected: [text('/'), param('user id')] },
  { path: '/:"a\\"b"/x', expected: [text('/'), param('a"b'), text('/x')] },
  { path: '/:"a\\\\b"', expected: [text('/'), param('a\\b')] },
  { path: '/:"😀"', expected: [text('/'), param('😀')] },
  { path: '/:id"x"', expected: [text('/'), param('id'), text('"x"')] },
  { path: '/*path', expected: [text('/'), wildcard('path')] },
  { path: '/*"rest of it"', expected: [text('/'), wildcard('rest of it')] },
  { path: '/files/*path/edit', expected: [text('/files/'), wildcard('path'), text('/edit')] },
  { path: '/users{/:id}', expected: [text('/users'), group(text('/'), param('id'))] },
  { path: '/users{/:id}/delete', expected: [text('/users'), group(text('/'), param('id')), text('/delete')] },
  { path: '{/*rest}', expected: [group(text('/'), wildcard('rest'))] },
  { path: '/a{/b{/c}}', expected: [text('/a'), group(text('/b'), group(text('/c')))] },
  { path: '{}', expected: [group()] },
  { path: '/file{.:ext}', expected: [text('/file'), group(text('.'), param('ext'))] },
  { path: '/\\:id', expected: [text('/:id')] },
  { path: '/\\*', expected: [text('/*')] },
  { path: '/\\(\\)\\[\\]\\{\\}\\+\\?\\!\\\\', expected: [text('/()[]{}+?!\\')] },
  { path: '/:a\\:b', expected: [text('/'), param('a'), text(':b')] },
  { path: '/\\😀x', expected: [text('/😀x')] },
  { path: '/😀/:x', expected: [text('/😀/'), param('x')] },
  { path: '/a"b', expected: [text('/a"b')] },
  { path: '/café/:x', options: { encodePath: encodeURI }, expected: [text('/caf%C3%A9/'), param('x')] },
  {
    path: '/a{/b}c',
    options: { encodePath: (s) => s.toUpperCase() },
    expected: [text('/A'), group(text('/B')), text('C')],
  },
];

export interface StringifyCase {
  tokens: Token[];
  expected: string;
}

export const STRINGIFY_TESTS: StringifyCase[] = [
  { tokens: [], expected: '' },
  { tokens: [text('/users/'), param('id')], expected: '/users/:id' },
  { tokens: [text('/'), wildcard('path')], expected: '/*path' },
  { tokens: [text('/users'), group(text('/'), param('id'))], expected: '/users{/:id}' },
  { tokens: [text('/a'), group(text('/b'), group(text('/c')))], expected: '/a{/b{/c}}' },
  { tokens: [text('/'), param('user id')], expected: '/:"user id"' },
  { tokens: [text('/'), wildcard('rest-of')], expected: '/*"rest-of"' },
  { tokens: [text('/'), param('a"b')], expected: '/:"a\\"b"' },
  { tokens: [text('/'), param('')], expected: '/:""' },
  { tokens: [text('/'), param('1a')], expected: '/:"1a"' },
  { tokens: [text('/'), param('café')], expected: '/:café' },
  // The next text would extend the name: quote it.
  { tokens: [param('id'), text('x')], expected: ':"id"x' },
  { tokens: [param('id'), text('1')], expected: ':"id"1' },
  { tokens: [param('id'), text('-x')], expected: ':id-x' },
  { tokens: [param('id'), text('')], expected: ':id' },
  { tokens: [param('id'), group(text('x'))], expected: ':id{x}' },
  { tokens: [wildcard('a'), text('_b')], expected: '*"a"_b' },
  { tokens: [text('/()[]{}+?!:*\\"')], expected: '/\\(\\)\\[\\]\\{\\}\\+\\?\\!\\:\\*\\\\"' },
  { tokens: [group()], expected: '{}' },
];

/** `expected`: the built path, or `{ error }`: the TypeError message. */
export interface CompileCase {
  path: string;
  options?: CompileOptions & ParseOptions;
  params?: Record<string, unknown>;
  expected: string | { error: string };
}

export const COMPILE_TESTS: CompileCase[] = [
  { path: '/', expected: '/' },
  { path: '/users/list', params: { id: 'ignored' }, expected: '/users/list' },
  { path: '/users/:id', params: { id: '42' }, expected: '/users/42' },
  { path: '/users/:id', params: { id: '' }, expected: '/users/' },
  { path: '/users/:id', params: { id: 'café' }, expected: '/users/caf%C3%A9' },
  { path: '/users/:id', params: { id: 'a/b?c#d' }, expected: '/users/a%2Fb%3Fc%23d' },
  { path: '/users/:id', options: { encode: false }, params: { id: 'a/b' }, expected: '/users/a/b' },
  { path: '/users/:id', options: { encode: (v) => v.toUpperCase() }, params: { id: 'ab' }, expected: '/users/AB' },
  { path: '/:a-:b', params: { a: 'x', b: 'y' }, expected: '/x-y' },
  { path: '/:"user id"', params: { 'user id': 'me' }, expected: '/me' },
  { path: '/\\(:id\\)', params: { id: '1' }, expected: '/(1)' },
  // Wildcards take a non-empty array of strings, joined by the delimiter.
  { path: '/files/*path', params: { path: ['a', 'b c', 'd.txt'] }, expected: '/files/a/b%20c/d.txt' },
  { path: '/files/*path', params: { path: ['one'] }, expected: '/files/one' },
  { path: '/files/*path', params: { path: ['a/b'] }, expected: '/files/a%2Fb' },
  { path: '/files/*path', options: { delimiter: '.' }, params: { path: ['a', 'b'] }, expected: '/files/a.b' },
  { path: '/files/*path', options: { encode: false }, params: { path: 'a/b' }, expected: '/files/a/b' },
  {
    path: '/files/*path',
    options: { encode: false },
    params: { path: ['a', 'b'] },
    expected: { error: 'Expected "path" to be a string' },
  },
  { path: '/files/*path', params: { path: [] }, expected: { error: 'Expected "path" to be a non-empty array' } },
  { path: '/files/*path', params: { path: 'a/b' }, expected: { error: 'Expected "path" to be a non-empty array' } },
  { path: '/files/*path', params: { path: ['a', 1] }, expected: { error: 'Expected "path/1" to be a string' } },
  // Optional groups: left out when one of their parameters is missing.
  { path: '/users{/:id}', params: {}, expected: '/users' },
  { path: '/users{/:id}', params: { id: '7' }, expected: '/users/7' },
  { path: '/users{/:id}', params: { id: null }, expected: '/users' },
  { path: '/users{/:id}/edit', params: {}, expected: '/users/edit' },
  { path: '/a{/b}', params: {}, expected: '/a/b' },
  { path: '/a{/:x-:y}', params: { x: '1' }, expected: '/a' },
  { path: '/a{/:x-:y}', params: { x: '1', y: '2' }, expected: '/a/1-2' },
  { path: '/a{/:b{/:c}}', params: {}, expected: '/a' },
  { path: '/a{/:b{/:c}}', params: { b: '1' }, expected: '/a/1' },
  { path: '/a{/:b{/:c}}', params: { c: '2' }, expected: '/a' },
  { path: '/a{/:b{/:c}}', params: { b: '1', c: '2' }, expected: '/a/1/2' },
  { path: '/files{/*path}', params: {}, expected: '/files' },
  { path: '/files{/*path}', params: { path: ['x', 'y'] }, expected: '/files/x/y' },
  // Errors: a wrong type wins over missing parameters; missing ones are listed in order.
  { path: '/users/:id', params: {}, expected: { error: 'Missing parameters: id' } },
  { path: '/:a/:b/*c', params: {}, expected: { error: 'Missing parameters: a, b, c' } },
  { path: '/users/:id', params: { id: 42 }, expected: { error: 'Expected "id" to be a string' } },
  { path: '/:a/:b', params: { b: 1 }, expected: { error: 'Expected "b" to be a string' } },
  { path: '/:a{/:b}', params: { b: ['x'] }, expected: { error: 'Expected "b" to be a string' } },
  {
    path: '/:a{/*b}',
    options: { encode: null as unknown as false },
    params: { a: 'x', b: ['p q', 'r'] },
    expected: '/x/p q/r',
  },
];

/** `expected`: the match result, `false`, or `{ error }`: the thrown error's class and message. */
export interface MatchCase {
  path: string | string[];
  options?: MatchOptions & ParseOptions;
  input: string;
  expected: false | { path: string; params: Record<string, string | string[]> } | { error: string; name: string };
}

export const MATCH_TESTS: MatchCase[] = [
  // Literal paths: case-insensitive, one optional trailing delimiter.
  { path: '/', input: '/', expected: { path: '/', params: {} } },
  { path: '/', input: '', expected: false },
  { path: '/', input: '//', expected: { path: '//', params: {} } },
  { path: '', input: '', expected: { path: '', params: {} } },
  { path: '', input: '/', expected: { path: '/', params: {} } },
  { path: '/users', input: '/users', expected: { path: '/users', params: {} } },
  { path: '/users', input: '/users/', expected: { path: '/users/', params: {} } },
  { path: '/users', input: '/USERS', expected: { path: '/USERS', params: {} } },
  { path: '/users', input: '/users//', expected: false },
  { path: '/users', input: '/users/x', expected: false },
  { path: '/users', input: '/user', expected: false },
  { path: '/users', input: 'users', expected: false },
  { path: '/users', input: undefined as unknown as string, expected: false },
  { path: '/café', input: '/CAFÉ', expected: { path: '/CAFÉ', params: {} } },
  { path: '/a.b', input: '/aXb', expected: false },
  { path: '/\\(x\\)', input: '/(x)', expected: { path: '/(x)', params: {} } },
  { path: '/\\*', input: '/*', expected: { path: '/*', params: {} } },
  // sensitive, trailing, end.
  { path: '/users', options: { sensitive: true }, input: '/Users', expected: false },
  { path: '/users', options: { sensitive: true }, input: '/users', expected: { path: '/users', params: {} } },
  { path: '/users', options: { trailing: false }, input: '/users/', expected: false },
  { path: '/users/', options: { trailing: false }, input: '/users/', expected: { path: '/users/', params: {} } },
  { path: '/users', options: { end: false }, input: '/users/42', expected: { path: '/users', params: {} } },
  { path: '/users', options: { end: false }, input: '/users/', expected: { path: '/users/', params: {} } },
  { path: '/users', options: { end: false }, input: '/users', expected: { path: '/users', params: {} } },
  { path: '/users', options: { end: false }, input: '/usersx', expected: false },
  {
    path: '/users',
    options: { end: false, trailing: false },
    input: '/users/',
    expected: { path: '/users', params: {} },
  },
  { path: '/:id', options: { end: false }, input: '/42/books', expected: { path: '/42', params: { id: '42' } } },
  { path: '', options: { end: false }, input: '/anything', expected: { path: '', params: {} } },
  // Parameters: one or more characters of one segment, decoded.
  { path: '/users/:id', input: '/users/42', expected: { path: '/users/42', params: { id: '42' } } },
  { path: '/users/:id', input: '/users/42/', expected: { path: '/users/42/', params: { id: '42' } } },
  { path: '/users/:id', input: '/users/', expected: false },
  { path: '/users/:id', input: '/users/4/2', expected: false },
  { path: '/users/:id', input: '/users/caf%C3%A9', expected: { path: '/users/caf%C3%A9', params: { id: 'café' } } },
  { path: '/users/:id', input: '/users/a%2Fb', expected: { path: '/users/a%2Fb', params: { id: 'a/b' } } },
  { path: '/users/:id', input: '/users/a\nb', expected: { path: '/users/a\nb', params: { id: 'a\nb' } } },
  {
    path: '/users/:id',
    options: { decode: false },
    input: '/users/caf%C3%A9',
    expected: { path: '/users/caf%C3%A9', params: { id: 'caf%C3%A9' } },
  },
  {
    path: '/users/:id',
    options: { decode: (v) => `<${v}>` },
    input: '/users/x',
    expected: { path: '/users/x', params: { id: '<x>' } },
  },
  { path: '/:"user id"', input: '/me', expected: { path: '/me', params: { 'user id': 'me' } } },
  { path: '/:a/:b', input: '/1/2', expected: { path: '/1/2', params: { a: '1', b: '2' } } },
  { path: '/:a/:a', input: '/1/2', expected: { path: '/1/2', params: { a: '2' } } },
  { path: '/:__proto__', input: '/x', expected: { path: '/x', params: { ['__proto__']: 'x' } } },
  // Several parameters in one segment: the later ones cannot contain the text before them.
  { path: '/:a-:b', input: '/x-y', expected: { path: '/x-y', params: { a: 'x', b: 'y' } } },
  { path: '/:a-:b', input: '/x-y-z', expected: { path: '/x-y-z', params: { a: 'x-y', b: 'z' } } },
  { path: '/:a-:b', input: '/x--', expected: { path: '/x--', params: { a: 'x', b: '-' } } },
  { path: '/:a-:b', input: '/x-', expected: false },
  {
    path: '/:a.:b',
    input: '/archive.tar.gz',
    expected: { path: '/archive.tar.gz', params: { a: 'archive.tar', b: 'gz' } },
  },
  { path: '/:a-:b-:c', input: '/1-2-3-4', expected: { path: '/1-2-3-4', params: { a: '1-2', b: '3', c: '4' } } },
  { path: '/:from..:to', input: '/a..b..c', expected: { path: '/a..b..c', params: { from: 'a..b', to: 'c' } } },
  { path: '/file{.:ext}', input: '/file.txt', expected: { path: '/file.txt', params: { ext: 'txt' } } },
  { path: '/file{.:ext}', input: '/file', expected: { path: '/file', params: {} } },
  // Wildcards: one or more characters across segments, split into decoded segments.
  { path: '/*path', input: '/a/b/c', expected: { path: '/a/b/c', params: { path: ['a', 'b', 'c'] } } },
  { path: '/*path', input: '/a', expected: { path: '/a', params: { path: ['a'] } } },
  { path: '/*path', input: '/a/b/', expected: { path: '/a/b/', params: { path: ['a', 'b', ''] } } },
  { path: '/*path', input: '/', expected: false },
  { path: '/*path', input: '/a//b', expected: { path: '/a//b', params: { path: ['a', '', 'b'] } } },
  { path: '/*path', input: '/a%20b/c%2Fd', expected: { path: '/a%20b/c%2Fd', params: { path: ['a b', 'c/d'] } } },
  {
    path: '/*path',
    options: { decode: false },
    input: '/a%20b/c',
    expected: { path: '/a%20b/c', params: { path: 'a%20b/c' } },
  },
  {
    path: '/*path',
    options: { decode: (v) => v.toUpperCase() },
    input: '/a/b',
    expected: { path: '/a/b', params: { path: ['A', 'B'] } },
  },
  {
    path: '/files/*path/edit',
    input: '/files/a/b/edit',
    expected: { path: '/files/a/b/edit', params: { path: ['a', 'b'] } },
  },
  { path: '/*a/*b', input: '/1/2/3', expected: { path: '/1/2/3', params: { a: ['1', '2'], b: ['3'] } } },
  { path: '/*a/:b/*c', input: '/1/2/3/4', expected: { path: '/1/2/3/4', params: { a: ['1', '2'], b: '3', c: ['4'] } } },
  { path: '/*a-*b', input: '/x-y/z-w', expected: { path: '/x-y/z-w', params: { a: ['x-y', 'z'], b: ['w'] } } },
  { path: '/:a-*b', input: '/x-y-z/w', expected: { path: '/x-y-z/w', params: { a: 'x', b: ['y-z', 'w'] } } },
  { path: '/*a-:b', input: '/x-y/z-w', expected: { path: '/x-y/z-w', params: { a: ['x-y', 'z'], b: 'w' } } },
  {
    path: '/*a.html/*b',
    input: '/x.html/y.html/z',
    expected: { path: '/x.html/y.html/z', params: { a: ['x.html', 'y'], b: ['z'] } },
  },
  { path: '/*"all the rest"', input: '/x', expected: { path: '/x', params: { 'all the rest': ['x'] } } },
  // Optional groups.
  { path: '/users{/:id}', input: '/users', expected: { path: '/users', params: {} } },
  { path: '/users{/:id}', input: '/users/7', expected: { path: '/users/7', params: { id: '7' } } },
  { path: '/users{/:id}/delete', input: '/users/delete', expected: { path: '/users/delete', params: {} } },
  { path: '/users{/:id}/delete', input: '/users/7/delete', expected: { path: '/users/7/delete', params: { id: '7' } } },
  { path: '/a{/:b{/:c}}', input: '/a/1/2', expected: { path: '/a/1/2', params: { b: '1', c: '2' } } },
  { path: '/a{/:b{/:c}}', input: '/a/1', expected: { path: '/a/1', params: { b: '1' } } },
  { path: '/a{/:b{/:c}}', input: '/a', expected: { path: '/a', params: {} } },
  { path: '{/*rest}', input: '/', expected: { path: '/', params: {} } },
  { path: '{/*rest}', input: '', expected: { path: '', params: {} } },
  { path: '{/*rest}', input: '/x/y', expected: { path: '/x/y', params: { rest: ['x', 'y'] } } },
  { path: '{/:a}{/:b}', input: '/1', expected: { path: '/1', params: { a: '1' } } },
  { path: '{/:a}{/:b}', input: '/1/2', expected: { path: '/1/2', params: { a: '1', b: '2' } } },
  { path: '/{:a-}:b', input: '/x-y', expected: { path: '/x-y', params: { a: 'x', b: 'y' } } },
  { path: '/{:a-}:b', input: '/y', expected: { path: '/y', params: { b: 'y' } } },
  // Arrays of paths: the first path (breadth-first over nested arrays) that matches wins.
  { path: ['/a', '/b/:id'], input: '/b/1', expected: { path: '/b/1', params: { id: '1' } } },
  { path: ['/:x', '/:y'], input: '/1', expected: { path: '/1', params: { x: '1' } } },
  { path: [] as string[], input: '', expected: { path: '', params: {} } },
  // Custom delimiter.
  { path: ':a.:b', options: { delimiter: '.' }, input: 'x.y', expected: { path: 'x.y', params: { a: 'x', b: 'y' } } },
  { path: ':a', options: { delimiter: '.' }, input: 'x.y', expected: false },
  { path: ':a', options: { delimiter: '.' }, input: 'x/y.', expected: { path: 'x/y.', params: { a: 'x/y' } } },
  {
    path: '*host.example.com',
    options: { delimiter: '.' },
    input: 'a.b.example.com',
    expected: { path: 'a.b.example.com', params: { host: ['a', 'b'] } },
  },
  { path: '/:a', options: { delimiter: '::' }, input: '/x:y::', expected: { path: '/x:y::', params: { a: 'x:y' } } },
  { path: '/*a', options: { delimiter: '' }, input: '/xy', expected: { path: '/xy', params: { a: ['x', 'y'] } } },
  { path: '/:a', options: { delimiter: '' }, input: '/xy/', expected: { path: '/xy/', params: { a: 'xy/' } } },
  // Custom decoders.
  { path: '/users/:id', options: { decode: (v) => `${v}!` }, input: '/posts', expected: false },
  { path: '/a{/:b}', options: { decode: (v) => `${v}!` }, input: '/a', expected: { path: '/a', params: {} } },
  // Malformed percent-encoding.
  { path: '/user/:id', input: '/user/%E0%A4%A', expected: { name: 'URIError', error: 'URI malformed' } },
  { path: '/user/*rest', input: '/user/ok/%E0%A4%A', expected: { name: 'URIError', error: 'URI malformed' } },
  {
    path: '/user/:id',
    options: { decode: false },
    input: '/user/%E0%A4%A',
    expected: { path: '/user/%E0%A4%A', params: { id: '%E0%A4%A' } },
  },
];
