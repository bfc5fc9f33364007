// body-parser 1's behaviour over brisk's body parsers (body-parser 2). The wrapper takes body-parser
// 1.20's decisions, in its order, and calls brisk's parser only for a body body-parser 1 reads
// (telling it, through a `type` function, to read it):
// - a request a parser already parsed (`req._body`) is skipped; `req.body` is `{}` once a parser
//   ran, even when it parsed nothing;
// - whether to read: a body (`Content-Length` or `Transfer-Encoding`), then the `type` option
//   (`opts.type ||` the parser's type, so `''` is the default) as type-is 1.6 over media-typer 0.3
//   reads the Content-Type (typeis.ts: stricter than Express 5's; a type it cannot read is not
//   parsed);
// - `urlencoded` reads UTF-8 only: any other charset is a 415 (`unsupported charset "X"`), as
//   body-parser 1 answers; `urlencoded` defaults to `extended: true`, with body-parser 1's notice
//   when `extended` is not given;
// - a body already read by something else is a 500 (`stream is not readable`) rather than skipped.

import brisk from '@brisk/app';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createError } from '@brisk/http';
import { contentType, hasBody } from '@brisk/negotiate';
import { shouldParse1 } from './typeis.js';
import { warn } from './warn.js';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type Req = IncomingMessage & { body?: unknown; _body?: boolean };

/** brisk's parsers read every request the wrapper hands them: the decision was body-parser 1's. */
const READ = (): boolean => true;

/** body-parser 1's `getCharset`: the `charset` of a Content-Type content-type 1.0.5 can parse, lowercased. */
function charsetOf(req: IncomingMessage): string | undefined {
  try {
    const charset = contentType.parse(req).parameters.charset;
    return typeof charset === 'string' ? charset.toLowerCase() : '';
  } catch {
    return undefined;
  }
}

/**
 * Wraps a brisk parser as body-parser 1 behaves around it. The wrapper is named as the parser
 * (`jsonParser`, ...): router layers and tracing show that name.
 */
function wrap(name: string, parser: Middleware, type: unknown, utf8Only: boolean): Middleware {
  function fn(req: Req, res: ServerResponse, next: Next): void {
    if (req._body) {
      next();
      return;
    }
    req.body = req.body || {};
    if (!hasBody(req) || !shouldParse1(req, type)) {
      next();
      return;
    }
    if (utf8Only) {
      const charset = charsetOf(req) || 'utf-8';
      if (charset !== 'utf-8') {
        const message = `unsupported charset "${charset.toUpperCase()}"`;
        next(createError(415, message, { charset, type: 'charset.unsupported' }));
        return;
      }
    }
    // A body something else already read: raw-body's error, as body-parser 1 reports it
    if (req.readable === false) {
      next(createError(500, 'stream is not readable', { type: 'stream.not.readable' }));
      return;
    }
    req._body = true; // body-parser 1 marks the request before it reads, whatever the outcome
    parser(req, res, next);
  }
  Object.defineProperty(fn, 'name', { value: name });
  return fn as Middleware;
}

type Opts = { type?: unknown; extended?: boolean; [key: string]: unknown } | undefined;

/** brisk's options for a parser the wrapper calls: the caller's, reading whatever it is handed. */
function readAll(options: Opts): Record<string, unknown> {
  return { ...options, type: READ };
}

/** `express.json([options])` as body-parser 1. */
export function json(options?: Opts): Middleware {
  const parser = brisk.json(readAll(options) as never) as Middleware;
  return wrap('jsonParser', parser, options?.type || 'application/json', false);
}
/** `express.raw([options])` as body-parser 1. */
export function raw(options?: Opts): Middleware {
  const parser = brisk.raw(readAll(options) as never) as Middleware;
  return wrap('rawParser', parser, options?.type || 'application/octet-stream', false);
}
/** `express.text([options])` as body-parser 1. */
export function text(options?: Opts): Middleware {
  const parser = brisk.text(readAll(options) as never) as Middleware;
  return wrap('textParser', parser, options?.type || 'text/plain', false);
}
/** `express.urlencoded([options])` as body-parser 1: UTF-8 only; `extended` defaults to `true`, with a notice. */
export function urlencoded(options?: Opts): Middleware {
  if (options?.extended === undefined) warn('BRISK_E4_URLENCODED_EXTENDED');
  const parser = brisk.urlencoded({
    ...readAll(options),
    extended: options?.extended !== false,
  } as never) as Middleware;
  return wrap('urlencodedParser', parser, options?.type || 'application/x-www-form-urlencoded', true);
}
