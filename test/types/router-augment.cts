// Type tests: augmenting `@brisk/router` from CommonJS TypeScript, as router 2.3's README shows.
// The namespace `require('@brisk/router')` exports holds the augmentable Request and Response,
// the base of every handler type's (module.ts), so a member added there reaches middleware, route
// handlers, error handlers and param callbacks.
import Router = require('@brisk/router');

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T>(): <V>(value: V) => Equal<T, V> {
  return () => true as never;
}

declare module '@brisk/router' {
  interface Request {
    routerUser?: { id: string };
  }
  interface Response {
    routerTrace: string;
  }
}

const router = Router();
router.use((req, res, next) => {
  expectType<{ id: string } | undefined>()(req.routerUser) satisfies true;
  expectType<string>()(res.routerTrace) satisfies true;
  next();
});
router.get('/users/:id', (req, res) => {
  expectType<{ id: string }>()(req.params) satisfies true;
  expectType<string>()(req.baseUrl) satisfies true;
  res.end(req.routerUser?.id);
});
router.use((err: unknown, req: Router.Request, res: Router.Response, next: Router.NextFunction) => {
  expectType<{ id: string } | undefined>()(req.routerUser) satisfies true;
  res.end(String(err));
  next();
});
router.param('id', (req, _res, next, value: string) => {
  expectType<{ id: string } | undefined>()(req.routerUser) satisfies true;
  next(value);
});
