// Type-level tests, checked by the repo's `tsc -p .` (typecheck); the runtime test below only
// makes node:test load the file. `@ts-expect-error` lines are what must not compile.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { test } from 'node:test';
import brisk, {
  Router,
  fromFetch,
  json,
  type Application,
  type ErrorRequestHandler,
  type IRouter,
  type NextFunction,
  type ParamsDictionary,
  type ParamsFlatDictionary,
  type ParsedQuery,
  type Request,
  type RequestHandler,
  type Response,
} from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

const app: Application = brisk();

// Everything below is only type-checked: `checks` is never called (some lines would throw at run time).
function checks(): void {
  // Params are inferred from a literal path: the path-to-regexp 8 grammar.
  app.get('/users/:id', (req, res) => {
    type _ = Expect<Equal<typeof req.params, { id: string }>>;
    res.end(req.params.id);
  });
  app.get('/files/*path', (req) => {
    type _ = Expect<Equal<typeof req.params, { path: string[] }>>;
  });
  app.post('/a{/:b}', (req) => {
    type _ = Expect<Equal<typeof req.params, { b?: string }>>;
  });
  app.put('/:"quoted name"/x', (req) => {
    type _ = Expect<Equal<typeof req.params, { 'quoted name': string }>>;
  });
  app.route('/books/:isbn').get((req) => {
    type _ = Expect<Equal<typeof req.params, { isbn: string }>>;
  });
  app.use('/mount/:uid', (req, _res, next) => {
    type _ = Expect<Equal<typeof req.params, { uid: string }>>;
    next();
  });
  app.get(/^\/re\/(\d+)$/, (req) => {
    type _ = Expect<Equal<typeof req.params, ParamsFlatDictionary>>;
  });
  app.get('/users/:id', (req) => {
    // @ts-expect-error: no such parameter in the path
    void req.params.name;
  });

  // req.query is a parsed query string; req.body is what @types/express says (any) until typed.
  app.get('/q', (req) => {
    type _ = Expect<Equal<typeof req.query, ParsedQuery>>;
  });
  // @types/express's order: <P, ResBody, ReqBody, ReqQuery, LocalsObj>.
  const typedBody: RequestHandler<ParamsDictionary, { hello: string }, { name: string }> = (req, res) => {
    type _ = Expect<Equal<typeof req.body, { name: string }>>;
    res.json({ hello: req.body.name });
    // @ts-expect-error: the response body is typed
    res.json({ bye: 1 });
  };
  app.post('/typed', json(), typedBody);

  // Handlers may be async; error handlers have four parameters.
  app.get('/async', async (_req, res) => {
    await Promise.resolve();
    res.send('ok');
  });
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    res.status(500).send(String(err));
  };
  app.use(onError);
  app.use([(_req: Request, _res: Response, next: NextFunction) => next()], (_req, _res, next) => next());

  // Responses are typed with Express's methods.
  app.get('/res', (req, res) => {
    const r1: Response = res.status(201);
    res.set('X-A', '1').type('json').json({ a: 1 });
    res.locals.user = 'me';
    const locals: Record<string, unknown> = res.locals;
    void [r1, locals, req.ip, req.hostname, req.protocol, req.secure, req.subdomains, req.xhr, req.fresh, req.path];
    // @ts-expect-error: no such method
    res.sendJSON({});
  });

  // A router made by brisk.Router() hands its handlers the app's requests and responses.
  const router: IRouter = Router({ mergeParams: true });
  router.get('/:slug', (req, res) => {
    type _ = Expect<Equal<typeof req.params, { slug: string }>>;
    res.json({ slug: req.params.slug });
  });
  const viaNew: IRouter = new brisk.Router();
  app.use('/r', router, viaNew);

  // Sub-apps, settings, listen.
  const sub = brisk();
  app.use('/sub', sub);
  app.set('trust proxy', 'loopback');
  const setting: unknown = app.get('trust proxy');
  const server: http.Server = app.listen(0, () => undefined);
  server.close();
  // @ts-expect-error: a port is not an object with a route
  app.listen({ nope: true }, 3);
  // @ts-expect-error: app.use needs handlers
  app.use(42);
  void setting;

  // The namespace: brisk.Request etc. for CommonJS users (`import brisk = require(...)`).
  const nsHandler: brisk.RequestHandler = (req: brisk.Request, res: brisk.Response, next: brisk.NextFunction) => {
    void [req, res];
    next();
  };
  app.use(nsHandler);

  // The fetch API: app.fetch / router.fetch answer a Request; fromFetch mounts a fetch handler.
  async function fetchTypes(): Promise<void> {
    const response = await app.fetch(new globalThis.Request('http://localhost/'), { remoteAddress: '203.0.113.9' });
    type _ = Expect<Equal<typeof response, globalThis.Response>>;
    const viaRouter: globalThis.Response = await Router().fetch(new globalThis.Request('http://localhost/'));
    void viaRouter;
    // @ts-expect-error: an unknown option
    void app.fetch(new globalThis.Request('http://localhost/'), { ip: '1.2.3.4' });
    // @ts-expect-error: not a Request
    void app.fetch('http://localhost/');
    const options: brisk.FetchOptions = { remoteAddress: '::1' };
    void options;
  }
  void fetchTypes;
  const fetchHandler: brisk.FetchHandler = async (request) => new globalThis.Response(request.url);
  app.use('/edge', brisk.fromFetch(fetchHandler));
  app.use(fromFetch((request: globalThis.Request) => globalThis.Response.json({ method: request.method })));
  // @ts-expect-error: a handler returns a Response
  fromFetch(() => 'text');
  // @ts-expect-error: a handler is a function
  fromFetch({ fetch: fetchHandler });
}

test('type tests compile (checked by tsc -p .)', () => {
  assert.equal(typeof app, 'function');
  assert.equal(typeof checks, 'function');
});
