// The real-api scenario: what an API server looks like rather than one route. 1,000 routes (100
// resources × 10 routes, static and parametric paths mixed), 20 middleware on every request
// (a logger, CORS, security headers, cookie parsing, a session in a memory store, JSON and
// urlencoded body parsers, and 13 small middleware of the kind apps write: request ids, a rate
// limit, an auth check, content negotiation, a tenant, a locale, metrics, ...), a JSON answer.
// The load is `GET /api/v1/r57/123/items/9` with a logged-in session's cookie.
//
// Each contender writes it in its own idiom: express and brisk with the same Express code (npm's
// express-session for both; each its own logger, CORS, cookie and body parsers), fastify with
// hooks and its plugins (@fastify/cookie, @fastify/session, @fastify/cors, pino), node:http by
// hand (a route table, a cookie parser, HMAC-signed session ids, a Map).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Resources (each with 10 routes). */
export const REAL_RESOURCES = 100;
/** The session cookie's signing secret (fastify's session wants 32 characters or more). */
export const SECRET = 'brisk-bench-real-api-secret-0123456789';
/** The origin CORS allows (and the load sends). */
export const ORIGIN = 'https://app.example';
/** The request under load. */
export const REAL_PATH = '/api/v1/r57/123/items/9';
/** What it answers (for the user who logged in as `ada`). */
export const REAL_ANSWER = { resource: 57, id: '123', item: '9', user: 'ada', tenant: 'acme', locale: 'en' };
/** The headers of the request under load (the session cookie is added after logging in). */
export const REAL_HEADERS = {
  accept: 'application/json',
  'accept-language': 'en-US,en;q=0.9',
  origin: ORIGIN,
  'user-agent': 'bench/1.0',
  'x-tenant': 'acme',
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
};

/** The 10 routes of resource `n`: [method, path, handler(params, ctx) → [status, body]]. */
function resourceRoutes(n) {
  const base = `/api/v1/r${n}`;
  const item = (p, ctx) => [
    200,
    { resource: n, id: p.id, item: p.item, user: ctx.user, tenant: ctx.tenant, locale: ctx.locale },
  ];
  return [
    ['get', base, () => [200, { resource: n, items: [] }]],
    ['get', `${base}/search`, () => [200, { resource: n, results: [] }]],
    ['get', `${base}/stats`, () => [200, { resource: n, count: 0 }]],
    ['post', base, () => [201, { resource: n, created: true }]],
    ['get', `${base}/:id`, (p) => [200, { resource: n, id: p.id }]],
    ['put', `${base}/:id`, (p) => [200, { resource: n, id: p.id, updated: true }]],
    ['patch', `${base}/:id`, (p) => [200, { resource: n, id: p.id, patched: true }]],
    ['delete', `${base}/:id`, () => [204, undefined]],
    ['get', `${base}/:id/items`, (p) => [200, { resource: n, id: p.id, items: [] }]],
    ['get', `${base}/:id/items/:item`, item],
  ];
}

/** Every route, 1,000 of them. */
export const REAL_ROUTES = Array.from({ length: REAL_RESOURCES }, (_, n) => resourceRoutes(n)).flat();

/** A rate limit's counter: hits per client in a one-minute window; `hit(ip)` returns the count. */
function rateCounter() {
  const hits = new Map();
  let windowStart = Date.now();
  return function hit(ip) {
    const now = Date.now();
    if (now - windowStart > 60_000) {
      hits.clear();
      windowStart = now;
    }
    const count = (hits.get(ip) ?? 0) + 1;
    hits.set(ip, count);
    return count;
  };
}

/** The small middleware apps write, shared by express and brisk (Express's API). */
function expressMiddleware() {
  let nextId = 0;
  const hit = rateCounter();
  const metrics = { requests: 0, finished: 0 };
  const flags = Object.freeze({ newSearch: true, betaItems: false });
  return [
    function requestId(req, res, next) {
      req.id = ++nextId;
      res.setHeader('X-Request-Id', String(req.id));
      next();
    },
    function securityHeaders(_req, res, next) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
      next();
    },
    function rateLimit(req, res, next) {
      if (hit(req.ip) > 1e9) return res.status(429).json({ error: 'Too Many Requests' });
      res.setHeader('X-RateLimit-Limit', '1000000000');
      next();
    },
    function trace(req, _res, next) {
      const parent = req.get('traceparent');
      req.traceId = parent ? parent.slice(3, 35) : undefined;
      next();
    },
    function tenant(req, _res, next) {
      req.tenant = req.get('x-tenant') || 'default';
      next();
    },
    function locale(req, _res, next) {
      req.locale = req.acceptsLanguages('en', 'fr') || 'en';
      next();
    },
    function negotiate(req, res, next) {
      if (!req.accepts('json')) return res.status(406).json({ error: 'Not Acceptable' });
      next();
    },
    function metricsCounter(_req, res, next) {
      metrics.requests++;
      res.on('finish', () => metrics.finished++);
      next();
    },
    function featureFlags(req, _res, next) {
      req.flags = flags;
      next();
    },
    function noStore(_req, res, next) {
      res.set('Cache-Control', 'no-store');
      next();
    },
    [
      '/admin',
      function adminOnly(req, res, next) {
        if (!req.session?.user?.admin) return res.status(403).json({ error: 'Forbidden' });
        next();
      },
    ],
    [
      '/api',
      function apiVersion(_req, res, next) {
        res.setHeader('API-Version', '1');
        next();
      },
    ],
    [
      '/api',
      function authenticate(req, res, next) {
        if (!req.session?.user) return res.status(401).json({ error: 'Unauthorized' });
        req.user = req.session.user;
        next();
      },
    ],
  ];
}

/**
 * The scenario on an Express-style app (express or brisk): `kit` gives that framework's logger,
 * cors, cookieParser, session, json and urlencoded middleware.
 */
export function mountExpressStyle(app, kit) {
  app.use(kit.logger);
  app.use(kit.cors);
  app.use(kit.cookieParser);
  app.use(kit.session);
  app.use(kit.json);
  app.use(kit.urlencoded);
  const small = expressMiddleware();
  // the login comes before the auth check (a route, not a middleware: it does not count)
  app.post('/login', (req, res) => {
    req.session.user = { name: req.body?.user ?? 'anonymous', admin: false };
    res.json({ ok: true });
  });
  for (const mw of small) {
    if (Array.isArray(mw)) app.use(mw[0], mw[1]);
    else app.use(mw);
  }
  for (const [method, path, handler] of REAL_ROUTES) {
    app[method](path, (req, res) => {
      const [status, body] = handler(req.params, { user: req.user.name, tenant: req.tenant, locale: req.locale });
      if (body === undefined) res.sendStatus(status);
      else res.status(status).json(body);
    });
  }
}

/** Express-session's options, the same for express and brisk. */
export const SESSION_OPTIONS = {
  secret: SECRET,
  resave: false,
  saveUninitialized: false,
  name: 'sid',
  cookie: { httpOnly: true, sameSite: 'lax' },
};

/** The scenario on fastify, in its idiom: hooks for the middleware, its plugins. */
export async function mountFastify(app, { cookie, session, cors }) {
  await app.register(cookie, { secret: SECRET });
  await app.register(session, {
    secret: SECRET,
    cookieName: 'sid',
    saveUninitialized: false,
    cookie: { secure: false, httpOnly: true, sameSite: 'lax' },
  });
  await app.register(cors, { origin: ORIGIN, credentials: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body))),
  );
  let nextId = 0;
  const hit = rateCounter();
  const metrics = { requests: 0, finished: 0 };
  const flags = Object.freeze({ newSearch: true, betaItems: false });
  const hooks = [
    (req, reply, done) => {
      req.requestId = ++nextId;
      reply.header('X-Request-Id', String(req.requestId));
      done();
    },
    (_req, reply, done) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
      done();
    },
    (req, reply, done) => {
      if (hit(req.ip) > 1e9) return reply.code(429).send({ error: 'Too Many Requests' });
      reply.header('X-RateLimit-Limit', '1000000000');
      done();
    },
    (req, _reply, done) => {
      const parent = req.headers.traceparent;
      req.traceId = parent ? parent.slice(3, 35) : undefined;
      done();
    },
    (req, _reply, done) => {
      req.tenant = req.headers['x-tenant'] || 'default';
      done();
    },
    (req, _reply, done) => {
      const languages = req.headers['accept-language'] ?? '';
      req.locale = /(^|,)\s*fr\b/.test(languages) && !/(^|,)\s*en\b/.test(languages) ? 'fr' : 'en';
      done();
    },
    (req, reply, done) => {
      const accept = req.headers.accept;
      if (accept && !/application\/json|application\/\*|\*\/\*/.test(accept))
        return reply.code(406).send({ error: 'Not Acceptable' });
      done();
    },
    (_req, _reply, done) => {
      metrics.requests++;
      done();
    },
    (req, _reply, done) => {
      req.flags = flags;
      done();
    },
    (_req, reply, done) => {
      reply.header('Cache-Control', 'no-store');
      done();
    },
    (req, reply, done) => {
      if (req.url.startsWith('/admin') && !req.session.user?.admin) return reply.code(403).send({ error: 'Forbidden' });
      done();
    },
    (req, reply, done) => {
      if (req.url.startsWith('/api')) reply.header('API-Version', '1');
      done();
    },
  ];
  for (const hook of hooks) app.addHook('preHandler', hook);
  app.addHook('onResponse', (_req, _reply, done) => {
    metrics.finished++;
    done();
  });
  app.post('/login', async (req) => {
    req.session.set('user', { name: req.body?.user ?? 'anonymous', admin: false });
    return { ok: true };
  });
  const authenticate = (req, reply, done) => {
    const user = req.session.get('user');
    if (!user) return reply.code(401).send({ error: 'Unauthorized' });
    req.user = user;
    done();
  };
  for (const [method, path, handler] of REAL_ROUTES) {
    app.route({
      method: method.toUpperCase(),
      url: path,
      preHandler: authenticate,
      handler: async (req, reply) => {
        const [status, body] = handler(req.params, { user: req.user.name, tenant: req.tenant, locale: req.locale });
        reply.code(status);
        return body === undefined ? reply.send() : body;
      },
    });
  }
}

/** The scenario by hand on node:http: `(req, res)`, given a `send(res, status, type, body)` and the logger. */
export function nodeRealApi({ json, send, log }) {
  const sessions = new Map();
  const sign = (id) => `${id}.${createHmac('sha256', SECRET).update(id).digest('base64url')}`;
  const unsign = (value) => {
    const dot = value.lastIndexOf('.');
    if (dot < 0) return undefined;
    const id = value.slice(0, dot);
    const expected = Buffer.from(sign(id));
    const got = Buffer.from(value);
    return expected.length === got.length && timingSafeEqual(expected, got) ? id : undefined;
  };
  const parseCookies = (header) => {
    const out = {};
    if (!header) return out;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const key = part.slice(0, eq).trim();
      if (!(key in out)) out[key] = decodeURIComponent(part.slice(eq + 1).trim());
    }
    return out;
  };
  // static paths in a Map; parametric ones by resource and shape
  const exact = new Map();
  const byShape = new Map();
  for (const [method, path, handler] of REAL_ROUTES) {
    if (path.includes(':'))
      byShape.set(`${method.toUpperCase()} ${path.replace(/:(\w+)/g, ':')}`, {
        handler,
        names: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]),
      });
    else exact.set(`${method.toUpperCase()} ${path}`, handler);
  }
  let nextId = 0;
  const hit = rateCounter();
  const metrics = { requests: 0, finished: 0 };
  const readBody = (req, res, done) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      try {
        done(
          type.startsWith('application/json')
            ? JSON.parse(text || 'null')
            : type.startsWith('application/x-www-form-urlencoded')
              ? Object.fromEntries(new URLSearchParams(text))
              : undefined,
        );
      } catch {
        send(res, 400, 'text/plain; charset=utf-8', 'Bad Request');
      }
    });
  };
  return function realApi(req, res) {
    res.on('finish', () => log(req, res));
    const origin = req.headers.origin;
    if (origin === ORIGIN) {
      res.setHeader('Access-Control-Allow-Origin', ORIGIN);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    }
    const cookies = parseCookies(req.headers.cookie);
    const sid = cookies.sid && unsign(cookies.sid);
    const session = sid ? sessions.get(sid) : undefined;
    const id = ++nextId;
    res.setHeader('X-Request-Id', String(id));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    hit(req.socket.remoteAddress);
    res.setHeader('X-RateLimit-Limit', '1000000000');
    const tenant = req.headers['x-tenant'] || 'default';
    const languages = req.headers['accept-language'] ?? '';
    const locale = /(^|,)\s*fr\b/.test(languages) && !/(^|,)\s*en\b/.test(languages) ? 'fr' : 'en';
    metrics.requests++;
    res.on('finish', () => metrics.finished++);
    res.setHeader('Cache-Control', 'no-store');
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (req.method === 'POST' && path === '/login') {
      return readBody(req, res, (body) => {
        const newId = randomBytes(18).toString('base64url');
        sessions.set(newId, { user: { name: body?.user ?? 'anonymous', admin: false } });
        res.setHeader('Set-Cookie', `sid=${encodeURIComponent(sign(newId))}; Path=/; HttpOnly; SameSite=Lax`);
        json(res, 200, { ok: true });
      });
    }
    if (path.startsWith('/api')) {
      res.setHeader('API-Version', '1');
      if (!session?.user) return json(res, 401, { error: 'Unauthorized' });
    }
    const ctx = { user: session?.user.name, tenant, locale };
    const key = `${req.method} ${path}`;
    const fixed = exact.get(key);
    let found;
    if (fixed) found = fixed({}, ctx);
    else {
      const segments = path.split('/');
      const shape = segments.map((s, i) => (i >= 4 && i % 2 === 0 ? ':' : s)).join('/');
      const route = byShape.get(`${req.method} ${shape}`);
      if (route) {
        const params = {};
        route.names.forEach((name, i) => (params[name] = decodeURIComponent(segments[4 + 2 * i])));
        found = route.handler(params, ctx);
      }
    }
    if (!found) return send(res, 404, 'text/plain; charset=utf-8', 'Not Found');
    const [status, body] = found;
    if (body === undefined) {
      res.statusCode = status;
      return res.end();
    }
    json(res, status, body);
  };
}
