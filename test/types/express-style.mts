// Type tests: the same Express-style code as express-style.cts, as an ES module with named imports.
import express, {
  json,
  Router,
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'briskjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T>(): <V>(value: V) => Equal<T, V> {
  return () => true as never;
}

interface CreateUser {
  name: string;
}
const app = express();
const api = Router();

const create: RequestHandler<{ team: string }, { id: number }, CreateUser> = (req, res) => {
  expectType<CreateUser>()(req.body) satisfies true;
  expectType<string>()(req.params.team) satisfies true;
  res.status(201).json({ id: req.body.name.length });
};
api.post('/teams/:team/users', json(), create);

api.get('/users/:id', (req: Request<{ id: string }>, res: Response, next: NextFunction) => {
  if (!req.params.id) return next();
  res.send(req.params.id);
});

const onError: ErrorRequestHandler = (err, _req, res, _next) => {
  res.status(500).json({ error: String(err) });
};
app.use('/api', api, onError);
// @ts-expect-error: a route handler's params come from its path
app.get('/a/:b', (req) => req.params.c);

// Every name @types/express exports, as a named type import.
import type {
  Application,
  CookieOptions,
  Errback,
  Express,
  Handler,
  IRoute,
  IRouter,
  IRouterHandler,
  IRouterMatcher,
  Locals,
  MediaType,
  RequestParamHandler,
  Router as RouterType,
  RouterOptions,
  Send,
  ParamsDictionary,
  ParamsFlatDictionary,
  Query,
  RouteParameters,
  RequestHandlerParams,
  Dictionary,
} from 'briskjs';
const cookieOptions: CookieOptions = { maxAge: 1000, httpOnly: true, sameSite: 'lax' };
type _Names = [
  Application,
  Errback,
  Express,
  Handler,
  IRoute,
  IRouter,
  IRouterHandler<IRouter>,
  IRouterMatcher<IRouter>,
  Locals,
  MediaType,
  RequestParamHandler,
  RouterType,
  RouterOptions,
  Send,
  ParamsDictionary,
  ParamsFlatDictionary,
  Query,
  RouteParameters<'/:id'>,
  RequestHandlerParams,
  Dictionary<string>,
];
void cookieOptions;
