// The router's behaviours as a table: each case builds a router (or anything with the same
// routing methods: an app) and lists requests with the expected answers. Plain data, so that
// one suite can run against @brisk/router and, later, against the application.
//
// Handlers answer with `res.end()` only (no app helpers), and errors that a case expects reach
// an error handler of the case, so the answers do not depend on the final handler; a request
// that nothing answers is checked by its status only (404).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouterInstance, RouterOptions } from '../src/index.js';

/** A request and what must come back. */
export interface Expect {
  method?: string;
  path: string;
  status: number;
  /** The exact body, or a pattern it matches. */
  body?: string | RegExp;
  /** Response headers that must have these values (undefined: must be absent). */
  headers?: Record<string, string | undefined>;
}

/** The routing surface the cases use (a router; an app has the same methods). */
export type Routable = Pick<
  RouterInstance,
  'use' | 'route' | 'param' | 'all' | 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' | 'm-search'
>;

/** A factory of sub-routers, for the cases that mount one. */
export type MakeRouter = (options?: RouterOptions) => RouterInstance;

/** One behaviour. */
export interface Case {
  name: string;
  /** Options of the router under test (`caseSensitive`, `strict`, `mergeParams`). */
  options?: RouterOptions;
  build(router: Routable, makeRouter: MakeRouter): void;
  requests: Expect[];
}

type Req = IncomingMessage & { baseUrl?: string; originalUrl?: string; params?: unknown; route?: { path: unknown } };
type Handler = (req: Req, res: ServerResponse, next: (err?: unknown) => void) => unknown;
type ErrorHandler = (err: unknown, req: Req, res: ServerResponse, next: (err?: unknown) => void) => unknown;

/** Answers with the request as the handler sees it. */
const echo =
  (tag: string): Handler =>
  (req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({ tag, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, params: req.params }),
    );
  };

/** Answers with a fixed text. */
const say =
  (text: string): Handler =>
  (req, res) => {
    res.end(text);
  };

/** Records a step in a header-free trail (`req.trail`), then continues. */
const step =
  (name: string): Handler =>
  (req, res, next) => {
    const r = req as Req & { trail?: string[] };
    (r.trail ??= []).push(name);
    next();
  };

/** Answers with the trail so far. */
const trail: Handler = (req, res) => {
  res.end(((req as Req & { trail?: string[] }).trail ?? []).join(','));
};

/** An error handler that answers `err:<message>` (and the trail, if any). */
const caught: ErrorHandler = (err, req, res, next) => {
  const t = (req as Req & { trail?: string[] }).trail;
  const status = (err as { status?: unknown }).status;
  res.statusCode = typeof status === 'number' ? status : 500;
  res.end(`err:${err instanceof Error ? err.message : String(err)}${t ? ` trail:${t.join(',')}` : ''}`);
  void next;
};

const json = (value: unknown): string => JSON.stringify(value);

export const cases: Case[] = [
  // --- use(): mounting middleware ---
  {
    name: 'use() without a path runs for every request, in order',
    build(r) {
      r.use(step('a'), [step('b'), [step('c')]]);
      r.use(trail);
    },
    requests: [
      { path: '/', status: 200, body: 'a,b,c' },
      { path: '/any/thing?x=1', status: 200, body: 'a,b,c' },
      { method: 'POST', path: '/x', status: 200, body: 'a,b,c' },
    ],
  },
  {
    name: 'use(path) matches the path and what follows a /, strips it from req.url and sets req.baseUrl',
    build(r) {
      r.use('/admin', echo('admin'));
      r.use(say('outside'));
    },
    requests: [
      {
        path: '/admin',
        status: 200,
        body: json({ tag: 'admin', url: '/', baseUrl: '/admin', originalUrl: '/admin', params: {} }),
      },
      {
        path: '/admin/',
        status: 200,
        body: json({ tag: 'admin', url: '/', baseUrl: '/admin', originalUrl: '/admin/', params: {} }),
      },
      {
        path: '/admin/users/1?x=y',
        status: 200,
        body: json({
          tag: 'admin',
          url: '/users/1?x=y',
          baseUrl: '/admin',
          originalUrl: '/admin/users/1?x=y',
          params: {},
        }),
      },
      {
        path: '/ADMIN/x',
        status: 200,
        body: json({ tag: 'admin', url: '/x', baseUrl: '/ADMIN', originalUrl: '/ADMIN/x', params: {} }),
      },
      { path: '/administrator', status: 200, body: 'outside' },
      { path: '/admi', status: 200, body: 'outside' },
    ],
  },
  {
    name: 'use(path) restores req.url and req.baseUrl for the layers after it',
    build(r) {
      r.use('/a', (req, res, next) => {
        (req as Req & { seen?: string }).seen = `${req.url}|${req.baseUrl}`;
        next();
      });
      r.use((req, res) => {
        res.end(`${(req as Req & { seen?: string }).seen} then ${req.url}|${req.baseUrl}`);
      });
    },
    requests: [{ path: '/a/b?c', status: 200, body: '/b?c|/a then /a/b?c|' }],
  },
  {
    name: 'use(path) ignores a trailing slash in the path, and the query string',
    build(r) {
      r.use('/admin/', echo('admin'));
    },
    requests: [
      {
        path: '/admin?x=/y',
        status: 200,
        body: json({ tag: 'admin', url: '/?x=/y', baseUrl: '/admin', originalUrl: '/admin?x=/y', params: {} }),
      },
      {
        path: '/admin/x/',
        status: 200,
        body: json({ tag: 'admin', url: '/x/', baseUrl: '/admin', originalUrl: '/admin/x/', params: {} }),
      },
    ],
  },
  {
    name: 'use() takes patterns, named params in mount paths, arrays and RegExps',
    build(r) {
      r.use('/users/:uid', echo('user'));
      r.use(['/a', '/b/:n'], echo('array'));
      r.use(/^\/re\/(\d+)/, echo('regexp'));
      r.use('/files/*rest', echo('wildcard'));
    },
    requests: [
      {
        path: '/users/42/posts',
        status: 200,
        body: json({
          tag: 'user',
          url: '/posts',
          baseUrl: '/users/42',
          originalUrl: '/users/42/posts',
          params: { uid: '42' },
        }),
      },
      {
        path: '/b/7/c',
        status: 200,
        body: json({ tag: 'array', url: '/c', baseUrl: '/b/7', originalUrl: '/b/7/c', params: { n: '7' } }),
      },
      { path: '/a', status: 200, body: json({ tag: 'array', url: '/', baseUrl: '/a', originalUrl: '/a', params: {} }) },
      {
        path: '/re/12/x',
        status: 200,
        body: json({ tag: 'regexp', url: '/x', baseUrl: '/re/12', originalUrl: '/re/12/x', params: { 0: '12' } }),
      },
      {
        path: '/files/a/b%20c',
        status: 200,
        body: json({
          tag: 'wildcard',
          url: '/',
          baseUrl: '/files/a/b%20c',
          originalUrl: '/files/a/b%20c',
          params: { rest: ['a', 'b c'] },
        }),
      },
      { path: '/user/1', status: 404 },
    ],
  },
  {
    name: 'use() with caseSensitive compares the mount path exactly',
    options: { caseSensitive: true },
    build(r) {
      r.use('/Admin', say('admin'));
    },
    requests: [
      { path: '/Admin/x', status: 200, body: 'admin' },
      { path: '/admin/x', status: 404 },
    ],
  },
  {
    name: 'routers mount inside routers: base URLs add up, params stay per router unless mergeParams',
    build(r, makeRouter) {
      const inner = makeRouter();
      inner.get('/:id', echo('inner'));
      const merged = makeRouter({ mergeParams: true });
      merged.get('/:id', echo('merged'));
      merged.get('/x/:uid', echo('child wins'));
      const outer = makeRouter();
      outer.use('/inner', inner);
      r.use('/outer/:uid', outer);
      r.use('/merged/:uid', merged);
    },
    requests: [
      {
        path: '/outer/7/inner/9',
        status: 200,
        body: json({
          tag: 'inner',
          url: '/9',
          baseUrl: '/outer/7/inner',
          originalUrl: '/outer/7/inner/9',
          params: { id: '9' },
        }),
      },
      {
        path: '/merged/7/9',
        status: 200,
        body: json({
          tag: 'merged',
          url: '/9',
          baseUrl: '/merged/7',
          originalUrl: '/merged/7/9',
          params: { uid: '7', id: '9' },
        }),
      },
      {
        path: '/merged/7/x/8',
        status: 200,
        body: json({
          tag: 'child wins',
          url: '/x/8',
          baseUrl: '/merged/7',
          originalUrl: '/merged/7/x/8',
          params: { uid: '8' },
        }),
      },
    ],
  },
  {
    name: 'mergeParams numbers RegExp groups after the parent ones',
    build(r, makeRouter) {
      const child = makeRouter({ mergeParams: true });
      child.get(/^\/(\w+)$/, echo('child'));
      r.use(/^\/(\w+)\/(\w+)/, child);
    },
    requests: [
      {
        path: '/a/b/c',
        status: 200,
        body: json({
          tag: 'child',
          url: '/c',
          baseUrl: '/a/b',
          originalUrl: '/a/b/c',
          params: { 0: 'a', 1: 'b', 2: 'c' },
        }),
      },
    ],
  },
  {
    name: 'an absolute-form request target keeps its scheme and host in req.url',
    build(r) {
      r.use('/admin', echo('admin'));
    },
    requests: [
      {
        path: 'http://example.com/admin/x?y=1',
        status: 200,
        body: json({
          tag: 'admin',
          url: 'http://example.com/x?y=1',
          baseUrl: '/admin',
          originalUrl: 'http://example.com/admin/x?y=1',
          params: {},
        }),
      },
    ],
  },

  // --- the dispatch index keeps Express's order ---
  {
    name: 'middleware, literal routes and patterns sharing a prefix run in the order they were added',
    build(r) {
      r.use('/api', step('use /api'));
      r.get('/api/users/:id', step('get /api/users/:id'));
      r.use(step('use /'));
      r.get('/api/users/42', step('get /api/users/42'));
      r.use('/api/users', step('use /api/users'));
      r.get('/:any/users/:id', step('get /:any/users/:id'));
      r.get(/^\/api\/users\/\d+$/, step('get RegExp'));
      r.all('/api/*rest', step('all /api/*rest'));
      r.get('/API/USERS/42', step('get /API/USERS/42'));
      r.post('/api/users/42', step('never: post'));
      r.get('/api/users', step('never: other path'));
      r.use(trail);
    },
    requests: [
      {
        path: '/api/users/42',
        status: 200,
        body: 'use /api,get /api/users/:id,use /,get /api/users/42,use /api/users,get /:any/users/:id,get RegExp,all /api/*rest,get /API/USERS/42',
      },
      { path: '/api/users', status: 200, body: 'use /api,use /,use /api/users,all /api/*rest,never: other path' },
      { path: '/other', status: 200, body: 'use /' },
    ],
  },
  {
    name: 'paths whose index keys collide still match exactly',
    build(r) {
      // '/a~' and '/b_' hash alike in the index: each request still gets its own route
      r.get('/a~', say('a~'));
      r.get('/b_', say('b_'));
      r.use('/a~/x', say('mount a~/x'));
      r.use('/b_/x', say('mount b_/x'));
    },
    requests: [
      { path: '/a~', status: 200, body: 'a~' },
      { path: '/b_', status: 200, body: 'b_' },
      { path: '/b_/x/y', status: 200, body: 'mount b_/x' },
      { path: '/a~/x/y', status: 200, body: 'mount a~/x' },
    ],
  },

  // --- routes ---
  {
    name: 'a route matches the whole path, ignoring the query string and one trailing slash',
    build(r) {
      r.get('/users', say('list'));
      r.get('/users/:id', echo('one'));
    },
    requests: [
      { path: '/users', status: 200, body: 'list' },
      { path: '/users/', status: 200, body: 'list' },
      { path: '/USERS?page=2', status: 200, body: 'list' },
      { path: '/users//', status: 404 },
      {
        path: '/users/42',
        status: 200,
        body: json({ tag: 'one', url: '/users/42', baseUrl: '', originalUrl: '/users/42', params: { id: '42' } }),
      },
      { path: '/users/42/more', status: 404 },
    ],
  },
  {
    name: 'strict: a trailing slash makes a different route',
    options: { strict: true },
    build(r) {
      r.get('/a', say('no slash'));
      r.get('/b/', say('slash'));
      r.use('/c', say('use ignores strict'));
    },
    requests: [
      { path: '/a', status: 200, body: 'no slash' },
      { path: '/a/', status: 404 },
      { path: '/b/', status: 200, body: 'slash' },
      { path: '/b', status: 404 },
      { path: '/c/', status: 200, body: 'use ignores strict' },
    ],
  },
  {
    name: 'caseSensitive: routes compare letter case',
    options: { caseSensitive: true },
    build(r) {
      r.get('/Users/:id', say('upper'));
      r.get('/users/:id', say('lower'));
    },
    requests: [
      { path: '/Users/1', status: 200, body: 'upper' },
      { path: '/users/1', status: 200, body: 'lower' },
      { path: '/USERS/1', status: 404 },
    ],
  },
  {
    name: 'route() chains methods; all() answers every method; methods match exactly',
    build(r) {
      r.route('/item').get(say('get')).post(say('post')).put(say('put'));
      r.all('/any', (req, res) => res.end(`all ${req.method}`));
      r['m-search']('/ssdp', say('m-search'));
      r.delete('/item', say('delete'));
    },
    requests: [
      { path: '/item', status: 200, body: 'get' },
      { method: 'POST', path: '/item', status: 200, body: 'post' },
      { method: 'PUT', path: '/item', status: 200, body: 'put' },
      { method: 'DELETE', path: '/item', status: 200, body: 'delete' },
      { method: 'PATCH', path: '/item', status: 404 },
      { method: 'PATCH', path: '/any', status: 200, body: 'all PATCH' },
      { method: 'M-SEARCH', path: '/ssdp', status: 200, body: 'm-search' },
    ],
  },
  {
    name: 'routes run in the order they were created; route() order counts, not when methods were added',
    build(r) {
      const first = r.route('/x');
      r.get('/x', say('second'));
      first.get(say('first'));
    },
    requests: [{ path: '/x', status: 200, body: 'first' }],
  },
  {
    name: 'GET routes answer HEAD, unless a HEAD route for the path comes first',
    build(r) {
      r.get('/a', (req, res) => {
        res.setHeader('X-Method', String(req.method));
        res.end('body');
      });
      r.head('/b', (req, res) => {
        res.setHeader('X-Route', 'head');
        res.end();
      });
      r.get('/b', (req, res) => {
        res.setHeader('X-Route', 'get');
        res.end('body');
      });
      r.get('/c', (req, res) => {
        res.setHeader('X-Route', 'get');
        res.end();
      });
      r.head('/c', (req, res) => {
        res.setHeader('X-Route', 'head');
        res.end();
      });
    },
    requests: [
      { method: 'HEAD', path: '/a', status: 200, body: '', headers: { 'x-method': 'HEAD' } },
      { method: 'HEAD', path: '/b', status: 200, body: '', headers: { 'x-route': 'head' } },
      { method: 'HEAD', path: '/c', status: 200, body: '', headers: { 'x-route': 'get' } },
    ],
  },
  {
    name: 'OPTIONS: with no OPTIONS route, 200 and Allow listing the methods of the matching routes',
    build(r) {
      r.get('/a', say('get'));
      r.post('/a', say('post'));
      r.route('/a/:id').delete(say('delete')).put(say('put'));
      r.get('/a/:id', say('get id'));
      r.options('/b', say('own options'));
      r.get('/b', say('get b'));
      r.all('/c', say('all'));
    },
    requests: [
      {
        method: 'OPTIONS',
        path: '/a',
        status: 200,
        body: 'GET, HEAD, POST',
        headers: {
          allow: 'GET, HEAD, POST',
          'content-type': 'text/plain',
          'content-length': '15',
          'x-content-type-options': 'nosniff',
        },
      },
      {
        method: 'OPTIONS',
        path: '/a/1',
        status: 200,
        body: 'DELETE, GET, HEAD, PUT',
        headers: { allow: 'DELETE, GET, HEAD, PUT' },
      },
      { method: 'OPTIONS', path: '/b', status: 200, body: 'own options', headers: { allow: undefined } },
      { method: 'OPTIONS', path: '/c', status: 200, body: 'all', headers: { allow: undefined } },
      { method: 'OPTIONS', path: '/none', status: 404 },
    ],
  },
  {
    name: 'OPTIONS: an error on the way is passed on instead of the Allow answer',
    build(r) {
      r.get('/a', say('get'));
      r.use((req, res, next) => next(new Error('boom')));
      r.use(caught);
    },
    requests: [{ method: 'OPTIONS', path: '/a', status: 500, body: 'err:boom', headers: { allow: undefined } }],
  },

  // --- next() ---
  {
    name: "next('route') skips the rest of the route's handlers",
    build(r) {
      r.get('/x', step('a'), (req, res, next) => next('route'), step('never'));
      r.get('/x', step('b'), trail);
    },
    requests: [{ path: '/x', status: 200, body: 'a,b' }],
  },
  {
    name: "next('route') from middleware goes on with the next layer",
    build(r) {
      r.use(step('a'), (req, res, next) => next('route'), step('b'));
      r.use(trail);
    },
    requests: [{ path: '/', status: 200, body: 'a,b' }],
  },
  {
    name: "next('router') leaves the router: the parent goes on",
    build(r, makeRouter) {
      const child = makeRouter();
      child.use(step('child'), (req, res, next) => next('router'));
      child.use(step('never'));
      child.get('/x', (req, res, next) => next('router'));
      r.use(child);
      r.use(trail);
    },
    requests: [{ path: '/x', status: 200, body: 'child' }],
  },
  {
    name: 'next(err) skips to error handlers: the handlers declared with four parameters',
    build(r) {
      r.use(step('a'));
      r.get('/x', (req, res, next) => next(new Error('bad')));
      r.use(step('skipped'));
      r.get('/x', step('skipped too'));
      r.use((err: unknown, req: Req, res: ServerResponse, next: (e?: unknown) => void) => {
        step('handler')(req, res, () => next(err));
      });
      r.use(caught);
    },
    requests: [{ path: '/x', status: 500, body: 'err:bad trail:a,handler' }],
  },
  {
    name: 'error handlers are skipped when there is no error; an error handler can recover',
    build(r) {
      r.use((err: unknown, req: Req, res: ServerResponse, next: (e?: unknown) => void) =>
        res.end(`never ${typeof next}`),
      );
      r.get('/x', (req, res, next) => next(new Error('bad')));
      r.get('/', say('no error'));
      r.use((err: unknown, req: Req, res: ServerResponse, next: (e?: unknown) => void) => next());
      r.use(say('recovered'));
    },
    requests: [
      { path: '/', status: 200, body: 'no error' },
      { path: '/x', status: 200, body: 'recovered' },
    ],
  },
  {
    name: 'a thrown error and a rejected promise go to the error handlers; a falsy rejection becomes an Error',
    build(r) {
      r.get('/throw', () => {
        throw new Error('thrown');
      });
      r.get('/reject', async () => {
        throw new Error('rejected');
      });
      r.get('/falsy', () => Promise.reject(null));
      r.get('/handler-throws', (req, res, next) => next(new Error('first')));
      r.use((err: unknown, req: Req, res: ServerResponse, next: (e?: unknown) => void) => {
        if ((err as Error).message === 'first') throw new Error('from error handler');
        next(err);
      });
      r.use(caught);
    },
    requests: [
      { path: '/throw', status: 500, body: 'err:thrown' },
      { path: '/reject', status: 500, body: 'err:rejected' },
      { path: '/falsy', status: 500, body: 'err:Rejected promise' },
      { path: '/handler-throws', status: 500, body: 'err:from error handler' },
    ],
  },
  {
    name: 'an error handler that returns a rejected promise passes the rejection on',
    build(r) {
      r.get('/x', (req, res, next) => next(new Error('first')));
      r.use(async (err: unknown, req: Req, res: ServerResponse, next: (e?: unknown) => void) => {
        void next;
        throw new Error(`second after ${(err as Error).message}`);
      });
      r.use(caught);
    },
    requests: [{ path: '/x', status: 500, body: 'err:second after first' }],
  },
  {
    name: 'routes do not run while an error is pending; error handlers inside a route do',
    build(r) {
      r.use((req, res, next) => next(new Error('early')));
      r.get('/x', say('never'));
      r.route('/y').get((err: unknown, req: Req, res: ServerResponse, next: (e?: unknown) => void) =>
        res.end('route error handler'),
      );
      r.use(caught);
    },
    requests: [
      { path: '/x', status: 500, body: 'err:early' },
      { path: '/y', status: 500, body: 'err:early' },
    ],
  },

  // --- params ---
  {
    name: 'req.params: named params decoded, wildcards as arrays, RegExp groups by number or name',
    build(r) {
      r.get('/u/:name/:id', echo('named'));
      r.get('/files/*path', echo('wildcard'));
      r.get(/^\/re\/(\d+)\/(?<slug>[a-z-]+)$/, echo('regexp'));
      r.get('/opt{/:maybe}', echo('optional'));
    },
    requests: [
      {
        path: '/u/caf%C3%A9/a%2Fb',
        status: 200,
        body: json({
          tag: 'named',
          url: '/u/caf%C3%A9/a%2Fb',
          baseUrl: '',
          originalUrl: '/u/caf%C3%A9/a%2Fb',
          params: { name: 'café', id: 'a/b' },
        }),
      },
      {
        path: '/files/a/b%20c/d',
        status: 200,
        body: json({
          tag: 'wildcard',
          url: '/files/a/b%20c/d',
          baseUrl: '',
          originalUrl: '/files/a/b%20c/d',
          params: { path: ['a', 'b c', 'd'] },
        }),
      },
      {
        path: '/re/42/my-post',
        status: 200,
        body: json({
          tag: 'regexp',
          url: '/re/42/my-post',
          baseUrl: '',
          originalUrl: '/re/42/my-post',
          params: { 0: '42', slug: 'my-post' },
        }),
      },
      {
        path: '/opt',
        status: 200,
        body: json({ tag: 'optional', url: '/opt', baseUrl: '', originalUrl: '/opt', params: {} }),
      },
      {
        path: '/opt/x',
        status: 200,
        body: json({ tag: 'optional', url: '/opt/x', baseUrl: '', originalUrl: '/opt/x', params: { maybe: 'x' } }),
      },
    ],
  },
  {
    name: "a malformed escape in a param is a 400 error: Failed to decode param '...'",
    build(r) {
      r.get('/u/:id', say('never'));
      r.use('/m/:id', say('never'));
      r.post('/p/:id', say('never'));
      r.use(caught);
    },
    requests: [
      { path: '/u/%E0%A4%A', status: 400, body: "err:Failed to decode param '%E0%A4%A'" },
      { path: '/m/%zz/x', status: 400, body: "err:Failed to decode param '%zz'" },
      // the route is for POST, but its path still matches: the error stands
      { path: '/p/%E0', status: 400, body: "err:Failed to decode param '%E0'" },
      { path: '/p/%41', status: 404 },
    ],
  },
  {
    name: "a handler's changes to req.params do not reach the next layer",
    build(r) {
      r.get('/u/:id', (req, res, next) => {
        const params = req.params as Record<string, unknown>;
        params.id = 'changed';
        params.extra = 'added';
        next();
      });
      r.get('/u/:id', echo('next'));
    },
    requests: [
      {
        path: '/u/1',
        status: 200,
        body: json({ tag: 'next', url: '/u/1', baseUrl: '', originalUrl: '/u/1', params: { id: '1' } }),
      },
    ],
  },
  {
    name: 'req.route is the matched route',
    build(r) {
      r.get('/a/:id', (req, res) => res.end(String(req.route?.path)));
      r.route('/b')
        .all(step('all'))
        .get((req, res) => res.end(String(req.route?.path)));
    },
    requests: [
      { path: '/a/1', status: 200, body: '/a/:id' },
      { path: '/b', status: 200, body: '/b' },
    ],
  },

  // --- router.param() ---
  {
    name: 'param callbacks run before the route, once per request and value, with (value, name)',
    build(r) {
      r.param('id', (req, res, next, value, name) => {
        step(`param ${String(name)}=${String(value)}`)(req as Req, res, next);
      });
      r.param('id', (req, res, next) => {
        step('second callback')(req as Req, res, next);
      });
      r.get('/u/:id', step('route 1'));
      r.get('/u/:id', step('route 2'));
      r.get('/u/:other/:id', step('never'));
      r.use(trail);
    },
    requests: [{ path: '/u/7', status: 200, body: 'param id=7,second callback,route 1,route 2' }],
  },
  {
    name: 'param callbacks run again for a new value, and not for middleware paths of other routers',
    build(r, makeRouter) {
      const child = makeRouter();
      child.get('/:id', step('child route'));
      r.param('id', (req, res, next, value) => step(`param ${String(value)}`)(req as Req, res, next));
      r.get('/x/:id', step('route x'));
      r.get('/x/:other', (req, res, next) => {
        (req as Req & { url: string }).url = '/y/8';
        next();
      });
      r.get('/y/:id', step('route y'));
      r.use('/c', child);
      r.use(trail);
    },
    requests: [
      { path: '/x/7', status: 200, body: 'param 7,route x,param 8,route y' },
      { path: '/c/5', status: 200, body: 'child route' },
    ],
  },
  {
    name: "param callbacks: an error skips to error handlers, next('route') skips the route",
    build(r) {
      r.param('id', (req, res, next, value) => {
        if (value === 'bad') return next(new Error('bad id'));
        if (value === 'skip') return next('route');
        if (value === 'throw') throw new Error('thrown in param');
        if (value === 'async') return Promise.reject(new Error('rejected in param'));
        next();
      });
      r.get('/u/:id', say('route'));
      r.get('/u/:name', say('other route'));
      r.use(caught);
    },
    requests: [
      { path: '/u/ok', status: 200, body: 'route' },
      { path: '/u/bad', status: 500, body: 'err:bad id' },
      { path: '/u/skip', status: 200, body: 'other route' },
      { path: '/u/throw', status: 500, body: 'err:thrown in param' },
      { path: '/u/async', status: 500, body: 'err:rejected in param' },
    ],
  },
  {
    name: 'a param callback may change the value: later routes of the request see the change',
    build(r) {
      r.param('id', (req, res, next, value) => {
        (req.params as Record<string, unknown>).id = `user-${String(value)}`;
        next();
      });
      r.get('/u/:id', (req, res, next) => next());
      r.get('/u/:id', echo('second'));
    },
    requests: [
      {
        path: '/u/3',
        status: 200,
        body: json({ tag: 'second', url: '/u/3', baseUrl: '', originalUrl: '/u/3', params: { id: 'user-3' } }),
      },
    ],
  },

  // --- the stack ---
  {
    name: 'router.stack lists the layers, with their routes and methods',
    build(r) {
      const router = r as unknown as RouterInstance;
      router.use(function logger(req, res, next) {
        next();
      });
      router.get('/users/:id', say('x'));
      router.route('/items').get(say('x')).post(say('x'));
      router.get('/routes', (req, res) => {
        const list = router.stack.map((layer) =>
          layer.route ? `${layer.route._methods().join('|')} ${String(layer.route.path)}` : `use ${layer.name}`,
        );
        res.end(list.join('; '));
      });
    },
    requests: [
      { path: '/routes', status: 200, body: 'use logger; GET|HEAD /users/:id; GET|POST|HEAD /items; GET|HEAD /routes' },
    ],
  },
];
