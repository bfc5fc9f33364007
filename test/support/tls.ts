// A self-signed certificate made in the test process, with node:crypto alone (no openssl on the
// machine needed): an ECDSA P-256 key and an X.509 v3 certificate for the given names, signed
// with SHA-256, written in DER by hand. For TLS tests: the server takes { key, cert }, a client
// trusts it with { ca: cert }.
import { X509Certificate, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIPv4 } from 'node:net';

/** A DER element: tag, length, contents. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const n = body.length;
  let length: Buffer;
  if (n < 0x80) length = Buffer.from([n]);
  else if (n < 0x100) length = Buffer.from([0x81, n]);
  else length = Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const sequence = (...items: Buffer[]) => der(0x30, ...items);
const set = (...items: Buffer[]) => der(0x31, ...items);
const explicit = (n: number, item: Buffer) => der(0xa0 + n, item);
const octets = (bytes: Buffer) => der(0x04, bytes);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => der(0x03, Buffer.from([0]), bytes);
const boolean = (value: boolean) => der(0x01, Buffer.from([value ? 0xff : 0]));

function integer(bytes: Buffer): Buffer {
  // positive: a leading zero when the high bit is set
  return der(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    out.push(...groups);
  }
  return der(0x06, Buffer.from(out));
}

/** UTCTime for years before 2050, GeneralizedTime after (RFC 5280, 4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(`${iso.slice(2)}Z`)) : der(0x18, Buffer.from(`${iso}Z`));
}

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

/** A key and a self-signed certificate (PEM) for `hosts` (names and IPv4 addresses), valid for `days`. */
export function selfSigned(hosts: string[] = ['localhost', '127.0.0.1'], days = 2): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(hosts[0]))));
  const now = Date.now();
  const altNames = sequence(
    ...hosts.map((host) =>
      isIPv4(host) ? der(0x87, Buffer.from(host.split('.').map(Number))) : der(0x82, Buffer.from(host, 'ascii')),
    ),
  );
  const extensions = sequence(
    sequence(oid('2.5.29.19'), boolean(true), octets(sequence(boolean(true)))), // basicConstraints: CA
    sequence(oid('2.5.29.17'), octets(altNames)), // subjectAltName
  );
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(randomBytes(16)),
    ECDSA_WITH_SHA256,
    name,
    sequence(time(new Date(now - 60_000)), time(new Date(now + days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey); // ECDSA, DER-encoded
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, bitString(signature));
  const cert = `-----BEGIN CERTIFICATE-----\n${certificate.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  // node's own parser reads it back, or this throws
  new X509Certificate(cert);
  return { key, cert };
}
