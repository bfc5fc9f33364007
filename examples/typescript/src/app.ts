// A brisk app in TypeScript: route parameters are typed from the path, the request and
// res.locals carry what the app's own middleware adds (src/types.ts), and the body of a route is
// typed by its type arguments. `tsc -p examples/typescript` compiles it; dist/server.js runs it.
import brisk, {
  type NextFunction,
  type ParamsDictionary,
  type Request,
  type RequestHandler,
  type Response,
} from 'briskjs';
import type { User } from './types.js';

const users = new Map<string, User>([
  ['1', { id: '1', name: 'Ada', admin: true }],
  ['2', { id: '2', name: 'Grace', admin: false }],
]);

/** The request's user, from a (toy) bearer token: the token is the user's id. */
function authenticate(req: Request, _res: Response, next: NextFunction): void {
  const token = req.get('authorization')?.replace(/^Bearer /, '');
  req.user = token === undefined ? undefined : users.get(token); // Express.Request's user
  next();
}

function requestTimer(_req: Request, res: Response, next: NextFunction): void {
  res.locals.requestStart = process.hrtime.bigint(); // typed by Express.Locals: a bigint
  next();
}

/** The body POST /users accepts, and what it answers. */
interface NewUser {
  name: string;
}
type Created = User | { error: string };

export function createApp() {
  const app = brisk();
  app.use(requestTimer, authenticate);
  app.use(brisk.json());

  // req.params is { id: string }, inferred from the path: no annotation
  app.get('/users/:id', (req, res) => {
    const id: string = req.params.id;
    // @ts-expect-error: the path has no :nope, so req.params has no `nope`
    req.params.nope;
    const user = users.get(id);
    if (!user) return res.status(404).json({ error: `no user ${id}` });
    res.json(user);
  });

  // a wildcard is `string[]`, one segment each; an optional parameter `string | undefined`
  app.get('/users/:id/files/*path', (req, res) => {
    const path: string[] = req.params.path;
    res.json({ user: req.params.id, path });
  });
  app.get('/teams{/:team}', (req, res) => {
    const team: string | undefined = req.params.team;
    res.json({ team: team ?? 'all' });
  });

  // req.user and res.locals.requestStart come from the global declarations in types.ts
  app.get('/me', (req, res) => {
    if (!req.user) return res.status(401).json({ error: 'who are you?' });
    const elapsed = process.hrtime.bigint() - res.locals.requestStart;
    res.json({ ...req.user, elapsedNs: elapsed.toString() });
  });

  // type arguments: <params, response body, request body>; res.json checks what it is given
  app.post<ParamsDictionary, Created, NewUser>('/users', (req, res) => {
    if (typeof req.body?.name !== 'string' || req.body.name === '') {
      return res.status(400).json({ error: 'name must be a non-empty string' });
    }
    const user: User = { id: String(users.size + 1), name: req.body.name, admin: false };
    users.set(user.id, user);
    res.status(201).json(user);
  });

  // a handler typed on its own, reusable on several routes
  const adminOnly: RequestHandler = (req, res, next) => {
    if (req.user?.admin) return next();
    res.status(403).json({ error: 'admins only' });
  };
  app.get('/admin/users', adminOnly, (_req, res) => {
    res.json([...users.values()]);
  });

  return app;
}
