// The HTTP methods node knows, lowercased: one routing method each on Router and Route.
import { METHODS } from 'node:http';

/** Every method of `http.METHODS`, lowercased (`get`, `post`, ..., `m-search`), in node's order. */
export const methods: readonly string[] = METHODS.map((method) => method.toLowerCase());

/** `req.method` → lowercased name, precomputed for node's methods (no per-request allocation). */
const LOWER: Record<string, string | undefined> = Object.create(null);
for (const method of METHODS) LOWER[method] = method.toLowerCase();

/**
 * Lowercases a method name as router 2 does (`String#toLowerCase`), from a table for the methods
 * node knows; a value that is not a string is returned as it is. For names an app passes to the
 * router's API (`route._handlesMethod('get')`), not for `req.method`: see {@link routingMethod}.
 */
export function lowerMethod(method: unknown): unknown {
  if (typeof method !== 'string') return method;
  const lower = LOWER[method];
  return lower !== undefined ? lower : method.toLowerCase();
}

/** The routing key of a request method that is no routing method's name: no route's table has it. */
export const NO_ROUTING_METHOD: unique symbol = Symbol('no routing method');

/**
 * The routing method a request's `req.method` selects: the lowercased name for a method node
 * knows written exactly as node's parser delivers it (`GET`, `DELETE`, `M-SEARCH`), else
 * {@link NO_ROUTING_METHOD}, which only `all()` handlers run for. Methods are case-sensitive
 * (RFC 9110 §9.1): HTTP/2 and `app.inject()` hand over `:method: delete` as written, and router 2's
 * `toLowerCase` would run `app.delete()` handlers for it past a guard that checked
 * `req.method === 'DELETE'` (decision 030).
 */
export function routingMethod(method: unknown): string | typeof NO_ROUTING_METHOD {
  if (typeof method !== 'string') return NO_ROUTING_METHOD;
  const lower = LOWER[method];
  return lower !== undefined ? lower : NO_ROUTING_METHOD;
}

/** The methods every supported node version knows (node 18's `http.METHODS`), as typed methods. */
export type MethodName =
  | 'acl'
  | 'bind'
  | 'checkout'
  | 'connect'
  | 'copy'
  | 'delete'
  | 'get'
  | 'head'
  | 'link'
  | 'lock'
  | 'm-search'
  | 'merge'
  | 'mkactivity'
  | 'mkcalendar'
  | 'mkcol'
  | 'move'
  | 'notify'
  | 'options'
  | 'patch'
  | 'post'
  | 'propfind'
  | 'proppatch'
  | 'purge'
  | 'put'
  | 'rebind'
  | 'report'
  | 'search'
  | 'source'
  | 'subscribe'
  | 'trace'
  | 'unbind'
  | 'unlink'
  | 'unlock'
  | 'unsubscribe';
