import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isConditional,
  isPreconditionFailure,
  isRangeFresh,
  parseHttpDate,
  parseTokenList,
} from '../src/conditional.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const LM = 'Tue, 02 Jan 2024 03:04:05 GMT';
const EARLIER = 'Mon, 01 Jan 2024 00:00:00 GMT';
const LATER = 'Wed, 03 Jan 2024 00:00:00 GMT';

describe('parseTokenList', () => {
  const cases: [string, string[]][] = [
    ['', []],
    ['a', ['a']],
    ['a,b', ['a', 'b']],
    ['a, b ,,c', ['a', 'b', 'c']],
    ['  "x" ,  W/"y"  ', ['"x"', 'W/"y"']],
    ['a b', ['a b']],
    [',,,', []],
  ];
  for (const [input, expected] of cases) {
    test(JSON.stringify(input), () => assert.deepEqual(parseTokenList(input), expected));
  }
  test('linear on a long list', () => {
    assert.equal(parseTokenList('"x", '.repeat(20_000)).length, 20_000);
    assert.equal(parseTokenList(' '.repeat(50_000)).length, 0);
    // time(8n) / time(n) in CPU time, no bound on elapsed time; n / 5 tokens: n = 4096 keeps the
    // list under 8,192 entries
    assertLinear('parseTokenList: many tokens', (n) => '"x", '.repeat(n / 5), parseTokenList, { n: 4096 });
    assertLinear('parseTokenList: spaces', (n) => ' '.repeat(n), parseTokenList);
  });
});

test('parseHttpDate', () => {
  assert.equal(parseHttpDate(LM), 1704164645000);
  assert.ok(Number.isNaN(parseHttpDate(undefined)));
  assert.ok(Number.isNaN(parseHttpDate('')));
  assert.ok(Number.isNaN(parseHttpDate('garbage')));
});

test('isConditional', () => {
  assert.equal(isConditional({}), false);
  for (const name of ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since']) {
    assert.equal(isConditional({ [name]: 'x' }), true, name);
    assert.equal(isConditional({ [name]: '' }), false, name);
  }
  assert.equal(isConditional({ 'if-range': '"x"' }), false);
});

describe('isPreconditionFailure', () => {
  const cases: [string, Record<string, string>, string | undefined, string | undefined, boolean][] = [
    ['no precondition', {}, '"a"', LM, false],
    ['If-Match without ETag', { 'if-match': '"a"' }, undefined, LM, true],
    ['If-Match: * without ETag', { 'if-match': '*' }, undefined, LM, true],
    ['If-Match: *', { 'if-match': '*' }, 'W/"a"', LM, false],
    ['If-Match equal', { 'if-match': '"a"' }, '"a"', LM, false],
    ['If-Match strong vs weak ETag', { 'if-match': '"a"' }, 'W/"a"', LM, false],
    ['If-Match weak vs strong ETag', { 'if-match': 'W/"a"' }, '"a"', LM, false],
    ['If-Match list with a match', { 'if-match': ' "x" , W/"a"' }, 'W/"a"', LM, false],
    ['If-Match list without a match', { 'if-match': '"x", "y"' }, '"a"', LM, true],
    ['If-Match wins over If-Unmodified-Since', { 'if-match': '"a"', 'if-unmodified-since': EARLIER }, '"a"', LM, false],
    ['If-Unmodified-Since before Last-Modified', { 'if-unmodified-since': EARLIER }, '"a"', LM, true],
    ['If-Unmodified-Since equal to Last-Modified', { 'if-unmodified-since': LM }, '"a"', LM, false],
    ['If-Unmodified-Since after Last-Modified', { 'if-unmodified-since': LATER }, '"a"', LM, false],
    ['If-Unmodified-Since without Last-Modified', { 'if-unmodified-since': LATER }, '"a"', undefined, true],
    ['invalid If-Unmodified-Since is ignored', { 'if-unmodified-since': 'garbage' }, '"a"', LM, false],
  ];
  for (const [name, headers, etag, lastModified, expected] of cases) {
    test(name, () => assert.equal(isPreconditionFailure(headers, etag, lastModified), expected));
  }
});

describe('isRangeFresh', () => {
  const cases: [string, string | undefined, string | undefined, string | undefined, boolean][] = [
    ['no If-Range', undefined, '"a"', LM, true],
    ['empty If-Range', '', '"a"', LM, true],
    ['same ETag', '"a"', '"a"', LM, true],
    ['same weak ETag', 'W/"a"', 'W/"a"', LM, true],
    ['strong If-Range against a weak ETag', '"a"', 'W/"a"', LM, false],
    ['other ETag', '"b"', '"a"', LM, false],
    ['ETag form without an ETag', '"a"', undefined, LM, false],
    ['date equal to Last-Modified', LM, '"a"', LM, true],
    ['date after Last-Modified', LATER, '"a"', LM, true],
    ['date before Last-Modified', EARLIER, '"a"', LM, false],
    ['date without Last-Modified', LM, '"a"', undefined, false],
    ['invalid date', 'garbage', '"a"', LM, false],
  ];
  for (const [name, ifRange, etag, lastModified, expected] of cases) {
    test(name, () => assert.equal(isRangeFresh(ifRange, etag, lastModified), expected));
  }
});
