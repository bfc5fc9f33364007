import { test } from 'node:test';
import assert from 'node:assert/strict';
import main, { parseTimeSpan, send, SendStream, serveStatic } from '../src/index.js';

test('the default export is serveStatic, with the other exports as properties', () => {
  assert.equal(typeof main, 'function');
  assert.equal(main, serveStatic);
  assert.equal(main.name, 'serveStatic');
  assert.equal(main.send, send);
  assert.equal(main.SendStream, SendStream);
  assert.equal(main.serveStatic, serveStatic);
  assert.equal(main.parseTimeSpan, parseTimeSpan);
  assert.deepEqual(Object.keys(main).sort(), ['SendStream', 'parseTimeSpan', 'send', 'serveStatic']);
});

test('send 1.x has no mime property; neither has brisk', () => {
  assert.equal((send as unknown as { mime?: unknown }).mime, undefined);
  assert.equal((main as unknown as { mime?: unknown }).mime, undefined);
});
