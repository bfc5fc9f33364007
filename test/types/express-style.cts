// Type tests: TypeScript written the way Express users write it (against @types/express), compiled
// against the built briskjs as CommonJS. `pnpm check:dist` compiles this file under nodenext,
// node16 and bundler resolution, with `"types": ["node"]` and with `"types": []`.
// `@ts-expect-error` lines are where brisk is deliberately stricter (docs/typescript.md lists each).
import express = require('briskjs');
import type { Server } from 'node:http';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T>(): <V>(value: V) => Equal<T, V> {
  return () => true as never;
}

const app: express.Express = express();
const application: express.Application = app;
const router: express.Router = express.Router({ mergeParams: true });

// Annotations with the namespace form.
function log(req: express.Request, res: express.Response, next: express.NextFunction): void {
  res.setHeader('X-Path', req.path);
  next();
}
app.use(log);

// @types/express's generics, in its order: <P, ResBody, ReqBody, ReqQuery, LocalsObj>.
interface Login {
  user: string;
  password: string;
}
const login: express.RequestHandler<{}, { ok: boolean }, Login> = (req, res) => {
  expectType<Login>()(req.body) satisfies true;
  expectType<string>()(req.body.user) satisfies true;
  res.json({ ok: req.body.password.length > 0 });
  // @ts-expect-error: the response body is typed by ResBody
  res.json({ ok: 'no' });
};
app.post('/login', express.json(), login);

const typedRes = (res: express.Response<{ ok: boolean }>) => {
  res.status(200).json({ ok: true });
  // @ts-expect-error: ResBody checks res.send too
  res.send(42);
};
void typedRes;

// Explicit type arguments on the routing methods.
app.get<{ id: string }, { id: number }, never, { q?: string }, { user: string }>('/items/:id', (req, res) => {
  expectType<{ id: string }>()(req.params) satisfies true;
  expectType<{ q?: string }>()(req.query) satisfies true;
  expectType<string>()(res.locals.user) satisfies true;
  res.json({ id: Number(req.params.id) });
});
router.get<{ slug: string }>('/posts/:slug', (req, res) => {
  res.send(req.params.slug);
});
app
  .route('/books/:isbn')
  .get<{ isbn: string }, string>((req, res) => {
    res.send(req.params.isbn);
  })
  .put((req, res) => {
    expectType<{ isbn: string }>()(req.params) satisfies true;
    res.end();
  });

// Without type arguments, params are inferred from the path (brisk's addition).
app.get('/users/:uid/files/*path', (req, res) => {
  expectType<{ uid: string; path: string[] }>()(req.params) satisfies true;
  res.end();
});
app.get('/opt{/:page}', (req, res) => {
  expectType<string | undefined>()(req.params.page) satisfies true;
  res.end();
});
// A RegExp path gives string params; a non-literal path a dictionary.
app.get(/^\/re\/(\d+)$/, (req, res) => {
  expectType<string>()(req.params[0]) satisfies true;
  res.end();
});
const dynamic: string = `/dyn/${Math.random()}`;
app.get(dynamic, (req, res) => {
  expectType<string | string[]>()(req.params.anything) satisfies true;
  res.end();
});

// The overloads Express users know.
app.get('/headers', (req, res) => {
  expectType<string[] | undefined>()(req.get('set-cookie')) satisfies true;
  expectType<string | undefined>()(req.get('host')) satisfies true;
  expectType<string | undefined>()(req.header('user-agent')) satisfies true;
  expectType<string[]>()(req.accepts()) satisfies true;
  expectType<string | false>()(req.accepts('json')) satisfies true;
  expectType<string | false>()(req.accepts(['json', 'html'])) satisfies true;
  expectType<string | false>()(req.accepts('json', 'html')) satisfies true;
  expectType<string[]>()(req.acceptsLanguages()) satisfies true;
  expectType<string | false>()(req.acceptsCharsets('utf-8')) satisfies true;
  expectType<string | false>()(req.acceptsEncodings(['gzip', 'br'])) satisfies true;
  expectType<string | undefined>()(res.get('content-type')) satisfies true;
  const cookies: Record<string, unknown> = req.cookies;
  const ip: string | undefined = req.ip;
  const path: string = req.path;
  // @ts-expect-error: req.hostname is undefined when the request has no Host header
  const hostname: string = req.hostname;
  // @ts-expect-error: req.accepted does not exist in Express 5
  void req.accepted;
  void [cookies, ip, path, hostname];
  res.status(204).end();
});

// Error handlers, settings, events, listen.
const onError: express.ErrorRequestHandler = (err: Error, _req, res, _next) => {
  res.status(500).send(err.message);
};
app.use(onError);
app.set('port', 3000);
const port: number = app.get('port');
app.on('mount', (parent) => {
  expectType<express.Application>()(parent) satisfies true;
});
const server: Server = app.listen(port, (error?: Error) => {
  if (error) throw error;
});
server.close();
// In-process requests for tests (brisk's addition; fastify's shape)
const injectOptions: express.InjectOptions = { method: 'POST', url: '/users', payload: { name: 'Ada' } };
void app.inject(injectOptions).then((res: express.InjectResponse) => {
  expectType<number>()(res.statusCode) satisfies true;
  expectType<string | string[] | undefined>()(res.headers['set-cookie']) satisfies true;
  expectType<{ id: string }>()(res.json<{ id: string }>()) satisfies true;
});
// @ts-expect-error: mountpath is a RegExp when the app was mounted on one
const mountpath: string | string[] = app.mountpath;

// Static files, and the other middleware of the express function.
app.use(express.static('public', { maxAge: '1d', index: 'index.html' }));
// @ts-expect-error: index: true is refused (`index option must be array of strings or false`; serve-static throws it per request)
express.static('public', { index: true });
app.use(express.urlencoded({ extended: false }), express.text(), express.raw());
app.use('/api', router);
const sub: express.Application = express();
app.use('/sub', sub);

void [application, mountpath];
