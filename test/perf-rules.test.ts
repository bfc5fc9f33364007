// The hot-path rules of docs/performance.md that can be checked mechanically, each over real HTTP
// where it matters. Every rule there names the test here that checks it ("Checked by:"), and
// every check first shows that it can fail (a case that breaks the rule gives the other answer).
//
// V8's maps are compared with %HaveSameMap, which needs --allow-natives-syntax: set at run time
// with v8.setFlagsFromString, and the function that uses it compiled after that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import v8 from 'node:v8';
import brisk from 'briskjs';
import { parseurl } from '@brisk/http';
import logger from '@brisk/logger';
import { clfDate } from '../packages/logger/src/date.js';
import { serve, type TestServer } from './support/http.js';

v8.setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

type App = ReturnType<typeof brisk>;
type Req = http.IncomingMessage & Record<string, unknown>;
type Res = http.ServerResponse & Record<string, unknown>;

/** Serves `app` from the server `app.listen` makes (node constructs req/res from the app's classes). */
async function listen(app: App): Promise<TestServer> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return serve(server);
}

/** Serves `app` (listen, or `http.createServer(app)`), runs `fn`, closes. */
async function withServer(
  app: App,
  fn: (s: TestServer) => Promise<void>,
  how: 'listen' | 'createServer' = 'listen',
): Promise<void> {
  const s = how === 'listen' ? await listen(app) : await serve(app);
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

/**
 * A first middleware that hands each request's req and res to the test once the response has
 * finished: `next()` resolves with the next request's pair.
 */
function finished(app: App): { next: () => Promise<[Req, Res]> } {
  const waiting: Array<(pair: [Req, Res]) => void> = [];
  const done: Array<[Req, Res]> = [];
  app.use((req, res, next) => {
    res.on('finish', () => {
      const pair: [Req, Res] = [req as unknown as Req, res as unknown as Res];
      const w = waiting.shift();
      if (w) w(pair);
      else done.push(pair);
    });
    next();
  });
  return {
    next: () => {
      const ready = done.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** A request, and the server-side req/res once its response finished. */
async function exchange(
  s: TestServer,
  hook: ReturnType<typeof finished>,
  method: string,
  path: string,
  body?: string,
): Promise<[Req, Res]> {
  const pair = hook.next();
  const reply = await s.request(
    method,
    path,
    body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } },
  );
  assert.equal(reply.status, 200, `${method} ${path}: ${reply.body}`);
  return pair;
}

/** A logger that writes nowhere. */
const quietLogger = () => logger('combined', { stream: { write() {} } });

test('%HaveSameMap tells objects of different shapes apart (the shape checks below rely on it)', () => {
  assert.equal(haveSameMap({ a: 1, b: 'x' }, { a: 2, b: 'y' }), true);
  assert.equal(haveSameMap({ a: 1, b: 'x' }, { b: 'y', a: 2 }), false);
  const grown = { a: 1, b: 'x' } as Record<string, unknown>;
  grown.c = 1;
  assert.equal(haveSameMap({ a: 1, b: 'x' }, grown), false);
});

test('rule 1: node constructs req and res from the app classes, so app.handle swaps no prototype', async () => {
  const realSetPrototypeOf = Object.setPrototypeOf;
  const swapped: object[] = [];
  const live = new Set<object>();
  const app = brisk();
  app.use((req, res, next) => {
    live.add(req);
    live.add(res);
    next();
  });
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  // The spy sees every swap; it counts those of live requests and responses.
  Object.setPrototypeOf = function spy(o: object, proto: object | null) {
    swapped.push(o);
    return realSetPrototypeOf(o, proto);
  } as typeof Object.setPrototypeOf;
  const swapsOfLive = () => swapped.filter((o) => live.has(o)).length;
  try {
    // The spy sees a swap: a request that reaches the app through a server made elsewhere.
    // http.createServer(app): the first request is swapped (and the server's class slots set).
    await withServer(
      brisk().use((req, res, next) => {
        live.add(req);
        live.add(res);
        next();
      }),
      async (s) => {
        await s.get('/');
        const first = swapsOfLive();
        assert.ok(first >= 2, `the first request of http.createServer(app) was swapped (${first})`);
        swapped.length = 0;
        await s.get('/');
        await s.get('/');
        assert.equal(swapsOfLive(), 0, 'later requests come from the app classes');
      },
      'createServer',
    );
    swapped.length = 0;
    live.clear();
    await withServer(app, async (s) => {
      for (let i = 0; i < 3; i++) assert.equal((await s.get('/')).body, 'ok');
    });
    assert.equal(live.size, 6);
    assert.equal(swapsOfLive(), 0);
  } finally {
    Object.setPrototypeOf = realSetPrototypeOf;
  }
});

/** Counts the `match` calls of every layer of `app`'s router (own wrappers, removed by the caller's restore). */
function countMatches(app: App): { count: () => number; reset: () => void } {
  let calls = 0;
  for (const layer of app.router.stack as unknown as Array<{ match: (path: string) => unknown }>) {
    const match = layer.match;
    layer.match = function countedMatch(this: unknown, path: string) {
      calls++;
      return match.call(this, path);
    };
  }
  return {
    count: () => calls,
    reset: () => {
      calls = 0;
    },
  };
}

test('rule 2: the router finds the layers through its index, not by matching all 300 routes', async () => {
  const app = brisk();
  for (let i = 0; i < 100; i++) {
    app.get(`/api/v1/resource${i}/:id`, (req, res) => {
      res.json({ id: req.params.id });
    });
    app.post(`/api/v1/resource${i}`, (_req, res) => {
      res.sendStatus(201);
    });
    app.put(`/api/v1/resource${i}/:id`, (_req, res) => {
      res.sendStatus(204);
    });
  }
  // The same table behind a leading parameter: no literal prefix, so every route is tried.
  const walked = brisk();
  for (let i = 0; i < 100; i++) {
    walked.get(`/:api/v1/resource${i}/:id`, (req, res) => {
      res.json({ id: req.params.id });
    });
    walked.post(`/:api/v1/resource${i}`, (_req, res) => {
      res.sendStatus(201);
    });
    walked.put(`/:api/v1/resource${i}/:id`, (_req, res) => {
      res.sendStatus(204);
    });
  }
  const indexed = countMatches(app);
  const unindexed = countMatches(walked);
  await withServer(walked, async (s) => {
    assert.equal((await s.get('/api/v1/resource87/42')).body, '{"id":"42"}');
    assert.ok(unindexed.count() >= 87, `without a literal prefix, ${unindexed.count()} layers matched`);
  });
  await withServer(app, async (s) => {
    assert.equal((await s.get('/api/v1/resource87/42')).body, '{"id":"42"}');
    // GET /:id and PUT /:id of resource87 are the candidates; the PUT route is skipped on its method.
    assert.ok(indexed.count() <= 2, `${indexed.count()} layers matched`);
    indexed.reset();
    assert.equal((await s.request('PUT', '/api/v1/resource87/42')).status, 204);
    assert.ok(indexed.count() <= 2, `${indexed.count()} layers matched`);
  });
});

test('rule 3: two logged requests end with the same V8 maps, and route params or a JSON body add no field', async () => {
  const app = brisk();
  const hook = finished(app);
  app.use('/logged', quietLogger());
  app.use(brisk.json());
  app.get(['/plain', '/logged/plain'], (_req, res) => {
    res.send('hi');
  });
  app.get('/users/:id', (req, res) => {
    res.send(`user ${req.params.id}`);
  });
  app.post('/echo', (req, res) => {
    res.json(req.body);
  });
  await withServer(app, async (s) => {
    const [req1, res1] = await exchange(s, hook, 'GET', '/logged/plain');
    const [req2, res2] = await exchange(s, hook, 'GET', '/logged/plain');
    assert.notEqual(req1, req2);
    assert.equal(haveSameMap(req1, req2), true, 'two logged requests: same request map');
    assert.equal(haveSameMap(res1, res2), true, 'two logged requests: same response map');

    const [plainReq, plainRes] = await exchange(s, hook, 'GET', '/plain');
    const [paramsReq, paramsRes] = await exchange(s, hook, 'GET', '/users/7');
    const [bodyReq, bodyRes] = await exchange(s, hook, 'POST', '/echo', '{"a":1}');
    assert.equal(haveSameMap(plainReq, paramsReq), true, 'route params add no request field');
    assert.equal(haveSameMap(plainReq, bodyReq), true, 'a parsed JSON body adds no request field');
    assert.equal(haveSameMap(plainReq, req1), true, "the logger's request fields are declared");
    assert.equal(haveSameMap(plainRes, paramsRes), true);
    assert.equal(haveSameMap(plainRes, bodyRes), true, 'res.json adds no response field');
  });
});

/**
 * Records every `setHeader` and `getHeader` call (by lower-cased name) of the app's latest
 * response, from the first (`X-Powered-By`, in app.handle): the app's response prototype counts.
 */
function headerCalls(app: App): { sets: Map<string, number>; gets: Map<string, number> } {
  const calls = { sets: new Map<string, number>(), gets: new Map<string, number>() };
  const proto = app.response as http.ServerResponse;
  const { setHeader, getHeader } = http.ServerResponse.prototype;
  let current: unknown;
  const bump = (res: unknown, map: Map<string, number>, name: string) => {
    if (res !== current) {
      current = res;
      calls.sets.clear();
      calls.gets.clear();
    }
    map.set(name.toLowerCase(), (map.get(name.toLowerCase()) ?? 0) + 1);
  };
  proto.setHeader = function countedSetHeader(this: http.ServerResponse, name: string, value: never) {
    bump(this, calls.sets, name);
    return setHeader.call(this, name, value);
  } as typeof proto.setHeader;
  proto.getHeader = function countedGetHeader(this: http.ServerResponse, name: string) {
    bump(this, calls.gets, name);
    return getHeader.call(this, name);
  } as typeof proto.getHeader;
  return calls;
}

/** The names in `map` counted more than once. */
const repeated = (map: Map<string, number>) => [...map].filter(([, n]) => n > 1).map(([name]) => name);

test('rule 7: res.send sets each header once, and leaves Date to node', async () => {
  const app = brisk();
  const calls = headerCalls(app);
  app.get('/string', (_req, res) => {
    res.send('Hello World');
  });
  app.get('/buffer', (_req, res) => {
    res.send(Buffer.from('Hello World'));
  });
  app.get('/twice', (_req, res) => {
    res.set('Content-Type', 'text/plain');
    res.send('Hello World');
  });
  await withServer(app, async (s) => {
    // The counting works: a handler that sets Content-Type itself, then res.send, sets it twice.
    await s.get('/twice');
    assert.deepEqual(repeated(calls.sets), ['content-type']);
    for (const path of ['/string', '/buffer']) {
      const reply = await s.get(path);
      assert.equal(reply.status, 200);
      assert.deepEqual(repeated(calls.sets), [], `${path}: set more than once`);
      assert.deepEqual(repeated(calls.gets), [], `${path}: read more than once`);
      assert.deepEqual(
        [...calls.sets.keys()].sort(),
        ['content-length', 'content-type', 'etag', 'x-powered-by'],
        `${path}: the headers set`,
      );
      assert.ok(reply.headers.date, 'node sends Date');
    }
  });
});

test('rule 7: res.json sets each header once', async () => {
  const app = brisk();
  const calls = headerCalls(app);
  app.get('/json', (_req, res) => {
    res.json({ id: '42' });
  });
  app.get('/status', (_req, res) => {
    res.sendStatus(202);
  });
  app.get('/jsonp', (_req, res) => {
    res.jsonp({ id: '42' });
  });
  const headers = ['content-length', 'content-type', 'etag', 'x-powered-by'];
  await withServer(app, async (s) => {
    // The counting is shown to fail by the res.send test above; res.jsonp's path is checked too.
    const json = await s.get('/json');
    assert.equal(json.body, '{"id":"42"}');
    assert.equal(json.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(repeated(calls.sets), [], 'res.json: set more than once');
    assert.deepEqual([...calls.sets.keys()].sort(), headers, 'res.json: the headers set');
    const status = await s.get('/status');
    assert.equal(status.body, 'Accepted');
    assert.equal(status.headers['content-type'], 'text/plain; charset=utf-8');
    assert.deepEqual(repeated(calls.sets), [], 'res.sendStatus: set more than once');
    for (const [path, type, body] of [
      ['/jsonp', 'application/json; charset=utf-8', '{"id":"42"}'],
      ['/jsonp?callback=cb', 'text/javascript; charset=utf-8', `/**/ typeof cb === 'function' && cb({"id":"42"});`],
    ]) {
      const reply = await s.get(path);
      assert.equal(reply.body, body, path);
      assert.equal(reply.headers['content-type'], type, path);
      assert.equal(reply.headers['x-content-type-options'], 'nosniff', path);
      assert.deepEqual(repeated(calls.sets), [], `${path}: set more than once`);
      assert.deepEqual([...calls.sets.keys()].sort(), [...headers, 'x-content-type-options'].sort(), path);
    }
  });
});

/** The weak ETag Express sends for `body`: `W/"<byte length, hex>-<SHA-1, base64, 27 chars>"`. */
function expressETag(body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const sha1 = createHash('sha1').update(bytes).digest('base64').slice(0, 27);
  return `W/"${bytes.length.toString(16)}-${sha1}"`;
}

test('rule 5: the ETag of res.send is the SHA-1 form Express sends, skipped when off or already set', async () => {
  const kib = JSON.stringify({ data: 'x'.repeat(1000) });
  const bodies: Record<string, string | Buffer> = {
    '/short': 'Hello World!',
    '/kib': kib,
    '/utf8': 'héllo wörld',
    '/buffer': Buffer.from([0, 1, 2, 255]),
  };
  const app = brisk();
  app.get('/preset', (_req, res) => {
    res.set('ETag', '"mine"');
    res.send('Hello World!');
  });
  app.get('/:name', (req, res) => {
    res.send(bodies[`/${req.params.name}`]);
  });
  const off = brisk();
  off.set('etag', false);
  off.get('/', (_req, res) => {
    res.send('Hello World!');
  });
  await withServer(app, async (s) => {
    // The expected value is the real one: a different body gives a different tag.
    assert.notEqual(expressETag('Hello World!'), expressETag('Hello World?'));
    assert.equal(expressETag('Hello World!'), 'W/"c-Lve95gjOVATpfV8EL5X4nxwjKHE"');
    for (const [path, body] of Object.entries(bodies)) {
      assert.equal((await s.get(path)).headers.etag, expressETag(body), path);
    }
    assert.equal((await s.get('/preset')).headers.etag, '"mine"');
    const tag = expressETag('Hello World!');
    assert.equal((await s.get('/short', { 'if-none-match': tag })).status, 304);
  });
  await withServer(off, async (s) => {
    assert.equal((await s.get('/')).headers.etag, undefined);
  });
});

test('rule 8: settings are compiled when set, not per request', () => {
  const app = brisk();
  const weak = app.get('etag fn');
  assert.equal(typeof weak, 'function');
  app.set('etag', 'strong');
  const strong = app.get('etag fn');
  assert.equal(typeof strong, 'function');
  assert.notEqual(strong, weak, 'setting etag stores its compiled function');
  assert.equal(typeof app.get('query parser fn'), 'function');
  assert.equal(typeof app.get('trust proxy fn'), 'function');
});

test('rule 9: a parameter is decoded only when it holds a %', async () => {
  const realDecode = globalThis.decodeURIComponent;
  let decoded = 0;
  const app = brisk();
  app.get('/users/:id/posts/:post', (req, res) => {
    res.json(req.params);
  });
  await withServer(app, async (s) => {
    globalThis.decodeURIComponent = function countedDecode(value: string) {
      decoded++;
      return realDecode(value);
    };
    try {
      assert.equal((await s.get('/users/7/posts/9')).body, '{"id":"7","post":"9"}');
      assert.equal(decoded, 0, 'no % in the parameters: nothing decoded');
      assert.equal((await s.get('/users/a%20b/posts/9')).body, '{"id":"a b","post":"9"}');
      assert.ok(decoded >= 1, 'a % in a parameter is decoded');
    } finally {
      globalThis.decodeURIComponent = realDecode;
    }
  });
});

test("rule 6: the logger's CLF date is formatted once per second", () => {
  const realGetUTCDate = Date.prototype.getUTCDate;
  let formatted = 0;
  Date.prototype.getUTCDate = function countedGetUTCDate(this: Date) {
    formatted++;
    return realGetUTCDate.call(this);
  };
  try {
    const second = Date.UTC(2026, 10, 21, 22, 14, 0);
    const text = clfDate(second);
    assert.equal(text, '21/Nov/2026:22:14:00 +0000');
    formatted = 0;
    for (let ms = 0; ms < 1000; ms += 7) assert.equal(clfDate(second + ms), text);
    assert.equal(formatted, 0, 'the same second: the cached string');
    assert.equal(clfDate(second + 1000), '21/Nov/2026:22:14:01 +0000');
    assert.equal(formatted, 1, 'the next second: formatted once');
  } finally {
    Date.prototype.getUTCDate = realGetUTCDate;
  }
});

test('rule 10: the URL is split at ? without url.parse, by the router and by req.query / req.path', async () => {
  const nodeUrl = createRequire(import.meta.url)('node:url') as { parse: (...args: unknown[]) => unknown };
  const realParse = nodeUrl.parse;
  let parsed = 0;
  const app = brisk();
  app.get('/users/:id/posts/:post', (req, res) => {
    res.json({ params: req.params, query: req.query, path: req.path });
  });
  await withServer(app, async (s) => {
    nodeUrl.parse = function countedParse(...args: unknown[]) {
      parsed++;
      return realParse.apply(this, args);
    };
    syncBuiltinESMExports();
    try {
      // The spy sees url.parse where it is used: a path that holds a space.
      parseurl({ url: '/a b?x=1' });
      assert.equal(parsed, 1);
      parsed = 0;
      const reply = await s.get('/users/7/posts/9?sort=desc&limit=10');
      assert.equal(
        reply.body,
        '{"params":{"id":"7","post":"9"},"query":{"sort":"desc","limit":"10"},"path":"/users/7/posts/9"}',
      );
      assert.equal(parsed, 0);
    } finally {
      nodeUrl.parse = realParse;
      syncBuiltinESMExports();
    }
  });
});

test('docs/performance.md: every rule is checked by a test named here, or says why not; every rule test is named there', () => {
  const root = new URL('..', import.meta.url);
  const docs = readFileSync(new URL('docs/performance.md', root), 'utf8');
  const source = readFileSync(new URL('test/perf-rules.test.ts', root), 'utf8');
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const tests = new Set([...source.matchAll(/\btest\(\s*(['"])((?:(?!\1).)*)\1/g)].map((m) => m[2] as string));
  const rules =
    docs
      .split(/^## The rules.*$/m)[1]
      ?.split(/^\d+\. /m)
      .slice(1) ?? [];
  assert.equal(rules.length, 12, 'the twelve rules');
  const cited = new Set<string>();
  rules.forEach((rule, i) => {
    const checked = /Checked by:([\s\S]*)/.exec(rule);
    const notChecked = /Not checked: \S/.test(rule);
    assert.ok(checked || notChecked, `rule ${i + 1} says "Checked by:" or "Not checked: <why>"`);
    if (!checked) return;
    const names = [...(checked[1] as string).matchAll(/"([^"]+)"/g)].map((m) => oneLine(m[1] as string));
    assert.ok(names.length > 0, `rule ${i + 1} names its test`);
    for (const name of names) {
      assert.ok(tests.has(name), `rule ${i + 1} names a test this file does not have: ${name}`);
      assert.ok(name.startsWith(`rule ${i + 1}:`), `rule ${i + 1} names another rule's test: ${name}`);
      cited.add(name);
    }
  });
  const uncited = [...tests].filter((name) => /^rule \d+:/.test(name) && !cited.has(name));
  assert.deepEqual(uncited, [], 'rule tests that docs/performance.md does not name');
});
