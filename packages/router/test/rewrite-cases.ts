// Handlers that rewrite the request: router 2 reads `req.method` and `req.url` again at every step
// of `next()`, so a change made by one handler decides what runs after it (method-override and
// URL-rewriting middleware rely on this). Inside one route, the method is the one the request had
// when the route started. Plain data, as cases.ts, so the same table can run against the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Case } from './cases.js';

type Req = IncomingMessage & { baseUrl?: string; originalUrl?: string; params?: unknown };
type Handler = (req: Req, res: ServerResponse, next: (err?: unknown) => void) => unknown;

/** Sets `req.method`, then continues. */
const setMethod =
  (method: string): Handler =>
  (req, res, next) => {
    req.method = method;
    next();
  };

/** Sets `req.url`, then continues. */
const setUrl =
  (url: string): Handler =>
  (req, res, next) => {
    req.url = url;
    next();
  };

/** Answers with a tag and what the handler sees of the request. */
const show =
  (tag: string): Handler =>
  (req, res) => {
    res.setHeader('X-Ran', tag);
    res.end(`${tag} ${req.method} ${req.url} base=${req.baseUrl} params=${JSON.stringify(req.params)}`);
  };

export const rewriteCases: Case[] = [
  // --- req.method ---
  {
    name: 'a method rewritten by middleware picks the routes after it',
    build(r) {
      r.use(setMethod('PUT'));
      r.post('/foo', show('post'));
      r.put('/foo', show('put'));
    },
    requests: [
      { method: 'POST', path: '/foo', status: 200, body: 'put PUT /foo base= params={}' },
      { method: 'GET', path: '/foo', status: 200, body: 'put PUT /foo base= params={}' },
    ],
  },
  {
    name: 'a method rewritten by a route handler picks the routes after that route',
    build(r) {
      r.post('/foo', setMethod('PUT'));
      r.post('/foo', show('post'));
      r.put('/foo', show('put'));
    },
    requests: [{ method: 'POST', path: '/foo', status: 200, body: 'put PUT /foo base= params={}' }],
  },
  {
    name: 'inside one route, the handlers stay those of the method the route started with',
    build(r) {
      r.route('/foo').post(setMethod('PUT')).put(show('route put')).post(show('route post'));
      r.put('/foo', show('router put'));
    },
    requests: [{ method: 'POST', path: '/foo', status: 200, body: 'route post PUT /foo base= params={}' }],
  },
  {
    name: 'after a route whose handlers rewrote the method, the router goes on with the new method',
    build(r) {
      r.route('/foo').post(setMethod('DELETE'), (req, res, next) => next());
      r.post('/foo', show('post'));
      r.delete('/foo', show('delete'));
    },
    requests: [{ method: 'POST', path: '/foo', status: 200, body: 'delete DELETE /foo base= params={}' }],
  },
  {
    name: 'a method rewritten in a nested router holds inside it and in the parent after it',
    build(r, makeRouter) {
      const inner = makeRouter();
      inner.use(setMethod('PATCH'));
      inner.post('/x', show('inner post'));
      r.use('/api', inner);
      r.post('/api/x', show('outer post'));
      r.patch('/api/x', show('outer patch'));
      const other = makeRouter();
      other.use(setMethod('PUT'));
      other.put('/y', show('other put'));
      r.use('/other', other);
    },
    requests: [
      { method: 'POST', path: '/api/x', status: 200, body: 'outer patch PATCH /api/x base= params={}' },
      { method: 'POST', path: '/other/y', status: 200, body: 'other put PUT /y base=/other params={}' },
    ],
  },
  {
    name: 'a GET rewritten to HEAD still runs GET routes (HEAD falls back to GET)',
    build(r) {
      r.use(setMethod('HEAD'));
      r.get('/h', show('get'));
    },
    requests: [{ method: 'GET', path: '/h', status: 200, body: 'get HEAD /h base= params={}' }],
  },
  {
    name: 'a HEAD rewritten to POST no longer runs GET routes',
    build(r) {
      r.use(setMethod('POST'));
      r.get('/h', show('get'));
      r.post('/h', show('post'));
    },
    requests: [{ method: 'HEAD', path: '/h', status: 200, headers: { 'x-ran': 'post' } }],
  },
  {
    name: 'an OPTIONS rewritten to GET runs the GET route instead of the automatic answer',
    build(r) {
      r.use(setMethod('GET'));
      r.get('/o', show('get'));
      r.put('/o', show('put'));
    },
    requests: [{ method: 'OPTIONS', path: '/o', status: 200, body: 'get GET /o base= params={}' }],
  },
  {
    name: 'the automatic OPTIONS answer lists the routes met while the method was OPTIONS',
    build(r) {
      r.put('/o', show('put'));
      r.use(setMethod('DELETE'));
      r.post('/o', show('post'));
    },
    requests: [{ method: 'OPTIONS', path: '/o', status: 200, body: 'PUT', headers: { allow: 'PUT' } }],
  },
  {
    name: 'a request rewritten to OPTIONS gets no automatic answer',
    build(r) {
      r.use(setMethod('OPTIONS'));
      r.get('/o', show('get'));
    },
    requests: [{ method: 'GET', path: '/o', status: 404 }],
  },

  // --- req.url ---
  {
    name: 'a URL rewritten by middleware picks the routes after it',
    build(r) {
      r.use(setUrl('/b?q=1'));
      r.get('/a', show('a'));
      r.get('/b', show('b'));
    },
    requests: [{ path: '/a', status: 200, body: 'b GET /b?q=1 base= params={}' }],
  },
  {
    name: 'a URL rewritten by a route handler picks the routes after that route',
    build(r) {
      r.get('/a', setUrl('/users/7'));
      r.get('/a', show('a'));
      r.get('/users/:id', show('user'));
    },
    requests: [{ path: '/a', status: 200, body: 'user GET /users/7 base= params={"id":"7"}' }],
  },
  {
    name: 'a URL rewritten under a mount path is put back under it for the layers after the mount',
    build(r) {
      r.use('/m', setUrl('/x'));
      r.get('/x', show('top x'));
      r.get('/m/x', show('m x'));
    },
    requests: [{ path: '/m/a', status: 200, body: 'm x GET /m/x base= params={}' }],
  },
  {
    name: 'a URL rewritten inside a nested router picks its routes, and the parent sees it under the mount',
    build(r, makeRouter) {
      const inner = makeRouter();
      inner.use(setUrl('/two'));
      inner.get('/one', show('inner one'));
      inner.get('/two', show('inner two'));
      r.use('/api', inner);
      const pass = makeRouter();
      pass.use(setUrl('/elsewhere'));
      r.use('/pass', pass);
      r.get('/pass/elsewhere', show('outer elsewhere'));
    },
    requests: [
      { path: '/api/one', status: 200, body: 'inner two GET /two base=/api params={}' },
      { path: '/pass/start', status: 200, body: 'outer elsewhere GET /pass/elsewhere base= params={}' },
    ],
  },
  {
    name: 'in a router mounted with params, rewrites of the URL and the method pick its routes, with the params merged',
    options: {},
    build(r, makeRouter) {
      const user = makeRouter({ mergeParams: true });
      user.use(setUrl('/profile'));
      user.use(setMethod('PUT'));
      user.get('/profile', show('get profile'));
      user.put('/profile', show('put profile'));
      r.use('/users/:uid', user);
    },
    requests: [
      { path: '/users/42/settings', status: 200, body: 'put profile PUT /profile base=/users/42 params={"uid":"42"}' },
    ],
  },
  {
    name: 'a URL rewritten to one that another mount matches, then the method, inside a route chain',
    build(r, makeRouter) {
      const admin = makeRouter();
      admin.delete('/item/:id', show('admin delete'));
      r.get('/old/:id', (req, res, next) => {
        req.url = `/admin/item/${String((req.params as Record<string, unknown>).id)}`;
        req.method = 'DELETE';
        next();
      });
      r.use('/admin', admin);
    },
    requests: [{ path: '/old/9', status: 200, body: 'admin delete DELETE /item/9 base=/admin params={"id":"9"}' }],
  },
];
