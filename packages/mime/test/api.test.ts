import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as mime from '../src/index.js';

test('exports the mime-types 3 names, and no default', () => {
  assert.deepEqual(Object.keys(mime).sort(), [
    'charset',
    'charsets',
    'contentType',
    'extension',
    'extensions',
    'lookup',
    'types',
  ]);
  assert.equal('default' in mime, false);
});

test('functions can be used detached, as `const { lookup } = require("mime-types")`', () => {
  const { lookup, contentType, extension, charset } = mime;
  assert.equal(lookup('json'), 'application/json');
  assert.equal(contentType('json'), 'application/json; charset=utf-8');
  assert.equal(extension('application/json'), 'json');
  assert.equal(charset('application/json'), 'UTF-8');
});
