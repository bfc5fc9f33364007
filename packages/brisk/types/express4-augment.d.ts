// Express 4's additions to brisk's request, response and router types, for briskjs/express4 only:
// the build appends this augmentation to dist/express4.d.ts and dist/express4.d.cts (decision 031),
// so that it exists only in a program that imports `briskjs/express4`. It stays out of
// packages/brisk/src, where it would change the types of every brisk app in the workspace program.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CookieOptions, NextFunction, SendFileOptions } from '@brisk/app';
import type { ParamProcessor } from '../src/express4/types.js';

declare module '@brisk/app' {
  // biome-ignore lint/suspicious/noExplicitAny: @types/express's defaults, repeated for the merge
  interface Send<ResBody = any, T = Response<ResBody>> {
    /** @deprecated `res.send(status, body)`: use `res.status(status).send(body)` (BRISK_E4_SEND_STATUS_BODY). */
    (status: number, body: ResBody): T;
    /** @deprecated `res.send(body, status)`: use `res.status(status).send(body)` (BRISK_E4_SEND_STATUS_BODY). */
    (body: ResBody, status: number): T;
  }

  interface Request {
    /** @deprecated use `req.params`, `req.body` or `req.query` (BRISK_E4_REQ_PARAM). */
    // biome-ignore lint/suspicious/noExplicitAny: what Express 4 returns: a param, a body field or a query value
    param(name: string, defaultValue?: any): any;
    /** @deprecated use `req.acceptsCharsets()` (BRISK_E4_ACCEPTS_SINGULAR). */
    acceptsCharset(...charsets: string[]): string | false;
    /** @deprecated use `req.acceptsEncodings()` (BRISK_E4_ACCEPTS_SINGULAR). */
    acceptsEncoding(...encodings: string[]): string | false;
    /** @deprecated use `req.acceptsLanguages()` (BRISK_E4_ACCEPTS_SINGULAR). */
    acceptsLanguage(...languages: string[]): string | false;
  }

  interface Response {
    /** Sets the status code; Express 4 takes a string too (BRISK_E4_STATUS_LENIENT). */
    status(code: number | string): this;
    redirect(url: string): void;
    redirect(status: number, url: string): void;
    /** @deprecated use `res.redirect(status, url)` (BRISK_E4_REDIRECT_URL_STATUS). */
    redirect(url: string, status: number): void;
    /** Adds a field to `Vary`; without one, does nothing (BRISK_E4_VARY_NO_FIELD). */
    vary(field?: string | readonly string[]): this;
    /** Clears a cookie; Express 4 honours `expires` and `maxAge` (BRISK_E4_CLEAR_COOKIE_EXPIRY). */
    clearCookie(name: string, options?: CookieOptions): this;
    /** @deprecated use `res.sendFile()` (BRISK_E4_SENDFILE). */
    sendfile(path: string, callback?: (err?: Error) => void): void;
    /** @deprecated use `res.sendFile()` (BRISK_E4_SENDFILE). */
    sendfile(path: string, options: SendFileOptions | null | undefined, callback?: (err?: Error) => void): void;
  }

  interface IRouter {
    /** Dispatches a request; without a callback the app's final handler ends it (BRISK_E4_HANDLE_NO_CALLBACK). */
    handle(req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void;
    /** Adds a param processor (Express 4; BRISK_E4_PARAM_FN). */
    param(processor: ParamProcessor): this;
    /** Calls `fn` for `name` after the param processors have turned it into a callback. */
    param(name: string, fn: unknown): this;
  }
}
