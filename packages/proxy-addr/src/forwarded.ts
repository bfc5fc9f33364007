// X-Forwarded-For parsing (forwarded 0.2.0): the socket address, then the header's entries from
// the last (the nearest proxy's peer) to the first (the client, as far as the header can tell).
//
//   X-Forwarded-For = entry *( "," entry )   ; de facto header, no RFC; RFC 7239 is "Forwarded"
// Entries are trimmed of spaces (only U+0020, as forwarded 0.2.0 does); empty entries are skipped;
// an entry is not validated here (trust functions see it as sent).

/** The parts of a request read here; an `http.IncomingMessage` (or an Express request) fits. */
export interface RequestLike {
  /** Request headers; only `x-forwarded-for` is read. */
  headers: { [name: string]: string | string[] | undefined };
  /** The socket, whose `remoteAddress` is the first address. */
  socket?: { remoteAddress?: string | undefined } | null;
  /** Read instead of `socket` when `socket` is not set (old Node API). */
  connection?: { remoteAddress?: string | undefined } | null;
}

/** Bounds of the entry found by prevEntry (module scratch: read it before the next call). */
export const span = { start: 0, end: 0, next: 0 };

/**
 * Finds the X-Forwarded-For entry that ends before index `pos` of `h`, scanning backwards.
 * Returns false when there is none; otherwise sets `span.start`/`span.end` to its bounds and
 * `span.next` to the `pos` for the following call.
 */
export function prevEntry(h: string, pos: number): boolean {
  let i = pos - 1;
  let c = 0;
  while (i >= 0 && ((c = h.charCodeAt(i)) === 0x20 || c === 0x2c)) i--;
  if (i < 0) return false;
  const end = i + 1;
  while (i >= 0 && h.charCodeAt(i) !== 0x2c) i--;
  let start = i + 1;
  while (h.charCodeAt(start) === 0x20) start++;
  span.start = start;
  span.end = end;
  span.next = i;
  return true;
}

/** The X-Forwarded-For header of a request, or '' (a value that is not a string is ignored). */
export function forwardedHeader(req: RequestLike): string {
  const h = req.headers['x-forwarded-for'];
  return typeof h === 'string' ? h : '';
}

/** The socket address of a request, read as forwarded 0.2.0 reads it. */
export function socketAddress(req: RequestLike): string | undefined {
  const socket = req.socket;
  return socket ? socket.remoteAddress : (req.connection as NonNullable<RequestLike['connection']>).remoteAddress;
}

/**
 * All the addresses of a request: `[socket address, ...X-Forwarded-For entries, last first]`.
 * The first is `req.socket.remoteAddress`, which Node leaves `undefined` once the socket is gone.
 *
 * @throws {TypeError} `argument req is required`
 * @example
 * // socket 127.0.0.1, X-Forwarded-For: 203.0.113.7, 10.0.0.2
 * forwarded(req); // ['127.0.0.1', '10.0.0.2', '203.0.113.7']
 */
export function forwarded(req: RequestLike): string[] {
  if (!req) throw new TypeError('argument req is required');
  const header = forwardedHeader(req);
  const addrs = [socketAddress(req)] as string[];
  let pos = header.length;
  while (prevEntry(header, pos)) {
    addrs.push(header.substring(span.start, span.end));
    pos = span.next;
  }
  return addrs;
}
