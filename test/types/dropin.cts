// The @types/express drop-in through the built briskjs, as DefinitelyTyped's express tests use it
// (issue 32, section 4): express.Router() handlers get the app's response, app.router, the static
// middleware's HttpError callback, chained routing methods that stay the app's type.
import express = require('briskjs');
import type { HttpError } from '@brisk/http';
const app = express();
const router = express.Router();
router.use((req, res) => res.set('X-A', 'b').send('ok'));
router.get('/x', (req, res, next) => {
  res.json({});
  next();
});
const r2: express.Router = express.Router();
r2.use((req: express.Request, res: express.Response) => res.set('a', 'b'));
app.use(router);
app.router.get('/y', (_req, res) => res.send('y'));
app.use(express.static('public'));
app.use((req, res, next) => express.static('x')(req, res, (err?: HttpError) => next(err)));
export const same: typeof app = app.get('/', (_req, res) => res.send('a')).post('/', (_req, res) => res.send('b'));
export {};
