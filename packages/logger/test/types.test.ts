// Type-level tests, checked by the repo's `tsc -p .` (typecheck); the runtime test below only
// makes node:test load the file. `@ts-expect-error` lines are what must not compile.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import logger, {
  compile,
  type FormatFn,
  type LoggerMiddleware,
  type LogStream,
  type ObjectLoggerOptions,
  type ObjectLogStream,
  type Tokens,
} from '../src/index.js';
import type loggerNamespace from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

interface Access {
  method: string | null | undefined;
  status: number;
}

const objectStream = new Writable({ objectMode: true, write: (_chunk, _encoding, callback) => callback() });
const textStream: LogStream = { write: (_line: string) => true };

// Everything below is only type-checked: `checks` is never called.
function checks(): void {
  // A format function returning objects, to an object-mode Writable or a plain object saying so.
  const toWritable = logger((tokens, req, res) => ({ method: tokens.method(req, res), status: res.statusCode }), {
    stream: objectStream,
  });
  type _w = Expect<Equal<typeof toWritable, LoggerMiddleware<IncomingMessage, ServerResponse>>>;
  logger((tokens, req, res): Access => ({ method: tokens.method(req, res), status: res.statusCode }), {
    stream: {
      writableObjectMode: true,
      write(entry) {
        type _e = Expect<Equal<typeof entry, Access | string>>;
      },
    },
    immediate: true,
    skip: (_req, res) => res.statusCode < 400,
  });
  // Strings and null may still be returned; the stream then gets text.
  logger((tokens, req, res) => (req.url === '/' ? null : req.url === '/t' ? 'text' : { url: tokens.url(req, res) }), {
    stream: objectStream,
  });
  const options: ObjectLoggerOptions<IncomingMessage, ServerResponse, Access> = { stream: objectStream };
  const format: FormatFn<IncomingMessage, ServerResponse, Access> = (_tokens, _req, res) => ({
    method: 'GET',
    status: res.statusCode,
  });
  logger(format, options);
  const stream: ObjectLogStream<Access> = { writableObjectMode: true, write: (entry) => entry };
  logger(format, { stream });

  // @ts-expect-error: objects need a stream (process.stdout would get "[object Object]")
  logger(() => ({ a: 1 }));
  // @ts-expect-error: a text-only stream has no writableObjectMode
  logger(() => ({ a: 1 }), { stream: textStream });
  // @ts-expect-error: process.stdout does not take objects
  logger(() => ({ a: 1 }), { stream: process.stdout });
  // @ts-expect-error: buffer joins text
  logger(() => ({ a: 1 }), { stream: objectStream, buffer: true });
  // @ts-expect-error: the stream's write must take what the format returns
  logger(format, { stream: { writableObjectMode: true, write: (entry: { other: boolean } | string) => entry } });

  // Text formats are unchanged: a string-only FormatFn, compile() returning text.
  logger((tokens, req, res) => `${tokens.method(req, res)} ${tokens.pid(req, res)}`, { stream: textStream });
  logger('dev', { stream: objectStream });
  const line = compile(':method :pid')(logger as unknown as Tokens, {} as IncomingMessage, {} as ServerResponse);
  type _l = Expect<Equal<typeof line, string | null | undefined>>;
  type _f = Expect<Equal<ReturnType<FormatFn>, string | null | undefined>>;
  // @ts-expect-error: a plain FormatFn returns text only
  const notText: FormatFn = () => ({ a: 1 });
  // Named formats may be format functions returning objects.
  logger.format('json', format);
  // CommonJS users find the types on the function.
  type _n = Expect<Equal<loggerNamespace.ObjectLogStream<Access>, ObjectLogStream<Access>>>;
  type _o = Expect<
    Equal<
      loggerNamespace.FormatFn<IncomingMessage, ServerResponse, Access>,
      FormatFn<IncomingMessage, ServerResponse, Access>
    >
  >;
  void notText;
}

test('types.test.ts compiles (checked by tsc)', () => {
  assert.equal(typeof checks, 'function');
  assert.equal(typeof logger.token, 'function');
});
