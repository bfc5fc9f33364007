// body-parser 1's behaviour over brisk's body parsers (body-parser 2): `req.body` is `{}` once a
// parser ran, even when it parsed nothing; `urlencoded` defaults to `extended: true`, with
// body-parser 1's notice when `extended` is not given; a body already read by something else is a
// 500 (`stream is not readable`) rather than skipped; a request a parser already parsed
// (`req._body`) is skipped.

import brisk from '@brisk/app';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createError } from '@brisk/http';
import { hasBody, typeis } from '@brisk/negotiate';
import { warn } from './warn.js';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type Req = IncomingMessage & { body?: unknown; _body?: boolean };
type TypeOption = string | string[] | ((req: IncomingMessage) => unknown) | undefined;

/** Whether a parser with this `type` option would read `req`. */
function matcher(type: TypeOption, fallback: string): (req: IncomingMessage) => boolean {
  if (typeof type === 'function') return (req) => Boolean(type(req));
  const types = type === undefined ? [fallback] : Array.isArray(type) ? type : [type];
  return (req) => Boolean(typeis(req, types));
}

/**
 * Wraps a brisk parser as body-parser 1 behaves around it. The wrapper is named as the parser
 * (`jsonParser`, ...): router layers and tracing show that name.
 */
function wrap(name: string, parser: Middleware, type: TypeOption, fallback: string): Middleware {
  const parses = matcher(type, fallback);
  function fn(req: Req, res: ServerResponse, next: Next): void {
    if (req._body) {
      next();
      return;
    }
    if (req.body === undefined || req.body === null) req.body = {};
    // A body something else already read: raw-body's error, as body-parser 1 reports it
    if (req.readable === false && hasBody(req) && parses(req)) {
      next(createError(500, 'stream is not readable', { type: 'stream.not.readable' }));
      return;
    }
    parser(req, res, (err?: unknown) => {
      if (!err && hasBody(req) && parses(req)) req._body = true;
      next(err);
    });
  }
  Object.defineProperty(fn, 'name', { value: name });
  return fn as Middleware;
}

type Opts = { type?: TypeOption; extended?: boolean; [key: string]: unknown } | undefined;

/** `express.json([options])` as body-parser 1. */
export function json(options?: Opts): Middleware {
  return wrap('jsonParser', brisk.json(options as never) as Middleware, options?.type, 'application/json');
}
/** `express.raw([options])` as body-parser 1. */
export function raw(options?: Opts): Middleware {
  return wrap('rawParser', brisk.raw(options as never) as Middleware, options?.type, 'application/octet-stream');
}
/** `express.text([options])` as body-parser 1. */
export function text(options?: Opts): Middleware {
  return wrap('textParser', brisk.text(options as never) as Middleware, options?.type, 'text/plain');
}
/** `express.urlencoded([options])` as body-parser 1: `extended` defaults to `true`, with a notice. */
export function urlencoded(options?: Opts): Middleware {
  if (options?.extended === undefined) warn('BRISK_E4_URLENCODED_EXTENDED');
  const opts = { ...options, extended: options?.extended !== false };
  return wrap(
    'urlencodedParser',
    brisk.urlencoded(opts as never) as Middleware,
    options?.type,
    'application/x-www-form-urlencoded',
  );
}
