// Tracing through node:diagnostics_channel (router 2.3): the TracingChannel
// `express.router.request`, over real HTTP on routers served by node:http. A subscriber records
// each event (name, handler, layer name, route, and the context's param, errorHandler,
// incomingError, error and result as they are at that moment); the expected sequences are
// router 2.3.0's for the same routers and requests, on the same node version, hard-coded.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import dc from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type TestServer } from '../../../test/support/http.js';
import Router, { type NextFunction, type RouterInstance } from '../src/index.js';
import { Layer } from '../src/layer.js';

type Req = IncomingMessage & { params: Record<string, unknown>; loaded?: unknown };
type Res = ServerResponse;
type Next = NextFunction;
type Ctx = Record<string, unknown> & { req: IncomingMessage; handler: { name: string }; layer: { name: string } };

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;
const hasTracing = typeof dc.tracingChannel === 'function';
const channel = hasTracing ? dc.tracingChannel('express.router.request') : undefined;

const text = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** One event as a line: `name handler layer route [param=..] [errorHandler=..] ...`. */
function line(name: string, ctx: Ctx): string {
  let out = `${name} ${ctx.handler.name} ${ctx.layer.name} ${String(ctx.route)}`;
  if ('param' in ctx) out += ` param=${String(ctx.param)}`;
  if ('errorHandler' in ctx) out += ` errorHandler=${String(ctx.errorHandler)}`;
  if ('incomingError' in ctx) out += ` incomingError=${text(ctx.incomingError)}`;
  if ('error' in ctx) out += ` error=${text(ctx.error)}`;
  if ('result' in ctx) out += ` result=${typeof ctx.result === 'object' && ctx.result ? 'object' : String(ctx.result)}`;
  return out;
}

/** A subscriber recording the events of the requests whose `x-test` header is `current`. */
class Recorder {
  current: string | undefined = undefined;
  events: string[] = [];
  /** Extra text per event (e.g. the asyncStart store seen in asyncEnd). */
  suffix: (name: string) => string = () => '';
  readonly subscriber: Record<(typeof EVENTS)[number], (message: unknown) => void>;
  subscribed = false;

  constructor() {
    const on =
      (name: string) =>
      (message: unknown): void => {
        const ctx = message as Ctx;
        if (ctx.req.headers['x-test'] !== this.current) return;
        this.events.push(line(name, ctx) + this.suffix(name));
      };
    this.subscriber = {
      start: on('start'),
      end: on('end'),
      asyncStart: on('asyncStart'),
      asyncEnd: on('asyncEnd'),
      error: on('error'),
    };
  }

  subscribe(): void {
    if (this.subscribed) return;
    channel?.subscribe(this.subscriber as never);
    this.subscribed = true;
  }

  unsubscribe(): void {
    if (!this.subscribed) return;
    channel?.unsubscribe(this.subscriber as never);
    this.subscribed = false;
  }
}

/** Sends `path` tagged for the recorder; waits a turn after the reply for late events. */
async function record(server: TestServer, recorder: Recorder, path: string) {
  recorder.current = path;
  recorder.events = [];
  const reply = await server.get(path, { 'x-test': path });
  await new Promise((resolve) => setTimeout(resolve, 30));
  return { body: `${reply.status} ${reply.body}`, events: recorder.events };
}

/** Serves a router; the final callback answers 500 or 404 with `final`. */
function serveRouter(router: RouterInstance): Promise<TestServer> {
  return serve((req: IncomingMessage, res: ServerResponse) =>
    router(req, res, (err) => {
      res.statusCode = err ? 500 : 404;
      res.end(`final ${err ? text(err) : ''}`);
    }),
  );
}

describe('tracing: the events router 2.3.0 publishes for the same app', { skip: !hasTracing }, () => {
  let server: TestServer;
  const recorder = new Recorder();

  before(async () => {
    const router = Router();
    router.use(function mw(req, res, next) {
      next();
    });
    const api = Router();
    api.param('id', function loadId(req: Req, res: Res, next: Next, id: unknown) {
      req.loaded = id;
      next();
    });
    api.use(function apiMw(req, res, next) {
      return next();
    });
    api.get('/users/:id', function getUser(req, res) {
      res.end(`user ${req.params.id}`);
      return 'done';
    });
    api.get('/fail/:id', async function failing() {
      await null;
      throw new Error('boom');
    });
    api.get('/next-err', function nextErr(req, res, next) {
      next(new Error('via next'));
    });
    api.get('/throw', function thrower() {
      throw new Error('thrown');
    });
    api.get('/early', async function early(req, res, next) {
      next(new Error('early'));
    });
    api.get(
      '/skip',
      function skip(req, res, next) {
        next('route');
      },
      function never(req, res) {
        res.end('never');
      },
    );
    api.get('/skip', function afterSkip(req, res) {
      res.end('skipped');
    });
    api.get('/resolve', async function resolves(req, res) {
      res.end('ok');
      return 42;
    });
    api.get('/leave', function leave(req, res, next) {
      next('router');
    });
    api.get('/replace', function toReplace(req, res, next) {
      next(new Error('replace-me'));
    });
    api.get('/recover', function toRecover(req, res, next) {
      next(new Error('recover-me'));
    });
    router.use('/api', api);
    router.param('slow', async function loadSlow(req: Req, res: Res, next: Next) {
      await null;
      next();
    });
    router.param('bad', function badParam() {
      throw new Error('bad param');
    });
    router.param('rej', function rejParam() {
      return Promise.reject(new Error('param rejected'));
    });
    router.get('/p/:slow', function slowRoute(req, res) {
      res.end('slow');
    });
    router.get('/b/:bad', function badRoute(req, res) {
      res.end('never');
    });
    router.get('/r/:rej', function rejRoute(req, res) {
      res.end('never');
    });
    router.use(function passOn(err: unknown, req: Req, res: Res, next: Next) {
      next(err);
    });
    router.use(function replace(err: unknown, req: Req, res: Res, next: Next) {
      const message = text(err);
      if (message === 'replace-me') return next(new Error('replaced'));
      if (message === 'recover-me') return next();
      next(err);
    });
    router.use(function handleErr(err: unknown, req: Req, res: Res, next: Next) {
      res.statusCode = 500;
      res.end(`handled ${text(err)}`);
    });
    router.use(function notFound(req, res) {
      res.statusCode = 404;
      res.end('not found');
    });
    server = await serveRouter(router);
    recorder.subscribe();
  });
  after(async () => {
    recorder.unsubscribe();
    await server.close();
  });

  const expected: Record<string, { body: string; events: string[] }> = {
    '/api/users/7': {
      body: '200 user 7',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start loadId handle /users/:id param=id',
        'start getUser getUser /users/:id',
        'end getUser getUser /users/:id result=done',
        'end loadId handle /users/:id param=id result=undefined',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
      ],
    },
    '/api/fail/7': {
      body: '500 handled boom',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start loadId handle /fail/:id param=id',
        'start failing failing /fail/:id',
        'end failing failing /fail/:id',
        'end loadId handle /fail/:id param=id result=undefined',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
        'error failing failing /fail/:id error=boom',
        'start passOn passOn / errorHandler=true incomingError=boom',
        'start replace replace / errorHandler=true incomingError=boom',
        'start handleErr handleErr / errorHandler=true incomingError=boom',
        'end handleErr handleErr / errorHandler=true incomingError=boom result=undefined',
        'end replace replace / errorHandler=true incomingError=boom result=undefined',
        'end passOn passOn / errorHandler=true incomingError=boom result=undefined',
        'asyncStart failing failing /fail/:id error=boom',
        'asyncEnd failing failing /fail/:id error=boom',
      ],
    },
    '/api/next-err': {
      body: '500 handled via next',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start nextErr nextErr /next-err',
        'error nextErr nextErr /next-err error=via next',
        'start passOn passOn / errorHandler=true incomingError=via next',
        'start replace replace / errorHandler=true incomingError=via next',
        'start handleErr handleErr / errorHandler=true incomingError=via next',
        'end handleErr handleErr / errorHandler=true incomingError=via next result=undefined',
        'end replace replace / errorHandler=true incomingError=via next result=undefined',
        'end passOn passOn / errorHandler=true incomingError=via next result=undefined',
        'end nextErr nextErr /next-err error=via next result=undefined',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
      ],
    },
    '/api/throw': {
      body: '500 handled thrown',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start thrower thrower /throw',
        'error thrower thrower /throw error=thrown',
        'start passOn passOn / errorHandler=true incomingError=thrown',
        'start replace replace / errorHandler=true incomingError=thrown',
        'start handleErr handleErr / errorHandler=true incomingError=thrown',
        'end handleErr handleErr / errorHandler=true incomingError=thrown result=undefined',
        'end replace replace / errorHandler=true incomingError=thrown result=undefined',
        'end passOn passOn / errorHandler=true incomingError=thrown result=undefined',
        'end thrower thrower /throw error=thrown',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
      ],
    },
    '/api/early': {
      body: '500 handled early',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start early early /early',
        'error early early /early error=early',
        'start passOn passOn / errorHandler=true incomingError=early',
        'start replace replace / errorHandler=true incomingError=early',
        'start handleErr handleErr / errorHandler=true incomingError=early',
        'end handleErr handleErr / errorHandler=true incomingError=early result=undefined',
        'end replace replace / errorHandler=true incomingError=early result=undefined',
        'end passOn passOn / errorHandler=true incomingError=early result=undefined',
        'end early early /early',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
        'asyncStart early early /early error=early result=undefined',
        'asyncEnd early early /early error=early result=undefined',
      ],
    },
    '/api/skip': {
      body: '200 skipped',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start skip skip /skip',
        'start afterSkip afterSkip /skip',
        'end afterSkip afterSkip /skip result=undefined',
        'end skip skip /skip result=undefined',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
      ],
    },
    '/api/resolve': {
      body: '200 ok',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start resolves resolves /resolve',
        'end resolves resolves /resolve',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
        'asyncStart resolves resolves /resolve result=42',
        'asyncEnd resolves resolves /resolve result=42',
      ],
    },
    '/api/leave': {
      body: '404 not found',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start leave leave /leave',
        'end leave leave /leave result=undefined',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
        'start notFound notFound /',
        'end notFound notFound / result=undefined',
      ],
    },
    '/api/replace': {
      body: '500 handled replaced',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start toReplace toReplace /replace',
        'error toReplace toReplace /replace error=replace-me',
        'start passOn passOn / errorHandler=true incomingError=replace-me',
        'start replace replace / errorHandler=true incomingError=replace-me',
        'error replace replace / errorHandler=true incomingError=replace-me error=replaced',
        'start handleErr handleErr / errorHandler=true incomingError=replaced',
        'end handleErr handleErr / errorHandler=true incomingError=replaced result=undefined',
        'end replace replace / errorHandler=true incomingError=replace-me error=replaced result=undefined',
        'end passOn passOn / errorHandler=true incomingError=replace-me result=undefined',
        'end toReplace toReplace /replace error=replace-me result=undefined',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
      ],
    },
    '/api/recover': {
      body: '404 not found',
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        'start toRecover toRecover /recover',
        'error toRecover toRecover /recover error=recover-me',
        'end toRecover toRecover /recover error=recover-me result=undefined',
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
        'start passOn passOn / errorHandler=true incomingError=recover-me',
        'start replace replace / errorHandler=true incomingError=recover-me',
        'start notFound notFound /',
        'end notFound notFound / result=undefined',
        'end replace replace / errorHandler=true incomingError=recover-me result=undefined',
        'end passOn passOn / errorHandler=true incomingError=recover-me result=undefined',
      ],
    },
    '/p/abc': {
      body: '200 slow',
      events: [
        'start mw mw /',
        'start loadSlow handle /p/:slow param=slow',
        'end loadSlow handle /p/:slow param=slow',
        'end mw mw / result=undefined',
        'start slowRoute slowRoute /p/:slow',
        'end slowRoute slowRoute /p/:slow result=undefined',
        'asyncStart loadSlow handle /p/:slow param=slow result=undefined',
        'asyncEnd loadSlow handle /p/:slow param=slow result=undefined',
      ],
    },
    '/b/x': {
      body: '500 handled bad param',
      events: [
        'start mw mw /',
        'start badParam handle /b/:bad param=bad',
        'error badParam handle /b/:bad param=bad error=bad param',
        'start passOn passOn / errorHandler=true incomingError=bad param',
        'start replace replace / errorHandler=true incomingError=bad param',
        'start handleErr handleErr / errorHandler=true incomingError=bad param',
        'end handleErr handleErr / errorHandler=true incomingError=bad param result=undefined',
        'end replace replace / errorHandler=true incomingError=bad param result=undefined',
        'end passOn passOn / errorHandler=true incomingError=bad param result=undefined',
        'end badParam handle /b/:bad param=bad error=bad param',
        'end mw mw / result=undefined',
      ],
    },
    '/r/x': {
      body: '500 handled param rejected',
      events: [
        'start mw mw /',
        'start rejParam handle /r/:rej param=rej',
        'end rejParam handle /r/:rej param=rej',
        'end mw mw / result=undefined',
        'error rejParam handle /r/:rej param=rej error=param rejected',
        'start passOn passOn / errorHandler=true incomingError=param rejected',
        'start replace replace / errorHandler=true incomingError=param rejected',
        'start handleErr handleErr / errorHandler=true incomingError=param rejected',
        'end handleErr handleErr / errorHandler=true incomingError=param rejected result=undefined',
        'end replace replace / errorHandler=true incomingError=param rejected result=undefined',
        'end passOn passOn / errorHandler=true incomingError=param rejected result=undefined',
        'asyncStart rejParam handle /r/:rej param=rej error=param rejected',
        'asyncEnd rejParam handle /r/:rej param=rej error=param rejected',
      ],
    },
    // A decoding error starts in the router: no `error` event, and the mounted router's layer
    // that passes it on is not taken for its origin.
    '/api/users/%E0%A4%A': {
      body: "500 handled Failed to decode param '%E0%A4%A'",
      events: [
        'start mw mw /',
        'start router router /api',
        'start apiMw apiMw /',
        "start passOn passOn / errorHandler=true incomingError=Failed to decode param '%E0%A4%A'",
        "start replace replace / errorHandler=true incomingError=Failed to decode param '%E0%A4%A'",
        "start handleErr handleErr / errorHandler=true incomingError=Failed to decode param '%E0%A4%A'",
        "end handleErr handleErr / errorHandler=true incomingError=Failed to decode param '%E0%A4%A' result=undefined",
        "end replace replace / errorHandler=true incomingError=Failed to decode param '%E0%A4%A' result=undefined",
        "end passOn passOn / errorHandler=true incomingError=Failed to decode param '%E0%A4%A' result=undefined",
        'end apiMw apiMw / result=undefined',
        'end router router /api result=undefined',
        'end mw mw / result=undefined',
      ],
    },
    '/nope': {
      body: '404 not found',
      events: [
        'start mw mw /',
        'start notFound notFound /',
        'end notFound notFound / result=undefined',
        'end mw mw / result=undefined',
      ],
    },
  };

  for (const [path, want] of Object.entries(expected)) {
    test(`GET ${path}`, async () => {
      assert.deepEqual(await record(server, recorder, path), want);
    });
  }
});

describe('tracing: thrown values, thenables, param outcomes and bound stores, as router 2.3.0', {
  skip: !hasTracing,
}, () => {
  let server: TestServer;
  const recorder = new Recorder();
  const startStore = new AsyncLocalStorage<string>();
  const asyncStore = new AsyncLocalStorage<string>();
  let logs: string[] = [];
  const log = (s: string): void => {
    logs.push(s);
  };

  before(async () => {
    const router = Router();
    router.use(function storeMw(req, res, next) {
      log(`storeMw sees ${startStore.getStore()}`);
      next();
      log(`storeMw after next sees ${startStore.getStore()}`);
    });
    router.get('/store', async function storeAsync(req, res) {
      log(`storeAsync sees ${startStore.getStore()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log(`storeAsync after await sees ${startStore.getStore()}`);
      res.end('store');
      return 'stored';
    });
    router.get(
      '/throw-null',
      function throwNull() {
        throw null;
      },
      function afterNull(req, res) {
        res.end('after null');
      },
    );
    router.get(
      '/throw-route',
      function throwRoute() {
        throw 'route';
      },
      function notRun(req, res) {
        res.end('never');
      },
    );
    router.get('/throw-route', function nextRoute(req, res) {
      res.end('next route');
    });
    router.get('/reject-falsy', function rejectFalsy() {
      return Promise.reject(0);
    });
    router.get('/reject-route', async function rejectRoute() {
      throw 'route';
    });
    router.get('/reject-route', function afterRejectRoute(req, res) {
      res.end('after reject route');
    });
    router.get('/then-throws', function thenThrows() {
      return {
        then() {
          throw new Error('then threw');
        },
      };
    });
    router.get('/thenable-sync', function thenableSync(req, res) {
      res.end('sync thenable');
      return { then: (ok: (v: unknown) => void) => ok('now') };
    });
    router.param('pv', function paramSync(req: Req, res: Res, next: Next) {
      next();
      return 'param-result';
    });
    router.param('pp', function paramThenable(req: Req, res: Res, next: Next) {
      next();
      return { then: (ok: (v: unknown) => void) => ok('settled at once') };
    });
    router.param('pt', function paramThenThrows() {
      return {
        then() {
          throw new Error('param then threw');
        },
      };
    });
    router.param('pr', function paramRoute(req: Req, res: Res, next: Next) {
      next('route');
    });
    router.get('/pv/:pv', function pvRoute(req, res) {
      res.end('pv');
    });
    router.get('/pp/:pp', function ppRoute(req, res) {
      res.end('pp');
    });
    router.get('/pt/:pt', function ptRoute(req, res) {
      res.end('pt');
    });
    router.get('/pr/:pr', function prRoute(req, res) {
      res.end('never');
    });
    router.get('/pr/:x', function prOther(req, res) {
      res.end('pr other');
    });
    router.get('/twice', function twice(req, res, next) {
      next(new Error('first'));
      next(new Error('second'));
    });
    router.get('/async-err-handler', function aeh(req, res, next) {
      next(new Error('to async handler'));
    });
    router.get('/late', function lateSub(req, res, next) {
      log('subscribe');
      recorder.subscribe();
      next(new Error('late error'));
    });
    router.use(async function asyncErrHandler(err: unknown, req: Req, res: Res, next: Next) {
      if (text(err) === 'to async handler') throw err;
      next(err);
    });
    router.use(function finalErr(err: unknown, req: Req, res: Res, next: Next) {
      res.statusCode = 500;
      res.end(`handled ${text(err)}`);
    });
    server = await serveRouter(router);
    recorder.suffix = (name) => (name === 'asyncEnd' ? ` asyncStore=${asyncStore.getStore()}` : '');
  });
  after(async () => {
    recorder.unsubscribe();
    channel?.start.unbindStore(startStore);
    channel?.asyncStart.unbindStore(asyncStore);
    await server.close();
  });

  const expected: Record<string, { body: string; logs: string[]; events: string[] }> = {
    '/store': {
      body: '200 store',
      logs: [
        'storeMw sees storeMw',
        'storeAsync sees storeAsync',
        'storeMw after next sees storeMw',
        'storeAsync after await sees storeAsync',
      ],
      events: [
        'start storeMw storeMw /',
        'start storeAsync storeAsync /store',
        'end storeAsync storeAsync /store',
        'end storeMw storeMw / result=undefined',
        'asyncStart storeAsync storeAsync /store result=stored',
        'asyncEnd storeAsync storeAsync /store result=stored asyncStore=async:storeAsync',
      ],
    },
    '/throw-null': {
      body: '200 after null',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start throwNull throwNull /throw-null',
        'start afterNull afterNull /throw-null',
        'end afterNull afterNull /throw-null result=undefined',
        'end throwNull throwNull /throw-null error=null',
        'end storeMw storeMw / result=undefined',
      ],
    },
    '/throw-route': {
      body: '200 next route',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start throwRoute throwRoute /throw-route',
        'start nextRoute nextRoute /throw-route',
        'end nextRoute nextRoute /throw-route result=undefined',
        'end throwRoute throwRoute /throw-route result=undefined',
        'end storeMw storeMw / result=undefined',
      ],
    },
    '/reject-falsy': {
      body: '500 handled Rejected promise',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start rejectFalsy rejectFalsy /reject-falsy',
        'end rejectFalsy rejectFalsy /reject-falsy',
        'end storeMw storeMw / result=undefined',
        'error rejectFalsy rejectFalsy /reject-falsy error=Rejected promise',
        'start asyncErrHandler asyncErrHandler / errorHandler=true incomingError=Rejected promise',
        'start finalErr finalErr / errorHandler=true incomingError=Rejected promise',
        'end finalErr finalErr / errorHandler=true incomingError=Rejected promise result=undefined',
        'end asyncErrHandler asyncErrHandler / errorHandler=true incomingError=Rejected promise',
        'asyncStart rejectFalsy rejectFalsy /reject-falsy error=Rejected promise',
        'asyncEnd rejectFalsy rejectFalsy /reject-falsy error=Rejected promise asyncStore=async:rejectFalsy',
        'asyncStart asyncErrHandler asyncErrHandler / errorHandler=true incomingError=Rejected promise result=undefined',
        'asyncEnd asyncErrHandler asyncErrHandler / errorHandler=true incomingError=Rejected promise result=undefined asyncStore=async:asyncErrHandler',
      ],
    },
    '/reject-route': {
      body: '200 after reject route',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start rejectRoute rejectRoute /reject-route',
        'end rejectRoute rejectRoute /reject-route',
        'end storeMw storeMw / result=undefined',
        'start afterRejectRoute afterRejectRoute /reject-route',
        'end afterRejectRoute afterRejectRoute /reject-route result=undefined',
        'asyncStart rejectRoute rejectRoute /reject-route',
        'asyncEnd rejectRoute rejectRoute /reject-route asyncStore=async:rejectRoute',
      ],
    },
    '/then-throws': {
      body: '500 handled then threw',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start thenThrows thenThrows /then-throws',
        'end thenThrows thenThrows /then-throws',
        'error thenThrows thenThrows /then-throws error=then threw',
        'start asyncErrHandler asyncErrHandler / errorHandler=true incomingError=then threw',
        'start finalErr finalErr / errorHandler=true incomingError=then threw',
        'end finalErr finalErr / errorHandler=true incomingError=then threw result=undefined',
        'end asyncErrHandler asyncErrHandler / errorHandler=true incomingError=then threw',
        'asyncStart thenThrows thenThrows /then-throws error=then threw',
        'asyncEnd thenThrows thenThrows /then-throws error=then threw asyncStore=async:thenThrows',
        'end storeMw storeMw / result=undefined',
        'asyncStart asyncErrHandler asyncErrHandler / errorHandler=true incomingError=then threw result=undefined',
        'asyncEnd asyncErrHandler asyncErrHandler / errorHandler=true incomingError=then threw result=undefined asyncStore=async:asyncErrHandler',
      ],
    },
    '/thenable-sync': {
      body: '200 sync thenable',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start thenableSync thenableSync /thenable-sync',
        'end thenableSync thenableSync /thenable-sync',
        'asyncStart thenableSync thenableSync /thenable-sync result=now',
        'asyncEnd thenableSync thenableSync /thenable-sync result=now asyncStore=async:thenableSync',
        'end storeMw storeMw / result=undefined',
      ],
    },
    '/pv/1': {
      body: '200 pv',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start paramSync handle /pv/:pv param=pv',
        'start pvRoute pvRoute /pv/:pv',
        'end pvRoute pvRoute /pv/:pv result=undefined',
        'end paramSync handle /pv/:pv param=pv result=param-result',
        'end storeMw storeMw / result=undefined',
      ],
    },
    '/pp/1': {
      body: '200 pp',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start paramThenable handle /pp/:pp param=pp',
        'start ppRoute ppRoute /pp/:pp',
        'end ppRoute ppRoute /pp/:pp result=undefined',
        'end paramThenable handle /pp/:pp param=pp',
        'asyncStart paramThenable handle /pp/:pp param=pp result=settled at once',
        'asyncEnd paramThenable handle /pp/:pp param=pp result=settled at once asyncStore=async:paramThenable',
        'end storeMw storeMw / result=undefined',
      ],
    },
    '/pt/1': {
      body: '500 handled param then threw',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start paramThenThrows handle /pt/:pt param=pt',
        'error paramThenThrows handle /pt/:pt param=pt error=param then threw',
        'start asyncErrHandler asyncErrHandler / errorHandler=true incomingError=param then threw',
        'start finalErr finalErr / errorHandler=true incomingError=param then threw',
        'end finalErr finalErr / errorHandler=true incomingError=param then threw result=undefined',
        'end asyncErrHandler asyncErrHandler / errorHandler=true incomingError=param then threw',
        'end paramThenThrows handle /pt/:pt param=pt',
        'asyncStart paramThenThrows handle /pt/:pt param=pt error=param then threw',
        'asyncEnd paramThenThrows handle /pt/:pt param=pt error=param then threw asyncStore=async:paramThenThrows',
        'end storeMw storeMw / result=undefined',
        'asyncStart asyncErrHandler asyncErrHandler / errorHandler=true incomingError=param then threw result=undefined',
        'asyncEnd asyncErrHandler asyncErrHandler / errorHandler=true incomingError=param then threw result=undefined asyncStore=async:asyncErrHandler',
      ],
    },
    '/pr/1': {
      body: '200 pr other',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start paramRoute handle /pr/:pr param=pr',
        'start prOther prOther /pr/:x',
        'end prOther prOther /pr/:x result=undefined',
        'end paramRoute handle /pr/:pr param=pr result=undefined',
        'end storeMw storeMw / result=undefined',
      ],
    },
    '/twice': {
      body: '500 handled first',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start twice twice /twice',
        'error twice twice /twice error=first',
        'start asyncErrHandler asyncErrHandler / errorHandler=true incomingError=first',
        'start finalErr finalErr / errorHandler=true incomingError=first',
        'end finalErr finalErr / errorHandler=true incomingError=first result=undefined',
        'end asyncErrHandler asyncErrHandler / errorHandler=true incomingError=first',
        'error twice twice /twice error=second',
        'end twice twice /twice error=second result=undefined',
        'end storeMw storeMw / result=undefined',
        'asyncStart asyncErrHandler asyncErrHandler / errorHandler=true incomingError=first result=undefined',
        'asyncEnd asyncErrHandler asyncErrHandler / errorHandler=true incomingError=first result=undefined asyncStore=async:asyncErrHandler',
      ],
    },
    '/async-err-handler': {
      body: '500 handled to async handler',
      logs: ['storeMw sees storeMw', 'storeMw after next sees storeMw'],
      events: [
        'start storeMw storeMw /',
        'start aeh aeh /async-err-handler',
        'error aeh aeh /async-err-handler error=to async handler',
        'start asyncErrHandler asyncErrHandler / errorHandler=true incomingError=to async handler',
        'end asyncErrHandler asyncErrHandler / errorHandler=true incomingError=to async handler',
        'end aeh aeh /async-err-handler error=to async handler result=undefined',
        'end storeMw storeMw / result=undefined',
        'start finalErr finalErr / errorHandler=true incomingError=to async handler',
        'end finalErr finalErr / errorHandler=true incomingError=to async handler result=undefined',
        'asyncStart asyncErrHandler asyncErrHandler / errorHandler=true incomingError=to async handler error=to async handler',
        'asyncEnd asyncErrHandler asyncErrHandler / errorHandler=true incomingError=to async handler error=to async handler asyncStore=async:asyncErrHandler',
      ],
    },
    // Subscribed (and the stores unbound) while the request runs: the error was passed on
    // before anything traced it, so no handler it reaches is reported as its origin.
    '/late': {
      body: '500 handled late error',
      logs: ['storeMw sees undefined', 'subscribe', 'storeMw after next sees undefined'],
      events: [
        'start asyncErrHandler asyncErrHandler / errorHandler=true incomingError=late error',
        'start finalErr finalErr / errorHandler=true incomingError=late error',
        'end finalErr finalErr / errorHandler=true incomingError=late error result=undefined',
        'end asyncErrHandler asyncErrHandler / errorHandler=true incomingError=late error',
        'asyncStart asyncErrHandler asyncErrHandler / errorHandler=true incomingError=late error result=undefined',
        'asyncEnd asyncErrHandler asyncErrHandler / errorHandler=true incomingError=late error result=undefined asyncStore=undefined',
      ],
    },
  };

  test('the same events, stores and answers as router 2.3.0, request by request', async () => {
    // start's store (the handler's name) holds while the handler runs; asyncStart's while
    // asyncEnd is published.
    channel?.start.bindStore(startStore, (ctx) => (ctx as Ctx).handler.name);
    channel?.asyncStart.bindStore(asyncStore, (ctx) => `async:${(ctx as Ctx).handler.name}`);
    for (const [path, want] of Object.entries(expected)) {
      if (path === '/late') {
        recorder.unsubscribe();
        channel?.start.unbindStore(startStore);
        channel?.asyncStart.unbindStore(asyncStore);
      } else {
        recorder.subscribe();
      }
      logs = [];
      const got = await record(server, recorder, path);
      assert.deepEqual({ body: got.body, logs, events: got.events }, want, path);
    }
  });
});

describe('tracing: the contexts', { skip: !hasTracing }, () => {
  test("context fields in router 2.3.0's order, with the layer, the request and the response", async () => {
    const keys: string[] = [];
    const seen: Ctx[] = [];
    const sub = Object.fromEntries(
      EVENTS.map((name) => [
        name,
        (message: unknown) => {
          const ctx = message as Ctx;
          keys.push(`${name} ${ctx.handler.name} ${Object.keys(ctx).join(',')}`);
          seen.push(ctx);
        },
      ]),
    );
    const router = Router();
    router.param('id', function p(req: Req, res: Res, next: Next) {
      next();
    });
    router.get('/k/:id', async function early(req, res, next) {
      next(new Error('x'));
    });
    router.use(function eh(err: unknown, req: Req, res: Res, next: Next) {
      res.end('e');
    });
    const server = await serveRouter(router);
    channel?.subscribe(sub as never);
    try {
      assert.equal((await server.get('/k/1')).body, 'e');
      await new Promise((resolve) => setTimeout(resolve, 30));
    } finally {
      channel?.unsubscribe(sub as never);
      await server.close();
    }
    // router 2.3.0's keys, event by event
    assert.deepEqual(keys, [
      'start p req,res,layer,handler,route,param',
      'start early req,res,layer,handler,route',
      'error early req,res,layer,handler,route,error',
      'start eh req,res,incomingError,layer,handler,route,errorHandler',
      'end eh req,res,incomingError,layer,handler,route,errorHandler,result',
      'end early req,res,layer,handler,route',
      'end p req,res,layer,handler,route,param,result',
      'asyncStart early req,res,layer,handler,route,error,result',
      'asyncEnd early req,res,layer,handler,route,error,result',
    ]);
    const [param, early] = seen;
    assert.ok(param.layer instanceof Layer);
    assert.equal(param.layer, router.stack[0], "a param callback's layer is the route's layer");
    assert.equal((param.layer as unknown as Layer).rawPath, '/k/:id');
    assert.equal(early.layer, router.stack[0].route?.stack[0], "a route handler's layer is its own");
    assert.equal(early.handler, (early.layer as unknown as Layer).handle);
    assert.equal(param.req, early.req);
    assert.equal(typeof (early.res as ServerResponse).setHeader, 'function');
  });

  test("route is the element of an array path that matched, for middleware and a route's handlers", async () => {
    const routes: string[] = [];
    const sub = { start: (message: unknown) => routes.push(String((message as Ctx).route)) };
    const router = Router();
    router.use(['/a', '/b'], function mount(req, res, next) {
      next();
    });
    router.get(
      ['/x', '/b/:id'],
      function first(req, res, next) {
        next();
      },
      function second(req, res) {
        res.end('ok');
      },
    );
    const server = await serveRouter(router);
    channel?.start.subscribe(sub.start);
    try {
      assert.equal((await server.get('/b/7')).body, 'ok');
    } finally {
      channel?.start.unsubscribe(sub.start);
      await server.close();
    }
    assert.deepEqual(routes, ['/b', '/b/:id', '/b/:id']);
  });

  test('a subscriber to error alone gets the errors, and handlers are traced for it', async () => {
    const errors: string[] = [];
    const onError = (message: unknown): void => {
      const ctx = message as Ctx;
      errors.push(`${ctx.handler.name} ${text(ctx.error)}`);
    };
    const router = Router();
    router.get('/e', function fails(req, res, next) {
      next(new Error('alone'));
    });
    router.use(function eh(err: unknown, req: Req, res: Res, next: Next) {
      res.end('handled');
    });
    const server = await serveRouter(router);
    dc.subscribe('tracing:express.router.request:error', onError);
    try {
      assert.equal((await server.get('/e')).body, 'handled');
    } finally {
      dc.unsubscribe('tracing:express.router.request:error', onError);
      await server.close();
    }
    assert.deepEqual(errors, ['fails alone']);
  });
});

describe('tracing: nothing without subscribers', () => {
  test("without a subscriber, handlers get the router's own next and nothing is written on req for tracing", async () => {
    const router = Router();
    const seen: string[] = [];
    const marks = (req: IncomingMessage): string =>
      Object.getOwnPropertySymbols(req)
        .map((s) => s.description)
        .filter((d) => d?.includes('router'))
        .join(',');
    router.use(function a(req, res, next) {
      seen.push(`next is req.next: ${next === (req as { next?: unknown }).next}; marks: ${marks(req)}`);
      next();
    });
    router.get('/n/:id', function b(req, res) {
      seen.push(`route marks: ${marks(req)}`);
      res.end('ok');
    });
    const server = await serveRouter(router);
    const sub = { start: () => {} };
    try {
      assert.equal((await server.get('/n/1')).body, 'ok');
      if (hasTracing) {
        channel?.start.subscribe(sub.start);
        try {
          assert.equal((await server.get('/n/1')).body, 'ok');
        } finally {
          channel?.start.unsubscribe(sub.start);
        }
      }
    } finally {
      await server.close();
    }
    assert.deepEqual(seen.slice(0, 2), ['next is req.next: true; marks: ', 'route marks: ']);
    if (hasTracing) {
      // with a subscriber: a wrapped next, and the matched pattern on req
      assert.deepEqual(seen.slice(2), [
        'next is req.next: false; marks: brisk.router.matchedRoute',
        'route marks: brisk.router.matchedRoute',
      ]);
    }
  });
});
