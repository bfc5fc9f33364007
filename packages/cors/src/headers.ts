// The headers a CORS response gets, in cors 2.8.6's order and with its values, and the end of a
// preflight request it answers. Every name and value is set with `setHeader`; `Vary` is merged
// with what the response already has (vary.ts, as cors uses `vary`).

import type { Policy } from './options.js';
import type { CorsRequest, CorsResponse } from './request.js';
import { isHeaderSafe } from './safe.js';
import type { OriginRule } from './origin.js';
import { vary } from './vary.js';

/** An origin rule once a request's origin function has answered. */
export type ResolvedRule = Exclude<OriginRule, { kind: 'off' } | { kind: 'function' }>;

/** `Access-Control-Allow-Origin`, and `Vary: Origin` unless the answer is the same for every origin (`*`). */
function allowOrigin(rule: ResolvedRule, req: CorsRequest, res: CorsResponse): void {
  if (rule.kind === 'any') {
    res.setHeader('Access-Control-Allow-Origin', '*');
    return;
  }
  if (rule.kind === 'fixed') {
    res.setHeader('Access-Control-Allow-Origin', rule.value);
  } else {
    const origin = req.headers.origin;
    // No Origin (or an empty one) is never reflected; one with CR, LF or NUL never reaches a header.
    if (typeof origin === 'string' && origin !== '' && isHeaderSafe(origin) && rule.allows(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
    }
  }
  vary(res, 'Origin');
}

/** The headers of a preflight (`OPTIONS`) request, in cors 2.8.6's order. */
export function preflightHeaders(policy: Policy, rule: ResolvedRule, req: CorsRequest, res: CorsResponse): void {
  allowOrigin(rule, req, res);
  if (policy.credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
  if (policy.methods) res.setHeader('Access-Control-Allow-Methods', policy.methods);
  if (policy.allowedHeaders === undefined) {
    // not configured: the request's own list is sent back, so the answer varies with it
    vary(res, 'Access-Control-Request-Headers');
    const requested = req.headers['access-control-request-headers'];
    if (typeof requested === 'string' && requested !== '' && isHeaderSafe(requested)) {
      res.setHeader('Access-Control-Allow-Headers', requested);
    }
  } else if (policy.allowedHeaders) {
    res.setHeader('Access-Control-Allow-Headers', policy.allowedHeaders);
  }
  if (policy.maxAge) res.setHeader('Access-Control-Max-Age', policy.maxAge);
  if (policy.exposedHeaders) res.setHeader('Access-Control-Expose-Headers', policy.exposedHeaders);
}

/** The headers of any other request: origin, credentials, exposed headers. */
export function actualHeaders(policy: Policy, rule: ResolvedRule, req: CorsRequest, res: CorsResponse): void {
  allowOrigin(rule, req, res);
  if (policy.credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
  if (policy.exposedHeaders) res.setHeader('Access-Control-Expose-Headers', policy.exposedHeaders);
}

/**
 * Ends a preflight request with the policy's status and an empty body. `Content-Length: 0` is
 * sent with it, as cors 2.8.6 sends it (Safari waited for a body on a 204 without it).
 */
export function answerPreflight(policy: Policy, res: CorsResponse): void {
  res.statusCode = policy.optionsSuccessStatus;
  res.setHeader('Content-Length', '0');
  res.end();
}
