// A small brisk API, traced by tracing.cjs (loaded first): node --require ./tracing.cjs app.cjs
// Nothing here knows about OpenTelemetry: brisk's router publishes what the spans need on a
// tracing channel, which @brisk/otel listens to.
const brisk = require('briskjs');

const items = new Map([
  ['1', { id: '1', name: 'kettle' }],
  ['2', { id: '2', name: 'teapot' }],
]);

const app = brisk();
app.use(brisk.json());

// a named middleware gets a span named after it: `middleware - requestId`
app.use(function requestId(req, res, next) {
  res.set('x-request-id', Math.random().toString(36).slice(2, 10));
  next();
});

const api = brisk.Router();
api.get('/items/:id', (req, res) => {
  const item = items.get(req.params.id);
  if (!item) return res.status(404).json({ error: `no item ${req.params.id}` });
  res.json(item);
});
api.post('/items', (req, res) => {
  const id = String(items.size + 1);
  items.set(id, { id, name: String(req.body?.name ?? '') });
  res.status(201).json(items.get(id));
});
app.use('/api', api);

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST || '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}`);
});
