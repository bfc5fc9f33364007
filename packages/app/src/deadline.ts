// The `response timeout` setting (decision 046): a default deadline for every request of an app,
// `app.set('response timeout', '5s')`, armed by @brisk/timeout when the request enters the app.
//
// Cost: the setting replaces the app's own `handle` (the app function, a mounted app and
// `app.inject()` each call `app.handle`) with one that arms the deadline and then runs the
// prototype's. An app that never sets it keeps `application.handle` itself: no read, no branch,
// nothing per request. Setting it back to `undefined` restores that.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseTimeSpan } from '@brisk/http';
import type { NextFunction } from '@brisk/router';
import timeout from '@brisk/timeout';
import { finalhandler } from './finalhandler.js';

/** An app's `handle(req, res, callback?)`, with the app as `this`. */
export type Handle<App> = (this: App, req: IncomingMessage, res: ServerResponse, callback?: NextFunction) => void;

/** What a deadline's 503 reaches: the dispatch the request is in (the router sets `req.next`). */
interface Dispatched {
  next?: unknown;
  clearTimeout?: unknown;
}

/** A TypeError naming the setting, as @brisk/timeout names its own argument errors. */
function invalid(message: string): TypeError {
  const error = new TypeError(`app.set('response timeout'): ${message}`);
  (error as TypeError & { code: string }).code = 'ERR_INVALID_ARG_VALUE';
  return error;
}

/**
 * The `handle` an app with `response timeout` set to `value` runs, built on the prototype's
 * `base` (`application.handle`), each named `handle` as it is:
 * - `undefined`: `base` itself (the setting is unset);
 * - `false`, `null` or `0`: no deadline in this app: one a parent app (or middleware before it)
 *   armed is cleared as the request enters;
 * - `true`: connect-timeout's default, 5 seconds;
 * - milliseconds or a duration string (`'5s'`, as `timeout()` reads it): that deadline, armed as
 *   the request enters the app, replacing one armed before it.
 * @throws TypeError for anything else, and for a duration of 0 ms (write `false`)
 */
export function deadlineHandle<App extends { settings: Record<string, unknown> }>(
  value: unknown,
  base: Handle<App>,
): Handle<App> {
  if (value === undefined) return base;
  if (value === false || value === null || value === 0) {
    return function handle(this: App, req, res, callback) {
      const clear = (req as IncomingMessage & Dispatched).clearTimeout;
      if (typeof clear === 'function') clear.call(req);
      base.call(this, req, res, callback);
    };
  }
  if (typeof value === 'string' && parseTimeSpan(value, '2.0') === 0)
    throw invalid(`a deadline of 0 ms answers every request with a 503: write false to turn it off, got '${value}'`);
  let deadline: ReturnType<typeof timeout>;
  try {
    deadline = timeout(value === true ? 5000 : (value as number | string));
  } catch (error) {
    throw invalid((error as Error).message.replace(/^timeout: time/, 'value'));
  }
  return function handle(this: App, req, res, callback) {
    deadline(req, res, (err?: unknown) => {
      if (err === undefined) return; // armed: the request goes on below
      // The deadline passed: the 503 goes where `app.use(timeout())` first in the app would
      // send it, the error handlers after the layer the request is in (the innermost router's
      // `next`), or, outside any dispatch, to the caller's callback or the final handler.
      const next = (req as IncomingMessage & Dispatched).next;
      if (typeof next === 'function') next(err);
      else if (callback !== undefined) callback(err);
      else finalhandler(req, res, { env: this.settings.env as string })(err);
    });
    base.call(this, req, res, callback);
  };
}
