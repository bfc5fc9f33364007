/**
 * The user name of an `Authorization: Basic` header (RFC 7617), read as basic-auth 2.0 reads it.
 *
 *   credentials = *SP auth-scheme 1*SP token68 *SP
 *   auth-scheme = "Basic"                     ; case-insensitive
 *   token68     = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
 *   user-pass   = user-id ":" password         ; after base64 decoding
 *   user-id     = *<any character but ":">
 *   password    = *<any character but a line terminator>
 *
 * Scanned by index, without regexps: linear in the header's length.
 */

/** token68 characters before the padding: ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/". */
const TOKEN68 = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  TOKEN68[c] = /[A-Za-z0-9._~+/-]/.test(String.fromCharCode(c)) ? 1 : 0;
}

const SP = 0x20;
const EQ = 0x3d;

/** Whether `header[at..at+5)` is `basic` in any letter case (ASCII only). */
function isBasic(header: string, at: number): boolean {
  // `| 0x20` lower-cases ASCII letters (and maps no other character onto one)
  return (
    (header.charCodeAt(at) | 0x20) === 0x62 && // b
    (header.charCodeAt(at + 1) | 0x20) === 0x61 && // a
    (header.charCodeAt(at + 2) | 0x20) === 0x73 && // s
    (header.charCodeAt(at + 3) | 0x20) === 0x69 && // i
    (header.charCodeAt(at + 4) | 0x20) === 0x63 // c
  );
}

/** Whether `text` has a line terminator (which `.` in basic-auth's `(.*)$` does not match). */
function hasLineTerminator(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}

/**
 * The user name of Basic credentials (`Basic dXNlcjpwYXNz` → `'user'`), or `undefined` when
 * the header is absent or not valid Basic credentials.
 */
export function basicUser(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const length = header.length;
  let i = 0;
  while (i < length && header.charCodeAt(i) === SP) i++;
  if (!isBasic(header, i)) return undefined;
  i += 5;
  if (header.charCodeAt(i) !== SP) return undefined;
  while (i < length && header.charCodeAt(i) === SP) i++;
  const start = i;
  while (i < length) {
    const c = header.charCodeAt(i);
    if (c >= 128 || TOKEN68[c] === 0) break;
    i++;
  }
  if (i === start) return undefined;
  while (i < length && header.charCodeAt(i) === EQ) i++;
  const end = i;
  while (i < length && header.charCodeAt(i) === SP) i++;
  if (i !== length) return undefined;
  const decoded = Buffer.from(header.slice(start, end), 'base64').toString();
  const colon = decoded.indexOf(':');
  if (colon === -1 || hasLineTerminator(decoded, colon + 1)) return undefined;
  return decoded.slice(0, colon);
}
