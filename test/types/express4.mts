// Type tests: briskjs/express4 as ESM (nodenext): the default and the named exports.
import express, { json, Router, urlencoded, static as serveStatic } from 'briskjs/express4';
import type { Express4, ParamProcessor } from 'briskjs/express4';

const app: Express4 = express();
const router = Router();
app.use(json(), urlencoded(), serveStatic('public'));
router.get('/', (req, res) => res.send(200, 'ok'));
app.use(router);
app.get('/u/:id', (req, res) => res.json(req.params.id, 200));
const processor: ParamProcessor = (name) => (name === 'id' ? undefined : null);
app.param(processor);
app.listen(0).close();
