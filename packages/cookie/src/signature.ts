// Cookie signing with HMAC-SHA256, as cookie-signature 1.2.2.

import { createHmac, timingSafeEqual, type BinaryLike, type KeyObject } from 'node:crypto';

/** A signing secret: anything `crypto.createHmac` accepts as a key. */
export type Secret = BinaryLike | KeyObject;

/** Length of an unpadded base64 HMAC-SHA256: 32 bytes → 44 characters, the last one "=". */
const MAC_LENGTH = 43;

/** Unpadded base64 HMAC-SHA256 of `value` under `secret`. */
function mac(value: string, secret: Secret): string {
  // A SHA-256 digest always ends in exactly one "=" of padding: dropping the last
  // character is the same as stripping every trailing "=".
  return createHmac('sha256', secret).update(value).digest('base64').slice(0, MAC_LENGTH);
}

/**
 * Signs a cookie value: returns `value + '.' + mac`, where `mac` is the HMAC-SHA256 of
 * `value` under `secret`, base64 without `=` padding.
 *
 * @param value - the value to sign
 * @param secret - a string, a Buffer/TypedArray/DataView or a `KeyObject` (an empty string is allowed)
 * @throws {TypeError} `Cookie value must be provided as a string.`
 * @throws {TypeError} `Secret key must be provided.` (secret `null` or `undefined`)
 * @example
 * sign('hello', 'tobiiscool') // 'hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI'
 */
export function sign(value: string, secret: Secret): string {
  if (typeof value !== 'string') throw new TypeError('Cookie value must be provided as a string.');
  if (secret == null) throw new TypeError('Secret key must be provided.');
  return value + '.' + mac(value, secret);
}

/**
 * Verifies a value signed by {@link sign}: returns the value before the last `.` when the
 * signature matches, else `false`. The signatures are compared in constant time.
 *
 * @param input - the signed string (`value.mac`)
 * @param secret - the secret it was signed with
 * @returns the original value, or `false` when the signature is missing or wrong
 * @throws {TypeError} `Signed cookie string must be provided.`
 * @throws {TypeError} `Secret key must be provided.` (secret `null` or `undefined`)
 * @example
 * unsign(sign('hello', 'k'), 'k') // 'hello'
 * unsign('hello.forged', 'k')     // false
 */
export function unsign(input: string, secret: Secret): string | false {
  if (typeof input !== 'string') throw new TypeError('Signed cookie string must be provided.');
  if (secret == null) throw new TypeError('Secret key must be provided.');
  const dot = input.lastIndexOf('.');
  // No "." or a MAC of the wrong length can never verify (the length of a MAC is public).
  if (dot === -1 || input.length - dot - 1 !== MAC_LENGTH) return false;
  const value = input.slice(0, dot);
  const expected = Buffer.from(mac(value, secret), 'latin1');
  // UTF-8, never latin1, for the untrusted part: non-ASCII characters change its byte length.
  const given = Buffer.from(input.slice(dot + 1), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}
