// Type fixture: the built .d.ts files as an ESM TypeScript user sees them.
import bytes, { parse as parseBytes } from '@brisk/bytes';
import rangeParser from '@brisk/range';
import cookie, { parse, serialize } from '@brisk/cookie';
import { lookup, contentType } from '@brisk/mime';
import proxyaddr, { compile as compileTrust } from '@brisk/proxy-addr';
import { parse as parseQuery, stringify as stringifyQuery, type ParsedQs } from '@brisk/qs';
import { match, compile, PathError, type Params } from '@brisk/path';
import Router, { Route } from '@brisk/router';
import bodyParser, { json, urlencoded } from '@brisk/body';
import serveStatic, { send } from '@brisk/static';
import logger, { compile as compileFormat } from '@brisk/logger';
import http, {
  createError,
  onFinished,
  onHeaders,
  vary,
  contentDisposition,
  encodeUrl,
  parseurl,
  statuses,
} from '@brisk/http';

const n: number | null = bytes('1kb');
const m: number | null = parseBytes('2mb');
const r = rangeParser(10, 'bytes=0-1');
const c: Record<string, string | undefined> = parse('a=1');
const viaDefault: string = cookie.serialize('a', 'b');
// @ts-expect-error: a named-exports-only package has no `default` property on its default
void cookie.default;
const header: string = serialize('a', 'b', { secure: true });
const t: string | false = lookup('png');
const ct: string | false = contentType('text/html');

const e = createError(500);
const exposed: boolean = e.expose;
const msg: string | undefined = statuses.message[404];
const same: typeof createError = http.createError;
vary.append('Accept', 'Origin');
const cd: string = contentDisposition('résumé.pdf');
const parsedCd = contentDisposition.parse('attachment; filename="a.txt"');
const u: string = encodeUrl('/a b');
declare const req: import('node:http').IncomingMessage;
declare const res: import('node:http').ServerResponse;
onFinished(res, (err) => void err);
onHeaders(res, function () {
  this.setHeader('X-Test', '1');
});
const url = parseurl(req);

void [n, m, r, c, viaDefault, header, t, ct, exposed, msg, same, cd, parsedCd.type, u, url];

const isTrusted: boolean = compileTrust('loopback')('127.0.0.1', 0);
const client: string | undefined = proxyaddr(req, 'loopback');
const q: ParsedQs = parseQuery('a=1');
const qsText: string = stringifyQuery(q);
const params: Params<'/users/:id{/*rest}'> = { id: '1', rest: ['a', 'b'] };
const toPath: string = compile('/users/:id')({ id: '1' });
const matched = match('/files/*path')('/files/a/b');
const err: TypeError = new PathError('bad', '/x');
void [isTrusted, client, qsText, params, toPath, matched, err];

const appRouter = new Router();
appRouter.post('/items/:id', json(), (req, res) => {
  res.end(req.params.id);
});
appRouter.use('/static', serveStatic('public', { index: ['index.html'], fallthrough: false }));
appRouter.use(urlencoded({ extended: false }), bodyParser.text({ defaultCharset: 'utf-8' }));
send(req, '/a.txt').pipe(res);
appRouter.use(logger('dev'));
const line = compileFormat(':method :url :status');
void [Route, line];

// briskjs and @brisk/app as an ESM user writes them
import brisk, {
  Router as BriskRouter,
  json as briskJson,
  logger as briskLogger,
  shutdown,
  type Request,
  type Response,
  type ShutdownOptions,
} from 'briskjs';
import createApp, { type Application } from '@brisk/app';
const app: Application = brisk();
app.use(briskJson(), briskLogger('tiny'), brisk.static('public'));
app.get('/files/*path', (req, res) => {
  const path: string[] = req.params.path;
  res.send(path.join('/'));
});
app.post('/a{/:b}', (req) => {
  const b: string | undefined = req.params.b;
  // @types/express's defaults: a parsed query string, and a body of any type until one is given
  const q: Record<string, unknown> = req.query;
  // @ts-expect-error: no such parameter in the path
  void req.params.c;
  void [b, q, req.body.name];
});
const viaNamespace = (req: brisk.Request, res: brisk.Response): void => void [req, res];
const typed = (req: Request, res: Response): void => void [req, res];
app.use('/r', BriskRouter(), createApp());
void [viaNamespace, typed];
// graceful shutdown, named export and property, on an HTTP/2 server too
import { createSecureServer } from 'node:http2';
const h2 = createSecureServer({ allowHTTP1: true }, app);
const options: ShutdownOptions = { timeout: 5_000 };
const drained: Promise<boolean> = shutdown(app.listen(0), options);
void [drained, brisk.shutdown(h2), createApp.shutdown === shutdown];

// Issue 36: the newest majors beside the ones Express 5.3 uses (decisions 033, 034).
import { parseCookie, stringifySetCookie, parseSetCookie, type SetCookie } from '@brisk/cookie';
import { parse as parseRange, combineRanges, format as formatRange, type ParseResult } from '@brisk/range';
import { etag2 } from '@brisk/http';
import { contentType3, TypeIs, typeis3, type ParsedContentType } from '@brisk/negotiate';
import { path9 } from '@brisk/path';
const jar: Record<string, string | undefined> = parseCookie('a=1');
const setCookie: SetCookie = parseSetCookie(stringifySetCookie({ name: 'a', value: 'b', maxAge: 1 }));
const ranges: ParseResult = parseRange(10, 'bytes=0-1');
const merged: readonly { index: number }[] = combineRanges(ranges.ranges);
const rangeHeader: string = formatRange({ type: 'bytes', ranges: ranges.ranges });
const sameParse: typeof parseRange = rangeParser.parse;
const tag2: string = etag2(new Uint8Array(1));
const mediaType: ParsedContentType = contentType3.parse('text/html', { comma: true });
const typeMatched: string | undefined = new TypeIs(['json']).is('application/json');
const matcher: (actual: string) => boolean = typeis3.match('text/*');
const lazy = path9.match('/:a-:b')('/x-y-z');
const built: string = path9.compile('/:a')({ a: 'x' });
void [jar, setCookie, merged, rangeHeader, sameParse, tag2, mediaType, typeMatched, matcher, lazy, built];

// Issue 43: cors and cookie-parser, default and named imports.
import cors, { type CorsOptions } from '@brisk/cors';
import cookieParser, { JSONCookies, signedCookies, type CookieParseOptions } from '@brisk/cookie-parser';
const corsOptions: CorsOptions = { origin: async (origin) => origin === 'https://a.example', maxAge: 600 };
const parseOptions: CookieParseOptions = { decode: decodeURIComponent };
const cookieMiddleware = cookieParser('secret', parseOptions);
const moved: { sid?: string | false } = signedCookies({ sid: 's:v.sig' }, ['secret']);
void [cors(corsOptions), cookieMiddleware, moved, JSONCookies({ a: 'j:1' }), cookieParser.JSONCookie === undefined];
