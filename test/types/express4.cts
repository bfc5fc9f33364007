// Type tests: Express 4 TypeScript (written against @types/express 4) compiled against the built
// briskjs/express4 as CommonJS: the call shapes Express 5 removed type-check through this entry.
// Compiled alone (test/types/express4): the augmentation the entry's declarations carry must not
// reach the programs that use only `briskjs` (those are compiled without this file).
import express = require('briskjs/express4');

const app: express.Express = express();
const router: express.Router = express.Router({ caseSensitive: true });

app.use(express.json());
app.use(express.urlencoded({ extended: true }));
app.use(express.query({}));
app.use('/static', express.static('public'));

app.get('/send/:id?', (req: express.Request, res: express.Response) => {
  const id: unknown = req.param('id');
  if (req.acceptsCharset('utf-8') && req.acceptsEncoding('gzip') && req.acceptsLanguage('en')) res.send(200, id);
  else res.send({ id }, 201);
});
app.get('/json', (req, res) => {
  res.json(201, { ok: true });
  res.json({ ok: true }, 202);
});
app.get('/jsonp', (req, res) => res.jsonp(200, { ok: true }));
app.get('/chain', (req, res) => res.type('json').set('X-A', '1').append('X-B', '2').cookie('a', '1').send(200, '{}'));
app.get('/redirect', (req, res) => res.redirect('/there', 301));
app.get('/redirect5', (req, res) => res.redirect(301, '/there'));
app.get('/status', (req, res) => res.status('201').vary().clearCookie('sid', { maxAge: 1000 }).end());
app.get('/sendfile', (req, res) => {
  res.sendfile('files/a.txt');
  res.sendfile('a.txt', { root: 'files' }, (err?: Error) => err && res.status(500).end());
});
app.del('/item/:id', (req, res) => res.send(204));
app.param(
  (name: string, option: unknown) =>
    (req: express.Request, res: express.Response, next: express.NextFunction, value: string) =>
      value === option ? next() : next('route'),
);
app.param('id', (req: express.Request, res: express.Response, next: express.NextFunction, id: string) => next());
router.param((name: string) => undefined);
router.get('/', (req, res) => res.send('ok'));
app.use((req, res) => router.handle(req, res));
const stack: unknown[] = app._router.stack;

const handler: express.RequestHandler = (req, res, next) => next();
const onError: express.ErrorRequestHandler = (err, req, res, next) => res.send(500, String(err));
app.use(handler, onError);
const warning: express.WarningCode = 'BRISK_E4_APP_DEL';

// Express 5's own shapes still type-check
app.get('/five', (req, res) => res.status(201).send('x'));
// @ts-expect-error: not a call shape of Express 4 either
app.get('/bad', (req, res) => res.send(1, 2, 3));

void stack;
void warning;
