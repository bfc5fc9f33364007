// Signed cookies: a value written as `'s:' + sign(value, secret)` (what `res.cookie(name, value,
// { signed: true })` sends) is read back as the value when its signature matches one of the
// secrets, as cookie-parser 1.4.7 reads it (with cookie-signature's `unsign`).

import { unsign, type Secret } from '@brisk/cookie';

/** One secret, or several (the first signs; any of them verifies, for rotation). */
export type Secrets = Secret | readonly Secret[];

/** `secret` as a list: none for a falsy one, the array itself, or a list of one (cookie-parser's rule). */
export function secretList(secret: Secrets | null | undefined | false): readonly Secret[] {
  if (!secret) return [];
  return Array.isArray(secret) ? secret : [secret as Secret];
}

/**
 * Reads a signed cookie value: `undefined` for a value that is not a string, the value itself
 * when it does not start with `s:`, the unsigned value when its signature matches one of
 * `secret`, else `false` (a tampered or foreign value).
 *
 * @param str - a cookie value
 * @param secret - a secret, or an array of secrets tried in turn
 * @throws {TypeError} `Secret key must be provided.` for a `null` or `undefined` entry of an array
 * @example
 * signedCookie('s:' + sign('42', 'k'), 'k') // '42'
 * signedCookie('s:42.forged', 'k')          // false
 * signedCookie('42', 'k')                   // '42'
 */
export function signedCookie(str: string, secret: Secrets | null | undefined): string | false;
export function signedCookie(str: unknown, secret: Secrets | null | undefined): string | false | undefined;
export function signedCookie(str: unknown, secret: Secrets | null | undefined): string | false | undefined {
  if (typeof str !== 'string') return undefined;
  if (!str.startsWith('s:')) return str;
  const secrets = secretList(secret);
  const signed = str.slice(2);
  for (let i = 0; i < secrets.length; i++) {
    const value = unsign(signed, secrets[i]!);
    if (value !== false) return value;
  }
  return false;
}

/**
 * Moves the signed values out of `obj`: returns a prototype-less object of the `s:` values
 * unsigned (`false` for a bad signature), and deletes those keys from `obj`, which keeps the
 * unsigned values. A value that is not a string is moved as `undefined`, as in cookie-parser 1.4.7.
 *
 * @param obj - cookie values by name (`req.cookies`); changed in place
 * @param secret - a secret, or an array of secrets tried in turn
 * @example
 * const jar = { theme: 'dark', sid: 's:' + sign('abc', 'k') };
 * signedCookies(jar, 'k') // { sid: 'abc' }; jar is now { theme: 'dark' }
 */
export function signedCookies<T extends Record<string, unknown>>(
  obj: T,
  secret: Secrets | null | undefined,
): { [P in keyof T]?: string | false } {
  const source = obj as Record<string, unknown>;
  const out: Record<string, string | false | undefined> = Object.create(null);
  const keys = Object.keys(source);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = source[key];
    const unsigned = signedCookie(value, secret);
    if (value !== unsigned) {
      out[key] = unsigned;
      delete source[key];
    }
  }
  return out as { [P in keyof T]?: string | false };
}
