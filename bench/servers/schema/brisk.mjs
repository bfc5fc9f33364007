// brisk (the built briskjs) answering POST /users/:id?dry=0 with a JSON body, checked three ways
// (BENCH_SCHEMA): `none` (no check), `hand` (a hand-written check of the same rules) or `zod`
// (`validate()` with zod 4 schemas). All three answer the same JSON (bench/schema.mjs checks it).
import brisk, { validate } from 'briskjs';
import { z } from 'zod';
import { config, ready } from '../common.mjs';

const { port, host } = config(['users']);
const mode = process.env.BENCH_SCHEMA;
const app = brisk();
app.use(brisk.json());

const answer = (id, dry, user) => ({ id, dry, name: user.name, age: user.age });

if (mode === 'zod') {
  const User = z.object({ name: z.string().min(1), age: z.number().int().nonnegative(), tags: z.array(z.string()) });
  app.post(
    '/users/:id',
    validate({
      params: z.object({ id: z.coerce.number().int() }),
      query: z.object({ dry: z.enum(['0', '1']).optional() }),
      body: User,
    }),
    (req, res) => res.json(answer(req.params.id, req.query.dry, req.body)),
  );
} else if (mode === 'hand') {
  app.post('/users/:id', (req, res) => {
    const issues = [];
    const id = Number(req.params.id);
    if (!Number.isInteger(id)) issues.push({ in: 'params', path: ['id'], message: 'expected an integer' });
    const dry = req.query.dry;
    if (dry !== undefined && dry !== '0' && dry !== '1')
      issues.push({ in: 'query', path: ['dry'], message: 'expected 0 or 1' });
    const body = req.body;
    if (body === null || typeof body !== 'object') issues.push({ in: 'body', path: [], message: 'expected an object' });
    else {
      if (typeof body.name !== 'string' || body.name.length < 1)
        issues.push({ in: 'body', path: ['name'], message: 'expected a string' });
      if (!Number.isInteger(body.age) || body.age < 0)
        issues.push({ in: 'body', path: ['age'], message: 'expected an integer' });
      if (!Array.isArray(body.tags) || !body.tags.every((t) => typeof t === 'string')) {
        issues.push({ in: 'body', path: ['tags'], message: 'expected strings' });
      }
    }
    if (issues.length)
      return res
        .status(400)
        .type('application/problem+json')
        .send(JSON.stringify({ status: 400, issues }));
    res.json(answer(id, dry, body));
  });
} else {
  app.post('/users/:id', (req, res) => res.json(answer(Number(req.params.id), req.query.dry, req.body)));
}

const server = app.listen(port, host, () => ready(server));
