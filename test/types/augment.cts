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
    // express-session's types call `genid` with @types/express's request: the parameter is inferred
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

// brisk's Request and @types/express's are two types, neither assignable to the other (decision
// 025): a function that a middleware's types call with Express's request is written with its
// parameter inferred (genid above), or annotated with @types/express's own type.
import type * as E from 'express';
session({ secret: 's', genid: (req: E.Request) => `${req.ip ?? ''}` });
// @ts-expect-error brisk's Request is not @types/express's Request (decision 025)
session({ secret: 's', genid: (req: express.Request) => `${req.ip ?? ''}` });
class MemoryStorage implements multer.StorageEngine {
  _handleFile(
    req: E.Request,
    file: Express.Multer.File,
    cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ) {
    cb(null, { size: file.size, path: req.path });
  }
  _removeFile(_req: E.Request, _file: Express.Multer.File, cb: (error: Error | null) => void) {
    cb(null);
  }
}
app.post('/upload', multer({ storage: new MemoryStorage() }).single('f'), (req, res) => {
  res.json({ size: req.file?.size });
});
// A brisk request given to a helper typed for @types/express: the same runtime object; the types
// need the cast the decision describes.
function clientOf(req: E.Request): string {
  return req.ip ?? '';
}
// express-session's Store methods are typed for @types/express's request: a brisk request is cast
const store = new session.MemoryStore();
app.get('/regenerate', (req, res) => {
  store.regenerate(req as unknown as E.Request, () => res.end());
  store.createSession(req as unknown as E.Request, { cookie: req.session.cookie } as session.SessionData);
  // @ts-expect-error brisk's Request is not @types/express's Request (decision 025)
  store.regenerate(req, () => res.end());
});
app.get('/who', (req, res) => {
  res.send(clientOf(req as unknown as E.Request));
  // @ts-expect-error brisk's Request is not @types/express's Request (decision 025)
  clientOf(req);
});
