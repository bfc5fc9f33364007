// typeTest: whether a parser's `type` option matches a request's Content-Type, read as
// body-parser 2.4 reads it, through type-is 2.1 (`@brisk/negotiate`). The charset the header
// names is read in read.ts, by `@brisk/negotiate`'s `charsetOf`.
import type { IncomingMessage } from 'node:http';
import { typeis } from '@brisk/negotiate';

/** Decides whether a parser handles a request. */
export type TypeTest = (req: IncomingMessage) => unknown;

/**
 * The test for a parser's `type` option: a function is used as it is; a string or an array of
 * strings matches as `typeis(req, type)` does (extension names, media types, wildcards, `+suffix`).
 * The last Content-Type value seen and its answer are kept: clients repeat the same header.
 */
export function typeTest(type: string | readonly string[] | TypeTest): TypeTest {
  if (typeof type === 'function') return type;
  const types = typeof type === 'string' ? [type] : type;
  let lastValue: string | undefined;
  let lastAnswer = false;
  return function matchesType(req: IncomingMessage): boolean {
    const value = req.headers['content-type'];
    if (value === lastValue && value !== undefined) return lastAnswer;
    const answer = Boolean(typeis.is(value, types));
    lastValue = value;
    lastAnswer = answer;
    return answer;
  };
}
