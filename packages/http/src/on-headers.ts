/**
 * Run a callback just before a response writes its headers: a drop-in for `on-headers` 1.1.0.
 */
import { ServerResponse } from 'node:http';

/** Called with `this` = the response, before its headers are written. */
export type OnHeadersListener<T extends ServerResponse = ServerResponse> = (this: T) => void;

/**
 * `writeHead` as it is forwarded to: with the arguments it was called with. Declared as a method,
 * as node's is, so that TypeScript compares the parameters bivariantly and node's overloads fit.
 */
interface ForwardedWriteHead {
  writeHead(this: ServerResponse, ...args: unknown[]): ServerResponse;
}

/** `appendHeader` arrived in node 18.3; before it, a flat header array is applied with setHeader. */
const hasAppendHeader = typeof ServerResponse.prototype.appendHeader === 'function';

/** Sets headers given as `[[name, value], ...]`: empty names are skipped. */
function setPairs(res: ServerResponse, headers: ReadonlyArray<ReadonlyArray<unknown>>): void {
  for (let i = 0; i < headers.length; i++) {
    const pair = headers[i];
    const name = pair[0] as string;
    if (name) res.setHeader(name, pair[1] as string);
  }
}

/**
 * Sets headers given as a flat `[name, value, name, value, ...]` array: a name given twice keeps
 * every value (appendHeader), replacing what was set before. Empty names are skipped.
 */
function setFlat(res: ServerResponse, headers: ReadonlyArray<unknown>): void {
  if (headers.length % 2 !== 0) throw new TypeError('headers array is malformed');
  if (hasAppendHeader) {
    for (let i = 0; i < headers.length; i += 2) res.removeHeader(headers[i] as string);
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i] as string;
      if (name) res.appendHeader(name, headers[i + 1] as string);
    }
    /* c8 ignore start: node < 18.3 */
  } else {
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i] as string;
      if (name) res.setHeader(name, headers[i + 1] as string);
    }
  }
  /* c8 ignore stop */
}

/**
 * Applies `writeHead(status[, message][, headers])`'s status and headers to the response itself
 * (so a listener sees and can change them) and returns the leading arguments, without headers.
 */
function applyWriteHeadArgs(res: ServerResponse, args: IArguments): unknown[] {
  const length = args.length;
  const headerIndex = length > 1 && typeof args[1] === 'string' ? 2 : 1;
  const headers: unknown = length > headerIndex ? args[headerIndex] : undefined;
  res.statusCode = args[0] as number;
  if (Array.isArray(headers)) {
    if (headers.length && Array.isArray(headers[0])) setPairs(res, headers as unknown[][]);
    else setFlat(res, headers);
  } else if (headers) {
    const object = headers as { [name: string]: string };
    const names = Object.keys(object);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (name) res.setHeader(name, object[name]);
    }
  }
  const lead = Math.min(length, headerIndex);
  const out = new Array<unknown>(lead);
  for (let i = 0; i < lead; i++) out[i] = args[i];
  return out;
}

/**
 * Runs `listener` (with `this` = `res`) once, just before the response writes its headers: on
 * the first `writeHead()`, including the implicit one from `write()`/`end()`. The listener can
 * still set or remove headers and change `res.statusCode`. Headers passed to `writeHead` are
 * applied with `setHeader` first, so the listener sees them. Several listeners run in reverse
 * order of registration (the last one registered runs first).
 *
 * A drop-in for `on-headers` 1.1.0: it replaces `res.writeHead` on that response (only).
 *
 * @throws TypeError `argument res is required`, `argument listener must be a function`;
 *   from `writeHead` with an odd-length flat header array: TypeError `headers array is malformed`.
 * @example
 * onHeaders(res, function () {
 *   this.setHeader('X-Response-Time', `${Date.now() - start}ms`);
 * });
 */
export function onHeaders<T extends ServerResponse>(res: T, listener: OnHeadersListener<T>): void {
  if (!res) throw new TypeError('argument res is required');
  if (typeof listener !== 'function') throw new TypeError('argument listener must be a function');

  const previous: ForwardedWriteHead['writeHead'] = res.writeHead;
  let fired = false;
  // Keeps writeHead's name and length (1), as node's own and on-headers' do.
  (res as ServerResponse).writeHead = function writeHead(this: T, _statusCode: unknown) {
    const args = applyWriteHeadArgs(this, arguments);
    if (!fired) {
      fired = true;
      listener.call(this);
      // the listener changed the status: pass that on (without the message given for the old one)
      if (typeof args[0] === 'number' && this.statusCode !== args[0]) {
        args[0] = this.statusCode;
        args.length = 1;
      }
    }
    return previous.apply(this, args);
  };
}
