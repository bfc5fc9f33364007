// `require('@brisk/cors')`: the middleware factory, a drop-in for cors 2.8.6's module function
// (named `middlewareWrapper` as there), with the option types as its namespace (`cors.CorsOptions`,
// as in @types/cors).

import { callUser } from './call.js';
import { actualHeaders, answerPreflight, preflightHeaders, type ResolvedRule } from './headers.js';
import * as types from './options.js'; // types only, for the namespace
import * as requests from './request.js'; // types only, for the namespace
import {
  compile,
  invalid,
  type CorsMiddleware,
  type CorsOptions,
  type CorsOptionsDelegate,
  type Policy,
} from './options.js';
import type { CorsRequest, CorsResponse, StaticOrigin } from './request.js';
import { staticRule } from './origin.js';

/** Is this request a preflight (`OPTIONS`, in any letter case, as cors 2.8.6 upper-cases it). */
function isPreflight(method: unknown): boolean {
  return method === 'OPTIONS' || (typeof method === 'string' && method.toUpperCase() === 'OPTIONS');
}

/**
 * Sets the headers `rule` and `policy` give the request, then answers a preflight request or
 * hands on. A header node refuses (a response already sent) goes to `next(err)`.
 */
function respond(
  policy: Policy,
  rule: ResolvedRule,
  req: CorsRequest,
  res: CorsResponse,
  next: (err?: unknown) => void,
): void {
  try {
    if (isPreflight(req.method)) {
      preflightHeaders(policy, rule, req, res);
      if (!policy.preflightContinue) {
        answerPreflight(policy, res);
        return;
      }
    } else {
      actualHeaders(policy, rule, req, res);
    }
  } catch (err) {
    next(err);
    return;
  }
  next();
}

/** Applies `policy` to a request: its origin rule decides (the origin function asked first). */
function apply(policy: Policy, req: CorsRequest, res: CorsResponse, next: (err?: unknown) => void): void {
  const rule = policy.origin;
  if (rule.kind === 'off') {
    next();
  } else if (rule.kind !== 'function') {
    respond(policy, rule, req, res, next);
  } else {
    callUser<string | undefined, StaticOrigin | null>(rule.fn, req.headers.origin, 'origin function', (err, origin) => {
      // an error, or no origin: no CORS headers (cors 2.8.6 calls `next(err)` for both)
      if (err || !origin) return next(err);
      let resolved: ResolvedRule;
      try {
        resolved = staticRule(origin, 'origin callback value', invalid) as ResolvedRule;
      } catch (error) {
        return next(error);
      }
      respond(policy, resolved, req, res, next);
    });
  }
}

/**
 * `cors(options?)`: middleware that sets the CORS headers of every response and answers
 * preflight (`OPTIONS`) requests, a drop-in for cors 2.8.6. `options` is a {@link CorsOptions}
 * object, checked here (a wrong type throws a `TypeError` naming the option), or a
 * {@link CorsOptionsDelegate} deciding them per request. `require('@brisk/cors')` is this function.
 *
 * @throws {TypeError} `option <name> "<value>" is invalid: ...` for a value of the wrong type
 * @example
 * app.use(cors());                                                  // Access-Control-Allow-Origin: *
 * app.get('/items', cors({ origin: 'https://app.example' }), list); // one route
 * app.use(cors({ origin: [/^https:\/\/([a-z0-9-]+\.)*example\.com$/, 'http://localhost:3000'], credentials: true }));
 */
export function middlewareWrapper<T extends CorsRequest = CorsRequest>(
  options?: CorsOptions | CorsOptionsDelegate<T> | null,
): CorsMiddleware<T> {
  if (typeof options === 'function') {
    const delegate = options;
    return function corsMiddleware(req, res, next) {
      callUser<T, CorsOptions | null>(delegate, req, 'options delegate', (err, value) => {
        if (err) return next(err);
        let policy: Policy;
        try {
          policy = compile(value);
        } catch (error) {
          return next(error);
        }
        apply(policy, req, res, next);
      });
    };
  }
  const policy = compile(options);
  return function corsMiddleware(req, res, next) {
    apply(policy, req, res, next);
  };
}

/** The types, also as `cors.CorsOptions` (as in @types/cors). */
export declare namespace middlewareWrapper {
  export import CorsMiddleware = types.CorsMiddleware;
  export import CorsOptions = types.CorsOptions;
  export import CorsOptionsDelegate = types.CorsOptionsDelegate;
  export import CorsRequest = requests.CorsRequest;
  export import CorsResponse = requests.CorsResponse;
  export import CustomOrigin = requests.CustomOrigin;
  export import StaticOrigin = requests.StaticOrigin;
  /** The type of `cors` itself. */
  export type Cors = typeof middlewareWrapper;
}
