// The response: node's ServerResponse with Express 5.3's methods.
//
// `BriskResponse.prototype` is `brisk.response` (Express's `express.response`); each app makes a
// subclass whose prototype is `app.response` and carries `app`, and node constructs responses
// from that subclass (application.ts). The fields a response always gets are declared in the
// constructor, so every response has the same shape from the start; no method adds a field.
//
// The methods call each other through `this` where Express does (`res.json` calls `res.send`,
// `res.redirect` calls `res.location` and `res.format`, `res.download` calls `res.sendFile`, ...),
// so middleware that wraps one of them still sees every response. Inside `res.send`, `res.json`
// and `res.jsonp` the headers are read and written with node's `getHeader`/`setHeader`, each
// once, with precomputed values: Express's path sets `Content-Type` twice and parses it once per
// response (docs/performance.md, rules 7 and 8). The file transfers of `res.sendFile` and
// `res.download` are in send-file.ts.
//
// No method may use a `#private` member: a response made elsewhere (a mounted sub-app, a server
// shared with other listeners) reaches these methods by a change of prototype, and never went
// through this class's constructor.

import { ServerResponse, type IncomingMessage } from 'node:http';
import { basename, extname } from 'node:path';
import { serialize, sign, type SerializeOptions } from '@brisk/cookie';
import { contentDisposition, createError, encodeUrl, escapeHtml, statuses, vary } from '@brisk/http';
import { contentType as mimeContentType, lookup } from '@brisk/mime';
import { formatContentType, parseContentType } from '@brisk/negotiate';
import type { NextFunction } from '@brisk/router';
import type { BriskRequest } from './request.js';
import { downloadOf, sendFileOf, type SendFileCallback, type SendFileOptions } from './send-file.js';
import { strongETag, weakETag, type ETagFunction } from './settings.js';

/** What a response reads of its request beyond a {@link BriskRequest}: the cookie parser's secret. */
interface RequestWithSecret {
  secret?: string | readonly string[] | undefined;
}

/** Options of `res.cookie`: those of `@brisk/cookie`'s `serialize`, plus `signed`; `maxAge` is in milliseconds. */
export interface CookieOptions extends Omit<SerializeOptions, 'maxAge'> {
  /**
   * Expiry relative to now, in milliseconds: sets both `Expires` and `Max-Age` (in seconds).
   * Ignored when it is not a number.
   */
  maxAge?: number | undefined;
  /** Sign the value with `req.secret` (set by a cookie parser given a secret). @default false */
  signed?: boolean | undefined;
  /** @default '/' */
  path?: string | undefined;
}

/** Called with the rendered HTML, or the error. */
export type RenderCallback = (err: Error | null, html?: string) => void;

/** A `res.format` handler: `(req, res, next)`, given the response it was called on and its request. */
export type FormatHandler<R extends BriskResponse = BriskResponse> = (
  req: R['req'],
  res: R,
  next: NextFunction,
) => unknown;

/** `text/html` with Express's charset: the type of a string body without one. */
const HTML_TYPE = 'text/html; charset=utf-8';
/** The type of `res.json` bodies. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** The type of a JSONP body. */
const JAVASCRIPT_TYPE = 'text/javascript; charset=utf-8';
/** The type of `res.sendStatus` bodies (and, through `res.format`, of text redirect bodies). */
const TEXT_TYPE = 'text/plain; charset=utf-8';
/** The type of a Buffer body without one. */
const BINARY_TYPE = 'application/octet-stream';

/** Status codes that have no body: their content headers are removed. */
const NO_CONTENT = 204;
const NOT_MODIFIED = 304;
const RESET_CONTENT = 205;

/**
 * `Content-Type` values with `charset=utf-8` set, as Express's `setCharset(type, 'utf-8')` makes
 * them (content-type 2.1's parse then format), by the value found. Every `res.send(string)` needs
 * one, and an app sends few distinct types, so they are remembered: a lookup instead of a parse.
 */
const utf8Types = new Map<string, string>([
  [HTML_TYPE, HTML_TYPE],
  [JSON_TYPE, JSON_TYPE],
  [JAVASCRIPT_TYPE, JAVASCRIPT_TYPE],
  [TEXT_TYPE, TEXT_TYPE],
]);
/** Entries kept before the cache starts over (user-set types could be unbounded). */
const MAX_UTF8_TYPES = 256;

/**
 * `type` with its `charset` parameter set to `utf-8`: Express 5.3's `setCharset`. The other
 * parameters keep their order and values; `charset` keeps its place or comes last.
 * @throws TypeError `Invalid type: <type>` / `Invalid parameter name: <name>` for a type that
 *   content-type 2.1 cannot format (`text`, `a b/c`, `text/plain; a b=c`)
 */
function utf8Type(type: string): string {
  let value = utf8Types.get(type);
  if (value === undefined) {
    // content-type 2.1's lenient parse and strict format (what Express 5.3 uses), @brisk/negotiate's
    const parsed = parseContentType(type);
    parsed.parameters.charset = 'utf-8';
    value = formatContentType(parsed);
    if (utf8Types.size >= MAX_UTF8_TYPES) utf8Types.clear();
    utf8Types.set(type, value);
  }
  return value;
}

/** The `\uXXXX` escape of `<`, `>` or `&`, for the `json escape` setting. */
function escapeJsonChar(c: string): string {
  return c === '<' ? '\\u003c' : c === '>' ? '\\u003e' : '\\u0026';
}

/** `<`, `>` and `&`: characters that can make a browser sniff JSON as HTML. */
const JSON_ESCAPE_REGEXP = /[<>&]/g;

/**
 * `JSON.stringify` with the `json replacer`, `json spaces` and `json escape` settings;
 * `undefined` for a value JSON cannot represent.
 */
function stringify(value: unknown, replacer: unknown, spaces: unknown, escapeJson: unknown): string | undefined {
  // the one-argument call takes V8's fast path
  const json: string | undefined =
    replacer || spaces ? JSON.stringify(value, replacer as never, spaces as never) : JSON.stringify(value);
  return escapeJson && typeof json === 'string' ? json.replace(JSON_ESCAPE_REGEXP, escapeJsonChar) : json;
}

/**
 * A JSONP callback name reduced to the characters of a property path: letters, digits, `_`,
 * `$`, `.`, `[` and `]`.
 */
const JSONP_CALLBACK_REGEXP = /[^[\]\w$.]/g;

/** The media type `res.format` sets for a key: a type as given (without parameters), or an extension's. */
function normalizeType(type: string): string {
  if (type.indexOf('/') === -1) return lookup(type) || BINARY_TYPE;
  const semicolon = type.indexOf(';');
  return (semicolon === -1 ? type : type.slice(0, semicolon)).trim();
}

/**
 * A character a link relation may not hold as it is: anything but letters, digits, `_`, space
 * (between relation types) and the characters of a URL (an extension relation type is a URI)
 * other than `"`, `,`, `;` and `\`.
 */
const REL_UNSAFE_REGEXP = /[^\w !#$%&'()*+\-./:=?@[\]^`{|}~]/;

/** `%XX` for each UTF-8 byte of one character (a lone surrogate as U+FFFD). */
function percentEncode(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '%EF%BF%BD';
  }
}

/**
 * A link relation for `rel="..."`: as given when it holds only {@link REL_UNSAFE_REGEXP}'s
 * allowed characters (every registered relation type, `preload prefetch`, a URI), else with the
 * others percent-encoded, so that it cannot end the quoted string or the link.
 */
function encodeRel(rel: string): string {
  if (!REL_UNSAFE_REGEXP.test(rel)) return rel;
  let out = '';
  for (const char of rel) out += REL_UNSAFE_REGEXP.test(char) ? percentEncode(char) : char;
  return out;
}

/** Whether a `res.format` key is a media type or extension (not `default`). */
function isNotDefault(key: string): boolean {
  return key !== 'default';
}

/**
 * node's ServerResponse as node's server constructs it: with the request and the server's options
 * (`highWaterMark`, ...), of which node's type declarations name only the request.
 */
const NodeServerResponse: new (req: IncomingMessage, options?: object) => ServerResponse = ServerResponse;

/** An HTTP response with Express 5's API. Created by node for each request. */
export class BriskResponse extends NodeServerResponse {
  /** The request this response answers. */
  declare req: BriskRequest;
  /** Per-request values for templates (`res.render`), not shared between requests. */
  declare locals: Record<string, unknown>;
  // `app`, the app handling the request (on each app's response prototype), is declared by
  // application.ts, which describes what a response reads of its app (`AppView`)

  constructor(req: IncomingMessage, options?: object) {
    super(req, options);
    this.req = req as BriskRequest;
    this.locals = Object.create(null) as Record<string, unknown>;
  }

  /**
   * Sets the status code; chainable.
   * @throws TypeError `Invalid status code: <code>. Status code must be an integer.`
   * @throws RangeError `Invalid status code: <code>. Status code must be greater than 99 and less than 1000.`
   */
  status(code: number): this {
    if (!Number.isInteger(code)) {
      throw new TypeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be an integer.`);
    }
    if (code < 100 || code > 999) {
      throw new RangeError(
        `Invalid status code: ${JSON.stringify(code)}. Status code must be greater than 99 and less than 1000.`,
      );
    }
    this.statusCode = code;
    return this;
  }

  /**
   * Adds links to the `Link` header, each `<url>; rel="name"` (an array gives one link per URL).
   * The URL is percent-encoded where a URL may not hold a character (`encodeUrl`: `<`, `>`, `"`,
   * spaces, controls, non-ASCII), so it cannot end its `<...>`; the relation keeps letters,
   * digits, spaces and URL characters, and other characters (`"`, `,`, `;`, `\`, controls) are
   * percent-encoded, so it cannot end its quotes or add a link (decision 019).
   * @example res.links({ next: '/users?page=2', last: '/users?page=5' })
   */
  links(links: Record<string, string | readonly string[]>): this {
    let link = (this.get('Link') as string | undefined) || '';
    if (link) link += ', ';
    const rels = Object.keys(links);
    for (let i = 0; i < rels.length; i++) {
      const rel = '>; rel="' + encodeRel(rels[i]) + '"';
      const url = links[rels[i]];
      if (i > 0) link += ', ';
      if (Array.isArray(url)) {
        for (let j = 0; j < url.length; j++) link += (j > 0 ? ', <' : '<') + encodeUrl(url[j]) + rel;
      } else {
        link += '<' + encodeUrl(url) + rel;
      }
    }
    return this.set('Link', link);
  }

  /**
   * Sends the response. A string is sent as UTF-8 (`Content-Type` `text/html` unless a string
   * type is set; a set type gets `charset=utf-8`, its other parameters kept in order); a Buffer
   * (any ArrayBuffer view) as bytes (`application/octet-stream` unless set); `null` as an empty
   * body; any other object, a number or a boolean as JSON (`res.json`). Sets `Content-Length`
   * (unless `Transfer-Encoding` is set) and, by the `etag` setting, `ETag`; answers 304 when the
   * request's cached copy is fresh; sends no body for HEAD, 204 and 304 (whose content headers
   * are removed) and 205. The head goes out in the bytes Express 5.3 sends it in.
   * @throws TypeError from a `Content-Type` set earlier that content-type 2.1 cannot format
   *   (`Invalid type: <type>`, `Invalid parameter name: <name>`)
   */
  send(body?: unknown): this {
    return sendBody(this, body, undefined);
  }

  /**
   * Sends `obj` as JSON (any JSON value, `null` included), with the `json replacer`,
   * `json spaces` and `json escape` settings; `Content-Type` `application/json` unless set.
   * A value JSON cannot represent (`undefined`, a function) sends no body.
   */
  json(obj?: unknown): this {
    const settings = this.app.settings;
    const body = stringify(obj, settings['json replacer'], settings['json spaces'], settings['json escape']);
    return sendAs(this, body, this.getHeader('content-type') ? undefined : JSON_TYPE);
  }

  /**
   * As `res.json`, wrapped in a call of the function named by the query parameter of the
   * `jsonp callback name` setting (default `callback`), when there is one:
   * `/∗∗/ typeof cb === 'function' && cb(<json>);` as `text/javascript`. The name is reduced to
   * `[]\w$.` characters; U+2028 and U+2029 are escaped; `X-Content-Type-Options: nosniff` is set.
   */
  jsonp(obj?: unknown): this {
    const settings = this.app.settings;
    let body = stringify(obj, settings['json replacer'], settings['json spaces'], settings['json escape']);
    let callback = (this.req.query as Record<string, unknown>)[settings['jsonp callback name'] as string];

    if (Array.isArray(callback)) callback = callback[0];
    // the name of the function to call, when there is a callback (possibly '' once reduced)
    const name =
      typeof callback === 'string' && callback.length !== 0 ? callback.replace(JSONP_CALLBACK_REGEXP, '') : undefined;

    // each header set once: `nosniff` and the JavaScript type with a callback, else `nosniff` and
    // the JSON type unless a type is set (Express sets both, then both again with a callback)
    const type = name !== undefined ? JAVASCRIPT_TYPE : this.getHeader('content-type') ? undefined : JSON_TYPE;
    if (type !== undefined) this.setHeader('X-Content-Type-Options', 'nosniff');

    if (name !== undefined) {
      if (body === undefined) body = '';
      // JSON allows the line and paragraph separators in strings; JavaScript before ES2019 does not
      else body = body.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
      // `/**/` defeats the "Rosetta Flash" attack on JSONP; the typeof check spares clients an error
      body = '/**/ typeof ' + name + " === 'function' && " + name + '(' + body + ');';
    }

    return sendAs(this, body, type);
  }

  /**
   * Sets the status and sends its message as plain text (the number for an unknown code).
   * @throws TypeError / RangeError as `res.status`
   */
  sendStatus(statusCode: number): this {
    const body = statuses.message[statusCode] || String(statusCode);
    return sendAs(this.status(statusCode), body, TEXT_TYPE);
  }

  /**
   * Sends a file, its `Content-Type` from its extension, with conditional GET, ranges and
   * caching headers (`@brisk/static`'s `send`; `ETag` by the app's `etag` setting). `path` must
   * be absolute, or relative to `options.root` and inside it. `callback(err)` is called when the
   * transfer ends or fails (`err.code` `ECONNABORTED` when the client went away, `EISDIR` for a
   * directory; `err.status` 404 for a missing file); without it, a failure goes to `next(err)`,
   * except a directory (`next()`) and the client going away (nothing).
   * @throws TypeError `path argument is required to res.sendFile`, `path must be a string to
   *   res.sendFile`, `path must be absolute or specify root to res.sendFile`
   */
  sendFile(path: string, callback?: SendFileCallback): void;
  sendFile(path: string, options?: SendFileOptions | null, callback?: SendFileCallback): void;
  sendFile(path: string, options?: SendFileOptions | SendFileCallback | null, callback?: SendFileCallback): void {
    sendFileOf(this, path, options, callback);
  }

  /**
   * Sends a file as an attachment: `res.sendFile` with `Content-Disposition: attachment` naming
   * `filename` (default: the file's base name). A relative path is resolved against the working
   * directory, or `options.root`. Without `root`, a path with a `..` segment is refused with 403,
   * as `res.sendFile` refuses it (Express resolves it first; decision 019). Options and callback
   * as `res.sendFile`; a `Content-Disposition` in `options.headers` (in any case) is ignored.
   * The header names the base name of `filename` (else of `path`) as content-disposition 2's
   * `create` writes it.
   */
  download(path: string, callback?: SendFileCallback): void;
  download(path: string, filename: string | null | undefined, callback?: SendFileCallback): void;
  download(
    path: string,
    filename: string | null | undefined,
    options: SendFileOptions | null | undefined,
    callback?: SendFileCallback,
  ): void;
  download(path: string, options: SendFileOptions | null, callback?: SendFileCallback): void;
  download(
    path: string,
    filename?: string | SendFileOptions | SendFileCallback | null,
    options?: SendFileOptions | SendFileCallback | null,
    callback?: SendFileCallback,
  ): void {
    downloadOf(this, path, filename, options, callback);
  }

  /**
   * Sets `Content-Type`: a value with `/` as given (with a charset added for text types), else
   * the type of that extension (`application/octet-stream` when unknown).
   * @example res.type('json'); res.type('.html'); res.type('image/png')
   */
  type(type: string): this {
    const ct = type.indexOf('/') === -1 ? mimeContentType(type) || BINARY_TYPE : type;
    return this.set('Content-Type', ct);
  }

  /**
   * Answers by the request's `Accept` header (`req.accepts`): `obj` maps media types or
   * extension names to handlers `(req, res, next)`, plus an optional `default`. The best match
   * runs with `Content-Type` set to its type; without `Accept`, the first one runs. With no match
   * and no `default`, `next` gets a 406 error whose `types` lists the offered types. Adds
   * `Accept` to `Vary`.
   */
  format<R extends BriskResponse>(this: R, obj: Record<string, FormatHandler<R>>): R {
    const req = this.req;
    const next = req.next as NextFunction;
    const keys = Object.keys(obj).filter(isNotDefault);
    const key = keys.length > 0 ? (req.accepts(keys) as string | false) : false;

    this.vary('Accept');

    if (key) {
      this.set('Content-Type', normalizeType(key));
      obj[key](req, this, next);
    } else if (obj.default) {
      obj.default(req, this, next);
    } else {
      next(createError(406, { types: keys.map(normalizeType) }));
    }
    return this;
  }

  /**
   * Sets `Content-Disposition: attachment`; with a file name, with the `filename` parameter
   * (its base name, as content-disposition 2's `create` writes it: unquoted when a token, with
   * a `?` fallback and `filename*` when not printable ASCII) and the `Content-Type` of its
   * extension.
   * @example res.attachment('reports/2024.pdf') // attachment; filename=2024.pdf
   */
  attachment(filename?: string): this {
    const name = filename !== undefined ? basename(filename) : undefined;
    if (name) this.type(extname(name));
    return this.set('Content-Disposition', contentDisposition.create(name));
  }

  /**
   * Appends a value (or values) to a header, creating it if absent; a later `res.set`
   * replaces them all.
   * @example res.append('Set-Cookie', 'a=1; Path=/'); res.append('Warning', ['199 one', '199 two'])
   */
  append(field: string, value?: string | readonly string[]): this {
    const prev = this.get(field) as string | string[] | undefined;
    let next: unknown = value;
    if (prev) {
      next = Array.isArray(prev)
        ? prev.concat(value as string)
        : Array.isArray(value)
          ? [prev].concat(value)
          : [prev, value];
    }
    return this.set(field, next);
  }

  /**
   * Sets a header (values converted to strings; an array sets one line per value), or every
   * header of an object. `Content-Type` gets the charset of a text type unless it has one, and
   * a value without `/` is taken as an extension.
   * @throws TypeError `Content-Type cannot be set to an Array`
   * @example res.set('Cache-Control', 'no-store'); res.set({ 'X-A': '1', 'X-B': ['2', '3'] })
   */
  set(field: string, value: unknown): this;
  set(fields: Record<string, unknown>): this;
  set(field: string | Record<string, unknown>, value?: unknown): this {
    if (arguments.length === 2) {
      let v: string | string[] | false = Array.isArray(value) ? value.map(String) : String(value);
      if ((field as string).toLowerCase() === 'content-type') {
        if (Array.isArray(v)) throw new TypeError('Content-Type cannot be set to an Array');
        v = mimeContentType(v);
      }
      this.setHeader(field as string, v as string | string[]);
    } else {
      // every enumerable key, inherited ones too, as Express reads them
      for (const key in field as Record<string, unknown>) this.set(key, (field as Record<string, unknown>)[key]);
    }
    return this;
  }

  /**
   * The value of a response header (case-insensitive). Headers set through Express's methods are
   * strings; `Set-Cookie` is an array. (A number set with node's own `setHeader` stays a number.)
   */
  get(field: 'set-cookie' | 'Set-Cookie'): string[] | undefined;
  get(field: string): string | undefined;
  get(field: string): number | string | string[] | undefined {
    return this.getHeader(field);
  }

  /**
   * Clears a cookie: sets it empty and expired (`Expires` 1970). Clients clear it only when
   * `path` and `domain` match those it was set with; `expires` and `maxAge` given are ignored.
   */
  clearCookie(name: string, options?: CookieOptions): this {
    const opts: CookieOptions = { path: '/', ...options, expires: new Date(1) };
    delete opts.maxAge;
    return this.cookie(name, '', opts);
  }

  /**
   * Adds a `Set-Cookie` header. An object value is sent as `j:` + JSON; `signed` signs the value
   * with `req.secret` (`s:` + value + signature); `maxAge` (milliseconds) sets `Expires` and
   * `Max-Age`; `path` defaults to `/`; `encode` (default `encodeURIComponent`) encodes the value.
   * @throws Error `cookieParser("secret") required for signed cookies`
   * @throws TypeError from `serialize` for an invalid name, value, domain or path
   * @example res.cookie('remember', '1', { maxAge: 900000, httpOnly: true })
   */
  cookie(name: string, value: unknown, options?: CookieOptions): this {
    const opts: CookieOptions = { ...options };
    const secret = (this.req as RequestWithSecret).secret;
    const signed = opts.signed;
    if (signed && !secret) throw new Error('cookieParser("secret") required for signed cookies');

    let val = typeof value === 'object' ? 'j:' + JSON.stringify(value) : String(value);
    if (signed) val = 's:' + sign(val, secret as string);

    if (opts.maxAge != null) {
      const maxAge = opts.maxAge - 0; // a string from a form or a query converts too
      if (!isNaN(maxAge)) {
        opts.expires = new Date(Date.now() + maxAge);
        opts.maxAge = Math.floor(maxAge / 1000);
      }
    }
    if (opts.path == null) opts.path = '/';

    return this.append('Set-Cookie', serialize(name, String(val), opts as SerializeOptions));
  }

  /**
   * Sets `Location` to `url`, percent-encoded where needed (existing escapes kept), not
   * otherwise checked. `'back'` has no special meaning in Express 5. A `url` that starts with
   * `/` stays a path on this site: browsers read `/\evil.example` as `//evil.example`, so a
   * backslash right after that `/` is sent as `%5C` (decision 030).
   */
  location(url: string): this {
    const encoded = encodeUrl(url);
    return this.set(
      'Location',
      encoded.charCodeAt(0) === 0x2f /* / */ && encoded.charCodeAt(1) === 0x5c /* \ */
        ? '/%5C' + encoded.slice(2)
        : encoded,
    );
  }

  /**
   * Redirects: `Location` (as `res.location`), the status (default 302), and a short body by
   * `Accept`, chosen by `res.format`: `<status message>. Redirecting to <url>` as text (also
   * without `Accept`), the same escaped in a small HTML document (title and paragraph), else
   * empty; no body for HEAD. Adds `Accept` to `Vary`.
   * @throws TypeError / RangeError as `res.status` (`res.redirect(url, status)` is not a form)
   */
  redirect(url: string): void;
  redirect(status: number, url: string): void;
  redirect(url: string | number, target?: string): void {
    let address = url as string;
    let status = 302;
    if (arguments.length === 2) {
      status = url as number;
      address = target as string;
    }

    address = this.location(address).get('Location') as string;

    // the body by `Accept`, through `this.format` as in Express (a wrapped `format` sees
    // redirects): it adds `Accept` to `Vary` and sets the chosen type's `Content-Type`. A
    // replaced `format` that runs no handler leaves the body undefined, and `byteLength` throws
    // its TypeError (to `next`), as in Express.
    let body: string | undefined;
    this.format({
      text: () => {
        body = statuses.message[status] + '. Redirecting to ' + address;
      },
      html: () => {
        const message = statuses.message[status];
        body =
          '<!DOCTYPE html><head><title>' +
          message +
          '</title></head><body><p>' +
          message +
          '. Redirecting to ' +
          escapeHtml(address) +
          '</p></body>';
      },
      default: () => {
        body = '';
      },
    });

    this.status(status);
    this.setHeader('Content-Length', String(Buffer.byteLength(body as string)));
    if (this.req.method === 'HEAD') this.end();
    else this.end(body);
  }

  /** Adds `field` (a name, a comma-separated list or an array) to `Vary` unless already there. */
  vary(field: string | readonly string[]): this {
    vary(this, field);
    return this;
  }

  /**
   * Renders a view with `res.locals` and `options` (`app.render`). With `callback(err, html)`
   * nothing is sent; without it the HTML is sent, and an error goes to `next(err)`.
   */
  render(view: string, callback?: RenderCallback): void;
  render(view: string, options?: object | null, callback?: RenderCallback): void;
  render(view: string, options?: object | RenderCallback | null, callback?: RenderCallback): void {
    const req = this.req;
    let done = callback;
    let opts = (options || {}) as Record<string, unknown>;
    if (typeof options === 'function') {
      done = options as RenderCallback;
      opts = {};
    }
    opts._locals = this.locals;
    if (!done) {
      const res = this;
      done = function sendRendered(err: Error | null, html?: string): void {
        if (err) (req.next as NextFunction)(err);
        else res.send(html);
      };
    }
    req.app.render(view, opts, done);
  }
}

// The aliases: the same functions under a second name, as in Express.
export interface BriskResponse {
  /** `res.set`: sets a header, or every header of an object. */
  header(field: string, value: unknown): this;
  header(fields: Record<string, unknown>): this;
  /** `res.type`: sets `Content-Type` from a media type or an extension. */
  contentType(type: string): this;
}

// `res.send`'s work, in named stages: the body's kind and Content-Type (`sendBody`,
// `setStringType`), the bytes and Content-Length (`sizeBody`), the ETag (`etagFunction`,
// `setETag`), freshness and the statuses without a body (`bodyForStatus`), and the write
// (`writeBody`). A method that sends a body of its own kind (`res.json`, `res.jsonp`,
// `res.sendStatus`) makes the body and its Content-Type and hands both to `sendAs`: one method.
// The stages are plain functions of the response (no closure per request), and each header is
// read and written once (docs/performance.md, rules 7 and 8).

/**
 * Sends `body` with `Content-Type` `type` (a media type with its charset, final), or with the
 * Content-Type already set when `type` is undefined: the path of every body-sending method. It
 * runs brisk's own `res.send` work directly, told that `type` needs no charset added (Express sets
 * it a second time); a `send` an app or a middleware replaced is called instead, and so still
 * sees every body.
 */
function sendAs<R extends BriskResponse>(res: R, body: unknown, type: string | undefined): R {
  if (type !== undefined) res.setHeader('Content-Type', type);
  return res.send === OWN_SEND ? sendBody(res, body, type) : res.send(body);
}

/**
 * `res.send`'s work (Express 5.3's stages, in its order). `typedAs`: the Content-Type `sendAs` has
 * just set, left as it is for a string body instead of set again.
 */
function sendBody<R extends BriskResponse>(res: R, body: unknown, typedAs: string | undefined): R {
  let chunk = body;
  if (typeof chunk === 'string') {
    setStringType(res, typedAs);
  } else if (chunk === null) {
    chunk = '';
  } else if (ArrayBuffer.isView(chunk)) {
    if (!res.getHeader('content-type')) res.setHeader('Content-Type', BINARY_TYPE);
  } else if (typeof chunk === 'object' || typeof chunk === 'number' || typeof chunk === 'boolean') {
    return res.json(chunk);
  }

  const etagFn = etagFunction(res);
  if (chunk !== undefined) {
    chunk = sizeBody(res, chunk, etagFn);
    if (etagFn !== undefined) setETag(res, chunk as string | Buffer, etagFn);
  }
  writeBody(res, bodyForStatus(res, chunk), etagFn !== undefined);
  return res;
}

/**
 * The Content-Type of a string body: `text/html` unless a string type is set; a set type gets
 * `charset=utf-8` (Express's `setCharset`), unless it is `typedAs`, which has it.
 */
function setStringType(res: BriskResponse, typedAs: string | undefined): void {
  const type = res.getHeader('content-type');
  if (typeof type !== 'string') res.setHeader('Content-Type', HTML_TYPE);
  else if (type === typedAs) return;
  else if (type) res.setHeader('Content-Type', utf8Type(type));
  // Express sets what `setCharset` gives for an empty type through `res.set`: `false`, which node
  // stores and writes as it is (its type declarations name only strings, numbers and arrays)
  else Reflect.apply(res.setHeader, res, ['Content-Type', false]);
}

/** The app's ETag function when this response gets one made: an `etag fn` and no `ETag` set. */
function etagFunction(res: BriskResponse): ETagFunction | undefined {
  const etagFn = res.app.settings['etag fn'];
  return typeof etagFn === 'function' && !res.getHeader('etag') ? (etagFn as ETagFunction) : undefined;
}

/**
 * The body as it is written, and its `Content-Length` (unless `Transfer-Encoding` is set: the two
 * exclude each other, RFC 9112 §6.2). Express converts the body to a Buffer when it makes an ETag
 * or the body has 1000 characters or more, and node writes the head of a Buffer body in latin1
 * (each character of a header value as one byte), of a string body in the string's encoding. An
 * ASCII string is the same bytes in latin1, so it stays a string, written in latin1 (`writeBody`),
 * and brisk's ETag functions hash it as it is; any other string is converted, as is any string
 * for an ETag function of the app's own (which gets the bytes, as in Express). A string body is
 * UTF-8.
 */
function sizeBody(
  res: BriskResponse,
  chunk: unknown,
  etagFn: ETagFunction | undefined,
): string | Buffer | NodeJS.ArrayBufferView {
  let body = chunk as string | Buffer | NodeJS.ArrayBufferView;
  let len: number;
  if (Buffer.isBuffer(body)) {
    len = body.length;
  } else if (typeof body === 'string') {
    len = Buffer.byteLength(body, 'utf8');
    if (etagFn !== undefined && etagFn !== weakETag && etagFn !== strongETag) {
      body = Buffer.from(body, 'utf8');
    } else if ((etagFn !== undefined || body.length >= 1000) && len !== body.length) {
      body = Buffer.from(body, 'utf8');
    }
  } else if (etagFn === undefined && (body as { length: number }).length < 1000) {
    len = Buffer.byteLength(body);
  } else {
    body = Buffer.from(body as Uint8Array);
    len = body.length;
  }
  if (!res.getHeader('transfer-encoding')) res.setHeader('Content-Length', String(len));
  return body;
}

/** Sets the `ETag` the app's function gives for the body (none when it gives none). */
function setETag(res: BriskResponse, body: string | Buffer, etagFn: ETagFunction): void {
  const tag = etagFn(body, typeof body === 'string' ? 'utf8' : undefined);
  if (!tag) return;
  if (typeof tag === 'string') res.setHeader('ETag', tag);
  else res.set('ETag', tag);
}

/**
 * The body to write once the status is final: 304 when the request's cached copy is fresh; no
 * body for 204 and 304 (whose content headers are removed) and 205 (`Content-Length: 0`).
 */
function bodyForStatus<B>(res: BriskResponse, body: B): B | '' {
  if (res.req.fresh) res.statusCode = NOT_MODIFIED;
  const status = res.statusCode;
  if (status === NO_CONTENT || status === NOT_MODIFIED) {
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    return '';
  }
  if (status === RESET_CONTENT) {
    res.setHeader('Content-Length', '0');
    res.removeHeader('Transfer-Encoding');
    return '';
  }
  return body;
}

/**
 * Ends the response: no body for HEAD; a string in latin1 where Express would have sent a Buffer
 * (an ETag made, or 1000 characters or more: `sizeBody` left only ASCII strings there), so the
 * head goes out in the bytes Express 5.3 sends it in (a header value's `é` as E9, or as C3 A9 with
 * a short string).
 */
function writeBody(res: BriskResponse, body: unknown, etagged: boolean): void {
  if (res.req.method === 'HEAD') res.end();
  else if (typeof body === 'string') res.end(body, etagged || body.length >= 1000 ? 'latin1' : 'utf8');
  else res.end(body, undefined);
}

/** brisk's own `res.send`, to tell whether it was replaced. */
const OWN_SEND = BriskResponse.prototype.send;

const proto = BriskResponse.prototype;
proto.header = proto.set;
proto.contentType = proto.type;

// Express defines these on a plain object: enumerable, as `for...in` over a response shows them.
for (const name of Object.getOwnPropertyNames(proto)) {
  if (name === 'constructor') continue;
  const descriptor = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
  Object.defineProperty(proto, name, { ...descriptor, enumerable: true });
}

/** `brisk.response`: the prototype of every app's responses (Express's `express.response`). */
export const response: BriskResponse = BriskResponse.prototype;
