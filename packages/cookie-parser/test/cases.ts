// Behaviour tables for @brisk/cookie-parser, kept apart from the code that runs them
// (compare.test.ts runs each Cookie header with each secret setting, with brisk and with
// cookie-parser 1.4.7, and each value through the exported functions).
import { sign } from '@brisk/cookie';

export const SECRET = 'keyboard cat';
export const OTHER = 'nyan cat';

/** Secret settings: a name and the `secret` argument. */
export const SECRETS: [string, string | string[] | undefined][] = [
  ['no secret', undefined],
  ["''", ''],
  ['one secret', SECRET],
  ['an empty array', []],
  ['rotation: new first', [SECRET, OTHER]],
  ['rotation: old first', [OTHER, SECRET]],
];

const signed = (value: string, secret = SECRET) => 's:' + encodeURIComponent(sign(value, secret));

/** Cookie headers (none has a `__proto__` key: cookie-parser 1.4.7 differs there, see cookie-parser.test.ts). */
export const HEADERS: [string, string | undefined][] = [
  ['no Cookie header', undefined],
  ['an empty Cookie header', ''],
  ['two cookies', 'foo=bar; bar=baz'],
  ['a JSON cookie', 'foo=j:{"foo":"bar"}'],
  ['a JSON cookie, percent-encoded', 'foo=' + encodeURIComponent('j:{"a":[1,2,{"b":null}]}')],
  ['invalid JSON', 'foo=j:{"foo":'],
  ['falsy JSON values stay as text', 'a=j:0; b=j:false; c=j:null; d=j:""; e=j:[]; f=j:{}'],
  ['JSON strings and numbers', 'a=j:"text"; b=j:42; c=j:-1.5e3'],
  ['j: alone', 'a=j:; b=j'],
  ['a signed cookie', 'sid=' + signed('foobarbaz')],
  ['a signed cookie, not percent-encoded', 'sid=s:' + sign('foobarbaz', SECRET)],
  ['a signed cookie with the other secret', 'sid=' + signed('foobar', OTHER)],
  ['a tampered signed cookie', 'sid=' + signed('foobarbaz').replace('foobarbaz', 'foobarbax')],
  ['a signature for another value', 'sid=s:foobaz.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE'],
  ['a signed value with no signature', 'sid=s:abc; b=s:; c=s:.'],
  ['a signed JSON cookie', 'user=' + signed('j:{"id":1,"roles":["a"]}')],
  ['a signed JSON cookie, tampered', 'user=' + signed('j:{"id":1}').replace('1', '2')],
  ['signed and plain together', 'plain=p; sid=' + signed('v') + '; theme=j:{"dark":true}'],
  ['malformed percent-encoding', 'a=%E0%A4%A; b=%; c=%zz; d=%C3%A9'],
  ['quoted values', 'a="quoted"; b=""; c="'],
  ['the first of a repeated name wins', 'a=1; a=2; sid=' + signed('x') + '; sid=plain'],
  ['names that are Object.prototype members', 'constructor=x; hasOwnProperty=y; toString=z; valueOf=j:{"a":1}'],
  ['segments without =, spaces and tabs', ' a = 1 ;;; b\t=\t2 ; flag; c=3=4'],
  ['a JSON cookie with constructor and prototype keys', 'a=j:{"constructor":{"prototype":{"polluted":1}}}'],
];

/** Values for the exported functions. */
export const VALUES: unknown[] = [
  undefined,
  null,
  42,
  {},
  [],
  () => {},
  '',
  'foo',
  '{}',
  'j:',
  'j:{}',
  'j:{"foo":"bar"}',
  'j:{foo:"bar"}',
  'j:[1,"2",null]',
  'j:0',
  'j:null',
  's:',
  's:foo',
  's:foobar.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE',
  's:foobar.JTCAgiMWsnuZpN3mrYnEUjXlGxmDi4POCBnWbRxse88',
  's:foobaz.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE',
  's:foobar.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE=',
  's:' + sign('j:{"a":1}', SECRET),
  's:' + sign('with.dots.inside', SECRET),
  's:' + sign('', SECRET),
];
