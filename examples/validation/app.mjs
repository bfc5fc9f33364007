// Request validation and an OpenAPI document from the same schemas (zod 4 here; any Standard
// Schema library works): `validate()` checks params, query and body and gives handlers the
// schemas' output (coerced numbers, defaults); an invalid request gets a 400
// application/problem+json listing every issue; `openapi()` describes every route.
import brisk, { openapi, validate } from 'briskjs';
import { z } from 'zod';

const User = z.object({ name: z.string().min(1), age: z.number().int().nonnegative() });
const UserId = z.object({ id: z.coerce.number().int().positive() });
const Page = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

/** The app: a small users API, and its OpenAPI document at /openapi.json. */
export function createApp() {
  const app = brisk();
  app.use(brisk.json());
  const users = new Map();

  app.post('/users', validate({ body: User }), (req, res) => {
    const user = { id: users.size + 1, ...req.body };
    users.set(user.id, user);
    res.status(201).json(user);
  });

  app.get('/users/:id', validate({ params: UserId }), (req, res) => {
    const user = users.get(req.params.id); // a number: the schema coerced it
    if (user) res.json(user);
    else res.status(404).json({ error: 'no such user' });
  });

  app.get('/users', validate({ query: Page }), (req, res) => {
    res.json([...users.values()].slice(0, req.query.limit)); // 10 when not given
  });

  app.get('/openapi.json', async (_req, res) => {
    res.json(await openapi(app, { info: { title: 'Users', version: '1.0.0' } }));
  });
  return app;
}
