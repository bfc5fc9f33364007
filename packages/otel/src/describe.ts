// What a span records of an error: whatever an app passes to next(), throws or rejects with. Any
// value reaches the error channel (a prototype-less object, a Proxy whose traps throw, an Error
// whose message getter throws); reading it must not throw out of the instrumentation, which runs
// in the response's `close` listener where a throw ends the process (decision 027). Each field is
// read once, in a guard; the SDK is handed plain strings, never the value itself.
//
// @brisk/app describes such values for its logger the same way (decision 019); @brisk/otel has no
// runtime dependency but @opentelemetry/api, so it has its own.
import type { Exception } from '@opentelemetry/api';

/** What `recordException` and the span status get: the exception, and the status message. */
export interface Description {
  exception: Exception;
  message: string;
}

/** `read()`, or `undefined` when it throws. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A field of `value` when it is a string (a getter or trap that throws counts as missing). */
function stringField(value: object, key: 'name' | 'message' | 'stack'): string | undefined {
  const field = attempt(() => (value as Record<string, unknown>)[key]);
  return typeof field === 'string' ? field : undefined;
}

/**
 * `value` as text: `String(value)`, else `Object.prototype.toString` (`[object Object]` for a
 * prototype-less object), else `[unprintable <type>]` (a Proxy whose traps throw, a revoked one).
 */
export function textOf(value: unknown): string {
  const text = attempt(() => String(value));
  if (typeof text === 'string') return text;
  const tag = attempt(() => Object.prototype.toString.call(value));
  return typeof tag === 'string' ? tag : `[unprintable ${typeof value}]`;
}

/**
 * An error as instrumentation-express records it (the Error itself, anything else as `String()`),
 * read safely: an Error becomes a plain copy of its `code`, `name`, `message` and `stack` (what the
 * SDK reads of it), a field that cannot be read left out, and a message that cannot be read is the
 * error's text.
 */
export function describeError(error: unknown): Description {
  const isError = attempt(() => error instanceof Error) === true;
  if (!isError) {
    const text = textOf(error);
    return { exception: text, message: text };
  }
  const value = error as object;
  const exception: { code?: string; name?: string; message: string; stack?: string } = { message: '' };
  // the SDK takes a truthy `code` for the exception's type, else the name
  const code = attempt(() => (value as { code?: unknown }).code);
  if (code) exception.code = textOf(code);
  const name = stringField(value, 'name');
  if (name !== undefined) exception.name = name;
  const message = stringField(value, 'message') ?? textOf(value);
  exception.message = message;
  const stack = stringField(value, 'stack');
  if (stack !== undefined) exception.stack = stack;
  return { exception, message };
}
