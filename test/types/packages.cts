// Type fixture: the built .d.cts files as a CommonJS TypeScript user sees them.
// Compiled by `pnpm test:types` (in `pnpm check:dist`) with skipLibCheck: false, with the other
// files of test/types.
import bytes = require('@brisk/bytes');
import rangeParser = require('@brisk/range');
import cookie = require('@brisk/cookie');
import mime = require('@brisk/mime');
import http = require('@brisk/http');
import { format } from '@brisk/bytes';
import proxyaddr = require('@brisk/proxy-addr');
import qs = require('@brisk/qs');
import pathToRegexp = require('@brisk/path');
import Router = require('@brisk/router');
import bodyParser = require('@brisk/body');
import serveStatic = require('@brisk/static');
import logger = require('@brisk/logger');

const n: number | null = bytes.parse('1kb');
const s: string | null = bytes.format(1024, { unitSeparator: ' ' });
const viaCall: string | null = bytes(2048);
const named: string | null = format(1);

const ranges = rangeParser(1000, 'bytes=0-99', { combine: true });
if (typeof ranges !== 'number') {
  const first: { start: number; end: number } = ranges[0];
  const type: string = ranges.type;
  void first;
  void type;
}

const parsed: Record<string, string | undefined> = cookie.parse('a=1');
const header: string = cookie.serialize('a', 'b', { httpOnly: true, sameSite: 'lax', maxAge: 10 });
const signed: string = cookie.sign('v', 'secret');
const unsigned: string | false = cookie.unsign(signed, 'secret');

const type: string | false = mime.lookup('a.html');
const ct: string | false = mime.contentType('json');

const err = http.createError(404, 'nope');
const status: number = err.status;
const isErr: boolean = http.createError.isHttpError(err);
const NotFound = new http.createError.NotFound();
const code: number | string = http.statuses('Not Found');
const message: string | number = http.statuses(404);
const tag: string = http.etag('hello', { weak: true });
const isFresh: boolean = http.fresh({}, {});
const escaped: string = http.escapeHtml('<a>');

void [
  n,
  s,
  viaCall,
  named,
  parsed,
  header,
  unsigned,
  type,
  ct,
  status,
  isErr,
  NotFound,
  code,
  message,
  tag,
  isFresh,
  escaped,
];

const trust = proxyaddr.compile(['loopback', '10.0.0.0/8']);
declare const incoming: import('node:http').IncomingMessage;
const addr: string | undefined = proxyaddr(incoming, trust);
const chain: string[] = proxyaddr.all(incoming, 'loopback');
const hops: string[] = proxyaddr.forwarded(incoming);
const query = qs.parse('a[b]=1', { depth: 2 });
const text: string = qs.stringify({ a: [1, 2] }, { arrayFormat: 'brackets' });
const matcher = pathToRegexp.match<{ id: string }>('/users/:id');
const result = matcher('/users/1');
const id: string | undefined = result ? result.params.id : undefined;
void [addr, chain, hops, query, text, id];

const router = Router({ mergeParams: true });
router.get('/users/:id', (req, res, next) => {
  void req.params.id;
  res.end();
  void next;
});
router.use(bodyParser.json({ limit: '1mb' }), bodyParser.urlencoded({ extended: true }));
router.use(serveStatic('public', { maxAge: '1d', dotfiles: 'ignore' }));
const route = router.route('/items');
void route;
const sender = serveStatic.send(incoming, '/index.html', { root: 'public' });
sender.on('error', (err: Error) => void err);
const log = logger('combined', { skip: (_req, res) => res.statusCode < 400 });
logger.token('id', (req) => String(req.headers['x-request-id']));
void [log, Router.Route];
// Option types reachable through the function, as @types/* give CommonJS users
const jsonOptions: bodyParser.OptionsJson = { strict: true, limit: 1024 };
const staticOptions: serveStatic.ServeStaticOptions = { immutable: true, maxAge: '1y' };
const routerOptions: Router.RouterOptions = { strict: true };
const bytesOptions: bytes.BytesOptions = { decimalPlaces: 1 };
void [jsonOptions, staticOptions, routerOptions, bytesOptions];

// briskjs and @brisk/app as `require('express')` users write them
import express = require('briskjs');
import createApp = require('@brisk/app');
const app: express.Application = express();
app.use(express.json(), express.urlencoded({ extended: false }), express.static('public'));
app.use(express.logger('dev'));
app.get('/users/:id', (req, res) => {
  const id: string = req.params.id;
  res.status(200).json({ id });
});
app.get('/users/:id', (req) => {
  // @ts-expect-error: no such parameter in the path
  void req.params.name;
});
const handler: express.RequestHandler = (req: express.Request, res: express.Response, next: express.NextFunction) => {
  void [req.ip, res.headersSent];
  next();
};
const onError: express.ErrorRequestHandler = (err, _req, res, _next) => void res.status(500).send(String(err));
const expressRouter: express.Router = express.Router({ mergeParams: true });
app.use('/api', expressRouter, handler, onError);
// @ts-expect-error: app.use needs handlers
app.use(42);
const subApp: createApp.Application = createApp();
app.use('/sub', subApp);
const server: import('node:http').Server = app.listen(0);
// graceful shutdown: a property of the function, with its options type in the namespace
const shutdownOptions: express.ShutdownOptions = { timeout: 10_000, delay: 0 };
const drained: Promise<boolean> = express.shutdown(server, shutdownOptions);
const sameFunction: typeof express.shutdown = createApp.shutdown;
// @ts-expect-error: timeout is a number of milliseconds
void express.shutdown(server, { timeout: '10s' });
void [server, drained, sameFunction];

// Issue 36: the newest majors beside the ones Express 5.3 uses (decisions 033, 034).
import negotiate36 = require('@brisk/negotiate');
const jar36: Record<string, string | undefined> = cookie.parseCookie('a=1');
const line36: string = cookie.stringifySetCookie({ name: 'a', value: 'b', sameSite: 'lax' });
const ranges36: { code: number; type: string } = rangeParser.parse(10, 'bytes=0-1');
const tag36: string = http.etag2('x');
const media36: { type: string; index: number } = negotiate36.contentType3.parse('a/b');
const typeIs36: string | undefined = new negotiate36.TypeIs(['json']).is('application/json');
const lazy36 = pathToRegexp.path9.match('/:a-:b')('/x-y-z');
void [jar36, line36, ranges36, tag36, media36, typeIs36, lazy36];

// Issue 43: cors and cookie-parser, as `require('cors')` and `require('cookie-parser')` are typed.
import cors = require('@brisk/cors');
import cookieParser = require('@brisk/cookie-parser');
const corsOptions: cors.CorsOptions = { origin: [/^https:\/\/a\.example$/, 'https://b.example'], credentials: true };
const corsDelegate: cors.CorsOptionsDelegate = (_req, cb) => cb(null, corsOptions);
const corsMiddleware: cors.CorsMiddleware = cors(corsOptions);
const parseCookies: cookieParser.CookieParserMiddleware = cookieParser(['a', 'b'], { decode: (v) => v });
const fromJson: cookieParser.JSONCookieValue | undefined = cookieParser.JSONCookie('j:[1]');
const fromSigned: string | false = cookieParser.signedCookie('s:v.sig', 'a');
void [cors(corsDelegate), corsMiddleware, parseCookies, fromJson, fromSigned];
