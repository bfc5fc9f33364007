// Type-level tests, checked by `tsc -p .` (typecheck); the runtime test only makes node:test load
// the file. The calls @types/cookie-parser 1.4 types and DefinitelyTyped's own tests write must
// compile against brisk's types, on Express 5, on a brisk app and on a plain node:http server.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import brisk from 'briskjs';
import express from 'express';
import type Upstream from 'cookie-parser';
import cookieParser, { type CookieParseOptions, type CookieParserMiddleware, signedCookie } from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// Everything below is only type-checked: `checks` is never called.
function checks(): void {
  // @types/cookie-parser's option type is assignable to brisk's
  const options: Upstream.CookieParseOptions = { decode: (value) => value.trim() };
  const ours: CookieParseOptions = options;
  void ours;

  // as DefinitelyTyped's tests use cookie-parser, on Express 5
  const app = express();
  app.use(cookieParser());
  app.use(cookieParser('optional secret string'));
  app.use(cookieParser(['rotated', 'secrets'], options));
  app.use(cookieParser(undefined, { decode: decodeURIComponent }));
  app.get('/', (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));

  // the exported functions, with the argument types @types/cookie-parser gives
  const verify: typeof Upstream.signedCookie = cookieParser.signedCookie;
  const one: string | false = signedCookie('s:value.sig', 'secret');
  const many = cookieParser.signedCookies({ sid: 's:value.sig', theme: 'dark' }, ['a', 'b']);
  const sid: string | false | undefined = many.sid;
  const parsed = cookieParser.JSONCookies({ cart: 'j:[1]' });
  const cart: unknown = parsed.cart;
  const json = cookieParser.JSONCookie('j:{}');
  void [verify, one, sid, cart, json];

  // on a brisk app: req.cookies, req.signedCookies and res.cookie(..., { signed: true })
  const b = brisk();
  b.use(cookieParser('secret'));
  b.get('/', (req, res) => res.cookie('seen', String(req.cookies.seen ?? 0), { signed: true }).json(req.signedCookies));

  // on a plain server
  const mw: CookieParserMiddleware = cookieParser();
  http.createServer((req, res) => mw(req, res, () => res.end('ok')));

  type _options = Expect<Equal<cookieParser.CookieParseOptions, CookieParseOptions>>;

  // @ts-expect-error: decode takes a string
  cookieParser('s', { decode: (value: number) => String(value) });
  // @ts-expect-error: a secret is not a number
  cookieParser(42);
}

test('types: @types/cookie-parser shapes are accepted (compile-time checks)', () => {
  assert.equal(typeof checks, 'function');
});
