// Type tests: module augmentation of brisk's own modules, the form TypeScript users reach for
// first. The namespaces of `require('briskjs')` and `require('@brisk/app')` hold the types
// themselves (not copies), so a member added there reaches every handler's `req` and `res`.
import express = require('briskjs');
import createApp = require('@brisk/app');

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T>(): <V>(value: V) => Equal<T, V> {
  return () => true as never;
}

interface Account {
  id: number;
}
declare module 'briskjs' {
  interface Request {
    account?: Account;
  }
}
declare module '@brisk/app' {
  interface Response {
    traceId: string;
  }
}

const app = express();
app.get('/me', (req, res) => {
  expectType<Account | undefined>()(req.account) satisfies true;
  expectType<string>()(res.traceId) satisfies true;
  res.json({ id: req.account?.id });
});
app.use((req: express.Request, _res: express.Response, next: express.NextFunction) => {
  req.account = { id: 1 };
  next();
});
const router = express.Router();
router.post('/', (req, res) => {
  expectType<Account | undefined>()(req.account) satisfies true;
  res.end(res.traceId);
});
const other = createApp();
other.get('/', (req) => {
  expectType<Account | undefined>()(req.account) satisfies true;
});
// @ts-expect-error: an augmentation adds members, it does not loosen the others
app.get('/', (req) => req.account?.name);
