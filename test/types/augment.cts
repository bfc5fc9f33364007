// Type tests: declaration merging as Express users and middleware types do it, compiled against the
// built briskjs with the real @types of express-session, multer and passport (dev dependencies).
import express = require('briskjs');
import session = require('express-session');
import multer = require('multer');
import passport = require('passport');

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T>(): <V>(value: V) => Equal<T, V> {
  return () => true as never;
}

// The global Express namespace: what @types packages extend, and what an app extends itself. It
// reaches every handler, response, app and locals object of brisk (and of Express).
declare global {
  namespace Express {
    interface User {
      id: string;
    }
    interface Request {
      tenant?: string;
    }
    interface Response {
      sendOk(): void;
    }
    interface Locals {
      nonce: string;
    }
    interface Application {
      version: string;
    }
  }
}
declare module 'express-session' {
  interface SessionData {
    views: number;
  }
}

const app = express();
app.version = '1.0.0';
app.locals.nonce = 'abc';
expectType<string>()(app.locals.nonce) satisfies true;

app.use(
  session({
    secret: 'keyboard cat',
    resave: false,
    saveUninitialized: false,
    // express-session's types give `genid` an express.Request; a brisk-typed one fits too
    genid: (req) => `${req.get('host') ?? ''}-${Date.now()}`,
  }),
);
app.use(passport.initialize());
app.use(passport.session());

const upload = multer({ dest: 'uploads/' });
app.post('/profile', upload.single('avatar'), (req, res) => {
  expectType<Express.Multer.File | undefined>()(req.file) satisfies true;
  expectType<string | undefined>()(req.user?.id) satisfies true;
  expectType<string | undefined>()(req.tenant) satisfies true;
  expectType<string>()(res.locals.nonce) satisfies true;
  req.session.views = (req.session.views ?? 0) + 1;
  if (!req.isAuthenticated()) return res.sendStatus(401);
  res.sendOk();
});

// A handler typed with brisk's types passes where a middleware's types expect one.
const requireLogin: express.RequestHandler = (req, res, next) => {
  if (req.user) return next();
  res.redirect('/login');
};
app.get('/account', requireLogin, (req: express.Request, res: express.Response) => {
  res.json({ id: req.user?.id, views: req.session.views });
});
