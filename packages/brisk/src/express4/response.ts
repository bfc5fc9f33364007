// Express 4's response methods, defined on each express4 app's own response prototype
// (`app.response`) over Express 5's: the call shapes Express 5 removed (each with its warning),
// Express 4's redirect body, lenient `res.status`, `res.clearCookie` honouring `expires` and
// `maxAge`, `res.vary()` without a field, `res.sendfile`, and file responses written as send 0.19
// and content-disposition 0.5 write them (`charset=UTF-8`, a quoted file name).

import { extname, isAbsolute, resolve, sep } from 'node:path';
import { contentDisposition, escapeHtml, statuses } from '@brisk/http';
import { contentType } from '@brisk/mime';
import { withLegacyDotfiles } from './dotfiles.js';
import { method } from './request.js';
import { warn } from './warn.js';

type Callback = (err?: Error) => void;
type Options = {
  root?: string;
  headers?: Record<string, unknown>;
  dotfiles?: unknown;
  hidden?: unknown;
  [key: string]: unknown;
};

/** What the overlay calls on a response (Express 5's methods, through the prototype chain). */
interface Res {
  statusCode: number;
  req: { method?: string; get(name: string): string | undefined; next?: (err?: unknown) => void };
  get(field: string): unknown;
  set(field: string, value: unknown): Res;
  type(type: string): Res;
  end(body?: string): void;
  getHeader(name: string): unknown;
  format(handlers: Record<string, () => void>): Res;
  cookie(name: string, value: unknown, options?: object): Res;
  sendFile(path: string, options?: Options, callback?: Callback): void;
  location(url: string): Res;
}

/**
 * The Express 5 methods the overlay wraps, as it calls them: with the arguments it was given.
 * Declared as methods, whose parameters TypeScript compares both ways, so brisk's response
 * prototype (with its overloads) is one.
 */
export interface BaseResponse {
  send(body?: unknown): unknown;
  json(obj?: unknown): unknown;
  jsonp(obj?: unknown): unknown;
  location(url: string): unknown;
  sendFile(...args: unknown[]): unknown;
  vary(field: unknown): unknown;
}

/** `true` for an integer from 100 to 999: what Express 5's `res.status` accepts. */
function validStatus(code: unknown): boolean {
  return Number.isInteger(code) && (code as number) >= 100 && (code as number) <= 999;
}

/** Sets the status code as Express 4 does: whatever is given (node checks it when it is sent). */
function setStatus(res: Res, code: unknown): void {
  if (!validStatus(code)) warn('BRISK_E4_STATUS_LENIENT');
  res.statusCode = code as number;
}

/**
 * The `Content-Type` send 0.19 writes for a file: its type, and `charset=UTF-8` (upper case) for
 * text types; undefined when the response has one already or `headers` gives one.
 */
export function fileType(
  res: { getHeader(name: string): unknown },
  path: string,
  headers: Record<string, unknown> | undefined,
): string | undefined {
  if (res.getHeader('content-type')) return undefined;
  if (headers && Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) return undefined;
  const type = contentType(extname(path)) || 'application/octet-stream';
  return type.replace(/; charset=utf-8$/, '; charset=UTF-8');
}

/**
 * `options` as send 0.19 reads them for a file response of Express 4 (`path`: the file's path,
 * already decoded for `res.sendfile`): the headers as it writes them, and its dotfile rule when
 * `dotfiles` is not given (dotfiles.ts).
 */
function fileOptions(res: Res, path: string, options: Options | undefined, extra?: Record<string, string>): Options {
  const opts: Options = withLegacyDotfiles({ ...options }, path, false);
  const headers: Record<string, unknown> = { ...opts.headers, ...extra };
  const type = fileType(res, path, opts.headers);
  if (type !== undefined) headers['Content-Type'] = type;
  opts.headers = headers;
  return opts;
}

/** Property descriptors for an express4 app's `app.response`, over Express 5's `base`. */
export function responseOverlay(base: BaseResponse): PropertyDescriptorMap {
  const send = base.send;
  const json = base.json;
  const jsonp = base.jsonp;
  const location = base.location;
  const sendFile = base.sendFile;
  return {
    status: method(function status(this: Res, code: number) {
      setStatus(this, code);
      return this;
    }),
    send: method(function (this: Res, ...args: unknown[]) {
      let body = args[0];
      if (args.length === 2) {
        warn('BRISK_E4_SEND_STATUS_BODY');
        if (typeof args[0] !== 'number' && typeof args[1] === 'number') {
          this.statusCode = args[1];
        } else {
          this.statusCode = args[0] as number;
          body = args[1];
        }
      } else if (typeof body === 'number' && args.length === 1) {
        warn('BRISK_E4_SEND_STATUS');
        if (!this.get('Content-Type')) this.type('txt');
        this.statusCode = body;
        body = statuses.message[body];
      }
      return send.call(this, body);
    }),
    json: method(function (this: Res, ...args: unknown[]) {
      let obj = args[0];
      if (args.length === 2) {
        warn('BRISK_E4_JSON_STATUS');
        if (typeof args[1] === 'number') this.statusCode = args[1];
        else {
          this.statusCode = args[0] as number;
          obj = args[1];
        }
      }
      return json.call(this, obj);
    }),
    jsonp: method(function (this: Res, ...args: unknown[]) {
      let obj = args[0];
      if (args.length === 2) {
        warn('BRISK_E4_JSONP_STATUS');
        if (typeof args[1] === 'number') this.statusCode = args[1];
        else {
          this.statusCode = args[0] as number;
          obj = args[1];
        }
      }
      return jsonp.call(this, obj);
    }),
    location: method(function (this: Res, url: string) {
      let target = url;
      if (target === 'back') {
        warn('BRISK_E4_LOCATION_BACK');
        target = this.req.get('Referrer') || '/';
      }
      return location.call(this, target);
    }),
    redirect: method(function redirect(this: Res, ...args: unknown[]) {
      let address = args[0] as string;
      let status: unknown = 302;
      if (args.length === 2) {
        if (typeof args[0] === 'number') {
          status = args[0];
          address = args[1] as string;
        } else {
          warn('BRISK_E4_REDIRECT_URL_STATUS');
          status = args[1];
        }
      }
      address = this.location(address).get('Location') as string;
      const message = statuses.message[status as number];
      let body = '';
      this.format({
        text: () => {
          body = `${message}. Redirecting to ${address}`;
        },
        html: () => {
          body = `<p>${message}. Redirecting to ${escapeHtml(address)}</p>`;
        },
        default: () => {
          body = '';
        },
      });
      this.statusCode = status as number;
      this.set('Content-Length', Buffer.byteLength(body));
      if (this.req.method === 'HEAD') this.end();
      else this.end(body);
    }),
    clearCookie: method(function clearCookie(this: Res, name: string, options?: Record<string, unknown>) {
      if (options && (options.maxAge || options.expires)) warn('BRISK_E4_CLEAR_COOKIE_EXPIRY');
      return this.cookie(name, '', { expires: new Date(1), path: '/', ...options });
    }),
    vary: method(function vary(this: Res, field?: string | string[]) {
      if (!field || (Array.isArray(field) && field.length === 0)) {
        warn('BRISK_E4_VARY_NO_FIELD');
        return this;
      }
      return base.vary.call(this, field);
    }),
    attachment: method(function attachment(this: Res, filename?: string) {
      if (filename) this.type(extname(filename));
      this.set('Content-Disposition', contentDisposition(filename));
      return this;
    }),
    sendFile: method(function (this: Res, path: string, options?: unknown, callback?: Callback) {
      if (typeof path !== 'string' || typeof options === 'function') {
        return sendFile.call(this, path, typeof path === 'string' ? fileOptions(this, path, {}) : options, options);
      }
      return sendFile.call(this, path, fileOptions(this, path, (options as Options | null) ?? undefined), callback);
    }),
    download: method(function download(this: Res, path: string, ...rest: unknown[]) {
      // Express 4.22's argument forms: (path, [filename], [options], [callback])
      let name: unknown = rest[0];
      let opts: unknown = rest[1];
      let done: unknown = rest[2];
      if (typeof name === 'function') {
        done = name;
        name = null;
        opts = null;
      } else if (typeof opts === 'function') {
        done = opts;
        opts = null;
      }
      // the options in the file name's place: (path, options, [callback])
      if (typeof name === 'object' && (typeof rest[1] === 'function' || rest[1] === undefined)) {
        opts = name;
        name = null;
      }
      const given = (opts as Options | null) ?? {};
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(given.headers ?? {})) {
        if (k.toLowerCase() !== 'content-disposition') headers[k] = v as string;
      }
      headers['Content-Disposition'] = contentDisposition((name as string) || path);
      const full = given.root ? path : resolve(path);
      sendFile.call(this, full, fileOptions(this, full, { ...given, headers }), done as Callback | undefined);
    }),
    sendfile: method(function sendfile(this: Res, path: string, options?: unknown, callback?: Callback) {
      warn('BRISK_E4_SENDFILE');
      let opts = (options as Options | null) ?? {};
      let done = callback;
      if (typeof options === 'function') {
        done = options as Callback;
        opts = {};
      }
      // send 0.19 takes the path as given and decodes it once: pre-decode it, so that Express
      // 5's res.sendFile (which encodes the path it is given) reads the same file.
      let decoded: string;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        const err = Object.assign(new Error('Bad Request'), { status: 400, statusCode: 400, expose: true });
        if (done) done(err);
        else this.req.next?.(err);
        return;
      }
      // A relative path is relative to the working directory (send 0.19); its `..` segments are
      // kept so that they are refused with 403, as send 0.19 refuses them.
      const full = opts.root || isAbsolute(decoded) ? decoded : process.cwd() + sep + decoded;
      const next = this.req.next;
      sendFile.call(this, full, fileOptions(this, full, opts), (err?: Error) => {
        if (done) return done(err);
        const code = (err as NodeJS.ErrnoException | undefined)?.code;
        if (err && code === 'EISDIR') return next?.();
        if (err && code !== 'ECONNABORTED' && (err as NodeJS.ErrnoException).syscall !== 'write') next?.(err);
      });
    }),
  };
}
