// The demo app (`pnpm demo`): a small brisk application that shows the framework doing its job.
// A JSON API on a router (params, validation errors as 400 with a JSON body), body parsing,
// static files, content negotiation, a signed-cookie counter, a rendered view through a template
// engine registered with `app.engine`, an error handler and the `dev` logger.
// scripts/demo.mjs serves it; test/demo.test.ts drives it over HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import brisk from 'briskjs';
import { parse as parseCookies, unsign } from '@brisk/cookie';
import { escapeHtml } from '@brisk/http';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A tiny template engine (brisk has no runtime dependencies, so the demo brings its own):
 * `{{ name }}` inserts `name` HTML-escaped, `{{{ name }}}` inserts it as is. A view is rendered
 * into `views/layout.html` as `body` unless `layout: false` is passed.
 */
function renderTemplate(source, data) {
  return source.replace(/\{\{(\{?)\s*([\w.]+)\s*\}?\}\}/g, (_, raw, name) => {
    const value = name.split('.').reduce((obj, key) => (obj == null ? undefined : obj[key]), data);
    const text = String(value ?? '');
    return raw ? text : escapeHtml(text);
  });
}

const templates = new Map();
function readTemplate(file, cache) {
  let source = cache ? templates.get(file) : undefined;
  if (source === undefined) {
    source = fs.readFileSync(file, 'utf8');
    if (cache) templates.set(file, source);
  }
  return source;
}

function htmlEngine(file, options, callback) {
  try {
    const body = renderTemplate(readTemplate(file, options.cache), options);
    if (options.layout === false) return callback(null, body);
    const layout = readTemplate(path.join(path.dirname(file), 'layout.html'), options.cache);
    callback(null, renderTemplate(layout, { ...options, body }));
  } catch (err) {
    callback(err);
  }
}

/**
 * Cookie parsing in a few lines, since brisk has no cookie-parser: `req.cookies` holds the plain
 * cookies and `req.signedCookies` the signed ones that verify (a forged one reads as `false`).
 * `req.secret` lets `res.cookie(name, value, { signed: true })` sign.
 */
function cookies(secret) {
  return (req, _res, next) => {
    req.secret = secret;
    req.cookies = {};
    req.signedCookies = {};
    const header = req.headers.cookie;
    if (header) {
      for (const [name, value] of Object.entries(parseCookies(header))) {
        if (value.startsWith('s:')) req.signedCookies[name] = unsign(value.slice(2), secret);
        else req.cookies[name] = value;
      }
    }
    next();
  };
}

/** An error with an HTTP status and details for the client. */
function httpError(status, message, details) {
  return Object.assign(new Error(message), { status, expose: true, details });
}

/** The books API: a router mounted at /api. */
function booksApi() {
  const books = new Map([
    [1, { id: 1, title: 'The Pragmatic Programmer', year: 1999 }],
    [2, { id: 2, title: 'Structure and Interpretation of Computer Programs', year: 1985 }],
  ]);
  let nextId = 3;

  const api = brisk.Router();
  api.use(brisk.json({ limit: '16kb' }));

  // Every :id goes through here first: a positive integer, or a 400.
  api.param('id', (req, _res, next, value) => {
    if (!/^[1-9]\d{0,8}$/.test(value)) {
      return next(httpError(400, 'invalid id', [{ field: 'id', message: 'must be a positive integer' }]));
    }
    req.bookId = Number(value);
    next();
  });

  api.get('/books', (req, res) => {
    let list = [...books.values()];
    if (typeof req.query.q === 'string') {
      const q = req.query.q.toLowerCase();
      list = list.filter((book) => book.title.toLowerCase().includes(q));
    }
    res.json(list);
  });

  api.get('/books/:id', (req, res, next) => {
    const book = books.get(req.bookId);
    if (!book) return next(httpError(404, `no book with id ${req.bookId}`));
    res.json(book);
  });

  api.post('/books', (req, res, next) => {
    const { title, year } = req.body ?? {};
    const details = [];
    if (typeof title !== 'string' || title.trim() === '') {
      details.push({ field: 'title', message: 'must be a non-empty string' });
    }
    if (year !== undefined && !Number.isInteger(year)) details.push({ field: 'year', message: 'must be an integer' });
    if (details.length) return next(httpError(400, 'validation failed', details));
    const book = { id: nextId++, title: title.trim(), year: year ?? null };
    books.set(book.id, book);
    res.status(201).location(`/api/books/${book.id}`).json(book);
  });

  api.delete('/books/:id', (req, res, next) => {
    if (!books.delete(req.bookId)) return next(httpError(404, `no book with id ${req.bookId}`));
    res.sendStatus(204);
  });

  return api;
}

/**
 * Creates the demo app.
 * @param {{ log?: { write(line: string): unknown }, secret?: string }} [options]
 *   `log`: where the `dev` logger writes (default: standard output); `secret`: the cookie secret.
 */
export function createApp({ log = process.stdout, secret = process.env.DEMO_SECRET || 'brisk demo secret' } = {}) {
  const app = brisk();

  app.engine('html', htmlEngine);
  app.set('views', path.join(here, 'views'));
  app.set('view engine', 'html');
  app.locals.title = 'brisk demo';

  app.use(brisk.logger('dev', { stream: log }));
  app.use(brisk.static(path.join(here, 'public')));
  app.use(cookies(secret));

  // A rendered view
  app.get('/', (req, res) => {
    res.render('index', { name: typeof req.query.name === 'string' ? req.query.name : 'world' });
  });

  // Content negotiation: the same greeting as text, HTML or JSON, by the Accept header
  app.get('/greeting', (req, res) => {
    const name = typeof req.query.name === 'string' ? req.query.name : 'world';
    res.format({
      'text/plain': () => res.send(`Hello, ${name}!`),
      'text/html': () => res.send(`<p>Hello, ${escapeHtml(name)}!</p>`),
      'application/json': () => res.json({ greeting: `Hello, ${name}!` }),
    });
  });

  // A signed-cookie counter: a forged cookie starts the count again
  app.get('/visits', (req, res) => {
    const previous = req.signedCookies.visits;
    const visits = (typeof previous === 'string' ? Number(previous) || 0 : 0) + 1;
    res.cookie('visits', String(visits), { signed: true, httpOnly: true, sameSite: 'lax', maxAge: 3600_000 });
    res.json({ visits, tampered: previous === false });
  });

  app.use('/api', booksApi());

  // The error handler sees a thrown error as well as one passed to next()
  app.get('/boom', () => {
    throw new Error('something broke');
  });

  app.use((req, _res, next) => next(httpError(404, `nothing at ${req.path}`)));

  app.use((err, _req, res, _next) => {
    const status = Number.isInteger(err.status) && err.status >= 400 && err.status < 600 ? err.status : 500;
    const body = { error: status < 500 || err.expose ? err.message : 'internal server error' };
    if (err.details) body.details = err.details;
    res.status(status).json(body);
  });

  return app;
}
