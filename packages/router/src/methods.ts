// The HTTP methods node knows, lowercased: one routing method each on Router and Route.
import { METHODS } from 'node:http';

/** Every method of `http.METHODS`, lowercased (`get`, `post`, ..., `m-search`), in node's order. */
export const methods: readonly string[] = METHODS.map((method) => method.toLowerCase());

/** `req.method` → lowercased name, precomputed for node's methods (no per-request allocation). */
const LOWER: Record<string, string | undefined> = Object.create(null);
for (const method of METHODS) LOWER[method] = method.toLowerCase();

/**
 * Lowercases a request method as router 2 does (`String#toLowerCase`), from a table for the
 * methods node knows; a value that is not a string is returned as it is.
 */
export function lowerMethod(method: unknown): unknown {
  if (typeof method !== 'string') return method;
  const lower = LOWER[method];
  return lower !== undefined ? lower : method.toLowerCase();
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
