// Type-level tests, checked by `tsc -p .` (typecheck); the runtime test only makes node:test load
// the file. The shapes @types/cors 2.8 gives and DefinitelyTyped's own tests write must be
// accepted: its CorsOptions, CorsOptionsDelegate and CustomOrigin values, on Express 5, on a
// brisk app and on a plain node:http server; beyond it, an async origin function or delegate.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import brisk from 'briskjs';
import express from 'express';
import type Upstream from 'cors';
import cors, {
  type CorsMiddleware,
  type CorsOptions,
  type CorsOptionsDelegate,
  type CustomOrigin,
} from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// Everything below is only type-checked: `checks` is never called.
function checks(): void {
  // @types/cors's types are assignable to brisk's
  const options: Upstream.CorsOptions = {
    origin: [/example\.com$/, 'http://a.example', true],
    methods: ['GET'],
    maxAge: 10,
  };
  const delegate: Upstream.CorsOptionsDelegate = (_req, cb) => cb(null, options);
  const typedDelegate: Upstream.CorsOptionsDelegate<express.Request> = (req, cb) =>
    cb(null, { origin: req.path.startsWith('/public') ? '*' : 'https://app.example' });
  const ours: CorsOptions = options;
  const oursDelegate: CorsOptionsDelegate = delegate;
  const originFn: NonNullable<Upstream.CorsOptions['origin']> = (origin, cb) => cb(null, origin);
  const oursOrigin: CorsOptions['origin'] = originFn;
  void [ours, oursDelegate, oursOrigin];

  // as DefinitelyTyped's tests use cors, on Express 5
  const app = express();
  app.use(cors());
  app.use(cors(options));
  app.use(cors(delegate));
  app.use(cors(typedDelegate));
  app.use(cors({ maxAge: 100, credentials: true, optionsSuccessStatus: 200 }));
  app.use(
    cors({ methods: 'GET,POST,PUT', exposedHeaders: 'Content-Range', allowedHeaders: 'Content-Type,Authorization' }),
  );
  app.use(cors({ methods: ['GET', 'POST'], exposedHeaders: ['Content-Range'], allowedHeaders: ['Content-Type'] }));
  app.use(cors({ origin: 'http://example.com' }));
  app.use(cors({ origin: /example\.com$/ }));
  app.use(cors({ origin: [/example\.com$/, 'http://example.com'] }));
  app.use(cors({ origin: true, preflightContinue: true }));
  app.use(
    cors({
      origin: (requestOrigin, cb) => {
        try {
          cb(null, Boolean(requestOrigin?.endsWith('.edu')));
        } catch (err) {
          cb(err as Error);
        }
      },
    }),
  );
  app.options('/products/:id', cors());
  app.delete('/products/:id', cors(), (_req, res) => res.json({ msg: 'Hello' }));

  // on a brisk app, per route too
  const b = brisk();
  b.use(cors({ origin: ['https://a.example'], credentials: true }));
  b.get('/items', cors({ origin: 'https://b.example' }), (_req, res) => res.json([]));
  b.use(cors<brisk.Request>((req, cb) => cb(null, { origin: req.path === '/open' })));

  // beyond @types/cors: async forms
  const asyncOrigin: CustomOrigin = async (origin) => origin === 'https://a.example';
  const asyncCallback: CustomOrigin = async (_origin, cb) => cb(null, true);
  const asyncDelegate: CorsOptionsDelegate = async () => ({ origin: '*' });
  app.use(cors({ origin: asyncOrigin }), cors({ origin: asyncCallback }), cors(asyncDelegate));

  // on a plain server
  const mw: CorsMiddleware = cors();
  http.createServer((req, res) => mw(req, res, () => res.end('ok')));

  // the namespace carries the types, as @types/cors's does
  type _options = Expect<Equal<cors.CorsOptions, CorsOptions>>;
  type _delegate = Expect<Equal<cors.CorsOptionsDelegate, CorsOptionsDelegate>>;

  // @ts-expect-error: maxAge is a number of seconds, not an object
  cors({ maxAge: {} });
  // @ts-expect-error: credentials is a boolean
  cors({ credentials: 'true' });
}

test('types: @types/cors shapes are accepted (compile-time checks)', () => {
  assert.equal(typeof checks, 'function');
});
