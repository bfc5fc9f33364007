// Type-level tests, checked by the repo's `tsc -p .` (typecheck); the runtime test below only
// makes node:test load the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import Router, {
  Route,
  type ErrorRequestHandler,
  type NextFunction,
  type ParamsDictionary,
  type RequestHandler,
  type RouterInstance,
  type RouterRequest,
} from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

const router: RouterInstance = Router();
const viaNew: RouterInstance = new Router({ strict: true });

// Params are inferred from a literal path.
router.get('/users/:id', (req, res) => {
  type _ = Expect<Equal<typeof req.params, { id: string }>>;
  res.end(req.params.id);
});
router.get('/files/*path', (req) => {
  type _ = Expect<Equal<typeof req.params, { path: string[] }>>;
});
router.post('/a{/:b}', (req) => {
  type _ = Expect<Equal<typeof req.params, { b?: string }>>;
});
router.route('/books/:isbn').get((req) => {
  type _ = Expect<Equal<typeof req.params, { isbn: string }>>;
});
router.use('/mount/:uid', (req, res, next) => {
  type _ = Expect<Equal<typeof req.params, { uid: string }>>;
  next();
});
// A RegExp or a non-literal path gives the general dictionary.
router.get(/^\/x\/(\d+)$/, (req) => {
  type _ = Expect<Equal<typeof req.params, ParamsDictionary>>;
});
const dynamic: string = '/x';
router.get(dynamic, (req) => {
  type _ = Expect<Equal<typeof req.params, ParamsDictionary>>;
});

// The request: url, baseUrl, originalUrl are strings; next and route are there.
router.use((req, res, next) => {
  type _url = Expect<Equal<typeof req.url, string>>;
  type _base = Expect<Equal<typeof req.baseUrl, string>>;
  type _orig = Expect<Equal<typeof req.originalUrl, string>>;
  type _next = Expect<Equal<typeof next, NextFunction>>;
  next('route');
  next('router');
  next(new Error('x'));
});

// Handlers as values: middleware, error handlers (err may be annotated), arrays, routers.
const mw: RequestHandler = (req, res, next) => next();
const onError: ErrorRequestHandler = (err: Error, req, res, next) => next(err);
const asyncMw: RequestHandler = async (req, res) => {
  res.end();
};
router.use(mw, [mw, [asyncMw]], onError);
router.use('/sub', Router(), [Router()]);
router.get('/with/:id', mw, [mw], onError);
router.all('/all', mw);
router['m-search']('/ssdp', mw);
router.param('id', (req, res, next, id: string) => next());
router.param('id', (req, res, next, value, name) => {
  type _v = Expect<Equal<typeof value, string | string[]>>;
  type _n = Expect<Equal<typeof name, string>>;
  next();
});

// Chaining returns the router / the route.
const chained: RouterInstance = router
  .use(mw)
  .get('/', mw)
  .param('x', mw as never);
const route: Route<RouterRequest<{ id: string }>> = router.route('/r/:id').get(mw).all(mw).post(mw);

// A router is a request listener's handler.
http.createServer((req, res) => router(req, res, () => res.end()));
router.handle({} as http.IncomingMessage, {} as http.ServerResponse, () => {});

// The types are reachable from the function, for CommonJS users.
const options: Router.RouterOptions = { caseSensitive: true, mergeParams: true, strict: false };
const layerName = (l: Router.Layer): string => l.name;
type _ns = Expect<Equal<Router.Router, RouterInstance>>;

// Never called: each line must fail to compile.
export function mustNotCompile(): void {
  // @ts-expect-error -- a parameter the path does not have
  router.get('/users/:id', (req) => req.params.nope);
  // @ts-expect-error -- not a handler
  router.use('/x', 42);
  // @ts-expect-error -- param names are strings
  router.param(['a', 'b'], mw);
  // @ts-expect-error -- unknown option
  Router({ sensitive: true });
}

test('the type tests compile (checked by tsc)', () => {
  assert.equal(typeof viaNew, 'function');
  assert.equal(typeof chained, 'function');
  assert.ok(route instanceof Route);
  assert.equal(options.caseSensitive, true);
  assert.equal(typeof layerName, 'function');
});
