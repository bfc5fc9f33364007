// json([options]): parses JSON bodies (body-parser 2.4 `json`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeOptions, type Loose, type Options } from './options.js';
import { charsetCache, read, type NextFunction, type ReadOptions } from './read.js';

/** Options of {@link json}. */
export interface OptionsJson extends Options {
  /**
   * Passed to `JSON.parse` as its second argument.
   * @default undefined
   */
  reviver?: ((this: unknown, key: string, value: unknown) => unknown) | undefined;
  /**
   * Accept only objects and arrays at the top level (the error then names the first token, as
   * `JSON.parse` would); when false, anything `JSON.parse` accepts.
   * @default true
   */
  strict?: boolean | undefined;
  /**
   * The charset of bodies whose Content-Type names none (a `utf-*` charset).
   * @default 'utf-8'
   */
  defaultCharset?: string | undefined;
}

/** A body-parsing middleware: sets `req.body`, then calls `next()` or `next(err)`. */
export type BodyParser = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

/**
 * Returns a middleware that parses JSON bodies (Content-Type `application/json` by default) into
 * `req.body`, in UTF-8, UTF-16 or UTF-32 (per the `charset` parameter), gzip/deflate/br inflated.
 * An empty body gives `{}`.
 *
 * Errors (passed to `next`): 400 `entity.parse.failed` (invalid JSON, with `body`), 413
 * `entity.too.large`, 415 `charset.unsupported` / `encoding.unsupported`, 403
 * `entity.verify.failed`, 400 `request.aborted` / `request.size.invalid`.
 *
 * @throws TypeError `option limit "<value>" is invalid`, `option verify must be function`
 * @example
 * app.post('/api', json({ limit: '1mb' }), (req, res) => res.json(req.body));
 */
export function json(options?: OptionsJson): BodyParser {
  const o: ReadOptions = {
    ...normalizeOptions(options as Loose, 'application/json'),
    raw: false,
    // RFC 7159 §8.1: JSON is Unicode
    isValidCharset: (charset) => charset.slice(0, 4) === 'utf-',
    parse: jsonParse(options?.reviver, options?.strict !== false),
  };
  const cache = charsetCache();
  return function jsonParser(req, res, next) {
    read(req, res, next, o, cache);
  };
}

/** The index of the first char that is not JSON whitespace (RFC 8259 §2: SP, HTAB, LF, CR), or -1. */
function firstToken(body: string): number {
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
  }
  return -1;
}

type Reviver = OptionsJson['reviver'];

function jsonParse(reviver: Reviver, strict: boolean): (body: string) => unknown {
  return function parse(body: string): unknown {
    // an empty body is a common client mistake: read it as an empty object
    if (body.length === 0) return {};
    if (strict) {
      const at = firstToken(body);
      const c = at === -1 ? -1 : body.charCodeAt(at);
      if (c !== 0x7b /* { */ && c !== 0x5b /* [ */) throw strictError(body, at);
    }
    return JSON.parse(body, reviver as Parameters<typeof JSON.parse>[1]);
  };
}

const PLACEHOLDERS = /#+/g;

/**
 * The SyntaxError `JSON.parse` itself reports for a body whose first token (at `at`) is not `{`
 * or `[`: it parses the body with everything from that token on replaced by `#`, then puts the
 * body's own characters back in the message, so the wording is the runtime's own.
 */
function strictError(body: string, at: number): SyntaxError {
  const partial = at === -1 ? '' : body.slice(0, at) + '#'.repeat(body.length - at);
  try {
    JSON.parse(partial);
  } catch (e) {
    const err = e as SyntaxError;
    const original = err.message;
    const message = original.replace(PLACEHOLDERS, (run) => body.slice(at, at + run.length));
    if (typeof err.stack === 'string') err.stack = err.stack.replace(original, () => message);
    err.message = message;
    return err;
  }
  /* c8 ignore next 2 */
  return new SyntaxError('strict violation');
}
