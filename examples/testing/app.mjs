// A small brisk API, made to be tested without a server: this module exports the app and never
// listens (server.mjs does, to run it). app.test.mjs tests it with app.inject(), node:test and
// node:assert: node --test examples/testing/
import brisk from 'briskjs';

export function createApp() {
  const app = brisk();
  const todos = new Map([[1, { id: 1, title: 'write the tests', done: false }]]);
  let nextId = 2;

  app.use(brisk.json({ limit: '1kb' }));

  app.get('/health', (_req, res) => {
    res.set('cache-control', 'no-store').json({ ok: true });
  });

  app.get('/todos', (_req, res) => res.json([...todos.values()]));

  app.get('/todos/:id', (req, res, next) => {
    const todo = todos.get(Number(req.params.id));
    if (!todo) return next();
    res.json(todo);
  });

  app.post('/todos', (req, res) => {
    const title = req.body?.title;
    if (typeof title !== 'string' || title.trim() === '') {
      return res.status(400).json({ error: 'title must be a non-empty string' });
    }
    const todo = { id: nextId++, title: title.trim(), done: false };
    todos.set(todo.id, todo);
    res.status(201).location(`/todos/${todo.id}`).json(todo);
  });

  // a cookie: the preferred theme, read back from the request's Cookie header
  app.put('/theme/:theme', (req, res) => {
    res.cookie('theme', req.params.theme, { httpOnly: true, sameSite: 'lax' }).sendStatus(204);
  });
  app.get('/theme', (req, res) => {
    const match = /(?:^|;\s*)theme=([^;]*)/.exec(req.get('cookie') ?? '');
    res.json({ theme: match ? decodeURIComponent(match[1]) : 'light' });
  });

  // a handler that never answers: what a test's `timeout` is for
  app.get('/hang', () => {});

  app.use((req, res) => res.status(404).json({ error: `nothing at ${req.method} ${req.path}` }));

  // errors as JSON: a client's mistake (a malformed body, one over the limit) with its status and
  // message, anything else as a 500 that does not show its message
  app.use((err, _req, res, _next) => {
    const status = err.status >= 400 && err.status < 500 ? err.status : 500;
    res.status(status).json({ error: status < 500 ? err.message : 'internal server error' });
  });

  return app;
}

export default createApp();
