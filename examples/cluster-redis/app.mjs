// A brisk app meant to run as several processes behind a load balancer: nothing it needs to
// remember lives in the process. Sessions (express-session) are kept in Redis by connect-redis,
// and the rate limiter's counters (express-rate-limit) by rate-limit-redis, so a client can land
// on any process and see the same session and the same remaining quota.
import brisk from 'briskjs';
import { RedisStore as SessionStore } from 'connect-redis';
import { rateLimit } from 'express-rate-limit';
import session from 'express-session';
import { RedisStore as RateLimitStore } from 'rate-limit-redis';

/**
 * Creates the app on a connected node-redis client.
 * - `secret`: the session cookie's signing secret (the same in every process)
 * - `limit`: requests a client may make to /api per `windowMs`
 * - `trustProxy`: the `trust proxy` setting: who may set X-Forwarded-For (the load balancer)
 */
export function createApp({ redis, secret, limit = 100, windowMs = 60_000, trustProxy = 'loopback' }) {
  const app = brisk();
  // req.ip (the rate limiter's key) and req.secure come from X-Forwarded-* only when set by a trusted proxy
  app.set('trust proxy', trustProxy);

  let stopping = false;
  app.locals.stopping = () => {
    stopping = true;
  };
  // readiness: 503 once the process is shutting down, so that the load balancer stops sending to it
  app.get('/healthz', (_req, res) => {
    res.status(stopping ? 503 : 200).json({ ok: !stopping, pid: process.pid });
  });

  app.use(
    session({
      store: new SessionStore({ client: redis, prefix: 'sess:' }),
      secret,
      resave: false,
      saveUninitialized: false,
      // behind a TLS-terminating load balancer, with trust proxy set: Secure when the client used https
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: 24 * 3600 * 1000 },
    }),
  );
  app.use(brisk.json());

  app.post('/login', (req, res) => {
    const user = typeof req.body?.user === 'string' ? req.body.user : '';
    if (!user) return res.status(400).json({ error: 'user is required' });
    req.session.regenerate((err) => {
      if (err) return res.status(500).json({ error: 'session store unavailable' });
      req.session.user = user;
      res.json({ user, pid: process.pid });
    });
  });

  app.get('/me', (req, res) => {
    res.json({ user: req.session.user ?? null, pid: process.pid });
  });

  app.use(
    '/api',
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: { error: 'too many requests' },
      store: new RateLimitStore({ prefix: 'rl:', sendCommand: (...args) => redis.sendCommand(args) }),
    }),
  );
  app.get('/api/ping', (_req, res) => {
    res.json({ pong: true, pid: process.pid });
  });

  return app;
}
