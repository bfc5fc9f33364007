// Express 4's request methods and properties, defined on each express4 app's own request
// prototype (`app.request`), over Express 5's: apps made by `require('briskjs')` never see them.

import { parse as parseQs } from '@brisk/qs';
import { warn } from './warn.js';

type Req = {
  app: { get(setting: string): unknown };
  params?: Record<string, unknown>;
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  hostname: string | undefined;
  acceptsCharsets(...a: unknown[]): unknown;
  acceptsEncodings(...a: unknown[]): unknown;
  acceptsLanguages(...a: unknown[]): unknown;
};

/** The `extended` query parser as Express 4.22 sets it up: qs with `arrayLimit` 1000. */
export function parseExtendedQuery(query: string): Record<string, unknown> {
  return parseQs(query, { allowPrototypes: true, arrayLimit: 1000 }) as Record<string, unknown>;
}

/** The getter of `name` on `proto` or its prototypes. */
function getterOf(proto: object | null, name: string): (() => unknown) | undefined {
  for (let p = proto; p !== null; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return d.get;
  }
  return undefined;
}

/** Property descriptors for an express4 app's `app.request`. */
export function requestOverlay(baseRequest: object): PropertyDescriptorMap {
  return {
    acceptsCharset: method(function acceptsCharset(this: Req, ...a: unknown[]) {
      warn('BRISK_E4_ACCEPTS_SINGULAR');
      return this.acceptsCharsets(...a);
    }),
    acceptsEncoding: method(function acceptsEncoding(this: Req, ...a: unknown[]) {
      warn('BRISK_E4_ACCEPTS_SINGULAR');
      return this.acceptsEncodings(...a);
    }),
    acceptsLanguage: method(function acceptsLanguage(this: Req, ...a: unknown[]) {
      warn('BRISK_E4_ACCEPTS_SINGULAR');
      return this.acceptsLanguages(...a);
    }),
    param: method(function param(this: Req, name: string, defaultValue?: unknown) {
      warn('BRISK_E4_REQ_PARAM');
      const params = this.params || {};
      const body = this.body || {};
      const query = this.query || {};
      if (params[name] != null && Object.hasOwn(params, name)) return params[name];
      if (body[name] != null) return body[name];
      if (query[name] != null) return query[name];
      return defaultValue;
    }),
    // Express 4's `req.host` is `req.hostname`, with a deprecation. Express 5's `hostname` reads
    // `this.host`, which is now this one: `hostname` is defined here too, from Express 5's `host`
    // (with the port), so that reading it (or `req.subdomains`) warns of nothing.
    hostname: {
      configurable: true,
      enumerable: true,
      get(this: Req) {
        const host = getterOf(baseRequest, 'host')?.call(this) as string | undefined;
        if (!host) return undefined;
        const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0;
        const colon = host.indexOf(':', offset);
        return colon !== -1 ? host.substring(0, colon) : host;
      },
    },
    host: {
      configurable: true,
      enumerable: true,
      get(this: Req) {
        warn('BRISK_E4_REQ_HOST');
        return this.hostname;
      },
    },
    // Express 4 parses the query once, into a plain property that middleware may replace
    // (express-mongo-sanitize assigns it): the first read or write makes it the request's own.
    query: {
      configurable: true,
      enumerable: true,
      get(this: Req) {
        return ownQuery(this, getterOf(baseRequest, 'query')?.call(this), false);
      },
      set(this: Req, value: unknown) {
        ownQuery(this, value, true);
      },
    },
  };
}

/**
 * Makes `req.query` an own property of `req` holding `value`: an accessor whose setter replaces
 * the value (with the warning), as a plain property would.
 */
function ownQuery(req: object, value: unknown, assigned: boolean): unknown {
  let current = value;
  if (assigned) warn('BRISK_E4_QUERY_ASSIGN');
  Object.defineProperty(req, 'query', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (next: unknown) => {
      warn('BRISK_E4_QUERY_ASSIGN');
      current = next;
    },
  });
  return current;
}

/** A non-enumerable method, as the class methods of Express 5's prototypes are. */
export function method(fn: (...args: never[]) => unknown): PropertyDescriptor {
  return { configurable: true, enumerable: false, writable: true, value: fn };
}
