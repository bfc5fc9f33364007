// @brisk/timeout without a server: the module's shape, `time` as connect-timeout 1.9.1 reads it
// (ms 2.0.0's durations, read by @brisk/http's parseTimeSpan, whose tests hold the grammar;
// `time || 5000`), and the TypeErrors for what it would misread.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import timeout from '../src/index.js';

describe('timeout(time, options) at setup', () => {
  it('is the module function in CommonJS, named timeout, returning an anonymous middleware', () => {
    const require = createRequire(import.meta.url);
    const cjs = require('../src/index.cts') as unknown; // the CommonJS entry
    assert.equal(typeof cjs, 'function');
    assert.equal((cjs as { name: string }).name, 'timeout');
    assert.equal(timeout.name, 'timeout');
    assert.equal(timeout().name, '');
    assert.equal(timeout().length, 3);
  });

  for (const time of [undefined, null, 0, false]) {
    it(`${String(time)} means 5000 ms (connect-timeout's time || 5000)`, () => {
      assert.equal(delayThrough(timeout(time as never)), 5000);
    });
  }

  it("reads '5s', '100' and 1234 as 5000, 100 and 1234 ms", () => {
    assert.equal(delayThrough(timeout('5s')), 5000);
    assert.equal(delayThrough(timeout('100')), 100);
    assert.equal(delayThrough(timeout(1234)), 1234);
  });

  const bad: [string, unknown][] = [
    ['NaN', Number.NaN],
    ['a negative number', -1],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['more than a node timer holds', 2 ** 31],
    ['a bad string', 'five seconds'],
    ['an empty string', ''],
    ['an object', {}],
    ['true', true],
    ['a string past the limit', '9999999999999 days'],
  ];
  for (const [name, time] of bad) {
    it(`throws a TypeError naming time for ${name}`, () => {
      assert.throws(
        () => timeout(time as never),
        (error: Error & { code?: string }) => {
          assert.ok(error instanceof TypeError);
          assert.match(error.message, /^timeout: time must be/);
          assert.equal(error.code, 'ERR_INVALID_ARG_VALUE');
          return true;
        },
      );
    });
  }

  it('throws a TypeError naming options.respond for a non-boolean, and options for a non-object', () => {
    assert.throws(() => timeout(10, { respond: 'yes' as never }), /timeout: options\.respond must be a boolean/);
    assert.throws(() => timeout(10, 'fast' as never), /timeout: options must be an object/);
    assert.doesNotThrow(() => timeout(10, { respond: false }));
    assert.doesNotThrow(() => timeout(10, {}));
  });
});

/** The delay the middleware arms its timer with, read from the error its `'timeout'` passes on. */
function delayThrough(mw: ReturnType<typeof timeout>): number {
  const req = new EventEmitter() as never;
  const res = Object.assign(new EventEmitter(), { writeHead() {}, finished: false }) as never;
  const seen: unknown[] = [];
  mw(req, res, (err?: unknown) => seen.push(err));
  (req as { clearTimeout(): void }).clearTimeout();
  (req as EventEmitter).emit('timeout');
  return (seen[1] as { timeout: number }).timeout;
}
