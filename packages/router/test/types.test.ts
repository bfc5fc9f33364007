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
import type { Layer } from '../src/index.js';
import type { Layer as LayerClass, LayerPublicShape } from '../src/layer.js';
import type { RouterPrototypeMethods } from '../src/router.js';

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

// Router 2.3's declarations: the same names, and the params as a type argument.
declare module '@brisk/router' {
  interface Request {
    /** Added by a middleware in these tests (augmentation, as router 2.3's README shows it). */
    briskTestUser?: { id: string };
  }
  interface Response {
    briskTestRequestId?: string;
  }
}
router.use((req, res, next) => {
  req.briskTestUser = { id: '123' };
  res.briskTestRequestId = 'request-123';
  next();
});
router.get('/me/:x', (req, res) => {
  type _p = Expect<Equal<typeof req.params, { x: string }>>;
  if (res.briskTestRequestId) res.setHeader('X-Request-Id', res.briskTestRequestId);
  res.end(req.briskTestUser?.id);
});
router.use((err: unknown, req: RouterRequest, res: Router.Response, next: NextFunction) => {
  res.end(req.briskTestUser?.id);
});
type UserParams = { id: string };
router.get<UserParams>('/users/:id', (req, res) => {
  type _ = Expect<Equal<typeof req.params, UserParams>>;
  res.end(req.params.id.toUpperCase());
});
router.use<{ uid: string }>('/mounted/:uid', (req, res, next) => {
  type _ = Expect<Equal<typeof req.params, { uid: string }>>;
  next();
});
const showUser: Router.RequestHandler<UserParams> = (req, res) => {
  type _ = Expect<Equal<typeof req.params, UserParams>>;
  res.end(req.params.id);
};
router.route('/users/:id').get<UserParams>(showUser);
router.get('/users/:id', showUser);
// A request type stays the request type.
interface TaggedRequest extends RouterRequest<{ id: string }> {
  tag: string;
}
const tagged: RequestHandler<TaggedRequest> = (req) => {
  type _ = Expect<Equal<typeof req, TaggedRequest>>;
};
void tagged;
const loadUser: Router.RequestParamHandler = (req, res, next, value, name) => {
  req.briskTestUser = { id: String(value) };
  next();
};
router.param('id', loadUser);
const routes: Router.RouteInfo[] = router.listRoutes();
for (const info of routes) {
  const path: string | RegExp = info.path;
  void path;
  if (info.router) {
    type _m = Expect<Equal<typeof info.methods, undefined>>;
    info.router.listRoutes?.();
  } else {
    type _m = Expect<Equal<typeof info.methods, string[]>>;
  }
}
const typedRoute: Router.Route<'/a/:b'> = router.route('/a/:b');
type _route = Expect<Equal<Router.Route<'/a/:b'>, Route<RouterRequest<{ b: string }>>>>;
type _params = Expect<Equal<Router.RouteParameters<'/f/*rest'>, { rest: string[] }>>;
const method: Router.Method = 'query';
const ctxRoute = (ctx: Router.TraceContext): unknown => ctx.route;

// The implementations are tied to the public types. The router's prototype methods are checked
// against the public `Router` interface (`satisfies RouterPrototypeMethods` in src/router.ts): an
// implementation with a method renamed, missing or retyped does not fit, as these show.
declare const routerImpl: RouterPrototypeMethods;
export function implementationsMustFit(): void {
  const { listRoutes, ...others } = routerImpl;
  const renamed = { ...others, listRoute: listRoutes };
  // @ts-expect-error -- a renamed method: listRoutes is missing
  renamed satisfies RouterPrototypeMethods;
  // @ts-expect-error -- a retyped method: listRoutes must return the route list
  ({ ...routerImpl, listRoutes: (): string => '' }) satisfies RouterPrototypeMethods;
}
// The Layer class has exactly the public Layer's members (`implements`, and `LayerPublicShape`
// in src/layer.ts for the members the interface does not declare), with the same types.
type _layerKeys = Expect<Equal<keyof LayerClass, keyof Layer>>;
type _layerFits = Expect<LayerClass extends Layer ? true : false>;
type _layerExtra = Expect<Equal<LayerPublicShape, never>>;

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
  // @ts-expect-error -- a parameter the explicit params do not have
  router.get<{ id: string }>('/users/:id', (req) => req.params.nope);
  // @ts-expect-error -- a handler typed for other params than the path's
  router.get('/users/:id', (req: RouterRequest<{ other: string }>, res: Router.Response, next: NextFunction) => next());
  // @ts-expect-error -- no params given: an explicit-params route has none
  router.route('/users/:id').get<Record<never, never>>((req) => req.params.id);
}

test('the type tests compile (checked by tsc)', () => {
  assert.equal(typeof viaNew, 'function');
  assert.equal(typeof chained, 'function');
  assert.ok(route instanceof Route);
  assert.equal(options.caseSensitive, true);
  assert.equal(typeof layerName, 'function');
  assert.ok(typedRoute instanceof Route);
  assert.equal(method, 'query');
  assert.equal(typeof ctxRoute, 'function');
  assert.ok(Array.isArray(routes));
});
