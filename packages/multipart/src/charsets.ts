// Text decoding by charset name: field values (the part's `Content-Type` charset, else
// `defCharset`), `filename*`/`name*` extended values (RFC 5987 / RFC 2231: the charset they
// name), and the other parameters of a part's headers (`defParamCharset`). busboy 1.6's decoders,
// by its names: utf-8; latin1 and the names it reads as latin1 (us-ascii, iso-8859-1,
// windows-1252, ...); utf-16le; base64 (the bytes written out in base64). Any other name is
// decoded with the WHATWG `TextDecoder`, when node knows it (busboy meant to, but its fallback
// never worked and gave `undefined` for every other charset: decision 040).

/** Decodes bytes, given as a Buffer or as a latin1 string (one char per byte), to text. */
export type Decoder = (data: Buffer | string, hint: Hint) => string | undefined;

/**
 * What a latin1 string may hold: 0 when it held no percent-escape (its text is its bytes), 1 when
 * its escapes were all below 0x80, 2 ({@link BYTES}) when it may hold any byte.
 */
export type Hint = 0 | 1 | 2;

/** The {@link Hint} of a string that may hold any byte. */
export const BYTES = 2;

function bytesOf(data: Buffer | string): Buffer {
  return typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
}

const utf8: Decoder = (data, hint) => {
  if (data.length === 0) return '';
  // UTF-8 agrees with ASCII: a string of ASCII bytes is its own text
  if (typeof data === 'string' && hint !== BYTES) return data;
  return bytesOf(data).toString('utf8');
};

const latin1: Decoder = (data) => {
  if (data.length === 0) return '';
  return typeof data === 'string' ? data : data.toString('latin1');
};

const utf16le: Decoder = (data) => (data.length === 0 ? '' : bytesOf(data).toString('utf16le'));

const base64: Decoder = (data) => (data.length === 0 ? '' : bytesOf(data).toString('base64'));

/** Decoders made with `TextDecoder`, by lower-cased label (`null`: node does not know it). */
const others = new Map<string, Decoder | null>();

/** A `TextDecoder`-based decoder for `label`, or `null` when node has no such encoding. */
function other(label: string): Decoder | null {
  let decoder = others.get(label);
  if (decoder !== undefined) return decoder;
  try {
    const text = new TextDecoder(label);
    decoder = (data) => (data.length === 0 ? '' : text.decode(bytesOf(data)));
  } catch {
    decoder = null; // a RangeError: an encoding node does not know
  }
  // labels come from requests: remember a bounded number of them
  if (others.size < 64) others.set(label, decoder);
  return decoder;
}

/** The decoder for a charset name (case-insensitive), or `null` when none decodes it. */
export function decoderFor(charset: string): Decoder | null {
  switch (charset.toLowerCase()) {
    case 'utf-8':
    case 'utf8':
      return utf8;
    case 'latin1':
    case 'ascii':
    case 'us-ascii':
    case 'iso-8859-1':
    case 'iso8859-1':
    case 'iso88591':
    case 'iso_8859-1':
    case 'windows-1252':
    case 'iso_8859-1:1987':
    case 'cp1252':
    case 'x-cp1252':
      return latin1;
    case 'utf16le':
    case 'utf-16le':
    case 'ucs2':
    case 'ucs-2':
      return utf16le;
    case 'base64':
      return base64;
    default:
      return other(charset.toLowerCase());
  }
}

/** `data` decoded as `charset`; `undefined` when no decoder knows the charset. */
export function decodeText(data: Buffer | string, charset: string, hint: Hint): string | undefined {
  const decode = decoderFor(charset);
  return decode === null ? undefined : decode(data, hint);
}
