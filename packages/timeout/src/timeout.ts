// `require('@brisk/timeout')`: a drop-in for connect-timeout 1.9.1's module function. After
// `time`, the request is marked `req.timedout`, emits `'timeout'`, and (by default) the 503
// `ETIMEDOUT` error goes to `next`; on brisk's requests `req.signal` is also aborted with a
// `TimeoutError`, so the work the request started can stop (decision 044).

import { createError, onFinished, onHeaders, parseTimeSpan } from '@brisk/http';
import * as types from './types.js'; // types only, for the namespace
import type { TimeoutMiddleware, TimeoutOptions, TimeoutRequest } from './types.js';

/** The longest delay a node timer keeps (2^31 - 1 ms); a longer one would fire at once. */
const MAX_DELAY = 2_147_483_647;

/** The method brisk's request prototype has for aborting `req.signal` (decision 044). */
const ABORT = Symbol.for('brisk.abort');

/** A TypeError for misuse, named as node names its argument errors. */
function invalid(message: string): TypeError {
  const error = new TypeError(message);
  (error as TypeError & { code: string }).code = 'ERR_INVALID_ARG_VALUE';
  return error;
}

/** `time` as milliseconds: connect-timeout's reading, with what it would misread refused. */
function delayOf(time: unknown): number {
  let delay: number;
  if (typeof time === 'string') {
    const parsed = parseTimeSpan(time, '2.0'); // connect-timeout 1.9 reads it with ms 2.0.0
    if (parsed === undefined)
      throw invalid(
        `timeout: time must be a number of milliseconds or a duration such as '5s', got ${JSON.stringify(time)}`,
      );
    delay = parsed;
  } else if (time === undefined || time === null || time === 0 || time === false) {
    delay = 5000; // connect-timeout's `time || 5000`
  } else if (typeof time === 'number') {
    delay = time;
  } else {
    throw invalid(`timeout: time must be a number of milliseconds or a duration such as '5s', got ${typeof time}`);
  }
  if (!Number.isFinite(delay) || delay < 0 || delay > MAX_DELAY)
    throw invalid(`timeout: time must be a finite number of milliseconds from 0 to ${MAX_DELAY}, got ${String(delay)}`);
  return delay;
}

/** `options.respond`, checked: a boolean or absent. */
function respondOf(options: unknown): boolean {
  if (options === undefined || options === null) return true;
  if (typeof options !== 'object') throw invalid(`timeout: options must be an object, got ${typeof options}`);
  const respond = (options as TimeoutOptions).respond;
  if (respond === undefined) return true;
  if (typeof respond !== 'boolean') throw invalid(`timeout: options.respond must be a boolean, got ${typeof respond}`);
  return respond;
}

/**
 * Each request's deadline, as the function that cancels it (its timer and its `'timeout'`
 * listener): a second deadline armed on the same request (the app's default, then a route's)
 * replaces the first instead of running beside it (decision 046).
 */
const armed = new WeakMap<object, () => void>();

/** The reason `req.signal` is aborted with when the deadline passes. */
function timeoutReason(): DOMException {
  return new DOMException('Response timeout', 'TimeoutError');
}

/**
 * `timeout(time?, options?)`: a deadline for each request. `time` is milliseconds or a duration
 * string (`'5s'`, `'1m'`, `'250ms'`), default 5 seconds. When it passes before the response has
 * started, `req.timedout` becomes `true`, the request emits `'timeout'` with the delay, brisk's
 * `req.signal` aborts with a `DOMException` named `TimeoutError`, and unless `respond: false`,
 * `next` gets a 503 error (`Response timeout`, `code: 'ETIMEDOUT'`, `timeout: delay`). The timer
 * stops when the response starts (headers written) or finishes, or on `req.clearTimeout()`. A
 * second deadline on the same request (a route's after the app's `response timeout` setting)
 * replaces the first, counting from when it is armed. Throws a `TypeError` at setup for a `time` or `options` it cannot use.
 *
 * @example
 * app.get('/slow', timeout('5s'), (req, res, next) => {
 *   work({ signal: req.signal }).then((data) => { if (!req.timedout) res.json(data); }, next);
 * });
 */
export function timeout(time?: number | string, options?: TimeoutOptions): TimeoutMiddleware {
  const delay = delayOf(time);
  const respond = respondOf(options);

  return (req, res, next) => {
    const request = req as TimeoutRequest & { [ABORT]?: (reason: unknown) => void };
    armed.get(request)?.(); // an earlier deadline on this request is replaced
    const id = setTimeout(() => {
      request.timedout = true;
      const abort = request[ABORT];
      if (typeof abort === 'function') abort.call(request, timeoutReason());
      request.emit('timeout', delay);
    }, delay);

    let respondOnTimeout: (() => void) | undefined;
    if (respond) {
      respondOnTimeout = () => {
        next(createError(503, 'Response timeout', { code: 'ETIMEDOUT', timeout: delay }));
      };
      request.on('timeout', respondOnTimeout);
    }
    armed.set(request, () => {
      clearTimeout(id);
      if (respondOnTimeout !== undefined) request.removeListener('timeout', respondOnTimeout);
    });

    request.clearTimeout = () => {
      clearTimeout(id);
    };
    request.timedout = false;

    onFinished(res, () => {
      clearTimeout(id);
    });
    onHeaders(res, () => {
      clearTimeout(id);
    });

    next();
  };
}

/** The types of `@brisk/timeout`, as members of the function (`timeout.TimeoutOptions`) for CommonJS. */
export declare namespace timeout {
  export import TimeoutMiddleware = types.TimeoutMiddleware;
  export import TimeoutOptions = types.TimeoutOptions;
  export import TimeoutRequest = types.TimeoutRequest;
}
