// Type-level tests of the last of the @types/express drop-in (issue 32, section 4), checked by
// `tsc -p .` (typecheck); the runtime test only makes node:test load the file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HttpError } from '@brisk/http';
import brisk, {
  type AppMethods,
  type Application,
  type Express,
  type ParamsArray,
  type Request,
  type RequestRanges,
} from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// Everything below is only type-checked: `checks` is never called.
function checks(): void {
  const app = brisk();

  // every name @types/express-serve-static-core exports for params and ranges
  const params: ParamsArray = ['a', 'b'];
  const ranges: RequestRanges = Object.assign([{ start: 0, end: 1 }], { type: 'bytes' });
  void params;
  void ranges;

  // a router made by express.Router() gives its handlers the app's response
  const router = brisk.Router();
  router.use((_req, res) => res.set('X-A', 'b').send('ok'));
  router.get('/x', (_req, res) => res.json({ ok: true }));

  // app.router: the app's router (Express 5), on the Application type too
  const application: Application = app;
  application.router.get('/y', (_req, res) => res.send('y'));

  // express.static's callback takes an HttpError
  app.use((req, res, next) => brisk.static('public')(req, res, (err?: HttpError) => next(err)));

  // Application declares every routing method AppMethods names (a method node adds must be added)
  type _methods = Expect<Equal<Exclude<keyof AppMethods<unknown>, keyof Application>, never>>;

  // chained routing methods return the app itself
  const same: typeof app = app.get('/', (_req, res) => res.send('a')).post('/', (_req, res) => res.send('b'));
  const express: Express = app.put('/', (_req, res) => res.end()).patch('/', (_req, res) => res.end());
  void same;
  void express;

  // req.query is read-only: Express 5 throws on assignment
  app.get('/q', (req) => {
    // @ts-expect-error: req.query cannot be assigned (a getter in Express 5)
    req.query = {};
    type _ = Expect<Equal<typeof req.query extends object ? true : false, true>>;
  });
}

// Module augmentation of brisk's own modules reaches req
declare module '../src/index.js' {
  interface Request {
    tenant?: string;
  }
}
function augmented(req: Request): string | undefined {
  return req.tenant;
}

test('types: the @types/express drop-in (compile-time checks)', () => {
  assert.equal(typeof checks, 'function');
  assert.equal(typeof augmented, 'function');
});
